/**
 * The generator against hostile input and a hostile disk: broken and binary
 * specs, a 50 MB spec, read-only and misplaced output folders, paths with
 * spaces and non-ASCII characters, and a process killed (SIGKILL) in the
 * middle of writing. Every failure must be one clear message with exit 2,
 * and no crash may leave a truncated file behind or lose an `--impl` file.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliProcess, ROOT, tempDir, type CliResult } from '../cli/run-cli.js';

const STACK_FRAME = /\n\s+at /;

/**
 * One clear message: exit 2, no stack trace, `asmxgen: ` first, a newline last; nothing on stdout unless
 * `progress` (the files dealt with before the failure).
 */
function expectClearFailure(result: CliResult, progress = false): void {
  expect(result.code).toBe(2);
  if (!progress) expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^asmxgen: /);
  expect(result.stderr.endsWith('\n')).toBe(true);
  expect(result.stderr).not.toMatch(STACK_FRAME);
}

/** The spec problems block: the summary line, then `file:line:column: path: message` lines. */
function expectSpecProblem(result: CliResult, spec: string, message: string | RegExp): void {
  expectClearFailure(result);
  const [summary, ...problems] = result.stderr.trimEnd().split('\n');
  expect(summary).toBe('asmxgen: the spec has 1 problem; nothing was written.');
  expect(problems).toHaveLength(1);
  expect(problems[0]!.startsWith(`${spec}:`)).toBe(true);
  if (typeof message === 'string') expect(problems[0]).toBe(`${spec}:1:1: (root): ${message}`);
  else expect(problems[0]).toMatch(message);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Every file below `dir`, relative path → bytes. */
async function snapshot(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), await readFile(path));
  }
  return files;
}

/** Gives write permission back (so that the temporary folder can be removed by a user who is not root). */
async function makeWritable(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    await chmod(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
}

/** An impl file of the user's own, lacking most handlers: generating with it adds stubs (rewrites it). */
const OLD_IMPL =
  "import type { AuthenticationWebServiceHandlers } from './out/index.js';\n\n" +
  '// My own code: it must survive any crash byte for byte.\n' +
  'export const handlers: AuthenticationWebServiceHandlers = {\n' +
  '  async Authenticate(input) {\n' +
  "    if (!input.requestJson) throw new Error('empty');\n" +
  '  },\n' +
  '} as AuthenticationWebServiceHandlers;\n';

/** One complete in-process run, shared: `out/` from the default spec and `handlers.ts` merged from OLD_IMPL. */
const reference = { dir: '', out: '', merged: '', files: new Map<string, Buffer>() };
beforeAll(async () => {
  reference.dir = await mkdtemp(join(tmpdir(), 'asmxgen-reference-'));
  reference.out = join(reference.dir, 'out');
  const impl = join(reference.dir, 'handlers.ts');
  await writeFile(impl, OLD_IMPL);
  expect((await cli('generate', '--out', reference.out, '--impl', impl)).code).toBe(0);
  reference.merged = await readFile(impl, 'utf8');
  reference.files = await snapshot(reference.out);
});
afterAll(() => rm(reference.dir, { recursive: true, force: true }));

describe('specs that are not specs', () => {
  it('a YAML syntax error: one problem with its position, exit 2, nothing written', async () => {
    const dir = await tempDir();
    const spec = join(dir, 'broken.yaml');
    await writeFile(spec, 'service:\n  name: X\n  namespace: [unclosed\noperations: []\n');
    const out = join(dir, 'out');
    const result = await cli('generate', '--spec', spec, '--out', out);
    expectSpecProblem(result, spec, /^.*broken\.yaml:\d+:\d+: \(root\): invalid YAML: /);
    expect(await exists(out)).toBe(false);
  });

  it.each([
    [
      'random bytes (not UTF-8)',
      () => Buffer.from(Array.from({ length: 8192 }, () => randomInt(128, 256))),
      'cannot read spec: not valid UTF-8',
    ],
    ['NULs and control characters', () => Buffer.from('\u0000\u0001\u0002service\u007f\u0000'), /\(root\): /],
    ['a PNG header', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), /\(root\): /],
    [
      'a YAML list',
      () => Buffer.from('- a\n- b\n'),
      'a spec must be a mapping with "service" and "operations"; got a sequence',
    ],
    [
      'an empty file',
      () => Buffer.alloc(0),
      'a spec must be a mapping with "service" and "operations"; got an empty document',
    ],
    ['a YAML alias bomb (never expanded)', () => Buffer.from(aliasBomb()), /: service: expected a mapping\n$/],
  ])('%s: one clear problem, exit 2, nothing written', async (_name, bytes, message) => {
    const dir = await tempDir();
    const spec = join(dir, 'spec.yaml');
    await writeFile(spec, bytes());
    const out = join(dir, 'out');
    const started = performance.now();
    const result = await cli('generate', '--spec', spec, '--out', out);
    expect(performance.now() - started).toBeLessThan(5000);
    if (typeof message === 'string') expectSpecProblem(result, spec, message);
    else expectClearFailure(result);
    expect(result.stderr).toMatch(message);
    expect(await exists(out)).toBe(false);
  });

  it('a 50 MB spec: refused by its size before it is read, exit 2, at once', async () => {
    const dir = await tempDir();
    const spec = join(dir, 'huge.yaml');
    await writeFile(spec, '');
    await truncate(spec, 50 * 1024 * 1024);
    const started = performance.now();
    const result = await cli('generate', '--spec', spec, '--out', join(dir, 'out'));
    expect(performance.now() - started).toBeLessThan(2000);
    expectSpecProblem(result, spec, 'spec is too large (50.0 MiB); the limit is 16 MiB');
    expect(await exists(join(dir, 'out'))).toBe(false);
  });

  it('a spec that is a folder: exit 2', async () => {
    const dir = await tempDir();
    const result = await cli('generate', '--spec', dir, '--out', join(dir, 'out'));
    expectSpecProblem(result, dir, 'cannot read spec: is a directory');
  });
});

