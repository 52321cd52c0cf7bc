/**
 * The differential harness (`scripts/differential.mjs`, docs/wire.md "Differential") over the project's corpus
 * (`test/fixtures/asmx-corpus/`): for every type of every corpus service, an echo service built from Mono's `wsdl
 * -server -fields` classes is served by the real runtime (`../shared/asmx-host`) and by `asmxgen serve` of the spec
 * imported from the runtime's own WSDL. Every type must echo identically through Mono's proxies (every protocol the
 * runtime enables), get byte-identical replies to the same raw requests, and round-trip through the generated
 * client; the few differences that remain are listed below, each with why, and fail the test once they go away so
 * that the list stays true.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireProgram } from './require-program.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CORPUS = join(ROOT, 'test/fixtures/asmx-corpus');

const mono = requireProgram({
  what: "Mono's ASP.NET, its wsdl tool and mcs (../shared/asmx-host, Mono's proxies) and curl",
  packages: 'mono-devel curl',
  programs: ['/usr/bin/mono', '/usr/bin/mcs', '/usr/bin/wsdl', '/usr/bin/curl'],
  files: ['/usr/lib/mono/4.5/System.Web.Services.dll'],
});

/**
 * Types whose echo differs, by the first difference the harness reports (a substring of it), and why.
 */
const KNOWN: Readonly<Record<string, Readonly<Record<string, { readonly shows: string; readonly why: string }>>>> = {};

/** Corpus services the harness does not run, by the reason it reports (a substring of it). */
const NOT_RUN: Readonly<Record<string, string>> = {
  // Served as several documents (a binding in another namespace): Mono's wsdl tool reads the main one from a file,
  // whose ?wsdl=wsdl1 import it cannot follow. test/emit/wsdl-documents.test.ts holds their documents to the runtime's.
  'BindingNamespace.wsdl': 'no echo service: wsdl -server',
  'BindingTypes.wsdl': 'no echo service: wsdl -server',
  'Bindings.wsdl': 'declares no type to echo',
  'MessageName.wsdl': 'declares no type to echo',
  'NamedBinding.wsdl': 'declares no type to echo',
  'Namespaces.wsdl': 'declares no type to echo',
  'OddNames.wsdl': 'declares no type to echo',
  'RoutingStyle.wsdl': 'declares no type to echo',
  'TwoBindings.wsdl': 'declares no type to echo',
};

interface TypeReport {
  readonly type: string;
  readonly calls: number;
  readonly identical: boolean;
  readonly rawReplies: number;
  readonly rawIdentical: boolean;
  readonly clientCalls: number;
  readonly clientIdentical: boolean;
  readonly firstDifference?: string;
  readonly firstRawDifference?: string;
  readonly firstClientDifference?: string;
}

interface ServiceReport {
  readonly file: string;
  readonly status: string;
  readonly error: string;
  readonly types: readonly TypeReport[];
}

const files = readdirSync(CORPUS)
  // A service's WSDL, not a document its ?wsdl imports (X.wsdl1.wsdl).
  .filter((f) => f.endsWith('.wsdl') && !/\.wsdl\d+\.wsdl$/.test(f))
  .sort();

let work: string;
let report: Map<string, ServiceReport> | undefined;
let failure: string | undefined;

beforeAll(async () => {
  if (!mono.available) return;
  work = mkdtempSync(join(tmpdir(), 'asmxgen-differential-test-'));
  const json = join(work, 'report.json');
  const port = await freePortPair();
  const output = await new Promise<string | undefined>((done) => {
    execFile(
      process.execPath,
      [join(ROOT, 'scripts/differential.mjs'), CORPUS, '--json', json, '--port', String(port)],
      { cwd: ROOT, timeout: 20 * 60_000, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (error, _stdout, stderr) => done(error ? `${error.message}\n${stderr}` : undefined),
    );
  });
  if (output !== undefined) {
    failure = output;
    return;
  }
  const parsed = JSON.parse(readFileSync(json, 'utf8')) as { services: ServiceReport[] };
  report = new Map(parsed.services.map((s) => [s.file, s]));
}, 25 * 60_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

function serviceReport(file: string): ServiceReport {
  expect(failure, 'scripts/differential.mjs did not finish').toBeUndefined();
  const found = report?.get(file);
  expect(found, `${file} is not in the report`).toBeDefined();
  return found!;
}

describe('the differential harness over the corpus: the real runtime and asmxgen side by side', () => {
  it.for(files)('%s', (file, ctx) => {
    mono.need(ctx);
    const service = serviceReport(file);
    const reason = NOT_RUN[file];
    if (reason !== undefined) {
      expect(`${service.status}: ${service.error}`).toContain(reason);
      return;
    }
    expect(`${service.status}${service.error ? `: ${service.error}` : ''}`).toBe('ok');
    expect(service.types.length).toBeGreaterThan(0);
    const known = KNOWN[file] ?? {};
    for (const type of service.types) {
      const differences = [type.firstDifference, type.firstRawDifference, type.firstClientDifference]
        .filter((d) => d !== undefined)
        .join('\n');
      const expected = known[type.type];
      if (expected !== undefined) {
        expect(differences, `${type.type} now echoes identically: take it out of KNOWN`).toContain(expected.shows);
        continue;
      }
      expect(type.calls, `${type.type}: Mono's proxies called it`).toBeGreaterThan(0);
      expect(type.rawReplies, `${type.type}: raw requests replayed`).toBeGreaterThan(0);
      expect(type.clientCalls, `${type.type}: the generated client round-tripped it`).toBeGreaterThan(0);
      expect(differences, `${type.type}`).toBe('');
    }
    for (const type of Object.keys(known)) {
      expect(
        service.types.map((t) => t.type),
        `KNOWN names ${type}, which ${file} no longer has`,
      ).toContain(type);
    }
  });
});

/** A free port whose successor is free too: the harness takes N (the runtime) and N+1 (its recording proxy). */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await listenOnce(0);
    if ((await listenOnce(port + 1).catch(() => undefined)) !== undefined) return port;
  }
}

function listenOnce(port: number): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      server.close(() => done(bound));
    });
  });
}
