/**
 * Typed JSON strings on the server, with the validators the golden scenario `typed-json` generates (ajv standalone
 * code in its `json-schemas.ts`): the handler gets the parsed value and returns one, written as JSON text; a text
 * that is not JSON, or a value its schema refuses, is a Client fault naming the parameter, the JSON pointer and the
 * rule (never the value), on every protocol the service speaks.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeService } from '../../generator/emit/describe-service.js';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { loadSpec } from '../../generator/index.js';
import type { ServiceModel } from '../../generator/model/types.js';
import type { JsonSchemaValidator } from '../../runtime/src/service-description.js';
import { createServiceServer } from '../../runtime/src/server.js';
import { GOLDEN_DIR } from '../golden/scenarios.js';
import {
  fault11,
  fault12,
  reply11,
  request11,
  request12,
  SOAP12_TYPE,
  TEXT_TYPE,
  XML_TYPE,
} from '../runtime/soap-messages.js';
import * as validators from '../golden/typed-json/expected/json-schemas.js';
import { expectNoLeak, send } from './raw-http.js';

const calls: unknown[] = [];
const HANDLERS = {
  Register: ({ requestJson }: { requestJson?: { name: string } }) => {
    calls.push(requestJson);
    return requestJson?.name === 'Bad' ? { id: 0, created: true } : { id: 7, created: true };
  },
  Find: () => [{ city: 'Berlin', zip: '10115' }],
  Ping: ({ text }: { text?: string }) => text,
};

let model: ServiceModel;
const servers: ReturnType<typeof createServiceServer>[] = [];
const ports = { hidden: 0, exposed: 0 };

beforeAll(async () => {
  model = await loadSpec(join(GOLDEN_DIR, 'typed-json', 'spec.yaml'));
  const table = new Map<string, JsonSchemaValidator>(Object.entries(validators));
  for (const key of ['hidden', 'exposed'] as const) {
    const server = createServiceServer(describeService(model, table), renderDocuments(model), HANDLERS, {
      exposeErrors: key === 'exposed',
      onError: () => {},
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    servers.push(server);
    ports[key] = (server.address() as AddressInfo).port;
  }
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((done) => s.close(() => done()))));
});

const NS = 'urn:example:accounts';
const VALID = '{"phone":"+4915112345678","name":"Ada","tags":["news"]}';
const NOT_JSON = '{"phone":"+49","name":}';
const WRONG = '{"phone":"12-34","name":"Ada"}';

function register(json: string): string {
  return `<Register xmlns="${NS}"><requestJson>${json.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</requestJson></Register>`;
}

function soap11(port: number, body: string) {
  return send(port, '/Accounts.asmx', {
    method: 'POST',
    headers: { 'Content-Type': XML_TYPE, SOAPAction: `"${NS}/Register"` },
    body: request11(body),
  });
}

function soap12(port: number, body: string) {
  return send(port, '/Accounts.asmx', {
    method: 'POST',
    headers: { 'Content-Type': SOAP12_TYPE },
    body: request12(body),
  });
}

function httpPost(port: number, json: string) {
  return send(port, '/Accounts.asmx/Register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `requestJson=${encodeURIComponent(json)}&source=web`,
  });
}

function jsonCall(port: number, json: string) {
  return send(port, '/Accounts.asmx/Register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ requestJson: json, source: 'web' }),
  });
}

describe('typed JSON strings on the server', () => {
  it('give the handler the parsed value and write what it returns as JSON text, on every protocol', async () => {
    calls.length = 0;
    const a = await soap11(ports.hidden, register(VALID));
    expect([a.status, a.text]).toEqual([
      200,
      reply11(
        `<RegisterResponse xmlns="${NS}"><RegisterResult>{"id":7,"created":true}</RegisterResult></RegisterResponse>`,
      ),
    ]);
    const b = await httpPost(ports.hidden, VALID);
    expect([b.status, b.text]).toEqual([
      200,
      `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="${NS}">{"id":7,"created":true}</string>`,
    ]);
    const c = await jsonCall(ports.hidden, VALID);
    expect([c.status, c.text]).toEqual([200, '{"d":"{\\"id\\":7,\\"created\\":true}"}']);
    const parsed = { phone: '+4915112345678', name: 'Ada', tags: ['news'] };
    expect(calls).toEqual([parsed, parsed, parsed]);
  });

  it('answer a text that is not JSON with a Client fault that says where it stops being JSON', async () => {
    const message = 'requestJson is not JSON: unexpected &quot;}&quot; at character 23.';
    const a = await soap11(ports.hidden, register(NOT_JSON));
    expect([a.status, a.headers['content-type'], a.text]).toEqual([
      500,
      XML_TYPE,
      fault11('Client', 'requestJson is not JSON: unexpected "}" at character 23.'),
    ]);
    const b = await soap12(ports.hidden, register(NOT_JSON));
    expect([b.status, b.headers['content-type'], b.text]).toEqual([
      500,
      SOAP12_TYPE,
      fault12('Sender', 'requestJson is not JSON: unexpected "}" at character 23.'),
    ]);
    const c = await httpPost(ports.hidden, NOT_JSON);
    expect([c.status, c.headers['content-type'], c.text]).toEqual([500, TEXT_TYPE, `${message}\r\n`]);
    for (const reply of [a, b, c]) expectNoLeak(reply);
  });

  it('answer a value the schema refuses with a Client fault naming the JSON pointer and the rule, not the value', async () => {
    const message =
      'requestJson does not match its schema: at /phone: must match pattern "^\\+?[0-9]{6,15}$" (pattern).';
    const a = await soap11(ports.hidden, register(WRONG));
    expect([a.status, a.text]).toEqual([500, fault11('Client', message)]);
    const b = await soap12(ports.hidden, register(WRONG));
    expect([b.status, b.text]).toEqual([500, fault12('Sender', message)]);
    const c = await httpPost(ports.hidden, WRONG);
    expect([c.status, c.text]).toEqual([500, `${message.replace(/"/g, '&quot;')}\r\n`]);
    const missing = await httpPost(ports.hidden, '{"phone":"+4915112345678","extra":1}');
    expect(missing.text).toBe(
      'requestJson does not match its schema: at (root): must have required property &#39;name&#39; (required).\r\n',
    );
    for (const reply of [a, b, c]) expect(reply.text).not.toContain('12-34');
  });

  it("answer JSON calls of a [ScriptService] in .NET's JSON error shape: the reason only with exposeErrors", async () => {
    const hidden = await jsonCall(ports.hidden, WRONG);
    expect([hidden.status, hidden.headers.jsonerror, hidden.text]).toEqual([
      500,
      'true',
      '{"Message":"There was an error processing the request.","StackTrace":"","ExceptionType":""}',
    ]);
    const shown = await jsonCall(ports.exposed, WRONG);
    expect([shown.status, shown.headers.jsonerror, shown.text]).toEqual([
      500,
      'true',
      '{"Message":"requestJson does not match its schema: at /phone: must match pattern \\"^\\\\+?[0-9]{6,15}$\\" (pattern).",' +
        '"StackTrace":"","ExceptionType":"System.InvalidOperationException"}',
    ]);
    const notJson = await jsonCall(ports.exposed, NOT_JSON);
    expect(JSON.parse(notJson.text)).toMatchObject({
      Message: 'requestJson is not JSON: unexpected "}" at character 23.',
    });
  });

  it("answer a result the schema refuses as the server's failure, the reason only with exposeErrors", async () => {
    const bad = register('{"phone":"+4915112345678","name":"Bad"}');
    const hidden = await soap11(ports.hidden, bad);
    expect([hidden.status, hidden.text]).toEqual([500, fault11('Server', 'Server was unable to process request.')]);
    const shown = await soap11(ports.exposed, bad);
    expect(shown.text).toBe(
      fault11(
        'Server',
        'Server was unable to process request. ---&gt; The result does not match its schema: at /id: must be &gt;= 1 (minimum).',
      ),
    );
  });

  it('leave other parameters and operations as they are, and an absent JSON parameter undefined', async () => {
    calls.length = 0;
    const reply = await soap11(ports.hidden, `<Register xmlns="${NS}" />`);
    expect(reply.status).toBe(200);
    expect(calls).toEqual([undefined]);
    const ping = await send(ports.hidden, '/Accounts.asmx/Ping?text=%7Bnot%20json', { method: 'GET' });
    expect(ping.text).toBe(`<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="${NS}">{not json</string>`);
  });
});
