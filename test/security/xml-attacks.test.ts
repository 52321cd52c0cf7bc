/**
 * XML attacks against the generated server (wire contract §4, "DTDs and
 * entities"): XXE to a file and to a URL, entity expansion, parameter
 * entities, character-reference floods, processing instructions, CDATA and
 * comment tricks. Each asserts the exact reply and that the server still
 * serves; whatever is never fetched is watched by a sentinel HTTP server.
 * (test/runtime/hostile.test.ts covers the basic XXE, a 3-level billion
 * laughs and an undeclared entity against a hand-made service.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordingServer } from '../server/recording-server.js';
import {
  authenticate,
  envelope,
  expectExact,
  expectRefused,
  expectServing,
  postSoap,
  postSoap12,
  SOAP12_TYPE,
  startServer,
  voidReply,
  XML_TYPE,
} from './helpers.js';

let server: RecordingServer;
/** Counts every request made to it: an entity or DTD the server resolved would show up here. */
let sentinel: Server;
let sentinelHits = 0;
let sentinelUrl = '';

beforeAll(async () => {
  server = await startServer();
  sentinel = createServer((_req, res) => {
    sentinelHits++;
    res.end('<!ENTITY leak "LEAKED">');
  });
  await new Promise<void>((resolve) => sentinel.listen(0, '127.0.0.1', resolve));
  sentinelUrl = `http://127.0.0.1:${(sentinel.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => sentinel.close(resolve));
});
beforeEach(() => server.reset());

/** An envelope after a prolog (the XML declaration, then `prolog`). */
const withProlog = (prolog: string, body: string) =>
  `<?xml version="1.0" encoding="utf-8"?>${prolog}${envelope(body, { declaration: false })}`;

/** Refused with 400 and an empty body, in SOAP 1.1 and 1.2; the handler never called; still serving. */
async function expectRefusedBoth(
  xml11: string,
  xml12 = xml11.replace('schemas.xmlsoap.org/soap/envelope/', 'www.w3.org/2003/05/soap-envelope'),
) {
  const before = server.calls.length;
  expectRefused(await postSoap(server.port, xml11));
  expectRefused(await postSoap12(server.port, xml12), SOAP12_TYPE);
  expect(server.calls.slice(before)).toEqual([]);
  await expectServing(server);
}

/** Served: the handler gets exactly `value`; still serving. */
async function expectDelivered(xml: string, value: string) {
  const before = server.calls.length;
  expectExact(await postSoap(server.port, xml), 200, XML_TYPE, voidReply('1.1'));
  expect(server.calls.slice(before).map((c) => c.input)).toEqual([{ requestJson: value }]);
  await expectServing(server);
}

describe('external entities (XXE) are never resolved', () => {
  it('an external entity naming /etc/passwd: 400, nothing of the file in any reply', async () => {
    const xml = withProlog(
      '<!DOCTYPE soap:Envelope [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      authenticate('&xxe;'),
    );
    const reply = await postSoap(server.port, xml);
    expectRefused(reply);
    expect(reply.text).not.toContain('root:');
    await expectRefusedBoth(xml);
  });

  it.each([
    [
      'an external entity naming a URL',
      (url: string) => `<!DOCTYPE x [<!ENTITY xxe SYSTEM "${url}/entity">]>`,
      '&xxe;',
    ],
    [
      'a public external entity',
      (url: string) => `<!DOCTYPE x [<!ENTITY xxe PUBLIC "-//X//Y" "${url}/public">]>`,
      '&xxe;',
    ],
    ['an external DTD', (url: string) => `<!DOCTYPE soap:Envelope SYSTEM "${url}/evil.dtd">`, 'x'],
    [
      'a parameter entity pulling a remote DTD',
      (url: string) => `<!DOCTYPE x [<!ENTITY % p SYSTEM "${url}/p.dtd"> %p;]>`,
      '&leak;',
    ],
    [
      'out-of-band exfiltration through nested parameter entities',
      (url: string) =>
        '<!DOCTYPE x [<!ENTITY % file SYSTEM "file:///etc/hostname">' +
        `<!ENTITY % dtd SYSTEM "${url}/oob.dtd">%dtd;%send;]>`,
      'x',
    ],
  ])('%s: 400, and nothing is fetched', async (_name, prolog, text) => {
    await expectRefusedBoth(withProlog(prolog(sentinelUrl), authenticate(text)));
    expect(sentinelHits).toBe(0);
  });

  it('an XInclude element is an unknown child: skipped, never resolved', async () => {
    const xi = 'xmlns:xi="http://www.w3.org/2001/XInclude"';
    const include = `<xi:include ${xi} href="${sentinelUrl}/xinclude" parse="text" />`;
    const xml = envelope(
      `<Authenticate xmlns="App.WebService">${include}<requestJson>kept</requestJson></Authenticate>`,
    );
    await expectDelivered(xml, 'kept');
    expect(sentinelHits).toBe(0);
  });

  it('an XInclude inside requestJson makes it element content: 400 (ASMX: malformed for a string)', async () => {
    const include = `<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text" />`;
    await expectRefusedBoth(envelope(authenticate(include)));
  });

  it('an xml-stylesheet instruction before the root is ignored, never fetched', async () => {
    await expectDelivered(
      withProlog(`<?xml-stylesheet type="text/xsl" href="${sentinelUrl}/style.xsl"?>`, authenticate('v')),
      'v',
    );
    expect(sentinelHits).toBe(0);
  });
});