/** A document whose aliases expand exponentially (the YAML "billion laughs"). */
function aliasBomb(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 10; i++) {
    const previous = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
  }
  lines.push('service: *j');
  return `${lines.join('\n')}\n`;
}

describe('output folders the generator cannot use', () => {
  it('an existing read-only output folder (as an unprivileged user): exit 2, nothing written', async () => {
    const dir = await tempDir();
    await chmod(dir, 0o755);
    const out = join(dir, 'ro');
    await mkdir(out);
    await chmod(out, 0o555);
    const result = await cliProcess(['generate', '--out', out], ROOT, { unprivileged: true });
    await chmod(out, 0o755);
    expectClearFailure(result);
    expect(result.stderr).toBe(
      `asmxgen: Cannot write "${out}/.asmxgen-manifest.json": permission denied. ` +
        'Check the permissions of the folder, or choose another output folder.\n',
    );
    expect(await readdir(out)).toEqual([]);
  });

  it('a generated folder made read-only, regenerated with changes: exit 2, every file left as it was', async () => {
    const dir = await tempDir();
    await chmod(dir, 0o755);
    const out = join(dir, 'out');
    await cp(reference.out, out, { recursive: true });
    const before = await snapshot(out);
    for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
      await chmod(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o555 : 0o444);
    }
    await chmod(out, 0o555);
    const result = await cliProcess(['generate', '--out', out, '--base-url', 'https://changed.example'], ROOT, {
      unprivileged: true,
    });
    await makeWritable(out);
    expectClearFailure(result, true);
    expect(result.stderr).toMatch(
      /^asmxgen: Cannot write ".*": permission denied\. Check the permissions of the folder, or choose another output/,
    );
    expect(await snapshot(out)).toEqual(before);
  });

  it('an output path that is a file: exit 2, the file untouched', async () => {
    const dir = await tempDir();
    const file = join(dir, 'not-a-folder');
    await writeFile(file, 'mine');
    const result = await cli('generate', '--out', file);
    expectClearFailure(result);
    expect(result.stderr).toBe(
      `asmxgen: Cannot use "${file}" as the output folder: it is a file, not a folder. ` +
        'Choose another output folder, or move the file out of the way.\n',
    );
    expect(await readFile(file, 'utf8')).toBe('mine');
  });

  it('paths with spaces and non-ASCII characters work: generate, check, --impl', async () => {
    const dir = join(await tempDir(), 'a folder', 'ünïcødé 目录 ✓');
    await mkdir(dir, { recursive: true });
    const out = join(dir, 'out put');
    const impl = join(dir, 'hand lers é.ts');
    const generated = await cli('generate', '--out', out, '--impl', impl);
    expect([generated.code, generated.stderr]).toEqual([0, '']);
    expect((await readFile(impl, 'utf8')).match(/async \w+\(input, ctx\)/g)).toHaveLength(20);
    const checked = await cli('check', '--out', out, '--impl', impl);
    expect([checked.code, checked.stderr]).toEqual([0, '']);
    expect(checked.stdout).toContain('is up to date (');
    const index = await readFile(join(out, 'index.ts'), 'utf8');
    expect(index).toContain('createAuthenticationWebServiceServer');
  });
});

