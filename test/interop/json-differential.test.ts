/**
 * The differential harness's JSON mode (`scripts/differential.mjs --json`, docs/wire.md "JSON differential") over
 * the project's corpus (`test/fixtures/asmx-corpus/`) and the shared reference services (`../shared/wsdl-corpus/`),
 * one real runtime for all: every type's echo service, made a `[ScriptService]`, is called with ASP.NET AJAX's JSON
 * requests on the real runtime (Mono's ScriptHandlerFactory) and on `asmxgen serve` of the imported spec plus
 * `scriptService: true`. Each sample (every member set, arrays of two, nested and derived objects, enums, flags,
 * dates) posted as `{"value":…}`, an extra, a missing and a wrongly typed parameter, `__type` for a derived class
 * and an enum by GET must be answered alike: status, content type, body as JSON values and bytes, or the .NET
 * Framework's form where docs/wire.md follows it over Mono (the harness's `NET_RULES`, each with its source). The
 * differences that remain are listed below with why, and fail the test once they go away.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../shared-files.js';
import { requireProgram } from './require-program.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CORPUS = join(ROOT, 'test/fixtures/asmx-corpus');
const SHARED_CORPUS = sharedFile('wsdl-corpus');

const mono = requireProgram({
  what: "Mono's ASP.NET with System.Web.Extensions, its wsdl tool and mcs (../shared/asmx-host) and curl",
  packages: 'mono-devel curl',
  programs: ['/usr/bin/mono', '/usr/bin/mcs', '/usr/bin/wsdl', '/usr/bin/curl'],
  files: ['/usr/lib/mono/4.5/System.Web.Services.dll', '/usr/lib/mono/4.5/System.Web.Extensions.dll'],
});

/** Types whose JSON exchanges differ, by the first difference the harness reports (a substring of it), and why. */
const KNOWN: Readonly<Record<string, Readonly<Record<string, { readonly shows: string; readonly why: string }>>>> = {};
const SOAP_HEADER =
  "a SOAP header's class derives from SoapHeader in C# (`wsdl` writes it so), and JavaScriptSerializer writes " +
  "SoapHeader's public properties (EncodedMustUnderstand, Actor, …) after the class's own; the echo's spec uses the " +
  'class as no header, and no WSDL says what a class derives from in C#';
const TIME_SPAN =
  "the echo service's TimeSpan is the empty class `wsdl` writes for the schema's TimeSpan, `{}` in JSON; asmxgen " +
  "writes System.TimeSpan's properties (json-clr-objects.ts), as the .NET Framework writes the service's own TimeSpan";
const header = { shows: 'EncodedMustUnderstand', why: SOAP_HEADER };
const timeSpan = { shows: 'Ticks', why: TIME_SPAN };
Object.assign(KNOWN, {
  'DataTypes.wsdl': { DtTicket: header },
  'HeaderGroups.wsdl': { GroupTrace: header, GroupSecurity: header, GroupEcho: header, GroupStamp: header },
  'HeaderNamespaces.wsdl': { EbMessageHeader: header },
  'Headers.wsdl': {
    LocaleHeader: {
      shows: 'status: runtime 200',
      why:
        "its [XmlRoot] names the echo's parameter `Culture` in XML (a `ref` parameter to import) where JSON names the " +
        'C# parameter `value`, which no WSDL shows; JSON carries no ref parameters',
    },
    ZoneHeader: header,
    TraceHeader: header,
    AuthHeader: header,
    SessionHeader: header,
  },
  'ManyBindings.wsdl': { AdminTicket: header },
  'Library.wsdl': { Trace: header, Ticket: header },
  'HttpOmissions.wsdl': { TimeSpan: timeSpan },
  'Nullables.wsdl': { TimeSpan: timeSpan, Measurement: timeSpan },
  'Primitives.wsdl': { TimeSpan: timeSpan, Reading: timeSpan },
});

/** Services the harness does not run, by the reason it reports (a substring of it). */
const NOT_RUN: Readonly<Record<string, string>> = {
  // Served as several documents (a binding in another namespace): Mono's wsdl tool reads the main one from a file,
  // whose ?wsdl=wsdl1 import it cannot follow. test/emit/wsdl-documents.test.ts holds their documents to the runtime's.
  'BindingNamespace.wsdl': 'no echo service: wsdl -server',
  'BindingTypes.wsdl': 'no echo service: wsdl -server',
  'Inventory.wsdl': 'declares no type to echo',
  'Legacy.wsdl': 'declares no type to echo',
  'LegacySoapOnly.wsdl': 'declares no type to echo',
  'TempConvert.wsdl': 'declares no type to echo',
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
  readonly exchanges: number;
  readonly identical: boolean;
  readonly firstDifference?: string;
}

interface ServiceReport {
  readonly file: string;
  readonly status: string;
  readonly error: string;
  readonly types: readonly TypeReport[];
}

// A service's WSDL, not a document its ?wsdl imports (X.wsdl1.wsdl).
const wsdls = (folder: string) => readdirSync(folder).filter((f) => f.endsWith('.wsdl') && !/\.wsdl\d+\.wsdl$/.test(f));
const files = [...wsdls(CORPUS), ...wsdls(SHARED_CORPUS)].sort();

let work: string;
let report: Map<string, ServiceReport> | undefined;
let failure: string | undefined;

beforeAll(async () => {
  if (!mono.available) return;
  work = mkdtempSync(join(tmpdir(), 'asmxgen-json-differential-test-'));
  const json = join(work, 'report.json');
  const port = Number(process.env.ASMX_HOST_PORT) || 9130;
  const output = await new Promise<string | undefined>((done) => {
    execFile(
      process.execPath,
      [
        join(ROOT, 'scripts/differential.mjs'),
        CORPUS,
        SHARED_CORPUS,
        '--json',
        '--report',
        json,
        '--port',
        String(port),
      ],
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
  expect(failure, 'scripts/differential.mjs --json did not finish').toBeUndefined();
  const found = report?.get(file);
  expect(found, `${file} is not in the report`).toBeDefined();
  return found!;
}

describe('JSON calls of a [ScriptService]: the real runtime and asmxgen side by side', () => {
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
      const expected = known[type.type];
      if (expected !== undefined) {
        expect(type.firstDifference ?? '', `${type.type} now answers alike: take it out of KNOWN`).toContain(
          expected.shows,
        );
        continue;
      }
      expect(type.exchanges, `${type.type}: JSON exchanges made`).toBeGreaterThan(0);
      expect(type.firstDifference ?? '', type.type).toBe('');
    }
    for (const type of Object.keys(known)) {
      expect(
        service.types.map((t) => t.type),
        `KNOWN names ${type}, which ${file} no longer has`,
      ).toContain(type);
    }
  });
});
