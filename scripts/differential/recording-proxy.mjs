// The raw-bytes half of the differential run: the Mono proxies call the real runtime through this proxy, which
// forwards each request byte for byte to the runtime, replays the same bytes to asmxgen, and compares the two
// replies (status, content type, body bytes; a runtime reply carrying a stack trace stands for a fault of that
// code and first line). The client gets the runtime's reply.
import { createServer, request } from 'node:http';

const STACK = /\n\s+at /;

export function startRecordingProxy(port) {
  const state = { runtimePort: 0, asmxgenPort: 0, results: [] };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const sent = { method: req.method, path: req.url, rawHeaders: req.rawHeaders, body };
      try {
        const runtime = await forward(state.runtimePort, sent);
        const asmxgen = await forward(state.asmxgenPort, sent).catch((error) => ({
          status: 0,
          contentType: '',
          body: Buffer.from(String(error.message)),
        }));
        state.results.push({ request: sent, runtime, difference: compare(runtime, asmxgen) });
        res.writeHead(runtime.status, runtime.headers);
        res.end(runtime.body);
      } catch (error) {
        res.writeHead(502, { 'Content-Type': 'text/plain' });
        res.end(String(error.message));
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ state, stop: () => new Promise((done) => server.close(() => done())) }),
    ),
  );
}

function forward(port, sent) {
  return new Promise((resolve, reject) => {
    const headers = {};
    for (let i = 0; i < sent.rawHeaders.length; i += 2) {
      const name = sent.rawHeaders[i];
      if (/^(connection|keep-alive|expect)$/i.test(name)) continue;
      headers[name] = sent.rawHeaders[i + 1];
    }
    headers.Connection = 'close';
    const req = request(
      { host: '127.0.0.1', port, method: sent.method, path: sent.path, headers, agent: false },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const kept = {};
          for (const name of ['content-type']) if (res.headers[name]) kept[name] = res.headers[name];
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? '',
            headers: kept,
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('no reply within 60 s')));
    req.on('error', reject);
    req.end(sent.body);
  });
}

/** `undefined` when the replies are the same, else the first difference as one line. */
export function compare(runtime, asmxgen) {
  if (runtime.status !== asmxgen.status) return `status: runtime ${runtime.status}, asmxgen ${asmxgen.status}`;
  if (runtime.contentType !== asmxgen.contentType)
    return `content type: runtime ${runtime.contentType}, asmxgen ${asmxgen.contentType}`;
  const a = runtime.body.toString('utf8');
  const b = asmxgen.body.toString('utf8');
  if (STACK.test(a)) {
    const want = fault(a);
    const got = fault(b);
    if (STACK.test(b)) return 'body: asmxgen sent a stack trace';
    return want.code === got.code && wildcard(want.message).test(got.message)
      ? undefined
      : `fault: runtime ${want.code} "${want.message}", asmxgen ${got.code} "${got.message}"`;
  }
  if (runtime.body.equals(asmxgen.body)) return undefined;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 60);
  return `body at ${i}: runtime ${JSON.stringify(a.slice(from, i + 80))}, asmxgen ${JSON.stringify(b.slice(from, i + 80))}`;
}

function firstLine(text) {
  return text.split(/\r?\n/)[0].replace(/System(?:\.\w+)*Exception: /g, '');
}

function fault(body) {
  const code = /<faultcode>([^<]*)<\/faultcode>|<soap:Value>([^<]*)<\/soap:Value>/.exec(body);
  const message = /<faultstring>([^<]*)|<soap:Text[^>]*>([^<]*)/.exec(body);
  return { code: code?.[1] ?? code?.[2] ?? '', message: firstLine(message?.[1] ?? message?.[2] ?? body) };
}

/** Mono's unformatted `{0}`, `{1}`… as wildcards. */
function wildcard(line) {
  return new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\d\\\}/g, '.*')}$`);
}
