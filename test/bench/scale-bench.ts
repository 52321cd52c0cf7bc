/**
 * Generation at real scale: C# services of 100, 500 and 1,500 web methods (`make-asmx.ts`: N/5 classes, N/50
 * enums), their WSDLs served by the real ASMX runtime (`../shared/asmx-host`), then `asmxgen import` of each
 * served WSDL and `asmxgen generate` of the spec it wrote, each as its own process: wall time and peak RSS
 * (best of the runs), and `generate`'s stages timed in one process (`gen-breakdown.ts`) with the peak RSS at
 * the end of each. Without Mono the section is left out, saying why.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Phase } from './gen-breakdown.js';
import { REPO_ROOT } from './lib.js';
import { asmxShape, largeAsmx, type AsmxShape } from './make-asmx.js';

const ASMXGEN_BIN = join(REPO_ROOT, 'bin', 'asmxgen.js');
const BREAKDOWN = fileURLToPath(new URL('./gen-breakdown.js', import.meta.url));
/** Loaded first by each measured process: its peak RSS (KiB) on stderr as it exits. */
const PEAK_RSS_HOOK =
  'data:text/javascript,process.on("exit",()=>process.stderr.write(`\\npeak-rss-kib ${process.resourceUsage().maxRSS}\\n`))';

export interface ScaleSettings {
  readonly sizes: readonly number[];
  readonly runs: number;
}

export interface CommandRun {
  readonly ms: number;
  readonly peakRssMiB: number;
}

export interface ScaleSize extends AsmxShape {
  readonly wsdlBytes: number;
  /** Best of the runs, by time; its peak RSS. */
  readonly import: CommandRun;
  readonly generate: CommandRun;
  readonly stages: readonly Phase[];
}

export interface ScaleResults {
  readonly settings: ScaleSettings;
  /** Why the section did not run (no Mono). */
  readonly skipped?: string;
  readonly sizes: readonly ScaleSize[];
}

/** Runs `node args…` to its end: wall time and the peak RSS it reported. Rejects when it fails. */
async function measured(args: readonly string[], cwd: string): Promise<CommandRun & { stdout: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PEAK_RSS_HOOK, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (stderr = (stderr + chunk).slice(-4000)));
  const [code] = (await once(child, 'exit')) as [number | null];
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}:\n${stderr}`);
  const peak = /peak-rss-kib (\d+)/.exec(stderr);
  return { ms, peakRssMiB: peak ? Number(peak[1]) / 1024 : NaN, stdout };
}

const best = (runs: readonly CommandRun[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));

export async function benchScale(settings: ScaleSettings, log: (line: string) => void): Promise<ScaleResults> {
  // The compiled bench runs from test/artifacts/: name ../shared from the repository, before it is first read.
  process.env.ASMXGEN_SHARED_DIR ??= resolve(REPO_ROOT, '..', 'shared');
  const { sharedAsmxHost, startSharedAsmxHost } = await import('../interop/shared-asmx-host.js');
  if (!sharedAsmxHost.available) {
    log(`scale: skipped (${sharedAsmxHost.reason})`);
    return { settings, skipped: sharedAsmxHost.reason, sizes: [] };
  }
  const dir = mkdtempSync(join(tmpdir(), 'asmxgen-bench-scale-'));
  try {
    // The C# services, and the WSDL the runtime serves for each.
    const services = join(dir, 'services');
    mkdirSync(services);
    const names = settings.sizes.map((n) => `Large${n}`);
    settings.sizes.forEach((n, i) => writeFileSync(join(services, `${names[i]}.asmx`), largeAsmx(names[i]!, n)));
    const host = await startSharedAsmxHost(services);
    const wsdls: string[] = [];
    try {
      for (const name of names) {
        const reply = await fetch(`${host.baseUrl}/${name}.asmx?wsdl`, { signal: AbortSignal.timeout(300_000) });
        const text = await reply.text();
        if (reply.status !== 200 || !text.includes('<wsdl:definitions')) {
          throw new Error(`the ASMX host did not serve ${name}.asmx?wsdl (${reply.status}): ${text.slice(0, 400)}`);
        }
        const file = join(dir, `${name}.wsdl`);
        writeFileSync(file, text);
        wsdls.push(file);
      }
    } finally {
      host.stop();
    }
    const sizes: ScaleSize[] = [];
    for (const [i, operations] of settings.sizes.entries()) {
      const spec = join(dir, `${names[i]}.yaml`);
      const imports: CommandRun[] = [];
      const generates: CommandRun[] = [];
      for (let run = 0; run < settings.runs; run++) {
        imports.push(await measured([ASMXGEN_BIN, 'import', wsdls[i]!, '--out', spec, '--force', '--quiet'], dir));
        const out = join(dir, `out-${operations}`);
        generates.push(
          await measured([ASMXGEN_BIN, 'generate', '--spec', spec, '--out', out, '--force', '--quiet'], dir),
        );
        rmSync(out, { recursive: true, force: true });
        log(
          `scale: ${operations} operations, run ${run + 1}/${settings.runs}: import ${imports.at(-1)!.ms.toFixed(0)} ms ` +
            `(${imports.at(-1)!.peakRssMiB.toFixed(0)} MiB), generate ${generates.at(-1)!.ms.toFixed(0)} ms ` +
            `(${generates.at(-1)!.peakRssMiB.toFixed(0)} MiB)`,
        );
      }
      const breakdown = await measured([BREAKDOWN, spec, '--json'], dir);
      sizes.push({
        ...asmxShape(operations),
        wsdlBytes: statSync(wsdls[i]!).size,
        import: best(imports),
        generate: best(generates),
        stages: JSON.parse(breakdown.stdout) as Phase[],
      });
    }
    return { settings, sizes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
