/**
 * `import <URL>` reads a `[ScriptService]`'s `[GenerateScriptType]` types from its proxy script: the declared classes
 * and enums the script declares (`gtc("Author")`, `registerEnum`) that no operation names. From the proxy script Mono
 * served for LibraryScript.asmx (`[GenerateScriptType(typeof(Author))]`) and from the one asmxgen serves for it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withProxyScript } from '../../generator/cli/script-probe.js';
import { describeService } from '../../generator/emit/describe-service.js';
import { buildModel } from '../../generator/index.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { readProxyScript } from '../../generator/wsdl-reader/read-proxy-script.js';
import { buildProxyScript } from '../../runtime/src/json/proxy-script.js';
import { sharedFile } from '../shared-files.js';

const TRANSCRIPTS = JSON.parse(readFileSync(sharedFile('reference/scriptservice/transcripts.json'), 'utf8')) as {
  name: string;
  response: { body: string };
}[];
const body = (name: string) => TRANSCRIPTS.find((e) => e.name === name)!.response.body;
const IMPORTED = readWsdl(body('classic wsdl'), 'LibraryScript.wsdl').spec;

describe('import reads [GenerateScriptType] types from the proxy script', () => {
  it("from Mono's LibraryScript proxy: Author, which no operation names (Person and Book are the operations')", () => {
    const reading = readProxyScript(body('proxy js'))!;
    expect(reading.clientTypes).toEqual(['Author', 'Person', 'Book', 'Genre', 'System.Object', 'Format']);
    expect(withProxyScript(IMPORTED, reading).service.generateScriptTypes).toEqual(['Author']);
  });

  it('from the proxy asmxgen serves for the spec it gives back: the same list (a round trip)', () => {
    const spec = withProxyScript(IMPORTED, readProxyScript(body('proxy js'))!);
    const served = buildProxyScript(describeService(buildModel(spec)), false)!;
    expect(withProxyScript(IMPORTED, readProxyScript(served)!).service.generateScriptTypes).toEqual(['Author']);
  });

  it('sets none when the script declares only the types the operations name', () => {
    const served = buildProxyScript(
      describeService(buildModel({ ...IMPORTED, service: { ...IMPORTED.service, scriptService: true } })),
      false,
    )!;
    expect(withProxyScript(IMPORTED, readProxyScript(served)!).service.generateScriptTypes).toBeUndefined();
  });

  it("reads the types' C# namespace from their typed constructors, and gives it back (a round trip)", () => {
    const namespaced = {
      ...IMPORTED,
      service: { ...IMPORTED.service, scriptService: true, typeNamespace: 'Contoso.Models' },
    };
    const served = buildProxyScript(describeService(buildModel(namespaced)), false)!;
    expect(served).toContain('gtc("Contoso.Models.Book")');
    const spec = withProxyScript(IMPORTED, readProxyScript(served)!);
    expect(spec.service.typeNamespace).toBe('Contoso.Models');
    expect(withProxyScript(IMPORTED, readProxyScript(body('proxy js'))!).service.typeNamespace).toBeUndefined();
  });
});
