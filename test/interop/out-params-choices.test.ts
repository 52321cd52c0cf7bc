/**
 * `out` and `ref` parameters and choices of elements against the real ASMX runtime.
 *
 * `test/fixtures/asmx-corpus/OutParams.asmx` and `Choices.asmx` are served by the real runtime (Mono's
 * System.Web.Services, through `../shared/asmx-host/start.sh`), and the generated servers of the golden scenarios
 * `corpus-out-params` and `corpus-choices` by this process, with handlers that do what the C# methods do. Every raw
 * request of `CASES` goes to both, and the replies must be the same: status, content type and body byte for byte.
 * Then the generated clients call the real runtime and get the values the C# methods return.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChoicesClient,
  createChoicesServer,
  type ChoicesHandlers,
  type Plan,
} from '../golden/corpus-choices/expected/index.js';
import {
  createOutParamsClient,
  createOutParamsServer,
  type OutParamsHandlers,
} from '../golden/corpus-out-params/expected/index.js';
import { exchange, type RawReply, type RawRequest } from './raw-exchange.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** What the C# methods of OutParams.asmx do. */
const outParams: OutParamsHandlers = {
  Split({ text, count }) {
    const head = text === undefined ? undefined : text.slice(0, Math.min(count, text.length));
    return { result: text === undefined ? -1 : text.length, ...(head === undefined ? {} : { head }), count: count + 1 };
  },
  Fill: () => ({ number: 7, label: 'seven' }),
  Swap({ first, second }) {
    return {
      result: true,
      ...(second === undefined ? {} : { first: second }),
      ...(first === undefined ? {} : { second: first }),
    };
  },
  Locate({ name }) {
    return { ...(name === undefined ? {} : { result: { X: 0, Y: 0 } }), corner: { X: 1, Y: 2 }, sizes: [3, 4] };
  },
  Bump: ({ value }) => ({ value: value + 1 }),
  TryParse({ text }) {
    const parsed = /^\s*[-+]?\d+\s*$/.test(text ?? '') ? Number(text) : NaN;
    const ok = Number.isInteger(parsed) && parsed >= -2147483648 && parsed <= 2147483647;
    return { returnValue: ok, result: ok ? parsed : 0 };
  },
  Plain: ({ text }) => text,
};

/** What the C# methods of Choices.asmx do. */
const choices: ChoicesHandlers = {
  Echo: ({ plan }) => plan,
  SetOptions: ({ Item }) => (Item === undefined ? 'null' : Item.value.$type),
  Count: ({ items }) => (items === undefined ? -1 : items.length),
  CountAgain: ({ items, max }) => (items === undefined ? -1 : Math.min(max, items.length)),
};

function soap(version: '1.1' | '1.2', path: string, ns: string, op: string, inner: string): RawRequest {
  const envelope = version === '1.1' ? SOAP11 : SOAP12;
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}" xmlns:xsi="${XSI}">` +
    `<soap:Body><${op} xmlns="${ns}">${inner}</${op}></soap:Body></soap:Envelope>`;
  const headers: Record<string, string> =
    version === '1.1'
      ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${ns}/${op}"` }
      : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${ns}/${op}"` };
  return { method: 'POST', path, headers, body };
}

const out = (version: '1.1' | '1.2', op: string, inner: string) =>
  soap(version, '/OutParams.asmx', 'urn:example:outparams', op, inner);
const choice = (version: '1.1' | '1.2', op: string, inner: string) =>
  soap(version, '/Choices.asmx', 'urn:example:choices', op, inner);

const PLAN =
  '<plan><Name>p</Name><ScheduleReference><ScheduleID>s &amp; 1</ScheduleID></ScheduleReference>' +
  '<Label>a &lt; b</Label><N>1</N><S>two</S><N>3</N>' +
  '<Schedules><Ref><ScheduleID>r</ScheduleID></Ref><None /><Ref xsi:nil="true" /></Schedules><Tail>9</Tail></plan>';

/** Each case: what it shows, which service, and the raw request sent to both servers. */
const CASES: readonly (readonly [string, 'out' | 'choices', RawRequest])[] = [
  ['Split: result, out, then ref (SOAP 1.1)', 'out', out('1.1', 'Split', '<text>hello</text><count>2</count>')],
  ['Split: result, out, then ref (SOAP 1.2)', 'out', out('1.2', 'Split', '<text>hello</text><count>2</count>')],
  ['Split: an out element in the request is not read', 'out', out('1.1', 'Split', '<head>x</head><count>9</count>')],
  ['Fill: a void operation with out parameters', 'out', out('1.1', 'Fill', '')],
  ['Swap: a null ref parameter is left out', 'out', out('1.2', 'Swap', '<first>a</first>')],
  ['Locate: a null result is left out, class and array outs', 'out', out('1.1', 'Locate', '')],
  ['Locate: a class result, class and array outs', 'out', out('1.2', 'Locate', '<name>x</name>')],
  ['Bump: a void operation with a ref parameter', 'out', out('1.1', 'Bump', '<value>41</value>')],
  ['TryParse: an out parameter named result', 'out', out('1.2', 'TryParse', '<text> 42 </text>')],
  [
    'Echo: every kind of choice member; a nil item of a choice array is not written back',
    'choices',
    choice('1.1', 'Echo', PLAN),
  ],
  ['Echo: choices absent', 'choices', choice('1.2', 'Echo', '<plan><Tail>1</Tail></plan>')],
  [
    'Echo: the first element of a choice wins, unwrapped items are collected wherever they are',
    'choices',
    choice(
      '1.1',
      'Echo',
      '<plan><S>a</S><NoSchedule /><Count>1</Count><ScheduleReference /><Label>x</Label><Tail>2</Tail><N>3</N></plan>',
    ),
  ],
  ['SetOptions: a choice parameter', 'choices', choice('1.1', 'SetOptions', '<report>r</report><NoSchedule />')],
  [
    'Count: an array of choices',
    'choices',
    choice('1.2', 'Count', '<items><ScheduleReference /><NoSchedule /><NoSchedule xsi:nil="true" /></items>'),
  ],
];

