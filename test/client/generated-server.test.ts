/**
 * The generated client against the generated server (default spec), over
 * real HTTP: every operation over every transport, exact values, faults and
 * errors, uploads, time limits, aborts, and what is refused before sending.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAuthenticationWebServiceClient,
  HttpError,
  NetworkError,
  service,
  SoapFaultError,
  TimeoutError,
  type AuthenticationWebServiceClient,
  type AuthenticationWebServiceTransport,
} from '../../generated/index.js';
import { SoapFaultError as TemplateSoapFaultError } from '../../runtime/src/client.js';
import {
  FORBIDDEN,
  HOSTILE,
  HOSTILE_FAULT,
  REFUSED_OVER_HTTP,
  rejectionOf,
  startGeneratedService,
  type RunningService,
} from './helpers.js';

const TRANSPORTS: readonly AuthenticationWebServiceTransport[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];
const SOAP: readonly AuthenticationWebServiceTransport[] = ['soap11', 'soap12'];
const HTTP: readonly AuthenticationWebServiceTransport[] = ['httpGet', 'httpPost'];
const OPERATIONS = service.operations.filter((op) => op.parameters.length > 0).map((op) => op.name);

let running: RunningService;
let client: AuthenticationWebServiceClient;
beforeAll(async () => {
  running = await startGeneratedService();
  client = createAuthenticationWebServiceClient({ url: running.url });
});
afterAll(() => running.close());
beforeEach(() => {
  running.seen.length = 0;
});

/** Calls `operation` (one with `requestJson`) by name. */
function call(
  operation: string,
  input: { requestJson?: string } | undefined,
  transport: AuthenticationWebServiceTransport,
): Promise<void> {
  const method = client[operation as keyof AuthenticationWebServiceClient] as (
    input: { requestJson?: string } | undefined,
    options: { transport: AuthenticationWebServiceTransport },
  ) => Promise<void>;
  return method(input, { transport });
}

function lastSeen() {
  const last = running.seen[running.seen.length - 1];
  if (!last) throw new Error('the handler saw no call');
  return last;
}

