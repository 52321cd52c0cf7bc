// Runs a program, resolving with its exit code and output (stdout and stderr together); never rejects.
import { spawn } from 'node:child_process';

export function runTool(command, args, { cwd, timeoutMs = 300_000 } = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (error) => {
      clearTimeout(timer);
      done({ code: 127, out: String(error.message) });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code: code ?? 1, out });
    });
  });
}

/**
 * Mono's own runtime sometimes aborts on an internal assertion under load (`* Assertion at …`, SIGABRT), between
 * two Mono peers as well as against ours: a crash of the peer, not an answer. Runs a Mono program once more then;
 * `before` runs before each run (to forget what a crashed run left).
 */
export async function runMono(args, { before, ...options } = {}) {
  before?.();
  const first = await runTool('/usr/bin/mono', args, options);
  if (!monoCrashed(first)) return first;
  before?.();
  return runTool('/usr/bin/mono', args, options);
}

function monoCrashed(run) {
  return (
    run.code !== 0 &&
    /\* Assertion|SIGABRT|Native stacktrace|monoeg_assertion_message|External Debugger Dump/.test(run.out)
  );
}
