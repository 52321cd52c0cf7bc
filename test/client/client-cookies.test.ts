/**
 * The client's cookies (`options.cookies`): the typed client of an `enableSession` service keeps the
 * `ASP.NET_SessionId` that `asmxgen serve` sets, by default, and carries the session over every transport (SOAP
 * 1.1, SOAP 1.2, HTTP GET, HTTP POST, JSON) and every Node way of sending (undici, `node:http` with an agent, a
 * `fetch`): the counter goes 1, 2, 3…. A client without cookies starts a new session with each call; two clients
 * share a session through one tough-cookie jar. The service's other cookies are kept by their `Path` and expiry.
 */
import { writeFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CookieJar } from 'tough-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { describeService } from '../../generator/emit/describe-service.js';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { loadSpecText } from '../../generator/index.js';
import { createServiceCaller, type ClientTransport } from '../../runtime/src/client.js';
import { createServiceServer, type CallContext } from '../../runtime/src/server.js';
import { createSessionCounterClient, type SessionCounterClientOptions } from '../golden/sessions/expected/index.js';
import { ROOT, startCliServer, tempDir, type CliServer } from '../cli/run-cli.js';

const SPEC = join(ROOT, 'test/golden/sessions/spec.yaml');

const HANDLERS = `export const handlers = {
  async Count(_input, ctx) {
    const n = ((await ctx.session.get('n')) ?? 0) + 1;
    await ctx.session.set('n', n);
    return n;
  },
  async Reset(_input, ctx) {
    await ctx.session.abandon();
  },
  async Peek(_input, ctx) {
    return (await ctx.session.get('n')) ?? 0;
  },
  Echo({ text }) {
    return text;
  },
};
`;

let served: CliServer | undefined;
let url = '';

beforeAll(async () => {
  const dir = await tempDir();
  await writeFile(join(dir, 'handlers.mjs'), HANDLERS);
  served = await startCliServer(
    ['serve', '--port', '0', '--spec', SPEC, '--impl', join(dir, 'handlers.mjs')],
    /serving \w+ at (http:\S+)/,
    { timeoutMs: 60_000 },
  );
  url = served.address;
}, 90_000);

afterAll(async () => {
  served?.child.kill('SIGTERM');
  await served?.exited;
});

const TRANSPORTS = ['json', 'soap11', 'soap12', 'httpGet', 'httpPost'] as const;

/** Counts with a new client over each transport in turn, `rounds` times: the counts it gets. */
async function counts(options: SessionCounterClientOptions, rounds = 1): Promise<number[]> {
  const client = createSessionCounterClient({ url, ...options });
  const seen: number[] = [];
  for (let i = 0; i < rounds; i++) for (const transport of TRANSPORTS) seen.push(await client.Count({}, { transport }));
  return seen;
}

const ONE_TO_TEN = Array.from({ length: 10 }, (_, i) => i + 1);

