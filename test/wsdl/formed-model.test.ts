/**
 * A WSDL in its own text form (CRLF line ends, another order of the root's declarations, a prolog: every .NET
 * server on Windows writes CRLF) is imported with a spec whose `wsdl` states that form; the reader gives the model
 * of that spec without building it again when only the text form differs (`withWsdlTextForm`). That model must be
 * the one `buildModel` gives for the spec.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildModel, withWsdlTextForm } from '../../generator/spec/build-model.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';

const FOLDERS = ['fixtures/real-world', 'fixtures/net11'].map((f) => join(import.meta.dirname, f));
const CRLF = FOLDERS.flatMap((folder) =>
  readdirSync(folder)
    .filter((f) => f.endsWith('.wsdl'))
    .map((f) => join(folder, f)),
).filter((file) => readFileSync(file, 'utf8').includes('\r\n'));

describe('the model of a WSDL read in its own text form', () => {
  it('covers several such WSDLs', () => {
    expect(CRLF.length).toBeGreaterThanOrEqual(5);
  });

  it.each(CRLF.map((file) => [file.slice(file.indexOf('fixtures')), file]))('%s', (_, file) => {
    const reading = readWsdl(readFileSync(file, 'utf8'), file, { exact: false });
    const { spec } = reading;
    expect(spec.wsdl?.lineEnds).toBe('crlf');
    const built = buildModel(spec);
    expect(reading.model).toEqual(built);
    // From the model of the same spec without its text form.
    const content = Object.fromEntries(
      Object.entries(spec.wsdl!).filter(
        ([key]) => !['lineEnds', 'finalNewline', 'prolog', 'namespaceOrder'].includes(key),
      ),
    );
    const plain = buildModel({ ...spec, wsdl: content });
    expect(withWsdlTextForm(plain, content, spec.wsdl)).toEqual(built);
    // Not from a model whose content differs.
    expect(withWsdlTextForm(plain, content, { ...spec.wsdl, xsdImport: !spec.wsdl?.xsdImport })).toBeUndefined();
  });
});
