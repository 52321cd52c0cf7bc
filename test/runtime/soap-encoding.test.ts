/**
 * SOAP section 5 encoding (rpc/encoded, document/encoded) against the real runtime: each request below was sent
 * to `RpcStyles.asmx` served by Mono's ASMX runtime, whose reply is in test/fixtures/rpc-styles-replies/. The
 * server answers the same request with the same bytes, and the client reads the reply back.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServiceDocuments } from '../../runtime/src/service-description.js';
import { createServiceCaller } from '../../runtime/src/client.js';
import { createServiceFetchHandler } from '../../runtime/src/server.js';
import { CALLS, HANDLERS, NS, SERVICE } from './fixtures/rpc-styles-description.js';

const DOCUMENTS: ServiceDocuments = { wsdl: '', disco: '', helpPage: '', operationPages: {}, methodNotFoundPage: '' };
const handle = createServiceFetchHandler(SERVICE, DOCUMENTS, HANDLERS);
const REPLIES = resolve(import.meta.dirname, '../fixtures/rpc-styles-replies');

const ENV11 =
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
  'xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:example:rpc"><soap:Body ' +
  'soap:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">';
const END11 = '</soap:Body></soap:Envelope>';
const ENV12 =
  '<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope" ' +
  'xmlns:soapenc="http://www.w3.org/2003/05/soap-encoding" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:example:rpc"><soap12:Body>';
const END12 = '</soap12:Body></soap12:Envelope>';
const CRATE_C1 =
  '<tns:Crate id="c1" xsi:type="tns:Crate"><Label xsi:type="xsd:string">x</Label><Count xsi:type="xsd:int">1</Count></tns:Crate>';

/** [reply file, SOAPAction, the Body's content], as sent to the real runtime. */
const SOAP11: [string, string, string][] = [
  ['echo', 'Echo', '<tns:Echo><text xsi:type="xsd:string">hi</text></tns:Echo>'],
  ['echoNil', 'Echo', '<tns:Echo><text xsi:nil="true"/></tns:Echo>'],
  ['add', 'Add', '<tns:Add><a xsi:type="xsd:int">1</a><b xsi:type="xsd:int">2</b></tns:Add>'],
  ['addNoType', 'Add', '<tns:Add><a>5</a><b>6</b></tns:Add>'],
  [
    'makeCrate',
    'MakeCrate',
    '<tns:MakeCrate><label xsi:type="xsd:string">b</label><count xsi:type="xsd:int">1</count></tns:MakeCrate>',
  ],
  ['range', 'Range', '<tns:Range><count xsi:type="xsd:int">2</count></tns:Range>'],
  ['range0', 'Range', '<tns:Range><count xsi:type="xsd:int">0</count></tns:Range>'],
  [
    'echoCrates',
    'EchoCrates',
    '<tns:EchoCrates><crates href="#a"/></tns:EchoCrates><soapenc:Array id="a" soapenc:arrayType="tns:Crate[2]">' +
      '<Item href="#c1"/><Item href="#c2"/></soapenc:Array>' +
      CRATE_C1 +
      '<tns:Crate id="c2" xsi:type="tns:Crate"><Label xsi:type="xsd:string">y</Label><Count xsi:type="xsd:int">2</Count></tns:Crate>',
  ],
  ['ping', 'Ping', '<tns:Ping/>'],
  [
    'store',
    'urn:example:rpc:store',
    '<q:Store xmlns:q="urn:example:rpc:requests"><key xsi:type="xsd:string">k</key><value xsi:type="xsd:int">7</value></q:Store>',
  ],
  ['pack', 'Pack', `<tns:Pack><crate href="#c1"/><note xsi:type="xsd:string">!</note></tns:Pack>${CRATE_C1}`],
  [
    'nullItem',
    'EchoCrates',
    '<tns:EchoCrates><crates href="#a"/></tns:EchoCrates><soapenc:Array id="a" soapenc:arrayType="tns:Crate[2]">' +
      '<Item xsi:nil="true"/><Item href="#c1"/></soapenc:Array>' +
      '<tns:Crate id="c1" xsi:type="tns:Crate"><Count xsi:type="xsd:int">1</Count></tns:Crate>',
  ],
];

const SOAP12: [string, string, string][] = [
  ['echo', 'Echo', '<tns:Echo><text xsi:type="xsd:string">hi</text></tns:Echo>'],
  ['add', 'Add', '<tns:Add><a>1</a><b>2</b></tns:Add>'],
  [
    'makeCrate',
    'MakeCrate',
    '<tns:MakeCrate><label xsi:type="xsd:string">b</label><count xsi:type="xsd:int">1</count></tns:MakeCrate>',
  ],
  ['range', 'Range', '<tns:Range><count xsi:type="xsd:int">2</count></tns:Range>'],
  [
    'echoCrates',
    'EchoCrates',
    '<tns:EchoCrates><crates soapenc:itemType="tns:Crate" soapenc:arraySize="1"><Item xsi:type="tns:Crate">' +
      '<Label>x</Label><Count>1</Count></Item></crates></tns:EchoCrates>',
  ],
  ['ping', 'Ping', '<tns:Ping/>'],
  [
    'store',
    'urn:example:rpc:store',
    '<q:Store xmlns:q="urn:example:rpc:requests"><key xsi:type="xsd:string">k</key><value xsi:type="xsd:int">7</value></q:Store>',
  ],
  ['pack', 'Pack', '<tns:Pack><crate><Label>x</Label><Count>1</Count></crate><note>!</note></tns:Pack>'],
  [
    'nullItem',
    'EchoCrates',
    '<tns:EchoCrates><crates soapenc:itemType="tns:Crate" soapenc:arraySize="2"><Item xsi:nil="true"/>' +
      '<Item><Count>1</Count></Item></crates></tns:EchoCrates>',
  ],
  ['echoNil', 'Echo', '<tns:Echo><text xsi:nil="true"/></tns:Echo>'],
  ['range0', 'Range', '<tns:Range><count>0</count></tns:Range>'],
];

