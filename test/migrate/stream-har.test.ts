/**
 * Reading a HAR file without holding it (`stream-har.ts`): the same entries as JSON.parse of the whole file however
 * the bytes arrive, and the same problems named in the same words as `parseHar`, by `line:column` and JSON path.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHar } from '../../generator/migrate/har.js';
import { checkHarFile, harFileEntries, HarScanner } from '../../generator/migrate/stream-har.js';
import { tempDir } from '../cli/run-cli.js';

function entry(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: n,
    request: {
      method: 'POST',
      url: `http://127.0.0.1:8080/AuthenticationWebService.asmx?n=${n}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: 'text/xml; charset=utf-8' }],
      queryString: [],
      // Quotes, escapes, brackets and braces in strings, and text that is not ASCII.
      postData: { mimeType: 'text/xml', text: `<x a="}]\\\\">{[${n}]} Zoë 日 \u2028 "\\" ` },
      headersSize: -1,
      bodySize: 4,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: 4, mimeType: 'text/xml; charset=utf-8', text: '<y/>' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 4,
    },
    cache: {},
    timings: { send: 0, wait: n, receive: 0 },
    _operation: 'GetTerm',
    _binding: 'soap11',
    ...overrides,
  };
}

const har = (entries: unknown[], space?: number) =>
  JSON.stringify(
    { log: { pages: [{ id: 'p' }], version: '1.2', creator: { name: 'asmxgen', version: '0.1.0' }, entries } },
    null,
    space,
  );

/** The entries the scanner hands out when the text arrives in pieces of `size` bytes. */
function scanInPieces(text: string, size: number): unknown[] {
  const found: unknown[] = [];
  const scanner = new HarScanner('calls.har', { entry: (value) => found.push(value) });
  const bytes = Buffer.from(`\ufeff${text}`);
  for (let at = 0; at < bytes.byteLength; at += size) scanner.push(bytes.subarray(at, at + size));
  scanner.end();
  return found;
}

async function problems(text: string): Promise<[string, string]> {
  const file = join(await tempDir(), 'calls.har');
  writeFileSync(file, text);
  const streamed = await checkHarFile(file, 'calls.har').then(
    () => 'no problem',
    (error: Error) => error.message,
  );
  let whole = 'no problem';
  try {
    parseHar(text, 'calls.har');
  } catch (error) {
    whole = (error as Error).message;
  }
  // JSON.parse's own words quote the text it was given, which is the whole file or one value of it.
  const words = (message: string) => message.replace(/not valid JSON \(.*\);/s, 'not valid JSON (…);');
  return [words(streamed), words(whole)];
}

describe('reading a HAR file as a stream', () => {
  it('hands out the entries JSON.parse finds, whatever the pieces the bytes come in, compact or indented', () => {
    const entries = Array.from({ length: 7 }, (_, n) => entry(n));
    for (const space of [undefined, 2, 4]) {
      const text = har(entries, space);
      for (const size of [1, 2, 3, 7, 64, 1000, 1 << 20]) expect(scanInPieces(text, size)).toEqual(entries);
    }
    expect(scanInPieces(har([]), 5)).toEqual([]);
  });

  it('checks a file once through, counting its entries, then reads them again one at a time', async () => {
    const file = join(await tempDir(), 'calls.har');
    const entries = Array.from({ length: 3000 }, (_, n) => entry(n));
    writeFileSync(file, har(entries, 2));
    expect(await checkHarFile(file)).toBe(3000);
    const read = [];
    for await (const one of harFileEntries(file)) read.push(one);
    expect(read).toEqual(entries);
  });

  it('names every problem as parseHar does: JSON syntax by line:column, the rest by JSON path', async () => {
    const noUrl = entry(1);
    (noUrl.request as Record<string, unknown>).url = '/AuthenticationWebService.asmx';
    const noStatus = entry(2);
    (noStatus.response as Record<string, unknown>).status = 0;
    const cases = [
      '{"log": [1,}',
      '{\n  "log":\n   x}',
      '{"log": ',
      '{"log": {"version": "1.2", "entries": [{"a": 1}, {"b": tru}]}}',
      '{"log": {"version": "1.2"}} x',
      '{"log" {}}',
      '[]',
      '"a HAR"',
      '{}',
      '{"log": 3}',
      JSON.stringify({ log: { version: '2.0', creator: {}, entries: [] } }),
      JSON.stringify({ log: { version: '1.2', creator: { name: 'x', version: '1' } } }),
      JSON.stringify({ log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: {} } }),
      har([entry(0), noUrl, noStatus]),
      har([entry(0), noUrl], 2),
      // An entry that is wrong and a log member after it that is too: the log's problem is named first.
      JSON.stringify({ log: { creator: { name: 'x', version: '1' }, entries: [noUrl], version: '3' } }),
      har([entry(0)], 2),
    ];
    for (const text of cases) {
      const [streamed, whole] = await problems(text);
      expect(streamed, text).toBe(whole);
    }
    expect((await problems('{"log": [1,}'))[0]).toBe('calls.har: 1:12: not valid JSON (…); a HAR file is JSON');
    expect((await problems(har([entry(0), noUrl, noStatus])))[0]).toBe(
      'calls.har: log.entries[1].request.url: "/AuthenticationWebService.asmx" is not an absolute http(s) URL; ' +
        'HAR requests name theirs',
    );
  });

  it('names a missing file as readHar does', async () => {
    const dir = await tempDir();
    await expect(checkHarFile(join(dir, 'none.har'), 'none.har')).rejects.toThrow(
      'none.har: no such file; record one with asmxgen proxy --record FILE.har',
    );
    await expect(checkHarFile(dir, 'dir')).rejects.toThrow('dir: a folder, not a HAR file');
  });
});
