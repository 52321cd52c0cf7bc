import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../generator/package-root.js';
import { buildModel } from '../../generator/spec/build-model.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { formatProblem, SpecError } from '../../generator/spec/spec-error.js';

const SCRIPT_HEAD = 'service:\n  name: Svc\n  namespace: urn:svc\n  scriptService: true\noperations:\n';
/** `[ScriptMethod]`'s defaults: POST, JSON, a string of XML replies as the text itself. */
const DEFAULTS = { useHttpGet: false, responseFormat: 'json', xmlSerializeString: false };
const PLAIN_HEAD = 'service:\n  name: Svc\n  namespace: urn:svc\noperations:\n';

function problemsOf(text: string): string[] {
  try {
    parseSpec(text, 'f.yaml');
  } catch (err) {
    if (err instanceof SpecError) return err.problems.map(formatProblem);
    throw err;
  }
  throw new Error('expected a SpecError');
}

describe('[ScriptService], [ScriptMethod] and EnableSession in the spec', () => {
  it('are read into the model, with the runtime defaults (POST, JSON, no session)', () => {
    const spec = parseSpec(
      `${SCRIPT_HEAD}  - name: Titles\n    scriptMethod: { useHttpGet: true }\n` +
        '  - name: GetBookXml\n    scriptMethod: { responseFormat: xml }\n' +
        '  - name: GetStringXml\n    scriptMethod: { responseFormat: xml, xmlSerializeString: true }\n' +
        '  - name: Counter\n    enableSession: true\n    result: int\n' +
        '  - name: Ping\n',
      'f.yaml',
    );
    const model = buildModel(spec);
    expect(model.scriptService).toBe(true);
    expect(
      model.operations.map((o) => ({ name: o.name, scriptMethod: o.scriptMethod, enableSession: o.enableSession })),
    ).toEqual([
      { name: 'Titles', scriptMethod: { ...DEFAULTS, useHttpGet: true }, enableSession: false },
      { name: 'GetBookXml', scriptMethod: { ...DEFAULTS, responseFormat: 'xml' }, enableSession: false },
      {
        name: 'GetStringXml',
        scriptMethod: { ...DEFAULTS, responseFormat: 'xml', xmlSerializeString: true },
        enableSession: false,
      },
      { name: 'Counter', scriptMethod: DEFAULTS, enableSession: true },
      { name: 'Ping', scriptMethod: DEFAULTS, enableSession: false },
    ]);
    expect(buildModel(parseSpec(`${PLAIN_HEAD}  - name: Ping\n`, 'f.yaml')).scriptService).toBe(false);
  });

  it("enableSession is [WebMethod]'s: it needs no [ScriptService]", () => {
    const model = buildModel(parseSpec(`${PLAIN_HEAD}  - name: Counter\n    enableSession: true\n`, 'f.yaml'));
    expect(model.operations[0]!.enableSession).toBe(true);
  });

  it('reports wrong values and misplaced settings at file:line:col', () => {
    expect(
      problemsOf(
        'service:\n  name: Svc\n  namespace: urn:svc\n  scriptService: yes\noperations:\n' +
          '  - name: A\n    enableSession: 1\n',
      ),
    ).toEqual([
      'f.yaml:4:18: service.scriptService: expected true or false',
      'f.yaml:7:20: operations[0].enableSession: expected true or false',
    ]);
    expect(
      problemsOf(
        `${SCRIPT_HEAD}  - name: A\n    scriptMethod: { useHttpGet: 1, responseFormat: html, verb: GET }\n` +
          '  - name: B\n    scriptMethod: GET\n',
      ),
    ).toEqual([
      'f.yaml:7:33: operations[0].scriptMethod.useHttpGet: expected true or false',
      'f.yaml:7:52: operations[0].scriptMethod.responseFormat: unknown value "html"; expected one of: json, xml',
      'f.yaml:7:58: operations[0].scriptMethod.verb: unknown field "verb"; expected one of: useHttpGet, responseFormat, ' +
        'xmlSerializeString',
      'f.yaml:9:19: operations[1].scriptMethod: expected a mapping',
    ]);
    expect(problemsOf(`${SCRIPT_HEAD}  - name: A\n    scriptMethod: { xmlSerializeString: true }\n`)).toEqual([
      'f.yaml:7:41: operations[0].scriptMethod.xmlSerializeString: xmlSerializeString applies to the XML replies of ' +
        'responseFormat: xml (add it, or remove xmlSerializeString)',
    ]);
    expect(problemsOf(`${PLAIN_HEAD}  - name: A\n    scriptMethod: { useHttpGet: true }\n`)).toEqual([
      'f.yaml:6:19: operations[0].scriptMethod: scriptMethod shapes the JSON calls of a [ScriptService] service: ' +
        'set service.scriptService: true (or remove scriptMethod)',
    ]);
  });

  it('the JSON Schema describes the same fields', () => {
    const schema = JSON.parse(readFileSync(join(packageRoot(), 'spec', 'asmxgen.schema.json'), 'utf8')) as {
      properties: { service: { properties: Record<string, { type?: string }> } };
      $defs: { operation: { properties: Record<string, { type?: string; properties?: Record<string, unknown> }> } };
    };
    expect(schema.properties.service.properties.scriptService!.type).toBe('boolean');
    const op = schema.$defs.operation.properties;
    expect(op.enableSession!.type).toBe('boolean');
    expect(Object.keys(op.scriptMethod!.properties!)).toEqual(['useHttpGet', 'responseFormat', 'xmlSerializeString']);
  });
});
