import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Spec } from '../../generator/index.js';
import { cli, cliProcess, REFERENCE_WSDL, tempDir } from '../cli/run-cli.js';
import { BASE } from './helpers.js';

async function spec(name: string, content: Spec): Promise<string> {
  const path = join(await tempDir(), name);
  await writeFile(path, stringify(content));
  return path;
}

/** Old and new specs whose only change is at `level`. */
async function pair(level: 'breaking' | 'non-breaking' | 'info' | 'none'): Promise<[string, string]> {
  const changed: Record<typeof level, Spec> = {
    breaking: { ...BASE, operations: BASE.operations.slice(1) },
    'non-breaking': { ...BASE, operations: [...BASE.operations, { name: 'Echo' }] },
    info: { ...BASE, service: { ...BASE.service, description: 'Svc' } },
    none: BASE,
  };
  return [await spec('old.yaml', BASE), await spec('new.yaml', changed[level])];
}

describe('asmxgen diff: exit codes', () => {
  it('exits 0 without --fail-on, whatever changed', async () => {
    const r = await cli('diff', ...(await pair('breaking')));
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(
      'BREAKING  operation-removed  operation Ping: removed\n1 change: 1 breaking, 0 non-breaking, 0 info\n',
    );
  });

  it.each([
    // change found, --fail-on, exit code
    ['breaking', 'breaking', 1],
    ['breaking', 'non-breaking', 1],
    ['breaking', 'info', 1],
    ['non-breaking', 'breaking', 0],
    ['non-breaking', 'non-breaking', 1],
    ['non-breaking', 'info', 1],
    ['info', 'breaking', 0],
    ['info', 'non-breaking', 0],
    ['info', 'info', 1],
    ['none', 'info', 0],
  ] as const)('a %s change with --fail-on %s exits %d', async (level, failOn, code) => {
    const r = await cli('diff', ...(await pair(level)), '--fail-on', failOn);
    expect(r.code).toBe(code);
    expect(r.stderr).toBe('');
  });

  it('prints the format asked: json and markdown', async () => {
    const [a, b] = await pair('non-breaking');
    const json = await cli('diff', a, b, '--format', 'json');
    expect(JSON.parse(json.stdout)).toMatchObject({
      old: { input: a, kind: 'spec', service: 'Svc' },
      changes: [{ rule: 'operation-added', level: 'non-breaking', where: 'operation Echo', message: 'added' }],
      summary: { total: 1, breaking: 0, 'non-breaking': 1, info: 0 },
    });
    const md = await cli('diff', a, b, '--format', 'markdown');
    expect(md.stdout).toContain('\n| non-breaking | `operation-added` | operation Echo | added |\n');
  });

  it('prints nothing with --quiet, and still exits by --fail-on', async () => {
    expect(await cli('diff', ...(await pair('breaking')), '--fail-on', 'breaking', '--quiet')).toEqual({
      code: 1,
      stdout: '',
      stderr: '',
    });
  });
});

describe('asmxgen diff: errors exit 2 with one paragraph on stderr', () => {
  it.each([
    [['diff'], /^asmxgen: Not enough non-option arguments: got 0, need at least 1\n/],
    [
      ['diff', 'a.wsdl', 'b.wsdl', '--format', 'xml'],
      /^asmxgen: --format: unknown value "xml"; expected one of: text, json, markdown\n/,
    ],
    [
      ['diff', 'a.wsdl', 'b.wsdl', '--fail-on', 'major'],
      /^asmxgen: --fail-on: unknown value "major"; expected one of: /,
    ],
    [['diff', 'missing.wsdl', REFERENCE_WSDL], /^asmxgen: cannot read the old file missing\.wsdl: no such file\n$/],
    [['diff', REFERENCE_WSDL, 'missing.yaml'], /^asmxgen: cannot read the new file missing\.yaml: no such file\n$/],
  ])('%j', async (args, stderr) => {
    const r = await cli(...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(stderr);
  });

  it('reports the old side first when both fail', async () => {
    const r = await cli('diff', 'missing-old.wsdl', 'missing-new.wsdl');
    expect(r.stderr).toBe('asmxgen: cannot read the old file missing-old.wsdl: no such file\n');
  });

  it('lists every problem of an invalid spec', async () => {
    const bad = join(await tempDir(), 'bad.yaml');
    await writeFile(bad, 'service: { name: S, namespace: urn:s }\noperations:\n  - name: A\n    result: integer\n');
    const r = await cli('diff', bad, REFERENCE_WSDL);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(`^asmxgen: the old spec ${bad} has 1 problem:\\n${bad}:4:13: operations\\[0\\]\\.result: `),
    );
  });

  it('refuses a WSDL it cannot read, with the file:line:column message of the reader', async () => {
    const page = join(await tempDir(), 'page.wsdl');
    await writeFile(page, '<html><body>Service Unavailable</body></html>');
    const r = await cli('diff', REFERENCE_WSDL, page);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^asmxgen: cannot read the new WSDL: ${page}:1:1: [^\\n]+\\n$`));
  });

  it('needs the new version where no config names a spec', async () => {
    const r = await cliProcess(['diff', 'a.wsdl'], await tempDir());
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'asmxgen: diff needs the new version: name it after the old one, or run where asmxgen.config.yaml (or the ' +
        '--config file) names a spec\n',
    });
  });

  it('is listed by asmxgen --help', async () => {
    expect((await cli('--help')).stdout).toMatch(/asmxgen diff <old> \[new\] +Compare two versions of a service/);
  });
});
