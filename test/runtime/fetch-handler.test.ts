/** The fetch handler answers with the node handler's bytes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceFetchHandler } from '../../runtime/src/server.js';
import { DOCUMENTS, recordingHandlers, SERVICE, startService, type Recorded, type Running } from './fixture-service.js';
import { send } from './http-client.js';
import { request11, request12 } from './soap-messages.js';

let service: Running;
const calls: Recorded[] = [];
const fetchHandler = createServiceFetchHandler(SERVICE, DOCUMENTS, recordingHandlers(calls), { maxRequestBytes: 4096 });
beforeAll(async () => {
  service = await startService({ maxRequestBytes: 4096 });
});
afterAll(() => service.close());

const BASE = '/AuthenticationWebService.asmx';
const AUTH = '<Authenticate xmlns="App.WebService"><requestJson>{"a":1}</requestJson></Authenticate>';

interface Case {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

const CASES: [string, Case][] = [
  [
    'SOAP 1.1 void',
    {
      method: 'POST',
      path: BASE,
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"App.WebService/Authenticate"' },
      body: request11(AUTH),
    },
  ],
  [
    'SOAP 1.2 result',
    {
      method: 'POST',
      path: BASE,
      headers: { 'Content-Type': 'application/soap+xml; charset=utf-8' },
      body: request12('<Echo xmlns="App.WebService"><requestJson>a&lt;b</requestJson></Echo>'),
    },
  ],
  [
    'SOAP fault',
    {
      method: 'POST',
      path: BASE,
      headers: { 'Content-Type': 'text/xml', SOAPAction: 'App.WebService/Nope' },
      body: request11(AUTH),
    },
  ],
  [
    'SOAP 400',
    { method: 'POST', path: BASE, headers: { 'Content-Type': 'text/xml', SOAPAction: 'x' }, body: '<!DOCTYPE a><a/>' },
  ],
  ['SOAP 415', { method: 'POST', path: BASE, headers: { 'Content-Type': 'application/json' }, body: '{}' }],
  [
    'SOAP over the limit',
    { method: 'POST', path: BASE, headers: { 'Content-Type': 'text/xml', SOAPAction: 'x' }, body: ' '.repeat(5000) },
  ],
  ['HttpGet void', { method: 'GET', path: `${BASE}/Authenticate?requestJson=x` }],
  ['HttpGet result', { method: 'GET', path: `${BASE}/Add?a=1&b=2` }],
  ['HttpGet missing parameter', { method: 'GET', path: `${BASE}/Authenticate` }],
  [
    'HttpPost',
    {
      method: 'POST',
      path: `${BASE}/Echo`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'requestJson=%F0%9F%98%80',
    },
  ],
  ['WSDL', { method: 'GET', path: `${BASE}?wsdl` }],
  ['disco', { method: 'GET', path: `${BASE}?DISCO` }],
  ['help', { method: 'GET', path: BASE }],
  ['operation page', { method: 'GET', path: `${BASE}?op=Authenticate` }],
  ['unrecognized URL', { method: 'GET', path: `${BASE}/Nope` }],
  ['405', { method: 'DELETE', path: BASE }],
  ['404', { method: 'GET', path: '/elsewhere' }],
];

describe('createServiceFetchHandler', () => {
  it.each(CASES)('%s: same status, headers and bytes as the node handler', async (_name, c) => {
    const host = `127.0.0.1:${service.port}`;
    const node = await send(service.port, c.path, { method: c.method, headers: c.headers, body: c.body });
    const response = await fetchHandler(
      new Request(`http://${host}${c.path}`, { method: c.method, headers: c.headers, body: c.body }),
    );
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.status).toBe(node.status);
    expect(body.toString('utf8')).toBe(node.text);
    for (const name of ['content-type', 'content-length', 'cache-control', 'allow']) {
      expect(response.headers.get(name) ?? undefined, name).toBe(node.headers[name]);
    }
    if (_name === 'SOAP over the limit') expect(response.headers.get('connection')).toBe('close');
  });

  it('reads a streamed body past the limit only up to it', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new Uint8Array(1024).fill(0x20));
        if (pulled > 1024 * 1024) controller.close();
      },
    });
    const response = await fetchHandler(
      new Request(`http://h${BASE}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml', SOAPAction: 'x' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('Maximum request length exceeded.');
    expect(pulled).toBeLessThan(64 * 1024);
  });

  it('gives the handler the request’s signal and headers', async () => {
    const controller = new AbortController();
    const pending = fetchHandler(
      new Request(`http://h${BASE}/Fail?kind=wait-abort`, { headers: { 'X-Trace': 't1' }, signal: controller.signal }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const call = calls[calls.length - 1]!;
    expect(call.ctx.headers['x-trace']).toBe('t1');
    expect(call.ctx.signal.aborted).toBe(false);
    controller.abort();
    await pending.catch(() => undefined);
    expect(call.ctx.signal.aborted).toBe(true);
  });
});
