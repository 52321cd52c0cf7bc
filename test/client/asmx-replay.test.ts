/**
 * The client against the exact replies a real ASMX runtime sends (wire
 * contract §3 and §4, the corpus README), replayed byte for byte by a tiny
 * server that also records the requests the client sends.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthenticationWebServiceClient, type AuthenticationWebServiceClient } from '../../generated/index.js';
import {
  createServiceCaller,
  HttpError,
  ProtocolError,
  SoapFaultError,
  type ServiceCaller,
  type ServiceDescription,
  XsdDateTime,
} from '../../runtime/src/client.js';
import { rejectionOf, startReplayServer, type FixedReply, type ReplayServer } from './helpers.js';

const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';
const XML_TYPE = 'text/xml; charset=utf-8';
const SOAP12_TYPE = 'application/soap+xml; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';
const CACHE = { 'Cache-Control': 'private, max-age=0' };

function envelope(ns: string, body: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ns}" ` +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    `<soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

function soap11(status: number, body: string): FixedReply {
  return { status, headers: { 'Content-Type': XML_TYPE, ...CACHE }, body: envelope(SOAP11_NS, body) };
}

function soap12(status: number, body: string): FixedReply {
  return { status, headers: { 'Content-Type': SOAP12_TYPE, ...CACHE }, body: envelope(SOAP12_NS, body) };
}

function fault11(code: string, message: string): FixedReply {
  return soap11(
    500,
    `<soap:Fault><faultcode>soap:${code}</faultcode><faultstring>${message}</faultstring><detail /></soap:Fault>`,
  );
}

function fault12(code: string, message: string): FixedReply {
  return soap12(
    500,
    `<soap:Fault><soap:Code><soap:Value>soap:${code}</soap:Value></soap:Code><soap:Reason>` +
      `<soap:Text xml:lang="en">${message}</soap:Text></soap:Reason><soap:Detail /></soap:Fault>`,
  );
}

function textError(message: string): FixedReply {
  return { status: 500, headers: { 'Content-Type': TEXT_TYPE, ...CACHE }, body: `${message}\r\n` };
}

/** The Inventory service of the corpus (`Inventory.wsdl`), as its description would be generated. */
const INVENTORY_NS = 'urn:example:inventory';
type Params = ServiceDescription['operations'][number]['parameters'];
type Result = NonNullable<ServiceDescription['operations'][number]['result']>['type'];
function op(name: string, parameters: Params, result?: Result) {
  return {
    name,
    soapAction: `${INVENTORY_NS}/${name}`,
    responseElement: `${name}Response`,
    parameters,
    ...(result ? { result: { type: result, element: `${name}Result` } } : {}),
  };
}
const INVENTORY: ServiceDescription = {
  name: 'Inventory',
  namespace: INVENTORY_NS,
  path: '/Inventory.asmx',
  transports: ['soap11', 'soap12', 'httpGet', 'httpPost'],
  operations: [
    op('CountItems', [{ name: 'category', type: 'string', optional: true }], 'int'),
    op(
      'Reserve',
      [
        { name: 'itemId', type: 'int', optional: false },
        { name: 'quantity', type: 'int', optional: false },
        { name: 'urgent', type: 'boolean', optional: false },
      ],
      'boolean',
    ),
    op('Price', [{ name: 'sku', type: 'long', optional: false }], 'double'),
    op(
      'Total',
      [
        { name: 'amount', type: 'decimal', optional: false },
        { name: 'count', type: 'short', optional: false },
      ],
      'decimal',
    ),
    op('NextDelivery', [{ name: 'from', type: 'dateTime', optional: false }], 'dateTime'),
    op('Restock', [
      { name: 'sku', type: 'string', optional: true },
      { name: 'weight', type: 'float', optional: false },
    ]),
    op('Thumbnail', [{ name: 'id', type: 'int', optional: false }], 'base64Binary'),
    op('Motto', [], 'string'),
  ],
};

