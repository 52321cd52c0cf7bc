/** `--impl` through the command line, in-process: `generate` merges and writes, `check` verifies. */
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, loadFixture, tempDir } from './helpers.js';

const OLD = new Date('2001-02-03T04:05:06Z');

/** A project folder with the fixture's spec, `src/` and (when the fixture has one) `src/handlers.ts`. */
async function project(name: string, options: { withImpl?: boolean } = {}) {
  const fixture = loadFixture(name);
  const dir = await tempDir();
  const spec = join(dir, 'spec.yaml');
  await writeFile(spec, fixture.specText);
  await mkdir(join(dir, 'src'));
  const impl = join(dir, 'src', 'handlers.ts');
  if (options.withImpl !== false && fixture.before !== undefined) await writeFile(impl, fixture.before);
  const out = join(dir, 'src', 'generated');
  return { fixture, dir, impl, out, args: ['--spec', spec, '--out', out, '--impl', impl] };
}

describe('asmxgen generate --impl', () => {
  it('creates the impl file with a stub per operation', async () => {
    const { fixture, impl, args } = await project('created');
    const r = await cli('generate', ...args);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`\n  impl       ${impl}: created with 5 stubs\n`);
    expect(await readFile(impl, 'utf8')).toBe(fixture.after);
  });

  it('adds stubs and marks orphans, then changes nothing on the next run', async () => {
    const { fixture, impl, args } = await project('added-and-removed');
    const r = await cli('generate', ...args);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `  impl       ${impl}: 2 stubs added (RefreshToken, GetServerTime); ` +
        '1 operation no longer in the spec (LoginOut) marked\n',
    );
    expect(await readFile(impl, 'utf8')).toBe(fixture.after);

    await utimes(impl, OLD, OLD);
    const again = await cli('generate', ...args);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      `  impl       ${impl}: unchanged; 1 operation no longer in the spec (LoginOut) already marked\n`,
    );
    expect((await stat(impl)).mtime).toEqual(OLD);
  });

  it('--dry-run says what it would do and writes nothing', async () => {
    const { fixture, dir, impl, args } = await project('added-and-removed');
    const r = await cli('generate', ...args, '--dry-run');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `  impl       ${impl}: 2 stubs would be added (RefreshToken, GetServerTime); ` +
        '1 operation no longer in the spec (LoginOut) would be marked\n',
    );
    expect(await readFile(impl, 'utf8')).toBe(fixture.before);
    expect(await readdir(join(dir, 'src'))).toEqual(['handlers.ts']);
  });

  it('prints the merge warnings', async () => {
    const { args } = await project('default-export');
    const r = await cli('generate', ...args);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  warning    ');
    expect(r.stdout).toContain('is not exported as `handlers`');
  });

  it('leaves a file with a syntax error untouched, writes nothing, exits 2 naming file:line:column', async () => {
    const { fixture, dir, impl, args } = await project('syntax-error');
    const r = await cli('generate', ...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `asmxgen: ${impl} has 1 syntax error, so asmxgen left it untouched and wrote nothing; fix it and run asmxgen again.\n` +
        `${impl}:7:3: ',' expected. (TS1005)\n`,
    );
    expect(await readFile(impl, 'utf8')).toBe(fixture.before);
    expect(await readdir(join(dir, 'src'))).toEqual(['handlers.ts']);
  });

  it('explains a file without a handlers object, exit 2', async () => {
    const { impl, args } = await project('no-handlers');
    const r = await cli('generate', ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^asmxgen: ${impl} has no handlers object, so asmxgen left it untouched`));
  });

  it('refuses an impl file inside the output folder, or one that is no TypeScript or JavaScript module', async () => {
    const { out, args } = await project('created');
    const inside = await cli('generate', ...args.slice(0, 4), '--impl', join(out, 'handlers.ts'));
    expect(inside.code).toBe(2);
    expect(inside.stderr).toContain('is inside the output folder');
    const json = await cli('generate', ...args.slice(0, 4), '--impl', 'handlers.json');
    expect(json.code).toBe(2);
    expect(json.stderr).toContain(
      '--impl "handlers.json" must name a TypeScript or JavaScript module (.ts, .mts, .cts, .tsx, .js or .mjs)',
    );
    const twice = await cli('generate', ...args, '--impl', 'other.ts');
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('--impl is given more than once; name one handlers file');
  });

  it('is listed in --help', async () => {
    const r = await cli('generate', '--help');
    expect(r.stdout).toContain('--impl');
  });
});

describe('asmxgen check --impl', () => {
  it('exits 1 listing the operations without a handler, and 0 once generate added stubs (stubs and orphans only warn)', async () => {
    const { impl, args } = await project('added-and-removed');
    expect((await cli('generate', ...args.slice(0, 4))).code).toBe(0);

    const failing = await cli('check', ...args);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toBe(
      `asmxgen: ${impl} lacks a handler for 2 operations: RefreshToken, GetServerTime.\n` +
        `Run \`asmxgen generate --impl ${impl}\` with the same options to add a stub for each.\n`,
    );
    expect(failing.stdout).toContain(
      `asmxgen: warning: ${impl}: 1 handler names no operation of AuthenticationWebService: LoginOut ` +
        '(generate marks LoginOut).\n',
    );

    expect((await cli('generate', ...args)).code).toBe(0);
    const passing = await cli('check', ...args);
    expect(passing.stderr).toBe('');
    expect(passing.code).toBe(0);
    expect(passing.stdout).not.toContain('has a handler for every operation');
    expect(passing.stdout).toContain(
      `asmxgen: warning: ${impl}: 2 of 4 handlers are still the stubs generate wrote (throwing "… is not ` +
        'implemented yet."): RefreshToken, GetServerTime. Implement them (--no-stubs fails on them).\n',
    );
    expect(passing.stdout).toContain(
      `asmxgen: warning: ${impl}: 1 handler names no operation of AuthenticationWebService: LoginOut.\n`,
    );
  });

  it('exits 1 when the impl file does not exist yet', async () => {
    const { impl, args } = await project('created');
    expect((await cli('generate', ...args.slice(0, 4))).code).toBe(0);
    const r = await cli('check', ...args);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `asmxgen: ${impl} does not exist.\n` +
        `Run \`asmxgen generate --impl ${impl}\` with the same options to create it with a stub for each of the 5 operations.\n`,
    );
  });

  it('only warns when it cannot tell which operations a spreading handlers object lacks', async () => {
    const { impl, args } = await project('spread');
    expect((await cli('generate', ...args.slice(0, 4))).code).toBe(0);
    const r = await cli('check', ...args);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('has a handler for every operation');
    expect(r.stdout).toContain(`asmxgen: warning: ${impl}: the handlers object has members asmxgen cannot name`);
  });

  it('exits 2 for an impl file it cannot read as TypeScript', async () => {
    const { args } = await project('syntax-error');
    expect((await cli('check', ...args)).code).toBe(2);
  });
});
