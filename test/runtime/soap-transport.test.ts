/** Wire contract §2 to §4 for SOAP 1.1 and 1.2, against a real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { XsdDateTime } from '../../runtime/src/values/xsd-date-time.js';
import { startService, type Running } from './fixture-service.js';
import { postSoap11, postSoap12, send, type RawReply } from './http-client.js';
import {
  fault11,
  fault12,
  reply11,
  reply12,
  request11,
  request12,
  SOAP11,
  SOAP12_TYPE,
  UPGRADE_11_12,
  withHeader,
  XML_TYPE,
} from './soap-messages.js';

let service: Running;
const errors: unknown[] = [];
beforeAll(async () => {
  service = await startService({ onError: (error) => errors.push(error), handlerTimeoutMs: 300 });
});
afterAll(() => service.close());

const AUTH = '<Authenticate xmlns="App.WebService"><requestJson>{"user":"a"}</requestJson></Authenticate>';
const VOID11 = reply11('<AuthenticateResponse xmlns="App.WebService" />');
const VOID12 = reply12('<AuthenticateResponse xmlns="App.WebService" />');

function expectReply(reply: RawReply, status: number, contentType: string | undefined, body: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toBe(contentType);
  expect(reply.text).toBe(body);
  expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(body)));
}

function lastCall() {
  return service.calls[service.calls.length - 1]!;
}

describe('success (§3)', () => {
  it('SOAP 1.1 with a quoted SOAPAction: the one-line void reply', async () => {
    const reply = await postSoap11(service.port, request11(AUTH), '"App.WebService/Authenticate"');
    expectReply(reply, 200, XML_TYPE, VOID11);
    expect(reply.text).toBe(
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>' +
        '<AuthenticateResponse xmlns="App.WebService" /></soap:Body></soap:Envelope>',
    );
    expect(reply.headers['cache-control']).toBe('private, max-age=0');
    expect(lastCall()).toMatchObject({ operation: 'Authenticate', input: { requestJson: '{"user":"a"}' } });
    expect(lastCall().ctx.transport).toBe('soap11');
  });

  it('SOAP 1.1 with an unquoted SOAPAction', async () => {
    expectReply(await postSoap11(service.port, request11(AUTH), 'App.WebService/Authenticate'), 200, XML_TYPE, VOID11);
  });

  it('SOAP 1.2 with the action parameter: prefix soap, 1.2 namespace and content type', async () => {
    const reply = await postSoap12(service.port, request12(AUTH), 'App.WebService/Authenticate');
    expectReply(reply, 200, SOAP12_TYPE, VOID12);
    expect(lastCall().ctx.transport).toBe('soap12');
  });

  it('SOAP 1.2 without an action: routed by the Body element', async () => {
    expectReply(await postSoap12(service.port, request12(AUTH), null), 200, SOAP12_TYPE, VOID12);
  });

  it('SOAP 1.2 with an unknown action: still routed by the Body element', async () => {
    expectReply(await postSoap12(service.port, request12(AUTH), 'App.WebService/Nope'), 200, SOAP12_TYPE, VOID12);
  });

  it('a SOAP 1.1 envelope without SOAPAction succeeds, routed by its Body, answered in 1.1 (observed)', async () => {
    expectReply(await postSoap11(service.port, request11(AUTH), null), 200, XML_TYPE, VOID11);
  });

  it('a SOAP 1.2 envelope as text/xml with SOAPAction is answered in 1.2', async () => {
    expectReply(
      await postSoap11(service.port, request12(AUTH), 'App.WebService/Authenticate'),
      200,
      SOAP12_TYPE,
      VOID12,
    );
  });

  it('the SOAP 1.2 action parameter wins over the Body element', async () => {
    const echo = '<Echo xmlns="App.WebService"><requestJson>x</requestJson></Echo>';
    const reply = await postSoap12(service.port, request12(echo), 'App.WebService/Authenticate');
    expectReply(reply, 200, SOAP12_TYPE, VOID12);
    expect(lastCall()).toMatchObject({ operation: 'Authenticate', input: { requestJson: undefined } });
  });

  it('a string result, escaped', async () => {
    const reply = await postSoap11(
      service.port,
      request11('<Echo xmlns="App.WebService"><requestJson>a&lt;b</requestJson></Echo>'),
      'App.WebService/Echo',
    );
    expectReply(
      reply,
      200,
      XML_TYPE,
      reply11('<EchoResponse xmlns="App.WebService"><EchoResult>a&lt;b</EchoResult></EchoResponse>'),
    );
  });

  it('a null string result: the result element is left out', async () => {
    const reply = await postSoap12(
      service.port,
      request12('<Echo xmlns="App.WebService"><requestJson>null</requestJson></Echo>'),
      'App.WebService/Echo',
    );
    expectReply(reply, 200, SOAP12_TYPE, reply12('<EchoResponse xmlns="App.WebService" />'));
  });

  it('typed parameters and results', async () => {
    const add = await postSoap11(
      service.port,
      request11('<Add xmlns="App.WebService"><a> 2 </a><b>-5</b></Add>'),
      'App.WebService/Add',
    );
    expectReply(
      add,
      200,
      XML_TYPE,
      reply11('<AddResponse xmlns="App.WebService"><AddResult>-3</AddResult></AddResponse>'),
    );
    const bytes = await postSoap11(
      service.port,
      request11('<Bytes xmlns="App.WebService"><requestJson>hi</requestJson></Bytes>'),
      'App.WebService/Bytes',
    );
    expect(bytes.text).toContain('<BytesResult>aGk=</BytesResult>');
  });

  it('binds every XSD type', async () => {
    await postSoap11(
      service.port,
      request11(
        '<Describe xmlns="App.WebService"><flag>1</flag><big>-9223372036854775808</big><when>2026-02-01T10:00:00+01:00</when>' +
          '<data>AAEC</data><amount>12.50</amount><ratio>INF</ratio></Describe>',
      ),
      'App.WebService/Describe',
    );
    const input = lastCall().input;
    expect(input.flag).toBe(true);
    expect(input.big).toBe(-9223372036854775808n);
    expect((input.when as XsdDateTime).toDate().toISOString()).toBe('2026-02-01T09:00:00.000Z');
    expect(Array.from(input.data as Uint8Array)).toEqual([0, 1, 2]);
    expect(input.amount).toBe('12.50');
    expect(input.ratio).toBe(Infinity);
  });
});

describe('parameter binding (§2)', () => {
  const echo = async (inner: string) => {
    const reply = await postSoap11(
      service.port,
      request11(`<Echo xmlns="App.WebService">${inner}</Echo>`),
      'App.WebService/Echo',
    );
    expect(reply.status).toBe(200);
    return lastCall().input;
  };

  it('a missing requestJson is undefined', async () => {
    expect(await echo('')).toEqual({ requestJson: undefined });
  });

  it('an empty element is the empty string', async () => {
    expect(await echo('<requestJson />')).toEqual({ requestJson: '' });
    expect(await echo('<requestJson></requestJson>')).toEqual({ requestJson: '' });
  });

  it('xsi:nil="true" is the empty string (the element is not nillable)', async () => {
    const nil = '<requestJson xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" />';
    expect(await echo(nil)).toEqual({ requestJson: '' });
  });

  it('unknown and wrong-namespace children are skipped', async () => {
    expect(
      await echo('<other>1</other><requestJson xmlns="urn:wrong">2</requestJson><requestJson>3</requestJson>'),
    ).toEqual({
      requestJson: '3',
    });
  });

  it('the first of two requestJson wins', async () => {
    expect(await echo('<requestJson>first</requestJson><requestJson>second</requestJson>')).toEqual({
      requestJson: 'first',
    });
  });

  it('a prefixed request element in the service namespace binds the same', async () => {
    const reply = await postSoap11(
      service.port,
      request11('<t:Echo xmlns:t="App.WebService"><t:requestJson>p</t:requestJson></t:Echo>'),
      'App.WebService/Echo',
    );
    expect(reply.status).toBe(200);
    expect(lastCall().input).toEqual({ requestJson: 'p' });
  });

  it('a missing value-type parameter is the .NET default', async () => {
    const reply = await postSoap11(
      service.port,
      request11('<Add xmlns="App.WebService"><a>4</a></Add>'),
      'App.WebService/Add',
    );
    expect(reply.text).toContain('<AddResult>4</AddResult>');
    expect(lastCall().input).toEqual({ a: 4, b: 0 });
  });

  it('a Body element of another operation leaves every parameter absent', async () => {
    const reply = await postSoap11(
      service.port,
      request11('<Add xmlns="App.WebService"><a>4</a></Add>'),
      'App.WebService/Echo',
    );
    expect(reply.status).toBe(200);
    expect(lastCall()).toMatchObject({ operation: 'Echo', input: { requestJson: undefined } });
  });

  it('a parameter with element content is malformed for a string: 400', async () => {
    const reply = await postSoap11(
      service.port,
      request11('<Echo xmlns="App.WebService"><requestJson><x/></requestJson></Echo>'),
      'App.WebService/Echo',
    );
    expectReply(reply, 400, XML_TYPE, '');
  });
});

describe('routing and version faults (§4)', () => {
  it('an unknown SOAPAction', async () => {
    const reply = await postSoap11(service.port, request11(AUTH), 'App.WebService/Nope');
    expectReply(
      reply,
      500,
      XML_TYPE,
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>' +
        '<soap:Fault><faultcode>soap:Client</faultcode><faultstring>Server did not recognize the value of HTTP Header ' +
        'SOAPAction: App.WebService/Nope.</faultstring><detail /></soap:Fault></soap:Body></soap:Envelope>',
    );
  });

  it('an empty SOAPAction ""', async () => {
    expectReply(
      await postSoap11(service.port, request11(AUTH), '""'),
      500,
      XML_TYPE,
      fault11('Client', 'Server did not recognize the value of HTTP Header SOAPAction: .'),
    );
  });

  it('a SOAPAction that differs in case does not match', async () => {
    const reply = await postSoap11(service.port, request11(AUTH), '"App.WebService/authenticate"');
    expect(reply.text).toBe(
      fault11('Client', 'Server did not recognize the value of HTTP Header SOAPAction: App.WebService/authenticate.'),
    );
  });

  it('SOAP 1.2: neither the action nor the Body element known', async () => {
    const body = request12('<Nope xmlns="App.WebService" />');
    expectReply(
      await postSoap12(service.port, body, 'App.WebService/Nope'),
      500,
      SOAP12_TYPE,
      fault12('Sender', "Unable to handle request. The action 'App.WebService/Nope' was not recognized."),
    );
    expectReply(
      await postSoap12(service.port, body, null),
      500,
      SOAP12_TYPE,
      fault12(
        'Sender',
        'Unable to handle request without a valid action parameter. Please supply a valid soap action.',
      ),
    );
  });

  it('a request element in the wrong namespace is not recognized', async () => {
    const reply = await postSoap12(service.port, request12('<Authenticate xmlns="urn:other" />'), null);
    expect(reply.text).toBe(
      fault12(
        'Sender',
        'Unable to handle request without a valid action parameter. Please supply a valid soap action.',
      ),
    );
  });

  it('no Body', async () => {
    const noBody11 = `<soap:Envelope xmlns:soap="${SOAP11}"><soap:Header /></soap:Envelope>`;
    const message =
      'Server was unable to read request. ---&gt; Request format is invalid: Missing required soap:Body element.';
    expectReply(
      await postSoap11(service.port, noBody11, 'App.WebService/Authenticate'),
      500,
      XML_TYPE,
      fault11('Client', message),
    );
    const noBody12 = noBody11.replace(SOAP11, 'http://www.w3.org/2003/05/soap-envelope');
    expectReply(
      await postSoap12(service.port, noBody12, 'App.WebService/Authenticate'),
      500,
      SOAP12_TYPE,
      fault12('Sender', message),
    );
    expectReply(await postSoap12(service.port, noBody12, null), 500, SOAP12_TYPE, fault12('Sender', message));
  });

  it('routing comes before the Body: an unknown SOAPAction without a Body', async () => {
    const noBody = `<soap:Envelope xmlns:soap="${SOAP11}" />`;
    expect((await postSoap11(service.port, noBody, 'App.WebService/Nope')).text).toBe(
      fault11('Client', 'Server did not recognize the value of HTTP Header SOAPAction: App.WebService/Nope.'),
    );
  });

  it('a URL-encoded SOAPAction is decoded, as ASMX does', async () => {
    const reply = await postSoap11(service.port, request11(AUTH), '"App.WebService%2FAuthenticate"');
    expectReply(reply, 200, XML_TYPE, VOID11);
  });

  it('an unknown envelope namespace: VersionMismatch, in SOAP 1.1, after the Upgrade header (observed)', async () => {
    const body = '<soap:Envelope xmlns:soap="urn:bogus"><soap:Body /></soap:Envelope>';
    const expected = withHeader(
      fault11(
        'VersionMismatch',
        'Possible SOAP version mismatch: Envelope namespace urn:bogus was unexpected. Expecting http://schemas.xmlsoap.org/soap/envelope/.',
      ),
      UPGRADE_11_12,
    );
    expectReply(await postSoap11(service.port, body, 'App.WebService/Authenticate'), 500, XML_TYPE, expected);
    expectReply(await postSoap12(service.port, body, null), 500, XML_TYPE, expected);
  });

  it('a root that is not an Envelope', async () => {
    const reply = await postSoap11(service.port, `<soap:Body xmlns:soap="${SOAP11}" />`, 'App.WebService/Authenticate');
    expect(reply.text).toBe(
      fault11(
        'Client',
        'Server was unable to read request. ---&gt; Request format is invalid: Missing required soap:Envelope element.',
      ),
    );
  });

  it('a SOAP 1.1 envelope sent as application/soap+xml: 415, empty', async () => {
    expectReply(await postSoap12(service.port, request11(AUTH), 'App.WebService/Authenticate'), 415, XML_TYPE, '');
  });

  it.each([
    ['application/json', { 'Content-Type': 'application/json', SOAPAction: 'App.WebService/Authenticate' }, XML_TYPE],
    ['no content type', { SOAPAction: 'App.WebService/Authenticate' }, XML_TYPE],
    ['an unparsable content type', { 'Content-Type': '???' }, SOAP12_TYPE],
  ])('SOAP with a content type that is neither (%s): 415, empty', async (_name, headers, contentType) => {
    const reply = await send(service.port, '/AuthenticationWebService.asmx', {
      method: 'POST',
      headers,
      body: request11(AUTH),
    });
    expectReply(reply, 415, contentType, '');
  });

  it.each([
    ['malformed XML', '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>'],
    ['an empty body', ''],
    ['a DTD', `<!DOCTYPE x>${request11(AUTH)}`],
    [
      'a forbidden character',
      request11('<Authenticate xmlns="App.WebService"><requestJson>\u0007</requestJson></Authenticate>'),
    ],
    [
      'a forbidden character reference',
      request11('<Authenticate xmlns="App.WebService"><requestJson>&#1;</requestJson></Authenticate>'),
    ],
    [
      'invalid UTF-8',
      Buffer.concat([
        Buffer.from(request11(AUTH).slice(0, 200)),
        Buffer.from([0xc3, 0x28]),
        Buffer.from(request11(AUTH).slice(200)),
      ]),
    ],
  ])('%s: 400, empty, SOAP content type', async (_name, body) => {
    const before = service.calls.length;
    expectReply(await postSoap11(service.port, body as string, 'App.WebService/Authenticate'), 400, XML_TYPE, '');
    expectReply(await postSoap12(service.port, body as string, null), 400, SOAP12_TYPE, '');
    expect(service.calls.length).toBe(before);
  });
});

describe('value and operation faults (§4)', () => {
  it('a value that does not convert: Client fault at the position after its element', async () => {
    // As the real runtime reports it (test/interop/transcripts/inventory-soap11-bad-int.txt): where
    // its reader stands once it has read the element whole, here the name of </Add>.
    const xml = request11('<Add xmlns="App.WebService"><a>1</a><b>x</b></Add>');
    const column = xml.indexOf('</Add>') + 3;
    expectReply(
      await postSoap11(service.port, xml, 'App.WebService/Add'),
      500,
      XML_TYPE,
      fault11(
        'Client',
        `Server was unable to read request. ---&gt; There is an error in XML document (1, ${column}). ---&gt; Input string was not in a correct format.`,
      ),
    );
  });

  it('a value out of range, on a later line, in SOAP 1.2', async () => {
    const xml = request12('\n<Add xmlns="App.WebService">\r\n  <a>99999999999</a></Add>');
    expectReply(
      await postSoap12(service.port, xml, null),
      500,
      SOAP12_TYPE,
      fault12(
        'Sender',
        'Server was unable to read request. ---&gt; There is an error in XML document (3, 23). ---&gt; ' +
          'Value was either too large or too small for an Int32.',
      ),
    );
  });

  it('a handler throwing SoapFault: its code, message and detail, escaped', async () => {
    const client = request11('<Fail xmlns="App.WebService"><kind>client</kind></Fail>');
    expectReply(
      await postSoap11(service.port, client, 'App.WebService/Fail'),
      500,
      XML_TYPE,
      fault11('Client', 'Invalid &lt;requestJson&gt; &amp; more', '<detail>detail &lt;b&gt;bold&lt;/b&gt;</detail>'),
    );
    expectReply(
      await postSoap12(service.port, client.replace(SOAP11, 'http://www.w3.org/2003/05/soap-envelope'), null),
      500,
      SOAP12_TYPE,
      fault12(
        'Sender',
        'Invalid &lt;requestJson&gt; &amp; more',
        '<soap:Detail>detail &lt;b&gt;bold&lt;/b&gt;</soap:Detail>',
      ),
    );
    const server = request11('<Fail xmlns="App.WebService"><kind>server</kind></Fail>');
    expect((await postSoap11(service.port, server, 'App.WebService/Fail')).text).toBe(fault11('Server', 'Try later.'));
  });

  it('a handler throwing any other error: a generic Server fault, no message, no stack, onError called', async () => {
    errors.length = 0;
    const xml = request11('<Fail xmlns="App.WebService"><kind>boom</kind></Fail>');
    const reply = await postSoap11(service.port, xml, 'App.WebService/Fail');
    expectReply(reply, 500, XML_TYPE, fault11('Server', 'Server was unable to process request.'));
    expect(reply.text).not.toContain('secret');
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('secret boom at C:\\internal\\path');
  });

  it('a value-type result that is missing: a Server fault', async () => {
    const reply = await postSoap11(service.port, request11('<Count xmlns="App.WebService" />'), 'App.WebService/Count');
    expectReply(reply, 500, XML_TYPE, fault11('Server', 'Server was unable to process request.'));
  });

  it('a handler that never settles: a Server fault after handlerTimeoutMs, its signal aborted', async () => {
    errors.length = 0;
    const reply = await postSoap11(
      service.port,
      request11('<Fail xmlns="App.WebService"><kind>hang</kind></Fail>'),
      'App.WebService/Fail',
    );
    expectReply(reply, 500, XML_TYPE, fault11('Server', 'Server was unable to process request.'));
    expect(lastCall().ctx.signal.aborted).toBe(true);
    expect((errors[0] as Error).name).toBe('HandlerTimeoutError');
  });

  it('a mustUnderstand header: MustUnderstand fault without detail, the handler not called', async () => {
    const before = service.calls.length;
    const header = `<h:Session xmlns:h="urn:h" soap:mustUnderstand="1">x</h:Session>`;
    expectReply(
      await postSoap11(service.port, request11(AUTH, header), 'App.WebService/Authenticate'),
      500,
      XML_TYPE,
      reply11(
        '<soap:Fault><faultcode>soap:MustUnderstand</faultcode><faultstring>SOAP header Session was not understood.</faultstring></soap:Fault>',
      ),
    );
    const header12 = `<h:Session xmlns:h="urn:h" soap:mustUnderstand="true">x</h:Session>`;
    expectReply(
      await postSoap12(service.port, request12(AUTH, header12), null),
      500,
      SOAP12_TYPE,
      reply12(
        '<soap:Fault><soap:Code><soap:Value>soap:MustUnderstand</soap:Value></soap:Code><soap:Reason>' +
          '<soap:Text xml:lang="en">SOAP header Session was not understood.</soap:Text></soap:Reason></soap:Fault>',
      ),
    );
    expect(service.calls.length).toBe(before);
  });

  it('headers without mustUnderstand, or with 0, are ignored', async () => {
    const header = '<h:A xmlns:h="urn:h">x</h:A><h:B xmlns:h="urn:h" soap:mustUnderstand="0" />';
    expectReply(
      await postSoap11(service.port, request11(AUTH, header), 'App.WebService/Authenticate'),
      200,
      XML_TYPE,
      VOID11,
    );
  });
});

describe('exposeErrors', () => {
  it('appends the error message, still without a stack', async () => {
    const exposed = await startService({ exposeErrors: true });
    try {
      const xml = request11('<Fail xmlns="App.WebService"><kind>boom</kind></Fail>');
      const reply = await postSoap11(exposed.port, xml, 'App.WebService/Fail');
      expect(reply.text).toBe(
        fault11('Server', 'Server was unable to process request. ---&gt; secret boom at C:\\internal\\path'),
      );
      expect(reply.text).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
    } finally {
      await exposed.close();
    }
  });
});
