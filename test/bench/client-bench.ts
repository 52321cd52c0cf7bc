/**
 * Client throughput: the generated client and node-soap's, each in its own process, calling `Authenticate`
 * over SOAP 1.1 on the bare server (its constant void reply is a correct answer for both), one call at a
 * time and 64 at a time. Each round gives every client its time in `slices` short slices, the clients taking
 * turns slice by slice, so that a machine busy with other work slows them alike. `undici` and `node-http` (the
 * request's bytes sent with undici or `node:http`, nothing built or parsed) are the ceilings of any client on
 * them; `node-net` (the bytes written to a socket and the reply's bytes counted, no HTTP client) the ceiling of
 * any client on this machine.
 */
import type { ClientKind } from './client-child.js';
import { median, rotate, startClient, startServer, type ClientRun, type RunningClient } from './lib.js';
import { ENDPOINT_PATH } from './requests.js';

export interface ClientSettings {
  readonly rounds: number;
  readonly seconds: number;
  readonly concurrency: number;
  /** Slices per client per round (default 6). */
  readonly slices?: number;
}

export interface ClientModeSummary {
  readonly client: ClientKind;
  readonly concurrency: number;
  readonly rounds: readonly ClientRun[];
  /** Median over the rounds. */
  readonly callsPerSecond: number;
  /** The client process's CPU time per call, µs: median over the rounds. */
  readonly cpuPerCall: number;
}

export interface ClientResults {
  readonly settings: ClientSettings;
  readonly runs: readonly ClientModeSummary[];
  /**
   * generated / node-soap, generated / undici, generated / node-http and node-net / node-soap (the most any
   * client could reach)
   * calls per second, per concurrency: per round, median.
   */
  readonly ratios: readonly {
    readonly id: string;
    readonly concurrency: number;
    readonly perRound: readonly number[];
    readonly median: number;
    /** By CPU per call: the other's over this one's (how many times less CPU this one spends on a call). */
    readonly cpuPerRound: readonly number[];
    readonly cpuMedian: number;
  }[];
}

const CLIENTS: readonly ClientKind[] = ['generated', 'node-soap', 'undici', 'node-http', 'node-net'];

export async function benchClients(settings: ClientSettings, log: (line: string) => void): Promise<ClientResults> {
  const server = await startServer('bare');
  const clients: RunningClient[] = [];
  try {
    for (const kind of CLIENTS) clients.push(await startClient(kind, server.origin + ENDPOINT_PATH));
    const modes = [1, settings.concurrency];
    log('client: warming up (1 s each)');
    for (const client of clients) for (const concurrency of modes) await client.run(1000, concurrency);
    const runs = new Map<string, ClientRun[]>();
    const key = (kind: ClientKind, concurrency: number) => `${kind}/${concurrency}`;
    const slices = settings.slices ?? 6;
    for (let round = 0; round < settings.rounds; round++) {
      for (const concurrency of modes) {
        const totals = new Map<ClientKind, ClientRun>();
        for (let slice = 0; slice < slices; slice++) {
          for (const client of rotate(clients, round + slice)) {
            const run = await client.run((settings.seconds * 1000) / slices, concurrency);
            if (run.errors > 0) throw new Error(`${client.kind} client: ${run.errors} failed calls: ${run.firstError}`);
            const total = totals.get(client.kind) ?? { calls: 0, errors: 0, ms: 0, cpuMicros: 0 };
            totals.set(client.kind, {
              calls: total.calls + run.calls,
              errors: 0,
              ms: total.ms + run.ms,
              cpuMicros: total.cpuMicros + run.cpuMicros,
            });
          }
        }
        for (const client of clients) {
          const run = totals.get(client.kind)!;
          const list = runs.get(key(client.kind, concurrency)) ?? [];
          list.push(run);
          runs.set(key(client.kind, concurrency), list);
          log(
            `client: round ${round + 1}/${settings.rounds} ${client.kind.padEnd(9)} x${String(concurrency).padEnd(3)}` +
              ` ${((run.calls * 1000) / run.ms).toFixed(0).padStart(6)} calls/s` +
              ` ${(run.cpuMicros / run.calls).toFixed(1).padStart(6)} µs CPU per call`,
          );
        }
      }
    }
    const rate = (run: ClientRun) => (run.calls * 1000) / run.ms;
    const cpu = (run: ClientRun) => run.cpuMicros / run.calls;
    return {
      settings,
      runs: CLIENTS.flatMap((client) =>
        modes.map((concurrency) => {
          const rounds = runs.get(key(client, concurrency))!;
          return {
            client,
            concurrency,
            rounds,
            callsPerSecond: median(rounds.map(rate)),
            cpuPerCall: median(rounds.map(cpu)),
          };
        }),
      ),
      ratios: (
        [
          ['generated', 'node-soap'],
          ['generated', 'undici'],
          ['generated', 'node-http'],
          ['node-net', 'node-soap'],
        ] as const
      ).flatMap(([one, other]) =>
        modes.map((concurrency) => {
          const ones = runs.get(key(one, concurrency))!;
          const others = runs.get(key(other, concurrency))!;
          const perRound = ones.map((run, i) => rate(run) / rate(others[i]!));
          const cpuPerRound = ones.map((run, i) => cpu(others[i]!) / cpu(run));
          return {
            id: `${one} / ${other}`,
            concurrency,
            perRound,
            median: median(perRound),
            cpuPerRound,
            cpuMedian: median(cpuPerRound),
          };
        }),
      ),
    };
  } finally {
    for (const client of clients) await client.stop();
    await server.stop();
  }
}
