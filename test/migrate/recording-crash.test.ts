/**
 * The recording is written as the proxy goes and survives any stop: after each exchange the file is a valid HAR
 * holding it; `asmxgen proxy` killed with SIGKILL under concurrent load leaves a HAR that `asmxgen replay` reads
 * with every exchange a caller saw finish; a recording cut at any byte (a write cut short) is completed to the
 * entries that were whole.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeRecording } from '../../generator/migrate/complete-recording.js';
import type { Exchange } from '../../generator/migrate/exchange.js';
import { HarRecorder } from '../../generator/migrate/har-recorder.js';
import { parseHar } from '../../generator/migrate/har.js';
import { Redaction } from '../../generator/migrate/redact.js';
import { harFileEntries } from '../../generator/migrate/stream-har.js';
import { cli, startCliServer, tempDir } from '../cli/run-cli.js';

const PATH = '/AuthenticationWebService.asmx';

/** An upstream that answers at once, each reply naming the request (no Date: replies compare alike on replay). */
let upstream: http.Server;
let upstreamUrl = '';
beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.sendDate = false;
      const body = `<?xml version="1.0" encoding="utf-8"?>\r\n<string xmlns="App.WebService">${req.url}</string>`;
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => {
  upstream.closeAllConnections();
  upstream.close();
});

function exchange(id: number): Exchange {
  const body = new TextEncoder().encode(`<GetTerm xmlns="App.WebService"><requestJson>${id}</requestJson></GetTerm>`);
  const reply = new TextEncoder().encode(`<r>${'x'.repeat(id * 37)}</r>`);
  return {
    startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, id)),
    request: {
      method: 'POST',
      url: `http://127.0.0.1:8080${PATH}?id=${id}`,
      pathAndQuery: `${PATH}?id=${id}`,
      httpVersion: 'HTTP/1.1',
      headers: [['Content-Type', 'text/xml; charset=utf-8']],
      body: { bytes: body, size: body.byteLength, truncated: false },
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [['Content-Type', 'text/xml; charset=utf-8']],
      body: { bytes: reply, size: reply.byteLength, truncated: false },
    },
    timings: { send: 0, wait: 1, receive: 0 },
    call: { operation: 'GetTerm', binding: 'soap11' },
    servedBy: 'upstream',
  } as Exchange;
}

