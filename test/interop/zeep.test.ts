/**
 * Python's zeep, reading the WSDL the generated server serves, calls all 20
 * operations on the SOAP 1.1 and the SOAP 1.2 port (`zeep/call_all.py`), with
 * a plain and hostile `requestJson` values: each arrives at its handler
 * exactly as sent, by the port's transport.
 *
 * What zeep sends (captured below): lxml writes a CR in text as `&#13;`, so a
 * CR, alone or in CRLF, survives XML reading and arrives as sent; `<`, `&` and
 * `>` as entities; everything else (quotes, `]]>`, characters outside the BMP)
 * as raw UTF-8. Its SOAP 1.2 requests carry the action both as the content
 * type's `action` parameter and as a SOAPAction header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOSTILE_VALUE,
  OPERATIONS,
  PLAIN_VALUE,
  startRecordingServer,
  WITH_REQUEST_JSON,
  type RecordedCall,
  type RecordingServer,
} from '../server/recording-server.js';
import { requireProgram } from './require-program.js';
import { describeRun, runProgram, type ProgramRun } from './run-program.js';

const PYTHON = '/usr/bin/python3';
const python = requireProgram({
  what: 'Python 3 with zeep at /usr/bin/python3',
  packages: 'python3-zeep',
  programs: [PYTHON],
  probe: [PYTHON, '-c', 'import zeep'],
});

const VALUES = [PLAIN_VALUE, HOSTILE_VALUE, '\r', ''];

interface ZeepLine {
  port: string;
  operation: string;
  value: string | null;
  ok: boolean;
  error?: string;
}

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server?.close());

/** One run of call_all.py for all the tests: its lines, and the calls the handlers saw. */
let zeepRun: Promise<{ run: ProgramRun; lines: ZeepLine[]; calls: RecordedCall[] }> | undefined;
function runZeep() {
  zeepRun ??= (async () => {
    // JSON with every non-ASCII character escaped: the command line stays ASCII whatever the locale.
    const values = JSON.stringify(VALUES).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const script = `${import.meta.dirname}/zeep/call_all.py`;
    const run = await runProgram(PYTHON, [script, server.wsdlUrl, values], { timeoutMs: 120_000 });
    const lines = run.stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as ZeepLine);
    return { run, lines, calls: [...server.calls] };
  })();
  return zeepRun;
}

describe.each([
  ['SOAP 1.1', 'AuthenticationWebServiceSoap', 'soap11'],
  ['SOAP 1.2', 'AuthenticationWebServiceSoap12', 'soap12'],
] as const)('zeep on the %s port', (_name, port, transport) => {
  it('calls all 20 operations, with every value; each call reaches its handler exactly as sent', async (ctx) => {
    python.need(ctx);
    const { run, lines, calls } = await runZeep();
    expect(run.code, describeRun(run)).toBe(0);
    const mine = lines.filter((line) => line.port === port);
    expect(mine.filter((line) => !line.ok)).toEqual([]);
    expect(new Set(mine.map((line) => line.operation))).toEqual(new Set(OPERATIONS));
    expect(mine).toHaveLength(WITH_REQUEST_JSON.length * VALUES.length + 1);

    // zeep calls one after the other: the handlers saw the same calls, in the same order.
    const expected = mine.map((line) => ({
      operation: line.operation,
      transport,
      input: line.value === null ? {} : { requestJson: line.value },
      files: [],
    }));
    expect(calls.filter((call) => call.transport === transport)).toEqual(expected);
    for (const value of VALUES) {
      expect(expected.filter((call) => call.input.requestJson === value)).toHaveLength(WITH_REQUEST_JSON.length);
    }
  });
});

it('what zeep sends: CR as &#13;, the specials as entities, the rest as raw UTF-8', async (ctx) => {
  python.need(ctx);
  const { run } = await runZeep();
  expect(run.code, describeRun(run)).toBe(0);
  const soap = server.requests.filter((r) => r.method === 'POST');
  expect(soap).toHaveLength(2 * (WITH_REQUEST_JSON.length * VALUES.length + 1));
  const hostile = soap.map((r) => r.body().toString('utf8')).filter((xml) => xml.includes('😀𝄞'));
  expect(hostile).toHaveLength(2 * WITH_REQUEST_JSON.length);
  for (const xml of hostile) {
    expect(xml).not.toContain('\r');
    expect(xml).toContain(
      '>  {"q":"&lt;&amp;&gt;\\"\'","cdata":"]]&gt;","emoji":"😀𝄞","é":"ü"}&#13;CR\nLF&#13;\nCRLF  </',
    );
  }
  const soap12 = soap.filter((r) => String(r.headers['content-type']).startsWith('application/soap+xml'));
  expect(soap12).toHaveLength(WITH_REQUEST_JSON.length * VALUES.length + 1);
  for (const request of soap12) {
    expect(request.headers['content-type']).toMatch(
      /^application\/soap\+xml; charset=utf-8; action="App\.WebService\/\w+"$/,
    );
  }
});
