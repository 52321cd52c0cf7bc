import { execFile } from 'node:child_process';
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
