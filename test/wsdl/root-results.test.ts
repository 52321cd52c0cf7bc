/**
 * A result whose class has `[XmlRoot]`: Mono's runtime names the result element after the root (`Bill`, nillable,
 * required; corpus `Renames`), and import reads that as the class's `elementName` alone.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildModel, renderWsdl } from '../../generator/index.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { CORPUS_DIR } from './wsdl-fixtures.js';

const RENAMES = readFileSync(resolve(CORPUS_DIR, 'Renames.wsdl'), 'utf8');

function regenerated(text: string) {
  const { spec } = readWsdl(text, 'Renames.wsdl');
  return { spec, wsdl: renderWsdl(buildModel(spec), 'http://localhost:8080/Renames.asmx') };
}

describe('a result element named by the result class’s [XmlRoot]', () => {
  it('reads as the class’s elementName, with no resultNillable, and regenerates the bytes', () => {
    const { spec, wsdl } = regenerated(RENAMES);
    const invoice = spec.types!.find((t) => t.name === 'Invoice');
    expect(invoice).toMatchObject({ elementName: 'Bill' });
    expect(invoice).not.toHaveProperty('struct');
    expect(spec.operations.find((o) => o.name === 'GetInvoice')).toStrictEqual({
      name: 'GetInvoice',
      parameters: [{ name: 'number', type: 'string' }],
      result: 'Invoice',
    });
    expect(spec.wsdl).toStrictEqual({ runtime: 'mono' });
    expect(wsdl).toBe(RENAMES);
  });

  it("is {message name}Result in the .NET Framework's form, which imports and regenerates without runtime: mono", () => {
    const net = RENAMES.replace(
      '<s:element minOccurs="1" maxOccurs="1" name="Bill" nillable="true" type="tns:Invoice" />',
      '<s:element minOccurs="0" maxOccurs="1" name="GetInvoiceResult" type="tns:Invoice" />',
    );
    expect(net).not.toBe(RENAMES);
    const { spec, wsdl } = regenerated(net);
    expect(spec.wsdl).toBeUndefined();
    expect(spec.types!.find((t) => t.name === 'Invoice')).toMatchObject({ elementName: 'Bill' });
    expect(wsdl).toBe(net);
  });
});
