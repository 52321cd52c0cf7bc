// A load generator for the soak tests, run in a worker thread so that the
// server under test has the main thread (or its own process) to itself.
// Plain JavaScript: Node loads it as it is.
//
// Request `id` calls operation `operations[id % operations.length]` over
// transport `TRANSPORTS[id % 4]` with `requestJson` = `s<id>`, on keep-alive
// connections (`connections` sockets at most, as many requests in flight),
// and checks the exact reply (the operation's void reply).
//
// workerData: { port, path, operations, connections, total?, marks?, deadlineMs }
// - with `total`: sends ids 0..total-1, posts { type: 'mark', done } as
//   `done` reaches each of `marks`, then { type: 'done', ... };
// - without: sends new ids until the parent posts 'stop', then posts
//   { type: 'done', ..., records } with one record per request
//   ({ id, startedAt, endedAt, status | error, reused }), times in epoch ms.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, path, operations, connections, total, marks = [], deadlineMs } = workerData;
const TRANSPORTS = ['soap11', 'soap12', 'httpGet', 'httpPost'];
const NS = 'App.WebService';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

const agent = new Agent({ keepAlive: true, maxSockets: connections });
const now = () => performance.timeOrigin + performance.now();

function envelope(ns, op, value) {
  const call = `<${op} xmlns="${NS}"><requestJson>${value}</requestJson></${op}>`;
  return `${DECLARATION}<soap:Envelope xmlns:soap="${ns}"><soap:Body>${call}</soap:Body></soap:Envelope>`;
}

function voidReply(ns, op) {
  return (
    `${DECLARATION}<soap:Envelope xmlns:soap="${ns}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    `<soap:Body><${op}Response xmlns="${NS}" /></soap:Body></soap:Envelope>`
  );
}

/** The request for `id` and the reply it must get. */
function plan(id) {
  const op = operations[id % operations.length];
  const transport = TRANSPORTS[id % 4];
  const value = `s${id}`;
  switch (transport) {
    case 'soap11':
      return {
        method: 'POST',
        path,
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/${op}"` },
        body: envelope(SOAP11, op, value),
        expected: voidReply(SOAP11, op),
      };
    case 'soap12':
      return {
        method: 'POST',
        path,
        headers: { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/${op}"` },
        body: envelope(SOAP12, op, value),
        expected: voidReply(SOAP12, op),
      };
    case 'httpGet':
      return { method: 'GET', path: `${path}/${op}?requestJson=${value}`, headers: {}, body: undefined, expected: '' };
    default:
      return {
        method: 'POST',
        path: `${path}/${op}`,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `requestJson=${value}`,
        expected: '',
      };
  }
}

function send(id) {
  const p = plan(id);
  const record = { id, startedAt: now(), endedAt: 0, status: 0, error: undefined, reused: false, wrong: undefined };
  return new Promise((resolve) => {
    const headers = { ...p.headers };
    if (p.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(p.body));
    const req = request({ host: '127.0.0.1', port, method: p.method, path: p.path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        record.endedAt = now();
        record.status = res.statusCode;
        record.reused = req.reusedSocket;
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200 || text !== p.expected) record.wrong = `${res.statusCode} ${text.slice(0, 200)}`;
        resolve(record);
      });
      res.on('error', (error) => {
        record.endedAt = now();
        record.error = error.code ?? error.message;
        resolve(record);
      });
    });
    req.on('error', (error) => {
      record.endedAt = now();
      record.error = error.code ?? error.message;
      record.reused = req.reusedSocket;
      resolve(record);
    });
    req.end(p.body);
  });
}

let stopped = false;
parentPort.on('message', (message) => {
  if (message === 'stop') stopped = true;
});

const started = now();
let next = 0;
let done = 0;
let errors = 0;
const errorSamples = [];
const records = [];
const pendingMarks = [...marks].sort((a, b) => a - b);

async function loop() {
  for (;;) {
    if (total !== undefined ? next >= total : stopped) return;
    if (now() - started > deadlineMs) return;
    const record = await send(next++);
    done++;
    if (record.error !== undefined || record.wrong !== undefined) {
      errors++;
      if (errorSamples.length < 20) errorSamples.push(record);
    }
    if (total === undefined) records.push(record);
    while (pendingMarks.length > 0 && done >= pendingMarks[0])
      parentPort.postMessage({ type: 'mark', done: pendingMarks.shift() });
  }
}

await Promise.all(Array.from({ length: connections }, loop));
agent.destroy();
parentPort.postMessage({
  type: 'done',
  sent: next,
  done,
  errors,
  errorSamples,
  elapsedMs: now() - started,
  timedOut: now() - started > deadlineMs,
  records: total === undefined ? records : undefined,
});
