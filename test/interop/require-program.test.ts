/** The helper the peer tests use: a missing program skips a test on a developer's machine, fails it on CI. */
import { describe, expect, it } from 'vitest';
import { onCi, requireProgram } from './require-program.js';

const MISSING = { what: 'a test program', packages: 'no-such-package', programs: ['/nonexistent/asmxgen-program'] };

/** A stand-in for vitest's test context: records the skip note. */
function fakeContext() {
  const skipped: string[] = [];
  return {
    skipped,
    skip(note?: string): never {
      skipped.push(note ?? '');
      throw new Error('skipped');
    },
  };
}

describe('requireProgram', () => {
  it('a missing program, not on CI: skips with one line naming the program and the package, printed once', () => {
    const printed: string[] = [];
    const check = requireProgram(MISSING, {}, (line) => printed.push(line));
    expect(check.available).toBe(false);
    const ctx = { ...fakeContext(), task: { file: { name: 'test/interop/x.test.ts' } } };
    expect(() => check.need(ctx)).toThrow('skipped');
    expect(() => check.need(ctx)).toThrow('skipped');
    const reason = 'needs a test program (apt-get install no-such-package): /nonexistent/asmxgen-program is missing';
    expect(ctx.skipped).toEqual([reason, reason]);
    expect(printed).toEqual([`skipped test/interop/x.test.ts: ${reason}`]);
    expect(reason).not.toContain('\n');
  });

  it.each(['true', '1', 'TRUE'])('a missing program with CI=%s: fails the test', (ci) => {
    const ctx = fakeContext();
    const printed: string[] = [];
    expect(() => requireProgram(MISSING, { CI: ci }, (line) => printed.push(line)).need(ctx)).toThrow(
      'CI=true and this test needs a test program (apt-get install no-such-package): ' +
        '/nonexistent/asmxgen-program is missing',
    );
    expect(ctx.skipped).toEqual([]);
    expect(printed).toEqual([]);
  });

  it('a probe that fails counts as missing, with its last line of output', () => {
    const check = requireProgram(
      {
        what: 'node with a module',
        packages: 'nodejs',
        programs: [process.execPath],
        probe: [process.execPath, '-e', 'console.error("no module"); process.exit(3)'],
      },
      {},
    );
    expect(check.available).toBe(false);
    expect(check.reason).toMatch(/ failed: no module$/);
  });

  it('a program that is there: the test runs, CI or not', () => {
    const present = {
      what: 'node',
      packages: 'nodejs',
      programs: [process.execPath],
      probe: [process.execPath, '-e', ''],
    } as const;
    for (const env of [{}, { CI: 'true' }]) {
      const check = requireProgram(present, env);
      expect(check.available).toBe(true);
      const ctx = fakeContext();
      check.need(ctx);
      expect(ctx.skipped).toEqual([]);
    }
  });

  it('CI is on when set to anything but empty, 0 or false', () => {
    expect([{}, { CI: '' }, { CI: '0' }, { CI: 'false' }].map((env) => onCi(env))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([{ CI: 'true' }, { CI: '1' }, { CI: 'yes' }].map((env) => onCi(env))).toEqual([true, true, true]);
  });
});
