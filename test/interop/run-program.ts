/** Runs a program to its end and collects what it printed; never through a shell. */
import { execFile } from 'node:child_process';

export interface ProgramRun {
  /** The exit code; `null` when a signal (or the time limit) ended it. */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runProgram(
  command: string,
  args: readonly string[],
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<ProgramRun> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: options.cwd, timeout: options.timeoutMs ?? 60_000, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        // A string code is a failure to start it at all (ENOENT, EACCES); a signal (SIGABRT when Mono's runtime
        // aborts) or the time limit leaves the code null, and is a run like any other.
        if (error && typeof error.code === 'string') {
          reject(error);
          return;
        }
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

/** A run's output for an assertion message. */
export function describeRun(run: ProgramRun): string {
  return `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
}

/**
 * Mono's own runtime sometimes aborts on an internal assertion (`* Assertion at …`) under heavy load, in a run
 * between Mono's proxy and Mono's ASMX host as well as against ours: a crash of the peer, not an answer.
 */
export function monoCrashed(run: ProgramRun): boolean {
  return (
    run.code !== 0 &&
    /\* Assertion|Abort|SIGABRT|Native stacktrace|monoeg_assertion_message|External Debugger Dump/.test(run.stderr)
  );
}

/** Runs a Mono program, and once more when Mono crashed (`monoCrashed`); any other outcome is returned as it is. */
export async function runMonoProgram(
  args: readonly string[],
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<ProgramRun> {
  const first = await runProgram('/usr/bin/mono', args, options);
  return monoCrashed(first) ? runProgram('/usr/bin/mono', args, options) : first;
}
