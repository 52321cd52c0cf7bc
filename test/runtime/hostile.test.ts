/**
 * Hostile input: values that must arrive exactly, XML that must never be
 * expanded, bodies over the limit, clients that misbehave or leave.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequestEnvelope } from '../../runtime/src/soap/soap-envelope.js';
import { encodeFormValues } from '../../runtime/src/http/form-encoding.js';
import { startService, type Running } from './fixture-service.js';
import { postSoap11, postSoap12, send, sendRaw, type RawReply } from './http-client.js';
import { fault11, request11, XML_TYPE } from './soap-messages.js';

let service: Running;
beforeAll(async () => {
  service = await startService({ maxRequestBytes: 4 * 1024 * 1024 });
});
afterAll(() => service.close());

const BASE = '/AuthenticationWebService.asmx';

function lastCall() {
  return service.calls[service.calls.length - 1]!;
}

const HOSTILE: [string, string][] = [
  ['XML specials', '<script>alert("x")</script> & &amp; &lt; \'\''],
  ['a CDATA terminator', 'a]]>b]]]]><![CDATA[c'],
  ['quotes', `"double" 'single' \`back\``],
  ['non-BMP characters', '😀 𝄞 𠜎'],
  ['a CR', 'a\rb'],
  ['an LF', 'a\nb'],
  ['a CRLF', 'a\r\nb\r\n'],
  ['leading and trailing spaces', '   padded \t '],
  ['only whitespace', ' \r\n\t '],
  ['an entity-looking text', '&#xD; &lt; &amp;amp; %0D%0A +'],
  ['JSON', '{"user":"a\\"b","pw":"p&w<d>","list":[1,2],"nested":{"k":"\\u0000"}}'],
  ['line and paragraph separators', 'a\u2028b\u2029c\u0085d'],
  ['the empty string', ''],
];

/** The values above that ASP.NET's request validation refuses over HTTP GET/POST (`<` before a letter or `!`, `&#`). */
const REFUSED_OVER_HTTP = new Set(['XML specials', 'a CDATA terminator', 'an entity-looking text', 'JSON']);

