/**
 * `__type` as the .NET Framework writes and reads it: JavaScriptSerializer asks the service's WebServiceTypeResolver,
 * whose ids are the client types WebServiceData.ProcessClientTypes gathered (microsoft/referencesource,
 * System.Web.Extensions/Script/Services/WebServiceData.cs): the class's [GenerateScriptType]s, then each method's
 * parameter types and result type (through arrays), never a class only a member holds. An object of another class
 * is written without `__type`; ObjectConverter refuses a `__type` the resolver does not know, so the client must
 * not send one either.
 */
import { describe, expect, it } from 'vitest';
import { describeService } from '../../generator/emit/describe-service.js';
import { jsonTypeIds } from '../../runtime/src/json/client-types.js';
import { parseJson } from '../../runtime/src/json/json-text.js';
import { readJsonValue, writeJsonValue } from '../../runtime/src/json/json-values.js';
import { buildProxyScript } from '../../runtime/src/json/proxy-script.js';
import { hostZone } from '../../runtime/src/values/host-zone.js';
import { LIBRARY_SCRIPT } from '../client/library-script.js';

const SERVICE = describeService(LIBRARY_SCRIPT);
const TYPES = SERVICE.types!;
const UTC = hostZone('UTC');

describe('the __type ids of a [ScriptService]', () => {
  it('are its client types: [GenerateScriptType]s, then parameter and result classes; not Copy, a member only', () => {
    expect([...jsonTypeIds(SERVICE)]).toEqual([
      ['Author', 'Author'],
      ['Book', 'Book'],
      ['Person', 'Person'],
    ]);
    expect(jsonTypeIds(SERVICE)).toBe(jsonTypeIds(SERVICE));
  });

  it('name only client types: a Book its class, a Copy it holds nothing', () => {
    const json = writeJsonValue(
      { class: 'Book' },
      { Isbn: 'i', Copies: [{ Barcode: 'c-1', DueBack: null }], Authors: [{ $type: 'Author', Name: 'Ada' }] },
      { types: TYPES, typeIds: jsonTypeIds(SERVICE), zone: UTC },
    );
    expect(json.startsWith('{"__type":"Book","Isbn":"i",')).toBe(true);
    expect(json).toContain('"Copies":[{"Barcode":"c-1","DueBack":null}]');
    expect(json).toContain('"Authors":[{"__type":"Author",');
  });

  it('are left out entirely without client types', () => {
    expect(
      writeJsonValue({ class: 'Book' }, { Isbn: 'i' }, { types: TYPES, typeIds: new Map(), zone: UTC }),
    ).not.toContain('__type');
  });
});

describe('the types of a [ScriptService] in a C# namespace (typeNamespace)', () => {
  // namespace Contoso.Models { public class Author … }: ids, __type and the proxy's declarations are full names.
  const service = describeService({ ...LIBRARY_SCRIPT, typeNamespace: 'Contoso.Models' });
  const cx = { types: TYPES, typeIds: jsonTypeIds(service), zone: UTC, typeNamespace: 'Contoso.Models' };

  it('names each client type by its full name, in __type written and read', () => {
    expect(jsonTypeIds(service).get('Book')).toBe('Contoso.Models.Book');
    expect(writeJsonValue({ class: 'Book' }, { Isbn: 'i' }, cx).startsWith('{"__type":"Contoso.Models.Book",')).toBe(
      true,
    );
    expect(
      readJsonValue({ class: 'Person' }, parseJson('{"__type":"Contoso.Models.Author","Name":"Ada"}'), cx),
    ).toEqual(expect.objectContaining({ $type: 'Author', Name: 'Ada' }));
  });

  it('declares the types in their namespace in the /js proxy, as ClientProxyGenerator does', () => {
    const script = buildProxyScript(service, false)!;
    expect(script).toContain(
      "Type.registerNamespace('Contoso.Models');\r\nif (typeof(Contoso.Models.Author) === 'undefined') {\r\n" +
        'Contoso.Models.Author=gtc("Contoso.Models.Author");\r\n' +
        "Contoso.Models.Author.registerClass('Contoso.Models.Author');\r\n}",
    );
    expect(script).toMatch(
      /if \(typeof\(Contoso\.Models\.Genre\) === 'undefined'\) \{\r\nContoso\.Models\.Genre = function/,
    );
    expect(script).toContain("Contoso.Models.Genre.registerEnum('Contoso.Models.Genre', true);");
    expect(script).not.toContain('var Author');
  });
});

describe('[GenerateScriptType] on a method', () => {
  // [WebMethod][GenerateScriptType(typeof(Copy))] on the first method: a client type before that method's own.
  const first = LIBRARY_SCRIPT.operations[0]!;
  const service = describeService({
    ...LIBRARY_SCRIPT,
    operations: [{ ...first, generateScriptTypes: ['Copy'] }, ...LIBRARY_SCRIPT.operations.slice(1)],
  });

  it('makes the type a client type, named in __type and declared by the proxy', () => {
    expect(jsonTypeIds(SERVICE).has('Copy')).toBe(false);
    expect(jsonTypeIds(service).get('Copy')).toBe('Copy');
    expect(buildProxyScript(service, false)).toContain('Copy=gtc("Copy");');
  });
});
