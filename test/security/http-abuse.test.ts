/**
 * HTTP abuse against the generated server (`createAuthenticationWebServiceServer`
 * with small `headersTimeoutMs`/`requestTimeoutMs`): broken framing, bodies
 * and headers that never arrive, idle connections, every method on every
 * path, encoded tricks in the operation segment, huge query strings, and
 * header injection over raw sockets (Node's client cannot send CR or LF in a
 * header). Each asserts the exact reply and that the server still serves.
 */
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { send } from '../server/raw-http.js';
import type { RecordingServer } from '../server/recording-server.js';
import {
  authenticate,
  E,
  envelope,
  exchange,
  expectExact,
  expectRefused,
  expectServing,
  expectText,
  expectWellFormedXml,
  FAST_LIMITS,
  fault,
  head,
  NODE_BAD_REQUEST,
  NODE_REQUEST_TIMEOUT,
  rawReplyOf,
  SIZE_FAULT,
  SOAP12_TYPE,
  startServer,
  voidReply,
  XML_TYPE,
} from './helpers.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const XML = envelope(authenticate('v'));
const SOAP_HEADERS = ['Content-Type: text/xml; charset=utf-8', 'SOAPAction: "App.WebService/Authenticate"'];
const soapHead = (...extra: string[]) => head(`POST ${E} HTTP/1.1`, [...SOAP_HEADERS, ...extra]);
const HEADERS_TIMEOUT = FAST_LIMITS.headersTimeoutMs!;
const REQUEST_TIMEOUT = FAST_LIMITS.requestTimeoutMs!;

async function expectNoCallAndServing() {
  expect(server.calls).toEqual([]);
  await expectServing(server);
}

describe('Content-Length and Transfer-Encoding', () => {
  it('no Content-Length and no body: an empty document, refused with 400', async () => {
    const result = await exchange(server.port, soapHead('Connection: close'));
    expectRefused(rawReplyOf(result));
    await expectNoCallAndServing();
  });

  it('no Content-Length with body bytes: the body is no request, Node refuses it with 400 and closes', async () => {
    const result = await exchange(server.port, soapHead() + XML);
    expect(result.text.endsWith(NODE_BAD_REQUEST)).toBe(true);
    expect(result.closedByServer).toBe(true);
    await expectNoCallAndServing();
  });

  it.each([
    ['twice, the same value', [`Content-Length: ${XML.length}`, `Content-Length: ${XML.length}`]],
    ['twice, different values', [`Content-Length: ${XML.length}`, 'Content-Length: 5']],
    ['a list', [`Content-Length: ${XML.length}, ${XML.length}`]],
    ['negative', ['Content-Length: -1']],
    ['with a sign', [`Content-Length: +${XML.length}`]],
    ['in hexadecimal', ['Content-Length: 0x10']],
    ['past 2^64', ['Content-Length: 99999999999999999999999']],
    ['with Transfer-Encoding too (request smuggling)', [`Content-Length: ${XML.length}`, 'Transfer-Encoding: chunked']],
    ['Transfer-Encoding not ending in chunked', ['Transfer-Encoding: chunked, identity']],
  ])('Content-Length %s: Node refuses the request with 400 and closes; no handler runs', async (_name, framing) => {
    const result = await exchange(server.port, soapHead(...framing) + XML);
    expect(result.text).toBe(NODE_BAD_REQUEST);
    expect(result.closedByServer).toBe(true);
    await expectNoCallAndServing();
  });

  it.each([
    ['2^64 - 1', '18446744073709551615'],
    ['one byte over the 4 MiB limit', String(4 * 1024 * 1024 + 1)],
  ])(
    'a declared length of %s: the size fault at once, before any body byte, and the connection closed',
    async (_name, length) => {
      const result = await exchange(server.port, soapHead(`Content-Length: ${length}`), { waitMs: 5000 });
      expect(result.closedByServer).toBe(true);
      expect(result.elapsedMs).toBeLessThan(1000);
      const reply = rawReplyOf(result);
      expectExact(reply, 500, XML_TYPE, SIZE_FAULT);
      expect(reply.headers.connection).toBe('close');
      await expectNoCallAndServing();
    },
  );
});