describe('hostile requestJson values reach the handler exactly', () => {
  it.each(HOSTILE)('%s, over SOAP 1.1 and 1.2', async (_name, value) => {
    for (const version of ['1.1', '1.2'] as const) {
      const xml = buildRequestEnvelope(version, 'App.WebService', 'Echo', [{ name: 'requestJson', value }]);
      const reply =
        version === '1.1'
          ? await postSoap11(service.port, xml, '"App.WebService/Echo"')
          : await postSoap12(service.port, xml, null);
      expect(reply.status).toBe(200);
      expect(lastCall().input).toEqual({ requestJson: value });
    }
  });

  it.each(HOSTILE)(
    '%s, over HttpGet and HttpPost: exactly, unless request validation refuses it',
    async (name, value) => {
      const encoded = encodeFormValues([['requestJson', value]]);
      const calls = service.calls.length;
      const got = await send(service.port, `${BASE}/Authenticate?${encoded}`);
      const posted = await send(service.port, `${BASE}/Authenticate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: encoded,
      });
      if (REFUSED_OVER_HTTP.has(name)) {
        // `<` before a letter or `!`, or `&#`: ASP.NET's request validation, on by default (`validateRequest`).
        expect([got.status, posted.status]).toEqual([500, 500]);
        expect(got.text).toMatch(
          /^A potentially dangerous Request\.QueryString value was detected from the client \(requestJson=/,
        );
        expect(posted.text).toMatch(
          /^A potentially dangerous Request\.Form value was detected from the client \(requestJson=/,
        );
        expect(service.calls.length).toBe(calls);
        return;
      }
      expect([got.status, posted.status]).toEqual([200, 200]);
      expect(service.calls.slice(calls).map((c) => c.input)).toEqual([{ requestJson: value }, { requestJson: value }]);
    },
  );

  it.each(HOSTILE)('%s, over HttpGet and HttpPost without request validation: exactly', async (_name, value) => {
    const lenient = await startService({ validateRequest: false });
    try {
      const encoded = encodeFormValues([['requestJson', value]]);
      expect((await send(lenient.port, `${BASE}/Authenticate?${encoded}`)).status).toBe(200);
      const posted = await send(lenient.port, `${BASE}/Authenticate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: encoded,
      });
      expect(posted.status).toBe(200);
      expect(lenient.calls.map((c) => c.input)).toEqual([{ requestJson: value }, { requestJson: value }]);
    } finally {
      await lenient.close();
    }
  });

  it('and come back exactly in a result (a CR as &#xD;)', async () => {
    const value = ' <a>\r\n]]>😀 ';
    const xml = buildRequestEnvelope('1.1', 'App.WebService', 'Echo', [{ name: 'requestJson', value }]);
    const reply = await postSoap11(service.port, xml, 'App.WebService/Echo');
    expect(reply.text).toContain('<EchoResult> &lt;a&gt;&#xD;\n]]&gt;😀 </EchoResult>');
  });

  it('CDATA sections are taken as written', async () => {
    const xml = request11(
      '<Echo xmlns="App.WebService"><requestJson><![CDATA[<x>&amp;]]]]><![CDATA[>]]></requestJson></Echo>',
    );
    await postSoap11(service.port, xml, 'App.WebService/Echo');
    expect(lastCall().input).toEqual({ requestJson: '<x>&amp;]]>' });
  });

  it('a literal CR is normalized like any XML parser does (send &#xD; to keep it)', async () => {
    const xml = request11('<Echo xmlns="App.WebService"><requestJson>a\r\nb\rc</requestJson></Echo>');
    await postSoap11(service.port, xml, 'App.WebService/Echo');
    expect(lastCall().input).toEqual({ requestJson: 'a\nb\nc' });
  });
});

describe('DTDs and entities are never expanded', () => {
  const secretDir = mkdtempSync(join(tmpdir(), 'asmxgen-xxe-'));
  const secretFile = join(secretDir, 'secret.txt');
  writeFileSync(secretFile, 'TOP-SECRET-CONTENT');
  afterAll(() => rmSync(secretDir, { recursive: true, force: true }));

  const attacks: [string, string][] = [
    [
      'XXE on a local file',
      `<?xml version="1.0"?><!DOCTYPE soap:Envelope [<!ENTITY xxe SYSTEM "${pathToFileURL(secretFile).href}">]>` +
        request11('<Echo xmlns="App.WebService"><requestJson>&xxe;</requestJson></Echo>').replace(
          /^<\?xml[^>]*\?>/,
          '',
        ),
    ],
    [
      'billion laughs',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
        '<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">' +
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>' +
        request11('<Echo xmlns="App.WebService"><requestJson>&lol3;</requestJson></Echo>').replace(
          /^<\?xml[^>]*\?>/,
          '',
        ),
    ],
    [
      'an external DTD',
      '<!DOCTYPE soap:Envelope SYSTEM "http://127.0.0.1:1/evil.dtd">' +
        request11('<Echo xmlns="App.WebService"><requestJson>x</requestJson></Echo>').replace(/^<\?xml[^>]*\?>/, ''),
    ],
    ['an undeclared entity', request11('<Echo xmlns="App.WebService"><requestJson>&xxe;</requestJson></Echo>')],
    ['a DOCTYPE inside the Body', request11('<!DOCTYPE x [<!ENTITY e "v">]><Echo xmlns="App.WebService" />')],
  ];

  it.each(attacks)('%s: 400, empty, the handler never called', async (_name, xml) => {
    const before = service.calls.length;
    const reply = await postSoap11(service.port, xml, 'App.WebService/Echo');
    expect(reply.status).toBe(400);
    expect(reply.headers['content-type']).toBe(XML_TYPE);
    expect(reply.body.byteLength).toBe(0);
    expect(service.calls.length).toBe(before);
  });
});

describe('nesting depth', () => {
  const nestedBody = (depth: number) =>
    request11(
      `<Echo xmlns="App.WebService"><requestJson>x</requestJson>${'<z>'.repeat(depth)}${'</z>'.repeat(depth)}</Echo>`,
    );

  it('within the cap: served; beyond it: 400', async () => {
    // Envelope, Body, Echo: 3 levels above the nesting.
    expect((await postSoap11(service.port, nestedBody(61), 'App.WebService/Echo')).status).toBe(200);
    const deep = await postSoap11(service.port, nestedBody(62), 'App.WebService/Echo');
    expect([deep.status, deep.body.byteLength]).toEqual([400, 0]);
  });

  it('an unclosed deep nesting: 400, quickly', async () => {
    const start = Date.now();
    const reply = await postSoap11(service.port, `<a>${'<a>'.repeat(500_000)}`, 'App.WebService/Echo');
    expect(reply.status).toBe(400);
    expect(Date.now() - start).toBeLessThan(5000);
  });

  it('maxXmlDepth sets the cap', async () => {
    const shallow = await startService({ maxXmlDepth: 5 });
    try {
      expect((await postSoap11(shallow.port, nestedBody(1), 'App.WebService/Echo')).status).toBe(200);
      expect((await postSoap11(shallow.port, nestedBody(3), 'App.WebService/Echo')).status).toBe(400);
    } finally {
      await shallow.close();
    }
  });
});

/** Sends `size` bytes (a valid envelope start, then padding) and reads the reply, ignoring write errors after it. */
function sendLarge(
  port: number,
  size: number,
  chunked: boolean,
  path = BASE,
  contentType = 'text/xml; charset=utf-8',
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': contentType, SOAPAction: 'App.WebService/Echo' };
    if (!chunked) headers['Content-Length'] = String(size);
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString() });
      });
      res.on('error', () => undefined);
    });
    req.on('error', (error) => setTimeout(() => reject(error), 200));
    const block = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const length = Math.min(block.length, size - sent);
        sent += length;
        if (!req.write(length === block.length ? block : block.subarray(0, length))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

describe('the request size limit', () => {
  const FIVE_MIB = 5 * 1024 * 1024;
  const EXCEEDED = fault11('Server', 'Server was unable to process request. ---&gt; Maximum request length exceeded.');

  it('a 5 MiB body with Content-Length: the Server fault, the connection closed, the server still serving', async () => {
    const reply = await sendLarge(service.port, FIVE_MIB, false);
    expect(reply.status).toBe(500);
    expect(reply.headers['content-type']).toBe(XML_TYPE);
    expect(reply.headers.connection).toBe('close');
    expect(reply.text).toBe(EXCEEDED);
    expect((await send(service.port, `${BASE}/Echo?requestJson=after`)).text).toContain('>after</string>');
  });

  it('a 5 MiB chunked body: reading stops at the limit, same fault', async () => {
    const reply = await sendLarge(service.port, FIVE_MIB, true);
    expect(reply.status).toBe(500);
    expect(reply.text).toBe(EXCEEDED);
    expect((await send(service.port, `${BASE}/Echo?requestJson=after`)).status).toBe(200);
  });

  it('SOAP 1.2 gets the fault in 1.2; HttpPost a plain-text error', async () => {
    const soap12 = await sendLarge(service.port, FIVE_MIB, false, BASE, 'application/soap+xml; charset=utf-8');
    expect(soap12.text).toContain('<soap:Value>soap:Receiver</soap:Value>');
    expect(soap12.text).toContain('Maximum request length exceeded.');
    const form = await sendLarge(service.port, FIVE_MIB, true, `${BASE}/UploadImage`, 'application/octet-stream');
    expect([form.status, form.text]).toEqual([500, 'Maximum request length exceeded.\r\n']);
  });

  it('a body just under the limit is served', async () => {
    const small = await startService({ maxRequestBytes: 2048 });
    try {
      const xml = request11(`<Echo xmlns="App.WebService"><requestJson>${'a'.repeat(1800)}</requestJson></Echo>`);
      expect(Buffer.byteLength(xml)).toBeLessThan(2048);
      expect((await postSoap11(small.port, xml, 'App.WebService/Echo')).status).toBe(200);
      const over = request11(`<Echo xmlns="App.WebService"><requestJson>${'a'.repeat(2100)}</requestJson></Echo>`);
      expect((await postSoap11(small.port, over, 'App.WebService/Echo')).text).toBe(EXCEEDED);
    } finally {
      await small.close();
    }
  });
});

describe('misbehaving clients', () => {
  it('a client that disconnects aborts ctx.signal', async () => {
    const before = service.calls.length;
    const xml = request11('<Fail xmlns="App.WebService"><kind>wait-abort</kind></Fail>');
    const head =
      `POST ${BASE} HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=utf-8\r\nSOAPAction: App.WebService/Fail\r\n` +
      `Content-Length: ${Buffer.byteLength(xml)}\r\n\r\n`;
    const { connect } = await import('node:net');
    const socket = connect(service.port, '127.0.0.1');
    socket.write(head + xml);
    await waitFor(() => service.calls.length > before);
    const ctx = lastCall().ctx;
    expect(ctx.signal.aborted).toBe(false);
    socket.destroy();
    await waitFor(() => ctx.signal.aborted);
    expect(ctx.signal.aborted).toBe(true);
  });

  it('a client that leaves mid-body, garbage, and a truncated request do not bring the server down', async () => {
    await sendRaw(
      service.port,
      `POST ${BASE} HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nContent-Length: 1000\r\n\r\n<soap:`,
      100,
    );
    const garbage = await sendRaw(service.port, 'GARBAGE\r\n\r\n', 500);
    expect(garbage.toString()).toMatch(/^HTTP\/1\.1 400/);
    await sendRaw(service.port, `GET ${BASE}?wsdl HTTP/1.1\r\nHo`, 100);
    expect((await send(service.port, `${BASE}/Echo?requestJson=alive`)).text).toContain('>alive</string>');
  });

  it('keep-alive connections carry several calls, bodies fully read', async () => {
    const xml = request11('<Echo xmlns="App.WebService"><requestJson>1</requestJson></Echo>');
    const one = `POST ${BASE} HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nSOAPAction: App.WebService/Echo\r\nContent-Length: ${Buffer.byteLength(xml)}\r\n\r\n${xml}`;
    const refused = `POST ${BASE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":`;
    const last = `GET ${BASE}/Echo?requestJson=2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
    const raw = (await sendRaw(service.port, one + refused + last, 2000)).toString();
    expect(raw.match(/HTTP\/1\.1 \d+/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 415', 'HTTP/1.1 200']);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
