/**
 * The `/js` and `/jsdebug` proxy scripts (runtime/src/json/proxy-script.ts, server/proxy-script-reply.ts) in what the
 * LibraryScript transcripts do not show: `/jsdebug`'s IntelliSense comments, enums declared out of value order,
 * out/ref parameters, built-in client types, an escaped path, a service without operations, and the caching headers
 * of `/js` (System.Web.Extensions/Script/Services/ClientProxyGenerator.cs and WebServiceClientProxyGenerator.cs).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProxyScript } from '../../runtime/src/json/proxy-script.js';
import type { ServiceDescription } from '../../runtime/src/service-description.js';
import { createServiceServer } from '../../runtime/src/server.js';
import { prepareProxyScripts } from '../../runtime/src/server/proxy-script-reply.js';
import { RUNTIME_ERROR_PAGE } from '../../runtime/src/server/runtime-error-page.js';
import { send } from '../server/raw-http.js';

const SERVICE: ServiceDescription = {
  name: 'Shop',
  namespace: 'http://example.com/shop',
  path: '/shop files/Shop.asmx',
  transports: ['soap11', 'soap12'],
  scriptService: true,
  types: {
    Size: {
      kind: 'enum',
      xmlName: 'Size',
      elementName: 'Size',
      values: [
        { xmlName: 'large', name: 'Large', value: 10 },
        { xmlName: 'Small', value: 1 },
        { xmlName: 'Unknown', value: -1 },
      ],
    },
    Item: { kind: 'class', xmlName: 'Item', elementName: 'Item', members: [] },
    Shape: { kind: 'class', xmlName: 'Shape', elementName: 'Shape', abstract: true, members: [] },
  },
  operations: [
    {
      name: 'Find',
      parameters: [
        { name: 'size', type: { enum: 'Size' }, optional: false, nillable: true },
        { name: 'since', type: 'dateTime', optional: false },
        { name: 'shape', type: { class: 'Shape' }, optional: true },
        { name: 'wait', type: 'timeSpan', optional: false },
      ],
      soapAction: 'http://example.com/shop/Find',
      responseElement: 'FindResponse',
      result: { type: { array: { class: 'Item' }, item: 'Item', nillable: true }, element: 'FindResult' },
      scriptMethod: { useHttpGet: true },
    },
    {
      name: 'Split',
      soapAction: 'http://example.com/shop/Split',
      responseElement: 'SplitResponse',
      parameters: [
        { name: 'text', type: 'string', optional: true },
        { name: 'count', type: 'int', optional: false, direction: 'out' },
      ],
    },
  ],
};

describe('the proxy script', () => {
  it('/jsdebug comments each parameter with its script type and CLR type, as GetClientTypeFromServerType does', () => {
    const debug = buildProxyScript(SERVICE, true)!;
    expect(debug).toContain(
      'Find:function(size,since,shape,wait,succeededCallback, failedCallback, userContext) {\r\n' +
        '/// <param name="size" type="Size">Size</param>\r\n' +
        '/// <param name="since" type="Date">System.DateTime</param>\r\n' +
        '/// <param name="shape">Shape</param>\r\n' +
        '/// <param name="wait" type="System.TimeSpan">System.TimeSpan</param>\r\n' +
        '/// <param name="succeededCallback" type="Function" optional="true" mayBeNull="true"></param>\r\n' +
        '/// <param name="failedCallback" type="Function" optional="true" mayBeNull="true"></param>\r\n' +
        '/// <param name="userContext" optional="true" mayBeNull="true"></param>\r\n' +
        "return this._invoke(this._get_path(), 'Find',true,{size:size,since:since,shape:shape,wait:wait}," +
        'succeededCallback,failedCallback,userContext); }',
    );
    // An out parameter's type is by-ref (`System.Int32&`): no script type.
    expect(debug).toContain('/// <param name="count">System.Int32&</param>\r\n');
    expect(debug).toContain(
      'Shop.Split= function(text,count,onSuccess,onFailed,userContext) {\r\n/// <param name="text"',
    );
  });

  it('registers client types in the order met, built-ins in their namespace, enums sorted by value, no abstract class', () => {
    const js = buildProxyScript(SERVICE, false)!;
    const types = js.slice(js.indexOf('var gtc = '));
    expect(types).toBe(
      'var gtc = Sys.Net.WebServiceProxy._generateTypedConstructor;\r\n' +
        "Type.registerNamespace('System');\r\n" +
        "if (typeof(System.TimeSpan) === 'undefined') {\r\n" +
        'System.TimeSpan=gtc("System.TimeSpan");\r\n' +
        "System.TimeSpan.registerClass('System.TimeSpan');\r\n}\r\n" +
        "if (typeof(Item) === 'undefined') {\r\n" +
        'var Item=gtc("Item");\r\n' +
        "Item.registerClass('Item');\r\n}\r\n" +
        "if (typeof(Size) === 'undefined') {\r\n" +
        'var Size = function() { throw Error.invalidOperation(); }\r\n' +
        'Size.prototype = {Small: 1,Large: 10,Unknown: -1}\r\n' +
        "Size.registerEnum('Size', true);\r\n}\r\n",
    );
  });

  it("sets the path UrlPathEncode'd, and writes no script for a service without operations", () => {
    expect(buildProxyScript(SERVICE, false)).toContain('Shop.set_path("/shop%20files/Shop.asmx");\r\n');
    expect(buildProxyScript({ ...SERVICE, operations: [] }, false)).toBeUndefined();
  });
});

describe('serving the proxy script', () => {
  let server: ReturnType<typeof createServiceServer>;
  let port: number;
  const service: ServiceDescription = { ...SERVICE, path: '/Shop.asmx' };

  beforeAll(async () => {
    const documents = { wsdl: '', disco: '', helpPage: '', operationPages: {}, methodNotFoundPage: '' };
    server = createServiceServer(service, documents as never, { Find: () => [], Split: () => ({ count: 0 }) });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()));
  });

  it('/js: public, Last-Modified when the server started, Expires a year before it; the same bytes each time', async () => {
    const first = await send(port, '/Shop.asmx/js');
    const second = await send(port, '/shop.asmx/Js');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/x-javascript; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public');
    const modified = Date.parse(first.headers['last-modified'] as string);
    expect(modified).toBeLessThanOrEqual(Date.now());
    const expires = new Date(modified);
    expires.setUTCFullYear(expires.getUTCFullYear() - 1);
    expect(first.headers.expires).toBe(expires.toUTCString());
    expect(second.text).toBe(first.text);
    expect(second.headers['last-modified']).toBe(first.headers['last-modified']);
    expect(first.text).toBe(buildProxyScript(service, false));
  });

  it('answers 304 to an If-Modified-Since not older than Last-Modified, the script to an older one', async () => {
    const { headers } = await send(port, '/Shop.asmx/js');
    const lastModified = headers['last-modified'] as string;
    const same = await send(port, '/Shop.asmx/js', { headers: { 'If-Modified-Since': lastModified } });
    expect({ status: same.status, body: same.text }).toEqual({ status: 304, body: '' });
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    const changed = await send(port, '/Shop.asmx/jsdebug', { headers: { 'If-Modified-Since': older } });
    expect(changed.status).toBe(200);
    expect(changed.headers['cache-control']).toBe('private');
    expect(changed.headers.expires).toBeUndefined();
    expect(changed.text).toBe(buildProxyScript(service, true));
  });

  it('refuses /js of a service that is no [ScriptService], as WebServiceData does (the Runtime Error page)', async () => {
    const plain: ServiceDescription = { ...service, scriptService: false };
    expect(prepareProxyScripts(plain)).toBeUndefined();
    const documents = { wsdl: '', disco: '', helpPage: '', operationPages: {}, methodNotFoundPage: '' };
    const other = createServiceServer(plain, documents as never, { Find: () => [], Split: () => ({ count: 0 }) });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    try {
      const reply = await send((other.address() as AddressInfo).port, '/Shop.asmx/js');
      expect({ status: reply.status, type: reply.headers['content-type'], body: reply.text }).toEqual({
        status: 500,
        type: 'text/html; charset=utf-8',
        body: RUNTIME_ERROR_PAGE,
      });
    } finally {
      await new Promise<void>((done) => other.close(() => done()));
    }
  });
});
