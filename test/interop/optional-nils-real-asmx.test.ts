/**
 * Absent and nil: a `[XmlElement(IsNullable = true)]` member with a `{Name}Specified` flag (`minOccurs="0"
 * nillable="true"`) against the real ASMX runtime.
 *
 * `test/fixtures/asmx-corpus/OptionalNils.asmx` is served by the real runtime (Mono's System.Web.Services, through
 * `../shared/asmx-host/start.sh`), and the generated server of the golden scenario `corpus-optional-nils` by this
 * process, with handlers that do what the C# methods do. `Make` answers the members set, unset (left out) and null
 * (`xsi:nil`); every request goes to both servers over SOAP 1.1, 1.2, HTTP GET and POST, and the replies must be
 * the same byte for byte. Then the generated client sends each state to the runtime, whose `Inspect` says what
 * it read (the flag and whether the value is null), and reads each state the runtime writes back.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOptionalNilsClient,
  createOptionalNilsServer,
  type OptionalNilsHandlers,
  type Sparse,
  type SparseReport,
} from '../golden/corpus-optional-nils/expected/index.js';
import { exchange, type RawReply, type RawRequest } from './raw-exchange.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const NS = 'urn:example:optional-nils';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const ENVELOPES = {
  '1.1': 'http://schemas.xmlsoap.org/soap/envelope/',
  '1.2': 'http://www.w3.org/2003/05/soap-envelope',
} as const;

/** The three states of the flagged members, as `Make(state)` builds them in C#. */
const STATES: Readonly<Record<'set' | 'unset' | 'null', Sparse>> = {
  set: { Note: 'n', Count: 3, Part: { Label: 'p' }, Box: { Width: 5 }, Plain: null, Always: null },
  unset: { Plain: null, Always: null },
  null: { Note: null, Count: null, Part: null, Box: null, Plain: null, Always: null },
};

/** What `Inspect` reports for each state: `{Name}Specified`, and whether the value is null. */
const REPORTS: Readonly<Record<'set' | 'unset' | 'null', SparseReport>> = {
  set: {
    NoteText: 'n',
    NoteSent: true,
    NoteNull: false,
    CountText: '3',
    CountSent: true,
    CountNull: false,
    PartLabel: 'p',
    PartSent: true,
    PartNull: false,
  },
  unset: { NoteSent: false, NoteNull: true, CountSent: false, CountNull: true, PartSent: false, PartNull: true },
  null: { NoteSent: true, NoteNull: true, CountSent: true, CountNull: true, PartSent: true, PartNull: true },
};

/** What the C# methods of OptionalNils.asmx do; `undefined` is an unset flag, `null` a set one without a value. */
const handlers: OptionalNilsHandlers = {
  Make: ({ state }) => (state === 'set' || state === 'null' ? STATES[state] : STATES.unset),
  Inspect({ value }) {
    const v = value ?? STATES.unset;
    return {
      ...(typeof v.Note === 'string' ? { NoteText: v.Note } : {}),
      NoteSent: v.Note !== undefined,
      NoteNull: typeof v.Note !== 'string',
      ...(typeof v.Count === 'number' ? { CountText: String(v.Count) } : {}),
      CountSent: v.Count !== undefined,
      CountNull: typeof v.Count !== 'number',
      ...(v.Part?.Label === undefined ? {} : { PartLabel: v.Part.Label }),
      PartSent: v.Part !== undefined,
      PartNull: v.Part === undefined || v.Part === null,
    };
  },
  Echo: ({ value }) => value,
  Widen: ({ size }) => ({ Width: size.Width + 1 }),
};

function soap(version: '1.1' | '1.2', op: string, inner: string): RawRequest {
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ENVELOPES[version]}" xmlns:xsi="${XSI}">` +
    `<soap:Body><${op} xmlns="${NS}">${inner}</${op}></soap:Body></soap:Envelope>`;
  const headers: Record<string, string> =
    version === '1.1'
      ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/${op}"` }
      : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/${op}"` };
  return { method: 'POST', path: '/OptionalNils.asmx', headers, body };
}

