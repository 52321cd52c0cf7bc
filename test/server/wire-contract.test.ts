/**
 * Wire contract §1 to §5 (../shared/reference/wire-contract.md) against the
 * GENERATED server for the default spec: status, content type and exact body
 * bytes of every row. Expected messages are spelled out here by hand, from the
 * contract's text, not built with the runtime's own builders. Every reply is
 * also checked for leaked internals (see `raw-http.ts`).
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SoapFault } from '../../generated/index.js';
import { sharedFile } from '../shared-files.js';
import { FILE_PATH, send, STACK_FRAME, type RawReply } from './raw-http.js';
import {
  ENDPOINT_PATH,
  OPERATIONS,
  startRecordingServer,
  WITH_REQUEST_JSON,
  type RecordedCall,
  type RecordingServer,
} from './recording-server.js';

const NS = 'App.WebService';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const XML_TYPE = 'text/xml; charset=utf-8';
const SOAP12_TYPE = 'application/soap+xml; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const CACHE_CONTROL = 'private, max-age=0';
const DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';
const E = ENDPOINT_PATH;

type Version = '1.1' | '1.2';
const envelopeNs = (version: Version) => (version === '1.1' ? SOAP11 : SOAP12);
const soapType = (version: Version) => (version === '1.1' ? XML_TYPE : SOAP12_TYPE);

/** A request envelope as clients send it. */
function request(version: Version, body: string, header?: string): string {
  const head = header === undefined ? '' : `<soap:Header>${header}</soap:Header>`;
  const open = `${DECLARATION}<soap:Envelope xmlns:soap="${envelopeNs(version)}">`;
  return `${open}${head}<soap:Body>${body}</soap:Body></soap:Envelope>`;
}

const call = (op: string, inner = '') => `<${op} xmlns="${NS}">${inner}</${op}>`;
const withJson = (op: string, value: string) => call(op, `<requestJson>${value}</requestJson>`);

