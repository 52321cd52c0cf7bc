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
    expect(wsdl).toBe(RENAMES);
  });
});
