/**
 * Generation time: the whole process of `asmxgen generate` (WSDL, server, client, tests, formatted) for
 * specs of the default spec's shape with N operations, beside wsdl-tsclient generating a client from the
 * WSDL asmxgen wrote for the same spec. Both run as `node <their bin>` (no npx in the timing), each into a
 * new folder; alternated, the order swapped each round; the best of the rounds counts.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, timeCommand } from './lib.js';
import { writeSpec } from './make-spec.js';

const ASMXGEN_BIN = join(REPO_ROOT, 'bin', 'asmxgen.js');
const WSDL_TSCLIENT_BIN = join(REPO_ROOT, 'node_modules', 'wsdl-tsclient', 'dist', 'src', 'cli.js');

export interface GenerationSettings {
  readonly sizes: readonly number[];
  readonly runs: number;
}

export interface GenerationSize {
  readonly operations: number;
  readonly asmxgenMs: readonly number[];
  readonly wsdlTsclientMs: readonly number[];
  readonly asmxgenBestMs: number;
  readonly wsdlTsclientBestMs: number;
  /** asmxgen best / wsdl-tsclient best. */
  readonly ratio: number;
  readonly asmxgenMsPerOperation: number;
  readonly wsdlTsclientMsPerOperation: number;
}

export interface GenerationResults {
  readonly settings: GenerationSettings;
  readonly sizes: readonly GenerationSize[];
  /**
   * asmxgen's marginal cost per operation between consecutive sizes (ms per added operation): constant
   * when the growth is linear.
   */
  readonly asmxgenMarginalMsPerOperation: readonly {
    readonly from: number;
    readonly to: number;
    readonly ms: number;
  }[];
}

export async function benchGeneration(
  settings: GenerationSettings,
  log: (line: string) => void,
): Promise<GenerationResults> {
  const dir = mkdtempSync(join(tmpdir(), 'asmxgen-bench-gen-'));
  try {
    const sizes: GenerationSize[] = [];
    for (const operations of settings.sizes) {
      const spec = join(dir, `spec-${operations}.yaml`);
      const wsdl = join(dir, `spec-${operations}.wsdl`);
      writeSpec(operations, spec);
      const asmxgen = async (round: number) => {
        const out = join(dir, `asmxgen-${operations}-${round}`);
        const ms = await timeCommand(process.execPath, [
          ASMXGEN_BIN,
          'generate',
          '--spec',
          spec,
          '--out',
          out,
          '--quiet',
        ]);
        if (round === 0) copyFileSync(join(out, 'AuthenticationWebService.wsdl'), wsdl);
        rmSync(out, { recursive: true, force: true });
        return ms;
      };
      const wsdlTsclient = async (round: number) => {
        const out = join(dir, `wsdl-tsclient-${operations}-${round}`);
        const ms = await timeCommand(process.execPath, [WSDL_TSCLIENT_BIN, wsdl, '-o', out, '--quiet']);
        rmSync(out, { recursive: true, force: true });
        return ms;
      };
      const asmxgenMs: number[] = [];
      const wsdlTsclientMs: number[] = [];
      for (let round = 0; round < settings.runs; round++) {
        // Round 0 must run asmxgen first: it writes the WSDL wsdl-tsclient reads.
        if (round % 2 === 0) {
          asmxgenMs.push(await asmxgen(round));
          wsdlTsclientMs.push(await wsdlTsclient(round));
        } else {
          wsdlTsclientMs.push(await wsdlTsclient(round));
          asmxgenMs.push(await asmxgen(round));
        }
        log(
          `generation: ${operations} operations, round ${round + 1}/${settings.runs}: asmxgen ` +
            `${asmxgenMs.at(-1)!.toFixed(0)} ms, wsdl-tsclient ${wsdlTsclientMs.at(-1)!.toFixed(0)} ms`,
        );
      }
      const asmxgenBestMs = Math.min(...asmxgenMs);
      const wsdlTsclientBestMs = Math.min(...wsdlTsclientMs);
      sizes.push({
        operations,
        asmxgenMs,
        wsdlTsclientMs,
        asmxgenBestMs,
        wsdlTsclientBestMs,
        ratio: asmxgenBestMs / wsdlTsclientBestMs,
        asmxgenMsPerOperation: asmxgenBestMs / operations,
        wsdlTsclientMsPerOperation: wsdlTsclientBestMs / operations,
      });
    }
    const asmxgenMarginalMsPerOperation = sizes.slice(1).map((size, i) => ({
      from: sizes[i]!.operations,
      to: size.operations,
      ms: (size.asmxgenBestMs - sizes[i]!.asmxgenBestMs) / (size.operations - sizes[i]!.operations),
    }));
    return { settings, sizes, asmxgenMarginalMsPerOperation };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