/** The reply envelope ASMX writes (§3): one line, prefix `soap` in both versions. */
function replyEnvelope(version: Version, body: string): string {
  return (
    `${DECLARATION}<soap:Envelope xmlns:soap="${envelopeNs(version)}" ` +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    `<soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

const voidReply = (version: Version, op: string) => replyEnvelope(version, `<${op}Response xmlns="${NS}" />`);

/** A fault (§4); `message` already escaped. Codes are 1.1 names, mapped for 1.2. */
function fault(version: Version, code: 'Client' | 'Server' | 'VersionMismatch', message: string, detail?: string) {
  if (version === '1.1') {
    const detailElement = detail === undefined ? '<detail />' : `<detail>${detail}</detail>`;
    return replyEnvelope(
      '1.1',
      `<soap:Fault><faultcode>soap:${code}</faultcode><faultstring>${message}</faultstring>` +
        `${detailElement}</soap:Fault>`,
    );
  }
  const value = code === 'Client' ? 'Sender' : code === 'Server' ? 'Receiver' : code;
  const detailElement = detail === undefined ? '<soap:Detail />' : `<soap:Detail>${detail}</soap:Detail>`;
  return replyEnvelope(
    '1.2',
    `<soap:Fault><soap:Code><soap:Value>soap:${value}</soap:Value></soap:Code>` +
      `<soap:Reason><soap:Text xml:lang="en">${message}</soap:Text></soap:Reason>${detailElement}</soap:Fault>`,
  );
}

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.behaviour = undefined;
});

function expectReply(reply: RawReply, status: number, contentType: string | undefined, body: string): void {
  expect({ status: reply.status, contentType: reply.headers['content-type'], body: reply.text }).toEqual({
    status,
    contentType,
    body,
  });
  expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(body)));
}

const expectText = (reply: RawReply, status: number, message: string) =>
  expectReply(reply, status, TEXT_TYPE, `${message}\r\n`);

/** `200`, empty, `Content-Length: 0`, no Content-Type, `Cache-Control: private, max-age=0` (§3, observed). */
function expectHttpVoid(reply: RawReply): void {
  expect(reply.status).toBe(200);
  expect(reply.body.byteLength).toBe(0);
  expect(reply.headers['content-length']).toBe('0');
  expect(reply.headers['content-type']).toBeUndefined();
  expect(reply.headers['cache-control']).toBe(CACHE_CONTROL);
}

/** POST to the endpoint: SOAP 1.1 style (`text/xml`, SOAPAction as given unless null). */
function post11(xml: string, soapAction: string | null, contentType = XML_TYPE): Promise<RawReply> {
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (soapAction !== null) headers.SOAPAction = soapAction;
  return send(server.port, E, { method: 'POST', headers, body: xml });
}

/** POST to the endpoint: SOAP 1.2 style (`application/soap+xml`, the `action` parameter unless null). */
function post12(xml: string, action: string | null): Promise<RawReply> {
  const contentType = `application/soap+xml; charset=utf-8${action === null ? '' : `; action="${action}"`}`;
  return send(server.port, E, { method: 'POST', headers: { 'Content-Type': contentType }, body: xml });
}

/** Sends a SOAP call the standard way for its version. */
function postSoap(version: Version, op: string, body: string): Promise<RawReply> {
  const xml = request(version, body);
  return version === '1.1' ? post11(xml, `"${NS}/${op}"`) : post12(xml, `${NS}/${op}`);
}

const httpGet = (op: string, query?: string) =>
  send(server.port, `${E}/${op}${query === undefined ? '' : `?${query}`}`);
const httpPost = (op: string, body: string | Uint8Array, contentType = 'application/x-www-form-urlencoded') =>
  send(server.port, `${E}/${op}`, { method: 'POST', headers: { 'Content-Type': contentType }, body });

function onlyCall(): RecordedCall {
  expect(server.calls).toHaveLength(1);
  return server.calls[0]!;
}

const VALUE = '{"user":"a<b&c","pass":"x y"}';
const VALUE_XML = '{"user":"a&lt;b&amp;c","pass":"x y"}';
/** `VALUE` as HTTP GET/POST can carry it: request validation (§4) refuses `<` before a letter there. */
const FORM_VALUE = '{"user":"a< b&c","pass":"x y"}';

describe('§1 WSDL', () => {
  const reference = readFileSync(sharedFile('reference/AuthenticationWebService.wsdl'), 'utf8');

  it.each(['wsdl', 'WSDL', 'Wsdl', 'wSdL'])(
    '?%s: the reference WSDL byte for byte, naming the host used',
    async (key) => {
      const reply = await send(server.port, `${E}?${key}`);
      expectReply(reply, 200, XML_TYPE, reference.replaceAll('localhost:8080', `127.0.0.1:${server.port}`));
      expect(reply.headers['cache-control']).toBe(CACHE_CONTROL);
    },
  );

  it('the addresses come from the Host header the client sent', async () => {
    const reply = await send(server.port, `${E}?wsdl`, { headers: { Host: 'asmx.example:8443' } });
    expectReply(reply, 200, XML_TYPE, reference.replaceAll('localhost:8080', 'asmx.example:8443'));
  });

  it('the reference has the four addresses the host is substituted in', () => {
    expect(reference.match(/localhost:8080/g)).toHaveLength(4);
  });
});

describe('§2 dispatch table', () => {
  it('POST /X.asmx: SOAP', async () => {
    expectReply(
      await postSoap('1.1', 'Authenticate', withJson('Authenticate', VALUE_XML)),
      200,
      XML_TYPE,
      voidReply('1.1', 'Authenticate'),
    );
    expect(onlyCall()).toEqual({
      operation: 'Authenticate',
      transport: 'soap11',
      input: { requestJson: VALUE },
      files: [],
    });
  });

  it('GET /X.asmx and any other query: the help page', async () => {
    const help = await send(server.port, E);
    expect([help.status, help.headers['content-type']]).toEqual([200, HTML_TYPE]);
    for (const query of ['?foo=bar', '?', '?op=', '?disco=1', '?wsdl&']) {
      expect((await send(server.port, `${E}${query}`)).text).toBe(help.text);
    }
  });

  it('GET /X.asmx?wsdl=<id>, an empty id too: 500 text/plain, no such service description (observed)', async () => {
    for (const query of ['?wsdl=1', '?wsdl=', '?WSDL=x']) {
      expectText(await send(server.port, `${E}${query}`), 500, 'XML Web service description was not found.');
    }
  });

  it('GET /X.asmx/Op?requestJson=...: HttpGet', async () => {
    expectHttpVoid(await httpGet('Authenticate', `requestJson=${encodeURIComponent(FORM_VALUE)}`));
    expect(onlyCall()).toEqual({
      operation: 'Authenticate',
      transport: 'httpGet',
      input: { requestJson: FORM_VALUE },
      files: [],
    });
  });

  it('POST /X.asmx/Op with a form body: HttpPost', async () => {
    expectHttpVoid(await httpPost('LoginOut', `requestJson=${encodeURIComponent(FORM_VALUE)}`));
    expect(onlyCall()).toEqual({
      operation: 'LoginOut',
      transport: 'httpPost',
      input: { requestJson: FORM_VALUE },
      files: [],
    });
  });

  it.each([
    ['PUT', '/Authenticate'],
    ['DELETE', '/Authenticate'],
    ['PATCH', '/LoginOut'],
    ['GET', '/'],
    ['POST', '/'],
    ['GET', '/Nope'],
    ['POST', '/Nope'],
    ['GET', '/Authenticate/extra'],
  ])('%s /X.asmx%s: 500 Request format is unrecognized for URL …', async (method, path) => {
    const reply = await send(server.port, `${E}${path}`, {
      method,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : 'requestJson=x',
    });
    expectText(reply, 500, `Request format is unrecognized for URL unexpectedly ending in '${path}'.`);
    expect(server.calls).toEqual([]);
  });

  it.each(['PUT', 'DELETE'])('%s /X.asmx: 405 Request format is unrecognized.', async (method) => {
    expectText(
      await send(server.port, E, { method, body: request('1.1', call('LoginOut')) }),
      405,
      'Request format is unrecognized.',
    );
    expect(server.calls).toEqual([]);
  });

  it('operation names are case-sensitive: a wrong-case name is refused, naming the right one', async () => {
    // .NET's ArgumentException (WebInvalidMethodNameCase, its spaces as they are), HTML-encoded.
    const refusal = (requested: string) =>
      `Invalid method name &#39;${requested}&#39;,  method names are case sensitive.   The method name ` +
      '&#39;Authenticate&#39; with the same name but different casing was found.\r\nParameter name: methodName';
    expectText(await httpGet('authenticate', 'requestJson=x'), 500, refusal('authenticate'));
    expectText(await httpPost('AUTHENTICATE', 'requestJson=x'), 500, refusal('AUTHENTICATE'));
    expect(server.calls).toEqual([]);
  });
});

