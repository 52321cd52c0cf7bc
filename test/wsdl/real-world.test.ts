/**
 * WSDLs real ASMX services served, as projects that consumed them committed them (fixtures/real-world/, where
 * SOURCES.md says where each comes from): what the .NET Framework writes that Mono does not, and names and shapes
 * the corpus services (Mono) cannot show.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { buildModel } from '../../generator/index.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { FIXTURES_DIR } from './wsdl-fixtures.js';

const read = (name: string) => readFileSync(resolve(FIXTURES_DIR, 'real-world', name), 'utf8');

function regenerate(text: string, file: string): string {
  const { spec, addresses } = readWsdl(text, file);
  return renderWsdl(buildModel(spec), addresses.soap11 ?? Object.values(addresses)[0]!);
}

describe('a .NET Framework DataSet result (avaya-cti-Service.wsdl)', () => {
  const text = read('avaya-cti-Service.wsdl');

  test('reads as dataSet, with the legacy DataSet schema recorded in the wsdl section', () => {
    const { spec } = readWsdl(text, 'avaya-cti-Service.wsdl');
    expect(spec.operations.find((o) => o.name === 'SelectBlackList')?.result).toBe('dataSet');
    expect(spec.wsdl).toStrictEqual({
      namespaceOrder: ['soap', 'tm', 'soapenc', 'mime', 'tns', 's', 'soap12', 'http'],
      lineEnds: 'crlf',
      dataSetSchema: 'legacy',
    });
  });

  test('generates the served WSDL byte for byte', () => {
    expect(regenerate(text, 'avaya-cti-Service.wsdl')).toBe(text);
  });
});

describe('DataTable results with out parameters (galaxym66-WebService.wsdl)', () => {
  const text = read('galaxym66-WebService.wsdl');

  test('reads as dataTable; a WSDL without DataSets records no DataSet schema', () => {
    const { spec } = readWsdl(text, 'galaxym66-WebService.wsdl');
    expect(spec.operations.find((o) => o.name === 'SendData')).toStrictEqual({
      name: 'SendData',
      parameters: [
        { name: 'LinkType', type: 'string' },
        { name: 'LinkComp', type: 'string' },
        { name: 'Inpara', type: 'string' },
        { name: 'ret', type: 'int', direction: 'out' },
        { name: 'retmessage', type: 'string', direction: 'out' },
      ],
      result: 'dataTable',
    });
    expect(spec.wsdl).toStrictEqual({
      namespaceOrder: ['soapenc', 'tm', 'mime', 'tns', 'soap', 's', 'http', 'soap12'],
    });
  });

  test('generates the served WSDL byte for byte', () => {
    expect(regenerate(text, 'galaxym66-WebService.wsdl')).toBe(text);
  });
});

describe('operation names that are no TypeScript identifiers (dol-dolWSPservice.wsdl, .NET 1.x form)', () => {
  const text = read('dol-dolWSPservice.wsdl');
  const { spec } = readWsdl(text, 'dol-dolWSPservice.wsdl');

  test('keeps the XML names; the model derives TypeScript names once', () => {
    expect(spec.operations.map((o) => [o.name, o.messageName])).toEqual([
      ['Call-MAXSO', undefined],
      ['Call-MAXSM', undefined],
      ['Call-MVBWSP', undefined],
    ]);
    const model = buildModel(spec);
    expect(model.operations.map((o) => [o.requestElement, o.soapAction, o.ts])).toEqual([
      [
        'Call-MAXSO',
        'http://tempuri.org/Call-MAXSO',
        { method: 'CallMAXSO', inputType: 'CallMAXSOInput', resultType: 'CallMAXSOResult' },
      ],
      [
        'Call-MAXSM',
        'http://tempuri.org/Call-MAXSM',
        { method: 'CallMAXSM', inputType: 'CallMAXSMInput', resultType: 'CallMAXSMResult' },
      ],
      [
        'Call-MVBWSP',
        'http://tempuri.org/Call-MVBWSP',
        { method: 'CallMVBWSP', inputType: 'CallMVBWSPInput', resultType: 'CallMVBWSPResult' },
      ],
    ]);
    // The server finds each handler by its TypeScript name (the description's `method`), so code generates.
    expect(model.codeBlockers).toEqual([]);
  });

  test('generates the served bytes in the .NET Framework 1.0 form (runtime: net1.0)', () => {
    expect(spec.wsdl).toStrictEqual({ runtime: 'net1.0' });
    const generated = regenerate(text, 'dol-dolWSPservice.wsdl');
    expect(generated).toContain(
      '    <operation name="Call-MAXSO">\n      <input message="s0:Call-MAXSOSoapIn" />\n',
    );
    expect(generated).toBe(text);
  });
});

describe('struct arrays (sharepoint-Alerts.wsdl)', () => {
  const text = read('sharepoint-Alerts.wsdl');

  test('array items without nillable make their type a struct', () => {
    const { spec } = readWsdl(text, 'sharepoint-Alerts.wsdl');
    const kinds = (spec.types ?? []).map((t) => [t.name, t.kind === 'class' && t.struct === true]);
    expect(kinds).toEqual([
      ['AlertInfo', true],
      ['Alert', true],
      ['DeliveryChannel', false],
      ['EmailChannel', false],
      ['DeleteFailure', true],
      ['ErrorType', false],
    ]);
  });

  test('generates the served WSDL byte for byte: SharePoint serves an empty line, no XML declaration', () => {
    expect(readWsdl(text, 'sharepoint-Alerts.wsdl').spec.wsdl).toStrictEqual({
      namespaceOrder: ['soap', 'tm', 'soapenc', 'mime', 'tns', 's', 'soap12', 'http'],
      lineEnds: 'crlf',
      finalNewline: true,
      prolog: '\r\n',
    });
    expect(regenerate(text, 'sharepoint-Alerts.wsdl')).toBe(text);
  });
});

describe('Out headers that sort before In headers (ssrs-ReportExecution2005.wsdl)', () => {
  const text = read('ssrs-ReportExecution2005.wsdl');

  test('the header messages give the order of In and Out headers, which the bindings alone do not', () => {
    // The binding lists TrustedUserHeader (In) in the input and ServerInfoHeader (Out) in the output; the
    // messages ListSecureMethodsServerInfoHeader, then ListSecureMethodsTrustedUserHeader, say that the runtime
    // sorted ServerInfoHeader's field first.
    const { spec } = readWsdl(text, 'ssrs-ReportExecution2005.wsdl');
    expect(spec.operations[0]).toStrictEqual({
      name: 'ListSecureMethods',
      headers: [
        { field: 'serverInfoHeader', type: 'ServerInfoHeader', direction: 'out' },
        { field: 'trustedUserHeader', type: 'TrustedUserHeader' },
      ],
      result: 'string[]',
    });
  });

  test('generates the served WSDL byte for byte: In headers’ schema items before Out ones, messages sorted', () => {
    const generated = regenerate(text, 'ssrs-ReportExecution2005.wsdl');
    expect(generated.indexOf('<s:element name="TrustedUserHeader"')).toBeLessThan(
      generated.indexOf('<s:element name="ServerInfoHeader"'),
    );
    expect(generated).toBe(text);
  });
});

describe('SharePoint’s import of the XML Schema namespace (sharepoint-Views.wsdl)', () => {
  const text = read('sharepoint-Views.wsdl');

  test('is recorded with the prolog, and the served WSDL generates byte for byte', () => {
    expect(readWsdl(text, 'sharepoint-Views.wsdl').spec.wsdl).toStrictEqual({
      namespaceOrder: ['soap', 'tm', 'soapenc', 'mime', 'tns', 's', 'soap12', 'http'],
      lineEnds: 'crlf',
      finalNewline: true,
      xsdImport: true,
      prolog: '\r\n',
    });
    expect(regenerate(text, 'sharepoint-Views.wsdl')).toBe(text);
  });

  test('anywhere but first in the schema, it is refused at its place', () => {
    const xsdImport = '      <s:import namespace="http://www.w3.org/2001/XMLSchema" />\r\n';
    const moved = text.replace(xsdImport, '').replace('    </s:schema>', `${xsdImport}    </s:schema>`);
    expect(() => readWsdl(moved, 'Views.wsdl')).toThrow(
      /^Views\.wsdl:5:7: found <s:element name="GetView"> where the runtime writes <s:import namespace="http:\/\/www\.w3\.org\/2001\/XMLSchema">/,
    );
  });
});

describe('SharePoint’s static WSDL files: empty elements end with "/>" (sharepoint-static-alerts.wsdl)', () => {
  const text = read('sharepoint-static-alerts.wsdl');

  test('the form is recorded as selfClosing: compact, and the served WSDL generates byte for byte', () => {
    const { spec } = readWsdl(text, 'sharepoint-static-alerts.wsdl');
    expect(spec.wsdl).toStrictEqual({
      namespaceOrder: ['soap', 'tm', 'soapenc', 'mime', 'tns', 's', 'soap12', 'http'],
      lineEnds: 'crlf',
      prolog: '',
      selfClosing: 'compact',
    });
    const generated = regenerate(text, 'sharepoint-static-alerts.wsdl');
    expect(generated).toContain('<soap:body use="literal"/>');
    expect(generated).toBe(text);
  });

  test('one empty element written " />" among "/>" ones is not that form: nothing is recorded for it', () => {
    const mixed = text.replace(
      '<soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>',
      '<soap:binding transport="http://schemas.xmlsoap.org/soap/http" />',
    );
    expect(mixed).not.toBe(text);
    expect(readWsdl(mixed, 'Alerts.wsdl', { exact: false }).spec.wsdl?.selfClosing).toBeUndefined();
  });
});

describe('a legacy DataSet with the import of the XML Schema namespace (vms-VMSDataXChange.wsdl)', () => {
  const text = read('vms-VMSDataXChange.wsdl');

  test('imports: the DataSet form and the import are recorded, and the generated WSDL keeps them', () => {
    const { spec } = readWsdl(text, 'vms-VMSDataXChange.wsdl');
    expect(spec.wsdl).toStrictEqual({ runtime: 'net1.1', dataSetSchema: 'legacy', xsdImport: true });
    const generated = regenerate(text, 'vms-VMSDataXChange.wsdl');
    expect(generated.split('\n').slice(2, 5)).toEqual([
      '  <wsdl:types>',
      '    <s:schema elementFormDefault="qualified" targetNamespace="http://tempuri.org/VMSXChange/VMSDataXChange">',
      '      <s:import namespace="http://www.w3.org/2001/XMLSchema" />',
    ]);
    // The .NET Framework 1.1 wrote it (no soap12 prefix, its declaration order, style="document"): byte for byte.
    expect(generated).toBe(text);
    expect(readWsdl(generated, 'generated.wsdl').spec).toStrictEqual(spec);
  });
});

describe('choices of elements in SQL Server Reporting Services (ssrs-ReportService2005.wsdl, ssrs-ReportService2010.wsdl)', () => {
  test('a choice parameter reads with the elements in the WSDL’s order and the class they all derive from', () => {
    const { spec } = readWsdl(read('ssrs-ReportService2005.wsdl'), 'ssrs-ReportService2005.wsdl');
    const op = spec.operations.find((o) => o.name === 'SetExecutionOptions')!;
    expect(op.parameters?.at(-1)).toStrictEqual({
      name: 'Item',
      type: 'ScheduleDefinitionOrReference',
      choice: [
        { name: 'ScheduleReference', type: 'ScheduleReference' },
        { name: 'NoSchedule', type: 'NoSchedule' },
        { name: 'ScheduleDefinition', type: 'ScheduleDefinition' },
      ],
    });
    const settings = spec.types?.find((t) => t.name === 'ExtensionSettings');
    expect(settings?.kind === 'class' && settings.members[1]).toStrictEqual({
      name: 'ParameterValues',
      type: 'ParameterValueOrFieldReference[]',
      choice: [
        { name: 'ParameterFieldReference', type: 'ParameterFieldReference' },
        { name: 'ParameterValue', type: 'ParameterValue' },
      ],
    });
  });

  for (const file of ['ssrs-ReportService2005.wsdl', 'ssrs-ReportService2010.wsdl']) {
    test(`${file} generates byte for byte`, () => {
      const text = read(file);
      expect(regenerate(text, file)).toBe(text);
    });
  }
});

describe('a saved copy’s prolog: encoding="UTF-8" and a comment naming where it was taken', () => {
  const text = read('ssrs-ReportExecution2005.wsdl');
  const lineEnd = text.includes('\r\n') ? '\r\n' : '\n';
  const declaration = `<?xml version="1.0" encoding="utf-8"?>${lineEnd}`;
  const prolog = `<?xml version="1.0" encoding="UTF-8"?>${lineEnd}<!-- http://reports.example/ReportExecution2005.asmx?WSDL -->${lineEnd}`;
  const saved = prolog + text.slice(declaration.length);

  test('is recorded as the prolog, and the saved copy generates byte for byte', () => {
    expect(text.startsWith(declaration)).toBe(true);
    expect(readWsdl(saved, 'saved.wsdl').spec.wsdl?.prolog).toBe(prolog);
    expect(regenerate(saved, 'saved.wsdl')).toBe(saved);
  });

  test('a processing instruction before the root is no prolog asmxgen records', () => {
    const withPi = `${declaration}<?xml-stylesheet href="wsdl.xsl"?>${lineEnd}${text.slice(declaration.length)}`;
    expect(readWsdl(withPi, 'pi.wsdl').spec.wsdl?.prolog).toBeUndefined();
  });
});
