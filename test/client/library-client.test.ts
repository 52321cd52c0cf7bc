/**
 * The client with every kind of value (the hand-written Library description): against the runtime's own
 * server (echoes return equal values), and against the real ASMX runtime serving
 * `../shared/wsdl-corpus/Library.asmx` (`../shared/asmx-host/start.sh`): skipped with a one-line reason
 * without Mono, failing on CI.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceCaller, XmlFragment, XsdDateTime, type ServiceCaller } from '../../runtime/src/client.js';
import type { ServiceDocuments, Transport } from '../../runtime/src/service-description.js';
import { createServiceServer } from '../../runtime/src/server.js';
import { sharedAsmxHost, startSharedAsmxHost } from '../interop/shared-asmx-host.js';
import { LIBRARY } from '../runtime/fixtures/library-description.js';
import { libraryHandlers, sampleBook } from '../runtime/fixtures/library-handlers.js';
import { sharedFile } from '../shared-files.js';

const DOCUMENTS: ServiceDocuments = { wsdl: '', disco: '', helpPage: '', operationPages: {}, methodNotFoundPage: '' };
const SOAP: Transport[] = ['soap11', 'soap12'];
const ALL: Transport[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];

/** A book as a reply gives it back: null keywords left out. */
const DUNE = {
  Isbn: '978-1',
  Edition: 3,
  Title: 'Dune',
  Genre: 'Poetry',
  Formats: ['Paperback', 'Audio'],
  Authors: [
    { $type: 'Author', Name: 'Frank', BirthYear: 1920, Country: 'US' },
    { Name: 'Anon', BirthYear: null },
    null,
  ],
  Price: '79228162514264337593543950335',
  Published: XsdDateTime.parse('1965-08-01T00:00:00.1234567'),
  Pages: 412,
  Key: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  Cover: new Uint8Array([0, 1, 2, 255]),
  Available: false,
  Keywords: ['sand', 'worm'],
  Copies: [
    { Barcode: 'c1', DueBack: null },
    { Barcode: 'c2 & <3>', DueBack: XsdDateTime.parse('2026-03-01T12:00:00Z') },
  ],
  Rating: 3.25,
  Sales: -9223372036854775808n,
};

function suite(name: string, url: () => string | undefined, need: (ctx: { skip(note?: string): never }) => void) {
  describe(name, () => {
    const call = (transport: Transport): ServiceCaller =>
      createServiceCaller(LIBRARY, url()!, { transport, timeoutMs: 20_000 });

    it.for(ALL)('GetBook over %s: every kind of member', async (transport, ctx) => {
      need(ctx);
      const book = await call(transport)<Record<string, unknown>>('GetBook', { isbn: '978-0' });
      expect(book).toEqual(sampleBook('978-0'));
      expect((book.Published as XsdDateTime).toString()).toBe('1999-12-31T23:59:59.25');
    });

    it.for(SOAP)('EchoBook over %s returns an equal book', async (transport, ctx) => {
      need(ctx);
      const book = await call(transport)<typeof DUNE>('EchoBook', { book: DUNE });
      expect(book).toEqual(DUNE);
      expect(book.Published.toString()).toBe('1965-08-01T00:00:00.1234567');
      await expect(call(transport)('EchoBook', {})).resolves.toBeUndefined();
    });

    it.for(ALL)('arrays, enums and flags over %s', async (transport, ctx) => {
      need(ctx);
      const client = call(transport);
      // HTTP GET/POST send enums as Enum.Parse reads them (`NonFiction`, `Hardcover, Audio`); the values are the
      // XML names on every transport.
      const genres = ['non-fiction', 'Fiction'];
      await expect(client('EchoGenres', { genres })).resolves.toEqual(genres);
      await expect(client('EchoFormat', { format: ['Audio', 'Hardcover'] })).resolves.toEqual(['Hardcover', 'Audio']);
      await expect(client('EchoFormat', { format: [] })).resolves.toEqual([]);
      await expect(client('Titles', { count: 2 })).resolves.toEqual(['T0', 'T1']);
      await expect(client('Titles', { count: 0 })).resolves.toEqual([]);
      const found = await client<unknown[]>('FindBooks', { authors: ['Ada'], genres: ['Poetry'], max: 1 });
      expect(found).toEqual([sampleBook('isbn-0')]);
    });

    it.for(SOAP)('nullable values, Guid, raw XML and object over %s', async (transport, ctx) => {
      need(ctx);
      const client = call(transport);
      await expect(client('Lend', { barcode: 'c1', until: null })).resolves.toBeNull();
      await expect(client('Lend', { barcode: 'c1', until: XsdDateTime.parse('2026-05-17') })).resolves.toBe(17);
      await expect(client('AddBook', { book: DUNE })).resolves.toBe(DUNE.Key);
      const xml = XmlFragment.parse('<Foo xmlns="urn:x" a="1">bar<b:c xmlns:b="urn:b" /><!-- note --></Foo>');
      await expect(client('EchoXml', { xml })).resolves.toEqual(xml);
      for (const value of [
        { $type: 'int', value: 5 },
        { $type: 'string', value: 'hi' },
        { $type: 'long', value: 9007199254740993n },
        { $type: 'Author', Name: 'Zed', BirthYear: null, Country: 'NO' },
        null,
      ]) {
        await expect(
          client('EchoAny', { value }),
          JSON.stringify(value, (_, v: unknown) => String(v)),
        ).resolves.toEqual(value);
      }
    });

    it.for(SOAP)(
      'SOAP headers over %s: per client, per call, and out headers after the call',
      async (transport, ctx) => {
        need(ctx);
        const client = createServiceCaller(LIBRARY, url()!, {
          transport,
          soapHeaders: { ticket: { Token: 'abc & co', Level: 3 } },
        });
        await expect(client('WhoAmI')).resolves.toBe('abc & co/3');
        await expect(client('WhoAmI', {}, { soapHeaders: { ticket: { Token: 'x', Level: 1 } } })).resolves.toBe('x/1');
        await expect(client('WhoAmI', {}, { soapHeaders: { ticket: null } })).resolves.toBeUndefined();
        const outHeaders: Record<string, unknown> = {};
        await expect(client('Renew', { days: 7 }, { soapHeaders: { trace: { Id: 't1' } }, outHeaders })).resolves.toBe(
          14,
        );
        expect(outHeaders).toEqual({ trace: { Id: 't1-renewed' } });
      },
    );
  });
}

let local: { url: string; close: () => Promise<void> } | undefined;
let real: { url: string; stop: () => void } | undefined;

beforeAll(async () => {
  const server = createServiceServer(LIBRARY, DOCUMENTS, libraryHandlers);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  local = {
    url: `http://127.0.0.1:${port}${LIBRARY.path}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  if (sharedAsmxHost.available) {
    // A free port (or ASMX_HOST_PORT): a fixed one collides with another run on the same machine.
    const host = await startSharedAsmxHost(sharedFile('wsdl-corpus'));
    real = { url: `${host.baseUrl}${LIBRARY.path}`, stop: () => host.stop() };
  }
}, 120_000);

afterAll(async () => {
  await local?.close();
  real?.stop();
});

suite(
  'the client against the runtime server',
  () => local?.url,
  () => {},
);
suite(
  'the client against the real ASMX runtime (Library.asmx)',
  () => real?.url,
  (ctx) => sharedAsmxHost.need(ctx),
);