describe('§2 SOAP version and routing', () => {
  it('SOAP 1.1, SOAPAction quoted and unquoted: routed on SOAPAction, answered in 1.1', async () => {
    for (const soapAction of ['"App.WebService/GetTerm"', 'App.WebService/GetTerm']) {
      // The Body names another operation: SOAPAction alone decides.
      const reply = await post11(request('1.1', withJson('LoginOut', 'x')), soapAction);
      expectReply(reply, 200, XML_TYPE, voidReply('1.1', 'GetTerm'));
    }
    expect(server.calls.map((c) => [c.operation, c.transport])).toEqual([
      ['GetTerm', 'soap11'],
      ['GetTerm', 'soap11'],
    ]);
  });

  it('SOAP 1.2 with the action parameter: the action wins over the Body element', async () => {
    const reply = await post12(request('1.2', withJson('Authenticate', 'x')), 'App.WebService/LoginOut');
    expectReply(reply, 200, SOAP12_TYPE, voidReply('1.2', 'LoginOut'));
    // The Body's element is not LoginOut's request element: its parameter is absent.
    expect(onlyCall()).toMatchObject({ operation: 'LoginOut', transport: 'soap12' });
    expect(onlyCall().input.requestJson).toBeUndefined();
  });

  it('SOAP 1.2 without an action, or with an unknown one: routed on the Body element', async () => {
    expectReply(
      await post12(request('1.2', withJson('GetTerm', 'a')), null),
      200,
      SOAP12_TYPE,
      voidReply('1.2', 'GetTerm'),
    );
    expectReply(
      await post12(request('1.2', withJson('GetTerm', 'b')), 'App.WebService/Nope'),
      200,
      SOAP12_TYPE,
      voidReply('1.2', 'GetTerm'),
    );
    expect(server.calls).toEqual([
      { operation: 'GetTerm', transport: 'soap12', input: { requestJson: 'a' }, files: [] },
      { operation: 'GetTerm', transport: 'soap12', input: { requestJson: 'b' }, files: [] },
    ]);
  });

  it('SOAP 1.1 without SOAPAction: routed on the Body element, answered in 1.1 (observed)', async () => {
    expectReply(
      await post11(request('1.1', withJson('GetTerm', 'c')), null),
      200,
      XML_TYPE,
      voidReply('1.1', 'GetTerm'),
    );
    expect(onlyCall()).toEqual({ operation: 'GetTerm', transport: 'soap11', input: { requestJson: 'c' }, files: [] });
  });

  it('a SOAP 1.2 envelope as text/xml with SOAPAction: the envelope decides the reply’s version', async () => {
    const reply = await post11(request('1.2', withJson('GetTerm', 'd')), '"App.WebService/GetTerm"');
    expectReply(reply, 200, SOAP12_TYPE, voidReply('1.2', 'GetTerm'));
    expect(onlyCall().transport).toBe('soap12');
  });

  it('a SOAP 1.1 envelope sent as application/soap+xml: 415, empty', async () => {
    const reply = await post12(request('1.1', withJson('GetTerm', 'e')), 'App.WebService/GetTerm');
    expect([reply.status, reply.body.byteLength]).toEqual([415, 0]);
    expect(server.calls).toEqual([]);
  });

  it.each([
    ['application/json', { 'Content-Type': 'application/json', SOAPAction: '"App.WebService/GetTerm"' }],
    ['text/plain', { 'Content-Type': 'text/plain; charset=utf-8', SOAPAction: '"App.WebService/GetTerm"' }],
    ['a form', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['no content type', { SOAPAction: '"App.WebService/GetTerm"' }],
  ])('SOAP sent as %s: 415, empty', async (_name, headers) => {
    const reply = await send(server.port, E, {
      method: 'POST',
      headers,
      body: request('1.1', withJson('GetTerm', 'f')),
    });
    expect([reply.status, reply.body.byteLength]).toEqual([415, 0]);
    expect(server.calls).toEqual([]);
  });
});

describe('§2 parameter binding', () => {
  describe.each(['1.1', '1.2'] as const)('SOAP %s', (version) => {
    const bind = async (inner: string) => {
      expectReply(
        await postSoap(version, 'Authenticate', call('Authenticate', inner)),
        200,
        soapType(version),
        voidReply(version, 'Authenticate'),
      );
      const recorded = onlyCall();
      expect(recorded.transport).toBe(version === '1.1' ? 'soap11' : 'soap12');
      return recorded.input.requestJson;
    };

    it('requestJson missing: the handler gets undefined', async () => {
      expect(await bind('')).toBeUndefined();
    });

    it('an empty element: ""', async () => {
      expect(await bind('<requestJson />')).toBe('');
      server.reset();
      expect(await bind('<requestJson></requestJson>')).toBe('');
    });

    it('xsi:nil="true": "" (the element is not nillable)', async () => {
      expect(await bind('<requestJson xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" />')).toBe(
        '',
      );
    });

    it('unknown and wrong-namespace children are skipped', async () => {
      expect(
        await bind(
          '<unknown>1</unknown><requestJson xmlns="urn:other">2</requestJson><requestJson>3</requestJson><x>4</x>',
        ),
      ).toBe('3');
    });

    it('requestJson twice: the first wins', async () => {
      expect(await bind('<requestJson>first</requestJson><requestJson>second</requestJson>')).toBe('first');
    });

    it('text is kept exactly: spaces, escapes, CDATA, a CR written as &#xD;', async () => {
      expect(await bind('<requestJson>  a&lt;&amp;&gt;"\'<![CDATA[<x>]]>&#xD;&#13;\n😀 </requestJson>')).toBe(
        '  a<&>"\'<x>\r\r\n😀 ',
      );
    });

    it('the parameterless UploadImage gets an empty input', async () => {
      expectReply(
        await postSoap(version, 'UploadImage', call('UploadImage')),
        200,
        soapType(version),
        voidReply(version, 'UploadImage'),
      );
      expect(onlyCall()).toEqual({
        operation: 'UploadImage',
        transport: version === '1.1' ? 'soap11' : 'soap12',
        input: {},
        files: [],
      });
    });
  });

  describe.each(['httpGet', 'httpPost'] as const)('%s', (transport) => {
    const invoke = (op: string, form: string | undefined) =>
      transport === 'httpGet' ? httpGet(op, form) : httpPost(op, form ?? '');

    it('requestJson= gives ""', async () => {
      expectHttpVoid(await invoke('Authenticate', 'requestJson='));
      expect(onlyCall()).toEqual({ operation: 'Authenticate', transport, input: { requestJson: '' }, files: [] });
    });

    it('a missing requestJson: 500 text/plain Missing parameter: requestJson.', async () => {
      expectText(await invoke('Authenticate', undefined), 500, 'Missing parameter: requestJson.');
      expectText(await invoke('Authenticate', 'other=1'), 500, 'Missing parameter: requestJson.');
      // A name without "=" is no parameter: ASP.NET files it under the query/form collection's null key.
      expectText(await invoke('Authenticate', 'requestJson'), 500, 'Missing parameter: requestJson.');
      expect(server.calls).toEqual([]);
    });

    it('requestJson given more than once: its values joined with "," (ASP.NET’s NameValueCollection; observed)', async () => {
      for (const form of ['requestJson=a&requestJson=b', 'requestJson=a&requestJson=', 'requestJson=&requestJson=b']) {
        expectHttpVoid(await invoke('Authenticate', form));
      }
      expect(server.calls.map((c) => c.input.requestJson)).toEqual(['a,b', 'a,', ',b']);
    });

    it('a value arrives exactly, %uXXXX escapes (as .NET proxies send them) included', async () => {
      const value = '  <&>"\'+ ]]> é😀\r\n\r ';
      expectHttpVoid(await invoke('Authenticate', `requestJson=${encodeURIComponent(value)}`));
      expectHttpVoid(await invoke('Authenticate', 'requestJson=a%u00E9%uD83D%uDE00+b'));
      expect(server.calls.map((c) => c.input.requestJson)).toEqual([value, 'aé😀 b']);
    });
  });

  it('HttpPost of UploadImage takes any body and content type; multipart parts become ctx.files', async () => {
    const boundary = 'asmxgen-boundary';
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="userId"\r\n\r\n42\r\n--${boundary}--\r\n`,
      ),
    ]);
    expectHttpVoid(await httpPost('UploadImage', body, `multipart/form-data; boundary=${boundary}`));
    expectHttpVoid(await httpPost('UploadImage', Buffer.from([1, 2, 3]), 'application/octet-stream'));
    expectHttpVoid(await httpPost('UploadImage', 'a=1'));
    expect(server.calls.map((c) => [c.operation, c.transport])).toEqual([
      ['UploadImage', 'httpPost'],
      ['UploadImage', 'httpPost'],
      ['UploadImage', 'httpPost'],
    ]);
    const [multipart, raw, form] = server.calls.map((c) =>
      c.files.map((f) => ({ ...f, data: Buffer.from(f.data).toString('hex') })),
    );
    expect(multipart).toEqual([
      { field: 'image', filename: 'me.png', contentType: 'image/png', data: png.toString('hex') },
      { field: 'userId', filename: '', contentType: 'text/plain', data: Buffer.from('42').toString('hex') },
    ]);
    expect(raw).toEqual([{ field: '', filename: '', contentType: 'application/octet-stream', data: '010203' }]);
    expect(form).toEqual([]);
  });
});

describe('§3 success', () => {
  it.each(['1.1', '1.2'] as const)('SOAP %s: the exact one-line void reply of every operation', async (version) => {
    for (const op of OPERATIONS) {
      const body = op === 'UploadImage' ? call(op) : withJson(op, 'v');
      const reply = await postSoap(version, op, body);
      expectReply(reply, 200, soapType(version), voidReply(version, op));
      expect(reply.headers['cache-control']).toBe(CACHE_CONTROL);
    }
    expect(server.calls.map((c) => c.operation)).toEqual(OPERATIONS);
    expect(new Set(server.calls.map((c) => c.transport))).toEqual(new Set([version === '1.1' ? 'soap11' : 'soap12']));
  });

  it('the contract’s SOAP 1.1 reply, verbatim', async () => {
    const reply = await postSoap('1.1', 'Authenticate', withJson('Authenticate', 'x'));
    expect(reply.text).toBe(
      '<?xml version="1.0" encoding="utf-8"?>' +
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
        '<soap:Body>' +
        '<AuthenticateResponse xmlns="App.WebService" /></soap:Body></soap:Envelope>',
    );
  });

  it.each(['httpGet', 'httpPost'] as const)(
    '%s: every operation’s void reply is empty, with the headers observed',
    async (transport) => {
      for (const op of OPERATIONS) {
        const form = op === 'UploadImage' ? '' : 'requestJson=v';
        expectHttpVoid(transport === 'httpGet' ? await httpGet(op, form) : await httpPost(op, form));
      }
      expect(server.calls.map((c) => [c.operation, c.transport])).toEqual(OPERATIONS.map((op) => [op, transport]));
    },
  );

  it.each(['httpGet', 'httpPost'] as const)(
    '%s from a wsdl.exe proxy: the empty void reply is chunked, so Mono’s proxies free the connection',
    async (transport) => {
      // Mono's proxies never close a reply framed by Content-Length: 0, and hang on their third call
      // (see test/interop/dotnet-proxies.test.ts); they and .NET's send this User-Agent.
      const headers = {
        'User-Agent': 'Mozilla/4.0 (compatible; MSIE 6.0; MS Web Services Client Protocol 4.0.30319.42000)',
      };
      const reply =
        transport === 'httpGet'
          ? await send(server.port, `${E}/LoginOut?requestJson=v`, { headers })
          : await send(server.port, `${E}/LoginOut`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
              body: 'requestJson=v',
            });
      expect(reply.status).toBe(200);
      expect(reply.body.byteLength).toBe(0);
      expect(reply.headers['transfer-encoding']).toBe('chunked');
      expect(reply.headers['content-length']).toBeUndefined();
      expect(reply.headers['content-type']).toBeUndefined();
      expect(reply.headers['cache-control']).toBe(CACHE_CONTROL);
      expect(onlyCall()).toEqual({ operation: 'LoginOut', transport, input: { requestJson: 'v' }, files: [] });
    },
  );
});

describe('§4 faults and errors', () => {
  it('an unknown SOAPAction: the contract’s fault, verbatim', async () => {
    const reply = await post11(request('1.1', withJson('Authenticate', 'x')), '"App.WebService/Nope"');
    expectReply(
      reply,
      500,
      XML_TYPE,
      '<?xml version="1.0" encoding="utf-8"?>' +
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
        '<soap:Body>' +
        '<soap:Fault><faultcode>soap:Client</faultcode><faultstring>Server did not recognize the value of ' +
        'HTTP Header SOAPAction: App.WebService/Nope.</faultstring><detail /></soap:Fault></soap:Body></soap:Envelope>',
    );
  });

  it('SOAPAction "" and a SOAPAction in the wrong case: unknown', async () => {
    const xml = request('1.1', withJson('Authenticate', 'x'));
    expectReply(
      await post11(xml, '""'),
      500,
      XML_TYPE,
      fault('1.1', 'Client', 'Server did not recognize the value of HTTP Header SOAPAction: .'),
    );
    expectReply(
      await post11(xml, '"App.WebService/authenticate"'),
      500,
      XML_TYPE,
      fault(
        '1.1',
        'Client',
        'Server did not recognize the value of HTTP Header SOAPAction: App.WebService/authenticate.',
      ),
    );
    expect(server.calls).toEqual([]);
  });

  it('SOAP 1.2, neither the action nor the Body element known', async () => {
    const xml = request('1.2', call('Nope'));
    expectReply(
      await post12(xml, 'App.WebService/Nope'),
      500,
      SOAP12_TYPE,
      fault('1.2', 'Client', "Unable to handle request. The action 'App.WebService/Nope' was not recognized."),
    );
    expectReply(
      await post12(xml, null),
      500,
      SOAP12_TYPE,
      fault(
        '1.2',
        'Client',
        'Unable to handle request without a valid action parameter. Please supply a valid soap action.',
      ),
    );
    // The request element in another namespace is not the operation's.
    expectReply(
      await post12(request('1.2', '<Authenticate xmlns="urn:other" />'), null),
      500,
      SOAP12_TYPE,
      fault(
        '1.2',
        'Client',
        'Unable to handle request without a valid action parameter. Please supply a valid soap action.',
      ),
    );
    expect(server.calls).toEqual([]);
  });

  const AUTH11 = request('1.1', withJson('Authenticate', 'x'));
  it.each([
    ['malformed XML', `${DECLARATION}<soap:Envelope xmlns:soap="${SOAP11}"><soap:Body>`],
    ['an empty body', ''],
    ['text that is not XML', 'requestJson=x'],
    ['a DTD', `<!DOCTYPE soap:Envelope>${AUTH11}`],
    [
      'an internal entity (never expanded)',
      `<!DOCTYPE soap:Envelope [<!ENTITY e "boom">]>${request('1.1', withJson('Authenticate', '&e;'))}`,
    ],
    [
      'an external entity',
      `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${request('1.1', withJson('Authenticate', '&e;'))}`,
    ],
    ['a character XML does not allow', request('1.1', withJson('Authenticate', '\u0001'))],
    ['a reference to one', request('1.1', withJson('Authenticate', '&#x1;'))],
    ['an undefined entity', request('1.1', withJson('Authenticate', '&nbsp;'))],
  ])('%s: 400, empty body, SOAP content type', async (_name, xml) => {
    expectReply(await post11(xml, '"App.WebService/Authenticate"'), 400, XML_TYPE, '');
    expectReply(await post12(xml.replace(SOAP11, SOAP12), 'App.WebService/Authenticate'), 400, SOAP12_TYPE, '');
    expect(server.calls).toEqual([]);
  });

  it.each(['1.1', '1.2'] as const)('SOAP %s without a Body: Client fault', async (version) => {
    const noBody = `${DECLARATION}<soap:Envelope xmlns:soap="${envelopeNs(version)}"><soap:Header /></soap:Envelope>`;
    const expected = fault(
      version,
      'Client',
      'Server was unable to read request. ---&gt; Request format is invalid: Missing required soap:Body element.',
    );
    const reply =
      version === '1.1' ? await post11(noBody, '"App.WebService/Authenticate"') : await post12(noBody, null);
    expectReply(reply, 500, soapType(version), expected);
  });

  it('an unknown envelope namespace: VersionMismatch, after a SOAP 1.2 Upgrade header (observed)', async () => {
    const xml = '<soap:Envelope xmlns:soap="urn:bogus"><soap:Body /></soap:Envelope>';
    const upgrade =
      `<soap:Header><soap12:Upgrade xmlns:soap12="${SOAP12}">` +
      `<soap12:SupportedEnvelope qname="soap:Envelope" xmlns:soap="${SOAP11}" />` +
      `<soap12:SupportedEnvelope qname="soap12:Envelope" xmlns:soap12="${SOAP12}" />` +
      '</soap12:Upgrade></soap:Header>';
    const expected = fault(
      '1.1',
      'VersionMismatch',
      `Possible SOAP version mismatch: Envelope namespace urn:bogus was unexpected. Expecting ${SOAP11}.`,
    ).replace('<soap:Body>', `${upgrade}<soap:Body>`);
    expectReply(await post11(xml, '"App.WebService/Authenticate"'), 500, XML_TYPE, expected);
    expectReply(await post12(xml, null), 500, XML_TYPE, expected);
  });

  // "A value that does not convert (e.g. int)": every parameter of the default spec is a string, which
  // any text converts to; the runtime tests cover that row with a typed fixture service.

  describe('the operation throws', () => {
    beforeEach(() => {
      server.behaviour = (recorded) => {
        const error = new Error(`secret ${String(recorded.input.requestJson)} at /work/main/secret.ts:12:3`);
        error.stack = `Error: secret\n    at handler (/work/main/secret.ts:12:3)\n    at file:///work/main/x.js:1:1`;
        if (recorded.input.requestJson === 'fault')
          throw new SoapFault('Client', 'Bad <requestJson> & co', 'see <doc>');
        throw error;
      };
    });

    it.each(['1.1', '1.2'] as const)(
      'SOAP %s: a Server fault, the error’s message and stack kept to the server',
      async (version) => {
        const reply = await postSoap(version, 'LoginOut', withJson('LoginOut', 'boom'));
        expectReply(reply, 500, soapType(version), fault(version, 'Server', 'Server was unable to process request.'));
        expect(onlyCall().operation).toBe('LoginOut');
      },
    );

    it.each(['1.1', '1.2'] as const)('SOAP %s: a SoapFault is answered as thrown, escaped', async (version) => {
      const reply = await postSoap(version, 'LoginOut', withJson('LoginOut', 'fault'));
      expectReply(
        reply,
        500,
        soapType(version),
        fault(version, 'Client', 'Bad &lt;requestJson&gt; &amp; co', 'see &lt;doc&gt;'),
      );
    });

    it.each(['httpGet', 'httpPost'] as const)(
      '%s: 500 text/plain, the message and a CRLF, no stack trace',
      async (transport) => {
        const invoke = transport === 'httpGet' ? httpGet : httpPost;
        expectText(await invoke('LoginOut', 'requestJson=boom'), 500, 'Server was unable to process request.');
        expectText(await invoke('LoginOut', 'requestJson=fault'), 500, 'Bad &lt;requestJson&gt; &amp; co');
        expect(server.calls.map((c) => c.transport)).toEqual([transport, transport]);
      },
    );
  });

  it.each(['1.1', '1.2'] as const)(
    'SOAP %s over the size limit (4096 KB): a Server fault, the connection closed',
    async (version) => {
      const filler = 'x'.repeat(4 * 1024 * 1024);
      const xml = request(version, withJson('Authenticate', filler));
      const reply = version === '1.1' ? await post11(xml, '"App.WebService/Authenticate"') : await post12(xml, null);
      expectReply(
        reply,
        500,
        soapType(version),
        fault(version, 'Server', 'Server was unable to process request. ---&gt; Maximum request length exceeded.'),
      );
      expect(reply.headers.connection).toBe('close');
      expect(server.calls).toEqual([]);
    },
  );
});

