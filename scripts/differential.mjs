#!/usr/bin/env node
// The differential harness (docs/wire.md, "Differential"): puts the real ASMX runtime and asmxgen side by side
// on the same contract and the same requests. For each *.wsdl of FOLDER:
//
//   1. an echo service: Mono's `wsdl -server -fields` writes the WSDL's data classes with their XmlSerializer
//      attributes, and `[WebMethod] T EchoT(T value)` is added for each (scripts/differential/echo-service.mjs);
//   2. it is served by the real runtime (../shared/asmx-host, one host for every service of the run) and by
//      `asmxgen serve` of the spec `asmxgen import` makes of the runtime's own `?wsdl`, with echo handlers;
//   3. Mono's `wsdl` proxies of the runtime's WSDL (SOAP 1.1, SOAP 1.2, HttpGet, HttpPost: each protocol the
//      WSDL binds) call every echo on both servers with samples built by reflection, and compare the returned
//      objects (scripts/differential/Differential.cs);
//   4. the raw bytes of every request the proxies sent to the runtime are replayed to asmxgen, and the replies
//      compared: status, content type, body bytes (scripts/differential/recording-proxy.mjs);
//   5. the client `asmxgen generate` writes reads each of the runtime's replies and sends the value back to the
//      runtime, whose reply must be the same bytes (scripts/differential/client-round-trip.mjs).
//
// Reports per service and per type: identical, or the first difference (protocol, echo, sample, runtime vs
// asmxgen); and the types no echo service can echo beside the others, each with why (`leftOut`).
//
// `--json` is the JSON mode (scripts/differential/json-mode.mjs): the echo service is a `[ScriptService]` (an
// enum's echo also by GET), asmxgen serves the imported spec plus `scriptService: true`, and ASP.NET AJAX's JSON
// requests (each sample as `{"value":…}`, an extra, a missing and a wrongly typed parameter, `__type` for derived
// classes) are sent to both; replies compared as JSON values and bytes, the .NET Framework's form where asmxgen
// follows it. `--report FILE` writes the report as data (`--json FILE.json`, the older spelling, still does).
//
//   node scripts/differential.mjs FOLDER… [--json] [--report FILE] [--port N] [--only NAME,…] [--keep]
//
// Needs `npm run build` (the CLI runs from dist/), Mono's mono, mcs and wsdl, and ../shared/asmx-host. Ports N
// (the runtime) and N+1 (the recording proxy); asmxgen serves on free ports. Exit code 0 when it ran (whatever
// the differences), 2 on a usage error, 3 when a program it needs is missing.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { echoMethod, writeEchoService } from './differential/echo-service.mjs';
import { jsonDifference, jsonRequests, jsonSamples, sendJson, withScriptMethods } from './differential/json-mode.mjs';
import { clientRoundTrip } from './differential/client-round-trip.mjs';
import { startRecordingProxy } from './differential/recording-proxy.mjs';
import { runMono, runTool } from './differential/run-tool.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'bin/asmxgen.js');
const SHARED = resolve(process.env.ASMXGEN_SHARED_DIR ?? join(ROOT, '../shared'));
const HOST_SCRIPT = join(SHARED, 'asmx-host/start.sh');
const CLIENT_SOURCE = join(ROOT, 'scripts/differential/Differential.cs');
const PROTOCOLS = ['SOAP', 'SOAP12', 'HttpGet', 'HttpPost'];
const REFERENCES = ['System.Web.Services.dll', 'System.Xml.dll', 'System.Data.dll', 'System.EnterpriseServices.dll'];