describe('entity expansion never happens', () => {
  const lol = (levels: number) => {
    let dtd = '<!ENTITY lol0 "lol">';
    for (let i = 1; i <= levels; i++) dtd += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
    return `<!DOCTYPE lolz [${dtd}]>`;
  };

  it('billion laughs (10 levels, 10^10 expansions): 400 at once', async () => {
    const started = performance.now();
    await expectRefusedBoth(withProlog(lol(10), authenticate('&lol10;')));
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('quadratic blow-up (a 100 KB entity referenced 20 000 times): 400 at once', async () => {
    const xml = withProlog(`<!DOCTYPE x [<!ENTITY a "${'a'.repeat(100_000)}">]>`, authenticate('&a;'.repeat(20_000)));
    const started = performance.now();
    await expectRefusedBoth(xml);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it.each([
    ['a DTD alone, no root element', '<!DOCTYPE x>'],
    ['an empty internal subset before a valid envelope', withProlog('<!DOCTYPE soap:Envelope []>', authenticate('x'))],
    ['a DOCTYPE after the root', `${envelope(authenticate('x'))}<!DOCTYPE x>`],
    ['a lone ENTITY declaration in the Body', envelope('<!ENTITY x "y">' + authenticate('x'))],
    [
      'an ATTLIST giving a default attribute',
      withProlog('<!DOCTYPE x [<!ATTLIST requestJson a CDATA "d">]>', authenticate('x')),
    ],
    ['a NOTATION declaration', withProlog('<!DOCTYPE x [<!NOTATION n SYSTEM "x">]>', authenticate('x'))],
    ['a conditional section', withProlog('<!DOCTYPE x [<![INCLUDE[<!ENTITY e "v">]]>]>', authenticate('&e;'))],
    ['a DOCTYPE in lower case', withProlog('<!doctype x>', authenticate('x'))],
  ])('%s: 400', async (_name, xml) => {
    await expectRefusedBoth(xml);
  });

  it.each([
    ['an HTML entity', '&nbsp;'],
    ['a predefined entity in the wrong case', '&LT;'],
    ['an entity without its semicolon', '&amp'],
    ['a character reference without its semicolon', '&#65'],
    ['an empty character reference', '&#x;'],
    ['a parameter-entity reference in content', '%p;&pe;'],
  ])('a reference that is not allowed (%s): 400', async (_name, text) => {
    await expectRefusedBoth(envelope(authenticate(text)));
  });
});

describe('numeric character references', () => {
  it('a flood of 500 000 references (3 MB): each expanded once, delivered exactly, in bounded time', async () => {
    const started = performance.now();
    await expectDelivered(envelope(authenticate('&#x41;&#66;'.repeat(250_000))), 'AB'.repeat(250_000));
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('references to any character XML allows arrive as that character', async () => {
    await expectDelivered(
      envelope(authenticate('&#x9;&#xA;&#xD;&#x20;&#xD7FF;&#xE000;&#xFFFD;&#x10000;&#x10FFFF;&#x000000041;')),
      '\t\n\r \uD7FF\uE000\uFFFD\u{10000}\u{10FFFF}A',
    );
  });

  it.each([
    ['NUL', '&#0;'],
    ['a C0 control', '&#x1;'],
    ['a C0 control, decimal', '&#31;'],
    ['U+FFFE', '&#xFFFE;'],
    ['U+FFFF', '&#65535;'],
    ['a lone high surrogate', '&#xD800;'],
    ['a surrogate pair written as two references', '&#xD83D;&#xDE00;'],
    ['beyond U+10FFFF', '&#x110000;'],
    ['a number past 2^53', '&#99999999999999999999999;'],
    ['a negative number', '&#-65;'],
    ['a hexadecimal reference with an upper-case X', '&#X41;'],
  ])('a reference to a character XML forbids (%s): 400', async (_name, text) => {
    await expectRefusedBoth(envelope(authenticate(text)));
  });

  it('a forbidden character reference in an attribute or a namespace URI: 400', async () => {
    await expectRefusedBoth(
      envelope(`<Authenticate xmlns="App.WebService" a="&#0;"><requestJson>x</requestJson></Authenticate>`),
    );
    await expectRefusedBoth(
      envelope(`<Authenticate xmlns="App.WebService&#1;"><requestJson>x</requestJson></Authenticate>`),
    );
  });
});

describe('processing instructions', () => {
  it('inside a value: dropped, the text around joined (as XmlReader reads element content)', async () => {
    await expectDelivered(envelope(authenticate('a<?pi data?>b<?other?>c')), 'abc');
  });

  it('between the Envelope, Body and request element, and after the root: ignored', async () => {
    const xml =
      envelope(`<?p1?>${authenticate('v')}<?p2 x?>`).replace('<soap:Body>', '<?p0?><soap:Body>') + '<?after?>';
    await expectDelivered(xml, 'v');
  });

  it.each([
    ['an XML declaration inside the Body', envelope(authenticate('a<?xml version="1.0"?>b'))],
    ['an XML declaration after the root', `${envelope(authenticate('x'))}<?xml version="1.0"?>`],
    ['a second XML declaration', `<?xml version="1.0"?>${envelope(authenticate('x'))}`],
    ['the reserved target in another case', envelope(authenticate('a<?XML x?>b'))],
    ['the reserved target in the prolog', withProlog('<?XmL x?>', authenticate('x'))],
    ['an instruction without a target', envelope(authenticate('a<? x?>b'))],
    ['an empty instruction', envelope(authenticate('a<??>b'))],
    ['a target that is not a name', envelope(authenticate('a<?1pi?>b'))],
    ['an instruction that is never closed', envelope(authenticate('a<?pi b'))],
  ])('%s: 400 (malformed XML)', async (_name, xml) => {
    await expectRefusedBoth(xml);
  });
});

describe('CDATA sections', () => {
  it('markup, references, a DOCTYPE and a closing tag inside CDATA arrive as written, nothing expanded', async () => {
    const text = '</requestJson><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>&e;&amp;&#0;<?pi?><!--c-->';
    await expectDelivered(envelope(authenticate(`<![CDATA[${text}]]>`)), text);
  });

  it('`]]>` split across two sections, and empty sections, arrive as written', async () => {
    await expectDelivered(envelope(authenticate('<![CDATA[]]><![CDATA[a]]]]><![CDATA[>b]]><![CDATA[]]>')), 'a]]>b');
  });

  it.each([
    ['a section nested in another', envelope(authenticate('<![CDATA[<![CDATA[x]]>]]>'))],
    ['a section before the root element', `<![CDATA[x]]>${envelope(authenticate('x'), { declaration: false })}`],
    ['a section after the declaration, before the root', withProlog('<![CDATA[x]]>', authenticate('x'))],
    ['a section after the root element', `${envelope(authenticate('x'))}<![CDATA[x]]>`],
    ['a section in an attribute value', envelope(`<Authenticate xmlns="App.WebService" a="<![CDATA[x]]>" />`)],
    ['a section never closed', envelope(authenticate('<![CDATA[x'))],
    ['a lower-case CDATA keyword', envelope(authenticate('<![cdata[x]]>'))],
    ['a lone `]]>` in text', envelope(authenticate('a]]>b'))],
  ])('%s: 400', async (_name, xml) => {
    await expectRefusedBoth(xml);
  });
});

describe('comments in odd places', () => {
  it('inside a value: dropped, the text around joined', async () => {
    await expectDelivered(envelope(authenticate('a<!--x-->b<!---->c')), 'abc');
  });

  it('everywhere between elements and after the root: ignored, a DOCTYPE or entity inside one is inert', async () => {
    const xml =
      '<?xml version="1.0" encoding="utf-8"?><!-- prolog --><soap:Envelope ' +
      'xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><!-- between --><soap:Body>' +
      `<!--<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>-->${authenticate('v')}<!-- &e; -->` +
      '</soap:Body></soap:Envelope><!-- after -->';
    await expectDelivered(xml, 'v');
  });

  it.each([
    ['before the XML declaration', `<!-- c -->${envelope(authenticate('x'))}`],
    ['inside a start tag', envelope('<Authenticate <!-- c --> xmlns="App.WebService" />')],
    ['inside an attribute value', envelope('<Authenticate xmlns="App.WebService" a="<!--c-->" />')],
    ['holding --', envelope(authenticate('<!-- a -- b -->'))],
    ['ending in --->', envelope(authenticate('<!-- a --->'))],
    ['never closed', envelope(authenticate('<!-- a'))],
    ['opened with <!- only', envelope(authenticate('<!- a ->'))],
  ])('%s: 400', async (_name, xml) => {
    await expectRefusedBoth(xml);
  });
});
