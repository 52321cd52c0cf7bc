/**
 * Server throughput and latency: autocannon (in this process) against each server (each in its own
 * process). A round gives each contender `seconds` one-second slices, interleaved: slice 1 of every
 * contender, then slice 2 of every contender, the order rotated from slice to slice, so that a machine whose
 * speed drifts (a shared one does, by tens of percent within a minute) slows every contender of a round
 * alike; before each slice, the server loaded last gets 300 ms to settle. Ratios are taken within a round,
 * then their median across rounds.
 */
import { load, median, rotate, sleep, startServer, type LoadResult, type RunningServer } from './lib.js';
import { LIBRARY_REQUESTS, REQUESTS, type BenchRequest } from './requests.js';
import type { ServerKind } from './server-child.js';

export interface ServerContender {
  readonly id: string;
  readonly server: ServerKind;
  readonly request: BenchRequest;
  /** What every good reply's body holds; `''`: the body is empty. */
  readonly expect: string;
}

/**
 * The generated servers' handlers are `async` (what `--impl` stubs are, and what most handlers are), and
 * plain functions in the rows marked `sync`.
 */
export const SERVER_CONTENDERS: readonly ServerContender[] = [
  { id: 'generated soap11', server: 'generated', request: REQUESTS.soap11, expect: 'AuthenticateResponse' },
  { id: 'generated soap11 sync', server: 'generated-sync', request: REQUESTS.soap11, expect: 'AuthenticateResponse' },
  { id: 'generated soap12', server: 'generated', request: REQUESTS.soap12, expect: 'AuthenticateResponse' },
  { id: 'generated httpGet', server: 'generated', request: REQUESTS.httpGet, expect: '' },
  { id: 'generated httpPost', server: 'generated', request: REQUESTS.httpPost, expect: '' },
  // node-soap serves SOAP only, and answers SOAP 1.2 requests with 1.1 envelopes: compared on SOAP 1.1.
  { id: 'node-soap soap11', server: 'node-soap', request: REQUESTS.soap11, expect: 'AuthenticateResponse' },
  { id: 'bare node:http', server: 'bare', request: REQUESTS.soap11, expect: 'AuthenticateResponse' },
  // The complex-type case: Library over SOAP 1.1.
  { id: 'generated GetBook', server: 'library', request: LIBRARY_REQUESTS.GetBook, expect: '<Title>Tom &amp; Jerry' },
  {
    id: 'generated GetBook sync',
    server: 'library-sync',
    request: LIBRARY_REQUESTS.GetBook,
    expect: '<Title>Tom &amp; Jerry',
  },
  {
    id: 'node-soap GetBook',
    server: 'node-soap-library',
    request: LIBRARY_REQUESTS.GetBook,
    expect: 'Tom &amp; Jerry',
  },
  {
    id: 'generated EchoBook',
    server: 'library',
    request: LIBRARY_REQUESTS.EchoBook,
    expect: '<Title>Tom &amp; Jerry',
  },
  {
    id: 'generated EchoBook sync',
    server: 'library-sync',
    request: LIBRARY_REQUESTS.EchoBook,
    expect: '<Title>Tom &amp; Jerry',
  },
  {
    id: 'node-soap EchoBook',
    server: 'node-soap-library',
    request: LIBRARY_REQUESTS.EchoBook,
    expect: 'Tom &amp; Jerry',
  },
];

export interface ServerSettings {
  readonly rounds: number;
  readonly seconds: number;
  readonly connections: number;
  /** Only the contenders whose id matches (`--cases=REGEX`), with what their ratios need; all by default. */
  readonly cases?: string;
}

/** A contender's load over a round, and the CPU time its server's process spent meanwhile. */
export interface RoundResult extends LoadResult {
  /** µs of CPU (user and system) of the server's process. */
  readonly cpuUs: number;
}