let host: SharedAsmxHost | undefined;
const servers: Server[] = [];
let outPort = 0;
let choicesPort = 0;

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  outPort = await listen(createOutParamsServer(outParams));
  choicesPort = await listen(createChoicesServer(choices));
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['OutParams.asmx', 'Choices.asmx']);
}, 180_000);

afterAll(async () => {
  host?.stop();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }
});

function compared(reply: RawReply) {
  return { status: reply.status, contentType: reply.header('content-type'), body: reply.body.toString('utf8') };
}

describe('the generated servers answer out, ref and choice operations as the real ASMX runtime does', () => {
  it.for(CASES)('%s', async ([, service, request], ctx) => {
    sharedAsmxHost.need(ctx);
    const port = Number(new URL(host!.baseUrl).port);
    const expected = compared(await exchange(port, request));
    const actual = compared(await exchange(service === 'out' ? outPort : choicesPort, request));
    expect(expected.status).toBe(200);
    expect(actual).toEqual(expected);
  });

  it('HTTP GET and POST leave out operations with out or ref parameters, as the runtime does', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const port = Number(new URL(host!.baseUrl).port);
    for (const path of ['/OutParams.asmx/Split?text=a&count=1', '/OutParams.asmx/Plain?text=a']) {
      const expected = await exchange(port, { method: 'GET', path });
      const actual = await exchange(outPort, { method: 'GET', path });
      expect(actual.status, path).toBe(expected.status);
      expect(actual.header('content-type'), path).toBe(expected.header('content-type'));
      if (expected.status === 200) expect(actual.body.toString(), path).toBe(expected.body.toString());
    }
  });
});

describe('the generated clients against the real ASMX runtime', () => {
  it('resolve to the result and the out and ref values, over SOAP 1.1 and 1.2', async (ctx) => {
    sharedAsmxHost.need(ctx);
    for (const transport of ['soap11', 'soap12'] as const) {
      const client = createOutParamsClient({ url: `${host!.baseUrl}/OutParams.asmx`, transport });
      await expect(client.Split({ text: 'hello', count: 2 })).resolves.toStrictEqual({
        result: 5,
        head: 'he',
        count: 3,
      });
      await expect(client.Split({ count: 0 })).resolves.toStrictEqual({ result: -1, count: 1 });
      await expect(client.Fill()).resolves.toStrictEqual({ number: 7, label: 'seven' });
      await expect(client.Swap({ first: 'a', second: 'b' })).resolves.toStrictEqual({
        result: true,
        first: 'b',
        second: 'a',
      });
      await expect(client.Locate({})).resolves.toStrictEqual({ corner: { X: 1, Y: 2 }, sizes: [3, 4] });
      await expect(client.Bump({ value: -5 })).resolves.toStrictEqual({ value: -4 });
      // A parameter named result: the return value is returnValue.
      await expect(client.TryParse({ text: '-7' })).resolves.toStrictEqual({ returnValue: true, result: -7 });
      await expect(client.TryParse({ text: 'x' })).resolves.toStrictEqual({ returnValue: false, result: 0 });
    }
  });

  it('send and read back choices: the element name picks the type', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createChoicesClient({ url: `${host!.baseUrl}/Choices.asmx` });
    const plan: Plan = {
      Name: 'p',
      Item: { $element: 'NoSchedule', value: { $type: 'NoSchedule' } },
      Item1: { $element: 'Ref', value: { $type: 'ScheduleReference', ScheduleID: 'id <1>' } },
      Items: [
        { $element: 'S', value: 'x' },
        { $element: 'N', value: -2 },
      ],
      Schedules: [
        { $element: 'None', value: { $type: 'NoSchedule' } },
        { $element: 'Ref', value: { $type: 'ScheduleReference', ScheduleID: '' } },
      ],
      Tail: 3,
    };
    await expect(client.Echo({ plan })).resolves.toStrictEqual(plan);
    const reference = { $element: 'ScheduleReference', value: { $type: 'ScheduleReference' } } as const;
    await expect(client.SetOptions({ report: 'r', Item: reference })).resolves.toBe('ScheduleReference');
    const none = { $element: 'NoSchedule', value: { $type: 'NoSchedule' } } as const;
    await expect(client.Count({ items: [reference, none] })).resolves.toBe(2);
    // A null at a choice has no element: it is not sent, as XmlSerializer does not write it.
    await expect(client.Count({ items: [reference, { $element: 'NoSchedule', value: null }] })).resolves.toBe(1);
  });
});
