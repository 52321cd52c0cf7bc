/** Wire contract §1, §2 and §5: documents, help pages, and what is not the service. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceHandler } from '../../runtime/src/server.js';
import { ADDRESS_MARKER } from '../../runtime/src/service-description.js';
import { DOCUMENTS, recordingHandlers, SERVICE, startService, type Running } from './fixture-service.js';
import { postSoap11, postSoap12, send } from './http-client.js';
import {
  fault11,
  fault12,
  request11,
  request12,
  SOAP11,
  SOAP12,
  SOAP12_TYPE,
  TEXT_TYPE,
  UPGRADE_12,
  withHeader,
  XML_TYPE,
} from './soap-messages.js';

let service: Running;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

const BASE = '/AuthenticationWebService.asmx';
const HTML_TYPE = 'text/html; charset=utf-8';

function wsdlFor(address: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">\n' +
    `  <soap:address location="${address}" />\n</wsdl:definitions>`
  );
}

describe('?wsdl and ?disco', () => {
  it.each(['wsdl', 'WSDL', 'Wsdl'])('?%s serves the WSDL with the request’s address', async (key) => {
    const reply = await send(service.port, `${BASE}?${key}`, { headers: { Host: 'example.com:8080' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(XML_TYPE);
    expect(reply.text).toBe(wsdlFor('http://example.com:8080/AuthenticationWebService.asmx'));
  });

  it('?disco serves the discovery document', async () => {
    const reply = await send(service.port, `${BASE}?disco`, { headers: { Host: 'h' } });
    expect(reply.headers['content-type']).toBe(XML_TYPE);
    expect(reply.text).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<discovery><contractRef ref="http://h/AuthenticationWebService.asmx?wsdl" ' +
        'docRef="http://h/AuthenticationWebService.asmx" /></discovery>',
    );
  });

  it('?wsdl=<id>, any value, empty too: 500 XML Web service description was not found. (observed)', async () => {
    for (const query of [
      'wsdl=1',
      'wsdl=',
      'WSDL=x',
      'Wsdl=',
      'wsdl=wsdl1',
      'wsdl&wsdl=1',
      'wsdl=1&wsdl=2',
      'x=1&wsdl=',
    ]) {
      const reply = await send(service.port, `${BASE}?${query}`);
      expect(reply.status, query).toBe(500);
      expect(reply.headers['content-type']).toBe(TEXT_TYPE);
      expect(reply.headers['cache-control']).toBe('private, max-age=0');
      expect(reply.text).toBe('XML Web service description was not found.\r\n');
    }
  });

  it('?schema=<id> of a service with no schema documents: 500 Schema not found. (observed)', async () => {
    for (const query of ['schema=schema1', 'schema=', 'wsdl=wsdl1&schema=x']) {
      const reply = await send(service.port, `${BASE}?${query}`);
      expect(reply.status, query).toBe(500);
      expect(reply.headers['content-type']).toBe(TEXT_TYPE);
      expect(reply.text).toBe('Schema not found.\r\n');
    }
  });

  it('a service served in several documents: ?wsdl=wsdl1 and ?schema=schema1 with the request address', async () => {
    const documents = {
      ...DOCUMENTS,
      descriptions: { wsdl1: `<d location="${ADDRESS_MARKER}?schema=schema1" />` },
      schemas: { schema1: '<xs:schema id="schema1" />' },
    };
    const handler = createServiceHandler(SERVICE, documents, recordingHandlers([]));
    const server = createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const wsdl1 = await send(port, `${BASE}?wsdl=wsdl1`, { headers: { Host: 'h' } });
      expect([wsdl1.status, wsdl1.headers['content-type'], wsdl1.text]).toEqual([
        200,
        XML_TYPE,
        '<d location="http://h/AuthenticationWebService.asmx?schema=schema1" />',
      ]);
      const schema = await send(port, `${BASE}?schema=schema1`);
      expect([schema.status, schema.text]).toEqual([200, '<xs:schema id="schema1" />']);
      expect((await send(port, `${BASE}?wsdl=wsdl2`)).text).toBe('XML Web service description was not found.\r\n');
      expect((await send(port, `${BASE}?schema=schema2`)).text).toBe('Schema not found.\r\n');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('the bare key is the query collection’s null key, all its values joined: it must be wsdl alone', async () => {
    for (const query of ['x=1&wsdl', 'wsdl&op=Echo', 'op=Echo&wsdl', '%77sdl', 'WsDl']) {
      const reply = await send(service.port, `${BASE}?${query}`, { headers: { Host: 'h' } });
      expect(reply.text, query).toBe(wsdlFor('http://h/AuthenticationWebService.asmx'));
    }
    // `wsdl,`, `,wsdl`, `wsdl,wsdl`, `wsdl=1` (one escaped part), a `disco` with a value: the help page (observed).
    for (const query of ['wsdl&', '&wsdl', 'wsdl&&x=1', 'wsdl&wsdl', 'wsdl%3D1', 'disco=', 'disco=1', 'disco&']) {
      const reply = await send(service.port, `${BASE}?${query}`);
      expect([reply.status, reply.headers['content-type']], query).toEqual([200, HTML_TYPE]);
      expect(reply.text).toContain('AuthenticationWebService Web Service');
    }
  });

  it('escapes a hostile Host header in the XML attribute', async () => {
    const reply = await send(service.port, `${BASE}?wsdl`, { headers: { Host: 'evil"><x a="&' } });
    expect(reply.text).toBe(wsdlFor('http://evil&quot;&gt;&lt;x a=&quot;&amp;/AuthenticationWebService.asmx'));
  });

  it('matches the endpoint ignoring case, and names it as the request spelled it', async () => {
    const reply = await send(service.port, '/authenticationwebservice.ASMX?wsdl', { headers: { Host: 'h' } });
    expect(reply.text).toBe(wsdlFor('http://h/authenticationwebservice.ASMX'));
  });

  it('takes X-Forwarded-Proto and X-Forwarded-Host only with trustProxy', async () => {
    const headers = { Host: 'internal:1', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'public.example, proxy' };
    expect((await send(service.port, `${BASE}?wsdl`, { headers })).text).toBe(
      wsdlFor('http://internal:1/AuthenticationWebService.asmx'),
    );
    const trusting = await startService({ trustProxy: true });
    try {
      expect((await send(trusting.port, `${BASE}?wsdl`, { headers })).text).toBe(
        wsdlFor('https://public.example/AuthenticationWebService.asmx'),
      );
    } finally {
      await trusting.close();
    }
  });
});

describe('help pages (§5)', () => {
  it('GET /X.asmx: the help page, markers HTML-escaped', async () => {
    const reply = await send(service.port, BASE, { headers: { Host: '<b>:1' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(HTML_TYPE);
    expect(reply.text).toBe(
      '<html><title>AuthenticationWebService Web Service</title><p>&lt;b&gt;:1</p><a href="http://&lt;b&gt;:1/x">x</a></html>',
    );
  });

  it('other queries, and ?op= with nothing, give the help page too', async () => {
    for (const query of ['?foo=bar', '?op=', '?']) {
      expect((await send(service.port, `${BASE}${query}`)).text).toContain('AuthenticationWebService Web Service');
    }
  });

  it('?op=Op: the operation page; an unknown op: Method Not Found', async () => {
    const page = await send(service.port, `${BASE}?op=Authenticate`, { headers: { Host: 'h' } });
    expect(page.headers['content-type']).toBe(HTML_TYPE);
    expect(page.text).toBe(
      '<html>Authenticate <form action="http://h/AuthenticationWebService.asmx/Authenticate"></form></html>',
    );
    expect((await send(service.port, `${BASE}?op=Echo`)).text).toBe('<html>Echo</html>');
    for (const op of ['Nope', 'authenticate', 'Add']) {
      const missing = await send(service.port, `${BASE}?op=${op}`);
      expect(missing.status).toBe(200);
      expect(missing.text).toBe('<html>Method Not Found</html>');
    }
  });

  it('HEAD: the headers without the body', async () => {
    const reply = await send(service.port, `${BASE}?wsdl`, { method: 'HEAD' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(XML_TYPE);
    expect(Number(reply.headers['content-length'])).toBeGreaterThan(0);
    expect(reply.body.byteLength).toBe(0);
  });
});

describe('what is not a call', () => {
  it.each(['PUT', 'DELETE', 'PATCH'])('%s /X.asmx: 405 Request format is unrecognized.', async (method) => {
    const reply = await send(service.port, BASE, { method, body: '' });
    expect(reply.status).toBe(405);
    expect(reply.headers['content-type']).toBe(TEXT_TYPE);
    expect(reply.text).toBe('Request format is unrecognized.\r\n');
  });

  it.each([
    '/',
    '/other',
    '/AuthenticationWebService.asmxx',
    '/AuthenticationWebService',
    '/x/AuthenticationWebService.asmx',
  ])('%s: 404', async (path) => {
    const reply = await send(service.port, path);
    expect(reply.status).toBe(404);
    expect(reply.text).toBe('The resource cannot be found.\r\n');
  });
});

describe('transports that are off behave as in ASMX with the protocol off', () => {
  async function serve(transports: (typeof SERVICE)['transports']) {
    const handler = createServiceHandler({ ...SERVICE, transports }, DOCUMENTS, recordingHandlers([]));
    const server = createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as AddressInfo).port };
  }

  it('HttpGet and HttpPost off: /X.asmx/Op is unrecognized', async () => {
    const { server, port } = await serve(['soap11', 'soap12']);
    try {
      const get = await send(port, `${BASE}/Authenticate?requestJson=`);
      expect([get.status, get.text]).toEqual([
        500,
        "Request format is unrecognized for URL unexpectedly ending in '/Authenticate'.\r\n",
      ]);
      const wrongCase = await send(port, `${BASE}/authenticate?requestJson=`);
      expect(wrongCase.text).toBe("Request format is unrecognized for URL unexpectedly ending in '/authenticate'.\r\n");
    } finally {
      server.close();
    }
  });

  it('both SOAP versions off: POST /X.asmx is unrecognized', async () => {
    const { server, port } = await serve(['httpGet', 'httpPost']);
    try {
      const reply = await postSoap11(
        port,
        request11('<Authenticate xmlns="App.WebService" />'),
        'App.WebService/Authenticate',
      );
      expect([reply.status, reply.text]).toEqual([500, 'Request format is unrecognized.\r\n']);
    } finally {
      server.close();
    }
  });

  it('SOAP 1.1 off: VersionMismatch with the Upgrade header naming SOAP 1.2 alone (observed)', async () => {
    const { server, port } = await serve(['soap12', 'httpGet']);
    try {
      const message = (ns: string) =>
        `Possible SOAP version mismatch: Envelope namespace ${ns} was unexpected. Expecting ${SOAP12}.`;
      // An unknown envelope: answered in SOAP 1.2, the version the service takes.
      const bogus = '<soap:Envelope xmlns:soap="urn:bogus"><soap:Body /></soap:Envelope>';
      const unknown = withHeader(fault12('VersionMismatch', message('urn:bogus')), UPGRADE_12);
      for (const reply of [
        await postSoap12(port, bogus, null),
        await postSoap12(port, bogus, 'App.WebService/Authenticate'),
        await postSoap11(port, bogus, 'App.WebService/Authenticate'),
      ]) {
        expect([reply.status, reply.headers['content-type'], reply.text]).toEqual([500, SOAP12_TYPE, unknown]);
      }
      // A SOAP 1.1 envelope: a version the service knows but does not take, answered in SOAP 1.1 always.
      const reply = await postSoap11(
        port,
        request11('<Authenticate xmlns="App.WebService" />'),
        'App.WebService/Authenticate',
      );
      expect([reply.status, reply.headers['content-type'], reply.text]).toEqual([
        500,
        XML_TYPE,
        withHeader(fault11('VersionMismatch', message(SOAP11)), UPGRADE_12),
      ]);
    } finally {
      server.close();
    }
  });

  it('SOAP 1.2 off: a 1.2 envelope is a VersionMismatch, answered in 1.1 without an Upgrade header', async () => {
    const { server, port } = await serve(['soap11']);
    try {
      const reply = await postSoap12(port, request12('<Authenticate xmlns="App.WebService" />'), null);
      expect(reply.status).toBe(500);
      expect(reply.text).toBe(
        fault11(
          'VersionMismatch',
          'Possible SOAP version mismatch: Envelope namespace http://www.w3.org/2003/05/soap-envelope was unexpected. ' +
            'Expecting http://schemas.xmlsoap.org/soap/envelope/.',
        ),
      );
      const noAction = await postSoap11(port, request11('<Authenticate xmlns="App.WebService" />'), null);
      expect(noAction.text).toBe(
        fault11(
          'Client',
          'Unable to handle request without a valid action parameter. Please supply a valid soap action.',
        ),
      );
    } finally {
      server.close();
    }
  });
});

describe('creation', () => {
  it('refuses handlers that miss an operation', () => {
    const { Echo: _echo, Add: _add, ...partial } = recordingHandlers([]);
    expect(() => createServiceHandler(SERVICE, DOCUMENTS, partial)).toThrow(/No handler for Echo, Add/);
  });

  it('accepts handlers as class methods', async () => {
    class Impl {
      prefix = 'p:';
      Echo(input: { requestJson?: string }) {
        return this.prefix + input.requestJson;
      }
    }
    const handlers = Object.assign(new Impl(), { ...recordingHandlers([]), Echo: Impl.prototype.Echo });
    const handler = createServiceHandler(SERVICE, DOCUMENTS, handlers);
    const server = createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const reply = await send((server.address() as AddressInfo).port, `${BASE}/Echo?requestJson=x`);
      expect(reply.text).toContain('>p:x</string>');
    } finally {
      server.close();
    }
  });
});
