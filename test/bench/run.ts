/**
 * `npm run bench`: server throughput and latency, client throughput, generation time and memory, printed as
 * Markdown tables and written to `test/bench/results.json` with the machine it ran on. Not part of
 * `npm test`: it takes minutes, and its numbers are only meaningful as ratios taken in the same run.
 *
 *   npm run bench                          the full run (~15 minutes), writes test/bench/results.json
 *   npm run bench -- --quick               1 round, short runs, small specs: checks the bench itself
 *   npm run bench -- --only=server,memory  some sections (server, client, proxy, generation, memory, profile)
 *   npm run bench -- --profile             also CPU profiles of the server, the client and a 2,000-operation
 *                                          generate, summarized (test/artifacts/bench/*.txt)
 *   npm run bench -- --only=server --cases='soap11' --rounds=3 --seconds=2
 *                                          the server contenders whose id matches (with those their ratios
 *                                          compare them to), fewer or shorter rounds (server, client and proxy)
 *
 * A partial run (`--quick`, `--only`, `--cases`, `--rounds`, `--seconds`) writes test/artifacts/bench/results.json
 * instead.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { benchClients, type ClientResults } from './client-bench.js';
import { benchGeneration, type GenerationResults } from './generation-bench.js';
import { ARTIFACTS_DIR, REPO_ROOT } from './paths.js';
import { benchMemory, type MemoryResults } from './memory-bench.js';
import { benchProfiles, type ProfileResults } from './profile-bench.js';
import { benchProxy, type ProxyResults } from './proxy-bench.js';
import { benchScale, type ScaleResults } from './scale-bench.js';
import { benchServers, type ServerResults } from './server-bench.js';

const SECTIONS = ['server', 'client', 'proxy', 'generation', 'scale', 'memory', 'profile'] as const;
type Section = (typeof SECTIONS)[number];

interface Target {
  readonly target: string;
  readonly measured: string;
  readonly met: boolean;
}

export interface BenchResults {
  readonly machine: {
    readonly cpu: string;
    readonly cores: number;
    readonly memoryGiB: number;
    readonly node: string;
    readonly platform: string;
    readonly date: string;
    /** The load averages (1, 5, 15 minutes) when the run started, and when it ended. */
    readonly loadAtStart: readonly number[];
    loadAtEnd?: readonly number[];
  };
  readonly command: string;
  readonly server?: ServerResults;
  readonly client?: ClientResults;
  readonly proxy?: ProxyResults;
  readonly generation?: GenerationResults;
  readonly scale?: ScaleResults;
  readonly memory?: MemoryResults;
  readonly targets: readonly Target[];
  readonly profiles?: ProfileResults;
}

function parseArgs(args: readonly string[]) {
  const quick = args.includes('--quick');
  const only = args
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  for (const section of only ?? []) {
    if (!(SECTIONS as readonly string[]).includes(section)) throw new Error(`--only: no section ${section}`);
  }
  const sections = new Set<Section>(
    (only as Section[] | undefined) ?? ['server', 'client', 'proxy', 'generation', 'scale', 'memory'],
  );
  if (args.includes('--profile')) sections.add('profile');
  const value = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const number = (name: string) => {
    const text = value(name);
    if (text === undefined) return undefined;
    if (!/^[1-9]\d*$/.test(text)) throw new Error(`--${name}: a positive whole number, not ${text}`);
    return Number(text);
  };
  const overrides = { cases: value('cases'), rounds: number('rounds'), seconds: number('seconds') };
  const partial = quick || only !== undefined || Object.values(overrides).some((v) => v !== undefined);
  return { quick, sections, partial, ...overrides };
}

