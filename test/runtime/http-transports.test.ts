/** Wire contract §2 to §4 for HttpGet and HttpPost, against a real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Running } from './fixture-service.js';
import { send, type RawReply } from './http-client.js';
import { TEXT_TYPE, XML_TYPE } from './soap-messages.js';

let service: Running;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

const BASE = '/AuthenticationWebService.asmx';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

function post(path: string, body: string | Uint8Array, headers: Record<string, string> = FORM) {
  return send(service.port, `${BASE}${path}`, { method: 'POST', headers, body });
}

function expectText(reply: RawReply, status: number, message: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toBe(TEXT_TYPE);
  expect(reply.text).toBe(`${message}\r\n`);
}

function expectVoid(reply: RawReply): void {
  expect(reply.status).toBe(200);
  expect(reply.body.byteLength).toBe(0);
  expect(reply.headers['content-length']).toBe('0');
  expect(reply.headers['content-type']).toBeUndefined();
  expect(reply.headers['cache-control']).toBe('private, max-age=0');
}

function lastCall() {
  return service.calls[service.calls.length - 1]!;
}

describe('HttpGet', () => {
  it('a void operation: 200, empty, Content-Length 0, no Content-Type, Cache-Control private', async () => {
    expectVoid(await send(service.port, `${BASE}/Authenticate?requestJson=%7B%22a%22%3A1%7D`));
    expect(lastCall()).toMatchObject({ operation: 'Authenticate', input: { requestJson: '{"a":1}' } });
    expect(lastCall().ctx.transport).toBe('httpGet');
    expect(lastCall().ctx.files).toEqual([]);
  });

  it("a void reply to a wsdl.exe proxy is chunked, since Mono's proxies never release a Content-Length: 0 reply", async () => {
    const agent = 'Mozilla/4.0 (compatible; MSIE 6.0; MS Web Services Client Protocol 4.0.30319.42000)';
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', 'requestJson=x'],
    ] as const) {
      const reply = await send(service.port, `${BASE}/Authenticate${method === 'GET' ? '?requestJson=x' : ''}`, {
        method,
        headers: { 'User-Agent': agent, ...(body && { 'Content-Type': 'application/x-www-form-urlencoded' }) },
        ...(body && { body }),
      });
      expect(reply.status).toBe(200);
      expect(reply.body.byteLength).toBe(0);
      expect(reply.headers['transfer-encoding']).toBe('chunked');
      expect(reply.headers['content-length']).toBeUndefined();
      expect(reply.headers['content-type']).toBeUndefined();
      expect(reply.headers['cache-control']).toBe('private, max-age=0');
    }
  });

  it('a result: the XML document named after its type', async () => {
    // `< ` and a final `&`: text request validation lets through.
    const reply = await send(service.port, `${BASE}/Echo?requestJson=a%3C%20b%26`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(XML_TYPE);
    expect(reply.text).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="App.WebService">a&lt; b&amp;</string>',
    );
    const add = await send(service.port, `${BASE}/Add?a=2&b=3`);
    expect(add.text).toBe('<?xml version="1.0" encoding="utf-8"?>\n<int xmlns="App.WebService">5</int>');
  });

  it('requestJson= is the empty string', async () => {
    expectVoid(await send(service.port, `${BASE}/Authenticate?requestJson=`));
    expect(lastCall().input).toEqual({ requestJson: '' });
  });

  it('a name given more than once: its values joined with ",", as ASP.NET reads them; names match ignoring case', async () => {
    const values: string[] = [];
    for (const query of [
      'REQUESTJSON=one&requestJson=two',
      'requestJson=a&requestJson=',
      'requestJson=&requestJson=b',
      'requestJson=a&requestJson=b&requestJson=c',
      'requestJson=a&requestJson',
    ]) {
      expectVoid(await send(service.port, `${BASE}/Authenticate?${query}`));
      values.push(lastCall().input.requestJson as string);
    }
    expect(values).toEqual(['one,two', 'a,', ',b', 'a,b,c', 'a']);
    // Joined before conversion: a repeated int does not convert.
    expectText(
      await send(service.port, `${BASE}/Add?a=1&a=2&b=3`),
      500,
      'Cannot convert 1,2 to System.Int32.\r\nParameter name: type ---> Input string was not in a correct format.',
    );
  });

  it('a missing parameter: 500 text/plain', async () => {
    expectText(await send(service.port, `${BASE}/Authenticate`), 500, 'Missing parameter: requestJson.');
    expectText(await send(service.port, `${BASE}/Authenticate?other=1`), 500, 'Missing parameter: requestJson.');
    expectText(await send(service.port, `${BASE}/Add?a=1`), 500, 'Missing parameter: b.');
  });

  it('a name without "=" is no parameter (ASP.NET files it under the null key)', async () => {
    expectText(await send(service.port, `${BASE}/Authenticate?requestJson`), 500, 'Missing parameter: requestJson.');
    expectText(await send(service.port, `${BASE}/Authenticate?requestJson&`), 500, 'Missing parameter: requestJson.');
  });

  it('a value that does not convert', async () => {
    expectText(
      await send(service.port, `${BASE}/Add?a=1&b=%3C1%3E%C3%A9`),
      500,
      'Cannot convert &lt;1&gt;&#233; to System.Int32.\r\nParameter name: type ---> Input string was not in a correct format.',
    );
  });

  it('an operation without parameters ignores the query and has no files', async () => {
    expectVoid(await send(service.port, `${BASE}/UploadImage?x=1`));
    expect(lastCall()).toMatchObject({ operation: 'UploadImage', input: {} });
    expect(lastCall().ctx.files).toEqual([]);
  });

  it('a null string result: xsi:nil', async () => {
    const reply = await send(service.port, `${BASE}/Echo?requestJson=null`);
    expect(reply.text).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<string xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" xmlns="App.WebService" />',
    );
  });
});

describe('HttpPost', () => {
  it('a form body', async () => {
    expectVoid(await post('/Authenticate', 'requestJson=%7B%22a%22%3A1%7D'));
    expect(lastCall()).toMatchObject({ operation: 'Authenticate', input: { requestJson: '{"a":1}' } });
    expect(lastCall().ctx.transport).toBe('httpPost');
    const reply = await post('/Echo', 'requestJson=x+y');
    expect(reply.text).toBe('<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="App.WebService">x y</string>');
  });

  it('requestJson= is the empty string; a missing one is an error', async () => {
    expectVoid(await post('/Authenticate', 'requestJson='));
    expect(lastCall().input).toEqual({ requestJson: '' });
    expectText(await post('/Authenticate', ''), 500, 'Missing parameter: requestJson.');
    // .NET's form collection files a name without "=" under the null key (Mono's keeps it as a name).
    expectText(await post('/Authenticate', 'requestJson'), 500, 'Missing parameter: requestJson.');
  });

  it('a name given more than once: its values joined with ","', async () => {
    const values: string[] = [];
    for (const body of ['requestJson=a&requestJson=b', 'requestJson=a&requestJson=', 'requestJson=&RequestJson=b']) {
      expectVoid(await post('/Authenticate', body));
      values.push(lastCall().input.requestJson as string);
    }
    expect(values).toEqual(['a,b', 'a,', ',b']);
  });

  it('an operation with parameters wants a form', async () => {
    expectText(
      await post('/Authenticate', 'requestJson=x', { 'Content-Type': 'text/plain; charset=utf-8' }),
      500,
      'Request format is invalid: text/plain; charset=utf-8.',
    );
  });

  it('an operation without parameters: multipart parts become ctx.files', async () => {
    const boundary = '----asmxgen';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="C:\\\\photos\\\\me.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="userId"\r\n\r\n42\r\n--${boundary}--\r\n`,
      ),
    ]);
    expectVoid(await post('/UploadImage', body, { 'Content-Type': `multipart/form-data; boundary=${boundary}` }));
    const files = lastCall().ctx.files;
    expect(files.map((f) => [f.field, f.filename, f.contentType])).toEqual([
      ['image', 'me.png', 'image/png'],
      ['userId', '', 'text/plain'],
    ]);
    expect(Array.from(files[0]!.data)).toEqual([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    expect(Buffer.from(files[1]!.data).toString()).toBe('42');
  });

  it('an operation without parameters: a form body has no files', async () => {
    expectVoid(await post('/UploadImage', 'a=1'));
    expect(lastCall().ctx.files).toEqual([]);
  });

  it('an operation without parameters: any other body is one file', async () => {
    const data = Buffer.from([1, 2, 3, 0, 255]);
    expectVoid(await post('/UploadImage', data, { 'Content-Type': 'image/jpeg' }));
    expect(lastCall().ctx.files.map((f) => ({ ...f, data: Array.from(f.data) }))).toEqual([
      { field: '', filename: '', contentType: 'image/jpeg', data: [1, 2, 3, 0, 255] },
    ]);
    expectVoid(await post('/UploadImage', 'garbage', { 'Content-Type': 'multipart/form-data; boundary=zzz' }));
    expect(lastCall().ctx.files).toHaveLength(1);
    expect(lastCall().ctx.files[0]!.contentType).toBe('multipart/form-data; boundary=zzz');
    expectVoid(await post('/UploadImage', '', {}));
    expect(lastCall().ctx.files).toEqual([]);
  });
});

describe('HTTP errors (§2, §4)', () => {
  it('a wrong-case operation name: .NET’s ArgumentException, naming both, HTML-encoded', async () => {
    const message = (requested: string, actual: string) =>
      `Invalid method name &#39;${requested}&#39;,  method names are case sensitive.   The method name ` +
      `&#39;${actual}&#39; with the same name but different casing was found.\r\nParameter name: methodName`;
    const before = service.calls.length;
    expectText(
      await send(service.port, `${BASE}/authenticate?requestJson=`),
      500,
      message('authenticate', 'Authenticate'),
    );
    expectText(await post('/ECHO', 'requestJson='), 500, message('ECHO', 'Echo'));
    expect(service.calls.length).toBe(before);
  });

  it.each([
    ['PUT', '/Authenticate', "'/Authenticate'"],
    ['DELETE', '/Echo', "'/Echo'"],
    ['GET', '/', "'/'"],
    ['GET', '/Nope', "'/Nope'"],
    ['POST', '/Nope', "'/Nope'"],
    ['GET', '/Authenticate/extra', "'/Authenticate/extra'"],
  ])('%s %s: 500 Request format is unrecognized for URL …', async (method, path, ending) => {
    const reply = await send(service.port, `${BASE}${path}`, {
      method,
      headers: FORM,
      body: method === 'GET' ? undefined : '',
    });
    expectText(reply, 500, `Request format is unrecognized for URL unexpectedly ending in ${ending}.`);
  });

  it('a handler error: 500 text/plain, generic; a SoapFault’s message HTML-encoded', async () => {
    expectText(await send(service.port, `${BASE}/Fail?kind=boom`), 500, 'Server was unable to process request.');
    expectText(await post('/Fail', 'kind=client'), 500, 'Invalid &lt;requestJson&gt; &amp; more');
  });

  it('with exposeErrors: the error’s message after the arrow, each part HTML-encoded', async () => {
    const exposed = await startService({ exposeErrors: true });
    try {
      const reply = await send(exposed.port, `${BASE}/Fail?kind=%3C%20b%3E`);
      expectText(reply, 500, 'Server was unable to process request. ---> secret &lt; b&gt; at C:\\internal\\path');
    } finally {
      await exposed.close();
    }
  });

  it('a missing value-type result: 500', async () => {
    expectText(await send(service.port, `${BASE}/Count`), 500, 'Server was unable to process request.');
  });
});
