/**
 * A REAL ASMX runtime for tests: Mono's ASP.NET (System.Web,
 * System.Web.Services) behind the small web server in `AsmxHost.cs`, serving
 * `AuthenticationWebService.asmx` (the default spec's 20 operations, as the
 * legacy C# service declares them) and `Inventory.asmx` (the corpus's typed
 * service). Debian's XSP does not start with Mono 6.8, hence our own host.
 *
 * The host is compiled once per machine and source version (a temp folder
 * named after the hash of the sources); every start lays out a fresh
 * application folder and runs `mono` on a free port. Each call of an
 * AuthenticationWebService operation is appended to a log that `readCalls()`
 * returns.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireProgram } from '../require-program.js';

const HERE = import.meta.dirname;
const MONO = '/usr/bin/mono';
const MCS = '/usr/bin/mcs';
const SYSTEM_WEB_SERVICES = '/usr/lib/mono/4.5/System.Web.Services.dll';

/** The service files laid out in the application folder, beside `bin/AsmxHost.exe`. */
const APP_FILES = ['AuthenticationWebService.asmx', 'Inventory.asmx', 'web.config'] as const;

/** Mono with ASP.NET: skips the tests without it, fails them on CI. */
export const monoAspNet = requireProgram({
  what: 'Mono with ASP.NET web services',
  packages: 'mono-devel',
  programs: [MONO, MCS],
  probe: ['/usr/bin/test', '-f', SYSTEM_WEB_SERVICES],
});

/** One call an AuthenticationWebService operation received, from the service's log. */
export interface HostCall {
  readonly operation: string;
  /** By the request path and the envelope's namespace. */
  readonly transport: 'soap11' | 'soap12' | 'httpGet' | 'httpPost';
  /** `null` when the parameter was absent. */
  readonly requestJson: string | null;
  /** `Request.Files`: the multipart parts that carry a file name. */
  readonly files: readonly { field: string; filename: string; contentType: string; data: Buffer }[];
}

export interface AsmxHost {
  /** `http://127.0.0.1:port` */
  readonly origin: string;
  readonly port: number;
  /** `http://127.0.0.1:port/AuthenticationWebService.asmx` */
  readonly url: string;
  /** `http://127.0.0.1:port/Inventory.asmx` */
  readonly inventoryUrl: string;
  /** Every call logged since the start or the last `clearCalls()`, in order. */
  readCalls(): HostCall[];
  clearCalls(): void;
  /** How long the start took, compiling the host included, in ms. */
  readonly startupMs: number;
  stop(): Promise<void>;
}

/** Compiles `AsmxHost.cs` unless a build of the same source is there; returns the .exe's path. */
export function buildAsmxHost(): string {
  const source = readFileSync(join(HERE, 'AsmxHost.cs'));
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `asmxgen-asmx-host-${hash}`);
  const exe = join(dir, 'AsmxHost.exe');
  if (existsSync(exe)) return exe;
  // Compile into a folder of its own, then rename it: a parallel test file never sees a half-written
  // assembly. The file keeps its name, AsmxHost.exe, which is the assembly's name.
  const partial = `${dir}.${process.pid}.partial`;
  mkdirSync(partial, { recursive: true });
  const result = spawnSync(
    MCS,
    [
      '-nologo',
      '-target:exe',
      `-out:${join(partial, 'AsmxHost.exe')}`,
      '-r:System.Web.dll',
      '-r:System.Web.Services.dll',
      '-r:System.Configuration.dll',
      join(HERE, 'AsmxHost.cs'),
    ],
    { encoding: 'utf8', timeout: 60_000 },
  );
  if (result.status !== 0) {
    rmSync(partial, { recursive: true, force: true });
    throw new Error(`mcs could not compile AsmxHost.cs:\n${result.stdout}${result.stderr}${result.error ?? ''}`);
  }
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another test file was faster.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(exe)) throw error;
  }
  return exe;
}

/** Starts the real ASMX runtime on 127.0.0.1 and a free port; resolves once `?wsdl` answers. */
export async function startAsmxHost(): Promise<AsmxHost> {
  const started = performance.now();
  const exe = buildAsmxHost();
  const root = mkdtempSync(join(tmpdir(), 'asmxgen-asmx-app-'));
  // The application folder: ASP.NET restarts the application when a file in it changes, so the
  // log lives beside it, not in it.
  const app = join(root, 'app');
  mkdirSync(join(app, 'bin'), { recursive: true });
  for (const file of APP_FILES) copyFileSync(join(HERE, file), join(app, file));
  copyFileSync(exe, join(app, 'bin', 'AsmxHost.exe'));
  const log = join(root, 'calls.log');
  writeFileSync(log, '');
  // ASP.NET compiles the .asmx files under the temp folder: this start's own, removed by stop().
  const temp = join(root, 'tmp');
  mkdirSync(temp);

  const child = spawn(MONO, [join(app, 'bin', 'AsmxHost.exe'), '0', app], {
    cwd: root,
    env: { ...process.env, ASMX_HOST_CALL_LOG: log, TMPDIR: temp },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        output += chunk;
        const match = /listening on port (\d+)/.exec(stdout);
        if (match) resolve(Number(match[1]));
      });
      child.on('exit', (code, signal) => reject(new Error(`mono exited (${signal ?? code}) before listening`)));
      child.on('error', reject);
      setTimeout(() => reject(new Error('mono did not listen within 30 s')), 30_000).unref();
    });
    const origin = `http://127.0.0.1:${port}`;
    // The first request compiles the .asmx files.
    await waitForWsdl(`${origin}/AuthenticationWebService.asmx?wsdl`, 60_000);
  } catch (error) {
    await stopChild(child);
    rmSync(root, { recursive: true, force: true });
    throw new Error(`the ASMX host did not start: ${(error as Error).message}\n${output}`);
  }
  const origin = `http://127.0.0.1:${port}`;
  const startupMs = performance.now() - started;
  return {
    origin,
    port,
    url: `${origin}/AuthenticationWebService.asmx`,
    inventoryUrl: `${origin}/Inventory.asmx`,
    startupMs,
    readCalls: () => parseLog(readFileSync(log, 'utf8')),
    clearCalls: () => writeFileSync(log, ''),
    async stop() {
      await stopChild(child);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

interface LogLine {
  operation: string;
  transport: HostCall['transport'];
  requestJson: string | null;
  files: { field: string; filename: string; contentType: string; data: string }[];
}

/** The service writes every string as base64 of its UTF-8 bytes (see the .asmx). */
function parseLog(text: string): HostCall[] {
  const decode = (value: string) => Buffer.from(value, 'base64').toString('utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogLine)
    .map((line) => ({
      operation: line.operation,
      transport: line.transport,
      requestJson: line.requestJson === null ? null : decode(line.requestJson),
      files: line.files.map((file) => ({
        field: decode(file.field),
        filename: decode(file.filename),
        contentType: decode(file.contentType),
        data: Buffer.from(file.data, 'base64'),
      })),
    }));
}

async function waitForWsdl(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const status = await new Promise<number>((resolve) => {
      const req = get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', (error) => {
        last = error.message;
        resolve(0);
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error('timed out')));
    });
    if (status === 200) return;
    last ||= `status ${status}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${last})`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
