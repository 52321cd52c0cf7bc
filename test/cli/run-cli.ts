import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach } from 'vitest';
import { main } from '../../generator/cli/main.js';
import { sharedFile } from '../shared-files.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const REFERENCE_WSDL = sharedFile('reference/AuthenticationWebService.wsdl');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output. */
export async function cli(...args: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  });
  return { code, stdout, stderr };
}

/**
 * Runs the built `bin/asmxgen.js` as a user would (requires `npm run build`).
 * `unprivileged`: when the tests run as root, which ignores file permissions,
 * run it as `nobody` through setpriv so permission errors are real.
 */
export async function cliProcess(
  args: string[],
  cwd = ROOT,
  options: { unprivileged?: boolean; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  const command = [process.execPath, join(ROOT, 'bin/asmxgen.js'), ...args];
  if (options.unprivileged && process.getuid?.() === 0) {
    command.unshift('setpriv', '--reuid=65534', '--regid=65534', '--clear-groups');
  }
  try {
    const { stdout, stderr } = await promisify(execFile)(command[0]!, command.slice(1), {
      cwd,
      ...(options.timeoutMs !== undefined && { timeout: options.timeoutMs, killSignal: 'SIGKILL' }),
      ...(options.env !== undefined && { env: options.env }),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number | null; signal?: string; stdout: string; stderr: string };
    if (e.code === null) throw new Error(`asmxgen ${args.join(' ')} was killed (${e.signal}): it ran too long`);
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'asmxgen-cli-'));
  made.push(dir);
  return dir;
}

/** A CLI process that serves until stopped. */
export interface CliServer {
  readonly child: ChildProcess;
  /** The address its start-up line names (the `ready` pattern's first group). */
  readonly address: string;
  /** All it has printed so far, stdout and stderr interleaved. */
  output(): string;
  /** What it has printed to stdout alone. */
  stdout(): string;
  /** Its exit code, once it has exited and all it printed has been read. */
  readonly exited: Promise<number | null>;
}

/**
 * Starts the built `bin/asmxgen.js` with `args` as a process and waits for the line `ready` matches (its first
 * group is the address) and the banner after it to end; fails with what it printed when it exits first or takes longer than `timeoutMs`.
 */
export async function startCliServer(
  args: string[],
  ready: RegExp,
  options: { timeoutMs?: number; cwd?: string } = {},
): Promise<CliServer> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/asmxgen.js'), ...args], {
    cwd: options.cwd ?? ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stdout = '';
  // Decoded as a stream: a character split between two chunks (the log's →) comes out whole.
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stdout!.on('data', (d: string) => {
    out += d;
    stdout += d;
  });
  child.stderr!.on('data', (d: string) => (out += d));
  // 'close', not 'exit': what it printed last (a summary on stop) may still be on its way when it exits.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start:\n${out}`)), options.timeoutMs ?? 30_000);
    const poll = setInterval(() => {
      const match = ready.exec(out);
      // Ready once the whole banner is out: its last line ends with "(Ctrl-C to stop)", and the lines before it
      // (what a strangler serves, where it records) may come in a later chunk than the address.
      if (match && out.includes('(Ctrl-C to stop)', match.index)) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match[1]!);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`${args[0]} exited:\n${out}`));
    });
  });
  return { child, address, output: () => out, stdout: () => stdout, exited };
}
