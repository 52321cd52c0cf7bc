/**
 * Tests that drive a real peer (Python's zeep, Mono, Chromium) need programs
 * npm does not install. On a developer's machine without them such a test is
 * skipped, with a one-line reason naming the Debian package to install; on CI
 * (`CI=true`), where `.ci/run` installs them, a missing program fails the test.
 */
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';

export interface ProgramRequirement {
  /** What the tests need, for the reason line: `Python 3 with zeep`. */
  readonly what: string;
  /** The Debian packages that provide it: `python3-zeep`. */
  readonly packages: string;
  /** Executables that must exist, absolute paths. */
  readonly programs: readonly string[];
  /** Other files that must be readable (libraries), absolute paths. */
  readonly files?: readonly string[];
  /** A command that must exit 0 within 30 s, e.g. `['/usr/bin/python3', '-c', 'import zeep']`. */
  readonly probe?: readonly [string, ...string[]];
}

export interface ProgramCheck {
  readonly available: boolean;
  /** One line: what is missing and what to install; `''` when available. */
  readonly reason: string;
  /**
   * First thing in a test that needs the program: returns when it is there;
   * otherwise skips the test with `reason` (also printed once, as one line on
   * stderr: the default reporter shows no skip notes) or, on CI, fails it.
   */
  need(ctx: SkippableContext): void;
}

/** What `need` uses of vitest's test context. */
export interface SkippableContext {
  skip(note?: string): never;
  readonly task?: { readonly file?: { readonly name: string } };
}

/** `CI` set to anything but empty, `0` or `false` (`.ci/run` sets `CI=true`). */
export function onCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

export function requireProgram(
  requirement: ProgramRequirement,
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): ProgramCheck {
  const problem = findProblem(requirement);
  const reason =
    problem === undefined ? '' : `needs ${requirement.what} (apt-get install ${requirement.packages}): ${problem}`;
  let logged = false;
  return {
    available: problem === undefined,
    reason,
    need(ctx) {
      if (problem === undefined) return;
      if (onCi(env)) throw new Error(`CI=true and this test ${reason}`);
      if (!logged) log(`skipped${ctx.task?.file ? ` ${ctx.task.file.name}` : ''}: ${reason}`);
      logged = true;
      ctx.skip(reason);
    },
  };
}

function findProblem(requirement: ProgramRequirement): string | undefined {
  for (const program of requirement.programs) {
    try {
      accessSync(program, constants.X_OK);
    } catch {
      return `${program} is missing`;
    }
  }
  for (const file of requirement.files ?? []) {
    try {
      accessSync(file, constants.R_OK);
    } catch {
      return `${file} is missing`;
    }
  }
  if (!requirement.probe) return undefined;
  const [command, ...args] = requirement.probe;
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 30_000 });
  if (result.status === 0) return undefined;
  const output = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').pop() ?? '';
  return `\`${requirement.probe.join(' ')}\` failed${output ? `: ${output}` : ''}`;
}
