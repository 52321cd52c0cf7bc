/**
 * What a server tells and lets its handlers say beyond the wire contract:
 * `onCall`, one record per call with its outcome; `ctx.setHeader` and
 * `ctx.setCookie`, reply headers a handler sets. Through the node handler
 * and the fetch handler alike.
 */
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createServiceFetchHandler,
  createServiceHandler,
  type CallContext,
  type CallRecord,
  type ServerOptions,
} from '../../runtime/src/server.js';
import { DOCUMENTS, recordingHandlers, SERVICE, type Recorded } from './fixture-service.js';
import { postSoap11, postSoap12, send, type RawReply } from './http-client.js';
import { fault11, reply11, request11, request12, XML_TYPE } from './soap-messages.js';

const PATH = '/AuthenticationWebService.asmx';
const NS = 'App.WebService';

/** The fixture's handlers, with Echo setting reply headers as its input says. */
function handlers(calls: Recorded[]) {
  const base = recordingHandlers(calls);
  return {
    ...base,
    async Echo(input: { requestJson?: string }, ctx: CallContext) {
      const value = input.requestJson ?? '';
      if (value.startsWith('set:')) {
        ctx.setCookie('session', 'abc123', {
          path: '/',
          httpOnly: true,
          secure: true,
          sameSite: 'Lax',
          maxAge: 3600,
          expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)),
          domain: 'example.com',
        });
        ctx.setCookie('theme', 'dark');
        ctx.setHeader('X-Request-Id', String(ctx.headers['x-request-id']));
        ctx.setHeader('x-request-id', String(ctx.headers['x-request-id']));
        ctx.setHeader('cache-control', 'no-store');
        ctx.setHeader('X-List', ['a', 'b']);
      }
      if (value === 'set:fault') throw new Error('after setting headers');
      if (value === 'refused') {
        const refusals: string[] = [];
        const attempts: (() => void)[] = [
          () => ctx.setHeader('Content-Length', '1'),
          () => ctx.setHeader('content-type', 'text/html'),
          () => ctx.setHeader('Connection', 'close'),
          () => ctx.setHeader('X-Injected', 'a\r\nSet-Cookie: evil=1'),
          () => ctx.setHeader('Bad Name', 'x'),
          () => ctx.setCookie('c', 'a;b'),
          () => ctx.setCookie('c', 'x', { path: '/;evil' }),
          () => ctx.setCookie('c', 'x', { expires: new Date(Number.NaN) }),
        ];
        for (const attempt of attempts) {
          try {
            attempt();
            refusals.push('accepted');
          } catch (error) {
            refusals.push(error instanceof TypeError ? error.message : 'not a TypeError');
          }
        }
        return refusals.join('\n');
      }
      return base.Echo(input, ctx);
    },
  };
}

interface Served {
  readonly port: number;
  readonly records: CallRecord[];
  close(): Promise<void>;
}

