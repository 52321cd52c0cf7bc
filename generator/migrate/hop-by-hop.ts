/**
 * The headers that belong to one connection, not to the message (RFC 9110 §7.6.1): a proxy neither forwards
 * them nor returns them. Also `Expect` (the proxy's own server has answered `100 Continue` already) and `Host`,
 * which names the server the request is sent to.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The lengths of the hop-by-hop names: a name of another length is none of them, told without lower-casing it. */
const HOP_BY_HOP_LENGTHS = new Set([...HOP_BY_HOP].map((name) => name.length));

/** Header name/value pairs as received (`rawHeaders`: names as spelled, in order, repeats kept). */
export type HeaderPairs = readonly (readonly [string, string])[];

/** `rawHeaders` (`[name, value, name, value, …]`) as pairs. */
export function headerPairs(rawHeaders: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) pairs.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  return pairs;
}

/** The pairs without the hop-by-hop headers, nor those the `Connection` header names. */
export function endToEndHeaders(pairs: HeaderPairs, drop: readonly string[] = []): [string, string][] {
  let named: Set<string> | undefined;
  for (const [name, value] of pairs) {
    if (name.length !== 10 || name.toLowerCase() !== 'connection') continue;
    named ??= new Set();
    for (const token of value.split(',')) named.add(token.trim().toLowerCase());
  }
  const kept: [string, string][] = [];
  for (const [name, value] of pairs) {
    if (named !== undefined || HOP_BY_HOP_LENGTHS.has(name.length) || drop.some((d) => d.length === name.length)) {
      const lower = name.toLowerCase();
      if (HOP_BY_HOP.has(lower) || drop.includes(lower) || named?.has(lower)) continue;
    }
    kept.push([name, value]);
  }
  return kept;
}

/** Headers of a request to forward: end to end, `Expect` left out, `Host` naming `host` where the client had it. */
export function forwardedRequestHeaders(pairs: HeaderPairs, host: string): [string, string][] {
  const forwarded = endToEndHeaders(pairs, ['expect']);
  const at = forwarded.findIndex(isHost);
  if (at === -1) return [['Host', host], ...forwarded];
  return forwarded.filter((pair, i) => i === at || !isHost(pair)).map((pair, i) => (i === at ? [pair[0], host] : pair));
}

function isHost([name]: readonly [string, string]): boolean {
  return name.length === 4 && name.toLowerCase() === 'host';
}
