/**
 * The shared real ASMX runtime (`../shared/asmx-host/start.sh PORT DIR`): Mono's System.Web.Services serving
 * the `.asmx` files of a folder. Started on a free port, stopped by killing its process.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
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
