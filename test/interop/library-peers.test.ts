/**
 * Real SOAP stacks echo Library's values (`../shared/wsdl-corpus/Library.asmx`) through a server and get them
 * back equal, each comparing whole values as it writes them itself:
 *
 * - Mono's `wsdl` proxies for the four protocols, compiled with `mcs` (`dotnet/LibraryEcho.cs`);
 * - Python's zeep on the SOAP 1.1 and 1.2 ports (`zeep/library_echo.py`);
 * - a gSOAP C++ proxy from `wsdl2h` + `soapcpp2`, built with g++ (`gsoap/library_echo.cpp`).
 *
 * Each harness runs against the real ASMX runtime serving Library.asmx, which proves the harness and its
 * expectations, and against every other server listed in `TARGETS`: the generated Library server (the golden
 * scenario's spec), served as a user serves it, `asmxgen serve --spec … --impl …` in a child process, with handlers
 * that do what the C# does (`library-handlers/library-echo.ts`). Proxies are made from the WSDL the server serves, in
 * a fresh temporary folder each run; so each target must first serve the reference WSDL byte for byte (what the
 * real runtime serves), and bind HTTP GET/POST enum parameters as the runtime does.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../shared-files.js';
import { requireProgram, type ProgramCheck } from './require-program.js';
import { describeRun, runMonoProgram, runProgram } from './run-program.js';
import { sharedAsmxHost, startSharedAsmxHost } from './shared-asmx-host.js';

const mono = requireProgram({
  what: "Mono's wsdl, mcs and mono with System.Web.Services",
  packages: 'mono-devel',
  programs: ['/usr/bin/mono', '/usr/bin/wsdl', '/usr/bin/mcs'],
  files: ['/usr/lib/mono/4.5/System.Web.Services.dll', '/usr/lib/mono/4.5/System.EnterpriseServices.dll'],
});
const zeep = requireProgram({
  what: 'Python 3 with zeep at /usr/bin/python3',
  packages: 'python3-zeep',
  programs: ['/usr/bin/python3'],
  probe: ['/usr/bin/python3', '-c', 'import zeep'],
});
const gsoap = requireProgram({
  what: "gSOAP's wsdl2h and soapcpp2 with its C++ library, and g++",
  packages: 'gsoap libgsoap-dev g++',
  programs: ['/usr/bin/wsdl2h', '/usr/bin/soapcpp2', '/usr/bin/g++'],
  files: ['/usr/include/stdsoap2.h', '/usr/share/gsoap/import/stlvector.h'],
});

interface Target {
  /** For the test names. */
  readonly name: string;
  /** What the target needs on this machine. */
  readonly available: ProgramCheck;
  /** Starts the server; resolves to the Library endpoint's URL and a stop function. */
  start(): Promise<{ endpoint: string; stop(): Promise<void> | void }>;
}

const ROOT = join(import.meta.dirname, '..', '..');

/** The generated server needs nothing but the Node running the tests. */
const always: ProgramCheck = { available: true, reason: '', need() {} };

/**
 * `node bin/asmxgen.js serve --spec SPEC --impl IMPL --port 0` in the repository's root (the built CLI, as a user
 * runs it, paths relative to the root): resolves once it names the address it listens on; stopping it sends
 * SIGTERM and waits for its exit.
 */
