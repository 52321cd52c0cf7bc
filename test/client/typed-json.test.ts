/**
 * Typed JSON strings on the client, with the golden scenario `typed-json`'s generated validators: a JSON parameter's
 * value is checked and sent as text, a JSON result's text is read and checked; an input its schema refuses is a
 * TypeError before anything is sent, a reply whose text is not JSON or not valid a ProtocolError. The servers are the
 * runtime's own: one typed as the client is, and one that serves the same operations as plain strings.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeService } from '../../generator/emit/describe-service.js';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { loadSpec } from '../../generator/index.js';
import { createServiceCaller, ProtocolError, type ServiceCaller } from '../../runtime/src/client.js';
import type { JsonSchemaValidator, ServiceDescription } from '../../runtime/src/service-description.js';
import { createServiceServer } from '../../runtime/src/server.js';
import { GOLDEN_DIR } from '../golden/scenarios.js';
import * as validators from '../golden/typed-json/expected/json-schemas.js';

const TRANSPORTS = ['soap11', 'soap12', 'httpGet', 'httpPost', 'json'] as const;

/** What the plain server's handlers return: texts the typed client must refuse. */
let plainResult = '';
const received: unknown[] = [];

const servers: ReturnType<typeof createServiceServer>[] = [];
let typed: ServiceCaller;
let againstPlain: ServiceCaller;

beforeAll(async () => {
  const model = await loadSpec(join(GOLDEN_DIR, 'typed-json', 'spec.yaml'));
  const service = describeService(model, new Map<string, JsonSchemaValidator>(Object.entries(validators)));
  // The same operations, their JSON strings plain: what a server that does not know the schemas sends and takes.
  const plain: ServiceDescription = {
    ...service,
    operations: service.operations.map((op) => ({
      ...op,
      parameters: op.parameters.map(({ json: _json, ...p }) => p),
      ...(op.result && { result: (({ json: _json, ...r }) => r)(op.result) }),
    })),
  };
  const start = async (description: ServiceDescription, handlers: object) => {
    const server = createServiceServer(description, renderDocuments(model), handlers);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/Accounts.asmx`;
  };
  const typedUrl = await start(service, {
    Register: ({ requestJson }: { requestJson: unknown }) => {
      received.push(requestJson);
      return { id: 7, created: true };
    },
    Find: ({ filterJson }: { filterJson: unknown }) => (filterJson === undefined ? [] : [{ city: 'Berlin' }]),
    Ping: ({ text }: { text?: string }) => text,
  });
  const plainUrl = await start(plain, {
    Register: ({ requestJson }: { requestJson: string }) => {
      received.push(requestJson);
      return plainResult;
    },
    Find: () => plainResult,
    Ping: () => plainResult,
  });
  typed = createServiceCaller(service, typedUrl);
  againstPlain = createServiceCaller(service, plainUrl);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((done) => s.close(() => done()))));
});

const REGISTRATION = { phone: '+4915112345678', name: 'Zoë <&> "x"', address: { city: 'Berlin', zip: '10115' } };

describe.each(TRANSPORTS)('typed JSON strings over %s', (transport) => {
  it('send a value and resolve to the value returned, as JSON text on the wire', async () => {
    received.length = 0;
    await expect(typed('Register', { requestJson: REGISTRATION, source: 'web' }, { transport })).resolves.toEqual({
      id: 7,
      created: true,
    });
    await expect(typed('Find', { filterJson: { city: 'Berlin' } }, { transport })).resolves.toEqual([
      { city: 'Berlin' },
    ]);
    plainResult = '{"id":1,"created":false}';
    await expect(
      againstPlain('Register', { requestJson: REGISTRATION, source: 'web' }, { transport }),
    ).resolves.toEqual({
      id: 1,
      created: false,
    });
    expect(received).toEqual([REGISTRATION, JSON.stringify(REGISTRATION)]);
  });

  it('refuse an input the schema refuses with a TypeError, before anything is sent', async () => {
    received.length = 0;
    await expect(
      typed('Register', { requestJson: { phone: 'call me', name: 'Ada' }, source: 'web' }, { transport }),
    ).rejects.toThrow(
      new TypeError(
        'Register: requestJson does not match its schema: at /phone: must match pattern "^\\+?[0-9]{6,15}$" (pattern).',
      ),
    );
    expect(received).toEqual([]);
  });

  it('refuse a result that is not JSON, or not valid, with a ProtocolError that says why', async () => {
    plainResult = '{"id":1,';
    const notJson = await againstPlain('Register', { requestJson: REGISTRATION, source: 'web' }, { transport }).catch(
      (e: unknown) => e,
    );
    expect(notJson).toBeInstanceOf(ProtocolError);
    expect((notJson as Error).message).toBe(
      `The reply to Register (${transport}) is not what the operation returns: RegisterResult is not JSON: unexpected end.`,
    );
    plainResult = '{"id":"7","created":true}';
    const invalid = await againstPlain('Register', { requestJson: REGISTRATION, source: 'web' }, { transport }).catch(
      (e: unknown) => e,
    );
    expect(invalid).toBeInstanceOf(ProtocolError);
    expect((invalid as Error).message).toBe(
      `The reply to Register (${transport}) is not what the operation returns: RegisterResult does not match its ` +
        'schema: at /id: must be integer (type).',
    );
  });
});
