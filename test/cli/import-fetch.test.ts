/**
 * `import` of what is not a WSDL, as users meet it: a service's HTML help page (told by its media type, or by the
 * document when served as XML or saved to a file), and a URL that never answers (a line on stderr while waiting,
 * a 15 s default timeout, `--timeout`). Against a local node:http server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliProcess, tempDir } from './run-cli.js';

const HELP_PAGE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" ' +
  '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\r\n' +
  '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>TaxService Web Service</title></head>' +
  '<body><div id="content"><p class="heading1">TaxService</p></div></body></html>';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A local server answering every request with `answer` (or never, when it is undefined). */
async function serve(answer?: { type: string; body: string }): Promise<string> {
  const server = createServer((_req, res) => {
    if (!answer) return; // never answers
    res.writeHead(200, { 'content-type': answer.type });
    res.end(answer.body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('import of an HTML page', () => {
  it('a help page (text/html): says what came back and the ?wsdl address, nothing about DOCTYPEs', async () => {
    const base = await serve({ type: 'text/html; charset=utf-8', body: HELP_PAGE });
    const r = await cliProcess(['import', `${base}/1.0/TaxService.asmx`], await tempDir());
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `asmxgen: cannot fetch ${base}/1.0/TaxService.asmx: the server answered an HTML page (text/html), not a ` +
        `WSDL; an ASMX service's WSDL is at its address followed by ?wsdl: ${base}/1.0/TaxService.asmx?wsdl\n`,
    });
  });

  it("an operation's help page (?op=): the ?wsdl address is the service's", async () => {
    const base = await serve({ type: 'text/html', body: HELP_PAGE });
    const r = await cliProcess(['import', `${base}/TaxService.asmx?op=GetRate`], await tempDir());
    expect(r.stderr).toBe(
      `asmxgen: cannot fetch ${base}/TaxService.asmx?op=GetRate: the server answered an HTML page (text/html), ` +
        `not a WSDL; an ASMX service's WSDL is at its address followed by ?wsdl: ${base}/TaxService.asmx?wsdl\n`,
    );
    expect(r.code).toBe(2);
  });

  it('an HTML page served as XML, at ?wsdl: judged by the document', async () => {
    const base = await serve({ type: 'text/xml', body: HELP_PAGE });
    const r = await cliProcess(['import', `${base}/TaxService.asmx?wsdl`], await tempDir());
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `asmxgen: cannot import ${base}/TaxService.asmx?wsdl: the server answered an HTML page, not a WSDL; the ` +
        'service answered a page instead of its WSDL (an error or sign-in page?); open the URL in a browser\n',
    });
  });

  it('a saved HTML file', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'TaxService.html'), HELP_PAGE);
    expect(await cliProcess(['import', 'TaxService.html'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "asmxgen: cannot import TaxService.html: it is an HTML page, not a WSDL; import the service's WSDL " +
        'instead: its address followed by ?wsdl (a URL, or the file it serves)\n',
    });
  });
});

describe('a URL that never answers', () => {
  it('says what it waits for after 2 s, and gives up after --timeout seconds', async () => {
    const base = await serve();
    const url = `${base}/TaxService.asmx?wsdl`;
    const started = Date.now();
    const r = await cliProcess(['import', url, '--timeout', '3'], await tempDir(), { timeoutMs: 20_000 });
    const took = Date.now() - started;
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `asmxgen: waiting for ${url} (timeout 3 s, --timeout to change)\n` +
        `asmxgen: cannot fetch ${url}: no complete answer within 3 s (--timeout SECONDS waits longer)\n`,
    });
    expect(took).toBeGreaterThanOrEqual(3000);
    expect(took).toBeLessThan(10_000);
  });

  it('diff takes --timeout too; --quiet leaves out the waiting line', async () => {
    const base = await serve();
    const url = `${base}/TaxService.asmx?wsdl`;
    const r = await cliProcess(['diff', url, url, '--timeout', '2.5', '--quiet'], await tempDir(), {
      timeoutMs: 20_000,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `asmxgen: cannot fetch the old URL ${url}: no complete answer within 2500 ms (--timeout SECONDS waits longer)\n`,
    );
  });

  it('the default is 15 s, and --timeout must be a number of seconds', async () => {
    const dir = await tempDir();
    expect((await cliProcess(['import', '--help'], dir)).stdout).toMatch(
      /--timeout +For a URL: how many seconds it may take to answer, body included\s+\[number\] \[default: 15\]/,
    );
    const bad = await cliProcess(['import', 'x.wsdl', '--timeout', 'soon'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^asmxgen: --timeout is not a number of seconds above 0 and up to 3600 \(e\.g\. 60\)\n/);
    const zero = await cliProcess(['import', 'x.wsdl', '--timeout', '0'], dir);
    expect(zero.stderr).toMatch(/^asmxgen: --timeout 0 is not a number of seconds above 0 and up to 3600/);
  });
});