const USAGE =
  'usage: node scripts/differential.mjs FOLDER… [--json] [--report FILE] [--port N] [--only NAME,…] [--keep]\n';
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const unknown = args.find(
  (a) => a.startsWith('-') && !['--json', '--report', '--port', '--only', '--keep'].includes(a),
);
if (unknown !== undefined) {
  process.stderr.write(`differential: unknown option ${unknown}\n${USAGE}`);
  process.exit(2);
}
const option = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args.splice(i, 2)[1];
};
const keep = args.includes('--keep') ? (args.splice(args.indexOf('--keep'), 1), true) : false;
// `--json FILE.json` is the report's older spelling; `--json` alone, the JSON mode.
const jsonAt = args.indexOf('--json');
const jsonFile = option('--report') ?? (args[jsonAt + 1]?.endsWith('.json') ? option('--json') : undefined);
const jsonMode = args.includes('--json') ? (args.splice(args.indexOf('--json'), 1), true) : false;
const basePort = Number(option('--port') ?? 18170);
const only = option('--only')?.split(',');
// Several folders are one run (one runtime for all); their WSDLs' names must differ.
const folders = [...args];
if (folders.length === 0 || !Number.isInteger(basePort)) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const missing = folders.find((folder) => !existsSync(folder));
if (missing !== undefined) {
  process.stderr.write(`differential: cannot read ${missing}: no such folder\n${USAGE}`);
  process.exit(2);
}
for (const program of ['/usr/bin/mono', '/usr/bin/mcs', '/usr/bin/wsdl', HOST_SCRIPT, join(ROOT, 'dist')]) {
  if (!existsSync(program)) {
    process.stderr.write(
      `differential: ${program} is missing (Mono: apt-get install mono-devel; dist/: npm run build)\n`,
    );
    process.exit(3);
  }
}

const files = folders.flatMap((folder) =>
  readdirSync(folder, { recursive: true })
    .map(String)
    .filter((f) => f.toLowerCase().endsWith('.wsdl'))
    .filter((f) => !only || only.includes(basename(f, '.wsdl')))
    .sort()
    .map((file) => ({ folder, file })),
);
const WORK = join(tmpdir(), `asmxgen-differential-${process.pid}`);
rmSync(WORK, { recursive: true, force: true });
const HOST_DIR = join(WORK, 'host');
mkdirSync(HOST_DIR, { recursive: true });

const log = (line) => process.stderr.write(`${line}\n`);

/** A C# identifier from a file name, unique in the run. */
const taken = new Set();
function serviceName(file) {
  let name = basename(file, '.wsdl').replace(/[^A-Za-z0-9_]/g, '_');
  if (!/^[A-Za-z_]/.test(name)) name = `S${name}`;
  while (taken.has(name.toLowerCase())) name += '_';
  taken.add(name.toLowerCase());
  return name;
}

const services = files.map(({ folder, file }, i) => ({
  folder,
  file,
  name: serviceName(file),
  ns: `Dif${i}`,
  dir: join(WORK, String(i).padStart(3, '0')),
  status: 'ok',
  error: '',
  types: [],
  calls: [],
  raw: [],
  client: [],
  leftOut: [],
}));

// 1. Echo services, each checked to compile on its own (the host compiles a folder's services together).
await inPairs(services, async (svc) => {
  mkdirSync(svc.dir, { recursive: true });
  const echo = await writeEchoService(resolve(svc.folder, svc.file), svc.dir, svc.name, svc.ns, {
    scriptService: jsonMode,
  });
  if (echo.error) return fail(svc, 'no echo service', echo.error);
  svc.types = echo.types;
  svc.enums = new Set(echo.enums);
  svc.leftOut = echo.leftOut;
  svc.className = echo.className;
  const code = join(svc.dir, 'echo.cs');
  writeFileSync(code, echo.asmx.slice(echo.asmx.indexOf('\n') + 1));
  const built = await runTool(
    'mcs',
    [
      '-nologo',
      '-t:library',
      ...REFERENCES.map((r) => `-r:${r}`),
      ...(jsonMode ? ['-r:System.Web.Extensions.dll'] : []),
      '-out:echo.dll',
      code,
    ],
    {
      cwd: svc.dir,
    },
  );
  if (built.code !== 0) return fail(svc, 'echo service does not compile', firstError(built.out));
  writeFileSync(join(HOST_DIR, `${echo.className}.asmx`), echo.asmx);
});

// 2. One real runtime for every service, and the recording proxy in front of it.
const runnable = () => services.filter((s) => s.status === 'ok');
let host;
if (runnable().length > 0) {
  const started = await runTool('bash', [HOST_SCRIPT, String(basePort), HOST_DIR], { timeoutMs: 180_000 });
  if (started.code !== 0) {
    log(`differential: the ASMX host did not start: ${started.out.trim()}`);
    process.exit(started.code === 3 ? 3 : 1);
  }
  const [baseUrl, pid] = started.out.trim().split('\n');
  host = { baseUrl, pid: Number(pid) };
}
const proxy = jsonMode ? undefined : await startRecordingProxy(basePort + 1);
if (proxy) proxy.state.runtimePort = basePort;

