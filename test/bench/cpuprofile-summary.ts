/**
 * Summarizes a V8 `.cpuprofile` (`node --cpu-prof`): self time per function and per module (a package, a
 * file of asmxgen, Node's internals), and total (inclusive) time per function, each as milliseconds and a
 * share of the profile.
 *
 *   node test/artifacts/bench/js/test/bench/cpuprofile-summary.js <file.cpuprofile> [top]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './paths.js';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface Row {
  readonly name: string;
  readonly ms: number;
  readonly share: number;
}

export interface ProfileSummary {
  /** Sampled time, idle excluded, in ms. */
  readonly busyMs: number;
  readonly idleMs: number;
  readonly selfByFunction: readonly Row[];
  readonly selfByModule: readonly Row[];
  readonly totalByFunction: readonly Row[];
}

const ROOT = REPO_ROOT + '/';

/** `node_modules/prettier`, `dist/generator/emit/ts-module.js`, `node:internal/...`, `(garbage collector)`. */
export function moduleOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  let path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const modules = path.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const rest = path.slice(modules + '/node_modules/'.length).split('/');
    return `node_modules/${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (path.startsWith('node:')) return path.startsWith('node:internal/') ? 'node:internal' : path;
  if (path.startsWith(ROOT)) path = path.slice(ROOT.length);
  return path;
}

function functionKey(frame: CallFrame): string {
  const module = moduleOf(frame);
  const name = frame.functionName || '(anonymous)';
  return frame.url === '' ? name : `${name}  ${module}:${frame.lineNumber + 1}`;
}

export function summarizeProfile(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  // A sample lasts until the next one (as Chrome's DevTools count it); the last one, until the profile's end.
  const durations = new Map<number, number>();
  const { samples, timeDeltas } = profile;
  let time = profile.startTime;
  const stamps = samples.map((_, i) => (time += timeDeltas[i] ?? 0));
  for (let i = 0; i < samples.length; i++) {
    const next = i + 1 < samples.length ? stamps[i + 1]! : profile.endTime;
    const id = samples[i]!;
    durations.set(id, (durations.get(id) ?? 0) + Math.max(0, next - stamps[i]!));
  }

  const self = new Map<string, number>();
  const byModule = new Map<string, number>();
  const total = new Map<string, number>();
  let idle = 0;
  let busy = 0;
  for (const [id, micros] of durations) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    busy += micros;
    add(self, functionKey(frame), micros);
    add(byModule, moduleOf(frame), micros);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = functionKey(byId.get(at)!.callFrame);
      if (key === '(root)' || seen.has(key)) continue;
      seen.add(key);
      add(total, key, micros);
    }
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: micros / 1000, share: busy === 0 ? 0 : micros / busy }));
  return {
    busyMs: busy / 1000,
    idleMs: idle / 1000,
    selfByFunction: rows(self),
    selfByModule: rows(byModule),
    totalByFunction: rows(total),
  };
}

function add(map: Map<string, number>, key: string, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}

/** With `per`, each row also says its time per unit of work (µs per request, per call). */
export function formatSummary(
  title: string,
  summary: ProfileSummary,
  per?: { readonly count: number; readonly unit: string },
): string {
  const each = (ms: number) => (per ? `  ${((ms * 1000) / per.count).toFixed(1).padStart(6)} µs/${per.unit}` : '');
  const table = (heading: string, rows: readonly Row[]) =>
    [
      `  ${heading}`,
      ...rows.map(
        (r) =>
          `    ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(7)} ms${each(r.ms)}  ${r.name}`,
      ),
    ].join('\n');
  return [
    `${title}: ${summary.busyMs.toFixed(0)} ms busy, ${summary.idleMs.toFixed(0)} ms idle`,
    table('self time by module', summary.selfByModule),
    table('self time by function', summary.selfByFunction),
    table('total time by function (callees included)', summary.totalByFunction),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: cpuprofile-summary.ts <file.cpuprofile> [top]');
    process.exit(2);
  }
  console.log(formatSummary(file, summarizeProfile(readProfile(file), Number(process.argv[3] ?? 25))));
}
