/**
 * A bare operation with an out parameter (test/fixtures/bare-out): the generated server writes the result and each
 * out parameter as its own element in the response namespace, the bytes the real ASMX runtime sent, and the client
 * reads both back.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeService } from '../../generator/emit/describe-service.js';
import { buildModel } from '../../generator/index.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { createServiceCaller } from '../../runtime/src/client.js';
import { createServiceServer } from '../../runtime/src/server.js';
import { send } from './raw-http.js';

const WSDL = readFileSync(resolve(import.meta.dirname, '../fixtures/bare-out/BareOut.wsdl'), 'utf8');
const MODEL = buildModel(readWsdl(WSDL, 'BareOut.wsdl').spec);
const SERVICE = describeService(MODEL);
const XSI_XSD = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"';

/** The runtime's reply to Find("abc"), byte for byte. */
const MONO_REPLY =
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
  `${XSI_XSD}><soap:Body><FindResult xmlns="urn:example:bareout">4</FindResult>` +
  '<total xmlns="urn:example:bareout">9</total></soap:Body></soap:Envelope>';

let server: ReturnType<typeof createServiceServer>;
let port: number;

beforeAll(async () => {
  server = createServiceServer(SERVICE, renderDocuments(MODEL), { Find: () => ({ result: 4, total: 9 }) });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
});

describe('a bare operation with an out parameter', () => {
  it('is answered with each reply part in the response namespace, as the runtime answers it', async () => {
    const reply = await send(port, '/BareOut.asmx', {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"urn:example:bareout/Find"' },
      body:
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
        '<soap:Body><text xmlns="urn:example:bareout">abc</text></soap:Body></soap:Envelope>',
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(MONO_REPLY);
  });

  it('reads the result and the out parameter from that reply', async () => {
    const call = createServiceCaller(SERVICE, `http://127.0.0.1:${port}/BareOut.asmx`);
    await expect(call('Find', { text: 'abc' })).resolves.toEqual({ result: 4, total: 9 });
  });
});
