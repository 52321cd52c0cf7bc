import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Exchange } from '../../generator/migrate/exchange.js';
import { harEntry } from '../../generator/migrate/har-recorder.js';
import { parseHar, readHar, recordedReply, recordedRequestBody } from '../../generator/migrate/har.js';
import { Redaction } from '../../generator/migrate/redact.js';

function entry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 3,
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:8080/AuthenticationWebService.asmx',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: 'text/xml; charset=utf-8' }],
      queryString: [],
      postData: { mimeType: 'text/xml; charset=utf-8', text: '<x/>' },
      headersSize: -1,
      bodySize: 4,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: 'text/xml; charset=utf-8' }],
      content: { size: 4, mimeType: 'text/xml; charset=utf-8', text: '<y/>' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 4,
    },
    cache: {},
    timings: { send: 0, wait: 3, receive: 0 },
    _operation: 'GetTerm',
    _binding: 'soap11',
    ...overrides,
  };
}

const har = (...entries: unknown[]) =>
  JSON.stringify({ log: { version: '1.2', creator: { name: 'asmxgen', version: '0.1.0' }, entries } });

function problem(text: string): string {
  try {
    parseHar(text, 'calls.har');
  } catch (error) {
    return (error as Error).message;
  }
  return 'no problem';
}

describe('parseHar', () => {
  it('reads a valid HAR 1.2 file with the custom fields', () => {
    const parsed = parseHar(har(entry(), entry({ _operation: null, _binding: null })), 'calls.har');
    expect(parsed.log.entries).toHaveLength(2);
    expect(parsed.log.entries[0]!._binding).toBe('soap11');
  });

  it('names the file, the place and what is wrong', () => {
    expect(problem('{"log": [1,}')).toMatch(/^calls\.har: 1:12: not valid JSON \(.+\); a HAR file is JSON$/);
    expect(problem('{\n  "log":\n   x}')).toMatch(/^calls\.har: 3:4: not valid JSON/);
    expect(problem('[]')).toBe('calls.har: (top): an array, not an object; a HAR file is a JSON object with a "log"');
    expect(problem(JSON.stringify({ log: { version: '2.0', creator: {}, entries: [] } }))).toBe(
      'calls.har: log.version: "2.0" is not a HAR version asmxgen reads (1.2 or 1.1)',
    );
    expect(problem(JSON.stringify({ log: { version: '1.2', creator: { name: 'x', version: '1' } } }))).toBe(
      'calls.har: log.entries: missing, not an array',
    );
    const noUrl = entry();
    (noUrl.request as Record<string, unknown>).url = '/AuthenticationWebService.asmx';
    expect(problem(har(entry(), noUrl))).toBe(
      'calls.har: log.entries[1].request.url: "/AuthenticationWebService.asmx" is not an absolute http(s) URL; ' +
        'HAR requests name theirs',
    );
    expect(problem(har(entry({ _binding: 'soap13' })))).toBe(
      'calls.har: log.entries[0]._binding: "soap13" is not a binding; one of soap11, soap12, httpGet, httpPost, json, or null',
    );
    const noStatus = entry();
    (noStatus.response as Record<string, unknown>).status = 0;
    expect(problem(har(noStatus))).toBe(
      'calls.har: log.entries[0].response.status: the exchange has no response (status 0): the recording tool got ' +
        'none; remove the entry or record again',
    );
    const noBody = entry();
    (noBody.response as { content: Record<string, unknown> }).content = { size: 120, mimeType: 'text/xml' };
    expect(problem(har(noBody))).toBe(
      'calls.har: log.entries[0].response.content.text: missing: the recording lacks the body (120 bytes) replay ' +
        'compares with; record with asmxgen proxy --record, which keeps every body',
    );
    const badHeader = entry();
    (badHeader.request as Record<string, unknown>).headers = [{ name: 'A' }];
    expect(problem(har(badHeader))).toBe('calls.har: log.entries[0].request.headers[0].value: missing, not a string');
  });

  it('reports a missing file as such', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asmxgen-har-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    await expect(readHar(join(dir, 'none.har'), 'none.har')).rejects.toThrow(
      'none.har: no such file; record one with asmxgen proxy --record FILE.har',
    );
    writeFileSync(join(dir, 'ok.har'), har(entry()));
    expect((await readHar(join(dir, 'ok.har'))).log.entries).toHaveLength(1);
  });

  it('gives a base64 body as bytes', () => {
    const base64 = entry();
    (base64.response as { content: Record<string, unknown> }).content = {
      size: 3,
      mimeType: 'application/octet-stream',
      text: Buffer.from([1, 2, 3]).toString('base64'),
      encoding: 'base64',
    };
    const parsed = parseHar(har(base64), 'calls.har');
    expect(recordedReply(parsed.log.entries[0]!).body).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('gives a recorded request body back as the bytes sent: a file upload that is not UTF-8, and text', () => {
    const upload = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n\r\n'),
      Buffer.from([0xff, 0xfe, 0x00, 0x80, 0xc3]),
      Buffer.from('\r\n--b--\r\n'),
    ]);
    const exchange = (body: Uint8Array, contentType: string): Exchange => ({
      startedAt: new Date(Date.UTC(2026, 0, 1)),
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:8080/Svc.asmx/Upload',
        pathAndQuery: '/Svc.asmx/Upload',
        httpVersion: '1.1',
        headers: [['Content-Type', contentType]],
        body: { bytes: body, size: body.byteLength, truncated: false },
      },
      response: { status: 200, statusText: 'OK', httpVersion: '1.1', headers: [], body: undefined },
      timings: { send: 0, wait: 1, receive: 0 },
      call: undefined,
      servedBy: 'upstream',
    });
    const roundTrip = (body: Uint8Array, contentType: string) => {
      const written = JSON.stringify({
        log: {
          version: '1.2',
          creator: { name: 'asmxgen', version: '0' },
          entries: [harEntry(exchange(body, contentType), new Redaction([]))],
        },
      });
      return parseHar(written, 'calls.har').log.entries[0]!;
    };
    const binary = roundTrip(upload, 'multipart/form-data; boundary=b');
    expect(binary.request.postData?._encoding).toBe('base64');
    expect(recordedRequestBody(binary)).toEqual(new Uint8Array(upload));
    const text = Buffer.from('<x>Zoë 日</x>');
    const plain = roundTrip(text, 'text/xml; charset=utf-8');
    expect(plain.request.postData?.text).toBe('<x>Zoë 日</x>');
    expect(recordedRequestBody(plain)).toEqual(new Uint8Array(text));
  });

  it('refuses a request body encoding it does not know', () => {
    const odd = entry();
    (odd.request as { postData: Record<string, unknown> }).postData = {
      mimeType: 'x/y',
      text: 'AA==',
      _encoding: 'hex',
    };
    expect(() => parseHar(har(odd), 'calls.har')).toThrow(
      'calls.har: log.entries[0].request.postData._encoding: "hex": only "base64" is known',
    );
  });
});
