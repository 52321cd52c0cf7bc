/**
 * LibraryScript (../shared/reference/scriptservice/LibraryScript.asmx, a `[ScriptService]`) for the client's tests:
 * the spec `import` writes from the WSDL the real runtime served, plus what no WSDL shows (`scriptService`, its
 * `[ScriptMethod]`s, the C# name of an `[XmlElement]` member), and handlers doing what its C# does.
 */
import { readFileSync } from 'node:fs';
import { buildModel } from '../../generator/index.js';
import type { Spec, SpecOperation } from '../../generator/spec/spec-types.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { XsdDateTime } from '../../runtime/src/service-description.js';
import { sharedFile } from '../shared-files.js';

/** The folder the real runtime serves LibraryScript.asmx from. */
export const SCRIPT_SERVICE_DIR = sharedFile('reference/scriptservice');

const TRANSCRIPTS = JSON.parse(readFileSync(sharedFile('reference/scriptservice/transcripts.json'), 'utf8')) as {
  name: string;
  response: { body: string };
}[];
const SERVED_WSDL = TRANSCRIPTS.find((e) => e.name === 'classic wsdl')!.response.body;

export function libraryScriptSpec(): Spec {
  const imported = readWsdl(SERVED_WSDL, 'LibraryScript.wsdl').spec;
  const script: Record<string, Partial<SpecOperation>> = {
    Lend: { scriptMethod: { useHttpGet: true } },
    Titles: { scriptMethod: { useHttpGet: true } },
    GetBookByGet: { scriptMethod: { useHttpGet: true } },
    GetBookXml: { scriptMethod: { responseFormat: 'xml' } },
    GetStringXml: { scriptMethod: { responseFormat: 'xml' } },
    GetStringXmlSerialized: { scriptMethod: { responseFormat: 'xml', xmlSerializeString: true } },
  };
  return {
    ...imported,
    // `[GenerateScriptType(typeof(Author))]` on the class: a client type, so its objects carry `__type` (an Author
    // held by a Person-typed member keeps its class over JSON).
    service: { ...imported.service, scriptService: true, generateScriptTypes: ['Author'] },
    // `[XmlElement("Keyword")] public string[] Keywords`: JSON names the C# field.
    types: imported.types!.map((t) =>
      t.kind === 'class' && t.name === 'Book'
        ? {
            ...t,
            members: t.members.map((m) => (m.name === 'Keyword' ? { ...m, name: 'Keywords', xmlName: 'Keyword' } : m)),
          }
        : t,
    ),
    operations: imported.operations.map((op) => ({ ...op, ...script[op.messageName ?? op.name] })),
  };
}

export const LIBRARY_SCRIPT = buildModel(libraryScriptSpec());

const dt = (text: string) => XsdDateTime.parse(text);

/** LibraryScript.asmx's `Sample(isbn)`. */
export function sampleBook(isbn: string) {
  return {
    Isbn: isbn,
    Edition: 2,
    Title: 'Tom & Jerry <3',
    Genre: 'non-fiction',
    Formats: ['Hardcover', 'Audio'],
    Authors: [{ $type: 'Author', Name: 'Ada', BirthYear: 1815, Country: 'UK' }, { Name: 'Bob', BirthYear: null }, null],
    Price: '12.50',
    Published: dt('1999-12-31T23:59:59.25'),
    Pages: null,
    Key: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    Cover: Uint8Array.from([137, 80, 78, 71]),
    Available: true,
    Keywords: ['cats', '', null],
    Copies: [{ Barcode: 'c-1', DueBack: dt('2024-02-29T12:00:00Z') }],
    Rating: 4.5,
    Sales: 9007199254740993n,
  };
}

