/**
 * A handler's unexpected error (a thrown `Error`, a result not of its type, a time-out) is reported on stderr
 * when the server was given no `onError`, once, with its operation, transport and stack, over each of the
 * runtime's three ways to serve; the client gets only `Server was unable to process request.`. A `SoapFault`
 * thrown on purpose is the reply, not an error to report; with `onError`, `onError` alone sees the error.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { SoapFault } from '../../runtime/src/server.js';
import { fault11, fault12, request11, request12, SOAP12_TYPE, TEXT_TYPE, XML_TYPE } from '../runtime/soap-messages.js';
import { startTax, TAX_NS, type RunningTax, type ServeWith, type TaxHandlers } from './tax-service.js';

const UNABLE = 'Server was unable to process request.';

let stderr: MockInstance<typeof console.error>;
beforeEach(() => {
  stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  stderr.mockRestore();
});

const ITEMS = [
  { Sku: 'a', Price: 1 },
  { Sku: 'b', Price: 2 },
  { Sku: 'c', Price: 3 },
  { Sku: 'd', Price: '42' },
];

function handlers(lookup: TaxHandlers['Lookup']): TaxHandlers {
  return { Lookup: lookup, Rate: ({ rate }) => rate };
}

async function postLookup(service: RunningTax): Promise<{ status: number; type: string | null; text: string }> {
  const reply = await fetch(service.url, {
    method: 'POST',
    headers: { 'content-type': XML_TYPE, soapaction: `"${TAX_NS}/Lookup"` },
    body: request11(`<Lookup xmlns="${TAX_NS}"><rate>1</rate></Lookup>`),
  });
  return { status: reply.status, type: reply.headers.get('content-type'), text: await reply.text() };
}

/** The reports written on stderr: each call's arguments, joined. */
function reports(): string[] {
  return stderr.mock.calls.map((args) => args.map(String).join(' '));
}

describe.each<ServeWith>(['createServiceServer', 'node handler', 'fetch handler'])('served by %s', (how) => {
  it('a thrown Error: reported on stderr once, with operation, transport and stack; the client told nothing', async () => {
    const service = await startTax(
      how,
      handlers(() => {
        throw new Error('connection to tax-db refused');
      }),
    );
    try {
      const reply = await postLookup(service);
      expect(reply).toEqual({ status: 500, type: XML_TYPE, text: fault11('Server', UNABLE) });
      const lines = reports();
      expect(lines).toHaveLength(1);
      const [first, second] = lines[0]!.split('\n');
      expect(first).toBe(
        `asmxgen: Lookup (soap11) failed; the client was answered "${UNABLE}": Error: connection to tax-db refused`,
      );
      expect(second).toMatch(/^ {4}at .*unexpected-errors\.test\.ts:\d+:\d+/);
    } finally {
      await service.close();
    }
  });

  it('a result not of its type: reported with the path, what was expected and what was received', async () => {
    const service = await startTax(how, {
      Lookup: () => ({ TaxAmount: 1, Items: ITEMS }),
      Rate: () => '2.9',
    });
    try {
      const reply = await fetch(service.url, {
        method: 'POST',
        headers: { 'content-type': `${SOAP12_TYPE}; action="${TAX_NS}/Lookup"` },
        body: request12(`<Lookup xmlns="${TAX_NS}"><rate>1</rate></Lookup>`),
      });
      expect([reply.status, await reply.text()]).toEqual([500, fault12('Receiver', UNABLE)]);
      const rate = await fetch(`${service.url}/Rate?rate=1`);
      expect([rate.status, rate.headers.get('content-type'), await rate.text()]).toEqual([
        500,
        TEXT_TYPE,
        `${UNABLE}\r\n`,
      ]);
      expect(reports().map((report) => report.split('\n')[0])).toEqual([
        `asmxgen: Lookup (soap12) failed; the client was answered "${UNABLE}": ` +
          'TypeError: result.Items[3].Price: expected an xsd:float, got the string "42".',
        `asmxgen: Rate (httpGet) failed; the client was answered "${UNABLE}": ` +
          'TypeError: result: expected an xsd:float, got the string "2.9".',
      ]);
    } finally {
      await service.close();
    }
  });

  it('a SoapFault thrown on purpose is the reply, and nothing is reported', async () => {
    const service = await startTax(
      how,
      handlers(() => {
        throw new SoapFault('Client', 'Unknown cart.');
      }),
    );
    try {
      const reply = await postLookup(service);
      expect(reply).toEqual({ status: 500, type: XML_TYPE, text: fault11('Client', 'Unknown cart.') });
      expect(reports()).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it('with onError, onError sees each error and nothing is written on stderr', async () => {
    const seen: [unknown, string, string][] = [];
    const service = await startTax(
      how,
      handlers(() => 'OK'),
      { onError: (error, ctx) => seen.push([error, ctx.operation, ctx.transport]) },
    );
    try {
      const reply = await postLookup(service);
      expect(reply).toEqual({ status: 500, type: XML_TYPE, text: fault11('Server', UNABLE) });
      expect(seen).toHaveLength(1);
      const [error, operation, transport] = seen[0]!;
      expect([operation, transport]).toEqual(['Lookup', 'soap11']);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe('result: expected a LookupResult, got the string "OK".');
      expect(reports()).toEqual([]);
    } finally {
      await service.close();
    }
  });
});

describe('what a wrong result is said to be', () => {
  it.each<[string, unknown, string]>([
    [
      'a string, cut short',
      { TaxAmount: 'x'.repeat(50) },
      `result.TaxAmount: expected an xsd:float, got the string "${'x'.repeat(40)}…".`,
    ],
    [
      'an object, by its keys',
      { TaxAmount: 1, Items: [{ Price: { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 } }] },
      'result.Items[0].Price: expected an xsd:float, got an object with keys a, b, c, d, e, ….',
    ],
    [
      'an array, by its length',
      { TaxAmount: [1, 2, 3] },
      'result.TaxAmount: expected an xsd:float, got an array of 3.',
    ],
    ['a missing value type', { Items: [] }, 'result.TaxAmount: expected an xsd:float, got undefined.'],
    [
      'an item not of its class',
      { TaxAmount: 1, Items: [ITEMS[0], 7] },
      'result.Items[1]: expected a CartItem, got the number 7.',
    ],
    [
      'a list that is no array',
      { TaxAmount: 1, Items: { length: 1 } },
      'result.Items: expected an array, got an object with keys length.',
    ],
  ])('%s', async (_, result, message) => {
    const seen: unknown[] = [];
    const service = await startTax(
      'createServiceServer',
      handlers(() => result),
      { onError: (error) => seen.push(error) },
    );
    try {
      const reply = await postLookup(service);
      expect(reply.text).toBe(fault11('Server', UNABLE));
      expect(seen.map((error) => (error as Error).message)).toEqual([message]);
    } finally {
      await service.close();
    }
  });
});
