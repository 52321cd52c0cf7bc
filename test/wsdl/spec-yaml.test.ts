import { expect, test } from 'vitest';
import { renderSpecYaml, specDocument, specYamlText } from '../../generator/emit/spec-yaml.js';
import { checkSpecDocument, parseSpec } from '../../generator/spec/parse-spec.js';
import type { Spec } from '../../generator/spec/spec-types.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { readShared } from './wsdl-fixtures.js';

test('the layout of the committed specs: header, sections and operations apart, flow-style parameters', () => {
  const { spec } = readWsdl(readShared('wsdl-corpus/Inventory.wsdl'), 'Inventory.wsdl');
  expect(renderSpecYaml(spec, { schemaPath: '../spec/asmxgen.schema.json', source: 'Inventory.wsdl' })).toBe(
    `# yaml-language-server: $schema=../spec/asmxgen.schema.json
# Imported by \`asmxgen import\` from Inventory.wsdl.

service:
  name: Inventory
  namespace: urn:example:inventory
  description: Stock levels and reservations

operations:
  - name: CountItems
    description: Number of items in a category
    parameters: [{ name: category, type: string }]
    result: int

  - name: Reserve
    parameters: [{ name: itemId, type: int }, { name: quantity, type: int }, { name: urgent, type: boolean }]
    result: boolean

  - name: Price
    parameters: [{ name: sku, type: long }]
    result: double

  - name: Total
    parameters: [{ name: amount, type: decimal }, { name: count, type: short }]
    result: decimal

  - name: NextDelivery
    parameters: [{ name: from, type: dateTime }]
    result: dateTime

  - name: Restock
    parameters: [{ name: sku, type: string }, { name: weight, type: float }]

  - name: Thumbnail
    parameters: [{ name: id, type: int }]
    result: base64Binary
`,
  );
});

test('bindings only when not all four; no header without options', () => {
  const { spec } = readWsdl(readShared('wsdl-corpus/LegacySoapOnly.wsdl'), 'LegacySoapOnly.wsdl');
  expect(renderSpecYaml(spec)).toBe(
    `service:
  name: Legacy
  namespace: http://tempuri.org/

bindings: [soap11, soap12]

operations:
  - name: Notify
    parameters: [{ name: message, type: string }]

  - name: GetVersion
    result: string
`,
  );
  expect(renderSpecYaml({ ...spec, bindings: ['httpPost', 'soap12', 'httpGet', 'soap11'] })).not.toContain('bindings');
});

test('every field in the documented order; a parameter list too long for one line gets one line each', () => {
  const spec: Spec = {
    service: { name: 'Svc', namespace: 'urn:svc', path: '/app/Svc.asmx', description: 'The service' },
    bindings: ['httpGet'],
    operations: [
      {
        name: 'Op',
        group: 'People',
        description: 'Does it',
        soapAction: 'urn:svc:op',
        parameters: ['first', 'second', 'third', 'fourth', 'fifth'].map((n) => ({
          name: `${n}Parameter`,
          type: 'dateTime' as const,
        })),
        result: 'long',
      },
    ],
  };
  expect(renderSpecYaml(spec, { source: 'http://host/Svc.asmx?wsdl' })).toBe(
    `# Imported by \`asmxgen import\` from http://host/Svc.asmx?wsdl.

service:
  name: Svc
  namespace: urn:svc
  path: /app/Svc.asmx
  description: The service

bindings: [httpGet]

operations:
  - name: Op
    group: People
    description: Does it
    soapAction: urn:svc:op
    parameters:
      - { name: firstParameter, type: dateTime }
      - { name: secondParameter, type: dateTime }
      - { name: thirdParameter, type: dateTime }
      - { name: fourthParameter, type: dateTime }
      - { name: fifthParameter, type: dateTime }
    result: long
`,
  );
  expect(parseSpec(renderSpecYaml(spec), 'x.yaml')).toStrictEqual(spec);
});

test('strings YAML would read otherwise are quoted, and every string reads back exactly', () => {
  const awkward = [
    'true',
    '123',
    'null',
    '~',
    'a: b',
    'x #y',
    '- item',
    '[a]',
    "it's",
    'say "hi"',
    ' padded ',
    'tab\there',
  ];
  const multiLine = ['two\nlines', 'trailing newline\n', 'carriage\rreturn', 'line\r\nends', 'unicode \u{1F4E6} é'];
  for (const text of [...awkward, ...multiLine]) {
    const spec: Spec = {
      service: { name: 'Svc', namespace: text, description: text },
      operations: [{ name: 'Op', description: text, soapAction: text }],
    };
    const yaml = renderSpecYaml(spec);
    expect(parseSpec(yaml, 'x.yaml'), JSON.stringify(text)).toStrictEqual(spec);
    expect(yaml.endsWith('\n') && !yaml.endsWith('\n\n')).toBe(true);
  }
});

test('the output is deterministic and uses LF line ends only', () => {
  const { spec } = readWsdl(readShared('reference/AuthenticationWebService.wsdl'), 'a.wsdl');
  const yaml = renderSpecYaml(spec, { schemaPath: './asmxgen.schema.json' });
  expect(renderSpecYaml(spec, { schemaPath: './asmxgen.schema.json' })).toBe(yaml);
  expect(yaml).not.toContain('\r');
  expect(yaml.split('\n')[0]).toBe('# yaml-language-server: $schema=./asmxgen.schema.json');
  expect(yaml).toContain('  - name: UploadImage\n');
  expect(yaml.endsWith('  - name: UploadImage\n')).toBe(true);
});

test("import's guard checks the spec's document as built: the spec read back from its text, and its problems", () => {
  const { spec } = readWsdl(readShared('wsdl-corpus/Library.wsdl'), 'Library.wsdl');
  const doc = specDocument(spec, { source: 'Library.wsdl' });
  expect(checkSpecDocument(doc, 'library.yaml')).toEqual(parseSpec(specYamlText(doc), 'library.yaml'));
  expect(specYamlText(doc)).toBe(renderSpecYaml(spec, { source: 'Library.wsdl' }));
  const broken: Spec = { ...spec, operations: [...spec.operations, spec.operations[0]!] };
  expect(() => checkSpecDocument(specDocument(broken), 'library.yaml')).toThrow(
    `library.yaml:1:1: operations[${spec.operations.length}].name: duplicate operation "${spec.operations[0]!.name}"`,
  );
});
