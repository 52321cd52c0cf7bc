/**
 * A `T?` result of an operation HTTP GET/POST carry (`DateTime? GetCacheFlushDate()` of the WSDOT ferries
 * service, a real .NET ASMX service): its reply document is nil for null and the plain value otherwise, and the
 * client reads them back as `null` and the value.
 */
import { describe, expect, it } from 'vitest';
import { createServiceCaller } from '../../runtime/src/client.js';
import { XsdDateTime, type ServiceDescription, type ServiceDocuments } from '../../runtime/src/service-description.js';
import { createServiceFetchHandler } from '../../runtime/src/server.js';

const SERVICE: ServiceDescription = {
  name: 'Ferries',
  namespace: 'urn:ferries',
  path: '/Ferries.asmx',
  transports: ['soap11', 'httpGet', 'httpPost'],
  operations: [
    {
      name: 'GetCacheFlushDate',
      soapAction: 'urn:ferries/GetCacheFlushDate',
      responseElement: 'GetCacheFlushDateResponse',
      parameters: [],
      result: { type: 'dateTime', element: 'GetCacheFlushDateResult', nillable: true, httpElement: 'dateTime' },
    },
  ],
};
const DOCUMENTS: ServiceDocuments = { wsdl: '', disco: '', helpPage: '', operationPages: {}, methodNotFoundPage: '' };

let returns: XsdDateTime | null = null;
const handle = createServiceFetchHandler(SERVICE, DOCUMENTS, { GetCacheFlushDate: async () => returns });
const fetchLocal = (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init));

describe('a nullable result over HTTP GET/POST', () => {
  it.for([
    [
      null,
      '<dateTime xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" xmlns="urn:ferries" />',
    ],
    ['2026-05-17T10:00:00', '<dateTime xmlns="urn:ferries">2026-05-17T10:00:00</dateTime>'],
  ] as const)('%s: the document, and the client reads it back', async ([value, root]) => {
    returns = value === null ? null : XsdDateTime.parse(value);
    const reply = await handle(new Request('http://localhost/Ferries.asmx/GetCacheFlushDate'));
    expect(reply.status).toBe(200);
    expect(await reply.text()).toBe(`<?xml version="1.0" encoding="utf-8"?>\n${root}`);
    for (const transport of ['httpGet', 'httpPost', 'soap11'] as const) {
      const caller = createServiceCaller(SERVICE, 'http://localhost/Ferries.asmx', { transport, fetch: fetchLocal });
      const got = await caller('GetCacheFlushDate', {});
      expect(got === null ? null : String(got), transport).toBe(value);
    }
  });
});