/** What LibraryScript.asmx's methods do (those the client's tests call). */
export const LIBRARY_SCRIPT_HANDLERS = {
  GetBook: ({ isbn }: { isbn: string }) => sampleBook(isbn),
  GetBookByGet: ({ isbn }: { isbn: string }) => sampleBook(isbn),
  GetBookXml: ({ isbn }: { isbn: string }) => sampleBook(isbn),
  FindBooks: ({ max }: { max: number }) =>
    Array.from({ length: Math.max(0, Math.min(max, 2)) }, (_, i) => sampleBook(`isbn-${i}`)),
  AddBook: ({ book }: { book: { Key: string } | null }) => book?.Key ?? '00000000-0000-0000-0000-000000000000',
  EchoBook: ({ book }: { book: unknown }) => book,
  EchoGenres: ({ genres }: { genres: unknown }) => genres,
  EchoFormat: ({ format }: { format: unknown }) => format,
  Lend: ({ until }: { until: XsdDateTime | null }) => (until ? until.toDate().getUTCDate() : null),
  Titles: ({ count }: { count: number }) => Array.from({ length: count }, (_, i) => `T${i}`),
  GetStringXml: ({ text }: { text: string }) => `<b>${text}</b>`,
  RoundTripDate: ({ value }: { value: XsdDateTime }) => value,
  GetPerson: ({ which }: { which: number }) =>
    which === 1
      ? { $type: 'Author', Name: 'Ada', BirthYear: 1815, Country: 'UK' }
      : which === 2
        ? null
        : { Name: 'Bob', BirthYear: null },
  GetPeople: () => [
    { $type: 'Author', Name: 'Ada', BirthYear: 1815, Country: 'UK' },
    { Name: 'Bob', BirthYear: null },
    null,
  ],
  DescribePerson: ({ person }: { person: { $type?: string; Name: string; Country?: string } | null }) =>
    person === null
      ? 'null'
      : `${person.$type ?? 'Person'}:${person.Name}${person.$type === 'Author' ? `/${person.Country}` : ''}`,
  Fail: ({ message }: { message: string }) => {
    throw new Error(message);
  },
  Ping: () => undefined,
  Script: () =>
    '</script><script>alert(\'x&y\')</script> "quoted" \\ back / slash \u00fcn\u00efc\u00f6d\u00e9 \u2713 \u{1F600} \u2028\u2029 \u0001\t\r\n\u007f end',
  Add: ({ a, b }: { a: number; b: number }) => a + b,
  Concat: ({ a, b, c, d }: { a: string; b: number; c: boolean; d: number }) => `${a}|${b}|${c ? 'True' : 'False'}|${d}`,
  Renamed: ({ x }: { x: string }) => `renamed:${x}`,
  WhoAmI: (_: unknown, ctx: { soapHeaders: { ticket?: { Token: string; Level: number } } }) =>
    ctx.soapHeaders.ticket ? `${ctx.soapHeaders.ticket.Token}/${ctx.soapHeaders.ticket.Level}` : null,
  Renew: ({ days }: { days: number }) => days * 2,
  EchoXml: ({ xml }: { xml: unknown }) => xml,
  EchoAny: ({ value }: { value: unknown }) => value,
  GetStringXmlSerialized: ({ text }: { text: string }) => `<b>${text}</b>`,
  Counter: () => 1,
  CounterNoSession: () => -1,
  Dates: () => [
    dt('2024-02-29T12:30:45.123Z'),
    dt('2024-02-29T12:30:45.123'),
    dt('2024-02-29T12:30:45.123+00:00'),
    dt('1969-12-31T23:59:59.999Z'),
    XsdDateTime.MIN_VALUE,
    dt('9999-12-31T23:59:59.9999999'),
  ],
  EchoDate: ({ value }: { value: XsdDateTime }) => value.toString(),
  Mixed: () => [{ $type: 'int', value: 1 }, { $type: 'string', value: 's' }, null, { $type: 'double', value: 2.5 }],
};

/** A result with each `XsdDateTime` as its instant (JSON dates are UTC instants; SOAP keeps the written form). */
export function instants(value: unknown): unknown {
  if (value instanceof XsdDateTime) return { instant: value.toDate().getTime() };
  if (Array.isArray(value)) return value.map(instants);
  if (value instanceof Uint8Array || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, instants(v)]));
}

/**
 * A JSON result less what XML cannot carry: XmlSerializer leaves out a null item of an `[XmlElement]` array
 * (`Keywords: ["cats", "", null]` reads `["cats", ""]` over SOAP), JSON keeps it. And what JSON cannot carry: an
 * `object` holding a `double` with a fraction is a JSON number with a fraction, which JavaScriptSerializer binds to a
 * `Decimal` (`Mixed`'s 2.5 reads `{ $type: 'decimal', value: '2.5' }`), where SOAP's `xsi:type` says `double`.
 */
export function asXmlCarriesIt(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(asXmlCarriesIt);
  if (isJsonDecimal(json)) return { $type: 'double', value: Number(json.value) };
  if (json === null || typeof json !== 'object' || !('Isbn' in json)) return json;
  const book = json as { Keywords?: unknown[] };
  return book.Keywords ? { ...book, Keywords: book.Keywords.filter((k) => k !== null) } : book;
}

/** Calls every transport is compared on: the operation and its input. */
export const CALLS: readonly (readonly [string, object])[] = [
  ['GetBook', { isbn: '978-0' }],
  ['FindBooks', { authors: ['Ada'], genres: ['Poetry'], max: 2 }],
  ['AddBook', { book: sampleBook('x') }],
  ['EchoBook', { book: sampleBook('echo') }],
  ['EchoGenres', { genres: ['Fiction', 'non-fiction'] }],
  ['EchoFormat', { format: ['Hardcover', 'Audio'] }],
  ['RoundTripDate', { value: XsdDateTime.parse('2024-02-29T12:30:45.123Z') }],
  ['GetPerson', { which: 1 }],
  ['GetPerson', { which: 2 }],
  ['GetPerson', { which: 3 }],
  ['GetPeople', {}],
  ['DescribePerson', { person: { $type: 'Author', Name: 'Ada', BirthYear: 1815, Country: 'UK' } }],
  ['DescribePerson', { person: { Name: 'Bob', BirthYear: null } }],
  ['Ping', {}],
  ['Add', { a: 2, b: 40 }],
  ['Concat', { a: 'é & <x>', b: 7, c: true, d: 2.5 }],
  ['Renamed', { x: 'y' }],
  ['Dates', {}],
  ['Mixed', {}],
  ['Titles', { count: 3 }],
  ['GetBookByGet', { isbn: '978-0 "q" & ü' }],
  ['Lend', { barcode: 'c-1', until: XsdDateTime.parse('2024-02-29T12:00:00Z') }],
  ['Lend', { barcode: 'c-1', until: null }],
  ['GetBookXml', { isbn: 'xml' }],
  ['GetStringXml', { text: 'x & y' }],
  ['GetStringXmlSerialized', { text: 'x & y' }],
];

/** An `AnyValue` JavaScriptSerializer bound from a JSON number with a fraction. */
function isJsonDecimal(value: unknown): value is { $type: 'decimal'; value: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { $type?: unknown }).$type === 'decimal' &&
    typeof (value as { value?: unknown }).value === 'string' &&
    Object.keys(value).length === 2
  );
}
