/**
 * Exchanges with Mono's ASMX runtime (../shared/asmx-host) serving test/fixtures/asmx-corpus/MethodShapes.asmx
 * (golden scenario corpus-method-shapes): each call's input, the Body of the request the runtime read, the Body of
 * its SOAP 1.1 reply, and the result that reply holds.
 */
import { XsdDateTime, type DispatchHandlers } from '../golden/corpus-method-shapes/expected/index.js';

/** A call, the request Mono read it from, and the reply Mono sent (SOAP 1.1). */
export interface Exchange {
  readonly operation: keyof DispatchHandlers;
  readonly input: Record<string, unknown>;
  readonly request: string;
  /** Mono's reply body; `undefined` for a one-way call. */
  readonly reply: string | undefined;
  readonly result: unknown;
}

export const EXCHANGES: readonly Exchange[] = [
  {
    operation: 'Send',
    input: { shipment: { Code: 'X1', Pieces: 2 } },
    request:
      '<SendRequest xmlns="urn:example:shapes"><shipment><Code>X1</Code><Pieces>2</Pieces></shipment></SendRequest>',
    reply: '<SendReply xmlns="urn:example:shapes"><SendResult>X1</SendResult></SendReply>',
    result: 'X1',
  },
  {
    operation: 'Order',
    input: { shipment: { Code: 'X1', Pieces: 2 }, priority: 1 },
    request:
      '<Order xmlns="urn:partner:orders"><shipment><Code>X1</Code><Pieces>2</Pieces></shipment>' +
      '<priority>1</priority></Order>',
    reply:
      '<OrderResponse xmlns="urn:partner:receipts"><OrderResult><Issued>0001-01-01T00:00:00</Issued></OrderResult>' +
      '</OrderResponse>',
    result: { Issued: XsdDateTime.parse('0001-01-01T00:00:00') },
  },
  {
    operation: 'Find',
    input: { code: 'abcd' },
    request: '<Lookup xmlns="urn:partner:orders"><code>abcd</code></Lookup>',
    reply: '<FindResponse xmlns="urn:example:shapes"><FindResult>4</FindResult></FindResponse>',
    result: 4,
  },
  {
    operation: 'Echo',
    input: { text: 'hello' },
    request: '<text xmlns="urn:example:shapes">hello</text>',
    reply: '<EchoResult xmlns="urn:example:shapes">hello</EchoResult>',
    result: 'hello',
  },
  {
    operation: 'Multiply',
    input: { left: 3, right: 4 },
    request: '<left xmlns="urn:example:shapes">3</left><right xmlns="urn:example:shapes">4</right>',
    reply: '<MultiplyResult xmlns="urn:example:shapes">12</MultiplyResult>',
    result: 12n,
  },
  {
    operation: 'Register',
    input: { cargo: { Code: 'X1', Pieces: 2 } },
    request: '<cargo xmlns="urn:example:shapes"><Code>X1</Code><Pieces>2</Pieces></cargo>',
    reply: '<RegisterResult xmlns="urn:example:shapes"><Issued>0001-01-01T00:00:00</Issued></RegisterResult>',
    result: { Issued: XsdDateTime.parse('0001-01-01T00:00:00') },
  },
  {
    operation: 'Store',
    input: { key: 'a', value: 'b' },
    request: '<key xmlns="urn:example:shapes">a</key><value xmlns="urn:example:shapes">b</value>',
    reply: '',
    result: undefined,
  },
  {
    operation: 'Count',
    input: { word: 'abc' },
    request: '<word xmlns="urn:partner:bare">abc</word>',
    reply: '<CountResult xmlns="urn:partner:bare">3</CountResult>',
    result: 3,
  },
  {
    operation: 'Notify',
    input: { message: 'hi' },
    request: '<Notify xmlns="urn:example:shapes"><message>hi</message></Notify>',
    reply: undefined,
    result: undefined,
  },
  {
    operation: 'Ping',
    input: { sequence: 3 },
    request: '<sequence xmlns="urn:example:shapes">3</sequence>',
    reply: undefined,
    result: undefined,
  },
  {
    operation: 'Pack',
    input: { crate: { Labels: ['a', 'b'], Size: 'Large' }, batch: '0f8fad5b-d9cb-469f-a165-70867728950e' },
    request:
      '<Pack xmlns="urn:partner:crates"><crate><Labels><string>a</string><string>b</string></Labels>' +
      '<Size>Large</Size></crate><batch>0f8fad5b-d9cb-469f-a165-70867728950e</batch></Pack>',
    reply:
      '<PackResponse xmlns="urn:partner:crates"><PackResult><Labels><string>a</string><string>b</string></Labels>' +
      '<Size>Large</Size></PackResult></PackResponse>',
    result: { Labels: ['a', 'b'], Size: 'Large' },
  },
  {
    operation: 'Rate',
    input: { weight: 5 },
    request: '<weight xmlns="urn:partner:bare">5</weight>',
    reply: '<RateResult xmlns="urn:example:shapes">Small</RateResult>',
    result: 'Small',
  },
];