describe("the typed client keeps an enableSession service's session cookie (asmxgen serve)", () => {
  it('by default: 1, 2, 3 … over JSON, SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST, through undici', async () => {
    expect(await counts({}, 2)).toEqual(ONE_TO_TEN);
  });

  it('through node:http (an agent) and through a fetch alike', async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      expect(await counts({ agent }, 2)).toEqual(ONE_TO_TEN);
    } finally {
      agent.destroy();
    }
    expect(await counts({ fetch: (input, init) => fetch(input, init) }, 2)).toEqual(ONE_TO_TEN);
  });

  it('not with cookies: false: each call starts a new session', async () => {
    expect(await counts({ cookies: false })).toEqual([1, 1, 1, 1, 1]);
  });

  it('in a jar of its own per client, or in one jar two clients share (tough-cookie)', async () => {
    const a = createSessionCounterClient({ url });
    const b = createSessionCounterClient({ url });
    expect([await a.Count(), await a.Count(), await b.Count(), await a.Count()]).toEqual([1, 2, 1, 3]);
    const jar = new CookieJar();
    const c = createSessionCounterClient({ url, cookies: jar, transport: 'json' });
    const d = createSessionCounterClient({ url, cookies: jar, transport: 'soap12' });
    expect([await c.Count(), await d.Count(), await c.Count()]).toEqual([1, 2, 3]);
    expect(await jar.getCookieString(url)).toMatch(/^ASP\.NET_SessionId=[a-z0-5]{24}$/);
  });

  it("after abandon: the same cookie, a new empty session (the client's next count is 1)", async () => {
    const client = createSessionCounterClient({ url, transport: 'httpPost' });
    expect([await client.Count(), await client.Count()]).toEqual([1, 2]);
    await client.Reset();
    expect([await client.Peek(), await client.Count()]).toEqual([0, 1]);
  });

  it('refuses a cookies option that is no jar, before anything is sent', () => {
    expect(() => createSessionCounterClient({ url, cookies: {} as CookieJar })).toThrow(
      '`cookies` must be true, false or a cookie jar (with getCookieString and setCookie).',
    );
  });
});

describe("the client keeps the service's other cookies by their Path and expiry", () => {
  const MODEL = loadSpecText(
    stringify({
      service: { name: 'Prefs', namespace: 'urn:prefs', scriptService: true },
      operations: [
        { name: 'SetPrefs', result: 'string' },
        { name: 'Cookies', result: 'string' },
      ],
    }),
    'prefs.yaml',
  );
  const HANDLERS_IN_PROCESS = {
    SetPrefs: (_: unknown, ctx: CallContext) => {
      ctx.setCookie('theme', 'dark', { path: '/' });
      // Only for the calls of Cookies, by HTTP GET/POST or JSON (their path is /Prefs.asmx/Cookies).
      ctx.setCookie('scoped', 'yes', { path: '/Prefs.asmx/Cookies' });
      ctx.setCookie('gone', 'x', { path: '/', expires: new Date(0) });
      ctx.setCookie('brief', 'y', { path: '/', maxAge: 1 });
      return 'set';
    },
    Cookies: (_: unknown, ctx: CallContext) => String(ctx.headers.cookie ?? ''),
  };
  let server: ReturnType<typeof createServiceServer>;
  let endpoint = '';

  beforeAll(async () => {
    server = createServiceServer(describeService(MODEL), renderDocuments(MODEL), HANDLERS_IN_PROCESS);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/Prefs.asmx`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('sends each cookie where its Path applies, drops an expired one, and lets one expire by Max-Age', async () => {
    // A service without enableSession keeps no cookies unless told to.
    const call = createServiceCaller(describeService(MODEL), endpoint, { cookies: true });
    const cookies = (transport: ClientTransport) => call<string>('Cookies', {}, { transport });
    await call('SetPrefs', {}, { transport: 'soap11' });
    // Longer paths first (RFC 6265, 5.4).
    expect(await cookies('json')).toBe('scoped=yes; theme=dark; brief=y');
    expect(await cookies('httpGet')).toBe('scoped=yes; theme=dark; brief=y');
    // SOAP posts to /Prefs.asmx: outside the scoped cookie's path.
    expect(await cookies('soap11')).toBe('theme=dark; brief=y');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await cookies('json')).toBe('scoped=yes; theme=dark');
    const none = createServiceCaller(describeService(MODEL), endpoint);
    await none('SetPrefs', {}, { transport: 'json' });
    expect(await none('Cookies', {}, { transport: 'json', headers: { Cookie: 'mine=1' } })).toBe('mine=1');
  });

  it("adds the jar's cookies after a Cookie header of the caller's own", async () => {
    const call = createServiceCaller(describeService(MODEL), endpoint, { cookies: true, headers: { cookie: 'a=1' } });
    await call('SetPrefs', {}, { transport: 'json' });
    expect(await call('Cookies', {}, { transport: 'soap12' })).toBe('a=1; theme=dark; brief=y');
  });
});