try {
  for (const [index, svc] of services.entries()) {
    if (svc.status === 'ok')
      await (jsonMode ? runJsonService : runService)(svc).catch((error) =>
        fail(svc, 'the harness failed', firstLine(String(error.message))),
      );
    log(`[${String(index + 1).padStart(3)}/${services.length}] ${svc.file}: ${summary(svc)}`);
  }
} finally {
  await proxy?.stop();
  if (host) {
    try {
      process.kill(host.pid);
    } catch {
      // already gone
    }
    for (const f of readdirSync(tmpdir()))
      if (f.startsWith(`asmx-host-${basePort}.`)) rmSync(join(tmpdir(), f), { recursive: true, force: true });
  }
}

const report = services.map((svc) => ({
  file: svc.file,
  status: svc.status,
  error: svc.error,
  types: svc.types.map((type) => (jsonMode ? jsonTypeReport : typeReport)(svc, type)),
  leftOut: svc.leftOut,
}));
const totals = jsonMode ? jsonTotalsOf(report) : totalsOf(report);
process.stdout.write(jsonMode ? renderJson(report, totals) : render(report, totals));
if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ totals, services: report }, null, 2) + '\n');
if (!keep) rmSync(WORK, { recursive: true, force: true });

// ---------------------------------------------------------------------------------------------

async function runService(svc) {
  const endpoint = `${svc.className}.asmx`;
  const wsdlFile = join(svc.dir, 'runtime.wsdl');
  const served = await fetch(`${host.baseUrl}/${endpoint}?wsdl`).catch((error) => ({
    ok: false,
    status: String(error),
  }));
  if (!served.ok) return fail(svc, 'the runtime does not serve it', `?wsdl answered ${served.status}`);
  writeFileSync(wsdlFile, Buffer.from(await served.arrayBuffer()));

  const spec = join(svc.dir, 'spec.yaml');
  const imported = await runTool(process.execPath, [CLI, 'import', wsdlFile, '--out', spec], { cwd: svc.dir });
  // Its reason is the line after `asmxgen: cannot import …` (`runtime.wsdl:LINE:COL: why`).
  if (imported.code !== 0)
    return fail(svc, 'import refused', firstLine(imported.out.replace(/^.*nothing was written\.\n/, '')));

  const client = await buildClient(svc, wsdlFile);
  if (!client) return;

  const impl = join(svc.dir, 'echo.mjs');
  writeFileSync(impl, echoHandlers(spec));
  const server = await startServe(spec, impl, svc.dir);
  if (server.error) return fail(svc, 'asmxgen serve failed', server.error);
  proxy.state.asmxgenPort = server.port;
  try {
    const ran = await runMono(
      [client, svc.ns, `http://127.0.0.1:${basePort + 1}/${endpoint}`, `http://127.0.0.1:${server.port}/${endpoint}`],
      { cwd: svc.dir, timeoutMs: 600_000, before: () => (proxy.state.results = []) },
    );
    for (const line of ran.out.split('\n')) {
      const [protocol, method, sample, result, detail] = line.split('\t');
      if (result === undefined) continue;
      svc.calls.push({ protocol, type: method ? typeOfEcho(method) : '', sample, result, detail });
    }
    if (ran.code !== 0)
      svc.error = `the client stopped: ${firstLine(
        ran.out
          .split('\n')
          .filter((l) => !l.includes('\t'))
          .join('\n'),
      )}`;
    svc.raw = proxy.state.results.map(({ request, difference }) => ({
      type: echoOf(request),
      protocol: protocolOf(request),
      difference,
    }));
  } finally {
    server.stop();
  }
  const generated = join(svc.dir, 'generated');
  const made = await runTool(
    process.execPath,
    [CLI, 'generate', '--spec', spec, '--out', generated, '--tests', 'none'],
    {
      cwd: svc.dir,
    },
  );
  if (made.code !== 0) {
    svc.error = `generate failed: ${firstLine(made.out)}`;
    return;
  }
  const exchanges = proxy.state.results.map(({ request, runtime }) => ({
    type: echoOf(request),
    protocol: protocolOf(request),
    runtime,
  }));
  try {
    svc.client = await clientRoundTrip(ROOT, generated, `${host.baseUrl}/${endpoint}`, exchanges);
  } catch (error) {
    svc.error = `the generated client did not load: ${firstLine(String(error.message))}`;
  }
}

