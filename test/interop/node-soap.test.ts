/**
 * The `soap` npm client, from the WSDL the generated server serves, calls all
 * 20 operations on the SOAP 1.1 port with plain and hostile `requestJson`
 * values: each arrives at its handler exactly as sent, over SOAP 1.1.
 *
 * node-soap reads only the SOAP ports and calls one binding for the shared
 * address (contract §6), so the test names the SOAP 1.1 port itself. It writes
 * a CR as `&#xD;` (captured below), so CR survives XML reading.
 */
import { createClientAsync, type Client } from 'soap';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  HOSTILE_VALUE,
  OPERATIONS,
  PLAIN_VALUE,
  startRecordingServer,
  WITH_REQUEST_JSON,
  type RecordingServer,
} from '../server/recording-server.js';

const VALUES = [PLAIN_VALUE, HOSTILE_VALUE, '\r', ''];

let server: RecordingServer;
let client: Client;
beforeAll(async () => {
  server = await startRecordingServer();
  client = await createClientAsync(server.wsdlUrl);
});
afterAll(() => server.close());

type PortMethod = (args: object, callback: (error: unknown, result: unknown) => void) => void;

function soap11(operation: string): (args: object) => Promise<unknown> {
  const port = (client as unknown as Record<string, Record<string, Record<string, PortMethod>>>)
    .AuthenticationWebService!.AuthenticationWebServiceSoap!;
  const method = port[operation];
  expect(method, `node-soap has ${operation} on the SOAP 1.1 port`).toBeTypeOf('function');
  return (args) =>
    new Promise((resolve, reject) =>
      method!.call(client, args, (error, result) => (error ? reject(error) : resolve(result))),
    );
}

it('sees both SOAP ports of the service, and all 20 operations on each', () => {
  const description = client.describe() as Record<string, Record<string, Record<string, unknown>>>;
  expect(Object.keys(description)).toEqual(['AuthenticationWebService']);
  const ports = description.AuthenticationWebService!;
  expect(Object.keys(ports)).toEqual(['AuthenticationWebServiceSoap', 'AuthenticationWebServiceSoap12']);
  for (const port of Object.values(ports)) expect(Object.keys(port)).toEqual(OPERATIONS);
});

it('calls all 20 operations over SOAP 1.1; every value arrives exactly as sent', async () => {
  server.reset();
  const expected = [];
  for (const operation of OPERATIONS) {
    const call = soap11(operation);
    if (operation === 'UploadImage') {
      await call({});
      expected.push({ operation, transport: 'soap11', input: {}, files: [] });
      continue;
    }
    for (const value of VALUES) {
      await call({ requestJson: value });
      expected.push({ operation, transport: 'soap11', input: { requestJson: value }, files: [] });
    }
  }
  expect(server.calls).toEqual(expected);
  expect(server.calls).toHaveLength(WITH_REQUEST_JSON.length * VALUES.length + 1);

  // What node-soap sent: SOAP 1.1 with a quoted SOAPAction, CR as &#xD;.
  for (const request of server.requests) {
    expect(request.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(request.headers.soapaction).toMatch(/^"App\.WebService\/\w+"$/);
  }
  const hostile = server.requests.map((r) => r.body().toString('utf8')).filter((xml) => xml.includes('😀𝄞'));
  expect(hostile).toHaveLength(WITH_REQUEST_JSON.length);
  for (const xml of hostile) {
    expect(xml).not.toContain('\r');
    expect(xml).toContain('&#xD;CR&#xA;LF&#xD;&#xA;CRLF  </requestJson>');
  }
});
