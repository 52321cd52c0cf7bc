/**
 * A result whose class has `[XmlRoot]`: Mono's runtime names the result element after the root (`Bill`, nillable,
 * required; corpus `Renames`), and import reads that as the class's `elementName` alone. A server that keeps
 * `{message name}Result` for such a class (`Renames.wsdl` with the result element as the .NET Framework writes
 * a class result) imports with `resultElement` naming the default, and both regenerate byte for byte.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildModel, renderWsdl } from '../../generator/index.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { CORPUS_DIR, edit } from './wsdl-fixtures.js';

const RENAMES = readFileSync(resolve(CORPUS_DIR, 'Renames.wsdl'), 'utf8');
const BILL = '<s:element minOccurs="1" maxOccurs="1" name="Bill" nillable="true" type="tns:Invoice" />';
const DEFAULT_NAME = '<s:element minOccurs="0" maxOccurs="1" name="GetInvoiceResult" type="tns:Invoice" />';

function regenerated(text: string) {
  const { spec } = readWsdl(text, 'Renames.wsdl');
  return { spec, wsdl: renderWsdl(buildModel(spec), 'http://localhost:8080/Renames.asmx') };
}

describe('a result element named by the result class’s [XmlRoot]', () => {
  it('reads as the class’s elementName, with no resultElement or resultNillable, and regenerates the bytes', () => {
    const { spec, wsdl } = regenerated(RENAMES);
    const invoice = spec.types!.find((t) => t.name === 'Invoice');
    expect(invoice).toMatchObject({ elementName: 'Bill' });
    expect(invoice).not.toHaveProperty('struct');
    expect(spec.operations.find((o) => o.name === 'GetInvoice')).toStrictEqual({
      name: 'GetInvoice',
      parameters: [{ name: 'number', type: 'string' }],
      result: 'Invoice',
    });
    expect(wsdl).toBe(RENAMES);
  });

  it('a server that names it GetInvoiceResult all the same: resultElement says so, and the bytes come back', () => {
    const text = edit(RENAMES, [BILL, DEFAULT_NAME]);
    const { spec, wsdl } = regenerated(text);
    expect(spec.types!.find((t) => t.name === 'Invoice')).toMatchObject({ elementName: 'Bill' });
    expect(spec.operations.find((o) => o.name === 'GetInvoice')).toMatchObject({
      result: 'Invoice',
      resultElement: 'GetInvoiceResult',
    });
    expect(wsdl).toBe(text);
  });
});