/**
 * The JSON mode for one service: the spec imported from the runtime's WSDL plus `scriptService: true` and the
 * `…ByGet` echoes' `useHttpGet`, served by asmxgen; every echo's JSON requests sent to both servers.
 */
async function runJsonService(svc) {
  const endpoint = `${svc.className}.asmx`;
  const wsdlFile = join(svc.dir, 'runtime.wsdl');
  const served = await fetch(`${host.baseUrl}/${endpoint}?wsdl`).catch((error) => ({
    ok: false,
    status: String(error),
  }));
  if (!served.ok) return fail(svc, 'the runtime does not serve it', `?wsdl answered ${served.status}`);
  writeFileSync(wsdlFile, Buffer.from(await served.arrayBuffer()));
  const spec = join(svc.dir, 'spec.yaml');
  const imported = await runTool(process.execPath, [CLI, 'import', wsdlFile, '--script-service', '--out', spec], {
    cwd: svc.dir,
  });
  if (imported.code !== 0)
    return fail(svc, 'import refused', firstLine(imported.out.replace(/^.*nothing was written\.\n/, '')));
  const made = await jsonSamples(ROOT, svc, REFERENCES);
  if (made.error) return fail(svc, 'no samples', made.error);
  withScriptMethods(spec, made.classes);
  const impl = join(svc.dir, 'echo.mjs');
  writeFileSync(impl, echoHandlers(spec));
  const server = await startServe(spec, impl, svc.dir);
  if (server.error) return fail(svc, 'asmxgen serve failed', server.error);
  try {
    const types = new Map(svc.types.map((t) => [echoMethod(t, svc.types), t]));
    for (const [method, type] of types) {
      const samples = made.samples.filter((s) => s.method === method);
      for (const s of samples.filter((s) => s.error !== undefined))
        svc.calls.push({ type, sample: s.sample, result: 'sample-error', detail: s.error });
      const isEnum = svc.enums.has(type);
      for (const request of jsonRequests(method, samples, { isEnum, byGet: isEnum })) {
        const mono = await sendJson(`${host.baseUrl}/${endpoint}`, request);
        const ours = await sendJson(`http://127.0.0.1:${server.port}/${endpoint}`, request);
        const difference = jsonDifference(request, mono, ours);
        svc.calls.push({
          type,
          sample: request.name,
          result: difference ? 'differs' : 'identical',
          detail: difference,
        });
      }
    }
  } finally {
    server.stop();
  }
}

function jsonTypeReport(svc, type) {
  const calls = svc.calls.filter((c) => c.type === type && c.result !== 'sample-error');
  const first = calls.find((c) => c.result !== 'identical');
  return {
    type,
    exchanges: calls.length,
    identical: calls.length > 0 && !first,
    firstDifference: first ? `Echo${type} ${first.sample}: ${first.detail}` : undefined,
    sampleErrors: svc.calls
      .filter((c) => c.type === type && c.result === 'sample-error')
      .map((c) => `${c.sample}: ${c.detail}`),
  };
}

function jsonTotalsOf(report) {
  const types = report.flatMap((s) => s.types);
  return {
    services: report.length,
    servicesRun: report.filter((s) => s.status === 'ok').length,
    types: types.length,
    identical: types.filter((t) => t.identical).length,
    exchanges: types.reduce((n, t) => n + t.exchanges, 0),
  };
}

function renderJson(report, totals) {
  const lines = [];
  for (const svc of report) {
    lines.push(`${svc.file}: ${svc.status}${svc.error ? ` (${svc.error})` : ''}`);
    for (const { type, reason } of svc.leftOut) lines.push(`  ${type}: not echoed: ${reason}`);
    if (svc.status !== 'ok') continue;
    for (const t of svc.types)
      lines.push(
        `  ${t.type}: ${t.identical ? `identical (${t.exchanges} JSON exchanges)` : t.exchanges === 0 ? 'not called' : t.firstDifference}`,
      );
  }
  lines.push(
    `services: ${totals.servicesRun} of ${totals.services} run; types: ${totals.identical} of ${totals.types} ` +
      `answer every JSON exchange alike (${totals.exchanges} exchanges)`,
  );
  return lines.join('\n') + '\n';
}

/**
 * The echo handlers: every echo returns its argument; one the spec describes as `ref` parameters and no result (a
 * WSDL naming the parameter and the result alike: `[XmlRoot]` on the class names both) returns them, as a handler
 * of out and ref parameters does (docs/handlers.md).
 */