/**
 * One request on a fresh socket, and the reply's bytes as they came (the `Date` header's value blanked): the exact
 * bytes of a reply, status line and headers included.
 */
function exchangeBytes(port: number, head: string, body = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const length = body === '' ? '' : `Content-Length: ${Buffer.byteLength(body)}\r\n`;
      socket.end(`${head}\r\nHost: x\r\n${length}Connection: close\r\n\r\n${body}`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('utf8')
          .replace(/\r\nDate: [^\r]*/, '\r\nDate: -'),
      ),
    );
  });
}

describe('§4 ASP.NET request validation of HTTP GET and POST values (observed)', () => {
  const dangerous = (collection: string, named: string) =>
    `A potentially dangerous Request.${collection} value was detected from the client (${named}).`;
  const invokeOver = (transport: 'httpGet' | 'httpPost') => (op: string, form: string) =>
    transport === 'httpGet' ? httpGet(op, form) : httpPost(op, form);
  const collectionOf = (transport: 'httpGet' | 'httpPost') => (transport === 'httpGet' ? 'QueryString' : 'Form');

  it('HttpGet: these exact bytes, and the handler is not called', async () => {
    const message =
      'A potentially dangerous Request.QueryString value was detected from the client ' +
      '(requestJson=&quot;{&quot;user&quot;:&quot;a&lt;b&amp;c&quot;}&quot;).\r\n';
    expect(
      await exchangeBytes(server.port, `GET ${E}/Authenticate?requestJson=%7B%22user%22%3A%22a%3Cb%26c%22%7D HTTP/1.1`),
    ).toBe(
      'HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/plain; charset=utf-8\r\n' +
        `Cache-Control: private, max-age=0\r\nContent-Length: ${Buffer.byteLength(message)}\r\nDate: -\r\n` +
        `Connection: close\r\n\r\n${message}`,
    );
    expect(server.calls).toEqual([]);
  });

  it('HttpPost: these exact bytes, naming Request.Form, and the handler is not called', async () => {
    const message =
      'A potentially dangerous Request.Form value was detected from the client (requestJson=&quot;a&amp;#65;&quot;).\r\n';
    expect(
      await exchangeBytes(
        server.port,
        `POST ${E}/LoginOut HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded`,
        'requestJson=a%26%2365%3B',
      ),
    ).toBe(
      'HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/plain; charset=utf-8\r\n' +
        `Cache-Control: private, max-age=0\r\nContent-Length: ${Buffer.byteLength(message)}\r\nDate: -\r\n` +
        `Connection: close\r\n\r\n${message}`,
    );
    expect(server.calls).toEqual([]);
  });

  describe.each(['httpGet', 'httpPost'] as const)('%s', (transport) => {
    const invoke = invokeOver(transport);
    const collection = collectionOf(transport);

    it.each([
      ['a%3Cb', '&quot;a&lt;b&quot;'],
      ['a%3CB', '&quot;a&lt;B&quot;'],
      ['a%3C!', '&quot;a&lt;!&quot;'],
      ['a%3C%01', '&quot;a&lt;\u0001&quot;'],
      ['a%3C%09', '&quot;a&lt;\t&quot;'],
      ['a%26%23', '&quot;a&amp;#&quot;'],
      ['%EF%BC%9Ca', '&quot;&#65308;a&quot;'],
      ['%3Cb0123456789012345678901234567890', '&quot;&lt;b0123456789012...&quot;'],
      ['%C2%A0%3Cb%C3%BF%C4%80%E2%82%AC', '&quot;&#160;&lt;b&#255;\u0100€&quot;'],
    ])('%s is refused, the value quoted, cut and HTML-encoded', async (encoded, quoted) => {
      expectText(
        await invoke('Authenticate', `requestJson=${encoded}`),
        500,
        dangerous(collection, `requestJson=${quoted}`),
      );
      expect(server.calls).toEqual([]);
    });

    it('passes what is not dangerous: < at the end, before a space, a digit, / or ?; &amp;; a lone &', async () => {
      const values = ['a<', 'a< b', 'a<1', 'a</', 'a<?', 'a<é', '&amp;', 'a&', 'a+<+b+&+c', '\uFF1C1'];
      for (const value of values)
        expectHttpVoid(await invoke('Authenticate', `requestJson=${encodeURIComponent(value)}`));
      expect(server.calls.map((c) => c.input.requestJson)).toEqual(values);
    });

    it('validates every key, an unknown one too, and names the first dangerous one; key names are not validated', async () => {
      expectText(
        await invoke('Authenticate', 'requestJson=x&other=%3Cb'),
        500,
        dangerous(collection, 'other=&quot;&lt;b&quot;'),
      );
      expectText(
        await invoke('Authenticate', 'a=%3Cb&requestJson=%3Cc'),
        500,
        dangerous(collection, 'a=&quot;&lt;b&quot;'),
      );
      expectText(
        await invoke('Authenticate', 'RequestJSON=x&requestjson=%3Cb'),
        500,
        dangerous(collection, 'RequestJSON=&quot;x,&lt;b&quot;'),
      );
      // Before a missing parameter: the whole collection is validated when ASMX first reads it.
      expectText(await invoke('Authenticate', 'x=%3Cb'), 500, dangerous(collection, 'x=&quot;&lt;b&quot;'));
      expectHttpVoid(await invoke('Authenticate', '%3Cb=1&requestJson=x'));
      expect(server.calls.map((c) => c.input)).toEqual([{ requestJson: 'x' }]);
    });

    it('an operation without parameters reads no values, so validates none', async () => {
      expectHttpVoid(await invoke('UploadImage', 'x=%3Cb'));
      expect(onlyCall().operation).toBe('UploadImage');
    });

    it('a wrong-case operation name is refused first', async () => {
      const reply = await invoke('authenticate', 'requestJson=%3Cb');
      expect(reply.status).toBe(500);
      expect(reply.text).toMatch(/^Invalid method name &#39;authenticate&#39;/);
    });
  });

  it('HttpGet: the null key (parts without "=") is validated, and named as the empty string', async () => {
    expectText(
      await httpGet('Authenticate', 'requestJson=x&%3Cb'),
      500,
      dangerous('QueryString', '=&quot;&lt;b&quot;'),
    );
  });

  it("HttpPost: a form's content type is checked first, and the POST's query string is not validated", async () => {
    expectText(
      await httpPost('Authenticate', 'requestJson=%3Cb', 'text/plain'),
      500,
      'Request format is invalid: text/plain.',
    );
    expectHttpVoid(
      await send(server.port, `${E}/Authenticate?q=%3Cb`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'requestJson=x',
      }),
    );
    expect(onlyCall().input).toEqual({ requestJson: 'x' });
  });

  it.each(['1.1', '1.2'] as const)('SOAP %s is not validated: its body, nor a query on its URL', async (version) => {
    const xml = request(version, withJson('Authenticate', 'a&lt;b &amp;#60; &lt;!x'));
    const reply =
      version === '1.1'
        ? await send(server.port, `${E}?x=%3Cb`, {
            method: 'POST',
            headers: { 'Content-Type': XML_TYPE, SOAPAction: '"App.WebService/Authenticate"' },
            body: xml,
          })
        : await send(server.port, `${E}?x=%3Cb`, {
            method: 'POST',
            headers: { 'Content-Type': `${SOAP12_TYPE}; action="App.WebService/Authenticate"` },
            body: xml,
          });
    expectReply(reply, 200, soapType(version), voidReply(version, 'Authenticate'));
    expect(onlyCall().input).toEqual({ requestJson: 'a<b &#60; <!x' });
  });

  describe('with validateRequest: false (requestValidationMode 2.0)', () => {
    let lenient: RecordingServer;
    beforeAll(async () => {
      lenient = await startRecordingServer({ validateRequest: false });
    });
    afterAll(() => lenient.close());

    it('HttpGet and HttpPost pass every value to the handler exactly', async () => {
      const value = '{"user":"a<b&c"} <!-- &#60; \uFF1Cx';
      expectHttpVoid(await send(lenient.port, `${E}/Authenticate?requestJson=${encodeURIComponent(value)}&x=%3Cb`));
      expectHttpVoid(
        await send(lenient.port, `${E}/LoginOut`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `requestJson=${encodeURIComponent(value)}`,
        }),
      );
      expect(lenient.calls).toEqual([
        { operation: 'Authenticate', transport: 'httpGet', input: { requestJson: value }, files: [] },
        { operation: 'LoginOut', transport: 'httpPost', input: { requestJson: value }, files: [] },
      ]);
    });
  });
});

