/**
 * Where `asmxgen generate` spends its time, phase by phase, in one process: loading the generator,
 * reading the spec, building the model, each emitter, laying out each TypeScript module, writing.
 * Phases are timed in place (`performance.now()`).
 *
 *   node test/artifacts/bench/js/test/bench/gen-breakdown.js <spec> [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FileContent } from '../../generator/model/file-content.js';
import type { GeneratedFile } from '../../generator/model/types.js';
import { REPO_ROOT } from './paths.js';

export interface Phase {
  readonly phase: string;
  readonly ms: number;
  /** Bytes of the file(s) the phase produced, when it produced any. */
  readonly bytes?: number;
  /** The process's peak RSS so far (at the phase's end), MiB. */
  readonly peakRssMiB: number;
}

export async function generationBreakdown(specFile: string, outDir: string): Promise<Phase[]> {
  const phases: Phase[] = [];
  const time = async <T>(phase: string, run: () => T | Promise<T>, size?: (value: T) => number): Promise<T> => {
    const started = performance.now();
    const value = await run();
    const ms = performance.now() - started;
    const peakRssMiB = process.resourceUsage().maxRSS / 1024;
    phases.push(size ? { phase, ms, bytes: size(value), peakRssMiB } : { phase, ms, peakRssMiB });
    return value;
  };
  const bytes = (content: FileContent) =>
    (typeof content === 'string' ? [content] : content).reduce((sum, piece) => sum + Buffer.byteLength(piece), 0);

  // The built generator (dist/, as `asmxgen` runs it), typed by its sources.
  const dist = (path: string) => import(pathToFileURL(join(REPO_ROOT, 'dist', 'generator', path)).href);
  const [{ loadSpec }, { buildModel }, emit, wsdl, addresses, documents, server, client, types, service, index] =
    await time(
      'import generator (dist/)',
      async () =>
        [
          (await dist('spec/load-spec.js')) as typeof import('../../generator/spec/load-spec.js'),
          (await dist('spec/build-model.js')) as typeof import('../../generator/spec/build-model.js'),
          (await dist('printer/ts-module.js')) as typeof import('../../generator/printer/ts-module.js'),
          (await dist('emit/wsdl.js')) as typeof import('../../generator/emit/wsdl.js'),
          (await dist('model/addresses.js')) as typeof import('../../generator/model/addresses.js'),
          (await dist('emit/documents-module.js')) as typeof import('../../generator/emit/documents-module.js'),
          (await dist('emit/server-module.js')) as typeof import('../../generator/emit/server-module.js'),
          (await dist('emit/client-module.js')) as typeof import('../../generator/emit/client-module.js'),
          (await dist('emit/types-module.js')) as typeof import('../../generator/emit/types-module.js'),
          (await dist('emit/service-module.js')) as typeof import('../../generator/emit/service-module.js'),
          (await dist('emit/index-module.js')) as typeof import('../../generator/emit/index-module.js'),
        ] as const,
    );
  const tests = (await dist('emit/tests-module.js')) as typeof import('../../generator/emit/tests-module.js');
  const { writeOutput } = (await dist('output/write.js')) as typeof import('../../generator/output/write.js');

  const spec = await time('loadSpec (YAML parse + validate)', () => loadSpec(specFile));
  const model = await time('buildModel', () => buildModel(spec));
  const baseUrl = 'http://localhost:8080';
  const wsdlFiles = await time(
    'WSDL (handlebars)',
    () => wsdl.emitWsdl(model, baseUrl),
    (f) => bytes(f[0]!.content),
  );
  const documentsModule = await time('documents.ts structure (help pages: handlebars)', () =>
    documents.emitDocumentsModule(model, 'package'),
  );
  const modules = await time('TS module structures (server, client, types, service, index)', () => {
    const list = [
      server.emitServerModule(model, 'package'),
      client.emitClientModule(model, addresses.serviceAddress(model, baseUrl), 'package'),
      types.emitTypesModule(model, 'package'),
      service.emitServiceModule(model, 'package'),
      documentsModule,
    ];
    return [...list, index.emitIndexModule(list)];
  });
  const printed: GeneratedFile[] = [];
  for (const m of modules) {
    printed.push(
      await time(
        `layout: ${m.path}`,
        () => emit.printTsModule(m),
        (f) => bytes(f.content),
      ),
    );
  }
  const testFile = await time(
    'tests: head laid out, fixed part copied',
    () => tests.emitTestsModule(model),
    (f) => bytes(f.content),
  );
  await time('write output', () => writeOutput(outDir, [...wsdlFiles, ...printed, testFile]));
  return phases;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const specFile = process.argv[2];
  if (!specFile) {
    console.error('usage: gen-breakdown.ts <spec> [--json]');
    process.exit(2);
  }
  const out = mkdtempSync(join(tmpdir(), 'asmxgen-breakdown-'));
  const phases = await generationBreakdown(specFile, out);
  rmSync(out, { recursive: true, force: true });
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(phases));
  } else {
    const total = phases.reduce((sum, p) => sum + p.ms, 0);
    for (const p of phases) {
      const size = p.bytes === undefined ? '' : `  (${(p.bytes / 1024).toFixed(0)} KiB)`;
      console.log(
        `${p.ms.toFixed(0).padStart(7)} ms ${((p.ms / total) * 100).toFixed(1).padStart(5)}%` +
          ` ${p.peakRssMiB.toFixed(0).padStart(5)} MiB peak  ${p.phase}${size}`,
      );
    }
    console.log(`${total.toFixed(0).padStart(7)} ms         total`);
  }
}
