/**
 * The one way asmxgen words a name it does not know, wherever the name comes from (a command, an
 * option, an option's value, a field of the spec or of asmxgen.config.yaml):
 * `unknown option --spce; did you mean --spec? Expected one of: --spec, --out, …`.
 */

/** Edit distance (insertions, deletions, substitutions, adjacent swaps), case-insensitive. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const rows = Array.from({ length: x.length + 1 }, (_, i) => [i, ...Array<number>(y.length).fill(0)]);
  for (let j = 1; j <= y.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[x.length]![y.length]!;
}

/**
 * The candidate `given` most likely misspells: the nearest within a third of its length (at least
 * one edit, at most three), or one it starts or that starts it; `undefined` when none is near.
 */
export function nearestName(given: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(given, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const limit = Math.min(3, Math.max(1, Math.floor(given.length / 3)));
  if (best !== undefined && bestDistance <= limit) return best;
  const lower = given.toLowerCase();
  if (lower.length < 3) return undefined;
  return candidates.find((c) => c.toLowerCase().startsWith(lower) || lower.startsWith(c.toLowerCase()));
}

/**
 * `unknown <what> <given>; did you mean <nearest>? Expected one of: <candidates>` (without the
 * question when no candidate is near). `show` writes a name as the user types it (`--spec`; by default quoted,
 * and the list unquoted);
 * `expected` replaces the list of candidates when they are better summed up.
 */
export function unknownNameMessage(
  what: string,
  given: string,
  candidates: readonly string[],
  options: { show?: (name: string) => string; expected?: string } = {},
): string {
  const show = options.show ?? ((name: string) => `"${name}"`);
  const near = nearestName(given, candidates);
  const list = options.expected ?? candidates.map(options.show ?? ((name) => name)).join(', ');
  return near === undefined
    ? `unknown ${what} ${show(given)}; expected one of: ${list}`
    : `unknown ${what} ${show(given)}; did you mean ${show(near)}? Expected one of: ${list}`;
}
