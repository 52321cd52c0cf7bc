/**
 * The generated service behind the frameworks users run it in, each the
 * real framework, as examples/ sets it up: Express with `express.json()` and
 * `express.urlencoded()` mounted globally (keeping the raw body, as the
 * example does, and not: parsers as most apps mount them), Fastify, and a
 * fetch runtime (`Request` in, `Response` out). Every request is sent to the
 * generated `node:http` server too (the wire-contract and interop tests hold
 * it to ASMX), and each framework's reply must be the same: status, headers
 * (but the connection's own and Express's `X-Powered-By`) and body bytes, on
 * all four bindings, faults and refusals included; and its handler must get
 * the same input.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import express from 'express';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp as createExpressApp } from '../../examples/express.js';
import { createApp as createFastifyApp } from '../../examples/fastify.js';
import { createFetchApp } from '../../examples/fetch.js';
import {
  createAuthenticationWebServiceHandler,
  createAuthenticationWebServiceServer,
  SoapFault,
  type AuthenticationWebServiceHandlers,
  type CallContext,
} from '../../generated/index.js';
import { send, type RawReply, type SendOptions } from '../server/raw-http.js';
import { HOSTILE_VALUE, OPERATIONS } from '../server/recording-server.js';
import { request11, request12 } from '../runtime/soap-messages.js';

const PATH = '/AuthenticationWebService.asmx';
const NS = 'App.WebService';

interface Call {
  readonly operation: string;
  readonly transport: string;
  readonly input: Record<string, unknown>;
  readonly files: readonly { field: string; filename: string; contentType: string; data: string }[];
}

/** Handlers that record each call; Authenticate faults on `fault`, and fails on `crash`. */
function recordingHandlers(calls: Call[]): AuthenticationWebServiceHandlers {
  const handlers: Record<string, (input: Record<string, unknown>, ctx: CallContext) => unknown> = {};
  for (const operation of OPERATIONS) {
    handlers[operation] = (input, ctx) => {
      calls.push({
        operation,
        transport: ctx.transport,
        input: { ...input },
        files: ctx.files.map((f) => ({ ...f, data: Buffer.from(f.data).toString('latin1') })),
      });
      if (input.requestJson === 'fault') throw new SoapFault('Client', 'Refused: <&> "quoted" é');
      if (input.requestJson === 'crash') throw new Error('a bug');
      return undefined;
    };
  }
  return handlers as unknown as AuthenticationWebServiceHandlers;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

interface Case {
  readonly name: string;
  readonly path: string;
  readonly options: SendOptions;
  /** What the handler gets, as recorded; `undefined`: the handler is not called. */
  readonly call?: Omit<Call, 'files'> & { files?: Call['files'] };
}

const soap11 = (value: string): SendOptions => ({
  method: 'POST',
  headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/Authenticate"` },
  body: request11(`<Authenticate xmlns="${NS}"><requestJson>${escapeXml(value)}</requestJson></Authenticate>`),
});
const soap12 = (value: string): SendOptions => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/soap+xml; charset=utf-8' },
  body: request12(`<Authenticate xmlns="${NS}"><requestJson>${escapeXml(value)}</requestJson></Authenticate>`),
});
const post = (body: string | Uint8Array, contentType = 'application/x-www-form-urlencoded'): SendOptions => ({
  method: 'POST',
  headers: { 'Content-Type': contentType },
  body,
});

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

