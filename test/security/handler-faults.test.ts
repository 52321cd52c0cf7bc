/**
 * Handlers that fail in every way a handler can: throw or reject with
 * anything (not only an Error), never settle (the handler time-out), settle
 * after it, return values of the wrong type, or fail with text XML cannot
 * carry. Always a proper fault or a plain-text 500 per transport; never a
 * stack trace, an error message (unless `exposeErrors`), a malformed reply,
 * an unhandled rejection or a crash.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SoapFault, type CallContext } from '../../generated/index.js';
import { createInventoryServer, type InventoryHandlers } from '../golden/inventory/expected/index.js';
import {
  createTempConvertClient,
  createTempConvertServer,
  SoapFaultError,
  HttpError,
} from '../golden/temp-convert/expected/index.js';
import { send, type RawReply } from '../server/raw-http.js';
import type { RecordingServer, Transport } from '../server/recording-server.js';
import {
  authenticate,
  E,
  envelope,
  expectExact,
  expectServing,
  expectText,
  expectWellFormedXml,
  fault,
  postSoap,
  postSoap12,
  SOAP12_TYPE,
  startServer,
  TEXT_TYPE,
  voidReply,
  XML_TYPE,
} from './helpers.js';

const HANDLER_TIMEOUT_MS = 300;
const processEvents: string[] = [];
const onUnhandled = (reason: unknown) => processEvents.push(`unhandledRejection: ${String(reason)}`);
const onUncaught = (error: unknown) => processEvents.push(`uncaughtException: ${String(error)}`);

let server: RecordingServer;
const seen: { error: unknown; ctx: CallContext }[] = [];
beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUncaught);
  server = await startServer({
    handlerTimeoutMs: HANDLER_TIMEOUT_MS,
    onError: (error, ctx) => {
      seen.push({ error, ctx });
      if (error instanceof Error && error.message === 'make onError throw') throw new Error('onError failed');
    },
  });
});
afterAll(async () => {
  await server.close();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUncaught);
});
beforeEach(() => {
  server.reset();
  server.behaviour = undefined;
  seen.length = 0;
});

/** The server still serves once the misbehaving handler is gone. */
async function stillServing() {
  server.behaviour = undefined;
  await expectServing(server);
}

const TRANSPORTS: readonly Transport[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];

