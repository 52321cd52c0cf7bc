/**
 * ASP.NET sessions (`enableSession`): the `ASP.NET_SessionId` cookie as the .NET Framework writes it, issued only by
 * a call that writes to a new session, the same session over SOAP 1.1, SOAP 1.2, HTTP GET/POST and JSON, no
 * session for the operations without `enableSession`, nothing saved by a handler that throws, `abandon()`, and the
 * sliding timeout, on the in-memory store.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { describeService } from '../../generator/emit/describe-service.js';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { loadSpecText } from '../../generator/index.js';
import {
  createServiceFetchHandler,
  createServiceServer,
  memorySessionStore,
  redisSessionStore,
  type CallContext,
  type ServerOptions,
} from '../../runtime/src/server.js';
import { send, type RawReply } from './raw-http.js';

const MODEL = loadSpecText(
  stringify({
    service: { name: 'Shop', namespace: 'urn:shop', scriptService: true },
    operations: [
      { name: 'Count', result: 'int', enableSession: true },
      { name: 'Peek', result: 'int', enableSession: true },
      { name: 'Put', parameters: [{ name: 'item', type: 'string' }], result: 'int', enableSession: true },
      { name: 'PutThenFail', parameters: [{ name: 'item', type: 'string' }], enableSession: true },
      { name: 'Leave', enableSession: true },
      { name: 'HasSession', result: 'boolean' },
      { name: 'SlowCount', result: 'int', enableSession: true },
      { name: 'Hold', enableSession: true },
    ],
  }),
  'shop.yaml',
);

const HANDLERS = {
  Count: async (_: unknown, ctx: CallContext) => {
    const n = ((await ctx.session!.get<number>('n')) ?? 0) + 1;
    await ctx.session!.set('n', n);
    return n;
  },
  Peek: async (_: unknown, ctx: CallContext) => (await ctx.session!.get<number>('n')) ?? 0,
  Put: async ({ item }: { item: string }, ctx: CallContext) => {
    const cart = (await ctx.session!.get<string[]>('cart')) ?? [];
    cart.push(item);
    await ctx.session!.set('cart', cart);
    return cart.length;
  },
  PutThenFail: async ({ item }: { item: string }, ctx: CallContext) => {
    await ctx.session!.set('cart', [item]);
    throw new Error('out of stock');
  },
  Leave: async (_: unknown, ctx: CallContext) => {
    await ctx.session!.abandon();
  },
  HasSession: (_: unknown, ctx: CallContext) => ctx.session !== undefined,
  /** Count, with time between the read and the write for another call of the session to come in. */
  SlowCount: async (_: unknown, ctx: CallContext) => {
    const n = ((await ctx.session!.get<number>('n')) ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ctx.session!.set('n', n);
    return n;
  },
  /** Holds the session until `release()`. */
  Hold: async (_: unknown, ctx: CallContext) => {
    await ctx.session!.set('held', true);
    await new Promise<void>((resolve) => (release = resolve));
  },
};

let release: () => void = () => undefined;

let now = 1_000_000;
const servers: ReturnType<typeof createServiceServer>[] = [];

async function start(options: ServerOptions, handlers: object = HANDLERS): Promise<number> {
  const server = createServiceServer(describeService(MODEL), renderDocuments(MODEL), handlers, {
    onError: () => undefined,
    ...options,
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

let port: number;
beforeAll(async () => {
  // A clock of the test's own: expiry without waiting.
  port = await start({ sessionStore: memorySessionStore({ now: () => now }), sessionTimeout: 1 });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((done) => s.close(() => done()))));
});

const COOKIE = /^ASP\.NET_SessionId=([a-z0-5]{24}); path=\/; HttpOnly; SameSite=Lax$/;

/** The id of the session cookie a reply sets; `undefined` when it sets none. */
function issued(reply: RawReply): string | undefined {
  const cookies = reply.headers['set-cookie'];
  if (cookies === undefined) return undefined;
  expect(cookies).toHaveLength(1);
  const id = COOKIE.exec(cookies[0]!)?.[1];
  expect(id, cookies[0]).toBeDefined();
  return id;
}

function cookieOf(id: string | undefined): Record<string, string> {
  return id === undefined ? {} : { Cookie: `theme=dark; ASP.NET_SessionId=${id}` };
}

const json = (op: string, id?: string, body = '{}') =>
  send(port, `/Shop.asmx/${op}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...cookieOf(id) },
    body,
  });
const soap11 = (op: string, id?: string) =>
  send(port, '/Shop.asmx', {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"urn:shop/${op}"`, ...cookieOf(id) },
    body: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${op} xmlns="urn:shop"/></soap:Body></soap:Envelope>`,
  });
const soap12 = (op: string, id?: string) =>
  send(port, '/Shop.asmx', {
    method: 'POST',
    headers: { 'Content-Type': `application/soap+xml; charset=utf-8; action="urn:shop/${op}"`, ...cookieOf(id) },
    body: `<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body><${op} xmlns="urn:shop"/></soap12:Body></soap12:Envelope>`,
  });
const httpPost = (op: string, id?: string) =>
  send(port, `/Shop.asmx/${op}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...cookieOf(id) },
    body: '',
  });