const VALUE = HOSTILE_VALUE;
const MULTIPART_BOUNDARY = 'b0undary';
const MULTIPART = Buffer.from(
  `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
    `Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n--${MULTIPART_BOUNDARY}--\r\n`,
  'latin1',
);
const JSON_BODY = '{"user":"alice","n":[1,2.5,null],"s":"é\\u0000"}';

/** The requests every framework must answer as the generated server does: all four bindings, and refusals. */
const CASES: readonly Case[] = [
  {
    name: 'SOAP 1.1',
    path: PATH,
    options: soap11(VALUE),
    call: { operation: 'Authenticate', transport: 'soap11', input: { requestJson: VALUE } },
  },
  {
    name: 'SOAP 1.1, a fault the handler throws',
    path: PATH,
    options: soap11('fault'),
    call: { operation: 'Authenticate', transport: 'soap11', input: { requestJson: 'fault' } },
  },
  {
    name: 'SOAP 1.2',
    path: PATH,
    options: soap12(VALUE),
    call: { operation: 'Authenticate', transport: 'soap12', input: { requestJson: VALUE } },
  },
  {
    name: 'SOAP 1.2, an error the handler throws',
    path: PATH,
    options: soap12('crash'),
    call: { operation: 'Authenticate', transport: 'soap12', input: { requestJson: 'crash' } },
  },
  { name: 'SOAP, malformed XML', path: PATH, options: { ...soap11('x'), body: '<soap:Envelope' } },
  {
    name: 'HTTP GET',
    path: `${PATH}/Authenticate?requestJson=${encodeURIComponent(VALUE)}`,
    options: {},
    call: { operation: 'Authenticate', transport: 'httpGet', input: { requestJson: VALUE } },
  },
  {
    name: 'HTTP POST, a form',
    path: `${PATH}/Authenticate`,
    options: post(form({ requestJson: VALUE })),
    call: { operation: 'Authenticate', transport: 'httpPost', input: { requestJson: VALUE } },
  },
  {
    name: 'HTTP POST, a form with a field twice and one unknown',
    path: `${PATH}/Authenticate`,
    options: post('requestJson=a%2Cb&requestJson=c+d&other=1'),
    call: { operation: 'Authenticate', transport: 'httpPost', input: { requestJson: 'a,b,c d' } },
  },
  {
    name: 'HTTP POST, a fault',
    path: `${PATH}/Authenticate`,
    options: post('requestJson=fault'),
    call: { operation: 'Authenticate', transport: 'httpPost', input: { requestJson: 'fault' } },
  },
  {
    name: 'HTTP POST, JSON to an operation with parameters (refused)',
    path: `${PATH}/Authenticate`,
    options: post('{"requestJson":"x"}', 'application/json'),
  },
  {
    // A JSON Content-Type is a script call: a service without scriptService refuses it, as .NET's WebServiceData
    // does (docs/wire.md), even behind a framework's JSON parser that read the body first.
    name: 'HTTP POST, JSON to a service without scriptService (refused)',
    path: `${PATH}/UploadImage`,
    options: post(JSON_BODY, 'application/json'),
  },
  {
    name: 'HTTP POST, any other body to an operation without parameters (one file)',
    path: `${PATH}/UploadImage`,
    options: post(JSON_BODY, 'application/octet-stream'),
    call: {
      operation: 'UploadImage',
      transport: 'httpPost',
      input: {},
      files: [
        {
          field: '',
          filename: '',
          contentType: 'application/octet-stream',
          data: Buffer.from(JSON_BODY).toString('latin1'),
        },
      ],
    },
  },
  {
    name: 'HTTP POST, multipart',
    path: `${PATH}/UploadImage`,
    options: post(MULTIPART, `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`),
    call: {
      operation: 'UploadImage',
      transport: 'httpPost',
      input: {},
      files: [{ field: 'image', filename: 'a.png', contentType: 'image/png', data: '\x89PNG\r\n\x1a\n' }],
    },
  },
  { name: 'the WSDL', path: `${PATH}?wsdl`, options: { headers: { Host: 'svc.example' } } },
  { name: 'an operation in the wrong case', path: `${PATH}/authenticate?requestJson=x`, options: {} },
];

/** .NET and Mono proxies send non-ASCII form values as `%uXXXX`: exact only where the raw body is read. */
const PERCENT_U: Case = {
  name: 'HTTP POST, a form with %uXXXX escapes (as .NET proxies send)',
  path: `${PATH}/Authenticate`,
  options: post('requestJson=Zo%u00eb+%u65e5%2B'),
  call: { operation: 'Authenticate', transport: 'httpPost', input: { requestJson: 'Zoë 日+' } },
};

/** The headers a reply is compared by: all but the connection's own (and Express's advertisement). */
function comparable(reply: RawReply): Record<string, unknown> {
  const { date: _d, connection: _c, 'keep-alive': _k, 'x-powered-by': _x, ...headers } = reply.headers;
  return { status: reply.status, headers, body: reply.body.toString('latin1') };
}

interface Subject {
  readonly calls: Call[];
  ask(path: string, options: SendOptions): Promise<RawReply>;
  close(): Promise<void>;
}

async function nodeSubject(create: (handlers: AuthenticationWebServiceHandlers) => Server | Promise<Server>) {
  const calls: Call[] = [];
  const server = await create(recordingHandlers(calls));
  const port = await listen(server);
  return { calls, ask: (path: string, options: SendOptions) => send(port, path, options), close: () => close(server) };
}

async function fastifySubject(): Promise<Subject> {
  const calls: Call[] = [];
  const app: FastifyInstance = await createFastifyApp(recordingHandlers(calls));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { calls, ask: (path, options) => send(port, path, options), close: () => app.close() };
}

function fetchSubject(): Subject {
  const calls: Call[] = [];
  const app = createFetchApp(recordingHandlers(calls));
  return {
    calls,
    async ask(path, options) {
      const headers = new Headers(options.headers);
      if (!headers.has('host')) headers.set('host', '127.0.0.1');
      const host = headers.get('host')!;
      const response = await app.fetch(
        new Request(`http://${host}${path}`, {
          method: options.method ?? 'GET',
          headers,
          ...(options.body !== undefined && {
            body: typeof options.body === 'string' ? options.body : new Uint8Array(options.body),
          }),
        }),
      );
      const replyHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => (replyHeaders[name] = value));
      const body = Buffer.from(await response.arrayBuffer());
      return { status: response.status, headers: replyHeaders, body, text: body.toString('utf8') };
    },
    close: () => Promise.resolve(),
  };
}

