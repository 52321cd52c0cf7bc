/**
 * Choices repeated in place on the wire: `test/fixtures/asmx-corpus/ChoiceItems.asmx` has several
 * `[XmlElement(Name, typeof(T))]` on array parameters (in, out, ref) and on results (`[return: …]` on `object[]` and
 * `object`, `[return: XmlArrayItem(Name, typeof(T))]`s). The real runtime (Mono's System.Web.Services, through
 * `../shared/asmx-host/start.sh`) and the generated server of the golden scenario `corpus-choice-items` (handlers
 * doing what the C# methods do) get the same raw requests, SOAP and HTTP, and must answer the same: status, content
 * type and body byte for byte. Then the generated client calls the real runtime over every protocol.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChoiceItemsClient,
  createChoiceItemsServer,
  type ChoiceItemsHandlers,
  type ChoiceItemsTransport,
  type MixedResult,
  type PartsResult,
} from '../golden/corpus-choice-items/expected/index.js';
import { exchange, type RawReply, type RawRequest } from './raw-exchange.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const NS = 'urn:example:choiceitems';
const PATH = '/ChoiceItems.asmx';

type Item = { $element: string; value: unknown } | null | undefined;

/** `Describe(object[])` of the C#: the count, then each item's type and value. */
function describeItems(items: readonly Item[] | undefined): string {
  if (items === undefined) return 'null';
  const parts = items.map((item) => {
    if (item === null || item === undefined) return 'nil';
    const { $element, value } = item;
    const v = value as Record<string, unknown>;
    if ($element === 'book') return `book:${(v.Title as string | undefined) ?? ''}/${v.Pages as number}`;
    if ($element === 'person') return `person:${(v.Name as string | undefined) ?? ''}`;
    if ($element === 'circle' || $element === 'square') return `${v.$type as string}:${(v.Label as string) ?? ''}`;
    return `${typeof value === 'number' ? 'Int32' : 'String'}:${String(value)}`;
  });
  return [String(items.length), ...parts].join(',');
}

/** `Mixed(n)`: a book at each even place, a person at each odd one. */
function mixed(n: number): MixedResult {
  if (n < 0) return undefined;
  return Array.from({ length: n }, (_, i) =>
    i % 2 === 0
      ? { $element: 'x' as const, value: { Title: `t${i}`, Pages: i } }
      : { $element: 'y' as const, value: { Name: `n${i}` } },
  );
}

/** `Split(text, out parts)`: each comma-separated word, an `int` where `int.TryParse` reads one. */
function parts(text: string | undefined): PartsResult {
  if (text === undefined) return undefined;
  return text.split(',').map((word) => {
    const parsed = /^\s*[-+]?\d+\s*$/.test(word) ? Number(word) : NaN;
    return Number.isInteger(parsed) && parsed >= -2147483648 && parsed <= 2147483647
      ? { $element: 'n' as const, value: parsed }
      : { $element: 's' as const, value: word };
  });
}

/** What the C# methods do. */
const handlers: ChoiceItemsHandlers = {
  Count: ({ Items }) => describeItems(Items),
  Shelve: ({ shelf, Items, max }) => `${shelf ?? ''};${describeItems(Items)};${max}`,
  Shapes: ({ Items }) => describeItems(Items),
  Mixed: ({ n }) => mixed(n),
  Parts: ({ text }) => parts(text),
  One: ({ book }) => mixed(2)![book ? 0 : 1],
  Listed: ({ n }) => mixed(n),
  Split: ({ text }) => {
    const split = parts(text);
    return split === undefined ? {} : { Items: split };
  },
  Reverse: ({ Items }) =>
    Items === undefined ? { result: -1 } : { result: Items.length, Items: [...Items].reverse() },
};

function soap(version: '1.1' | '1.2', operation: string, inner: string): RawRequest {
  const envelope =
    version === '1.1' ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}" ` +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<soap:Body><${operation} xmlns="${NS}">${inner}</${operation}></soap:Body></soap:Envelope>`;
  return {
    method: 'POST',
    path: PATH,
    headers:
      version === '1.1'
        ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/${operation}"` }
        : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/${operation}"` },
    body,
  };
}

function get(query: string): RawRequest {
  return { method: 'GET', path: `${PATH}/${query}`, headers: {} };
}

function post(operation: string, form: string): RawRequest {
  return {
    method: 'POST',
    path: `${PATH}/${operation}`,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
  };
}

const BOOK = '<book><Title>T &amp; U</Title><Pages>3</Pages></book>';