/** The text of an HTML fragment: tags dropped, the entities the pages use decoded. */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(
      /&(lt|gt|quot|#x27|#39|amp);/g,
      (_m, name: string) => ({ lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", amp: '&' })[name]!,
    );
}

function links(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({
    href: htmlText(m[1]!),
    text: htmlText(m[2]!),
  }));
}

/** The sample blocks (`<pre><code>`) of one sample section of an operation page, as text. */
function samples(html: string, id: string): string[] {
  const section = html.match(new RegExp(`<section[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</section>`))?.[1];
  expect(section, `section #${id}`).toBeDefined();
  return [...section!.matchAll(/<pre><code>([\s\S]*?)<\/code><\/pre>/g)].map((m) => htmlText(m[1]!));
}

describe('§5 help pages and discovery', () => {
  it('GET /X.asmx: titled, the operations linked in ordinal order, a link to the WSDL', async () => {
    const reply = await send(server.port, E);
    expect([reply.status, reply.headers['content-type']]).toEqual([200, HTML_TYPE]);
    expect(reply.text).toMatch(/<title>AuthenticationWebService Web Service<\/title>/);
    const opLinks = links(reply.text).filter((link) => link.href.includes('?op='));
    const ordinal = [...OPERATIONS].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(opLinks.map((link) => link.href)).toEqual(ordinal.map((op) => `AuthenticationWebService.asmx?op=${op}`));
    expect(opLinks.map((link) => link.text)).toEqual(ordinal);
    expect(links(reply.text)).toContainEqual({
      href: 'AuthenticationWebService.asmx?WSDL',
      text: 'Service Description',
    });
  });

  it.each(OPERATIONS)('?op=%s: back link, test form, and the four samples', async (op) => {
    const reply = await send(server.port, `${E}?op=${op}`);
    expect([reply.status, reply.headers['content-type']]).toEqual([200, HTML_TYPE]);
    const page = reply.text;
    expect(links(page)).toContainEqual({ href: 'AuthenticationWebService.asmx', text: 'here' });

    const forms = [...page.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
    expect(forms).toHaveLength(1);
    const [, attributes, content] = forms[0]!;
    expect(attributes).toMatch(/\bmethod="POST"/);
    const action = attributes!.match(/\baction="([^"]*)"/)?.[1];
    expect(new URL(action!, `${server.endpoint}?op=${op}`).href).toBe(`${server.endpoint}/${op}`);
    const inputs = [...content!.matchAll(/<input\b([^>]*)>/g)].map((m) => m[1]!);
    const fields = inputs.filter((a) => /\btype="text"/.test(a)).map((a) => a.match(/\bname="([^"]*)"/)?.[1]);
    expect(fields).toEqual(op === 'UploadImage' ? [] : ['requestJson']);
    expect(inputs.filter((a) => /\btype="submit"/.test(a) && /\bvalue="Invoke"/.test(a))).toHaveLength(1);

    const host = `Host: 127.0.0.1:${server.port}`;
    const [soap11Request, soap11Response] = samples(page, 'soap11');
    expect(soap11Request).toContain(`POST ${E} HTTP/1.1\n${host}\nContent-Type: text/xml; charset=utf-8\n`);
    expect(soap11Request).toContain(`SOAPAction: "App.WebService/${op}"`);
    expect(soap11Request).toContain(`xmlns:soap="${SOAP11}"`);
    expect(soap11Request).toContain(
      op === 'UploadImage' ? `<${op} xmlns="${NS}" />` : `<requestJson>string</requestJson>`,
    );
    expect(soap11Response).toContain(`<${op}Response xmlns="${NS}" />`);
    const [soap12Request, soap12Response] = samples(page, 'soap12');
    expect(soap12Request).toContain(`Content-Type: application/soap+xml; charset=utf-8`);
    expect(soap12Request).toContain(`xmlns:soap12="${SOAP12}"`);
    expect(soap12Response).toContain(`<${op}Response xmlns="${NS}" />`);
    // The runtime writes the `?` of an empty query too (Mono's help pages do; see test/fixtures/help-pages/).
    const query = op === 'UploadImage' ? '?' : '?requestJson=string';
    expect(samples(page, 'http-get')).toEqual([`GET ${E}/${op}${query} HTTP/1.1\n${host}`, 'HTTP/1.1 200 OK']);
    const [postRequest, postResponse] = samples(page, 'http-post');
    expect(postRequest).toMatch(
      new RegExp(`^POST ${E}/${op} HTTP/1\\.1\\n${host}\\nContent-Type: application/x-www-form-urlencoded\\n`),
    );
    expect(postRequest!.endsWith(op === 'UploadImage' ? '\n\n' : '\n\nrequestJson=string')).toBe(true);
    expect(postResponse).toBe('HTTP/1.1 200 OK');
  });

  it.each(['Nope', 'authenticate', '<script>'])('?op=%s: the Method Not Found page', async (op) => {
    const reply = await send(server.port, `${E}?op=${encodeURIComponent(op)}`);
    expect([reply.status, reply.headers['content-type']]).toEqual([200, HTML_TYPE]);
    expect(reply.text).toMatch(/<h2>Method Not Found<\/h2>/);
    expect(reply.text).not.toContain('<script>');
  });

  it('?disco: the discovery document, exactly (observed)', async () => {
    const address = `http://127.0.0.1:${server.port}${E}`;
    expectReply(
      await send(server.port, `${E}?disco`),
      200,
      XML_TYPE,
      '<?xml version="1.0" encoding="utf-8"?>\n' +
        '<discovery xmlns:xsd="http://www.w3.org/2001/XMLSchema" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.xmlsoap.org/disco/">\n' +
        `  <contractRef ref="${address}?wsdl" docRef="${address}" xmlns="http://schemas.xmlsoap.org/disco/scl/" />\n` +
        `  <soap address="${address}" xmlns:q1="App.WebService" binding="q1:AuthenticationWebServiceSoap" ` +
        'xmlns="http://schemas.xmlsoap.org/disco/soap/" />\n' +
        `  <soap address="${address}" xmlns:q2="App.WebService" binding="q2:AuthenticationWebServiceSoap12" ` +
        'xmlns="http://schemas.xmlsoap.org/disco/soap/" />\n' +
        '</discovery>',
    );
    expect((await send(server.port, `${E}?DISCO`)).text).toBe((await send(server.port, `${E}?disco`)).text);
  });
});

describe('no reply leaks internals', () => {
  it('the leak patterns catch what they are for', () => {
    expect(new Error('x').stack).toMatch(STACK_FRAME);
    for (const path of [' /work/main/a.ts', '(/usr/lib/node)', 'file:///x', 'C:\\app', 'node:internal/x', 'a.ts:12']) {
      expect(path).toMatch(FILE_PATH);
    }
    expect(`http://127.0.0.1:80${E}?wsdl`).not.toMatch(FILE_PATH);
  });

  it('every operation that throws, on every transport: nothing of the error reaches the client', async () => {
    server.behaviour = () => {
      throw new TypeError(`Cannot read properties of undefined at ${import.meta.filename}:1:1`);
    };
    // `send` checks each reply against the patterns.
    for (const op of WITH_REQUEST_JSON) {
      await postSoap('1.1', op, withJson(op, 'x'));
      await postSoap('1.2', op, withJson(op, 'x'));
      await httpGet(op, 'requestJson=x');
      await httpPost(op, 'requestJson=x');
    }
    expect(server.calls).toHaveLength(WITH_REQUEST_JSON.length * 4);
  });
});