describe('the recording, written as the proxy goes', () => {
  it('is a valid HAR after each exchange, holding every exchange so far', async () => {
    const file = join(await tempDir(), 'calls.har');
    const recorder = await HarRecorder.start(file, '0.1.0', new Redaction([]), () => undefined);
    expect(parseHar(readFileSync(file, 'utf8'), file).log.entries).toEqual([]);
    for (let id = 0; id < 5; id++) {
      await recorder.add(exchange(id));
      const { log } = parseHar(readFileSync(file, 'utf8'), file);
      expect(log.entries.map((e) => e.request.url)).toEqual(
        Array.from({ length: id + 1 }, (_, n) => `http://127.0.0.1:8080${PATH}?id=${n}`),
      );
    }
    // Exchanges that end together share a write, and come out whole.
    await Promise.all([5, 6, 7].map((id) => recorder.add(exchange(id))));
    await recorder.close();
    expect(parseHar(readFileSync(file, 'utf8'), file).log.entries).toHaveLength(8);
    expect(recorder.count).toBe(8);
  });

  it('cut at any byte, is completed to the entries that were whole', async () => {
    const dir = await tempDir();
    const file = join(dir, 'calls.har');
    const recorder = await HarRecorder.start(file, '0.1.0', new Redaction([]), () => undefined);
    for (let id = 0; id < 4; id++) await recorder.add(exchange(id));
    await recorder.close();
    const whole = readFileSync(file);
    const entries = parseHar(whole.toString('utf8'), file).log.entries;
    // Where each entry's text ends: an entry is kept when the cut leaves it whole.
    const ends: number[] = [];
    for (let at = whole.indexOf('\n      }'); at !== -1; at = whole.indexOf('\n      }', at + 1)) ends.push(at + 8);
    expect(ends).toHaveLength(4);
    const cut = join(dir, 'cut.har');
    expect(await completeRecording(file)).toBe('complete');
    // Every byte around the start of the entries and each entry's end, and a byte in 29 elsewhere.
    const opened = whole.indexOf('"entries": [') + '"entries": ['.length;
    const sizes = new Set<number>();
    for (const mark of [opened, ...ends]) for (let d = -12; d <= 12; d++) sizes.add(mark + d);
    for (let size = 0; size < whole.byteLength; size += 29) sizes.add(size);
    for (const size of [...sizes].filter((s) => s >= 0 && s < whole.byteLength)) {
      writeFileSync(cut, whole.subarray(0, size));
      const state = await completeRecording(cut);
      const kept = ends.filter((end) => end <= size).length;
      if (size < opened) {
        // Not yet a recording of asmxgen's: left as it is, for the reader to name.
        expect([state, readFileSync(cut).byteLength]).toEqual(['complete', size]);
        continue;
      }
      // Only the line break after the closing missing: a complete HAR as it is.
      const closed = size >= whole.toString('latin1').trimEnd().length;
      expect(state, `cut at ${size}`).toBe(closed ? 'complete' : 'completed');
      expect(parseHar(readFileSync(cut, 'utf8'), cut).log.entries, `cut at ${size}`).toEqual(entries.slice(0, kept));
    }
    // replay completes a cut recording itself, says so, and replays the whole entries.
    writeFileSync(cut, whole.subarray(0, ends[2]! - 40));
    const replayed = await cli('replay', cut, '--against', upstreamUrl);
    expect(replayed.stderr).toBe(
      `asmxgen: ${cut} was cut off while being recorded; completed it with every whole entry it holds\n`,
    );
    expect(replayed.stdout).toContain(`2 exchanges: 0 same, 2 different, 0 errors (${cut} against ${upstreamUrl})`);
    expect(parseHar(readFileSync(cut, 'utf8'), cut).log.entries).toEqual(entries.slice(0, 2));
  });

  it('asmxgen proxy killed with SIGKILL under load: replay reads every exchange a caller saw finish', async () => {
    const har = join(await tempDir(), 'calls.har');
    const proxy = await startCliServer(
      ['proxy', '--upstream', upstreamUrl, '--record', har, '--port', '0'],
      /proxying \w+ at (http:\/\/[^/\s]+)/,
    );
    const base = new URL(proxy.address).origin;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const finished = new Set<number>();
    let next = 0;
    let killed = false;
    const call = (id: number) =>
      new Promise<void>((resolve) => {
        const soap = id % 2 === 0;
        const target = soap ? `${PATH}?id=${id}` : `${PATH}/GetTerm?requestJson=${id}`;
        const body = soap ? `<GetTerm xmlns="App.WebService"><requestJson>${id}</requestJson></GetTerm>` : undefined;
        const req = http.request(
          `${base}${target}`,
          {
            method: soap ? 'POST' : 'GET',
            agent,
            headers: soap ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"App.WebService/GetTerm"' } : {},
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => {
              if (res.complete && text.endsWith(`>${target}</string>`)) finished.add(id);
              resolve();
            });
            res.on('error', () => resolve());
          },
        );
        req.on('error', () => resolve());
        req.end(body);
      });
    const client = async () => {
      while (!killed) await call(next++);
    };
    const clients = Array.from({ length: 8 }, client);
    while (finished.size < 300) await new Promise((resolve) => setTimeout(resolve, 5));
    proxy.child.kill('SIGKILL');
    killed = true;
    await Promise.all(clients);
    agent.destroy();
    await proxy.exited;

    const replayed = await cli('replay', har, '--against', upstreamUrl, '--format', 'json');
    expect(replayed.stderr).not.toContain('Error');
    const report = JSON.parse(replayed.stdout) as { summary: { total: number; same: number } };
    expect(replayed.code).toBe(0);
    expect(report.summary.same).toBe(report.summary.total);
    const recorded = new Set<number>();
    for await (const entry of harFileEntries(har))
      recorded.add(Number(/(?:id|requestJson)=(\d+)$/.exec(entry.request.url)![1]));
    expect([...finished].filter((id) => !recorded.has(id))).toEqual([]);
    expect(recorded.size).toBe(report.summary.total);
    // Nothing recorded twice, and nothing that was never sent.
    expect(Math.max(...recorded)).toBeLessThan(next);
    expect(parseHar(await readFile(har, 'utf8'), har).log.entries).toHaveLength(report.summary.total);
  }, 60_000);
});
