/**
 * .NET-style client proxies of a running service, as a .NET developer makes them: Mono's `wsdl` tool makes one
 * proxy per protocol from the service's WSDL, `mcs` compiles them with `dotnet/CallAll.cs` into `CallAll.exe`,
 * and `mono CallAll.exe URL` calls every operation of every proxy. Nothing is cached: each build starts from the
 * WSDL the service serves now.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { requireProgram } from './require-program.js';
import { describeRun, runProgram, type ProgramRun } from './run-program.js';

const MONO = '/usr/bin/mono';
const WSDL = '/usr/bin/wsdl';
const MCS = '/usr/bin/mcs';

/** Mono's wsdl, mcs and mono: skips the tests without them, fails them on CI. */
export const dotnetProxyTools = requireProgram({
  what: "Mono's wsdl, mcs and mono with System.Web.Services",
  packages: 'mono-devel',
  programs: [MONO, WSDL, MCS],
  files: ['/usr/lib/mono/4.5/System.Web.Services.dll', '/usr/lib/mono/4.5/System.EnterpriseServices.dll'],
});

/** `wsdl -protocol:` values, in the (ordinal) order CallAll calls the proxies: by their namespace, `P{protocol}`. */
export const PROXY_PROTOCOLS = ['HttpGet', 'HttpPost', 'SOAP', 'SOAP12'] as const;

/**
 * Makes the four proxies from `wsdlUrl` and compiles them with CallAll in `workDir` (an empty folder); returns
 * the path of `CallAll.exe`. Throws, with what the tools printed, when one of them fails.
 */
export async function buildCallAll(wsdlUrl: string, workDir: string): Promise<string> {
  const made = await Promise.all(
    PROXY_PROTOCOLS.map(async (protocol) => ({
      protocol,
      run: await runProgram(
        WSDL,
        ['-nologo', `-protocol:${protocol}`, `-namespace:P${protocol}`, `-out:P${protocol}.cs`, wsdlUrl],
        { cwd: workDir, timeoutMs: 120_000 },
      ),
    })),
  );
  for (const { protocol, run } of made) {
    if (run.code !== 0) throw new Error(`wsdl -protocol:${protocol} ${wsdlUrl} failed: ${describeRun(run)}`);
  }
  const sources = PROXY_PROTOCOLS.map((protocol) => `P${protocol}.cs`);
  const found = readdirSync(workDir).sort();
  if (found.join() !== sources.join()) throw new Error(`wsdl made ${found.join(', ')}, not ${sources.join(', ')}`);

  const compiled = await runProgram(
    MCS,
    [
      '-nologo',
      '-r:System.Web.Services.dll',
      '-r:System.EnterpriseServices.dll',
      '-out:CallAll.exe',
      join(import.meta.dirname, 'dotnet', 'CallAll.cs'),
      ...sources,
    ],
    { cwd: workDir, timeoutMs: 120_000 },
  );
  if (compiled.code !== 0) throw new Error(`mcs could not compile CallAll: ${describeRun(compiled)}`);
  return join(workDir, 'CallAll.exe');
}

/**
 * Runs `CallAll.exe` against the service endpoint `url` (`…/Service.asmx`), passing `value` for every string
 * parameter (base64 on the command line, so CR, LF and characters outside the BMP survive any locale). It prints
 * one line per call, `P{protocol} Operation ok` or `… FAIL reason`, then `calls: N ok, M failed`.
 */
export function runCallAll(exe: string, url: string, value: string, timeoutMs = 120_000): Promise<ProgramRun> {
  const encoded = Buffer.from(value, 'utf8').toString('base64');
  return runProgram(MONO, [exe, url, encoded], { timeoutMs });
}
