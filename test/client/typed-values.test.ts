/**
 * Typed values through the runtime's own server, over every transport:
 * what the client sends is what the handler gets, and what the handler
 * returns is what the call resolves to (the runtime tests' fixture service).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createServiceCaller,
  HttpError,
  SoapFaultError,
  XsdDateTime,
  type ServiceCaller,
} from '../../runtime/src/client.js';
import { SERVICE, startService, type Running } from '../runtime/fixture-service.js';
import { HOSTILE, REFUSED_OVER_HTTP, rejectionOf } from './helpers.js';

const TRANSPORTS = ['soap11', 'soap12', 'httpGet', 'httpPost'] as const;

let running: Running;
let call: ServiceCaller;
beforeAll(async () => {
  running = await startService();
  call = createServiceCaller(SERVICE, `http://127.0.0.1:${running.port}${SERVICE.path}`);
});
afterAll(() => running.close());
beforeEach(() => {
  running.calls.length = 0;
});

describe.each(TRANSPORTS)('over %s', (transport) => {
  it('sends typed values exactly', async () => {
    const input = {
      flag: true,
      big: -9223372036854775808n,
      when: XsdDateTime.parse('2026-02-01T10:00:00.25Z'),
      data: new Uint8Array([0, 1, 2, 254, 255]),
      amount: '-79228162514264337593543950335',
      ratio: 0.1 + 0.2,
    };
    await expect(call('Describe', input, { transport })).resolves.toBe('described');
    expect(running.calls[0]!.input).toEqual(input);
  });

  it('returns typed results', async () => {
    await expect(call('Add', { a: 2147483640, b: 7 }, { transport })).resolves.toBe(2147483647);
    await expect(call('Bytes', { requestJson: 'é😀' }, { transport })).resolves.toEqual(
      new TextEncoder().encode('é😀'),
    );
  });

  it('returns every hostile string exactly (over HTTP, those request validation lets through)', async () => {
    const http = transport === 'httpGet' || transport === 'httpPost';
    for (const [name, value] of [...HOSTILE, ['empty', ''] as const]) {
      if (http && REFUSED_OVER_HTTP.has(name)) continue;
      await expect(call('Echo', { requestJson: value }, { transport }), JSON.stringify(value)).resolves.toBe(value);
    }
  });

  it('returns a null string result as undefined', async () => {
    await expect(call('Echo', { requestJson: 'null' }, { transport })).resolves.toBeUndefined();
  });

  it('rejects when the handler returns no value for an int', async () => {
    const error = await rejectionOf(call('Count', {}, { transport }));
    if (transport === 'soap11' || transport === 'soap12') {
      expect(error).toBeInstanceOf(SoapFaultError);
      expect(error).toMatchObject({ code: 'Server', message: 'Server was unable to process request.' });
    } else {
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 500, message: 'Server was unable to process request.' });
    }
  });
});