let replay: ReplayServer;
let client: AuthenticationWebServiceClient;
let inventory: ServiceCaller;
beforeAll(async () => {
  replay = await startReplayServer();
  client = createAuthenticationWebServiceClient({ url: `${replay.origin}/AuthenticationWebService.asmx` });
  inventory = createServiceCaller(INVENTORY, `${replay.origin}/Inventory.asmx`);
});
afterAll(() => replay.close());
beforeEach(() => {
  replay.received.length = 0;
});

function lastRequest() {
  const last = replay.received[replay.received.length - 1];
  if (!last) throw new Error('nothing was sent');
  return { ...last, text: last.body.toString('utf8') };
}

describe('the requests the client sends', () => {
  it('SOAP 1.1: POST to the endpoint, text/xml, a quoted SOAPAction, the wrapped element (CR as &#xD;)', async () => {
    replay.answer(soap11(200, '<AuthenticateResponse xmlns="App.WebService" />'));
    await client.Authenticate({ requestJson: 'a<b>&\r\n]]> ' });
    const request = lastRequest();
    expect([request.method, request.url]).toEqual(['POST', '/AuthenticationWebService.asmx']);
    expect(request.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(request.headers['soapaction']).toBe('"App.WebService/Authenticate"');
    expect(request.text).toBe(
      envelope(
        SOAP11_NS,
        '<Authenticate xmlns="App.WebService"><requestJson>a&lt;b&gt;&amp;&#xD;\n]]&gt; </requestJson></Authenticate>',
      ),
    );
  });

  it('SOAP 1.2: the action in the content type, no SOAPAction; an empty string as an empty element', async () => {
    replay.answer(soap12(200, '<AuthenticateResponse xmlns="App.WebService" />'));
    await client.Authenticate({ requestJson: '' }, { transport: 'soap12' });
    const request = lastRequest();
    expect(request.headers['content-type']).toBe(
      'application/soap+xml; charset=utf-8; action="App.WebService/Authenticate"',
    );
    expect(request.headers['soapaction']).toBeUndefined();
    expect(request.text).toBe(
      envelope(SOAP12_NS, '<Authenticate xmlns="App.WebService"><requestJson /></Authenticate>'),
    );
  });

  it('SOAP without parameters: the empty request element', async () => {
    replay.answer(soap11(200, '<UploadImageResponse xmlns="App.WebService" />'));
    await client.UploadImage();
    expect(lastRequest().text).toBe(envelope(SOAP11_NS, '<UploadImage xmlns="App.WebService" />'));
  });

  it('HttpGet: GET {url}/{Op}?requestJson=..., percent-encoded (CR as %0D)', async () => {
    replay.answer({ status: 200, headers: CACHE });
    await client.Authenticate({ requestJson: 'a b+c&d=e\r\n😀' }, { transport: 'httpGet' });
    const request = lastRequest();
    expect([request.method, request.url]).toEqual([
      'GET',
      '/AuthenticationWebService.asmx/Authenticate?requestJson=a+b%2Bc%26d%3De%0D%0A%F0%9F%98%80',
    ]);
    expect(request.body.length).toBe(0);
  });

  it('HttpPost: POST {url}/{Op}, a form body; an operation without parameters an empty form', async () => {
    replay.answer({ status: 200, headers: CACHE });
    await client.Authenticate({ requestJson: 'a b+c\r' }, { transport: 'httpPost' });
    let request = lastRequest();
    expect([request.method, request.url, request.headers['content-type'], request.text]).toEqual([
      'POST',
      '/AuthenticationWebService.asmx/Authenticate',
      'application/x-www-form-urlencoded',
      'requestJson=a+b%2Bc%0D',
    ]);
    await client.UploadImage({}, { transport: 'httpPost' });
    request = lastRequest();
    expect([request.url, request.headers['content-type'], request.text]).toEqual([
      '/AuthenticationWebService.asmx/UploadImage',
      'application/x-www-form-urlencoded',
      '',
    ]);
  });

  it('HttpPost with files: multipart/form-data, each part with its name, file name and content type', async () => {
    replay.answer({ status: 200, headers: CACHE });
    const data = new TextEncoder().encode('bytes\r\n');
    await client.UploadImage(
      { files: [{ filename: 'a.txt', contentType: 'text/plain; charset=utf-8', data }] },
      { transport: 'httpPost' },
    );
    const request = lastRequest();
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.text).toContain('Content-Disposition: form-data; name="file"; filename="a.txt"\r\n');
    expect(request.text).toContain('Content-Type: text/plain; charset=utf-8\r\n\r\nbytes\r\n\r\n');
  });

  it('typed values in their XML form', async () => {
    replay.answer(
      soap11(
        200,
        '<ReserveResponse xmlns="urn:example:inventory"><ReserveResult>true</ReserveResult></ReserveResponse>',
      ),
    );
    await inventory('Reserve', { itemId: -5, quantity: 2147483647, urgent: false });
    expect(lastRequest().text).toContain(
      '<Reserve xmlns="urn:example:inventory"><itemId>-5</itemId><quantity>2147483647</quantity>' +
        '<urgent>false</urgent></Reserve>',
    );
    replay.answer({ status: 200, headers: CACHE });
    await inventory('Restock', { sku: undefined, weight: 0.1 }, { transport: 'httpGet' });
    expect(lastRequest().url).toBe('/Inventory.asmx/Restock?weight=0.1');
  });

  it('refuses a value of the wrong type, or a missing required one, before sending', async () => {
    const count = replay.received.length;
    await expect(inventory('Reserve', { itemId: 1.5, quantity: 1, urgent: true })).rejects.toThrow(
      'Reserve: itemId: expected an xsd:int, got the number 1.5.',
    );
    await expect(inventory('Reserve', { itemId: 1, urgent: true })).rejects.toThrow(
      'Reserve: quantity (xsd:int) is required.',
    );
    await expect(inventory('Price', { sku: 1n << 70n })).rejects.toThrow(TypeError);
    await expect(inventory('Nope', {})).rejects.toThrow('Inventory has no operation "Nope".');
    expect(replay.received.length).toBe(count);
  });
});

