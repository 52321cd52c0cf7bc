// The chunked 100 MB upload of test/security/large-upload.ts, from a worker
// thread: a client with an event loop of its own, as a real client has, so
// that a server closing its socket while the client is still sending can
// make the kernel reset the connection before the client reads the reply.
// Plain JavaScript: Node loads it as it is.
//
// workerData: { port, runs, head, start, end, bytes }: sends `runs` uploads
// one after the other (`head`, then `start`, `bytes` of 'a', `end`, chunked),
// each until the server closes the connection, and posts the list of
// { reply, sent, closed, error }.
import { connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { port, runs, head, start, end, bytes } = workerData;
const block = Buffer.alloc(64 * 1024, 'a');
const frame = (data) => [Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')];

function upload() {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received = [];
    let sent = 0;
    let step = 0;
    let error;
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (e) => (error ??= e.code ?? e.message));
    socket.on('close', () => resolve({ reply: Buffer.concat(received).toString('utf8'), sent, closed: true, error }));
    const pump = () => {
      while (step < 3 && !socket.destroyed && !socket.writableEnded) {
        let parts;
        if (step === 0) {
          parts = [Buffer.from(head), ...frame(Buffer.from(start))];
          step = 1;
        } else if (sent < bytes) {
          parts = frame(block);
          sent += block.length;
        } else {
          parts = [...frame(Buffer.from(end)), Buffer.from('0\r\n\r\n')];
          step = 3;
        }
        let ok = true;
        for (const part of parts) ok = socket.write(part) && ok;
        if (!ok) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.once('connect', pump);
  });
}

const results = [];
for (let run = 0; run < runs; run++) results.push(await upload());
parentPort.postMessage(results);