export interface ContenderSummary {
  readonly id: string;
  readonly rounds: readonly RoundResult[];
  /** Medians over the rounds. */
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** The worst one-second slice's p99. */
  readonly p99Max: number;
  /**
   * The server's CPU time per reply, µs (median of the rounds): what a request costs, less sensitive to other
   * load on a shared machine than requests per second (which also measure how much CPU the server was given).
   */
  readonly cpuUsPerRequest: number;
}

export interface RatioSummary {
  readonly id: string;
  readonly perRound: readonly number[];
  readonly median: number;
  /**
   * The denominator's CPU per request over the numerator's, same round (how many times less CPU the numerator
   * spends on a request): per round, median.
   */
  readonly cpuPerRound: readonly number[];
  readonly cpuMedian: number;
}

export interface ServerResults {
  readonly settings: ServerSettings;
  readonly contenders: readonly ContenderSummary[];
  readonly ratios: readonly RatioSummary[];
  /** Handler calls each instrumented server counted, against the 2xx replies autocannon counted. */
  readonly handlerCalls: Readonly<Record<string, number>>;
}

/** The ratios reported: numerator, denominator (contender ids). */
const RATIOS: readonly [string, string][] = [
  ['generated soap11', 'node-soap soap11'],
  ['generated soap11', 'bare node:http'],
  ['generated soap11 sync', 'node-soap soap11'],
  ['generated soap11 sync', 'bare node:http'],
  ['generated soap11', 'generated soap11 sync'],
  ['generated soap12', 'bare node:http'],
  ['generated httpGet', 'bare node:http'],
  ['generated httpPost', 'bare node:http'],
  // node-soap serves SOAP 1.1 only: the other transports are set against its SOAP 1.1.
  ['generated soap12', 'node-soap soap11'],
  ['generated httpGet', 'node-soap soap11'],
  ['generated httpPost', 'node-soap soap11'],
  ['generated GetBook', 'node-soap GetBook'],
  ['generated GetBook sync', 'node-soap GetBook'],
  ['generated EchoBook', 'node-soap EchoBook'],
  ['generated EchoBook sync', 'node-soap EchoBook'],
];