/** Express as most apps mount it: the parsers globally, no raw body kept. */
function plainExpress(extended: boolean) {
  return (handlers: AuthenticationWebServiceHandlers): Server => {
    const app = express();
    app.use(express.json());
    app.use(express.urlencoded({ extended }));
    app.use(express.text());
    app.use(createAuthenticationWebServiceHandler(handlers));
    app.get('/health', (_req, res) => {
      res.json({ ok: true });
    });
    return createServer(app);
  };
}

let oracle: Subject;
beforeAll(async () => {
  oracle = await nodeSubject((handlers) => createAuthenticationWebServiceServer(handlers));
});
afterAll(() => oracle?.close());

/** What `subject` answers to `test`, and what its handler got, against the generated server's. */
async function expectSameAsServer(subject: Subject, test: Case): Promise<RawReply> {
  const options = { ...test.options, headers: { Host: 'svc.example:8080', ...test.options.headers } };
  const before = [subject.calls.length, oracle.calls.length];
  const [mine, theirs] = [await subject.ask(test.path, options), await oracle.ask(test.path, options)];
  expect(comparable(mine)).toEqual(comparable(theirs));
  const calls = subject.calls.slice(before[0]);
  expect(calls).toEqual(oracle.calls.slice(before[1]));
  expect(calls).toEqual(test.call ? [{ files: [], ...test.call }] : []);
  return mine;
}

/**
 * Each subject, and the value its handler gets for `PERCENT_U`'s form: the exact one where the raw body is read;
 * behind a parser that kept no raw body, what that parser decoded: body-parser fails on a `%uXXXX` escape and
 * keeps the value as sent (but for `+`), as docs/frameworks.md says.
 */
const SUBJECTS: readonly [string, () => Promise<Subject>, { percentU: string }][] = [
  [
    'Express (examples/express.ts: global json and urlencoded parsers, raw body kept)',
    () => nodeSubject((h) => createServer(createExpressApp(h))),
    { percentU: 'Zoë 日+' },
  ],
  [
    'Express with global json, urlencoded and text parsers',
    () => nodeSubject(plainExpress(false)),
    { percentU: 'Zo%u00eb %u65e5%2B' },
  ],
  [
    'Express with urlencoded({ extended: true })',
    () => nodeSubject(plainExpress(true)),
    { percentU: 'Zo%u00eb %u65e5%2B' },
  ],
  ['Fastify (examples/fastify.ts)', fastifySubject, { percentU: 'Zoë 日+' }],
  ['a fetch runtime (examples/fetch.ts)', () => Promise.resolve(fetchSubject()), { percentU: 'Zoë 日+' }],
];

