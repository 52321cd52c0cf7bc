import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { CORPUS_DIR, edit } from './wsdl-fixtures.js';

const METHOD_SHAPES = readFileSync(resolve(CORPUS_DIR, 'MethodShapes.wsdl'), 'utf8');

describe('import of [SoapDocumentMethod] message shapes', () => {
  it('reads each setting from the messages and elements', () => {
    const { spec } = readWsdl(METHOD_SHAPES, 'MethodShapes.wsdl');
    const shape = (name: string) => {
      const op = spec.operations.find((o) => o.name === name)!;
      const { requestElement, responseElement, requestNamespace, responseNamespace, parameterStyle, oneWay } = op;
      return { requestElement, responseElement, requestNamespace, responseNamespace, parameterStyle, oneWay };
    };
    expect(shape('Send')).toMatchObject({ requestElement: 'SendRequest', responseElement: 'SendReply' });
    expect(shape('Find')).toMatchObject({ requestElement: 'Lookup', requestNamespace: 'urn:partner:orders' });
    expect(shape('Count')).toMatchObject({
      parameterStyle: 'bare',
      requestNamespace: 'urn:partner:bare',
      responseNamespace: 'urn:partner:bare',
    });
    expect(shape('Ping')).toMatchObject({ parameterStyle: 'bare', oneWay: true });
    expect(shape('Total')).toEqual({});
  });

  it('takes a bare part named otherwise than its element ([XmlElement(Name)] on the parameter): the parameter is named as on the wire, its part as C# names it; an HTTP part that disagrees keeps the served WSDL', () => {
    const edited = edit(METHOD_SHAPES, [
      '<wsdl:part name="text" element="tns:text" />',
      '<wsdl:part name="input" element="tns:text" />',
    ]);
    const { spec, difference } = readWsdl(edited, 'MethodShapes.wsdl', { exact: false });
    expect(spec.operations.find((o) => o.name === 'Echo')!.parameters).toEqual([
      { name: 'text', type: 'string', partName: 'input' },
    ]);
    // The HttpGet part keeps "text", which the runtime would write as the C# name, "input".
    expect(difference?.served.line).toBe(262);
  });

  it('refuses a bare message whose elements are in two namespaces, at the part', () => {
    const edited = edit(METHOD_SHAPES, [
      '<wsdl:part name="right" element="tns:right" />',
      '<wsdl:part name="right" element="s1:right" />',
    ]);
    expect(() => readWsdl(edited, 'MethodShapes.wsdl')).toThrow(
      /^MethodShapes\.wsdl:\d+:\d+: message "MultiplySoapIn" of operation "Multiply" has parts whose elements are in different namespaces/,
    );
  });
});
