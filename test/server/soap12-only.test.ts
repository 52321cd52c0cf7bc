/**
 * A service with SOAP 1.1 off (golden scenario soap12-only, the service of test/fixtures/soap12-only/Twelve.asmx):
 * the generated server answers the calls of test/fixtures/soap12-only/exchanges.json as Mono's ASMX runtime
 * answered them. A bare operation whose result `[return: XmlElement("statusResult")]` renames is answered with that
 * element, byte for byte; a SOAP 1.1 call is refused as the runtime refuses it (500, a `VersionMismatch` fault
 * with an `Upgrade` header naming SOAP 1.2), its fault string the .NET message rather than Mono's stack trace.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTwelveFetchHandler, type TwelveHandlers } from '../golden/soap12-only/expected/index.js';

interface Exchange {
  readonly name: string;
  readonly request: {
    readonly method: string;
    readonly path: string;
    readonly headers: Record<string, string>;
    readonly body: string;
  };
  readonly response: { readonly status: number; readonly headers: { 'Content-Type': string }; readonly body: string };
}

const EXCHANGES = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../fixtures/soap12-only/exchanges.json'), 'utf8'),
) as Exchange[];

/** What Twelve.asmx's methods do. */
const handlers: TwelveHandlers = {
  Hello: ({ name }) => `Hello ${name}`,
  Count: ({ items }) => items?.length ?? 0,
  Status: ({ statusRequest }) => `ok ${statusRequest}`,
};
const handle = createTwelveFetchHandler(handlers);

async function replay(exchange: Exchange) {
  const { method, path, headers, body } = exchange.request;
  const reply = await handle(new Request(`http://127.0.0.1${path}`, { method, headers, body }));
  return { status: reply.status, contentType: reply.headers.get('content-type'), body: await reply.text() };
}

/** A fault's string stands for itself: Mono's carries its stack trace and unformatted placeholders. */
const withoutFaultString = (body: string) => body.replace(/<faultstring>[^<]*<\/faultstring>/, '<faultstring />');

describe('a service with SOAP 1.1 off answers as the runtime does', () => {
  it('answers a bare operation over SOAP 1.2 with its renamed result element, byte for byte', async () => {
    const exchange = EXCHANGES.find((e) => e.name.startsWith('Status over SOAP 1.2'))!;
    expect(await replay(exchange)).toEqual({
      status: exchange.response.status,
      contentType: exchange.response.headers['Content-Type'],
      body: exchange.response.body,
    });
  });

  it('refuses a SOAP 1.1 call with a VersionMismatch fault and an Upgrade header to SOAP 1.2', async () => {
    const exchange = EXCHANGES.find((e) => e.name.startsWith('Hello over SOAP 1.1'))!;
    const reply = await replay(exchange);
    expect({ ...reply, body: withoutFaultString(reply.body) }).toEqual({
      status: 500,
      contentType: exchange.response.headers['Content-Type'],
      body: withoutFaultString(exchange.response.body),
    });
    expect(reply.body).toContain(
      '<faultstring>Possible SOAP version mismatch: Envelope namespace http://schemas.xmlsoap.org/soap/envelope/ ' +
        'was unexpected. Expecting http://www.w3.org/2003/05/soap-envelope.</faultstring>',
    );
  });
});