// Concurrent: each waits out a time-out; each sends its own value, which no handler may ever see.
describe.concurrent('bodies and headers that never arrive (time-outs)', () => {
  const expectTimedOut = (result: { text: string; closedByServer: boolean; elapsedMs: number }, limit: number) => {
    expect(result.text).toBe(NODE_REQUEST_TIMEOUT);
    expect(result.closedByServer).toBe(true);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(limit * 0.8);
    expect(result.elapsedMs).toBeLessThan(limit + 1500);
  };
  const xmlWith = (value: string) => envelope(authenticate(value));
  async function expectNeverHandled(value: string) {
    expect(server.calls.filter((c) => c.input.requestJson === value)).toEqual([]);
    await expectServing(server);
  }

  it('a chunked body that never ends: 408 and closed after requestTimeoutMs', async () => {
    const chunk = xmlWith('never-ends').slice(0, 60);
    const result = await exchange(
      server.port,
      [soapHead('Transfer-Encoding: chunked'), `${chunk.length.toString(16)}\r\n${chunk}\r\n`],
      { waitMs: REQUEST_TIMEOUT + 3000 },
    );
    expectTimedOut(result, REQUEST_TIMEOUT);
    await expectNeverHandled('never-ends');
  });

  it('a body shorter than its Content-Length: 408 after requestTimeoutMs', async () => {
    const xml = xmlWith('short-body');
    const result = await exchange(server.port, [soapHead(`Content-Length: ${xml.length + 100}`), xml], {
      waitMs: REQUEST_TIMEOUT + 3000,
    });
    expectTimedOut(result, REQUEST_TIMEOUT);
    await expectNeverHandled('short-body');
  });

  it('a body trickling in slower than requestTimeoutMs (slowloris body): 408, never handled', async () => {
    const xml = xmlWith('slow-body');
    const result = await exchange(
      server.port,
      [soapHead(`Content-Length: ${xml.length}`), ...xml.match(/[\s\S]{1,16}/g)!],
      {
        gapMs: 150,
        waitMs: REQUEST_TIMEOUT + 3000,
      },
    );
    expectTimedOut(result, REQUEST_TIMEOUT);
    await expectNeverHandled('slow-body');
  });

  it('headers trickling in a byte at a time (slowloris): 408 after headersTimeoutMs', async () => {
    const xml = xmlWith('slow-headers');
    const result = await exchange(server.port, [...soapHead(`Content-Length: ${xml.length}`), xml], {
      gapMs: 50,
      waitMs: HEADERS_TIMEOUT + 3000,
    });
    expectTimedOut(result, HEADERS_TIMEOUT);
    await expectNeverHandled('slow-headers');
  });

  it('500 idle connections: still serving, then every one closed after headersTimeoutMs', async () => {
    const sockets: Socket[] = [];
    const closed: Promise<{ ms: number; text: string }>[] = [];
    const started = performance.now();
    for (let i = 0; i < 500; i++) {
      const socket = connect(server.port, '127.0.0.1');
      socket.on('error', () => undefined);
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      closed.push(
        new Promise((resolve) => socket.on('close', () => resolve({ ms: performance.now() - started, text }))),
      );
      sockets.push(socket);
    }
    await Promise.all(
      sockets.map((s) => new Promise((resolve) => (s.connecting ? s.once('connect', resolve) : resolve(s)))),
    );
    await expectServing(server);
    const results = await Promise.race([
      Promise.all(closed),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('idle connections left open')), HEADERS_TIMEOUT + 4000),
      ),
    ]);
    for (const s of sockets) s.destroy();
    expect(results.every((r) => r.text === NODE_REQUEST_TIMEOUT || r.text === '')).toBe(true);
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(HEADERS_TIMEOUT + 3000);
    await expectServing(server);
  });
});

