import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliProcess, REFERENCE_WSDL, ROOT, tempDir } from './run-cli.js';
import { snapshot } from './snapshot.js';

describe('asmxgen generate', () => {
  it('writes the reference WSDL byte for byte from the embedded default spec', async () => {
    const out = join(await tempDir(), 'out');
    const r = await cli('generate', '--out', out, '--base-url', 'http://localhost:8080');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect((await readFile(join(out, 'AuthenticationWebService.wsdl'))).equals(await readFile(REFERENCE_WSDL))).toBe(
      true,
    );
    expect(r.stdout).toContain(`  written    ${out}/AuthenticationWebService.wsdl\n`);
    expect(r.stdout).toMatch(
      /asmxgen: wrote .*out\/ from .*: \d+ new, 0 updated, 0 unchanged, 0 removed \(\d+ ms\)\n$/,
    );
  });

  it('is deterministic: a second run changes nothing and leaves identical bytes', async () => {
    const out = join(await tempDir(), 'out');
    await cli('generate', '--out', out);
    const first = await snapshot(out);
    const r = await cli('generate', '--out', out);
    expect(r.stdout).toMatch(/0 new, 0 updated, \d+ unchanged, 0 removed/);
    expect(await snapshot(out)).toEqual(first);
  });

  it('names the addresses after --base-url', async () => {
    const out = join(await tempDir(), 'out');
    await cli('generate', '--out', out, '--base-url', 'https://auth.example.com/');
    const wsdl = await readFile(join(out, 'AuthenticationWebService.wsdl'), 'utf8');
    expect(wsdl).toContain('<soap:address location="https://auth.example.com/AuthenticationWebService.asmx" />');
  });

  it('--dry-run reports the per-file states and writes nothing', async () => {
    const out = join(await tempDir(), 'out');
    const r = await cli('generate', '--out', out, '--dry-run');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`  would write   ${out}/AuthenticationWebService.wsdl\n`);
    expect(r.stdout).toMatch(
      /: \d+ new, 0 to update, 0 unchanged, 0 to remove \(\d+ ms\) \[dry run: nothing written\]\n$/,
    );
    expect(r.stdout).not.toMatch(/\b(written|updated|removed) /);
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a spec with a duplicate operation, a bad XML name and an unknown type: three errors, exit 2, nothing written', async () => {
    const dir = await tempDir();
    const spec = join(dir, 'bad.yaml');
    await writeFile(
      spec,
      [
        'service:',
        '  name: Bad',
        '  namespace: urn:bad',
        'operations:',
        '  - name: Ping',
        '  - name: Ping',
        '  - name: 1st',
        '  - name: Pong',
        '    result: money',
        '',
      ].join('\n'),
    );
    const out = join(dir, 'out');
    const r = await cli('generate', '--spec', spec, '--out', out);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('asmxgen: the spec has 3 problems; nothing was written.');
    expect(lines.slice(1)).toEqual([
      `${spec}:6:11: operations[1].name: duplicate operation "Ping" (first defined at line 5)`,
      `${spec}:7:11: operations[2].name: invalid operation name "1st": it is not a valid XML name (must start with a letter or "_" and contain only letters, digits, "_", "-" and ".")`,
      expect.stringMatching(
        new RegExp(
          `^${spec}:9:13: operations\\[3\\]\\.result: unknown type "money"; expected one of: string, boolean, `,
        ),
      ),
    ]);
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  it('explains a missing output parent in one paragraph, exit 2', async () => {
    const out = join(await tempDir(), 'no', 'such', 'out');
    const r = await cli('generate', '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `asmxgen: Cannot create the output folder "${out}": its parent folder "${join(out, '..')}" does not exist. ` +
        'Create the parent folder first, or choose another output folder.\n',
    );
  });

  it('explains an output path under a file, exit 2, no stack trace', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'file'), 'x');
    const r = await cli('generate', '--out', join(dir, 'file', 'out'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^asmxgen: Cannot use ".*file\/out" as the output folder: ".*file" is a file, not a folder\./,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('explains a read-only output parent (as an unprivileged user: root ignores permissions)', async () => {
    const dir = await tempDir();
    const parent = join(dir, 'ro');
    await mkdir(parent);
    await chmod(dir, 0o755);
    await chmod(parent, 0o555);
    const out = join(parent, 'out');
    const r = await cliProcess(['generate', '--out', out], ROOT, { unprivileged: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `asmxgen: Cannot create the output folder "${out}": permission denied. ` +
        'Check the permissions of the folder, or choose another output folder.\n',
    );
  });

  it.skipIf(!existsSync('/proc/self'))(
    'fails fast where the file system refuses folders (--out /proc/x), exit 2, for the output and the impl file',
    async () => {
      const started = Date.now();
      const r = await cliProcess(['generate', '--out', '/proc/x'], ROOT, { timeoutMs: 20_000 });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        'asmxgen: Cannot create the output folder "/proc/x": the file system does not allow creating the folder ' +
          '"/proc/x". Choose a path on an ordinary disk.\n',
      );
      const imported = await cliProcess(['import', REFERENCE_WSDL, '--out', '/proc/x/spec.yaml'], ROOT, {
        timeoutMs: 20_000,
      });
      expect(imported.code).toBe(2);
      expect(imported.stderr).toMatch(/^asmxgen: Cannot write "\/proc\/x\/spec\.yaml": the file system does not allow/);
      expect(Date.now() - started).toBeLessThan(20_000);
    },
    45_000,
  );

  it('explains a missing spec file', async () => {
    const r = await cli('generate', '--spec', '/nonexistent/spec.yaml', '--out', join(await tempDir(), 'o'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^asmxgen: the spec has 1 problem; nothing was written\.\n\/nonexistent\/spec\.yaml:1:1: /,
    );
  });
});

describe('asmxgen as a process', () => {
  it('--help lists the commands', async () => {
    const r = await cliProcess(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/asmxgen generate\s+Generate/);
    expect(r.stdout).toMatch(/asmxgen check\s+Exit 1/);
  });

  it('an unknown command is a usage error with exit 2', async () => {
    const r = await cliProcess(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'asmxgen: unknown command frobnicate; expected one of: init, generate, check, serve, proxy, import, diff, replay\n' +
        'Run `asmxgen --help` for the commands and options.\n',
    );
  });

  it('words every unknown name the same way, with the nearest known one (commands, options, values)', async () => {
    const command = await cli('generat');
    expect(command.code).toBe(2);
    expect(command.stderr).toMatch(/^asmxgen: unknown command generat; did you mean generate\? Expected one of: /);
    const option = await cli('generate', '--spce', 'x.yaml');
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(
      /^asmxgen: generate: unknown option --spce; did you mean --spec\? Expected one of: .*--out/,
    );
    expect(option.stderr).toContain('Run `asmxgen generate --help` for its options.');
    const serve = await cli('serve', '--imp', 'h.ts');
    expect(serve.stderr).toMatch(/^asmxgen: serve: unknown option --imp; did you mean --impl\? /);
    const value = await cli('generate', '--runtime', 'vendr');
    expect(value.code).toBe(2);
    expect(value.stderr).toBe(
      'asmxgen: --runtime: unknown value "vendr"; did you mean "vendor"? Expected one of: package, vendor\n' +
        'Run `asmxgen generate --help` for its options.\n',
    );
  });

  it('names a one-letter option as it was typed, and the one option that starts with its letter', async () => {
    const short = await cli('import', 'x.wsdl', '-o', 'spec.yaml');
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/^asmxgen: import: unknown option -o; did you mean --out\? Expected one of: .*--out,/);
    const cluster = await cli('generate', '-sx', 'spec.yaml');
    expect(cluster.stderr).toMatch(/^asmxgen: generate: unknown option -s; did you mean --spec\? /m);
    expect(cluster.stderr).toMatch(/^generate: unknown option -x; expected one of: /m);
    const ambiguous = await cli('generate', '-v');
    expect(ambiguous.stderr).toMatch(/^asmxgen: generate: unknown option -v; expected one of: --verbose, /);
    const long = await cli('import', 'x.wsdl', '--o', 'spec.yaml');
    expect(long.stderr).toMatch(/^asmxgen: import: unknown option --o; expected one of: /);
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await cliProcess(['--version']);
    expect(r).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('serve --port abc names the option and what it accepts, without NaN', async () => {
    const r = await cliProcess(['serve', '--port', 'abc']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'asmxgen: --port "abc" is not a whole number from 0 to 65535 (0: any free port)\n' +
        'Run `asmxgen serve --help` for its options.\n',
    );
    const workers = await cli('serve', '--workers', '1.5');
    expect(workers.stderr).toContain('--workers "1.5" is not a whole number from 1 to 256');
  });

  it('each command lists only the options it reads, described for what it does with them', async () => {
    const serve = (await cli('serve', '--help')).stdout;
    expect(serve).not.toMatch(/--out\b/);
    expect(serve).not.toMatch(/--base-url\b/);
    expect(serve).toMatch(/--impl\s+Your handlers file \(\.ts, \.js or \.mjs\)/);
    const check = (await cli('check', '--help')).stdout;
    expect(check).not.toContain('created if missing');
    expect(check).toMatch(/--out\s+The output folder to compare with what generate would write/);
    expect(check).toMatch(/--impl\s+Your handlers file \(\.ts, \.js or \.mjs\): also fail when it lacks a handler/);
    const generate = (await cli('generate', '--help')).stdout;
    expect(generate).toMatch(/--out\s+Output folder \(created if missing; its parent must exist\)/);
  });

  it('generate --help lists its options with defaults (in a folder without a config)', async () => {
    const r = await cliProcess(['generate', '--help'], await tempDir());
    expect(r.stdout).toMatch(/--spec [\s\S]*the embedded spec\/authentication-web-service\.yaml/);
    expect(r.stdout).toMatch(/--out [\s\S]*default: "generated"/);
    expect(r.stdout).toMatch(/--base-url [\s\S]*default: "http:\/\/localhost:8080"/);
    expect(r.stdout).toMatch(/--dry-run/);
    expect(r.stdout).toMatch(/--watch/);
  });

  it('a reader that stops early (`generate | head -1`): no stack trace, exit 0, the whole output written', async () => {
    const dir = await tempDir();
    const child = spawn(process.execPath, [join(ROOT, 'bin/asmxgen.js'), 'generate', '--out', join(dir, 'out')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Read the first chunk of stdout, then close the pipe, as `head -1` does.
    child.stdout.once('data', () => child.stdout.destroy());
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect((await readdir(join(dir, 'out'))).sort()).toEqual((await readdir(join(ROOT, 'generated'))).sort());
  });
});
