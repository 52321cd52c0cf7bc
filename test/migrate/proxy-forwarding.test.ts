/**
 * The proxy's relay to a target and back (`proxy-server.ts` over `forward-request.ts`), against a real
 * `node:http` upstream: bodies larger than what the proxy holds go through whole both ways; an upstream silent past
 * the time limit is a 504 with the reason; a reply cut off by the upstream cuts the caller's too, and is logged.
 */
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { describeService } from '../../generator/emit/describe-service.js';
import { createProxyServer } from '../../generator/migrate/proxy-server.js';
import { Target } from '../../generator/migrate/send-request.js';
import { buildModel } from '../../generator/spec/build-model.js';
import { DEFAULT_SPEC_PATH, loadSpec } from '../../generator/spec/load-spec.js';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function listening(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function proxyTo(upstream: string, timeoutMs?: number) {
  const target = new Target(new URL(upstream), timeoutMs);
  closers.push(() => target.close());
  const lines: string[] = [];
  const proxy = createProxyServer({
    upstream: target,
    service: describeService(buildModel(await loadSpec(DEFAULT_SPEC_PATH))),
    keepReplies: true,
    onExchange: () => undefined,
    log: (line) => lines.push(line),
  });
  return { url: await listening(proxy.server), lines, settled: () => proxy.settled() };
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A request through `url`: the status, and the body as far as it came (or the error that cut it). */
function call(url: string, body?: Buffer): Promise<{ status: number; body: Buffer; error?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: body ? 'POST' : 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      res.on('error', (error) =>
        resolve({ status: res.statusCode!, body: Buffer.concat(chunks), error: error.message }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the proxy relays to the upstream and back', () => {
  it('forwards a request body past the 4 MiB it holds, and a 20 MB reply, whole', async () => {
    const reply = Buffer.alloc(20 * 1024 * 1024, 'abcdefghij');
    const upstream = await listening(
      http.createServer((req, res) => {
        const hash = createHash('sha256');
        let size = 0;
        req.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          size += chunk.byteLength;
        });
        req.on('end', () => {
          res.writeHead(200, { 'X-Request': `${size} ${hash.digest('hex')}`, 'Content-Length': reply.byteLength });
          res.end(reply);
        });
      }),
    );
    const proxy = await proxyTo(upstream);
    const sent = Buffer.alloc(6 * 1024 * 1024 + 17, 'xyz');
    const answer = await new Promise<{ header: string; body: Buffer }>((resolve, reject) => {
      const req = http.request(`${proxy.url}/Upload`, { method: 'POST' }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ header: String(res.headers['x-request']), body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(sent);
    });
    expect(answer.header).toBe(`${sent.byteLength} ${sha(sent)}`);
    expect(answer.body.byteLength).toBe(reply.byteLength);
    expect(sha(answer.body)).toBe(sha(reply));
  });

  it('answers 504 with the reason when the upstream says nothing within the time limit', async () => {
    const upstream = await listening(http.createServer(() => undefined));
    const proxy = await proxyTo(upstream, 300);
    const answer = await call(`${proxy.url}/AuthenticationWebService.asmx?wsdl`);
    expect(answer.status).toBe(504);
    expect(answer.body.toString()).toBe(`asmxgen proxy: ${upstream} did not answer: no reply within 0.3 s`);
  });

  it('cuts the caller off when the upstream cuts its reply off, and says so', async () => {
    const upstream = await listening(
      http.createServer((req, res) => {
        res.writeHead(200, { 'Content-Length': 1000 });
        res.write('x'.repeat(100));
        setTimeout(() => res.destroy(), 50);
      }),
    );
    const proxy = await proxyTo(upstream);
    const answer = await call(`${proxy.url}/Svc.asmx`).catch((error: Error) => ({ error: error.message }));
    expect(answer.error).toBeDefined();
    await proxy.settled();
    expect(proxy.lines).toEqual([expect.stringMatching(/^error GET \/Svc\.asmx: the reply was cut off \(.+\)$/)]);
  });
});
