/** `createServiceServer`: a ready `node:http` server with slowloris limits. */
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createServiceServer } from '../../runtime/src/server.js';
import { DOCUMENTS, recordingHandlers, SERVICE } from './fixture-service.js';
import { send } from './http-client.js';

async function listen(options: Parameters<typeof createServiceServer>[3]) {
  const server = createServiceServer(SERVICE, DOCUMENTS, recordingHandlers([]), options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('createServiceServer', () => {
  it('serves the service', async () => {
    const { server, port } = await listen(undefined);
    try {
      expect(server.headersTimeout).toBe(20_000);
      expect(server.requestTimeout).toBe(120_000);
      const reply = await send(port, '/AuthenticationWebService.asmx/Echo?requestJson=hi');
      expect(reply.text).toBe('<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="App.WebService">hi</string>');
      expect((await send(port, '/nothing')).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('drops a client that trickles its headers (slowloris)', async () => {
    const { server, port } = await listen({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    try {
      const started = Date.now();
      const received = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('close', () => resolve(data));
        socket.on('error', () => undefined);
        socket.write('GET /AuthenticationWebService.asmx HTTP/1.1\r\n');
        const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 50);
        socket.on('close', () => clearInterval(drip));
      });
      expect(received).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      server.close();
    }
  });

  it('refuses options that are not positive numbers', () => {
    expect(() => createServiceServer(SERVICE, DOCUMENTS, recordingHandlers([]), { maxRequestBytes: 0 })).toThrow(
      TypeError,
    );
    expect(() => createServiceServer(SERVICE, DOCUMENTS, recordingHandlers([]), { handlerTimeoutMs: -1 })).toThrow(
      TypeError,
    );
  });
});