const action = (a: string) => (a.includes(':') ? a : `${NS}/${a}`);

describe('rpc/encoded and document/encoded on the wire, as the real runtime answers', () => {
  it.for(SOAP11)('SOAP 1.1 %s', async ([file, soapAction, content]) => {
    const reply = await handle(
      new Request('http://localhost/RpcStyles.asmx', {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action(soapAction)}"` },
        body: ENV11 + content + END11,
      }),
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(await reply.text()).toBe(readFileSync(resolve(REPLIES, `${file}.soap11.xml`), 'utf8'));
  });

  it.for(SOAP12)('SOAP 1.2 %s', async ([file, soapAction, content]) => {
    const reply = await handle(
      new Request('http://localhost/RpcStyles.asmx', {
        method: 'POST',
        headers: { 'content-type': `application/soap+xml; charset=utf-8; action="${action(soapAction)}"` },
        body: ENV12 + content + END12,
      }),
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/soap+xml; charset=utf-8');
    expect(await reply.text()).toBe(readFileSync(resolve(REPLIES, `${file}.soap12.xml`), 'utf8'));
  });
});

describe('a value that does not read', () => {
  it('is a Client fault at the position the runtime reports: the next tag after the value', async () => {
    const reply = await handle(
      new Request('http://localhost/RpcStyles.asmx', {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}/Add"` },
        body: `${ENV11}<tns:Add><a>x</a><b>6</b></tns:Add>${END11}`,
      }),
    );
    expect(reply.status).toBe(500);
    // The runtime's faultstring, without the exception type names and the stack trace (as every fault the server
    // writes): the same position, the same .NET message.
    expect(await reply.text()).toContain(
      '<faultcode>soap:Client</faultcode><faultstring>Server was unable to read request. ---&gt; There is an ' +
        'error in XML document (1, 386). ---&gt; Input string was not in a correct format.</faultstring>',
    );
  });
});

describe('a SOAP header the envelope says must be understood', () => {
  it('is answered with the MustUnderstand fault, as for any operation', async () => {
    const reply = await handle(
      new Request('http://localhost/RpcStyles.asmx', {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}/Ping"` },
        body:
          ENV11.replace(
            '<soap:Body',
            '<soap:Header><t:Trace xmlns:t="urn:t" soap:mustUnderstand="1">x</t:Trace></soap:Header><soap:Body',
          ) + `<tns:Ping/>${END11}`,
      }),
    );
    expect(reply.status).toBe(500);
    expect(await reply.text()).toContain(
      '<faultcode>soap:MustUnderstand</faultcode><faultstring>SOAP header Trace was not understood.</faultstring>',
    );
  });
});

describe("an rpc service's HTTP GET and POST replies, in {namespace}/literalTypes", () => {
  const service = {
    ...SERVICE,
    transports: [...SERVICE.transports, 'httpGet', 'httpPost'] as const,
    httpNamespace: `${NS}/literalTypes`,
  };
  const httpHandle = createServiceFetchHandler(service, DOCUMENTS, HANDLERS);
  it.for([
    ['echo.httpGet', 'Echo?text=hi'],
    ['makeCrate.httpGet', 'MakeCrate?label=b&count=1'],
    ['range.httpGet', 'Range?count=2'],
    ['add.httpPost', 'Add', 'a=1&b=2'],
  ])('%s', async ([file, path, form]) => {
    const reply = await httpHandle(
      new Request(`http://localhost/RpcStyles.asmx/${path}`, {
        method: form === undefined ? 'GET' : 'POST',
        ...(form !== undefined && { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }),
      }),
    );
    expect(reply.status).toBe(200);
    expect(await reply.text()).toBe(readFileSync(resolve(REPLIES, `${file}.xml`), 'utf8'));
  });

  it.for(['httpGet', 'httpPost'] as const)('the client reads them back over %s', async (transport) => {
    const fetchHttp = (input: RequestInfo | URL, init?: RequestInit) => httpHandle(new Request(input, init));
    const caller = createServiceCaller(service, 'http://localhost/RpcStyles.asmx', { transport, fetch: fetchHttp });
    expect(await caller('MakeCrate', { label: 'b', count: 1 })).toEqual({ Label: 'b', Count: 1 });
    expect(await caller('Range', { count: 2 })).toEqual([1, 2]);
  });
});

describe('the client of an encoded service', () => {
  const fetchLocal = (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init));
  for (const transport of ['soap11', 'soap12'] as const) {
    it.for(CALLS)(`${transport}: %s`, async ([operation, input, expected]) => {
      const caller = createServiceCaller(SERVICE, 'http://localhost/RpcStyles.asmx', { transport, fetch: fetchLocal });
      expect(await caller(operation, input)).toEqual(expected);
    });
  }
});
