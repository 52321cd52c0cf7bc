/** `asmxgen replay`'s usage errors (exit 2) and exchanges that get no reply (exit 1), with no peer needed. */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../cli/run-cli.js';

function harWith(url: string): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'asmxgen', version: '0.1.0' },
      entries: [
        {
          startedDateTime: '2026-01-01T00:00:00.000Z',
          time: 1,
          request: {
            method: 'GET',
            url,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: [],
            queryString: [],
            headersSize: -1,
            bodySize: 0,
          },
          response: {
            status: 200,
            statusText: 'OK',
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: [],
            content: { size: 0, mimeType: '' },
            redirectURL: '',
            headersSize: -1,
            bodySize: 0,
          },
          cache: {},
          timings: { send: 0, wait: 1, receive: 0 },
          _operation: 'GetTerm',
          _binding: 'httpGet',
        },
      ],
    },
  });
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('asmxgen replay: usage errors exit 2', () => {
  it('without --against, with an endpoint for a base URL, with a bad concurrency', async () => {
    const dir = await tempDir();
    const har = join(dir, 'calls.har');
    writeFileSync(har, harWith('http://legacy:80/AuthenticationWebService.asmx/GetTerm'));
    const missing = await cli('replay', har);
    expect([missing.code, missing.stdout]).toEqual([2, '']);
    expect(missing.stderr).toBe(
      'asmxgen: Missing required argument: against\nRun `asmxgen replay --help` for its options.\n',
    );
    const endpoint = await cli('replay', har, '--against', 'http://127.0.0.1:8080/AuthenticationWebService.asmx');
    expect(endpoint.code).toBe(2);
    expect(endpoint.stderr).toBe(
      'asmxgen: --against "http://127.0.0.1:8080/AuthenticationWebService.asmx" names an endpoint; give the base ' +
        'URL it is served under (e.g. http://127.0.0.1:8080): replay keeps each recorded path\n' +
        'Run `asmxgen replay --help` for its options.\n',
    );
    const notUrl = await cli('replay', har, '--against', 'localhost');
    expect(notUrl.stderr).toContain('asmxgen: --against "localhost" is not a URL; give scheme, host and port');
    const concurrency = await cli('replay', har, '--against', 'http://127.0.0.1:1', '--concurrency', '0');
    expect(concurrency.code).toBe(2);
    expect(concurrency.stderr).toContain('asmxgen: --concurrency 0 must be a whole number from 1 to 256');
    const format = await cli('replay', har, '--against', 'http://127.0.0.1:1', '--format', 'xml');
    expect(format.code).toBe(2);
  });

  it('for a missing or invalid HAR file, naming the file, the place and what is wrong', async () => {
    const dir = await tempDir();
    const missing = await cli('replay', join(dir, 'none.har'), '--against', 'http://127.0.0.1:1');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `asmxgen: ${join(dir, 'none.har')}: no such file; record one with asmxgen proxy --record FILE.har\n`,
    );
    const bad = join(dir, 'bad.har');
    writeFileSync(bad, harWith('/relative'));
    const invalid = await cli('replay', bad, '--against', 'http://127.0.0.1:1');
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toBe(
      `asmxgen: ${bad}: log.entries[0].request.url: "/relative" is not an absolute http(s) URL; HAR requests name ` +
        'theirs\n',
    );
    writeFileSync(bad, '{"log": ');
    const truncated = await cli('replay', bad, '--against', 'http://127.0.0.1:1');
    expect(truncated.code).toBe(2);
    expect(truncated.stderr).toMatch(/^asmxgen: .*bad\.har: 1:9: not valid JSON \(.+\); a HAR file is JSON\n$/);
  });
});

describe('asmxgen replay: an exchange without a reply', () => {
  it('is an error, named in every format, exit 1', async () => {
    const dir = await tempDir();
    const har = join(dir, 'calls.har');
    writeFileSync(har, harWith('http://legacy:80/AuthenticationWebService.asmx/GetTerm?requestJson=x'));
    const port = await closedPort();
    const against = `http://127.0.0.1:${port}`;
    const text = await cli('replay', har, '--against', against);
    expect(text.code).toBe(1);
    expect(text.stdout).toBe(
      'error  entries[0]  GetTerm httpGet  GET /AuthenticationWebService.asmx/GetTerm?requestJson=x\n' +
        `  connection refused by 127.0.0.1:${port}: is the service running there?\n` +
        `1 exchange: 0 same, 0 different, 1 error (${har} against ${against})\n`,
    );
    const json = await cli('replay', har, '--against', against, '--format', 'json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({
      har,
      against,
      summary: { total: 1, same: 0, different: 0, errors: 1 },
      results: [
        {
          index: 0,
          operation: 'GetTerm',
          binding: 'httpGet',
          request: 'GET /AuthenticationWebService.asmx/GetTerm?requestJson=x',
          outcome: 'error',
          differences: [],
          error: `connection refused by 127.0.0.1:${port}: is the service running there?`,
        },
      ],
    });
    const markdown = await cli('replay', har, '--against', against, '--format', 'markdown');
    expect(markdown.stdout.trimEnd().split('\n').at(-1)).toBe(
      '| 0 | GetTerm | httpGet | `GET /AuthenticationWebService.asmx/GetTerm?requestJson=x` | **error** | ' +
        `connection refused by 127.0.0.1:${port}: is the service running there? |`,
    );
  });
});
