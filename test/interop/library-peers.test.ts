/**
 * Real SOAP stacks echo Library's values (`../shared/wsdl-corpus/Library.asmx`) through a server and get them
 * back equal, each comparing whole values as it writes them itself:
 *
 * - Mono's `wsdl` proxies for the four protocols, compiled with `mcs` (`dotnet/LibraryEcho.cs`);
 * - Python's zeep on the SOAP 1.1 and 1.2 ports (`zeep/library_echo.py`);
 * - a gSOAP C++ proxy from `wsdl2h` + `soapcpp2`, built with g++ (`gsoap/library_echo.cpp`).
 *
 * Each harness runs against the real ASMX runtime serving Library.asmx, which proves the harness and its
 * expectations, and against every other server listed in `TARGETS`. Proxies are made from the WSDL the server
 * serves, in a fresh temporary folder each run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../shared-files.js';
import { requireProgram, type ProgramCheck } from './require-program.js';
import { describeRun, runProgram } from './run-program.js';
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

const TARGETS: readonly Target[] = [
  {
    name: 'the real ASMX runtime',
    available: sharedAsmxHost,
    async start() {
      const host = await startSharedAsmxHost(sharedFile('wsdl-corpus'));
      return { endpoint: `${host.baseUrl}/Library.asmx`, stop: () => host.stop() };
    },
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
      const run = await runProgram('/usr/bin/mono', ['LibraryEcho.exe', server!.endpoint], {
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