describe('wrong methods on every path', () => {
  const METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'SEARCH', 'PURGE'];

  it.each(METHODS)('%s: 405 on the endpoint, 500 below it, 404 elsewhere; no handler runs', async (method) => {
    const endpoint = await send(server.port, E, { method });
    expectText(endpoint, 405, 'Request format is unrecognized.');
    expect(endpoint.headers.allow).toBe('GET, HEAD, POST');
    expectText(await send(server.port, `${E}?wsdl`, { method }), 405, 'Request format is unrecognized.');
    for (const pathInfo of ['/Authenticate', '/UploadImage', '/Nope', '/']) {
      expectText(
        await send(server.port, `${E}${pathInfo}?requestJson=x`, { method, body: 'requestJson=x' }),
        500,
        `Request format is unrecognized for URL unexpectedly ending in '${pathInfo}'.`,
      );
    }
    for (const path of ['/', '/elsewhere', '/AuthenticationWebService.asmxx', '/AuthenticationWebService']) {
      expectText(await send(server.port, path, { method }), 404, 'The resource cannot be found.');
    }
    await expectNoCallAndServing();
  });

  it('HEAD on an operation: the same 500, without a body', async () => {
    const reply = await send(server.port, `${E}/Authenticate?requestJson=x`, { method: 'HEAD' });
    expect([reply.status, reply.headers['content-type'], reply.body.byteLength]).toEqual([
      500,
      'text/plain; charset=utf-8',
      0,
    ]);
    await expectNoCallAndServing();
  });

  it('CONNECT: the connection is dropped, nothing answered', async () => {
    const result = await exchange(server.port, 'CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n');
    expect([result.text, result.closedByServer]).toEqual(['', true]);
    await expectNoCallAndServing();
  });

  it('a method HTTP does not know: Node refuses it with 400', async () => {
    const result = await exchange(server.port, head(`FROB ${E} HTTP/1.1`, []));
    expect(result.text).toBe(NODE_BAD_REQUEST);
    await expectNoCallAndServing();
  });
});

describe('path traversal and encoded tricks in the operation segment', () => {
  const unrecognized = (pathInfo: string) =>
    `Request format is unrecognized for URL unexpectedly ending in '${pathInfo}'.`;

  it.each([
    ['/..%2f', '/../'],
    ['/%2e%2e/', '/../'],
    ['/..%2fAuthenticationWebService.asmx%2fAuthenticate', '/../AuthenticationWebService.asmx/Authenticate'],
    ['/../AuthenticationWebService.asmx/Authenticate', '/../AuthenticationWebService.asmx/Authenticate'],
    ['/Authenticate%2f..', '/Authenticate/..'],
    ['/Authenticate/', '/Authenticate/'],
    ['/Authenticate/x', '/Authenticate/x'],
    ['//Authenticate', '//Authenticate'],
    ['/Authenticate%00', '/Authenticate\u0000'],
    ['/%00', '/\u0000'],
    ['/Authenticate%20', '/Authenticate '],
    ['/Authenticate;jsessionid=1', '/Authenticate;jsessionid=1'],
    ['/Authenticate%252f', '/Authenticate%2f'],
    ['/%c0%afAuthenticate', '/%c0%afAuthenticate'],
    ['/%E0%A4%A', '/%E0%A4%A'],
    ['/%uFF21uthenticate', '/%uFF21uthenticate'],
    ['/Ａuthenticate', '/Ａuthenticate'],
    ['/constructor', '/constructor'],
    ['/__proto__', '/__proto__'],
    ['/toString', '/toString'],
  ])('%s: 500 unrecognized URL, no handler runs', async (segment, pathInfo) => {
    const path = `${E}${segment}?requestJson=x`;
    expectText(await send(server.port, encodeURI(path).replace(/%25/g, '%')), 500, unrecognized(pathInfo));
    await expectNoCallAndServing();
  });

  it.each(['/authenticate', '/AUTHENTICATE', '/aUTHENTICATE'])(
    '%s (wrong case): refused, naming the operation',
    async (segment) => {
      const requested = segment.slice(1);
      expectText(
        await send(server.port, `${E}${segment}?requestJson=x`),
        500,
        `Invalid method name &#39;${requested}&#39;,  method names are case sensitive.   ` +
          'The method name &#39;Authenticate&#39; with the same name but different casing was found.' +
          '\r\nParameter name: methodName',
      );
      await expectNoCallAndServing();
    },
  );

  it('an encoded slash before the operation reaches the operation it names, and no other', async () => {
    const reply = await send(server.port, '/AuthenticationWebService.asmx%2fAuthenticate?requestJson=x');
    expect([reply.status, reply.body.byteLength]).toEqual([200, 0]);
    expect(server.calls.map((c) => [c.operation, c.input])).toEqual([['Authenticate', { requestJson: 'x' }]]);
  });
});