function machine(): BenchResults['machine'] {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
    loadAtStart: loadavg(),
  };
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const ratio = (value: number) => `${value.toFixed(2)}×`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function targetsOf(results: Omit<BenchResults, 'targets'>): Target[] {
  const targets: Target[] = [];
  const { server, client, proxy, generation, memory } = results;
  if (proxy) {
    const of = (upstream: string) =>
      proxy.ratios.find((r) => r.id === 'proxy --record / direct' && r.upstream === upstream)!;
    const now = of('now');
    const legacy = of('10ms');
    targets.push({
      target: 'proxy --record: p50 latency added ≤ 1 ms (one caller, SOAP 1.1)',
      measured: `${now.addedP50Ms!.toFixed(3)} ms`,
      met: now.addedP50Ms! <= 1,
    });
    targets.push({
      target:
        `proxy --record: throughput ≥ 0.8× a direct call (${proxy.settings.connections} connections), ` +
        'upstream answering in 10 ms',
      measured: `${ratio(legacy.throughput)} (rounds: ${legacy.throughputPerRound.map((v) => v.toFixed(2)).join(', ')})`,
      met: legacy.throughput >= 0.8,
    });
    targets.push({
      target:
        `proxy --record: throughput ≥ 0.8× a direct call (${proxy.settings.connections} connections), ` +
        'upstream answering at once on the same cores',
      measured: `${ratio(now.throughput)} (rounds: ${now.throughputPerRound.map((v) => v.toFixed(2)).join(', ')})`,
      met: now.throughput >= 0.8,
    });
  }
  // The target is for 1,500 operations (issue 26); 3,000 shows how the time grows past it.
  const largest = results.scale?.sizes.find((s) => s.operations === 1500) ?? results.scale?.sizes.at(-1);
  if (largest) {
    const ms = largest.import.ms + largest.generate.ms;
    const peak = Math.max(largest.import.peakRssMiB, largest.generate.peakRssMiB);
    targets.push({
      target: `scale: import + generate of ${largest.operations} operations (${largest.classes} classes) within 5 s`,
      measured: `${seconds(largest.import.ms)} + ${seconds(largest.generate.ms)} = ${seconds(ms)}`,
      met: ms <= 5000,
    });
    targets.push({
      target: `scale: import and generate of ${largest.operations} operations within 300 MB RSS`,
      measured: `import ${largest.import.peakRssMiB.toFixed(0)} MiB, generate ${largest.generate.peakRssMiB.toFixed(0)} MiB`,
      met: peak * 2 ** 20 <= 300e6,
    });
  }
  if (server) {
    const ratioOf = (id: string) => server.ratios.find((r) => r.id === id);
    const rounds = (values: readonly number[]) => `rounds: ${values.map((v) => v.toFixed(2)).join(', ')}`;
    /** `a` spends at most `most`× the CPU per request of `b` (the ratio kept is b's over a's). */
    const cpuTarget = (a: string, b: string, label: string, least: number) => {
      const r = ratioOf(`${a} / ${b}`);
      if (r === undefined) return;
      targets.push({
        target: label,
        measured: `${ratio(r.cpuMedian)} (${rounds(r.cpuPerRound)})`,
        met: r.cpuMedian >= least,
      });
    };
    const rpsTarget = (a: string, b: string, label: string, least: number) => {
      const r = ratioOf(`${a} / ${b}`);
      if (r === undefined) return;
      targets.push({ target: label, measured: `${ratio(r.median)} (${rounds(r.perRound)})`, met: r.median >= least });
    };
    const transports = [
      ['generated soap11', 'SOAP 1.1'],
      ['generated soap12', 'SOAP 1.2'],
      ['generated httpGet', 'HTTP GET'],
      ['generated httpPost', 'HTTP POST'],
    ] as const;
    for (const [id, label] of transports) {
      cpuTarget(
        id,
        'bare node:http',
        `server CPU per request ≤ 1.25× bare node:http's (${label}, async): bare's / generated's ≥ 0.8`,
        0.8,
      );
    }
    for (const [id, label] of transports) {
      cpuTarget(id, 'node-soap soap11', `server CPU per request ≥ 3× less than node-soap's (${label}, async)`, 3);
    }
    rpsTarget('generated soap11', 'node-soap soap11', 'server req/s ≥ 2.5× node-soap (SOAP 1.1, async)', 2.5);
    rpsTarget('generated soap11', 'bare node:http', 'server req/s ≥ 0.7× bare node:http (SOAP 1.1, async)', 0.7);
    for (const operation of ['GetBook', 'EchoBook']) {
      rpsTarget(
        `generated ${operation}`,
        `node-soap ${operation}`,
        `server req/s ≥ 2× node-soap (Library ${operation}, async)`,
        2,
      );
      cpuTarget(
        `generated ${operation}`,
        `node-soap ${operation}`,
        `server CPU per request ≥ 2.5× less than node-soap's (Library ${operation}, async)`,
        2.5,
      );
    }
    const byId = (id: string) => server.contenders.find((c) => c.id === id);
    const bare = byId('bare node:http');
    const simple = server.contenders.filter((c) => /^generated (soap11|soap12|httpGet|httpPost)$/.test(c.id));
    if (bare && simple.length > 0) {
      const worst = simple.reduce((a, b) => (b.p99 > a.p99 ? b : a));
      targets.push({
        target: `server p99 ≤ 1.25× bare node:http's at ${server.settings.connections} connections (Authenticate, every transport, async)`,
        measured: `${worst.p99} ms (${worst.id}) against ${bare.p99} ms, medians of rounds`,
        met: worst.p99 <= 1.25 * bare.p99,
      });
    }
  }
  if (client) {
    for (const r of client.ratios.filter((r) => r.id === 'generated / node-soap')) {
      const goal = r.concurrency === 1 ? 3 : 6;
      targets.push({
        target: `client: generated ≥ ${goal}× node-soap calls/s (${r.concurrency === 1 ? 'sequential' : `${r.concurrency}-way`})`,
        measured: ratio(r.median),
        met: r.median >= goal,
      });
    }
  }
  if (generation) {
    const smallest = generation.sizes[0]!;
    const largest = generation.sizes.at(-1)!;
    targets.push({
      target: `generation: ${smallest.operations} operations faster than wsdl-tsclient`,
      measured: `${ratio(smallest.ratio)} its time`,
      met: smallest.ratio < 1,
    });
    if (largest !== smallest) {
      targets.push({
        target: `generation: ${largest.operations} operations < 0.5× wsdl-tsclient's time`,
        measured: `${ratio(largest.ratio)} its time`,
        met: largest.ratio < 0.5,
      });
    }
    const marginal = generation.asmxgenMarginalMsPerOperation;
    if (marginal.length >= 2) {
      const first = marginal[0]!;
      const last = marginal.at(-1)!;
      targets.push({
        target: 'generation: linear growth (marginal ms per operation of the largest step ≤ 1.5× the first step)',
        measured: `${fixed(first.ms, 2)} ms/op (${first.from}→${first.to}), ${fixed(last.ms, 2)} ms/op (${last.from}→${last.to})`,
        met: last.ms <= 1.5 * first.ms,
      });
    }
  }
  if (memory) {
    // No target was set for memory; the leak check is judged: less than 1 MiB of heap per 10^5 requests.
    const perHundredThousand = (memory.heapGrowthBytes / memory.settings.requests) * 1e5;
    targets.push({
      target: 'memory: no leak (heap growth < 1 MiB per 10⁵ requests, after GC)',
      measured: `${(memory.heapGrowthBytes / 1024).toFixed(0)} KiB over ${memory.settings.requests} requests`,
      met: perHundredThousand < 2 ** 20,
    });
  }
  return targets;
}

