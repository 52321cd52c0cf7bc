/**
 * The runtime's client against the runtime's server (the tax service): a `float` travels as the shortest decimal
 * that is the same single both ways (`2.9`, never `2.9000000953674316`), and an input not of its type is refused
 * before anything is sent, saying where it is, what was expected and what was given.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServiceCaller, type ServiceCaller } from '../../runtime/src/client.js';
import { startTax, TAX_SERVICE, type LookupInput, type RunningTax } from '../server/tax-service.js';

let service: RunningTax;
let call: ServiceCaller;
const received: unknown[] = [];
beforeAll(async () => {
  service = await startTax('createServiceServer', {
    Lookup(input: LookupInput) {
      received.push(input);
      // 2.9 % is 2.9 on 100: the single of the rate, as a handler computes with it.
      return { TaxAmount: input.rate, Items: input.cart?.Items ?? [] };
    },
    Rate(input: { rate: number }) {
      received.push(input);
      return input.rate;
    },
  });
  call = createServiceCaller(TAX_SERVICE, service.url);
});
afterAll(() => service.close());
beforeEach(() => {
  received.length = 0;
});

describe.each(['soap11', 'soap12'] as const)('a float over %s', (transport) => {
  it('reaches the handler as written, and comes back as the wire says', async () => {
    const input = { cart: { Items: [{ Sku: 'tea', Price: 0.1 }] }, rate: 2.9 };
    const result = await call('Lookup', input, { transport });
    expect(received).toEqual([{ cart: { Items: [{ Sku: 'tea', Price: 0.1 }] }, rate: 2.9 }]);
    expect(result).toEqual({ TaxAmount: 2.9, Items: [{ Sku: 'tea', Price: 0.1 }] });
  });
});

describe.each(['soap11', 'httpGet', 'httpPost'] as const)('a float result over %s', (transport) => {
  it.each([
    [2.9, 2.9],
    [2.9000000953674316, 2.9],
    [1 / 3, 0.33333334],
    [16777217, 16777216],
    [3.4028234663852886e38, 3.4028235e38],
  ])('%d is read back as %d', async (rate, expected) => {
    await expect(call('Rate', { rate }, { transport })).resolves.toBe(expected);
    expect(received).toEqual([{ rate: expected }]);
  });
});

describe('the wire', () => {
  it('carries what the runtime writes for the single: <TaxAmount>2.9</TaxAmount>', async () => {
    const reply = await fetch(service.url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"urn:example:tax/Lookup"' },
      body:
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
        '<soap:Body><Lookup xmlns="urn:example:tax"><rate>2.9000000953674316</rate></Lookup></soap:Body></soap:Envelope>',
    });
    expect(await reply.text()).toContain('<LookupResult><TaxAmount>2.9</TaxAmount><Items /></LookupResult>');
  });
});

describe('an input not of its type', () => {
  it.each<[string, LookupInput | Record<string, unknown>, string]>([
    [
      'a price given as an object',
      {
        cart: {
          Items: [
            { Sku: 'a', Price: 1 },
            { Sku: 'b', Price: { amount: 2, currency: 'EUR' } },
          ],
        },
        rate: 1,
      },
      'Lookup: cart.Items[1].Price: expected an xsd:float, got an object with keys amount, currency.',
    ],
    [
      'a price given as a string',
      { cart: { Items: [{ Sku: 'a', Price: '1.50 EUR' }] }, rate: 1 },
      'Lookup: cart.Items[0].Price: expected an xsd:float, got the string "1.50 EUR".',
    ],
    [
      'a cart given as a list',
      { cart: [{ Sku: 'a', Price: 1 }], rate: 1 },
      'Lookup: cart: expected a Cart, got an array of 1.',
    ],
    [
      'a missing price',
      { cart: { Items: [{ Sku: 'a' }] }, rate: 1 },
      'Lookup: cart.Items[0].Price: expected an xsd:float, got undefined.',
    ],
    ['a rate given as a string', { rate: '2.9' }, 'Lookup: rate: expected an xsd:float, got the string "2.9".'],
  ])('%s: refused before sending', async (_, input, message) => {
    const error = await call('Lookup', input as never).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(message);
    expect(received).toEqual([]);
  });
});