describe.each(TRANSPORTS)('over %s', (transport) => {
  // Over HTTP GET/POST, request validation refuses some hostile values: those go to a server without it.
  const carried = SOAP.includes(transport) ? HOSTILE : HOSTILE.filter(([name]) => !REFUSED_OVER_HTTP.has(name));

  it('calls every operation; each handler sees exactly the value sent, a plain one and every hostile one', async () => {
    expect(OPERATIONS).toHaveLength(19);
    for (const operation of OPERATIONS) {
      for (const value of [`plain ${operation}`, ...carried.map(([, v]) => v)]) {
        await expect(call(operation, { requestJson: value }, transport)).resolves.toBeUndefined();
        const seen = lastSeen();
        expect([seen.operation, seen.transport]).toEqual([operation, transport]);
        expect(seen.input, `${operation} ${JSON.stringify(value)}`).toEqual({ requestJson: value });
      }
    }
    expect(running.seen).toHaveLength(19 * (carried.length + 1));
  });

  it('sends "" as an empty value', async () => {
    await client.Authenticate({ requestJson: '' }, { transport });
    expect(lastSeen().input).toEqual({ requestJson: '' });
  });

  it('calls UploadImage without files, with no parameter', async () => {
    await expect(client.UploadImage(undefined, { transport })).resolves.toBeUndefined();
    await expect(client.UploadImage({}, { transport })).resolves.toBeUndefined();
    expect(running.seen.map((s) => [s.operation, s.transport, s.input, s.files])).toEqual([
      ['UploadImage', transport, {}, []],
      ['UploadImage', transport, {}, []],
    ]);
  });

  it.each(FORBIDDEN)('refuses %s before sending anything', async (_name, value) => {
    const before = running.requests();
    const error = await rejectionOf(client.Authenticate({ requestJson: value }, { transport }));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(
      /^Authenticate: requestJson holds U\+[0-9A-F]{4} at index \d+, a character XML 1\.0 cannot carry/,
    );
    expect(running.requests()).toBe(before);
    expect(running.seen).toEqual([]);
  });

  it('times out with a TimeoutError', async () => {
    const started = Date.now();
    const error = await rejectionOf(client.Authenticate({ requestJson: 'hang' }, { transport, timeoutMs: 150 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ name: 'TimeoutError', timeoutMs: 150, operation: 'Authenticate', transport });
    expect((error as Error).message).toBe(`Authenticate (${transport}) did not complete within 150 ms.`);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("rejects with the signal's reason when aborted, during the call or before it", async () => {
    const reason = new Error('the user left');
    const controller = new AbortController();
    const pending = client.Authenticate({ requestJson: 'hang' }, { transport, signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    expect(await rejectionOf(pending)).toBe(reason);

    const before = running.requests();
    const aborted = AbortSignal.abort('already');
    expect(await rejectionOf(client.Authenticate({ requestJson: 'x' }, { transport, signal: aborted }))).toBe(
      'already',
    );
    const withClientSignal = createAuthenticationWebServiceClient({ url: running.url, transport, signal: aborted });
    expect(await rejectionOf(withClientSignal.Authenticate({ requestJson: 'x' }))).toBe('already');
    expect(running.requests()).toBe(before);
  });

  it('sends the headers given to the client and to the call; the transport keeps its own', async () => {
    const withHeaders = createAuthenticationWebServiceClient({
      url: running.url,
      transport,
      headers: { Authorization: 'Bearer client', 'X-Trace': 'client', 'Content-Type': 'text/html' },
    });
    await withHeaders.Authenticate({ requestJson: 'x' }, { headers: { 'X-Trace': 'call' } });
    const { headers } = lastSeen();
    expect([headers['authorization'], headers['x-trace']]).toEqual(['Bearer client', 'call']);
    expect(headers['content-type']).not.toBe('text/html');
  });
});

describe.each(SOAP)('faults over %s', (transport) => {
  const rawClient = transport === 'soap11' ? 'soap:Client' : 'soap:Sender';
  const rawServer = transport === 'soap11' ? 'soap:Server' : 'soap:Receiver';

  it("turns a handler's SoapFault into a SoapFaultError", async () => {
    const error = await rejectionOf(client.Authenticate({ requestJson: 'client-fault' }, { transport }));
    expect(error).toBeInstanceOf(SoapFaultError);
    expect(error).toMatchObject({
      name: 'SoapFaultError',
      code: 'Client',
      rawCode: rawClient,
      reason: 'bad',
      message: 'bad',
      detail: 'why',
      status: 500,
      operation: 'Authenticate',
      transport,
    });
    const hostile = await rejectionOf(client.Authenticate({ requestJson: 'hostile-fault' }, { transport }));
    expect(hostile).toMatchObject({ message: HOSTILE_FAULT, detail: undefined });
  });

  it('turns a thrown Error into a Server SoapFaultError, without the error', async () => {
    const error = await rejectionOf(client.GetTerm({ requestJson: 'error' }, { transport }));
    expect(error).toMatchObject({
      code: 'Server',
      rawCode: rawServer,
      message: 'Server was unable to process request.',
      status: 500,
    });
  });

  it('sends undefined as no element', async () => {
    await client.Authenticate({}, { transport });
    await client.Authenticate(undefined, { transport });
    await client.Authenticate({ requestJson: undefined }, { transport });
    expect(running.seen.map((s) => s.input)).toEqual([
      { requestJson: undefined },
      { requestJson: undefined },
      { requestJson: undefined },
    ]);
    expect(running.seen.map((s) => 'requestJson' in s.input)).toEqual([true, true, true]);
  });

  it('refuses files: they travel by httpPost only', async () => {
    const before = running.requests();
    const files = [{ filename: 'a.txt', contentType: 'text/plain', data: new Uint8Array([1]) }];
    const error = await rejectionOf(client.UploadImage({ files }, { transport }));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(
      `UploadImage: files are sent by httpPost only, not by ${transport}. Nothing was sent.`,
    );
    expect(running.requests()).toBe(before);
  });
});

describe.each(HTTP)('errors over %s', (transport) => {
  it("turns a handler's SoapFault into an HttpError 500 with its message", async () => {
    const error = await rejectionOf(client.Authenticate({ requestJson: 'client-fault' }, { transport }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      name: 'HttpError',
      status: 500,
      message: 'bad',
      contentType: 'text/plain; charset=utf-8',
      body: 'bad\r\n',
      operation: 'Authenticate',
      transport,
    });
    // ASMX HTML-encodes the message; the client decodes it.
    const hostile = await rejectionOf(client.Authenticate({ requestJson: 'hostile-fault' }, { transport }));
    expect(hostile).toMatchObject({ message: HOSTILE_FAULT });
    expect((hostile as HttpError).body).toContain('&lt;b&gt; &amp; &quot;quoted&quot;');
  });

  it('turns a thrown Error into an HttpError 500, without the error', async () => {
    const error = await rejectionOf(client.GetTerm({ requestJson: 'error' }, { transport }));
    expect(error).toMatchObject({ status: 500, message: 'Server was unable to process request.' });
  });

  it('sends undefined as no parameter, which ASMX refuses: Missing parameter', async () => {
    const error = await rejectionOf(client.Authenticate({}, { transport }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 500, message: 'Missing parameter: requestJson.' });
    expect(running.seen).toEqual([]);
  });

  it("a value request validation refuses: an HttpError 500 whose message is the reply's, decoded", async () => {
    const collection = transport === 'httpGet' ? 'QueryString' : 'Form';
    const error = await rejectionOf(client.Authenticate({ requestJson: '{"user":"a<b&c"}' }, { transport }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      name: 'HttpError',
      status: 500,
      message: `A potentially dangerous Request.${collection} value was detected from the client (requestJson="{"user":"a<b&c"}").`,
      contentType: 'text/plain; charset=utf-8',
      body:
        `A potentially dangerous Request.${collection} value was detected from the client ` +
        '(requestJson=&quot;{&quot;user&quot;:&quot;a&lt;b&amp;c&quot;}&quot;).\r\n',
      operation: 'Authenticate',
      transport,
    });
    for (const [name, value] of HOSTILE.filter(([n]) => REFUSED_OVER_HTTP.has(n))) {
      const refused = await rejectionOf(client.Authenticate({ requestJson: value }, { transport }));
      expect([name, (refused as HttpError).status]).toEqual([name, 500]);
      expect((refused as HttpError).message).toMatch(/^A potentially dangerous Request\.\w+ value was detected/);
    }
    expect(running.seen).toEqual([]);
  });

  it('a server with validateRequest: false carries every hostile value exactly', async () => {
    const lenient = await startGeneratedService({ validateRequest: false });
    try {
      const lenientClient = createAuthenticationWebServiceClient({ url: lenient.url, transport });
      for (const [, value] of HOSTILE) await lenientClient.Authenticate({ requestJson: value });
      expect(lenient.seen.map((s) => s.input.requestJson)).toEqual(HOSTILE.map(([, value]) => value));
    } finally {
      await lenient.close();
    }
  });
});

describe('UploadImage over httpPost', () => {
  it('uploads files as multipart/form-data: the handler gets their exact bytes, names and types', async () => {
    const bytes = new Uint8Array(256).map((_, i) => i);
    const crlf = new TextEncoder().encode('--\r\n--boundary\r\n\r\n');
    await client.UploadImage(
      {
        files: [
          { field: 'image', filename: 'photo.png', contentType: 'image/png', data: bytes },
          { filename: 'notes été 😀.txt', contentType: 'text/plain', data: crlf },
          { field: 'blob', filename: 'b.bin', contentType: 'application/octet-stream', data: new Blob([bytes]) },
          { filename: 'empty.dat', contentType: 'application/x-empty', data: new Uint8Array(0) },
        ],
      },
      { transport: 'httpPost' },
    );
    const { operation, files, input } = lastSeen();
    expect([operation, input]).toEqual(['UploadImage', {}]);
    expect(files.map((f) => [f.field, f.filename, f.contentType, Buffer.from(f.data).toString('hex')])).toEqual([
      ['image', 'photo.png', 'image/png', Buffer.from(bytes).toString('hex')],
      ['file', 'notes été 😀.txt', 'text/plain', Buffer.from(crlf).toString('hex')],
      ['blob', 'b.bin', 'application/octet-stream', Buffer.from(bytes).toString('hex')],
      ['file', 'empty.dat', 'application/x-empty', ''],
    ]);
  });

  it('refuses files that are not files, before sending', async () => {
    const before = running.requests();
    const files = [{ filename: 'a', contentType: 'text/plain', data: 'text' }] as never;
    const error = await rejectionOf(client.UploadImage({ files }, { transport: 'httpPost' }));
    expect(error).toBeInstanceOf(TypeError);
    expect(running.requests()).toBe(before);
  });
});

describe('the client', () => {
  it('defaults to SOAP 1.1 and to the address the WSDL names', async () => {
    const urls: string[] = [];
    const fetchSpy = async (url: string, init: RequestInit) => {
      urls.push(url);
      return fetch(running.url, init);
    };
    await createAuthenticationWebServiceClient({ fetch: fetchSpy }).Authenticate({ requestJson: 'x' });
    expect(urls).toEqual(['http://localhost:8080/AuthenticationWebService.asmx']);
    expect(lastSeen().transport).toBe('soap11');
  });

  it('takes an endpoint with a trailing slash', async () => {
    const slashed = createAuthenticationWebServiceClient({ url: `${running.url}/`, transport: 'httpGet' });
    await slashed.Authenticate({ requestJson: 'x' });
    expect(lastSeen().transport).toBe('httpGet');
  });

  it('refuses a URL it cannot call, a bad time limit, and a transport of the wrong name', async () => {
    expect(() => createAuthenticationWebServiceClient({ url: 'ftp://host/X.asmx' })).toThrow(TypeError);
    expect(() => createAuthenticationWebServiceClient({ url: 'X.asmx' })).toThrow(/not an absolute URL/);
    expect(() => createAuthenticationWebServiceClient({ timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => createAuthenticationWebServiceClient({ transport: 'soap13' as never })).toThrow(
      'AuthenticationWebService does not enable the transport "soap13"; it enables soap11, soap12, httpGet, httpPost.',
    );
    await expect(client.Authenticate({}, { timeoutMs: -1 })).rejects.toThrow(TypeError);
  });

  it('holds the time limit even with a fetch that ignores its signal', async () => {
    const never = createAuthenticationWebServiceClient({ fetch: () => new Promise<Response>(() => undefined) });
    const error = await rejectionOf(never.Authenticate({ requestJson: 'x' }, { timeoutMs: 50 }));
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('makes errors instances of the classes of every copy of the runtime, and nothing else', async () => {
    const error = await rejectionOf(client.Authenticate({ requestJson: 'client-fault' }));
    expect(error).toBeInstanceOf(SoapFaultError);
    expect(error).toBeInstanceOf(TemplateSoapFaultError);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(HttpError);
    expect(new Error('x')).not.toBeInstanceOf(SoapFaultError);
    expect(null).not.toBeInstanceOf(SoapFaultError);
  });

  it('rejects with a NetworkError when nothing answers', async () => {
    const nobody = createAuthenticationWebServiceClient({ url: 'http://127.0.0.1:1/AuthenticationWebService.asmx' });
    const error = await rejectionOf(nobody.Authenticate({ requestJson: 'x' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/^Authenticate \(soap11\) could not reach http:\/\/127\.0\.0\.1:1\/.*: /);
    expect((error as Error).message).not.toMatch(/\n\s+at /);
  });
});