describe.each(SUBJECTS)('%s', (_name, start, { percentU }) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await start();
  });
  afterAll(() => subject?.close());

  it.each(CASES.map((c) => [c.name, c] as const))('%s: the same reply as the generated server', async (_n, test) => {
    await expectSameAsServer(subject, test);
  });

  it(`${PERCENT_U.name}: the value ${percentU === 'Zoë 日+' ? 'exactly' : 'as the parser decoded it'}`, async () => {
    if (percentU === PERCENT_U.call!.input.requestJson) {
      await expectSameAsServer(subject, PERCENT_U);
      return;
    }
    const before = subject.calls.length;
    const reply = await subject.ask(PERCENT_U.path, PERCENT_U.options);
    expect(reply.status).toBe(200);
    expect(subject.calls.slice(before)).toEqual([{ files: [], ...PERCENT_U.call, input: { requestJson: percentU } }]);
  });

  it('leaves other paths to the app (or 404s them, on a fetch runtime without routes)', async () => {
    const health = await subject.ask('/health', {});
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ ok: true });
    expect((await subject.ask('/elsewhere', {})).status).toBe(404);
  });
});

describe('exact reply bytes', () => {
  it('SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST: the bytes ASMX sends, from every framework', async () => {
    const subjects = await Promise.all(SUBJECTS.map(([, start]) => start()));
    try {
      const soapFault11 =
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>' +
        '<soap:Fault><faultcode>soap:Client</faultcode><faultstring>Refused: &lt;&amp;&gt; "quoted" é</faultstring>' +
        '<detail /></soap:Fault></soap:Body></soap:Envelope>';
      const void12 =
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>' +
        '<AuthenticateResponse xmlns="App.WebService" /></soap:Body></soap:Envelope>';
      for (const subject of subjects) {
        const fault = await subject.ask(PATH, soap11('fault'));
        expect([fault.status, fault.headers['content-type'], fault.text]).toEqual([
          500,
          'text/xml; charset=utf-8',
          soapFault11,
        ]);
        const ok12 = await subject.ask(PATH, soap12('x'));
        expect([ok12.status, ok12.headers['content-type'], ok12.text]).toEqual([
          200,
          'application/soap+xml; charset=utf-8',
          void12,
        ]);
        const get = await subject.ask(`${PATH}/Authenticate?requestJson=x`, {});
        expect([get.status, get.headers['content-length'], get.text]).toEqual([200, '0', '']);
        const postFault = await subject.ask(`${PATH}/Authenticate`, post('requestJson=fault'));
        expect([postFault.status, postFault.headers['content-type'], postFault.text]).toEqual([
          500,
          'text/plain; charset=utf-8',
          'Refused: &lt;&amp;&gt; &quot;quoted&quot; &#233;\r\n',
        ]);
      }
    } finally {
      await Promise.all(subjects.map((s) => s.close()));
    }
  });
});

describe('Express, mounted under a prefix after its parsers', () => {
  it('serves at the prefix, and the WSDL names it', async () => {
    const calls: Call[] = [];
    const app = express();
    app.use(express.urlencoded());
    app.use('/soap', createAuthenticationWebServiceHandler(recordingHandlers(calls)));
    const server = createServer(app);
    const port = await listen(server);
    try {
      const wsdl = await send(port, `/soap${PATH}?wsdl`, { headers: { Host: 'h' } });
      expect(wsdl.text).toContain(`location="http://h/soap${PATH}"`);
      const posted = await send(port, `/soap${PATH}/Authenticate`, post(form({ requestJson: VALUE })));
      expect(posted.status).toBe(200);
      expect(calls.map((c) => c.input)).toEqual([{ requestJson: VALUE }]);
    } finally {
      await close(server);
    }
  });
});