/** One request per contender, checked, before anything is measured: a contender that fails is no contender. */
async function checkContender(contender: ServerContender, server: RunningServer): Promise<void> {
  const { request } = contender;
  const response = await fetch(server.origin + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const body = await response.text();
  if (response.status !== 200 || (contender.expect === '' ? body !== '' : !body.includes(contender.expect))) {
    throw new Error(`${contender.id}: unexpected reply ${response.status} ${body.slice(0, 300)}`);
  }
}

/**
 * A round of one contender from its one-second slices: requests per second over the whole round; p50 and
 * p99 the medians of the slices' (autocannon reports percentiles, not histograms that could be merged).
 */
const SETTLE_MS = 300;

function joinSlices(slices: readonly RoundResult[]): RoundResult {
  const sum = (pick: (r: RoundResult) => number) => slices.reduce((total, r) => total + pick(r), 0);
  return {
    cpuUs: sum((r) => r.cpuUs),
    rps: sum((r) => r.total) / slices.length,
    total: sum((r) => r.total),
    p50: median(slices.map((r) => r.p50)),
    p99: median(slices.map((r) => r.p99)),
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
  };
}

/** The contenders whose id matches `cases`, and those the ratios of these need. */
function selectContenders(cases: string | undefined): readonly ServerContender[] {
  if (cases === undefined) return SERVER_CONTENDERS;
  const pattern = new RegExp(cases);
  const wanted = new Set(SERVER_CONTENDERS.filter((c) => pattern.test(c.id)).map((c) => c.id));
  for (const [a, b] of RATIOS) if (wanted.has(a)) wanted.add(b);
  return SERVER_CONTENDERS.filter((c) => wanted.has(c.id));
}

export async function benchServers(settings: ServerSettings, log: (line: string) => void): Promise<ServerResults> {
  const SERVER_CONTENDERS = selectContenders(settings.cases);
  const kinds = [...new Set(SERVER_CONTENDERS.map((c) => c.server))];
  const servers = new Map<ServerKind, RunningServer>();
  try {
    for (const kind of kinds) servers.set(kind, await startServer(kind));
    for (const contender of SERVER_CONTENDERS) await checkContender(contender, servers.get(contender.server)!);
    log(`server: warming up (1 s each)`);
    for (const contender of SERVER_CONTENDERS) {
      await load(servers.get(contender.server)!.origin, contender.request, {
        connections: settings.connections,
        duration: 1,
      });
    }
    const results = new Map<string, RoundResult[]>(SERVER_CONTENDERS.map((c) => [c.id, []]));
    const worstP99 = new Map<string, number>(SERVER_CONTENDERS.map((c) => [c.id, 0]));
    for (let round = 0; round < settings.rounds; round++) {
      const slices = new Map<string, RoundResult[]>(SERVER_CONTENDERS.map((c) => [c.id, []]));
      for (let slice = 0; slice < settings.seconds; slice++) {
        for (const contender of rotate(SERVER_CONTENDERS, round + slice)) {
          // The server loaded last gets time to settle (its connections closed, its garbage collected).
          await sleep(SETTLE_MS);
          const server = servers.get(contender.server)!;
          const before = (await server.stats()).cpu;
          const loaded = await load(server.origin, contender.request, {
            connections: settings.connections,
            duration: 1,
          });
          const after = (await server.stats()).cpu;
          const result = { ...loaded, cpuUs: after.user + after.system - before.user - before.system };
          if (result.errors > 0 || result.non2xx > 0) {
            throw new Error(`${contender.id}: ${result.errors} errors, ${result.non2xx} non-2xx replies under load`);
          }
          slices.get(contender.id)!.push(result);
          worstP99.set(contender.id, Math.max(worstP99.get(contender.id)!, result.p99));
        }
      }
      for (const contender of SERVER_CONTENDERS) {
        const result = joinSlices(slices.get(contender.id)!);
        results.get(contender.id)!.push(result);
        log(
          `server: round ${round + 1}/${settings.rounds} ${contender.id.padEnd(23)} ${result.rps.toFixed(0).padStart(6)} req/s` +
            `  p50 ${result.p50} ms  p99 ${result.p99} ms  ${(result.cpuUs / result.total).toFixed(0)} µs CPU/request`,
        );
      }
    }
    // Every measured 2xx reply must have called the handler: a server answering without calling it is no contender.
    const handlerCalls: Record<string, number> = {};
    for (const [kind, server] of servers) {
      if (kind === 'bare') continue;
      handlerCalls[kind] = (await server.stats()).calls;
      const replies = SERVER_CONTENDERS.filter((c) => c.server === kind)
        .flatMap((c) => results.get(c.id)!)
        .reduce((sum, r) => sum + r.total, 0);
      if (handlerCalls[kind] < replies)
        throw new Error(`${kind}: ${handlerCalls[kind]} handler calls for ${replies} replies`);
    }
    const contenders = SERVER_CONTENDERS.map((c) => {
      const rounds = results.get(c.id)!;
      return {
        id: c.id,
        rounds,
        rps: median(rounds.map((r) => r.rps)),
        p50: median(rounds.map((r) => r.p50)),
        p99: median(rounds.map((r) => r.p99)),
        p99Max: worstP99.get(c.id)!,
        cpuUsPerRequest: median(rounds.map((r) => r.cpuUs / r.total)),
      };
    });
    const perRequest = (r: RoundResult) => r.cpuUs / r.total;
    const ratios = RATIOS.filter(([a, b]) => results.has(a) && results.has(b)).map(([a, b]) => {
      const perRound = results.get(a)!.map((r, i) => r.rps / results.get(b)![i]!.rps);
      const cpuPerRound = results.get(a)!.map((r, i) => perRequest(results.get(b)![i]!) / perRequest(r));
      return { id: `${a} / ${b}`, perRound, median: median(perRound), cpuPerRound, cpuMedian: median(cpuPerRound) };
    });
    return { settings, contenders, ratios, handlerCalls };
  } finally {
    for (const server of servers.values()) await server.stop();
  }
}
