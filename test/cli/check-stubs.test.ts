/**
 * `check --impl` and the stubs generate wrote: a handler that still only throws "… is not implemented yet."
 * is no implementation. It warns by default and fails with --no-stubs (for CI).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliProcess, tempDir } from './run-cli.js';

const SPEC = `service:
  name: TaxService
  namespace: urn:example:tax
operations:
  - name: GetRate
    parameters: [{ name: zip, type: string }]
    result: double
  - name: Ping
    result: string
  - name: Lookup
    parameters: [{ name: code, type: int }]
    result: string
`;

/** A project with the spec, the output and the handlers file generate wrote (three stubs). */
async function project(): Promise<string> {
  const dir = await tempDir();
  await mkdir(join(dir, 'spec'));
  await writeFile(join(dir, 'spec/tax.yaml'), SPEC);
  await writeFile(
    join(dir, 'asmxgen.config.yaml'),
    'spec: spec/tax.yaml\nout: src/generated\nimpl: src/handlers.ts\ntests: none\n',
  );
  await mkdir(join(dir, 'src'));
  const generate = await cliProcess(['generate'], dir);
  expect(generate.code).toBe(0);
  return dir;
}

/** Replaces Ping's stub by an implementation, as a user does. */
async function implementPing(dir: string): Promise<void> {
  const file = join(dir, 'src/handlers.ts');
  const text = await readFile(file, 'utf8');
  const stub = "throw new SoapFault('Server', 'Ping is not implemented yet.');";
  expect(text).toContain(stub);
  await writeFile(file, text.replace(stub, "return 'pong';"));
}

describe('check --impl and stubs', () => {
  it('warns, listing the handlers still stubs, and passes', async () => {
    const dir = await project();
    await implementPing(dir);
    expect(await cliProcess(['check'], dir)).toEqual({
      code: 0,
      stdout:
        'asmxgen: src/generated/ is up to date (8 files)\n' +
        'asmxgen: warning: src/handlers.ts: 2 of 3 handlers are still the stubs generate wrote (throwing "… is ' +
        'not implemented yet."): GetRate, Lookup. Implement them (--no-stubs fails on them).\n',
      stderr: '',
    });
  });

  it('--no-stubs fails (exit 1) on them, and passes once every handler is implemented', async () => {
    const dir = await project();
    await implementPing(dir);
    expect(await cliProcess(['check', '--no-stubs'], dir)).toEqual({
      code: 1,
      stdout: 'asmxgen: src/generated/ is up to date (8 files)\n',
      stderr:
        'asmxgen: src/handlers.ts: 2 of 3 handlers are still the stubs generate wrote (throwing "… is not ' +
        'implemented yet."): GetRate, Lookup. Implement them, or leave out --no-stubs to only warn.\n',
    });
    const file = join(dir, 'src/handlers.ts');
    const text = await readFile(file, 'utf8');
    await writeFile(
      file,
      text
        .replace("throw new SoapFault('Server', 'GetRate is not implemented yet.');", 'return 0.07;')
        // Doing something before throwing the stub's fault is an implementation (e.g. a guard).
        .replace(
          "throw new SoapFault('Server', 'Lookup is not implemented yet.');",
          "if (input.code > 0) return 'ok';\n    throw new SoapFault('Server', 'Lookup is not implemented yet.');",
        ),
    );
    expect(await cliProcess(['check', '--no-stubs'], dir)).toEqual({
      code: 0,
      stdout:
        'asmxgen: src/generated/ is up to date (8 files)\nasmxgen: src/handlers.ts has a handler for every operation\n',
      stderr: '',
    });
  });

  it('--no-stubs without a handlers file is a usage error', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'tax.yaml'), SPEC);
    expect(await cliProcess(['check', '--spec', 'tax.yaml', '--no-stubs'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'asmxgen: --no-stubs checks your handlers file: name it with --impl FILE (or impl: in the config)\n',
    });
  });

  it('check --help explains the flag', async () => {
    const r = await cliProcess(['check', '--help'], await tempDir());
    expect(r.stdout).toMatch(
      /--stubs +With --impl: handlers still generate's stubs \(they throw "not implemented\s+yet"\)/,
    );
  });
});
