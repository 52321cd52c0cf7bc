import type { NamespaceDeclaration } from './wsdl-model.js';

/**
 * The order of the root element's `xmlns:` declarations: the runtime enumerates a hash table of the prefixes
 * (reference source `ServiceDescription.Write`), so the order depends only on how many extra schemas there are.
 * Read from Mono's own writer (`test/fixtures/asmx-corpus/probe-xmlns-order.cs`), for the shapes where the
 * service's schema comes first and the extra schemas are `s1`, `s2`, ….
 */
const ORDERS: readonly (readonly string[])[] = [
  ['soapenc', 'soap12', 'http', 'tns', 'mime', 'tm', 's', 'soap'],
  ['soapenc', 'soap12', 's1', 'http', 'tns', 'mime', 'tm', 's', 'soap'],
  ['s2', 'soapenc', 'soap12', 's1', 'http', 'tns', 'mime', 'tm', 's', 'soap'],
  ['s2', 'soapenc', 'soap12', 's1', 'http', 'tns', 'mime', 'tm', 's3', 's', 'soap'],
  ['s2', 'soapenc', 'soap12', 's1', 'http', 'tns', 'mime', 'tm', 's3', 's4', 's', 'soap'],
  ['s2', 'soapenc', 'soap12', 's1', 'http', 'tns', 'mime', 'tm', 's3', 's5', 's4', 's', 'soap'],
  ['s2', 'soapenc', 'soap12', 's1', 'http', 'tns', 'mime', 'tm', 's3', 's5', 's4', 's', 's6', 'soap'],
  ['s2', 'soapenc', 'soap12', 's1', 'http', 's7', 'tns', 'mime', 'tm', 's3', 's5', 's4', 's', 's6', 'soap'],
];

const FIXED: Readonly<Record<string, string>> = {
  soapenc: 'http://schemas.xmlsoap.org/soap/encoding/',
  soap12: 'http://schemas.xmlsoap.org/wsdl/soap12/',
  http: 'http://schemas.xmlsoap.org/wsdl/http/',
  mime: 'http://schemas.xmlsoap.org/wsdl/mime/',
  tm: 'http://microsoft.com/wsdl/mime/textMatching/',
  s: 'http://www.w3.org/2001/XMLSchema',
  soap: 'http://schemas.xmlsoap.org/wsdl/soap/',
};

/**
 * The declarations before `targetNamespace` for a service namespace and the extra schemas' namespaces, in
 * `wsdl:types` order after the service's own schema (`s1`, `s2`, …).
 */
export function rootNamespaces(serviceNamespace: string, extraSchemas: readonly string[]): NamespaceDeclaration[] {
  const order = ORDERS[extraSchemas.length];
  if (!order)
    throw new Error(`the root namespace order of a WSDL with ${extraSchemas.length} extra schemas is unknown`);
  return order.map((prefix) => ({
    prefix,
    uri:
      prefix === 'tns'
        ? serviceNamespace
        : /^s\d+$/.test(prefix)
          ? extraSchemas[Number(prefix.slice(1)) - 1]!
          : FIXED[prefix]!,
  }));
}
