/**
 * The generated server's memory: its RSS after 10^5 SOAP 1.1 requests, and its heap's growth between
 * 10^5 and 2*10^5 requests (a leak check). Measured after full GCs (`--expose-gc`), in a fresh process.
 */
import { load, startServer } from './lib.js';
import { REQUESTS } from './requests.js';

export interface MemorySettings {
  readonly requests: number;
  readonly connections: number;
}

export interface MemorySample {
  readonly requests: number;
  readonly rssBytes: number;
  readonly heapUsedBytes: number;
}

export interface MemoryResults {
  readonly settings: MemorySettings;
  readonly samples: readonly MemorySample[];
  /** heapUsed after 2N requests minus after N. */
  readonly heapGrowthBytes: number;
  /** The growth per request of the second batch. */
  readonly heapGrowthBytesPerRequest: number;
}

export async function benchMemory(settings: MemorySettings, log: (line: string) => void): Promise<MemoryResults> {
  const server = await startServer('generated', ['--expose-gc']);
  try {
    const samples: MemorySample[] = [];
    const sample = async (requests: number) => {
      const stats = await server.stats();
      if (!stats.gc) throw new Error('the server child runs without --expose-gc');
      const entry = { requests, rssBytes: stats.memory.rss, heapUsedBytes: stats.memory.heapUsed };
      samples.push(entry);
      log(
        `memory: after ${requests} requests: rss ${(entry.rssBytes / 2 ** 20).toFixed(1)} MiB, ` +
          `heap used ${(entry.heapUsedBytes / 2 ** 20).toFixed(2)} MiB`,
      );
    };
    await sample(0);
    for (let batch = 1; batch <= 2; batch++) {
      const result = await load(server.origin, REQUESTS.soap11, {
        connections: settings.connections,
        amount: settings.requests,
      });
      if (result.errors > 0 || result.non2xx > 0) throw new Error(`memory: ${result.errors} errors under load`);
      await sample(batch * settings.requests);
    }
    const growth = samples[2]!.heapUsedBytes - samples[1]!.heapUsedBytes;
    return {
      settings,
      samples,
      heapGrowthBytes: growth,
      heapGrowthBytesPerRequest: growth / settings.requests,
    };
  } finally {
    await server.stop();
  }
}
