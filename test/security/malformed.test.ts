/**
 * Malformed XML of every kind, byte-level encodings, hostile shapes (deep
 * nesting, 10^5 attributes, a 100 MB text node) and odd envelopes against
 * the generated server: the exact reply of wire contract §4, and the server
 * still serving right after.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAuthenticationWebServiceServer,
  service,
  type AuthenticationWebServiceHandlers,
} from '../../generated/index.js';
import type { RecordingServer } from '../server/recording-server.js';
import {
  authenticate,
  envelope,
  expectExact,
  expectRefused,
  expectServing,
  fault,
  postSoap,
  postSoap12,
  SOAP12_TYPE,
  startServer,
  voidReply,
  XML_TYPE,
} from './helpers.js';
import { expectSizeFaultRead, uploadHundredMegabytes } from './large-upload.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

async function expectRefusedAndServing(body: string | Uint8Array, contentType = XML_TYPE) {
  const before = server.calls.length;
  expectRefused(
    await postSoap(server.port, body, { contentType }),
    contentType === SOAP12_TYPE ? SOAP12_TYPE : XML_TYPE,
  );
  expect(server.calls.length).toBe(before);
  await expectServing(server);
}

async function expectDelivered(body: string | Uint8Array, value: string, contentType = XML_TYPE) {
  const before = server.calls.length;
  expectExact(await postSoap(server.port, body, { contentType }), 200, XML_TYPE, voidReply('1.1'));
  expect(server.calls.slice(before).map((c) => c.input)).toEqual([{ requestJson: value }]);
  await expectServing(server);
}

const VALID = envelope(authenticate('v'));

describe('malformed XML: 400, empty, the SOAP content type', () => {
  it('the envelope truncated at every tenth byte', async () => {
    for (let cut = 0; cut < VALID.length; cut += 10) {
      const reply = await postSoap(server.port, VALID.slice(0, cut));
      expectRefused(reply);
    }
    expect(server.calls).toEqual([]);
    await expectServing(server);
  });

  it.each([
    [
      'wrongly nested elements',
      envelope('<Authenticate xmlns="App.WebService"><requestJson>x</Authenticate></requestJson>'),
    ],
    ['a closing tag in the wrong case', envelope('<Authenticate xmlns="App.WebService"></authenticate>')],
    ['an extra closing tag', `${VALID}</soap:Envelope>`],
    ['two root elements', `${VALID}<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" />`],
    ['text after the root', `${VALID}trailing`],
    ['text before the root', `text${envelope(authenticate('v'), { declaration: false })}`],
    ['whitespace before the XML declaration', ` ${VALID}`],
    ['an empty body', ''],
    ['whitespace only', ' \r\n\t '],
    ['a duplicate attribute', envelope('<Authenticate xmlns="App.WebService" a="1" a="2" />')],
    [
      'the same attribute twice through two prefixes of one namespace',
      envelope('<Authenticate xmlns="App.WebService" xmlns:p="urn:a" xmlns:q="urn:a" p:x="1" q:x="2" />'),
    ],
    ['an unquoted attribute', envelope('<Authenticate xmlns="App.WebService" a=1 />')],
    ['an attribute without a value', envelope('<Authenticate xmlns="App.WebService" a />')],
    ['`<` in an attribute value', envelope('<Authenticate xmlns="App.WebService" a="<" />')],
    ['an undeclared prefix', envelope('<p:Authenticate xmlns="App.WebService" />')],
    ['an element name starting with a digit', envelope('<1Authenticate />')],
    ['a name with a character names cannot hold', envelope('<Auth☃enticate />')],
    ['a stray `&`', envelope(authenticate('a & b'))],
    ['a raw NUL', envelope(authenticate('a\u0000b'))],
    ['a raw C0 control', envelope(authenticate('a\u001bb'))],
    ['a raw U+FFFE', envelope(authenticate('a\uFFFEb'))],
  ])('%s', async (_name, xml) => {
    await expectRefusedAndServing(xml);
  });

  it.each([
    ['an empty encoding name', '<?xml version="1.0" encoding=""?>'],
    ['an encoding name with a space', '<?xml version="1.0" encoding="utf 8"?>'],
    ['an unquoted encoding', '<?xml version="1.0" encoding=utf-8?>'],
    ['no version', '<?xml encoding="utf-8"?>'],
    ['version 1.1', '<?xml version="1.1" encoding="utf-8"?>'],
    ['standalone before encoding', '<?xml version="1.0" standalone="yes" encoding="utf-8"?>'],
    ['standalone="maybe"', '<?xml version="1.0" standalone="maybe"?>'],
    ['an unclosed declaration', '<?xml version="1.0" encoding="utf-8"'],
  ])('a bad XML declaration (%s)', async (_name, declaration) => {
    await expectRefusedAndServing(declaration + envelope(authenticate('v'), { declaration: false }));
  });

  it('a charset the server does not know', async () => {
    await expectRefusedAndServing(VALID, 'text/xml; charset=klingon');
  });

  it.each([
    ['an invalid two-byte sequence', [0xc3, 0x28]],
    ['a lone continuation byte', [0x80]],
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a byte that never appears in UTF-8', [0xff]],
    ['a sequence cut short', [0xe2, 0x82]],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ])('invalid UTF-8 in a value (%s)', async (_name, bytes) => {
    const [before, after] = envelope(authenticate('#')).split('#');
    await expectRefusedAndServing(Buffer.concat([Buffer.from(before!), Buffer.from(bytes), Buffer.from(after!)]));
  });
});

describe('encodings', () => {
  const value = 'é😀<';
  const xml = envelope(authenticate('é😀&lt;'));
  const utf16le = (text: string) => Buffer.from(text, 'utf16le');
  const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

  it('UTF-16 with a byte order mark and no charset: read as UTF-16 (LE and BE)', async () => {
    await expectDelivered(utf16le(`\uFEFF${xml}`), value, 'text/xml');
    await expectDelivered(utf16be(`\uFEFF${xml}`), value, 'text/xml');
  });

  it('UTF-16 declared by the charset, with and without a byte order mark', async () => {
    await expectDelivered(utf16le(`\uFEFF${xml}`), value, 'text/xml; charset=utf-16');
    await expectDelivered(utf16le(xml), value, 'text/xml; charset=utf-16');
    await expectDelivered(utf16be(xml), value, 'text/xml; charset=utf-16be');
  });

  it('UTF-16 without a byte order mark or a charset: read as UTF-8, so refused (NULs)', async () => {
    await expectRefusedAndServing(utf16le(xml), 'text/xml');
  });

  it('UTF-16 bytes sent as charset=utf-8: refused', async () => {
    await expectRefusedAndServing(utf16le(`\uFEFF${xml}`));
  });

  it('the declaration does not override the charset: encoding="utf-16" on UTF-8 bytes is read as UTF-8', async () => {
    await expectDelivered(xml.replace('encoding="utf-8"', 'encoding="utf-16"'), value);
  });

  it('a byte order mark before UTF-8, with and without a charset: skipped', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    await expectDelivered(Buffer.concat([bom, Buffer.from(xml)]), value);
    await expectDelivered(Buffer.concat([bom, Buffer.from(xml)]), value, 'text/xml');
  });

  it('a byte order mark in the middle of the document is text, refused outside the root', async () => {
    await expectRefusedAndServing(`${xml.slice(0, 38)}\uFEFF${xml.slice(38)}`);
  });
});

describe('hostile shapes', () => {
  it('10^5 nested elements: 400 quickly (the depth cap, 64 by default)', async () => {
    const depth = 100_000;
    const started = performance.now();
    await expectRefusedAndServing(
      envelope(
        authenticate('v').replace('</Authenticate>', `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</Authenticate>`),
      ),
    );
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('10^5 nested elements inside the value: 400', async () => {
    await expectRefusedAndServing(envelope(authenticate(`${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`)));
  });

  it('10^5 attributes on the request element (1 MB): ignored as ASMX does, the value delivered in time', async () => {
    const attributes = Array.from({ length: 100_000 }, (_, i) => ` a${i}="${i}"`).join('');
    const started = performance.now();
    await expectDelivered(
      envelope(`<Authenticate xmlns="App.WebService"${attributes}><requestJson>v</requestJson></Authenticate>`),
      'v',
    );
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('10^5 namespace declarations on the request element: the value delivered', async () => {
    const declarations = Array.from({ length: 100_000 }, (_, i) => ` xmlns:p${i}="urn:${i}"`).join('');
    await expectDelivered(
      envelope(`<Authenticate xmlns="App.WebService"${declarations}><requestJson>v</requestJson></Authenticate>`),
      'v',
    );
  });
});

describe('a 100 MB text node: refused at the size limit without being read', () => {
  // The generated server alone (no raw-body recorder, which would keep what it reads): the runtime's memory only.
  let bare: Server;
  let port = 0;
  const calls: string[] = [];
  beforeAll(async () => {
    const handlers = Object.fromEntries(service.operations.map((op) => [op.name, () => void calls.push(op.name)]));
    bare = createAuthenticationWebServiceServer(handlers as unknown as AuthenticationWebServiceHandlers, {
      requestTimeoutMs: 20_000,
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    port = (bare.address() as AddressInfo).port;
  });
  afterAll(async () => {
    bare.closeAllConnections();
    await new Promise((resolve) => bare.close(resolve));
  });

  it.each([
    ['with Content-Length: refused by its declared length, before any body byte is read', false],
    ['chunked: reading stops at the 4 MiB limit', true],
  ])('%s; the Server fault, the connection closed, memory flat', async (_name, chunked) => {
    const result = await uploadHundredMegabytes(port, chunked);
    // The socket took far less than the 100 MB before the connection closed, and nothing near it was buffered.
    expectSizeFaultRead(result);
    expect(result.rssGrowth).toBeLessThan(60 * 1024 * 1024);
    expect(result.bufferGrowth).toBeLessThan(40 * 1024 * 1024);
    expect(calls).toEqual([]);
    const after = await postSoap(port, envelope(authenticate('after')));
    expectExact(after, 200, XML_TYPE, voidReply('1.1'));
    calls.length = 0;
  });
});

describe('envelopes with a Header, two Body children, a Body in the wrong namespace', () => {
  const header = '<h:Session xmlns:h="urn:session">abc</h:Session><h:Trace xmlns:h="urn:trace" a="1" />';

  it.each(['1.1', '1.2'] as const)('SOAP %s: a Header without mustUnderstand is ignored', async (version) => {
    const xml = envelope(authenticate('v'), { version, header });
    const reply = version === '1.1' ? await postSoap(server.port, xml) : await postSoap12(server.port, xml);
    expectExact(reply, 200, version === '1.1' ? XML_TYPE : SOAP12_TYPE, voidReply(version));
    expect(server.calls.map((c) => c.input)).toEqual([{ requestJson: 'v' }]);
    await expectServing(server);
  });

  it.each([
    ['1.1', '1'],
    ['1.1', 'true'],
    ['1.2', '1'],
    ['1.2', 'true'],
  ] as const)(
    'SOAP %s: mustUnderstand="%s" on a header: the MustUnderstand fault, the handler not called',
    async (version, flag) => {
      const xml = envelope(authenticate('v'), {
        version,
        header:
          '<h:Plain xmlns:h="urn:p" soap:mustUnderstand="0">x</h:Plain>' +
          `<h:Session xmlns:h="urn:s" soap:mustUnderstand="${flag}">x</h:Session>`,
      });
      const reply = version === '1.1' ? await postSoap(server.port, xml) : await postSoap12(server.port, xml);
      expectExact(
        reply,
        500,
        version === '1.1' ? XML_TYPE : SOAP12_TYPE,
        fault(version, 'MustUnderstand', 'SOAP header Session was not understood.'),
      );
      expect(server.calls).toEqual([]);
      await expectServing(server);
    },
  );

  it('mustUnderstand in no namespace (not the envelope’s attribute) is ignored', async () => {
    await expectDelivered(envelope(authenticate('v'), { header: '<h:S xmlns:h="urn:s" mustUnderstand="1" />' }), 'v');
  });

  it('two request elements in the Body: the first is the call, the handler called once', async () => {
    const xml = envelope(authenticate('first') + authenticate('second'));
    await expectDelivered(xml, 'first');
  });

  it('two Body elements: the first is read, the handler called once', async () => {
    const xml = envelope(authenticate('first')).replace(
      '</soap:Envelope>',
      `<soap:Body>${authenticate('second')}</soap:Body></soap:Envelope>`,
    );
    await expectDelivered(xml, 'first');
  });

  it.each([
    ['in another namespace', '<Body xmlns="urn:other">', '</Body>'],
    ['in no namespace', '<Body>', '</Body>'],
    [
      'in the SOAP 1.2 namespace inside a 1.1 envelope',
      '<s12:Body xmlns:s12="http://www.w3.org/2003/05/soap-envelope">',
      '</s12:Body>',
    ],
  ])('a Body %s: the Client fault Missing required soap:Body element', async (_name, open, close) => {
    const xml = envelope(authenticate('v')).replace('<soap:Body>', open).replace('</soap:Body>', close);
    const reply = await postSoap(server.port, xml);
    expectExact(
      reply,
      500,
      XML_TYPE,
      fault(
        '1.1',
        'Client',
        'Server was unable to read request. ---&gt; Request format is invalid: Missing required soap:Body element.',
      ),
    );
    expect(server.calls).toEqual([]);
    await expectServing(server);
  });
});