describe('success replies', () => {
  it('the void SOAP replies, both versions', async () => {
    replay.answer(soap11(200, '<AuthenticateResponse xmlns="App.WebService" />'));
    await expect(client.Authenticate({ requestJson: 'x' })).resolves.toBeUndefined();
    replay.answer(soap12(200, '<AuthenticateResponse xmlns="App.WebService" />'));
    await expect(client.Authenticate({ requestJson: 'x' }, { transport: 'soap12' })).resolves.toBeUndefined();
  });

  it('the void HTTP reply: 200, empty, no content type', async () => {
    replay.answer({ status: 200, headers: CACHE });
    await expect(client.Authenticate({ requestJson: 'x' }, { transport: 'httpGet' })).resolves.toBeUndefined();
    await expect(client.Authenticate({ requestJson: 'x' }, { transport: 'httpPost' })).resolves.toBeUndefined();
  });

  it('a SOAP result, escaped as ASMX escapes it', async () => {
    replay.answer(
      soap11(
        200,
        '<MottoResponse xmlns="urn:example:inventory"><MottoResult>a&lt;b&#xD;\n</MottoResult></MottoResponse>',
      ),
    );
    await expect(inventory('Motto')).resolves.toBe('a<b\r\n');
    replay.answer(soap12(200, '<MottoResponse xmlns="urn:example:inventory"><MottoResult /></MottoResponse>'));
    await expect(inventory('Motto', {}, { transport: 'soap12' })).resolves.toBe('');
    replay.answer(soap11(200, '<MottoResponse xmlns="urn:example:inventory" />'));
    await expect(inventory('Motto')).resolves.toBeUndefined();
    replay.answer(
      soap11(
        200,
        '<CountItemsResponse xmlns="urn:example:inventory"><CountItemsResult>5</CountItemsResult></CountItemsResponse>',
      ),
    );
    await expect(inventory('CountItems', { category: 'tools' })).resolves.toBe(5);
  });

  it.each([
    ['CountItems', '<int xmlns="urn:example:inventory">5</int>', 5],
    [
      'NextDelivery',
      '<dateTime xmlns="urn:example:inventory">2026-02-01T10:00:00</dateTime>',
      XsdDateTime.parse('2026-02-01T10:00:00'),
    ],
    ['Thumbnail', '<base64Binary xmlns="urn:example:inventory">AQIH</base64Binary>', new Uint8Array([1, 2, 7])],
    ['Total', '<decimal xmlns="urn:example:inventory">4.5</decimal>', '4.5'],
    ['Reserve', '<boolean xmlns="urn:example:inventory">true</boolean>', true],
    ['Price', '<double xmlns="urn:example:inventory">1.5E+300</double>', 1.5e300],
    ['Motto', '<string xmlns="urn:example:inventory"> a&lt;b &#xD;</string>', ' a<b \r'],
    ['Motto', '<string xmlns="urn:example:inventory" />', ''],
    [
      'Motto',
      '<string xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" xmlns="urn:example:inventory" />',
      undefined,
    ],
  ] as const)('a typed HTTP result: %s %s', async (operation, document, expected) => {
    replay.answer({
      status: 200,
      headers: { 'Content-Type': XML_TYPE, ...CACHE },
      body: `<?xml version="1.0" encoding="utf-8"?>\n${document}`,
    });
    const input = {
      category: 'x',
      from: XsdDateTime.fromDate(new Date(0)),
      id: 1,
      amount: '1',
      count: 1,
      itemId: 1,
      quantity: 1,
      urgent: true,
      sku: 1n,
    };
    await expect(inventory(operation, input, { transport: 'httpGet' })).resolves.toEqual(expected);
    await expect(inventory(operation, input, { transport: 'httpPost' })).resolves.toEqual(expected);
  });
});

