import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { check, formatCheck, generate, loadSpec, writeOutput } from '../../generator/index.js';
import { cliProcess } from '../cli/run-cli.js';
import { listScenarios, UPDATE_GOLDEN } from './scenarios.js';

const scenarios = listScenarios();

describe.each(scenarios)('golden scenario $name', (scenario) => {
  it('generates exactly the committed expected/ folder (no file changed, missing or orphaned)', async () => {
    const files = await generate(await loadSpec(scenario.spec), { baseUrl: scenario.baseUrl });
    if (UPDATE_GOLDEN) await writeOutput(scenario.expectedDir, files);
    const result = await check(scenario.expectedDir, files);
    expect(result.ok, formatCheck(result) + '\nRefresh with: npm run test:update').toBe(true);
  });

  it.skipIf(UPDATE_GOLDEN)('is what the built CLI generates (templates precompiled by the build)', async () => {
    const args = ['check', '--spec', scenario.spec, '--out', scenario.expectedDir, '--base-url', scenario.baseUrl];
    const result = await cliProcess(args);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it.runIf(scenario.reference !== undefined)('generates a WSDL byte-identical to the real runtime', async () => {
    const model = await loadSpec(scenario.spec);
    const files = await generate(model, { baseUrl: scenario.baseUrl });
    const wsdl = files.find((f) => f.path === `${model.name}.wsdl`);
    expect(Buffer.from(wsdl!.content, 'utf8').equals(readFileSync(scenario.reference!))).toBe(true);
  });
});

describe('golden scenarios', () => {
  it('include the default service, the corpus services and a changed default', () => {
    expect(scenarios.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'authentication-web-service',
        'legacy',
        'legacy-soap-only',
        'operations-changed',
        'temp-convert',
      ]),
    );
  });
});