function echoHandlers(spec) {
  const refOnly = {};
  for (const op of parseYaml(readFileSync(spec, 'utf8')).operations ?? []) {
    const refs = (op.parameters ?? []).filter((p) => p.direction === 'ref').map((p) => p.name);
    if (op.result === undefined && refs.length > 0) refOnly[op.name] = refs;
  }
  return (
    '// Every echo returns its argument; those with ref parameters and no result return the ref parameters.\n' +
    `const refOnly = ${JSON.stringify(refOnly)};\n` +
    'const echo = (name) => (args) =>\n' +
    '  refOnly[name] ? Object.fromEntries(refOnly[name].map((k) => [k, args?.[k]])) : Object.values(args ?? {})[0];\n' +
    "export const handlers = new Proxy({}, { get: (_, key) => (String(key).startsWith('Echo') ? echo(String(key)) : undefined) });\n"
  );
}

/** Mono's proxies of the runtime's WSDL for each protocol it binds, compiled with Differential.cs. */
async function buildClient(svc, wsdlFile) {
  const sources = [];
  for (const protocol of PROTOCOLS) {
    const out = `P${protocol}.cs`;
    const made = await runTool(
      'wsdl',
      ['-nologo', `-protocol:${protocol}`, `-namespace:${svc.ns}_${protocol}`, `-out:${out}`, wsdlFile],
      { cwd: svc.dir },
    );
    if (made.code === 0 && existsSync(join(svc.dir, out))) sources.push(out);
  }
  if (sources.length === 0) return fail(svc, 'wsdl made no proxy', '');
  copyFileSync(CLIENT_SOURCE, join(svc.dir, 'Differential.cs'));
  const built = await runTool(
    'mcs',
    ['-nologo', ...REFERENCES.map((r) => `-r:${r}`), '-out:Differential.exe', 'Differential.cs', ...sources],
    { cwd: svc.dir },
  );
  if (built.code !== 0) return fail(svc, 'the proxies do not compile', firstError(built.out));
  return join(svc.dir, 'Differential.exe');
}

/** `asmxgen serve --port 0`; resolves with the port it prints, or the error it stopped with. */
function startServe(spec, impl, cwd) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, 'serve', '--spec', spec, '--impl', impl, '--port', '0'], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let settled = false;
    const stop = () => child.kill('SIGKILL');
    const timer = setTimeout(() => settle({ error: `no address printed within 120 s: ${firstLine(out)}` }), 120_000);
    function settle(result) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (result.error) stop();
      done({ ...result, stop });
    }
    const read = (d) => {
      out += d;
      const port = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1];
      if (port) settle({ port: Number(port) });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('close', (code) => settle({ error: `exited with ${code}: ${firstLine(out)}` }));
  });
}

/** The type an echo method echoes: `EchoX` and `EchoX_` (echo-service.mjs, `echoMethod`) echo `X`. */
function typeOfEcho(method) {
  return method.slice('Echo'.length).replace(/_$/, '');
}

function echoOf(request) {
  const text = request.body.toString('utf8');
  const method =
    /\/(Echo\w+)(?:\?|$)/.exec(request.path)?.[1] ??
    /<(?:[\w.-]+:)?(Echo\w+)[\s>/]/.exec(text.slice(text.search(/Body[\s>]/)))?.[1];
  return method === undefined ? '' : typeOfEcho(method);
}

function protocolOf(request) {
  const type = request.rawHeaders.find((_, i, all) => i % 2 === 1 && /^content-type$/i.test(all[i - 1])) ?? '';
  if (request.method === 'GET') return 'HttpGet';
  if (type.startsWith('application/soap+xml')) return 'SOAP12';
  if (type.startsWith('text/xml')) return 'SOAP';
  return 'HttpPost';
}