const httpGet = (op: string, id?: string) => send(port, `/Shop.asmx/${op}`, { headers: cookieOf(id) });

/** The int a reply carries, whichever protocol answered. */
function intOf(reply: RawReply): number {
  expect(reply.status, reply.text).toBe(200);
  const match =
    /^\{"d":(-?\d+)\}$/.exec(reply.text) ??
    /<(?:\w+:)?(?:CountResult|SlowCountResult|PeekResult|int)[^>]*>(-?\d+)</.exec(reply.text);
  expect(match, reply.text).not.toBeNull();
  return Number(match![1]);
}

describe('ASP.NET sessions', () => {
  it('hand out the cookie with the call that first writes, and count on with it over every protocol', async () => {
    const first = await json('Count');
    expect(intOf(first)).toBe(1);
    const id = issued(first)!;
    const replies = [await soap11('Count', id), await soap12('Count', id), await httpPost('Count', id)];
    replies.push(await httpGet('Count', id), await json('Count', id));
    expect(replies.map(intOf)).toEqual([2, 3, 4, 5, 6]);
    expect(replies.map(issued)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('issue the cookie over SOAP too, and take the id in upper case (SessionIDManager.Decode lowers it)', async () => {
    const first = await soap11('Count');
    expect(intOf(first)).toBe(1);
    const id = issued(first)!;
    expect(intOf(await soap11('Count', id.toUpperCase()))).toBe(2);
  });

  it('start no session for a call that only reads: no cookie, and each such call is new', async () => {
    const peek = await json('Peek');
    expect([intOf(peek), issued(peek)]).toEqual([0, undefined]);
    const again = await httpGet('Peek');
    expect([intOf(again), issued(again)]).toEqual([0, undefined]);
  });

  it('start a new session for a cookie that is no legitimate id (Mono writes hex ids)', async () => {
    const reply = await json('Count', '0F7149D24C0D183AA1078F6A');
    expect(intOf(reply)).toBe(1);
    expect(issued(reply)).toMatch(/^[a-z0-5]{24}$/);
  });

  it('keep an expired id: the session starts again under it, without a new cookie', async () => {
    const id = 'abcdefghijklmnopqrstuvwx';
    const reply = await json('Count', id);
    expect([intOf(reply), issued(reply)]).toEqual([1, undefined]);
    expect(intOf(await json('Count', id))).toBe(2);
  });

  it('keep values as JSON: a list comes back as it was stored', async () => {
    const first = await json('Put', undefined, '{"item":"apple"}');
    const id = issued(first)!;
    expect(intOf(await json('Put', id, '{"item":"pear"}'))).toBe(2);
    expect(intOf(await json('Put', id, '{"item":"fig"}'))).toBe(3);
  });

  it('save nothing from a handler that throws, nor hand out a cookie', async () => {
    const failed = await json('PutThenFail', undefined, '{"item":"apple"}');
    expect([failed.status, issued(failed)]).toEqual([500, undefined]);
    const id = issued(await json('Put', undefined, '{"item":"apple"}'))!;
    expect((await json('PutThenFail', id, '{"item":"pear"}')).status).toBe(500);
    expect(intOf(await json('Put', id, '{"item":"fig"}'))).toBe(2);
  });

  it('forget an abandoned session: the next call with the same cookie starts afresh', async () => {
    const id = issued(await json('Count'))!;
    expect(intOf(await json('Count', id))).toBe(2);
    const left = await json('Leave', id);
    expect([left.status, left.text, issued(left)]).toEqual([200, '{"d":null}', undefined]);
    const again = await json('Count', id);
    expect([intOf(again), issued(again)]).toEqual([1, undefined]);
  });

  it('give operations without enableSession no session, and set no cookie for them', async () => {
    const id = issued(await json('Count'))!;
    const reply = await json('HasSession', id);
    expect([reply.text, issued(reply)]).toEqual(['{"d":false}', undefined]);
  });

  it('expire a session its timeout after the last call that used it (sliding)', async () => {
    const id = issued(await json('Count'))!;
    now += 50_000;
    expect(intOf(await json('Peek', id))).toBe(1);
    // 50 s + 50 s: past a minute from the first call, not from the last.
    now += 50_000;
    expect(intOf(await json('Count', id))).toBe(2);
    now += 60_001;
    expect(intOf(await json('Peek', id))).toBe(0);
  });

  it('refuse a session timeout that is no positive number, and a store that is no redis:// URL', () => {
    const create = (options: ServerOptions) => () =>
      createServiceServer(describeService(MODEL), renderDocuments(MODEL), HANDLERS, options);
    expect(create({ sessionTimeout: 0 })).toThrow('ServerOptions.sessionTimeout must be a positive number.');
    expect(create({ sessionStore: 'http://cache:6379' })).toThrow(
      'ServerOptions.sessionStore: A Redis session store needs a redis:// or rediss:// URL, not "http://cache:6379".',
    );
  });

  it('refuse a value that is not JSON: the call fails, and onError sees why', async () => {
    const errors: unknown[] = [];
    const other = await start(
      { onError: (error) => errors.push(error) },
      {
        ...HANDLERS,
        Count: async (_: unknown, ctx: CallContext) => {
          await ctx.session!.set('n', 1n);
          return 1;
        },
      },
    );
    const reply = await send(other, '/Shop.asmx/Count', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect([reply.status, issued(reply)]).toEqual([500, undefined]);
    expect(String(errors[0])).toBe(
      'TypeError: ctx.session.set: the value of n is not JSON-serializable (Do not know how to serialize a BigInt).',
    );
  });

  it('fail the calls of enableSession operations while Redis cannot be reached, and serve the others', async () => {
    const errors: unknown[] = [];
    // Nothing listens on port 1.
    const store = redisSessionStore('redis://:secret@127.0.0.1:1/2', { connectTimeoutMs: 300 });
    try {
      const other = await start({ sessionStore: store, onError: (error) => errors.push(error) });
      const post = (op: string) =>
        send(other, `/Shop.asmx/${op}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: 'ASP.NET_SessionId=abcdefghijklmnopqrstuvwx' },
          body: '{}',
        });
      const failed = await post('Count');
      expect([failed.status, failed.headers.jsonerror, issued(failed)]).toEqual([500, 'true', undefined]);
      expect(String(errors[0])).toMatch(/^Error: The Redis session store at redis:\/\/127\.0\.0\.1:1\/2 failed: /);
      expect((await post('HasSession')).text).toBe('{"d":false}');
    } finally {
      await store.close!();
    }
  });

  it('serialize the calls of one session: concurrent increments over every protocol end at N', async () => {
    const id = issued(await json('SlowCount'))!;
    const calls = [json, soap11, soap12, httpPost, httpGet];
    const replies = await Promise.all(Array.from({ length: 15 }, (_, i) => calls[i % calls.length]!('SlowCount', id)));
    // Each call saw the one before it: 2 … 16, none lost.
    expect(replies.map(intOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 2));
    expect(intOf(await json('Peek', id))).toBe(16);
  });

  it('run the calls of different sessions, and of no session, side by side', async () => {
    const a = issued(await json('Count'))!;
    const held = json('Hold', a);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Session a is locked; another session and a call without a session are answered meanwhile.
    const b = issued(await json('Count'))!;
    expect(intOf(await json('Count', b))).toBe(2);
    expect((await json('HasSession', a)).text).toBe('{"d":false}');
    release();
    expect((await held).text).toBe('{"d":null}');
  });

  it("take over a session's lock older than the handler's time limit (ASP.NET's executionTimeout)", async () => {
    let clock = 5_000_000;
    const other = await start({ sessionStore: memorySessionStore({ now: () => clock }), handlerTimeoutMs: 60_000 });
    const post = (op: string, id?: string) =>
      send(other, `/Shop.asmx/${op}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...cookieOf(id) },
        body: '{}',
      });
    const id = issued(await post('Count'))!;
    const held = post('Hold', id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Within the time limit the next call waits; past it (by the store's clock), it takes the lock over.
    let answered = false;
    const next = post('Count', id).then((reply) => ((answered = true), reply));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(answered).toBe(false);
    clock += 60_001;
    expect(intOf(await next)).toBe(2);
    release();
    expect((await held).status).toBe(200);
  });

  it('work the same through the fetch handler', async () => {
    const handle = createServiceFetchHandler(describeService(MODEL), renderDocuments(MODEL), HANDLERS);
    const count = (cookie?: string) =>
      handle(
        new Request('http://localhost/Shop.asmx/Count', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(cookie === undefined ? {} : { Cookie: cookie }) },
          body: '{}',
        }),
      );
    const first = await count();
    const id = COOKIE.exec(first.headers.get('set-cookie') ?? '')?.[1];
    expect([await first.text(), id === undefined]).toEqual(['{"d":1}', false]);
    const second = await count(`ASP.NET_SessionId=${id}`);
    expect([await second.text(), second.headers.get('set-cookie')]).toEqual(['{"d":2}', null]);
  });

  it('save nothing from a handler that ran out of time', async () => {
    let finish: () => void = () => undefined;
    const other = await start(
      { handlerTimeoutMs: 50 },
      {
        ...HANDLERS,
        Put: async ({ item }: { item: string }, ctx: CallContext) => {
          if (item !== 'slow') return HANDLERS.Put({ item }, ctx);
          await ctx.session!.set('cart', [item]);
          await new Promise<void>((resolve) => (finish = resolve));
          return 1;
        },
      },
    );
    const put = (item: string) =>
      send(other, '/Shop.asmx/Put', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: 'ASP.NET_SessionId=bcdefghijklmnopqrstuvwxy' },
        body: JSON.stringify({ item }),
      });
    expect((await put('slow')).status).toBe(500);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await put('pear')).text).toBe('{"d":1}');
  });
});
