/** What `generate` and `check` say about an impl file. */
import type { ImplMerge } from './merge-impl.js';

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const list = (names: readonly string[]) => names.join(', ');

/**
 * The `generate` line after the file name, e.g.
 * `src/handlers.ts: 2 stubs added (RefreshToken, GetServerTime); 1 operation no longer in the spec (LoginOut) marked`.
 */
export function describeImplMerge(merge: ImplMerge, file: string, options: { dryRun?: boolean } = {}): string {
  const would = options.dryRun === true;
  if (merge.created) {
    return `${file}: ${would ? 'would be created' : 'created'} with ${count(merge.added.length, 'stub')}`;
  }
  const parts: string[] = [];
  const done = (what: string) => (would ? `would be ${what}` : what);
  if (merge.added.length > 0)
    parts.push(`${count(merge.added.length, 'stub')} ${done('added')} (${list(merge.added)})`);
  if (merge.importAdded) parts.push(`import of SoapFault ${done('added')}`);
  const earlier = merge.orphans.filter((name) => !merge.marked.includes(name));
  if (merge.marked.length > 0) {
    parts.push(
      `${count(merge.marked.length, 'operation')} no longer in the spec (${list(merge.marked)}) ${done('marked')}`,
    );
  }
  if (merge.unmarked.length > 0) {
    const again = merge.unmarked.length === 1 ? 'is an operation again' : 'are operations again';
    parts.push(`${count(merge.unmarked.length, 'marker')} ${done('removed')} (${list(merge.unmarked)} ${again})`);
  }
  if (!merge.changed) parts.unshift('unchanged');
  if (earlier.length > 0) {
    parts.push(`${count(earlier.length, 'operation')} no longer in the spec (${list(earlier)}) already marked`);
  }
  return `${file}: ${parts.join('; ')}`;
}

/**
 * What `check` fails on: operations without a handler (a missing impl file lacks them all);
 * `undefined` when every operation has one. `generateCommand` is the command that fixes it.
 */
export function implCheckFailure(
  merge: ImplMerge,
  file: string,
  options: { exists: boolean; generateCommand: string },
): string | undefined {
  const n = merge.added.length;
  if (n === 0) return undefined;
  const run = `Run \`${options.generateCommand}\` with the same options to`;
  if (merge.created) {
    const each = n === 1 ? 'the operation' : `each of the ${n} operations`;
    return `${file} ${options.exists ? 'is empty' : 'does not exist'}.\n${run} create it with a stub for ${each}.`;
  }
  const lacks = `${file} lacks a handler for ${count(n, 'operation')}: ${list(merge.added)}.`;
  return `${lacks}\n${run} add a stub for ${n === 1 ? 'it' : 'each'}.`;
}

/** What `check` warns about without failing: orphans, stale markers and the merge's own warnings. */
export function implCheckWarnings(merge: ImplMerge, file: string, serviceName: string): string[] {
  const warnings: string[] = [];
  if (merge.orphans.length > 0) {
    const n = merge.orphans.length;
    const unmarked = merge.marked.length > 0 ? ` (generate marks ${list(merge.marked)})` : '';
    warnings.push(
      `${file}: ${count(n, 'handler')} ${n === 1 ? 'names' : 'name'} no operation of ${serviceName}: ` +
        `${list(merge.orphans)}${unmarked}.`,
    );
  }
  if (merge.unmarked.length > 0) {
    const one = merge.unmarked.length === 1;
    warnings.push(
      `${file}: the marker${one ? '' : 's'} above ${list(merge.unmarked)} ${one ? 'is' : 'are'} out of date ` +
        `(${one ? 'it is an operation' : 'they are operations'} again); generate removes ${one ? 'it' : 'them'}.`,
    );
  }
  return [...warnings, ...merge.warnings];
}

/**
 * What `check` says about handlers still the stubs generate wrote (`undefined` when there are none): a warning,
 * or with `--no-stubs` the reason it fails, e.g. `src/handlers.ts: 2 of 3 handlers are still stubs …: A, B.`
 */
export function implStubsMessage(
  merge: ImplMerge,
  file: string,
  operationCount: number,
  failing: boolean,
): string | undefined {
  const n = merge.stubs.length;
  if (n === 0) return undefined;
  const are = n === 1 ? 'handler is' : 'handlers are';
  const stubs = `${n} of ${operationCount} ${are} still the stub${n === 1 ? '' : 's'} generate wrote`;
  const them = n === 1 ? 'it' : 'them';
  return (
    `${file}: ${stubs} (throwing "… is not implemented yet."): ${list(merge.stubs)}. ` +
    (failing
      ? `Implement ${them}, or leave out --no-stubs to only warn.`
      : `Implement ${them} (--no-stubs fails on ${them}).`)
  );
}
