/**
 * The recorder writes an entry's text straight from the exchange (`harEntryText`); it must be the bytes of the
 * entry object (`harEntry`) stringified in the recording's layout (`recordedEntryText`), which `replay`,
 * `completeRecording` and other HAR readers rely on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../generator/migrate/exchange.js';
import { harEntry, harEntryText, recordedEntryText } from '../../generator/migrate/har-recorder.js';
import { Redaction } from '../../generator/migrate/redact.js';

const encoder = new TextEncoder();
const body = (bytes: Uint8Array, truncatedTo?: number) => ({
  bytes: truncatedTo === undefined ? bytes : bytes.subarray(0, truncatedTo),
  size: bytes.byteLength,
  truncated: truncatedTo !== undefined,
});

function exchange(overrides: Partial<Exchange> = {}): Exchange {
  const envelope = encoder.encode(
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
      '<soap:Body><Authenticate xmlns="http://tempuri.org/"><password>s3cr"et</password></Authenticate></soap:Body>' +
      '</soap:Envelope>',
  );
  return {
    startedAt: new Date(Date.UTC(2026, 10, 28, 15, 0, 0, 123)),
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:8080/AuthenticationWebService.asmx?a=1&token=x',
      pathAndQuery: '/AuthenticationWebService.asmx?a=1&token=x',
      httpVersion: 'HTTP/1.1',
      headers: [
        ['Host', '127.0.0.1:8080'],
        ['Content-Type', 'text/xml; charset=utf-8'],
        ['SOAPAction', '"http://tempuri.org/Authenticate"'],
        ['Token', 'abc'],
      ],
      body: body(envelope),
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [
        ['Content-Type', 'text/xml; charset=utf-8'],
        ['Location', '/elsewhere'],
      ],
      body: body(envelope),
    },
    timings: { send: 0.0123456, wait: 1.5, receive: 0.25 },
    call: { operation: 'Authenticate', binding: 'soap11' },
    servedBy: 'upstream',
    ...overrides,
  };
}

const both = (x: Exchange, redaction: Redaction) => [
  harEntryText(x, redaction),
  recordedEntryText(harEntry(x, redaction)),
];

describe('harEntryText', () => {
  const plain = new Redaction([]);
  const redacting = new Redaction(['password', 'token']);
  const binary = new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0xc3]);
  const form = encoder.encode('user=al%20ice&password=x&empty=&json=%7B%22token%22%3A1%7D');
  const cases: Record<string, Exchange> = {
    'a SOAP call': exchange(),
    'no request body, no reply kept, no call': exchange({
      request: { ...exchange().request, method: 'GET', body: body(new Uint8Array()) },
      response: { ...exchange().response, headers: [], body: undefined },
      call: undefined,
      servedBy: 'local',
    }),
    'the proxy’s own reply': exchange({
      response: { ...exchange().response, status: 502, statusText: 'Bad Gateway' },
      error: 'http://127.0.0.1:1 did not answer: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:1',
      timings: { send: Number.NaN, wait: 0, receive: 0 },
    }),
    'bodies that are not UTF-8, cut short': exchange({
      request: {
        ...exchange().request,
        headers: [['Content-Type', 'application/octet-stream']],
        body: body(binary, 3),
      },
      response: { ...exchange().response, headers: [], body: body(binary) },
    }),
    'a form': exchange({
      request: {
        ...exchange().request,
        headers: [['Content-Type', 'application/x-www-form-urlencoded']],
        body: body(form, 30),
      },
      call: { operation: 'Authenticate', binding: 'httpPost' },
    }),
    'an empty form': exchange({
      request: {
        ...exchange().request,
        headers: [['content-type', 'application/x-www-form-urlencoded']],
        body: body(encoder.encode('=')),
      },
    }),
  };
  for (const [name, x] of Object.entries(cases)) {
    it(`writes the bytes of the entry object: ${name}`, () => {
      const [text, reference] = both(x, plain);
      expect(text).toBe(reference);
      const [redactedText, redactedReference] = both(x, redacting);
      expect(redactedText).toBe(redactedReference);
    });
  }

  it('writes the bytes of the entry object for any texts the exchange holds', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(
        fc.record({
          method: text,
          url: text,
          headers: fc.array(fc.tuple(text, text), { maxLength: 4 }),
          requestBody: fc.uint8Array({ maxLength: 40 }),
          replyBody: fc.option(fc.uint8Array({ maxLength: 40 }), { nil: undefined }),
          status: fc.integer({ min: 100, max: 599 }),
          statusText: text,
          time: fc.double(),
          operation: fc.option(text, { nil: undefined }),
          error: fc.option(text, { nil: undefined }),
        }),
        (v) => {
          const x = exchange({
            request: {
              ...exchange().request,
              method: v.method,
              url: `http://h/${v.url}`,
              headers: v.headers,
              body: body(v.requestBody),
            },
            response: {
              status: v.status,
              statusText: v.statusText,
              httpVersion: 'HTTP/1.0',
              headers: v.headers,
              body: v.replyBody && body(v.replyBody),
            },
            timings: { send: v.time, wait: 1, receive: 2 },
            call: v.operation === undefined ? undefined : { operation: v.operation, binding: 'soap12' },
            ...(v.error !== undefined && { error: v.error }),
          });
          const [written, reference] = both(x, redacting);
          expect(written).toBe(reference);
        },
      ),
      { numRuns: 300 },
    );
  });
});
