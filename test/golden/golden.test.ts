import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check, formatCheck, generate, generateWsdl, loadSpec, writeOutput } from '../../generator/index.js';
import { contentText } from '../../generator/model/file-content.js';
import { readManifest } from '../../generator/output/index.js';
import { manifestSpecPath } from '../../generator/output/plan.js';
import { cliProcess } from '../cli/run-cli.js';
import { listScenarios, UPDATE_GOLDEN } from './scenarios.js';

const scenarios = listScenarios();

describe.each(scenarios)('golden scenario $name', (scenario) => {
  const options = { baseUrl: scenario.baseUrl, runtime: scenario.runtime };
  const generateFiles = scenario.wsdlOnly ? generateWsdl : generate;
  it('generates exactly the committed expected/ folder (no file changed, missing or orphaned)', async () => {
    const files = await generateFiles(await loadSpec(scenario.spec), options);
    // A manifest that records its spec (generated/, written by `asmxgen generate`) keeps recording it.
    const recorded = (await readManifest(scenario.expectedDir)).spec !== undefined;
    if (UPDATE_GOLDEN) await writeOutput(scenario.expectedDir, files, recorded ? { spec: scenario.spec } : {});
    const result = await check(scenario.expectedDir, files);
    expect(result.ok, formatCheck(result) + '\nRefresh with: npm run test:update').toBe(true);
  });

  it.skipIf(UPDATE_GOLDEN)('is what the built CLI generates (templates precompiled by the build)', async () => {
    const args = ['check', '--spec', scenario.spec, '--out', scenario.expectedDir, '--base-url', scenario.baseUrl];
    args.push('--runtime', scenario.runtime);
    if (scenario.wsdlOnly) args.push('--wsdl-only');
    const result = await cliProcess(args);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('records in its manifest the spec it is generated from, where it records one (so updating keeps the line)', async () => {
    const recorded = (await readManifest(scenario.expectedDir)).spec;
    if (recorded !== undefined) expect(recorded).toBe(manifestSpecPath(scenario.expectedDir, scenario.spec));
    expect(recorded !== undefined, 'generated/ is written by `asmxgen generate`, which records the spec').toBe(
      scenario.name === 'authentication-web-service',
    );
  });

  it.runIf(scenario.reference !== undefined)('generates a WSDL byte-identical to the real runtime', async () => {
    const model = await loadSpec(scenario.spec);
    const files = await generateFiles(model, options);
    const wsdl = files.find((f) => f.path === `${model.name}.wsdl`);
    expect(Buffer.from(contentText(wsdl!.content), 'utf8').equals(readFileSync(scenario.reference!))).toBe(true);
  });
});

describe('golden scenarios', () => {
  it('hold the runtime only where generated with --runtime vendor, and exactly one is', () => {
    const vendored = scenarios.filter((s) => s.runtime === 'vendor');
    expect(vendored.map((s) => s.name)).toEqual(['temp-convert']);
    for (const s of scenarios) expect(existsSync(join(s.expectedDir, 'runtime'))).toBe(s.runtime === 'vendor');
  });

  it('hold only the WSDL where generated with --wsdl-only, and those specs cannot generate TypeScript', async () => {
    for (const s of scenarios.filter((x) => x.wsdlOnly)) {
      const model = await loadSpec(s.spec);
      const files = await check(s.expectedDir, await generateWsdl(model, { baseUrl: s.baseUrl }));
      expect(files.ok).toBe(true);
      expect(s.reference, `${s.name} names the WSDL the real runtime serves`).toBeDefined();
      expect(model.codeBlockers, `${s.name} is --wsdl-only because its TypeScript cannot be generated`).not.toEqual([]);
    }
  });

  it('include the default service, the corpus services and a changed default', () => {
    expect(scenarios.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'authentication-web-service',
        'library',
        'corpus-classes',
        'legacy',
        'legacy-soap-only',
        'operations-changed',
        'temp-convert',
      ]),
    );
  });
});