describe('a generate killed (SIGKILL) in the middle of writing', () => {
  /** Starts `asmxgen generate` and kills it at a random moment of its writing; resolves once it is gone. */
  function generateAndKill(
    out: string,
    impl: string,
    baseUrl: string,
    target: number,
  ): Promise<{ killedAfterMs: number; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [join(ROOT, 'bin/asmxgen.js'), 'generate', '--out', out, '--impl', impl, '--base-url', baseUrl],
        {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      const started = performance.now();
      let killedAfterMs = -1;
      const kill = () => {
        if (killedAfterMs >= 0) return;
        killedAfterMs = performance.now() - started;
        child.kill('SIGKILL');
      };
      // One line per file dealt with (written, updated or unchanged: 55 of them, the impl after them): kill once
      // `target` lines have come out, while the next write is under way.
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.split('\n').length > target) kill();
      });
      child.on('exit', () => resolve({ killedAfterMs, output }));
    });
  }

  const TEMP_FILE = /(^|\/)\.[^/]+\.[0-9a-f]{12}\.tmp$/;
  const normalize = (bytes: Buffer) =>
    bytes.toString('utf8').replace(/http:\/\/run\d\.test:8080/g, 'http://localhost:8080');

  it('never truncates a file or loses the impl; generating again gives exactly the generated folder', async () => {
    const dir = await tempDir();
    const out = join(dir, 'out');
    const impl = join(dir, 'handlers.ts');
    // What a complete run leaves: the shared reference, generated in-process elsewhere.
    const { merged, files: expected } = reference;
    expect(merged).not.toBe(OLD_IMPL);
    for (let run = 0; run < 3; run++) {
      await writeFile(impl, OLD_IMPL);
      // A base URL as long as the default one, so that only the address differs from the reference's bytes.
      // Random moments, the last run right after the output files, when the impl is being written.
      await generateAndKill(out, impl, `http://run${run}.test:8080`, run === 2 ? 55 : randomInt(1, 56));
      // The impl is the user's file, or the completely merged one: never a part.
      expect([OLD_IMPL, merged]).toContain(await readFile(impl, 'utf8'));
      // Every file on disk is whole: what one of the runs wrote, complete (atomic writes), or a temporary file.
      for (const [path, bytes] of (await exists(out)) ? await snapshot(out) : []) {
        if (TEMP_FILE.test(path)) continue;
        expect(expected.has(path), `unexpected file ${path}`).toBe(true);
        expect(normalize(bytes), `${path} is not whole`).toBe(expected.get(path)!.toString('utf8'));
      }
    }
    const final = await cli('generate', '--out', out, '--impl', impl, '--base-url', 'http://localhost:8080');
    expect([final.code, final.stderr]).toEqual([0, '']);
    expect(await readFile(impl, 'utf8')).toBe(merged);
    // Exactly the generated folder: the temporary files a killed run may have left are gone too.
    expect(await snapshot(out)).toEqual(expected);
    const check = await cli('check', '--out', out, '--impl', impl);
    expect([check.code, check.stderr]).toEqual([0, '']);
  }, 60_000);

  // A crash between creating an atomic write's temporary file (`.<name>.<12 hex>.tmp`, see atomic-write.ts)
  // and its rename leaves that file behind; the next `generate` removes it (and nothing else of that shape).
  it('a temporary file left by a crash is removed by the next generate, and check passes', async () => {
    const out = join(await tempDir(), 'out');
    // Vendored, for a subfolder (runtime/) to leave a temporary file in.
    expect((await cli('generate', '--out', out, '--runtime', 'vendor')).code).toBe(0);
    // Exactly what a SIGKILL between open() and rename() in atomicWriteFile leaves behind.
    await writeFile(join(out, '.AuthenticationWebService.wsdl.0123456789ab.tmp'), '<?xml version="1.0" enc');
    await writeFile(join(out, 'runtime', '.server.ts.ba9876543210.tmp'), '');
    await writeFile(join(out, '.notes.txt.0123456789ab.tmp'), 'not a file asmxgen writes');
    expect((await cli('generate', '--out', out, '--runtime', 'vendor')).code).toBe(0);
    const check = await cli('check', '--out', out, '--runtime', 'vendor');
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/^added {4}\.notes\.txt\.0123456789ab\.tmp \(not written by asmxgen/m);
    expect(check.stderr.match(/^added /gm)).toHaveLength(1);
  });

  it('a temporary file left beside the impl by a crash is removed by the next generate; others stay', async () => {
    const dir = await tempDir();
    const impl = join(dir, 'handlers.ts');
    expect((await cli('generate', '--out', join(dir, 'out'), '--impl', impl)).code).toBe(0);
    const merged = await readFile(impl, 'utf8');
    await writeFile(join(dir, '.handlers.ts.0123456789ab.tmp'), merged.slice(0, 100));
    await writeFile(join(dir, '.other.ts.0123456789ab.tmp'), "not asmxgen's");
    const again = await cli('generate', '--out', join(dir, 'out'), '--impl', impl);
    expect([again.code, again.stderr]).toEqual([0, '']);
    expect(await readFile(impl, 'utf8')).toBe(merged);
    expect((await readdir(dir)).sort()).toEqual(['.other.ts.0123456789ab.tmp', 'handlers.ts', 'out']);
  });
});