describe('query strings and forms of 10^5 parameters', () => {
  const many = Array.from({ length: 100_000 }, (_, i) => `p${i}=${i}`).join('&');

  it('in the URL: Node refuses the request line with 431 (16 KiB of headers at most)', async () => {
    for (const path of [`${E}/Authenticate?${many}&requestJson=x`, `${E}?${many}&wsdl`]) {
      const result = await exchange(server.port, head(`GET ${path} HTTP/1.1`, []));
      expect(result.text).toBe('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n');
    }
    await expectNoCallAndServing();
  });

  it('in an HttpPost form: parsed in linear time, requestJson delivered exactly', async () => {
    const started = performance.now();
    const reply = await send(server.port, `${E}/Authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `${many}&requestJson=%3C%20v%3E`,
    });
    expect([reply.status, reply.body.byteLength]).toEqual([200, 0]);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(server.calls.map((c) => c.input)).toEqual([{ requestJson: '< v>' }]);
  });

  it('in an HttpPost form: request validation goes through every value in linear time, naming the dangerous one', async () => {
    const started = performance.now();
    const reply = await send(server.port, `${E}/Authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `${many}&requestJson=x&last=%3Cv%3E`,
    });
    expect([reply.status, reply.text]).toEqual([
      500,
      'A potentially dangerous Request.Form value was detected from the client (last=&quot;&lt;v&gt;&quot;).\r\n',
    ]);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(server.calls).toEqual([]);
  });

  it('requestJson given 10^5 times: the values joined with "," as ASP.NET does', async () => {
    const reply = await send(server.port, `${E}/Authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: Array.from({ length: 100_000 }, () => 'requestJson=ab').join('&'),
    });
    expect(reply.status).toBe(200);
    expect(server.calls.map((c) => c.input.requestJson)).toEqual([Array(100_000).fill('ab').join(',')]);
  });
});

describe('header injection in SOAPAction (raw sockets)', () => {
  const withAction = (action: string | Buffer) =>
    Buffer.concat([
      Buffer.from(`POST ${E} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml; charset=utf-8\r\nSOAPAction: `),
      Buffer.from(action),
      Buffer.from(`\r\nContent-Length: ${XML.length}\r\nConnection: close\r\n\r\n${XML}`),
    ]);

  it.each([
    ['a bare CR', 'App.WebService/Authenticate\rX-Injected: 1'],
    ['a bare LF', 'App.WebService/Authenticate\nX-Injected: 1'],
    ['an obsolete line folding', 'App.WebService/Authenticate\r\n X-Injected: 1'],
    ['a NUL', 'App.WebService/Authenticate\u0000'],
    ['a DEL', 'App.WebService/Authenticate\u007f'],
    ['a CRLF with nothing after it (an empty header line ends the head early)', '\r\n\r\nGET / HTTP/1.1'],
  ])('%s: Node refuses the request with 400; nothing is injected, no handler runs', async (_name, action) => {
    const result = await exchange(server.port, withAction(action));
    expect(result.statuses[0]).toBe(400);
    expect(result.text).not.toMatch(/X-Injected/i);
    await expectNoCallAndServing();
  });

  it.each([
    ['an encoded CRLF', 'App.WebService/Nope%0D%0AX-Injected:%201', 'App.WebService/Nope&#xD;\nX-Injected: 1'],
    ['an encoded NUL and controls', 'App.WebService/%00%01%1B%7F', 'App.WebService/\uFFFD\uFFFD\uFFFD\u007f'],
    [
      'encoded U+FFFE and a lone surrogate',
      'App.WebService/%EF%BF%BE%ED%A0%80',
      'App.WebService/\uFFFD\uFFFD\uFFFD\uFFFD',
    ],
    ['markup', 'App.WebService/<x>&amp;]]>', 'App.WebService/&lt;x&gt;&amp;amp;]]&gt;'],
    ['Latin-1 bytes', Buffer.from([0x41, 0xff, 0x80]), 'A\u00ff\u0080'],
  ])('%s, decoded: echoed in a well-formed Client fault body only, never as a header', async (_name, action, shown) => {
    const result = await exchange(server.port, withAction(action));
    const reply = rawReplyOf(result);
    expectExact(
      reply,
      500,
      XML_TYPE,
      fault('1.1', 'Client', `Server did not recognize the value of HTTP Header SOAPAction: ${shown}.`),
    );
    expectWellFormedXml(reply.text);
    expect(Object.keys(reply.headers)).not.toContain('x-injected');
    await expectNoCallAndServing();
  });

  it('an encoded NUL in the SOAP 1.2 action parameter: a well-formed Sender fault', async () => {
    const xml12 = envelope('<Nope xmlns="App.WebService" />', { version: '1.2' });
    const reply = await send(server.port, E, {
      method: 'POST',
      headers: { 'Content-Type': `${SOAP12_TYPE}; action="App.WebService/%00"` },
      body: xml12,
    });
    expectExact(
      reply,
      500,
      SOAP12_TYPE,
      fault('1.2', 'Client', "Unable to handle request. The action 'App.WebService/\uFFFD' was not recognized."),
    );
    expectWellFormedXml(reply.text);
    await expectNoCallAndServing();
  });

  it('SOAPAction sent twice: Node joins the values, so no operation matches; no handler runs', async () => {
    const twice = Buffer.from(
      `POST ${E} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml; charset=utf-8\r\n` +
        'SOAPAction: App.WebService/Authenticate\r\nSOAPAction: App.WebService/GetTerm\r\n' +
        `Content-Length: ${XML.length}\r\nConnection: close\r\n\r\n${XML}`,
    );
    const reply = rawReplyOf(await exchange(server.port, twice));
    expectExact(
      reply,
      500,
      XML_TYPE,
      fault(
        '1.1',
        'Client',
        'Server did not recognize the value of HTTP Header SOAPAction: ' +
          'App.WebService/Authenticate, App.WebService/GetTerm.',
      ),
    );
    await expectNoCallAndServing();
  });

  it('a Host header holding markup is escaped in the served WSDL, which stays well-formed', async () => {
    const reply = await send(server.port, `${E}?wsdl`, { headers: { Host: 'evil"><x y="' } });
    expect(reply.status).toBe(200);
    expectWellFormedXml(reply.text);
    expect(reply.text).toContain('location="http://evil&quot;&gt;&lt;x y=&quot;/AuthenticationWebService.asmx"');
  });

  it('a response is never split: one request, one reply, whatever the SOAPAction holds', async () => {
    const reply = await new Promise<{ raw: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          path: E,
          method: 'POST',
          headers: {
            'Content-Type': XML_TYPE,
            SOAPAction: 'x%0d%0aContent-Length:%200%0d%0a%0d%0aHTTP/1.1%20200%20OK',
          },
          agent: false,
        },
        (res) => {
          let raw = '';
          res.on('data', (chunk: Buffer) => (raw += chunk.toString()));
          res.on('end', () => resolve({ raw }));
        },
      );
      req.on('error', reject);
      req.end(XML);
    });
    expectWellFormedXml(reply.raw);
    expect(reply.raw).toContain('SOAPAction: x&#xD;\nContent-Length: 0&#xD;\n&#xD;\nHTTP/1.1 200 OK.');
    await expectNoCallAndServing();
  });
});

describe('the server is untouched by all of the above', () => {
  it('a normal SOAP call still gets the exact void reply', async () => {
    expectExact(
      await send(server.port, E, {
        method: 'POST',
        headers: { 'Content-Type': XML_TYPE, SOAPAction: 'App.WebService/Authenticate' },
        body: XML,
      }),
      200,
      XML_TYPE,
      voidReply('1.1'),
    );
  });
});
