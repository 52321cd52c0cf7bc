// Callers of `asmxgen proxy` for the recording soak, in a worker thread. Plain JavaScript: Node loads it as it is.
//
// Request `id` is a SOAP 1.1 call (even ids) or an HTTP GET (odd ids) naming `id`; the upstream's reply names the
// request's path and query, and a request counts as finished when its whole reply came and says so. Finished ids
// are marked in `finished` (a shared byte per id) and counted in `counter[0]`, so that the parent reads both while
// this runs and after the proxy is gone. Runs until the parent posts 'stop'; then posts { type: 'done', sent }.
//
// workerData: { port, connections, finished: SharedArrayBuffer, counter: SharedArrayBuffer }
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, connections } = workerData;
const finished = new Uint8Array(workerData.finished);
const counter = new Int32Array(workerData.counter);
const PATH = '/AuthenticationWebService.asmx';
const agent = new Agent({ keepAlive: true, maxSockets: connections });

function send(id) {
  const soap = id % 2 === 0;
  const target = soap ? `${PATH}?id=${id}` : `${PATH}/GetTerm?requestJson=${id}`;
  const body = soap
    ? '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
      `<soap:Body><GetTerm xmlns="App.WebService"><requestJson>${id}</requestJson></GetTerm></soap:Body></soap:Envelope>`
    : undefined;
  const headers = soap ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"App.WebService/GetTerm"' } : {};
  const expected = `>${target}</string>`;
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, method: soap ? 'POST' : 'GET', path: target, headers, agent },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          if (res.complete && res.statusCode === 200 && text.endsWith(expected)) {
            finished[id] = 1;
            Atomics.add(counter, 0, 1);
          }
          resolve();
        });
        res.on('error', () => resolve());
      },
    );
    req.on('error', () => resolve());
    req.end(body);
  });
}

let stopped = false;
parentPort.on('message', (message) => {
  if (message === 'stop') stopped = true;
});

let next = 0;
async function loop() {
  while (!stopped) {
    // Once the proxy is gone every request fails at once, and past the end no id is sent: wait for 'stop'.
    if (next < finished.length) await send(next++);
    else await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

await Promise.all(Array.from({ length: connections }, loop));
agent.destroy();
parentPort.postMessage({ type: 'done', sent: next });