function typeReport(svc, type) {
  const calls = svc.calls.filter((c) => c.type === type);
  const raw = svc.raw.filter((r) => r.type === type);
  // Both servers refusing a call alike is the same behaviour (their messages differ by the runtime's stack
  // trace, which asmxgen never sends; the raw replies compare the rest).
  const callDiff = calls.find(
    (c) => c.result !== 'identical' && !(c.result === 'both-failed' && sameFailure(c.detail)),
  );
  const rawDiff = raw.find((r) => r.difference !== undefined);
  const client = svc.client.filter((c) => c.type === type);
  const clientDiff = client.find((c) => c.result !== 'identical');
  return {
    type,
    calls: calls.length,
    identical: calls.length > 0 && !callDiff,
    rawReplies: raw.length,
    rawIdentical: raw.length > 0 && !rawDiff,
    clientCalls: client.length,
    clientIdentical: client.length > 0 && !clientDiff,
    firstDifference: callDiff
      ? `${callDiff.protocol} Echo${type} ${callDiff.sample}: ${callDiff.result} ${callDiff.detail}`.trim()
      : undefined,
    firstRawDifference: rawDiff ? `${rawDiff.protocol} Echo${type}: ${rawDiff.difference}` : undefined,
    firstClientDifference: clientDiff ? `${clientDiff.protocol} Echo${type}: ${clientDiff.detail}` : undefined,
  };
}

/** `both-failed` details are `RuntimeException: … | AsmxgenException: …`: the same exception type. */
function sameFailure(detail) {
  const [runtime, asmxgen] = detail.split(' | ');
  const kind = (text) => /^[\w.]+(?=:)/.exec(text ?? '')?.[0];
  return kind(runtime) !== undefined && kind(runtime) === kind(asmxgen);
}

function totalsOf(report) {
  const types = report.flatMap((s) => s.types.map((t) => ({ ...t, ran: s.status === 'ok' })));
  return {
    services: report.length,
    servicesRun: report.filter((s) => s.status === 'ok').length,
    types: types.length,
    echoIdentical: types.filter((t) => t.identical).length,
    rawIdentical: types.filter((t) => t.rawIdentical).length,
    clientIdentical: types.filter((t) => t.clientIdentical).length,
  };
}

function render(report, totals) {
  const lines = [];
  for (const svc of report) {
    lines.push(`${svc.file}: ${svc.status}${svc.error ? ` (${svc.error})` : ''}`);
    for (const { type, reason } of svc.leftOut) lines.push(`  ${type}: not echoed: ${reason}`);
    for (const t of svc.types) {
      if (svc.status !== 'ok') continue;
      if (t.identical && t.rawIdentical && t.clientIdentical)
        lines.push(
          `  ${t.type}: identical (${t.calls} calls, ${t.rawReplies} raw replies, ${t.clientCalls} client round trips)`,
        );
      else {
        if (!t.identical) lines.push(`  ${t.type}: ${t.calls === 0 ? 'not called' : t.firstDifference}`);
        if (!t.rawIdentical) lines.push(`  ${t.type}: raw ${t.rawReplies === 0 ? 'no request' : t.firstRawDifference}`);
        if (!t.clientIdentical)
          lines.push(`  ${t.type}: client ${t.clientCalls === 0 ? 'no round trip' : t.firstClientDifference}`);
      }
    }
  }
  lines.push(
    `services: ${totals.servicesRun} of ${totals.services} run; types: ${totals.echoIdentical} of ${totals.types} ` +
      `echo identically, ${totals.rawIdentical} of ${totals.types} with identical raw replies, ` +
      `${totals.clientIdentical} of ${totals.types} round-trip through the generated client`,
  );
  return lines.join('\n') + '\n';
}

function summary(svc) {
  if (svc.status !== 'ok') return `${svc.status}: ${svc.error}`;
  if (jsonMode) {
    const rows = svc.types.map((type) => jsonTypeReport(svc, type));
    return `${rows.filter((r) => r.identical).length}/${rows.length} answer every JSON exchange alike`;
  }
  const rows = svc.types.map((type) => typeReport(svc, type));
  const count = (key) => `${rows.filter((r) => r[key]).length}/${rows.length}`;
  return `${count('identical')} echo identically, ${count('rawIdentical')} raw, ${count('clientIdentical')} client`;
}

function fail(svc, status, error) {
  svc.status = status;
  svc.error = error;
  return undefined;
}

/** Runs `work` on two items at a time; one that throws fails its service, not the run. */
async function inPairs(items, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const svc = items[next++];
      await work(svc).catch((error) => fail(svc, 'the harness failed', firstLine(String(error.message))));
    }
  };
  await Promise.all([worker(), worker()]);
}

function firstLine(text) {
  return (
    text
      .trim()
      .split('\n')
      .find((l) => l.trim() !== '') ?? ''
  ).slice(0, 400);
}

function firstError(text) {
  return firstLine(
    text
      .split('\n')
      .filter((l) => /error/.test(l))
      .join('\n') || text,
  );
}
