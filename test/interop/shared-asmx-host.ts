/**
 * The shared real ASMX runtime (`../shared/asmx-host/start.sh PORT DIR`): Mono's System.Web.Services serving
 * the `.asmx` files of a folder. Started on a free port, stopped by killing its process.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sharedFile } from '../shared-files.js';
import { requireProgram } from './require-program.js';

/** Mono with ASP.NET and curl (start.sh polls with it): skips the tests without them, fails them on CI. */
export const sharedAsmxHost = requireProgram({
  what: "Mono's ASP.NET (mono, mcs, System.Web.Services) and curl for ../shared/asmx-host",
  packages: 'mono-devel curl',
  programs: ['/usr/bin/mono', '/usr/bin/mcs', '/usr/bin/curl'],
  files: ['/usr/lib/mono/4.5/System.Web.Services.dll'],
});

export interface SharedAsmxHost {
  /** `http://127.0.0.1:PORT`. */
  readonly baseUrl: string;
  stop(): void;
}

/**
 * Serves `folder` on `port` (when omitted, `ASMX_HOST_PORT` if set, for machines where each user has a range
 * of ports, else a free one); `env` adds variables the services read.
 */
export async function startSharedAsmxHost(
  folder: string,
  port?: number,
  env?: Readonly<Record<string, string>>,
): Promise<SharedAsmxHost> {
  port ??= Number(process.env.ASMX_HOST_PORT) || (await freePort());
  const script = sharedFile('asmx-host/start.sh');
  const output = await new Promise<string>((resolve, reject) => {
    execFile(
      'bash',
      [script, String(port), folder],
      { timeout: 120_000, encoding: 'utf8', ...(env && { env: { ...process.env, ...env } }) },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${script} ${port} ${folder} failed: ${stderr.trim() || error.message}`));
        else resolve(stdout);
      },
    );
  });
  const [baseUrl, pid] = output.trim().split('\n');
  return {
    baseUrl: baseUrl!,
    stop() {
      try {
        process.kill(Number(pid));
      } catch {
        // already gone
      }
      // start.sh leaves its compiled host in the temp directory (asmx-host-PORT.*).
      const prefix = `asmx-host-${port}.`;
      for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(prefix))) {
        rmSync(join(tmpdir(), name), { recursive: true, force: true });
      }
    },
  };
}

const CORPUS = resolve(import.meta.dirname, '../fixtures/asmx-corpus');

/**
 * Serves corpus services (`test/fixtures/asmx-corpus/`, by file name) alone: the host compiles every `.asmx` file
 * of its folder, so they are copied into a folder of their own, which `stop()` removes. The port is
 * `ASMXGEN_ASMX_HOST_PORT` when set, else as `startSharedAsmxHost` picks it.
 */
export async function startCorpusAsmxHost(files: readonly string[]): Promise<SharedAsmxHost> {
  const folder = mkdtempSync(join(tmpdir(), 'asmxgen-corpus-'));
  for (const file of files) copyFileSync(join(CORPUS, file), join(folder, file));
  const fixed = process.env.ASMXGEN_ASMX_HOST_PORT;
  let host: SharedAsmxHost;
  try {
    host = await startSharedAsmxHost(folder, fixed === undefined ? undefined : Number(fixed));
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: host.baseUrl,
    stop() {
      host.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