const open: Served[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function serve(options: ServerOptions = {}, observe = true): Promise<Served> {
  const records: CallRecord[] = [];
  const handler = createServiceHandler(SERVICE, DOCUMENTS, handlers([]), {
    ...options,
    ...(observe && { onCall: (record: CallRecord) => records.push(record) }),
  });
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const served = {
    port: (server.address() as AddressInfo).port,
    records,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(served);
  return served;
}

const echo11 = (value: string) => request11(`<Echo xmlns="${NS}"><requestJson>${value}</requestJson></Echo>`);

/** A record, its duration checked and left out. */
function settled(record: CallRecord | undefined): Omit<CallRecord, 'durationMs'> {
  expect(record).toBeDefined();
  const { durationMs, ...rest } = record!;
  expect(durationMs).toBeGreaterThanOrEqual(0);
  expect(durationMs).toBeLessThan(10_000);
  return rest;
}

describe('onCall', () => {
  it('tells each call: operation, transport, outcome, fault, status; documents are no calls', async () => {
    const { port, records } = await serve();
    await postSoap11(port, echo11('hi'), `"${NS}/Echo"`);
    await send(port, `${PATH}/Fail?kind=client`);
    await postSoap12(port, request12(`<Fail xmlns="${NS}"><kind>bug</kind></Fail>`), null);
    await send(port, `${PATH}/Add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    await postSoap11(port, request11(`<Nope xmlns="${NS}" />`), `"${NS}/Nope"`);
    await postSoap12(port, '<soap:Envelope', null);
    await send(port, `${PATH}/Add?a=1&b=x`);
    await send(port, `${PATH}?wsdl`);
    await send(port, PATH);
    expect(records.map(settled)).toEqual([
      { operation: 'Echo', transport: 'soap11', outcome: 'ok', fault: undefined, status: 200 },
      {
        operation: 'Fail',
        transport: 'httpGet',
        outcome: 'fault',
        fault: { code: 'Client', message: 'Invalid <requestJson> & more' },
        status: 500,
      },
      {
        operation: 'Fail',
        transport: 'soap12',
        outcome: 'error',
        fault: { code: 'Server', message: 'secret bug at C:\\internal\\path' },
        status: 500,
      },
      { operation: 'Add', transport: 'httpPost', outcome: 'rejected', fault: undefined, status: 500 },
      { operation: undefined, transport: 'soap11', outcome: 'rejected', fault: undefined, status: 500 },
      { operation: undefined, transport: 'soap12', outcome: 'rejected', fault: undefined, status: 400 },
      { operation: 'Add', transport: 'httpGet', outcome: 'rejected', fault: undefined, status: 500 },
    ]);
  });

  it('an error it is told of stays out of the reply; a throwing onCall changes nothing', async () => {
    const quiet = await serve();
    const loud = await serve({
      onCall: () => {
        throw new Error('observer failed');
      },
    });
    for (const { port } of [quiet, loud]) {
      const reply = await postSoap11(port, request11(`<Fail xmlns="${NS}"><kind>bug</kind></Fail>`), `"${NS}/Fail"`);
      expect(reply.status).toBe(500);
      expect(reply.text).toBe(fault11('Server', 'Server was unable to process request.'));
      const ok = await postSoap11(port, echo11('hi'), `"${NS}/Echo"`);
      expect(ok.text).toBe(reply11(`<EchoResponse xmlns="${NS}"><EchoResult>hi</EchoResult></EchoResponse>`));
    }
  });

  it('a client that goes away before its reply: aborted, no status', async () => {
    const { port, records } = await serve();
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.write(`GET ${PATH}/Fail?kind=wait-abort HTTP/1.1\r\nHost: x\r\n\r\n`, () => {
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => resolve());
    });
    await vi.waitFor(() => expect(records).toHaveLength(1));
    expect(settled(records[0])).toEqual({
      operation: 'Fail',
      transport: 'httpGet',
      outcome: 'aborted',
      fault: undefined,
      status: undefined,
    });
  });

  it('a handler out of time: told when its early reply goes, not when (or if) the handler settles', async () => {
    const { port, records } = await serve({ handlerTimeoutMs: 200 });
    const reply = await send(port, `${PATH}/Fail?kind=hang`);
    expect(reply.status).toBe(500);
    expect(records.map(settled)).toEqual([
      {
        operation: 'Fail',
        transport: 'httpGet',
        outcome: 'error',
        fault: { code: 'Server', message: 'The operation Fail did not complete within 200 ms.' },
        status: 500,
      },
    ]);
  });

  it('through the fetch handler too', async () => {
    const records: CallRecord[] = [];
    const handle = createServiceFetchHandler(SERVICE, DOCUMENTS, handlers([]), { onCall: (r) => records.push(r) });
    const response = await handle(new Request(`http://h${PATH}/Echo?requestJson=x`));
    expect(response.status).toBe(200);
    expect(records.map(settled)).toEqual([
      { operation: 'Echo', transport: 'httpGet', outcome: 'ok', fault: undefined, status: 200 },
    ]);
  });

  it('without onCall, no call is timed', async () => {
    const { port } = await serve({}, false);
    const now = vi.spyOn(performance, 'now');
    try {
      await postSoap11(port, echo11('hi'), `"${NS}/Echo"`);
      await send(port, `${PATH}/Fail?kind=client`);
      expect(now).not.toHaveBeenCalled();
    } finally {
      now.mockRestore();
    }
  });
});

describe('ctx.setHeader and ctx.setCookie', () => {
  const SET_COOKIES = [
    'session=abc123; Domain=example.com; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT; Max-Age=3600; Secure; HttpOnly; SameSite=Lax',
    'theme=dark',
  ];

  it('add the headers to the reply, in place of the server’s own of the same name; the body is unchanged', async () => {
    const { port } = await serve({}, false);
    const plain = await postSoap11(port, echo11('x'), `"${NS}/Echo"`);
    const reply = await postSoap11(port, echo11('set:x'), `"${NS}/Echo"`, { 'X-Request-Id': 'r-1' });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(reply11(`<EchoResponse xmlns="${NS}"><EchoResult>set:x</EchoResult></EchoResponse>`));
    expect(reply.headers['set-cookie']).toEqual(SET_COOKIES);
    expect(reply.headers['x-request-id']).toBe('r-1');
    expect(reply.headers['x-list']).toBe('a, b');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['content-type']).toBe(XML_TYPE);
    expect(reply.headers['content-length']).toBe(String(reply.body.byteLength));
    expect(plain.headers['cache-control']).toBe('private, max-age=0');
    expect(plain.headers['set-cookie']).toBeUndefined();
  });

  it('go with a fault too, over HTTP POST', async () => {
    const { port } = await serve({}, false);
    const reply = await send(port, `${PATH}/Echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Request-Id': 'r-2' },
      body: 'requestJson=set%3Afault',
    });
    expect(reply.status).toBe(500);
    expect(reply.text).toBe('Server was unable to process request.\r\n');
    expect(reply.headers['set-cookie']).toEqual(SET_COOKIES);
    expect(reply.headers['x-request-id']).toBe('r-2');
  });

  it('through the fetch handler: the same headers', async () => {
    const handle = createServiceFetchHandler(SERVICE, DOCUMENTS, handlers([]));
    const response = await handle(
      new Request(`http://h${PATH}/Echo?requestJson=set%3Ay`, { headers: { 'X-Request-Id': 'r-3' } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual(SET_COOKIES);
    expect(response.headers.get('x-request-id')).toBe('r-3');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-list')).toBe('a, b');
  });

  it('refuse, with a TypeError saying why, what would break the reply or inject a header', async () => {
    const { port } = await serve({}, false);
    const reply: RawReply = await send(port, `${PATH}/Echo?requestJson=refused`);
    expect(reply.status).toBe(200);
    expect(reply.headers['set-cookie']).toBeUndefined();
    expect(reply.headers['x-injected']).toBeUndefined();
    const result = /<string xmlns="App.WebService">([^<]*)<\/string>/.exec(reply.text)![1]!;
    expect(result.split('\n')).toEqual([
      'ctx.setHeader: the server sets Content-Length itself.',
      'ctx.setHeader: the server sets content-type itself.',
      'ctx.setHeader: the server sets Connection itself.',
      'ctx.setHeader: the value of X-Injected holds a character a header cannot carry.',
      'ctx.setHeader: "Bad Name" is not an HTTP header name.',
      'ctx.setCookie: the value of cookie c holds a character a cookie cannot carry (encode it first).',
      'ctx.setCookie: path of cookie c holds a character a cookie cannot carry.',
      'ctx.setCookie: expires of cookie c is not a valid Date.',
    ]);
  });
});
