/**
 * The generated client against another SOAP stack: a node-soap server
 * serving the generated WSDL, its handlers as empty as the service's. Every
 * operation over SOAP 1.1, and node-soap's handler receives the value sent.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import * as soap from 'soap';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAuthenticationWebServiceClient,
  service,
  type AuthenticationWebServiceClient,
} from '../../generated/index.js';
import { close, HOSTILE, listen } from './helpers.js';

const WSDL = readFileSync(join(import.meta.dirname, '../../generated/AuthenticationWebService.wsdl'), 'utf8');

let server: Server;
let client: AuthenticationWebServiceClient;
const seen: { operation: string; args: unknown }[] = [];

beforeAll(async () => {
  const operations = Object.fromEntries(
    service.operations.map((op) => [
      op.name,
      (args: unknown) => {
        seen.push({ operation: op.name, args });
        return {};
      },
    ]),
  );
  server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  const port = await listen(server);
  const soapServer = soap.listen(server, {
    path: service.path,
    services: { [service.name]: { [`${service.name}Soap`]: operations, [`${service.name}Soap12`]: operations } },
    xml: WSDL,
  });
  // node-soap trims text unless told otherwise: an option its client takes and its server does not pass on
  // (the server's WSDL is private in its typings, not at run time).
  (soapServer as unknown as { wsdl: { options: { preserveWhitespace: boolean } } }).wsdl.options.preserveWhitespace =
    true;
  client = createAuthenticationWebServiceClient({ url: `http://127.0.0.1:${port}${service.path}` });
});
afterAll(() => close(server));
beforeEach(() => {
  seen.length = 0;
});

function call(operation: string, input: { requestJson?: string } | undefined): Promise<void> {
  const method = client[operation as keyof AuthenticationWebServiceClient] as (
    input: { requestJson?: string } | undefined,
  ) => Promise<void>;
  return method(input);
}

describe('a node-soap server serving the generated WSDL', () => {
  it('answers every one of the 20 operations called by the generated client over SOAP 1.1', async () => {
    expect(service.operations).toHaveLength(20);
    for (const op of service.operations) {
      const hasParameter = op.parameters.length > 0;
      await expect(call(op.name, hasParameter ? { requestJson: `{"op":"${op.name}"}` } : undefined)).resolves.toBe(
        undefined,
      );
      expect(seen.at(-1)).toEqual({
        operation: op.name,
        args: hasParameter ? { requestJson: `{"op":"${op.name}"}` } : null,
      });
    }
    expect(seen).toHaveLength(20);
  });

  it.each([...HOSTILE, ['empty', ''] as const])('receives %s exactly', async (_name, value) => {
    await client.Authenticate({ requestJson: value });
    expect(seen).toEqual([{ operation: 'Authenticate', args: { requestJson: value } }]);
  });
});