describe('faults and errors', () => {
  it("an unknown SOAPAction: a Client fault with .NET's message", async () => {
    replay.answer(
      fault11('Client', 'Server did not recognize the value of HTTP Header SOAPAction: App.WebService/Nope.'),
    );
    const error = await rejectionOf(client.Authenticate({ requestJson: 'x' }));
    expect(error).toBeInstanceOf(SoapFaultError);
    expect(error).toMatchObject({
      code: 'Client',
      rawCode: 'soap:Client',
      message: 'Server did not recognize the value of HTTP Header SOAPAction: App.WebService/Nope.',
      reason: 'Server did not recognize the value of HTTP Header SOAPAction: App.WebService/Nope.',
      detail: undefined,
      status: 500,
      transport: 'soap11',
      operation: 'Authenticate',
    });
  });

  it('SOAP 1.2 faults: Sender is Client, Receiver is Server', async () => {
    const noAction = 'Unable to handle request without a valid action parameter. Please supply a valid soap action.';
    replay.answer(fault12('Sender', noAction));
    expect(await rejectionOf(client.Authenticate({}, { transport: 'soap12' }))).toMatchObject({
      code: 'Client',
      rawCode: 'soap:Sender',
      message: noAction,
      transport: 'soap12',
    });
    replay.answer(fault12('Receiver', 'Server was unable to process request. ---&gt; boom'));
    expect(await rejectionOf(client.Authenticate({}, { transport: 'soap12' }))).toMatchObject({
      code: 'Server',
      rawCode: 'soap:Receiver',
      message: 'Server was unable to process request. ---> boom',
    });
  });

  it('a VersionMismatch, answered in SOAP 1.1 to a SOAP 1.2 call', async () => {
    const message =
      `Possible SOAP version mismatch: Envelope namespace ${SOAP12_NS} was unexpected. ` + `Expecting ${SOAP11_NS}.`;
    replay.answer(fault11('VersionMismatch', message));
    expect(await rejectionOf(client.Authenticate({}, { transport: 'soap12' }))).toMatchObject({
      code: 'VersionMismatch',
      message,
    });
  });

  it('a fault string with a .NET stack trace: the message stops before it, the reason keeps it', async () => {
    const reason =
      'System.Web.Services.Protocols.SoapException: Server was unable to process request. ---&gt; ' +
      'System.Exception: boom\n   at App.WebService.Authenticate(String requestJson) in C:\\src\\Service.cs:line 42\n' +
      '   --- End of inner exception stack trace ---';
    replay.answer(fault11('Server', reason));
    const error = (await rejectionOf(client.Authenticate({}))) as SoapFaultError;
    expect(error.message).toBe(
      'System.Web.Services.Protocols.SoapException: Server was unable to process request. ---> System.Exception: boom',
    );
    expect(error.reason).toContain('C:\\src\\Service.cs:line 42');
  });

  it('400 and 415 with empty bodies: HttpError', async () => {
    for (const status of [400, 415]) {
      replay.answer({ status, headers: { 'Content-Type': XML_TYPE, ...CACHE } });
      const error = await rejectionOf(client.Authenticate({ requestJson: 'x' }));
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status, body: '', contentType: XML_TYPE });
      expect((error as Error).message).toBe(
        `Authenticate (soap11) was answered with HTTP ${status} and an empty body.`,
      );
    }
  });

  it('a 500 that is not a fault: HttpError', async () => {
    replay.answer({
      status: 500,
      headers: { 'Content-Type': 'text/html' },
      body: '<html><body>Runtime Error</body></html>',
    });
    const error = await rejectionOf(client.Authenticate({ requestJson: 'x' }));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as Error).message).toBe('Authenticate (soap11) was answered with HTTP 500 and a text/html body.');
  });

  it.each([
    ['Missing parameter: requestJson.'],
    ["Request format is unrecognized for URL unexpectedly ending in '/Nope'."],
    ['Request format is invalid: text/plain; charset=utf-8.'],
  ])('the HTTP GET/POST plain-text error %s', async (message) => {
    replay.answer(textError(message));
    for (const transport of ['httpGet', 'httpPost'] as const) {
      const error = await rejectionOf(client.Authenticate({ requestJson: 'x' }, { transport }));
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 500, message, body: `${message}\r\n`, contentType: TEXT_TYPE, transport });
    }
  });

  it('a plain-text error with a stack trace (custom errors off): the message stops before it', async () => {
    replay.answer(
      textError(
        'System.InvalidOperationException: Missing parameter: requestJson.\r\n' +
          '   at System.Web.Services.Protocols.ValueCollectionParameterReader.Read(NameValueCollection c)\r\n' +
          '   at System.Web.Services.Protocols.WebServiceHandler.Invoke()',
      ),
    );
    const error = await rejectionOf(client.Authenticate({ requestJson: 'x' }, { transport: 'httpGet' }));
    expect((error as Error).message).toBe('System.InvalidOperationException: Missing parameter: requestJson.');
  });

  it('keeps the first KiB of a long body', async () => {
    replay.answer({ status: 502, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: 'é'.repeat(2000) });
    const error = (await rejectionOf(client.Authenticate({ requestJson: 'x' }))) as HttpError;
    expect(error.status).toBe(502);
    expect(error.body).toBe('é'.repeat(512));
  });
});