/** Calls Authenticate with `value` over `transport`. */
function callOver(transport: Transport, value = 'x'): Promise<RawReply> {
  switch (transport) {
    case 'soap11':
      return postSoap(server.port, envelope(authenticate(value)));
    case 'soap12':
      return postSoap12(server.port, envelope(authenticate(value), { version: '1.2' }));
    case 'httpGet':
      return send(server.port, `${E}/Authenticate?requestJson=${encodeURIComponent(value)}`);
    case 'httpPost':
      return send(server.port, `${E}/Authenticate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `requestJson=${encodeURIComponent(value)}`,
      });
  }
}

/** The reply to a failing handler: the Server fault (SOAP) or the plain-text 500 (HTTP), with `message` (escaped). */
function expectFailure(reply: RawReply, transport: Transport, soapMessage: string, textMessage = soapMessage) {
  if (transport === 'soap11') expectExact(reply, 500, XML_TYPE, fault('1.1', 'Server', soapMessage));
  else if (transport === 'soap12') expectExact(reply, 500, SOAP12_TYPE, fault('1.2', 'Server', soapMessage));
  else expectText(reply, 500, textMessage);
  if (transport.startsWith('soap')) expectWellFormedXml(reply.text);
}

const PROCESS_FAILED = 'Server was unable to process request.';

const cyclic: Record<string, unknown> = {};
cyclic.self = cyclic;
const hostileProxy = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('get trap');
      },
      getPrototypeOf() {
        throw new Error('getPrototypeOf trap');
      },
      has() {
        throw new Error('has trap');
      },
      ownKeys() {
        throw new Error('ownKeys trap');
      },
    },
  );

const THROWN: [string, () => unknown][] = [
  [
    'an Error whose message names a file and a stack',
    () => new Error('at /work/secret.ts:1:2\n    at fn (/srv/app.js:3:4)'),
  ],
  ['null', () => null],
  ['undefined', () => undefined],
  ['a string', () => 'plain string'],
  ['a number', () => 42],
  ['a BigInt', () => 10n],
  ['a Symbol', () => Symbol('s')],
  ['a plain object', () => ({ message: 'object message', stack: 'at x (/work/y.ts:1:1)' })],
  [
    'an object whose toString throws',
    () => ({
      toString: () => {
        throw new Error('toString');
      },
    }),
  ],
  ['a cyclic object', () => cyclic],
  ['a Proxy whose every trap throws', hostileProxy],
  [
    'an Error whose message getter throws',
    () => {
      const error = new Error('x');
      Object.defineProperty(error, 'message', {
        get: () => {
          throw new Error('getter');
        },
      });
      return error;
    },
  ],
  ['a frozen Error', () => Object.freeze(new TypeError('frozen'))],
  ['a function', () => () => 'fn'],
];

describe('a handler that throws or rejects with anything: the generic Server failure, nothing of it revealed', () => {
  it.each(THROWN)('throws %s', async (_name, make) => {
    server.behaviour = () => {
      throw make();
    };
    for (const transport of TRANSPORTS) expectFailure(await callOver(transport), transport, PROCESS_FAILED);
    expect(server.calls).toHaveLength(4);
    await stillServing();
  });

  it.each(THROWN)('rejects with %s', async (_name, make) => {
    server.behaviour = () => Promise.reject(make());
    for (const transport of TRANSPORTS) expectFailure(await callOver(transport), transport, PROCESS_FAILED);
    await stillServing();
  });

  it('rejects on a later tick, after awaiting', async () => {
    server.behaviour = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new RangeError('later');
    };
    for (const transport of TRANSPORTS) expectFailure(await callOver(transport), transport, PROCESS_FAILED);
  });

  it('returns a thenable whose then throws, or rejects with a hostile Proxy', async () => {
    server.behaviour = () => ({
      then() {
        throw new Error('then');
      },
    });
    for (const transport of TRANSPORTS) expectFailure(await callOver(transport), transport, PROCESS_FAILED);
    server.behaviour = () => ({ then: (_: unknown, reject: (e: unknown) => void) => reject(hostileProxy()) });
    for (const transport of TRANSPORTS) expectFailure(await callOver(transport), transport, PROCESS_FAILED);
    await stillServing();
  });

  it('onError sees every error thrown but a SoapFault; an onError that throws changes nothing', async () => {
    server.behaviour = () => {
      throw new Error('make onError throw');
    };
    for (const transport of TRANSPORTS) expectFailure(await callOver(transport), transport, PROCESS_FAILED);
    expect(seen.map((s) => [s.ctx.transport, (s.error as Error).message])).toEqual(
      TRANSPORTS.map((t) => [t, 'make onError throw']),
    );
    server.behaviour = () => {
      throw new SoapFault('Client', 'not seen');
    };
    await callOver('soap11');
    expect(seen).toHaveLength(4);
  });
});

describe('a handler that never settles: the handler time-out', () => {
  it.each(TRANSPORTS)(
    '%s: the Server failure after handlerTimeoutMs; ctx.signal aborts; onError sees it',
    async (transport) => {
      let ctxSeen: CallContext | undefined;
      server.behaviour = () => new Promise(() => undefined);
      const started = performance.now();
      const reply = await callOver(transport);
      const elapsed = performance.now() - started;
      expectFailure(reply, transport, PROCESS_FAILED);
      expect(elapsed).toBeGreaterThanOrEqual(HANDLER_TIMEOUT_MS - 20);
      expect(elapsed).toBeLessThan(HANDLER_TIMEOUT_MS + 1500);
      expect(seen).toHaveLength(1);
      ctxSeen = seen[0]!.ctx;
      expect(ctxSeen.signal.aborted).toBe(true);
      expect((seen[0]!.error as Error).message).toBe(
        `The operation Authenticate did not complete within ${HANDLER_TIMEOUT_MS} ms.`,
      );
      expect((ctxSeen.signal.reason as Error).name).toBe('HandlerTimeoutError');
      await stillServing();
    },
  );

  it('a thenable that never calls back: the same time-out', async () => {
    server.behaviour = () => ({ then: () => undefined });
    expectFailure(await callOver('soap11'), 'soap11', PROCESS_FAILED);
  });

  it('settling after the time-out changes nothing: one reply, no unhandled rejection', async () => {
    server.behaviour = (call) =>
      new Promise((resolve, reject) => {
        setTimeout(
          () => (call.transport === 'soap11' ? reject(new Error('too late')) : resolve(undefined)),
          HANDLER_TIMEOUT_MS + 150,
        );
      });
    for (const transport of TRANSPORTS) expectFailure(await callOver(transport), transport, PROCESS_FAILED);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(processEvents).toEqual([]);
    await stillServing();
  });
});

describe('SoapFaults are answered as thrown, whatever their text holds', () => {
  it('markup, `]]>`, CR, LF and quotes: escaped exactly, over every transport', async () => {
    const message = 'bad <requestJson> & "q" ]]> a\r\nb';
    server.behaviour = () => {
      throw new SoapFault('Client', message);
    };
    const soapMessage = 'bad &lt;requestJson&gt; &amp; "q" ]]&gt; a&#xD;\nb';
    expectExact(await callOver('soap11'), 500, XML_TYPE, fault('1.1', 'Client', soapMessage));
    expectExact(await callOver('soap12'), 500, SOAP12_TYPE, fault('1.2', 'Client', soapMessage));
    for (const transport of ['httpGet', 'httpPost'] as const) {
      expectText(await callOver(transport), 500, 'bad &lt;requestJson&gt; &amp; &quot;q&quot; ]]&gt; a\r\nb');
    }
  });

  it('characters XML cannot carry (a form value echoed, say) become U+FFFD: the fault stays well-formed', async () => {
    server.behaviour = (call) => {
      throw new SoapFault('Client', `bad value ${String(call.input.requestJson)}`, `detail \u0001\uFFFF`);
    };
    for (const transport of ['soap11', 'soap12'] as const) {
      const reply = await callOver(transport);
      expect(reply.status).toBe(500);
      expectWellFormedXml(reply.text);
      expect(reply.text).toContain('bad value x');
      expect(reply.text).toContain(
        transport === 'soap11'
          ? '<detail>detail \uFFFD\uFFFD</detail>'
          : '<soap:Detail>detail \uFFFD\uFFFD</soap:Detail>',
      );
    }
    // HttpGet carries %00 (a form value may hold any character), the handler echoes it; the reply is plain text.
    const get = await send(server.port, `${E}/Authenticate?requestJson=%00%1B`);
    expectText(get, 500, 'bad value \u0000\u001b');
    server.behaviour = () => {
      throw new SoapFault('Server', 'nul \u0000 ffff \uFFFF lone \uD800');
    };
    const reply = await callOver('soap11');
    expectExact(reply, 500, XML_TYPE, fault('1.1', 'Server', 'nul \uFFFD ffff \uFFFD lone \uFFFD'));
  });
});

describe('exposeErrors: the message only, never a stack; still well-formed', () => {
  let exposing: RecordingServer;
  beforeAll(async () => {
    exposing = await startServer({ exposeErrors: true, handlerTimeoutMs: HANDLER_TIMEOUT_MS });
  });
  afterAll(() => exposing.close());

  it('an Error: its message after ` ---> `, its stack nowhere', async () => {
    exposing.behaviour = () => {
      throw new Error('db <down> & out');
    };
    const reply = await postSoap(exposing.port, envelope(authenticate('x')));
    expectExact(reply, 500, XML_TYPE, fault('1.1', 'Server', `${PROCESS_FAILED} ---&gt; db &lt;down&gt; &amp; out`));
  });

  it.each([
    ['a message with NUL and U+FFFE', () => new Error('a\u0000b\uFFFEc'), 'a\uFFFDb\uFFFDc'],
    ['a non-Error value', () => 'just a string', 'just a string'],
    ['a Proxy whose every trap throws', hostileProxy, 'Unknown error.'],
    ['an Error whose message getter throws', THROWN[11]![1], 'Unknown error.'],
  ])('%s: a well-formed fault', async (_name, make, shown) => {
    exposing.behaviour = () => {
      throw make();
    };
    const reply = await postSoap(exposing.port, envelope(authenticate('x')));
    expectWellFormedXml(reply.text);
    expectExact(reply, 500, XML_TYPE, fault('1.1', 'Server', `${PROCESS_FAILED} ---&gt; ${shown}`));
  });

  it('the handler time-out names the operation and the limit', async () => {
    exposing.behaviour = () => new Promise(() => undefined);
    const reply = await send(exposing.port, `${E}/Authenticate?requestJson=x`);
    expectText(
      reply,
      500,
      `${PROCESS_FAILED} ---> The operation Authenticate did not complete within ${HANDLER_TIMEOUT_MS} ms.`,
    );
  });
});

describe('a handler that returns the wrong type', () => {
  it('a void operation returning a value: ignored, the void reply (an ASMX void method returns nothing)', async () => {
    for (const value of [42, 'text', { a: 1 }, Symbol('s'), () => 1, new Uint8Array(3)]) {
      server.behaviour = () => value;
      expectExact(await callOver('soap11'), 200, XML_TYPE, voidReply('1.1'));
      const get = await callOver('httpGet');
      expect([get.status, get.body.byteLength]).toEqual([200, 0]);
    }
    // A value whose `then` cannot even be looked up is a failed promise: the Server failure.
    server.behaviour = hostileProxy;
    for (const transport of TRANSPORTS) expectFailure(await callOver(transport), transport, PROCESS_FAILED);
  });

  describe('typed results (the generated Inventory server)', () => {
    let inventory: Server;
    let port = 0;
    let result: () => unknown = () => undefined;
    const errors: unknown[] = [];
    beforeAll(async () => {
      const handler = () => result();
      const handlers = {
        CountItems: handler,
        Reserve: handler,
        Price: handler,
        Total: handler,
        NextDelivery: handler,
        Restock: handler,
        Thumbnail: handler,
      };
      inventory = createInventoryServer(handlers as unknown as InventoryHandlers, {
        onError: (error) => errors.push(error),
      });
      await new Promise<void>((resolve) => inventory.listen(0, '127.0.0.1', resolve));
      port = (inventory.address() as AddressInfo).port;
    });
    afterAll(async () => {
      inventory.closeAllConnections();
      await new Promise((resolve) => inventory.close(resolve));
    });

    const soapCall = (op: string, params: string) =>
      send(port, '/Inventory.asmx', {
        method: 'POST',
        headers: { 'Content-Type': XML_TYPE, SOAPAction: `"urn:example:inventory/${op}"` },
        body: envelope(`<${op} xmlns="urn:example:inventory">${params}</${op}>`),
      });
    const CALLS: Record<string, [string, string]> = {
      CountItems: ['<category>c</category>', 'category=c'],
      Reserve: ['<itemId>1</itemId><quantity>2</quantity><urgent>true</urgent>', 'itemId=1&quantity=2&urgent=true'],
      Price: ['<sku>1</sku>', 'sku=1'],
      Total: ['<amount>1.5</amount><count>2</count>', 'amount=1.5&count=2'],
      NextDelivery: ['<from>2024-01-01T00:00:00Z</from>', 'from=2024-01-01T00:00:00Z'],
      Thumbnail: ['<id>1</id>', 'id=1'],
    };

    it.each([
      ['CountItems (int)', 'CountItems', ['7', 2 ** 31, 1.5, NaN, 7n ** 40n, null, undefined, true, new Date(0)]],
      ['Reserve (boolean)', 'Reserve', ['true', 1, null, {}]],
      ['Price (double)', 'Price', ['1.5', 1n, null, [1]]],
      ['Total (decimal)', 'Total', ['1e400', 'abc', NaN, Infinity, null]],
      [
        'NextDelivery (dateTime)',
        'NextDelivery',
        ['2024-01-01', new Date(Number.NaN), new Date('+010000-01-01T00:00:00Z'), 0, null],
      ],
      ['Thumbnail (base64Binary)', 'Thumbnail', ['AAAA', [1, 2], new ArrayBuffer(2), 5]],
    ] as const)('%s: every wrong value is the Server failure, by SOAP and by HTTP GET', async (_name, op, values) => {
      const [params, query] = CALLS[op]!;
      for (const value of values) {
        result = () => value;
        errors.length = 0;
        const soap = await soapCall(op, params);
        expectExact(soap, 500, XML_TYPE, fault('1.1', 'Server', PROCESS_FAILED));
        const get = await send(port, `/Inventory.asmx/${op}?${query}`);
        expectText(get, 500, PROCESS_FAILED);
        expect(errors.map((e) => (e as Error).name)).toEqual(['TypeError', 'TypeError']);
      }
    });

    it('a hostile object as a result: the Server failure, the server still serving', async () => {
      result = hostileProxy;
      expectExact(
        await soapCall('CountItems', CALLS.CountItems![0]),
        500,
        XML_TYPE,
        fault('1.1', 'Server', PROCESS_FAILED),
      );
      result = () => 3;
      const reply = await soapCall('CountItems', CALLS.CountItems![0]);
      expect(reply.text).toContain('<CountItemsResult>3</CountItemsResult>');
    });
  });

  describe('string results (the generated TempConvert server and client)', () => {
    let temp: Server;
    let url = '';
    let result: (input: string | undefined) => unknown = (input) => input;
    beforeAll(async () => {
      const handler = (input: Record<string, string | undefined>) => result(Object.values(input)[0]);
      temp = createTempConvertServer({ FahrenheitToCelsius: handler, CelsiusToFahrenheit: handler } as never);
      await new Promise<void>((resolve) => temp.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(temp.address() as AddressInfo).port}/TempConvert.asmx`;
    });
    afterAll(async () => {
      temp.closeAllConnections();
      await new Promise((resolve) => temp.close(resolve));
    });

    it.each([' <a>&amp;]]>\r\n\t"\'😀\u2028 ', '\uFEFF', '\uFEFFx\uFEFF'])(
      'a hostile string result comes back exactly over every transport (%j)',
      async (value) => {
        // Returned whatever the input (request validation refuses `<a` in an HTTP GET/POST value).
        result = () => value;
        try {
          for (const transport of ['soap11', 'soap12', 'httpGet', 'httpPost'] as const) {
            const client = createTempConvertClient({ url, transport });
            await expect(client.CelsiusToFahrenheit({ Celsius: 'x' })).resolves.toBe(value);
          }
        } finally {
          result = (input) => input;
        }
      },
    );

    it.each([
      ['NUL', 'a\u0000b'],
      ['an escape control', 'a\u001bb'],
      ['U+FFFF', 'a\uFFFFb'],
      ['a lone surrogate', 'a\uDC00b'],
    ])(
      'a string result holding %s (which XML cannot carry): the Server failure, never a malformed reply',
      async (_name, bad) => {
        result = () => bad;
        for (const transport of ['soap11', 'soap12', 'httpGet', 'httpPost'] as const) {
          const client = createTempConvertClient({ url, transport });
          const error = await client.CelsiusToFahrenheit({ Celsius: 'x' }).then(
            () => undefined,
            (e: unknown) => e,
          );
          if (transport.startsWith('soap')) {
            expect(error).toBeInstanceOf(SoapFaultError);
            expect((error as SoapFaultError).code).toBe('Server');
            expect((error as SoapFaultError).reason).toBe(PROCESS_FAILED);
          } else {
            expect(error).toBeInstanceOf(HttpError);
            expect((error as HttpError).status).toBe(500);
            expect((error as HttpError).contentType).toBe(TEXT_TYPE);
          }
        }
        result = (input) => input;
      },
    );
  });
});

describe('the process survived all of it', () => {
  it('no unhandled rejection, no uncaught exception; the server still serves', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(processEvents).toEqual([]);
    await stillServing();
  });
});