async function serveWithCli(spec: string, impl: string): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/asmxgen.js'), 'serve', '--spec', spec, '--impl', impl, '--port', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail('did not start within 60 s'), 60_000);
    const poll = setInterval(() => {
      const match = /serving \w+ at (http:\S+)/.exec(output);
      if (match) {
        stopWaiting();
        resolve(match[1]!);
      }
    }, 50);
    void exited.then(() => fail(`exited with code ${child.exitCode}`));
    function stopWaiting() {
      clearInterval(poll);
      clearTimeout(timer);
    }
    function fail(why: string) {
      stopWaiting();
      child.kill('SIGTERM');
      reject(new Error(`asmxgen serve --spec ${spec} --impl ${impl} ${why}:\n${output}`));
    }
  });
  return {
    endpoint,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

const TARGETS: readonly Target[] = [
  {
    name: 'the real ASMX runtime',
    available: sharedAsmxHost,
    async start() {
      const host = await startSharedAsmxHost(sharedFile('wsdl-corpus'));
      return { endpoint: `${host.baseUrl}/Library.asmx`, stop: () => host.stop() };
    },
  },
  {
    name: 'the generated Library server (asmxgen serve)',
    available: always,
    start: () => serveWithCli('test/golden/library/spec.yaml', 'test/interop/library-handlers/library-echo.ts'),
  },
];

/** `wsdl -protocol:` values; the harness's calls for SOAP or for the HTTP bindings. */
const PROTOCOLS = [
  ['SOAP', 'SOAP'],
  ['SOAP12', 'SOAP'],
  ['HttpGet', 'HTTP'],
  ['HttpPost', 'HTTP'],
] as const;

/** The harness's lines: every check printed `ok`, and the summary line says how many. */
function expectAllOk(stdout: string, checks: number, detail: string): void {
  const lines = stdout.trim().split('\n');
  expect(lines.at(-1), detail).toBe(`echoes: ${checks} ok, 0 failed`);
  expect(lines.filter((line) => line.endsWith(' ok')).length, detail).toBe(checks);
}

describe.each(TARGETS)('real SOAP stacks echo Library values through $name', (target) => {
  let server: { endpoint: string; stop(): Promise<void> | void } | undefined;
  let workDir: string;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'asmxgen-library-peers-'));
    if (target.available.available) server = await target.start();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it("serves Library.wsdl byte for byte (the real runtime's), its addresses naming the endpoint", async (ctx) => {
    target.available.need(ctx);
    // ../shared/wsdl-corpus/Library.wsdl is what the real runtime serves when asked at http://localhost:8080.
    const expected = readFileSync(sharedFile('wsdl-corpus/Library.wsdl'), 'utf8').replaceAll(
      'http://localhost:8080/Library.asmx',
      server!.endpoint,
    );
    const wsdl = await fetch(`${server!.endpoint}?wsdl`);
    expect(wsdl.status).toBe(200);
    expect(wsdl.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(await wsdl.text()).toBe(expected);
  });

  it('binds enum parameters over HTTP GET and POST as Enum.Parse does: C# names, flags joined by commas', async (ctx) => {
    target.available.need(ctx);
    const ns = 'xmlns="urn:example:library"';
    const genres = await fetch(`${server!.endpoint}/EchoGenres?genres=Poetry&genres=NonFiction&genres=%200%20`);
    expect(genres.status).toBe(200);
    expect(genres.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(await genres.text()).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<ArrayOfGenre xmlns:xsd="http://www.w3.org/2001/XMLSchema" ' +
        `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ${ns}>\n  <Genre>Poetry</Genre>\n` +
        '  <Genre>non-fiction</Genre>\n  <Genre>Fiction</Genre>\n</ArrayOfGenre>',
    );
    const post = (format: string) =>
      fetch(`${server!.endpoint}/EchoFormat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ format }).toString(),
      });
    for (const [sent, received] of [
      ['Hardcover, Audio', 'Hardcover Audio'],
      ['Audio,Hardcover', 'Hardcover Audio'],
      ['5', 'Hardcover Audio'],
      ['0', 'None'],
    ]) {
      const reply = await post(sent!);
      expect(reply.status, sent).toBe(200);
      expect(await reply.text(), sent).toBe(
        `<?xml version="1.0" encoding="utf-8"?>\n<Format ${ns}>${received}</Format>`,
      );
    }
    // XmlSerializer's names are not Enum.Parse's: a plain-text error naming the value.
    for (const [sent, why] of [
      ['non-fiction', 'Requested value &#39;non-fiction&#39; was not found.'],
      ['Hardcover Audio', 'Requested value &#39;Hardcover Audio&#39; was not found.'],
      ['', 'Must specify valid information for parsing in the string.'],
    ]) {
      const reply = await post(sent!);
      expect(reply.status, sent).toBe(500);
      expect(reply.headers.get('content-type'), sent).toBe('text/plain; charset=utf-8');
      const second = (await reply.text()).split(/\r?\n/)[1];
      expect(second, sent).toMatch(/^Parameter name: type ---> /);
      expect(second?.endsWith(why!), `${sent}: ${second}`).toBe(true);
    }
  });

  it.for(PROTOCOLS)(
    "Mono's wsdl proxy for %s echoes every value intact",
    { timeout: 180_000 },
    async ([protocol, calls], ctx) => {
      target.available.need(ctx);
      mono.need(ctx);
      const dir = mkdtempSync(join(workDir, `mono-${protocol}-`));
      const made = await runProgram(
        '/usr/bin/wsdl',
        ['-nologo', `-protocol:${protocol}`, '-namespace:P', '-out:P.cs', `${server!.endpoint}?wsdl`],
        { cwd: dir },
      );
      expect(made.code, describeRun(made)).toBe(0);
      const compiled = await runProgram(
        '/usr/bin/mcs',
        [
          '-nologo',
          `-define:${calls}`,
          '-r:System.Web.Services.dll',
          '-r:System.EnterpriseServices.dll',
          '-r:System.Xml.dll',
          '-out:LibraryEcho.exe',
          join(import.meta.dirname, 'dotnet', 'LibraryEcho.cs'),
          'P.cs',
        ],
        { cwd: dir },
      );
      expect(compiled.code, describeRun(compiled)).toBe(0);
      const run = await runMonoProgram(['LibraryEcho.exe', server!.endpoint], {
        cwd: dir,
        timeoutMs: 120_000,
      });
      expect(run.code, describeRun(run)).toBe(0);
      expectAllOk(run.stdout, calls === 'SOAP' ? 21 : 7, describeRun(run));
    },
  );

  it('zeep echoes every value intact on the SOAP 1.1 and 1.2 ports', async (ctx) => {
    target.available.need(ctx);
    zeep.need(ctx);
    const script = join(import.meta.dirname, 'zeep', 'library_echo.py');
    const run = await runProgram('/usr/bin/python3', [script, `${server!.endpoint}?wsdl`], { timeoutMs: 120_000 });
    expect(run.code, describeRun(run)).toBe(0);
    expectAllOk(run.stdout, 20, describeRun(run));
  }, 180_000);

  it('a gSOAP C++ proxy echoes every value intact', async (ctx) => {
    target.available.need(ctx);
    gsoap.need(ctx);
    const dir = mkdtempSync(join(workDir, 'gsoap-'));
    const wsdl = await fetch(`${server!.endpoint}?wsdl`);
    expect(wsdl.status).toBe(200);
    writeFileSync(join(dir, 'Library.wsdl'), await wsdl.text());
    const steps: [string, string[]][] = [
      ['/usr/bin/wsdl2h', ['-o', 'library.h', 'Library.wsdl']],
      ['/usr/bin/soapcpp2', ['-C', '-j', '-2', '-I/usr/share/gsoap/import', 'library.h']],
      [
        '/usr/bin/g++',
        [
          '-O0',
          '-w',
          '-o',
          'library_echo',
          '-I.',
          join(import.meta.dirname, 'gsoap', 'library_echo.cpp'),
          'soapC.cpp',
          'soapLibrarySoapProxy.cpp',
          '-lgsoap++',
        ],
      ],
    ];
    for (const [program, args] of steps) {
      const step = await runProgram(program, args, { cwd: dir, timeoutMs: 180_000 });
      expect(step.code, describeRun(step)).toBe(0);
    }
    const run = await runProgram(join(dir, 'library_echo'), [server!.endpoint], { cwd: dir, timeoutMs: 60_000 });
    expect(run.code, describeRun(run)).toBe(0);
    expectAllOk(run.stdout, 7, describeRun(run));
  }, 300_000);
});