describe('200 replies that are not what the operation returns: ProtocolError', () => {
  const cases: [string, FixedReply, 'soap11' | 'soap12' | 'httpGet' | 'httpPost', RegExp][] = [
    [
      'an HTML page',
      { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html><body>Login</body>' },
      'soap11',
      /the body is not XML/,
    ],
    ['an empty body', { status: 200 }, 'soap11', /the body is not XML/],
    [
      'another response element',
      soap11(200, '<GetTermResponse xmlns="App.WebService" />'),
      'soap11',
      /the Body holds <GetTermResponse xmlns="App\.WebService">, not <AuthenticateResponse xmlns="App\.WebService">/,
    ],
    [
      'the response in another namespace',
      soap11(200, '<AuthenticateResponse xmlns="urn:other" />'),
      'soap11',
      /not <AuthenticateResponse xmlns="App\.WebService">/,
    ],
    ['an empty Body', soap11(200, ''), 'soap11', /the Body holds nothing/],
    [
      'an envelope of the other version',
      soap12(200, '<AuthenticateResponse xmlns="App.WebService" />'),
      'soap11',
      /a SOAP 1\.2 envelope answers a SOAP 1\.1 call/,
    ],
    [
      'not an envelope',
      { status: 200, headers: { 'Content-Type': XML_TYPE }, body: '<AuthenticateResponse xmlns="App.WebService" />' },
      'soap12',
      /not a SOAP envelope/,
    ],
    [
      'a DTD',
      { status: 200, headers: { 'Content-Type': XML_TYPE }, body: '<!DOCTYPE x [<!ENTITY e "x">]><x>&e;</x>' },
      'soap11',
      /the body is not XML \(DTDs/,
    ],
    [
      'a body on a void HTTP reply',
      { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html>help page</html>' },
      'httpGet',
      /Authenticate returns nothing, and its reply has a body/,
    ],
  ];
  it.each(cases)('%s', async (_name, reply, transport, message) => {
    replay.answer(reply);
    const error = await rejectionOf(client.Authenticate({ requestJson: 'x' }, { transport }));
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ name: 'ProtocolError', status: 200, transport, operation: 'Authenticate' });
    expect((error as Error).message).toMatch(
      /^The reply to Authenticate \((soap11|soap12|httpGet|httpPost)\) is not what the operation returns: /,
    );
    expect((error as Error).message).toMatch(message);
  });

  it('accepts whitespace as a void HTTP reply', async () => {
    replay.answer({ status: 200, body: '\r\n' });
    await expect(client.Authenticate({ requestJson: 'x' }, { transport: 'httpPost' })).resolves.toBeUndefined();
  });

  it.each([
    [
      'another root',
      '<string xmlns="urn:example:inventory">5</string>',
      /the document is <string xmlns="urn:example:inventory">, not <int xmlns="urn:example:inventory">/,
    ],
    ['another namespace', '<int xmlns="App.WebService">5</int>', /not <int xmlns="urn:example:inventory">/],
    [
      'a value that does not convert',
      '<int xmlns="urn:example:inventory">five</int>',
      /<int> is not an xsd:int: Input string was not in a correct format\./,
    ],
    ['an int out of range', '<int xmlns="urn:example:inventory">2147483648</int>', /is not an xsd:int/],
    [
      'a nil int',
      '<int xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" xmlns="urn:example:inventory" />',
      /<int> holds no value, and an xsd:int cannot be absent/,
    ],
    ['element content', '<int xmlns="urn:example:inventory"><x/></int>', /has element content/],
  ])('a typed HTTP result: %s', async (_name, document, message) => {
    replay.answer({
      status: 200,
      headers: { 'Content-Type': XML_TYPE },
      body: `<?xml version="1.0" encoding="utf-8"?>\n${document}`,
    });
    const error = await rejectionOf(inventory('CountItems', { category: 'x' }, { transport: 'httpGet' }));
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as Error).message).toMatch(message);
  });

  it('a SOAP result: absent for a value type, or not of its type', async () => {
    replay.answer(soap11(200, '<CountItemsResponse xmlns="urn:example:inventory" />'));
    expect(((await rejectionOf(inventory('CountItems', {}))) as Error).message).toMatch(
      /CountItemsResult holds no value, and an xsd:int cannot be absent/,
    );
    replay.answer(
      soap11(
        200,
        '<CountItemsResponse xmlns="urn:example:inventory"><CountItemsResult>x</CountItemsResult></CountItemsResponse>',
      ),
    );
    expect(await rejectionOf(inventory('CountItems', {}))).toBeInstanceOf(ProtocolError);
  });

  it('a fault in a 200 reply is still a fault', async () => {
    const reply = fault11('Client', 'odd');
    replay.answer({ ...reply, status: 200 });
    expect(await rejectionOf(client.Authenticate({}))).toMatchObject({
      name: 'SoapFaultError',
      status: 200,
      code: 'Client',
    });
  });
});
