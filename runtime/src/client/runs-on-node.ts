/**
 * Whether the client runs where Node's built-ins are: what decides its
 * default transport (`node:http` there, the global `fetch` elsewhere) and
 * whether an `agent` option can work. Asked of `globalThis`, so it compiles
 * and runs in browsers.
 */

/** Whether this runtime says it is Node (or provides Node's built-ins, as Deno and Bun do). */
export function runsOnNode(): boolean {
  const runtime = (globalThis as { process?: { versions?: { node?: unknown } } }).process;
  return typeof runtime?.versions?.node === 'string';
}
