/**
 * The encoded operations of the corpus's SoapStyles (a document/literal service with one document/encoded and two
 * rpc/encoded methods, `[SoapRpcMethod(Action, RequestNamespace)]` on one): a spec of those operations writes
 * them as the real runtime served them. The literal constructs around them (Bare, OneWay, renamed wrappers, …)
 * are left out of the spec, so the encoded schema takes another prefix: compared with it normalized.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { loadSpecText } from '../../generator/index.js';
import { loadSpecText as parseSpecText } from '../../generator/spec/load-spec.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { CORPUS_DIR, FIXTURES_DIR } from './wsdl-fixtures.js';

const served = readFileSync(resolve(CORPUS_DIR, 'SoapStyles.wsdl'), 'utf8');
const specText = readFileSync(resolve(FIXTURES_DIR, 'soap-styles-encoded.yaml'), 'utf8');
const model = loadSpecText(specText);
const written = renderWsdl(model, 'http://localhost:8080/SoapStyles.asmx');

/** The text from the line holding `start` to the first line after it holding `end`, with `prefix:` as `sN:`. */
function block(text: string, start: string, end: string, prefix: string): string {
  const lines = text.split('\n');
  const from = lines.findIndex((l) => l.includes(start));
  const to = lines.findIndex((l, i) => i > from && l.includes(end));
  expect(from, start).toBeGreaterThan(-1);
  return lines
    .slice(from, to + 1)
    .join('\n')
    .replaceAll(`${prefix}:`, 'sN:');
}

describe("SoapStyles' encoded operations", () => {
  it('the encoded schema, in {namespace}/encodedTypes', () => {
    const start = 'targetNamespace="urn:example:styles/encodedTypes"';
    expect(block(written, start, '</s:schema>', 's1')).toBe(block(served, start, '</s:schema>', 's3'));
  });

  it.for(['Encoded', 'Rpc', 'RpcVoid'])('%s: its messages and its SOAP 1.1 and 1.2 binding operations', (name) => {
    for (const [start, end] of [
      [`<wsdl:message name="${name}SoapIn"`, `<wsdl:message name="${name}SoapOut"`],
      [
        `<soap:operation soapAction="${name === 'RpcVoid' ? 'urn:example:styles:rpc-void' : `urn:example:styles/${name}`}"`,
        '</wsdl:operation>',
      ],
      [
        `<soap12:operation soapAction="${name === 'RpcVoid' ? 'urn:example:styles:rpc-void' : `urn:example:styles/${name}`}"`,
        '</wsdl:operation>',
      ],
    ] as const) {
      expect(block(written, start, end, 's1')).toBe(block(served, start, end, 's3'));
    }
  });
});

describe('a literal service with encoded operations', () => {
  it('imports: its encoded operations from their messages and the encoded schema, the rest as ever', () => {
    const { spec } = readWsdl(written, 'SoapStyles.wsdl');
    expect(spec).toEqual(parseSpecText(specText, 'soap-styles-encoded.yaml'));
  });
});
