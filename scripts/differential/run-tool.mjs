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