export function formatResults(results: BenchResults): string {
  const out: string[] = [];
  const { machine: m, server, client, generation, memory } = results;
  const load = (values: readonly number[] | undefined) => (values ?? []).map((v) => v.toFixed(2)).join(', ');
  out.push(
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}; ${m.date}; ` +
      `load average (1, 5, 15 min) ${load(m.loadAtStart)} at the start, ${load(m.loadAtEnd)} at the end.`,
    '',
  );
  if (server) {
    const s = server.settings;
    out.push(
      `**Server** (autocannon, ${s.connections} connections, ${s.rounds} rounds × ${s.seconds} s per contender, ` +
        'in one-second slices interleaved; medians of the rounds; each server in its own process; handlers ' +
        '`async` unless marked sync; GetBook and EchoBook: Library, SOAP 1.1):',
      '',
      '| server | req/s | p50 | p99 (worst second) | server CPU per request |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...server.contenders.map(
        (c) =>
          `| ${c.id} | ${fixed(c.rps)} | ${c.p50} ms | ${c.p99} ms (${c.p99Max} ms) | ${fixed(c.cpuUsPerRequest)} µs |`,
      ),
      '',
      '| ratio (same round) | req/s | per round | CPU per request (less) | per round |',
      '| --- | ---: | --- | ---: | --- |',
      ...server.ratios.map(
        (r) =>
          `| ${r.id} | ${ratio(r.median)} | ${r.perRound.map((v) => v.toFixed(2)).join(', ')} | ` +
          `${ratio(r.cpuMedian)} | ${r.cpuPerRound.map((v) => v.toFixed(2)).join(', ')} |`,
      ),
      '',
    );
  }
  if (client) {
    const s = client.settings;
    const rate = (kind: string, concurrency: number) =>
      fixed(client.runs.find((r) => r.client === kind && r.concurrency === concurrency)!.callsPerSecond);
    const modes = [...new Set(client.runs.map((r) => r.concurrency))];
    const label = (c: number) => (c === 1 ? 'sequential' : `${c}-way`);
    const ratios = (id: string) =>
      modes.map((c) => ratio(client.ratios.find((r) => r.id === id && r.concurrency === c)!.median)).join(' | ');
    const cpuPerCall = (kind: string) =>
      modes
        .map((c) => `${fixed(client.runs.find((r) => r.client === kind && r.concurrency === c)!.cpuPerCall, 1)} µs`)
        .join(' | ');
    const cpuRatios = (id: string) =>
      modes.map((c) => ratio(client.ratios.find((r) => r.id === id && r.concurrency === c)!.cpuMedian)).join(' | ');
    out.push(
      `**Client** (SOAP 1.1 \`Authenticate\` against the bare server, ${s.rounds} rounds × ${s.seconds} s, alternated; calls/s):`,
      '',
      `| client | ${modes.map(label).join(' | ')} |`,
      `| --- | ${modes.map(() => '---:').join(' | ')} |`,
      `| generated (default: undici) | ${modes.map((c) => rate('generated', c)).join(' | ')} |`,
      `| node-soap (createClientAsync) | ${modes.map((c) => rate('node-soap', c)).join(' | ')} |`,
      `| undici, bytes only (ceiling of an undici client) | ${modes.map((c) => rate('undici', c)).join(' | ')} |`,
      `| node:http, bytes only (ceiling of a node:http client) | ${modes.map((c) => rate('node-http', c)).join(' | ')} |`,
      `| node:net, bytes only, no HTTP client (ceiling of any client) | ${modes.map((c) => rate('node-net', c)).join(' | ')} |`,
      `| generated / node-soap | ${ratios('generated / node-soap')} |`,
      `| generated / undici | ${ratios('generated / undici')} |`,
      `| generated / node:http | ${ratios('generated / node-http')} |`,
      `| node:net / node-soap (the most any client could reach) | ${ratios('node-net / node-soap')} |`,
      `| CPU per call: generated | ${cpuPerCall('generated')} |`,
      `| CPU per call: node-soap | ${cpuPerCall('node-soap')} |`,
      `| CPU per call: undici, bytes only | ${cpuPerCall('undici')} |`,
      `| by CPU per call: node-soap's / generated's | ${cpuRatios('generated / node-soap')} |`,
      `| by CPU per call: undici bytes only's / generated's | ${cpuRatios('generated / undici')} |`,
      '',
    );
  }
  if (results.scale) {
    const sc = results.scale;
    if (sc.skipped) out.push(`**Scale**: not run (${sc.skipped}).`, '');
    else {
      const stages = sc.sizes[0]?.stages.map((p) => p.phase) ?? [];
      out.push(
        '**Scale** (C# services of N web methods, N/5 classes and N/50 enums, their WSDL served by the real ASMX ' +
          `runtime; \`asmxgen import\` of it, then \`generate\` of the spec, each its own process, best of ${sc.settings.runs}):`,
        '',
        '| operations | classes | WSDL | import | import peak RSS | generate | generate peak RSS |',
        '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...sc.sizes.map(
          (z) =>
            `| ${z.operations} | ${z.classes} | ${mib(z.wsdlBytes)} | ${seconds(z.import.ms)} | ` +
            `${z.import.peakRssMiB.toFixed(0)} MiB | ${seconds(z.generate.ms)} | ${z.generate.peakRssMiB.toFixed(0)} MiB |`,
        ),
        '',
        "`generate` by stage, in one process (ms, and the peak RSS at the stage's end):",
        '',
        `| stage | ${sc.sizes.map((z) => `${z.operations} ops`).join(' | ')} |`,
        `| --- | ${sc.sizes.map(() => '---:').join(' | ')} |`,
        ...stages.map(
          (stage, i) =>
            `| ${stage} | ${sc.sizes
              .map((z) => `${fixed(z.stages[i]!.ms)} ms, ${z.stages[i]!.peakRssMiB.toFixed(0)} MiB`)
              .join(' | ')} |`,
        ),
        '',
      );
    }
  }
  if (results.proxy) {
    const p = results.proxy;
    out.push(
      `**Proxy** (the generated server direct and through \`asmxgen proxy\`, SOAP 1.1 \`Authenticate\`, ${p.settings.rounds} ` +
        `rounds; req/s: autocannon, ${p.settings.connections} connections, ${p.settings.seconds} one-second slices ` +
        `interleaved; p50: one caller, ${p.settings.sequential} requests in turn; medians of the rounds):`,
      '',
      '| path | upstream | req/s | p50 (one caller) | CPU per exchange |',
      '| --- | --- | ---: | ---: | ---: |',
      ...p.contenders.map(
        (c) =>
          `| ${c.id} | ${c.upstream === 'now' ? 'at once' : '10 ms'} | ${fixed(c.rps)} | ` +
          `${Number.isNaN(c.p50Ms) ? '' : `${c.p50Ms.toFixed(3)} ms`} | ` +
          (c.proxyCpuUsPerExchange === undefined
            ? `${fixed(c.serverCpuUsPerRequest ?? NaN)} µs (server)`
            : `${fixed(c.proxyCpuUsPerExchange)} µs (proxy)`) +
          ' |',
      ),
      '',
      '| ratio (same round) | upstream | req/s | per round | p50 added | per round |',
      '| --- | --- | ---: | --- | ---: | --- |',
      ...p.ratios.map(
        (r) =>
          `| ${r.id} | ${r.upstream === 'now' ? 'at once' : '10 ms'} | ${ratio(r.throughput)} | ` +
          `${r.throughputPerRound.map((v) => v.toFixed(2)).join(', ')} | ` +
          `${r.addedP50Ms === undefined ? '' : `${r.addedP50Ms.toFixed(3)} ms`} | ` +
          `${r.addedP50PerRound?.map((v) => v.toFixed(3)).join(', ') ?? ''} |`,
      ),
      '',
    );
  }
  if (generation) {
    out.push(
      `**Generation** (whole process, \`node bin/asmxgen.js generate\` vs \`node …/wsdl-tsclient/dist/src/cli.js\` on the ` +
        `same WSDL; best of ${generation.settings.runs}, alternated):`,
      '',
      '| operations | asmxgen | per operation | wsdl-tsclient | per operation | asmxgen / wsdl-tsclient |',
      '| ---: | ---: | ---: | ---: | ---: | ---: |',
      ...generation.sizes.map(
        (g) =>
          `| ${g.operations} | ${seconds(g.asmxgenBestMs)} | ${fixed(g.asmxgenMsPerOperation, 2)} ms | ` +
          `${seconds(g.wsdlTsclientBestMs)} | ${fixed(g.wsdlTsclientMsPerOperation, 2)} ms | ${ratio(g.ratio)} |`,
      ),
      '',
      'asmxgen marginal cost: ' +
        generation.asmxgenMarginalMsPerOperation.map((s) => `${fixed(s.ms, 2)} ms/op (${s.from}→${s.to})`).join(', ') +
        '.',
      '',
    );
  }
  if (memory) {
    out.push(
      `**Memory** (generated server, SOAP 1.1, ${memory.settings.connections} connections, after full GCs):`,
      '',
      '| requests | RSS | heap used |',
      '| ---: | ---: | ---: |',
      ...memory.samples.map((s) => `| ${s.requests} | ${mib(s.rssBytes)} | ${mib(s.heapUsedBytes)} |`),
      '',
      `Heap growth from ${memory.settings.requests} to ${2 * memory.settings.requests} requests: ` +
        `${(memory.heapGrowthBytes / 1024).toFixed(0)} KiB (${fixed(memory.heapGrowthBytesPerRequest, 2)} bytes/request).`,
      '',
    );
  }
  if (results.targets.length > 0) {
    out.push(
      '**Targets**:',
      '',
      '| target | measured | met |',
      '| --- | --- | :---: |',
      ...results.targets.map((t) => `| ${t.target} | ${t.measured} | ${t.met ? 'yes' : '**no**'} |`),
      '',
    );
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const log = (line: string) => console.error(line);
  log(
    `load average (1, 5, 15 min) at the start: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(', ')}`,
  );
  const started = performance.now();
  const results: { -readonly [K in keyof Omit<BenchResults, 'targets'>]: BenchResults[K] } = {
    machine: machine(),
    command: ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
  };
  const q = options.quick;
  if (options.sections.has('server')) {
    results.server = await benchServers(
      {
        rounds: options.rounds ?? (q ? 1 : 5),
        seconds: options.seconds ?? (q ? 2 : 5),
        connections: 64,
        ...(options.cases === undefined ? {} : { cases: options.cases }),
      },
      log,
    );
  }
  if (options.sections.has('client')) {
    results.client = await benchClients(
      { rounds: options.rounds ?? (q ? 1 : 5), seconds: options.seconds ?? (q ? 1 : 3), concurrency: 64 },
      log,
    );
  }
  if (options.sections.has('proxy')) {
    results.proxy = await benchProxy(
      {
        rounds: options.rounds ?? (q ? 1 : 5),
        seconds: options.seconds ?? (q ? 1 : 3),
        connections: 64,
        sequential: q ? 500 : 2000,
      },
      log,
    );
  }
  if (options.sections.has('generation')) {
    results.generation = await benchGeneration({ sizes: q ? [20, 200] : [20, 200, 2000], runs: q ? 1 : 3 }, log);
  }
  if (options.sections.has('scale')) {
    results.scale = await benchScale({ sizes: q ? [100, 500] : [100, 500, 1500, 3000], runs: q ? 1 : 3 }, log);
  }
  if (options.sections.has('memory')) {
    results.memory = await benchMemory({ requests: q ? 10_000 : 100_000, connections: 64 }, log);
  }
  if (options.sections.has('profile')) {
    results.profiles = await benchProfiles({ seconds: q ? 3 : 10, connections: 64, operations: q ? 200 : 2000 }, log);
  }
  results.machine.loadAtEnd = loadavg();
  const final: BenchResults = { ...results, targets: targetsOf(results) };
  const file = options.partial ? join(ARTIFACTS_DIR, 'results.json') : join(REPO_ROOT, 'test', 'bench', 'results.json');
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(final, null, 2) + '\n');
  console.log(formatResults(final));
  console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s; results in ${relative(REPO_ROOT, file)})`);
}

await main();