const CASES: readonly (readonly [string, RawRequest])[] = [
  ['items of simple types, each element its type', soap('1.1', 'Count', '<a>1</a><b>x</b><a>2</a><b /><a>-7</a>')],
  ['the same over SOAP 1.2', soap('1.2', 'Count', '<a>1</a><b>x</b>')],
  ['no items in a request element with content of its own', soap('1.1', 'Count', ' ')],
  ['an empty request element', soap('1.1', 'Count', '')],
  ['xsi:nil on an item of a type that is not nillable', soap('1.1', 'Count', '<b xsi:nil="true" /><a>1</a>')],
  ['elements of no choice between the items', soap('1.1', 'Count', '<a>1</a><c>x</c><b>y</b>')],
  [
    'classes and a string beside other parameters',
    soap('1.1', 'Shelve', `<shelf>s</shelf>${BOOK}<note>hi</note><person><Name>P</Name></person><max>4</max>`),
  ],
  ['items after the next parameter are still items', soap('1.2', 'Shelve', `${BOOK}<max>4</max><note>late</note>`)],
  [
    'derived classes, each named by its element',
    soap('1.1', 'Shapes', '<circle><Label>c</Label><Radius>1.5</Radius></circle><square><Side>2</Side></square>'),
  ],
  ['a result of repeated elements of two classes', soap('1.1', 'Mixed', '<n>3</n>')],
  ['a result of no items: an empty response element', soap('1.2', 'Mixed', '<n>0</n>')],
  ['a null result: an empty response element', soap('1.1', 'Mixed', '<n>-1</n>')],
  ['a result of simple types', soap('1.1', 'Parts', '<text>1,a,,2</text>')],
  ['one element of a choice as the result', soap('1.1', 'One', '<book>true</book>')],
  ['the other one', soap('1.2', 'One', '<book>false</book>')],
  ['[return: XmlArrayItem]s: an ArrayOfChoice1 result', soap('1.1', 'Listed', '<n>3</n>')],
  ['an out parameter of repeated elements', soap('1.1', 'Split', '<text>4,x</text>')],
  ['an out parameter left null', soap('1.2', 'Split', '')],
  ['a ref parameter after the result', soap('1.1', 'Reverse', '<n>1</n><s>b</s><s />')],
  ['a ref parameter of no items', soap('1.1', 'Reverse', '')],
  ['HTTP GET: a result of simple types is an ArrayOfAnyType', get('Parts?text=1,a,2')],
  ['HTTP POST: the same', post('Parts', 'text=4%2Cx')],
  ['HTTP GET: one empty string', get('Parts?text=')],
  ['HTTP GET: no items of classes', get('Mixed?n=0')],
  ['HTTP GET: a null result', get('Mixed?n=-1')],
  ['HTTP POST: no items of [return: XmlArrayItem]s', post('Listed', 'n=0')],
];

let host: SharedAsmxHost | undefined;
let server: Server | undefined;
let port = 0;

beforeAll(async () => {
  server = createChoiceItemsServer(handlers);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['ChoiceItems.asmx']);
}, 180_000);

afterAll(async () => {
  host?.stop();
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((done) => server!.close(() => done()));
  }
});

function compared(reply: RawReply) {
  return { status: reply.status, contentType: reply.header('content-type'), body: reply.body.toString('utf8') };
}

describe('choices repeated in place are read and written as the real ASMX runtime does', () => {
  it.for(CASES)('%s', async ([, request], ctx) => {
    sharedAsmxHost.need(ctx);
    const expected = compared(await exchange(Number(new URL(host!.baseUrl).port), request));
    expect(expected.status).toBe(200);
    expect(compared(await exchange(port, request))).toEqual(expected);
  });
});

describe('the generated client calls the real ASMX runtime', () => {
  it.for(['soap11', 'soap12', 'httpGet', 'httpPost'] as const)(
    'over %s',
    async (transport: ChoiceItemsTransport, ctx) => {
      sharedAsmxHost.need(ctx);
      const client = createChoiceItemsClient({ url: `${host!.baseUrl}${PATH}`, transport, timeoutMs: 60_000 });
      // HTTP GET and POST offer the results of simple types (and none of classes, which the runtime does not expect
      // there); the operations taking a choice are SOAP's.
      await expect(client.Parts({ text: '1,a,2' })).resolves.toEqual(parts('1,a,2'));
      await expect(client.Mixed({ n: 0 })).resolves.toEqual([]);
      if (transport === 'httpGet' || transport === 'httpPost') return;
      await expect(client.Mixed({ n: 3 })).resolves.toEqual(mixed(3));
      await expect(client.Mixed({ n: -1 })).resolves.toEqual([]);
      await expect(client.One({ book: false })).resolves.toEqual(mixed(2)![1]);
      await expect(client.Listed({ n: 2 })).resolves.toEqual(mixed(2));
      await expect(
        client.Count({
          Items: [
            { $element: 'a', value: 1 },
            { $element: 'b', value: 'x &' },
            { $element: 'b', value: '' },
          ],
        }),
      ).resolves.toBe('3,Int32:1,String:x &,String:');
      await expect(
        client.Shelve({
          shelf: 's',
          Items: [
            { $element: 'person', value: { Name: 'P' } },
            { $element: 'book', value: { Title: 'T', Pages: 2 } },
          ],
          max: 1,
        }),
      ).resolves.toBe('s;2,person:P,book:T/2;1');
      await expect(
        client.Shapes({
          Items: [
            { $element: 'square', value: { $type: 'CiSquare', Label: 'q', Side: 1 } },
            { $element: 'circle', value: { $type: 'CiCircle', Label: 'c', Radius: 2 } },
          ],
        }),
      ).resolves.toBe('2,CiSquare:q,CiCircle:c');
      await expect(client.Split({ text: '7,y' })).resolves.toEqual({ Items: parts('7,y') });
      await expect(
        client.Reverse({
          Items: [
            { $element: 'n', value: 1 },
            { $element: 's', value: 'b' },
          ],
        }),
      ).resolves.toEqual({
        result: 2,
        Items: [
          { $element: 's', value: 'b' },
          { $element: 'n', value: 1 },
        ],
      });
    },
  );
});