const REQUIRED = '<Plain xsi:nil="true" /><Always xsi:nil="true" />';
const SENT = {
  set: `<Note>a</Note><Count>4</Count><Part><Label>q</Label></Part><Box><Width>6</Width></Box>${REQUIRED}`,
  unset: REQUIRED,
  null: `<Note xsi:nil="true" /><Count xsi:nil="true" /><Part xsi:nil="true" /><Box xsi:nil="true" />${REQUIRED}`,
};

const CASES: readonly (readonly [string, RawRequest])[] = [
  ...(['set', 'unset', 'null'] as const).flatMap((state) => [
    [`Make(${state}) over SOAP 1.1`, soap('1.1', 'Make', `<state>${state}</state>`)] as const,
    [`Make(${state}) over SOAP 1.2`, soap('1.2', 'Make', `<state>${state}</state>`)] as const,
    [`Make(${state}) over HTTP GET`, { method: 'GET', path: `/OptionalNils.asmx/Make?state=${state}` }] as const,
    [
      `Make(${state}) over HTTP POST`,
      {
        method: 'POST',
        path: '/OptionalNils.asmx/Make',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `state=${state}`,
      },
    ] as const,
    [`Echo of members ${state} (SOAP 1.1)`, soap('1.1', 'Echo', `<value>${SENT[state]}</value>`)] as const,
    [`Inspect of members ${state} (SOAP 1.2)`, soap('1.2', 'Inspect', `<value>${SENT[state]}</value>`)] as const,
  ]),
  [
    'Widen: the struct is a value type where it is no flagged member',
    soap('1.1', 'Widen', '<size><Width>1</Width></size>'),
  ],
];

let host: SharedAsmxHost | undefined;
let server: Server | undefined;
let port = 0;

beforeAll(async () => {
  server = createOptionalNilsServer(handlers);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['OptionalNils.asmx']);
}, 180_000);

afterAll(async () => {
  host?.stop();
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((done) => server!.close(() => done()));
  }
});

function compared(reply: RawReply) {
  return { status: reply.status, contentType: reply.header('content-type'), body: reply.body.toString('utf8') };
}

describe('the generated server leaves out an unset flagged member and writes xsi:nil for null, as the runtime', () => {
  it.for(CASES)('%s', async ([, request], ctx) => {
    sharedAsmxHost.need(ctx);
    const expected = compared(await exchange(Number(new URL(host!.baseUrl).port), request));
    const actual = compared(await exchange(port, request));
    expect(expected.status).toBe(200);
    expect(actual).toEqual(expected);
  });

  it('writes nothing for undefined and xsi:nil for null (the runtime replies above are these)', async () => {
    const reply = (state: string) => exchange(port, soap('1.1', 'Make', `<state>${state}</state>`));
    expect((await reply('unset')).body.toString()).toContain('<MakeResult><Plain xsi:nil="true" />');
    expect((await reply('null')).body.toString()).toContain(
      '<MakeResult><Note xsi:nil="true" /><Count xsi:nil="true" /><Part xsi:nil="true" /><Box xsi:nil="true" />',
    );
  });
});

describe('the generated client against the real ASMX runtime', () => {
  const transports = ['soap11', 'soap12', 'httpGet', 'httpPost'] as const;

  it.for(transports)('reads set, absent and nil members as values, undefined and null over %s', async (t, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createOptionalNilsClient({ url: `${host!.baseUrl}/OptionalNils.asmx`, transport: t });
    for (const state of ['set', 'unset', 'null'] as const) {
      expect(await client.Make({ state }), state).toStrictEqual(STATES[state]);
    }
  });

  it.for(['soap11', 'soap12'] as const)('sends undefined as absent and null as nil over %s', async (t, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createOptionalNilsClient({ url: `${host!.baseUrl}/OptionalNils.asmx`, transport: t });
    for (const state of ['set', 'unset', 'null'] as const) {
      const sent = STATES[state];
      expect(await client.Inspect({ value: sent }), state).toStrictEqual(REPORTS[state]);
      expect(await client.Echo({ value: sent }), state).toStrictEqual(sent);
    }
  });
});
