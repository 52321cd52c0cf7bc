import type { NamespaceDeclaration } from './wsdl-model.js';

/**
 * The order of the root element's `xmlns:` declarations for every shape of `wsdl:types`: how many schemas it holds
 * and where the service namespace's schema stands among them (`-1`: it has none). The runtime enumerates a hash
 * table of the prefixes (reference source `ServiceDescription.Write`), so the order depends only on the set of
 * prefixes, which the shape decides: `s{N}` for the schema at position N, `tns` for the service's. Read from Mono's
 * own writer (`test/fixtures/asmx-corpus/probe-xmlns-order.cs shapes`).
 */
const ORDERS: Readonly<Record<string, string>> = {
  '0 -1': 'soapenc soap12 http tns mime tm s soap',
  '1 -1': 'soapenc soap12 s0 http tns mime tm s soap',
  '1 0': 'soapenc soap12 http tns mime tm s soap',
  '2 -1': 'soapenc soap12 s0 s1 http tns mime tm s soap',
  '2 0': 'soapenc soap12 s1 http tns mime tm s soap',
  '2 1': 'soapenc soap12 s0 http tns mime tm s soap',
  '3 -1': 's2 soapenc soap12 s0 s1 http tns mime tm s soap',
  '3 0': 's2 soapenc soap12 s1 http tns mime tm s soap',
  '3 1': 's2 soapenc soap12 s0 http tns mime tm s soap',
  '3 2': 'soapenc soap12 s0 s1 http tns mime tm s soap',
  '4 -1': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s soap',
  '4 0': 's2 soapenc soap12 s1 http tns mime tm s3 s soap',
  '4 1': 's2 soapenc soap12 s0 http tns mime tm s3 s soap',
  '4 2': 'soapenc soap12 s0 s1 http tns mime tm s3 s soap',
  '4 3': 's2 soapenc soap12 s0 s1 http tns mime tm s soap',
  '5 -1': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s4 s soap',
  '5 0': 's2 soapenc soap12 s1 http tns mime tm s3 s4 s soap',
  '5 1': 's2 soapenc soap12 s0 s4 http tns mime tm s3 s soap',
  '5 2': 'soapenc soap12 s0 s1 http tns mime tm s3 s4 s soap',
  '5 3': 's2 soapenc soap12 s0 s1 http tns mime tm s4 s soap',
  '5 4': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s soap',
  '6 -1': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s5 s4 s soap',
  '6 0': 's2 soapenc soap12 s1 http tns mime tm s3 s5 s4 s soap',
  '6 1': 's2 soapenc soap12 s0 s4 http tns mime tm s3 s5 s soap',
  '6 2': 'soapenc soap12 s0 s1 http tns mime tm s3 s5 s4 s soap',
  '6 3': 's2 soapenc soap12 s0 s1 http tns mime tm s5 s4 s soap',
  '6 4': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s5 s soap',
  '6 5': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s4 s soap',
  '7 -1': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s5 s4 s s6 soap',
  '7 0': 's2 soapenc soap12 s1 http tns mime tm s3 s5 s4 s s6 soap',
  '7 1': 's2 soapenc soap12 s0 s4 http tns mime tm s3 s5 s s6 soap',
  '7 2': 'soapenc soap12 s0 s1 http tns mime tm s3 s5 s4 s s6 soap',
  '7 3': 's2 soapenc soap12 s0 s1 http tns mime tm s5 s4 s s6 soap',
  '7 4': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s5 s s6 soap',
  '7 5': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s4 s s6 soap',
  '7 6': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s5 s4 s soap',
  '8 -1': 's6 tm soapenc s2 s3 tns s5 mime s7 s0 s soap soap12 s4 http s1',
  '8 0': 's2 soapenc soap12 s1 http s7 tns mime tm s3 s5 s4 s s6 soap',
  '8 1': 's2 soapenc soap12 s0 s4 http tns mime tm s3 s5 s7 s s6 soap',
  '8 2': 'soapenc soap12 s0 s1 http s7 tns mime tm s3 s5 s4 s s6 soap',
  '8 3': 's2 soapenc soap12 s0 s1 http s7 tns mime tm s5 s4 s s6 soap',
  '8 4': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s5 s7 s s6 soap',
  '8 5': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s7 s4 s s6 soap',
  '8 6': 's2 soapenc soap12 s0 s1 http s7 tns mime tm s3 s5 s4 s soap',
  '8 7': 's2 soapenc soap12 s0 s1 http tns mime tm s3 s5 s4 s s6 soap',
  '9 -1': 's6 tm soapenc s2 s8 s3 tns s5 mime s7 s0 s soap soap12 s4 http s1',
  '9 0': 's6 tm soapenc s2 s8 s3 tns s5 mime s7 s soap soap12 s4 http s1',
  '9 1': 's6 tm soapenc s2 s8 s3 tns s5 mime s7 s0 s soap soap12 s4 http',
  '9 2': 's6 tm soapenc s8 s3 tns s5 mime s7 s0 s soap soap12 s4 http s1',
  '9 3': 's6 tm soapenc s2 s8 tns s5 mime s7 s0 s soap soap12 s4 http s1',
  '9 4': 's6 tm soapenc s2 s8 s3 tns s5 mime s7 s0 s soap soap12 http s1',
  '9 5': 's6 tm soapenc s2 s8 s3 tns mime s7 s0 s soap soap12 s4 http s1',
  '9 6': 'tm soapenc s2 s8 s3 tns s5 mime s7 s0 s soap soap12 s4 http s1',
  '9 7': 's6 tm soapenc s2 s8 s3 tns s5 mime s0 s soap soap12 s4 http s1',
  '9 8': 's6 tm soapenc s2 s3 tns s5 mime s7 s0 s soap soap12 s4 http s1',
  '10 -1': 's6 tm soapenc s2 s8 s3 tns s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '10 0': 's6 tm soapenc s2 s8 s3 tns s5 mime s7 s soap s9 soap12 s4 http s1',
  '10 1': 's6 tm soapenc s2 s8 s3 tns s5 mime s7 s0 s soap s9 soap12 s4 http',
  '10 2': 's6 tm soapenc s8 s3 tns s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '10 3': 's6 tm soapenc s2 s8 tns s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '10 4': 's6 tm soapenc s2 s8 s3 tns s5 mime s7 s0 s soap s9 soap12 http s1',
  '10 5': 's6 tm soapenc s2 s8 s3 tns mime s7 s0 s soap s9 soap12 s4 http s1',
  '10 6': 'tm soapenc s2 s8 s3 tns s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '10 7': 's6 tm soapenc s2 s8 s3 tns s5 mime s0 s soap s9 soap12 s4 http s1',
  '10 8': 's6 tm soapenc s2 s9 s3 tns s5 mime s7 s0 s soap soap12 s4 http s1',
  '10 9': 's6 tm soapenc s2 s8 s3 tns s5 mime s7 s0 s soap soap12 s4 http s1',
  '11 -1': 's6 tm soapenc s2 s8 s3 tns s10 s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '11 0': 's6 tm soapenc s2 s8 s3 tns s10 s5 mime s7 s soap s9 soap12 s4 http s1',
  '11 1': 's6 tm soapenc s2 s8 s3 tns s10 s5 mime s7 s0 s soap s9 soap12 s4 http',
  '11 2': 's6 tm soapenc s8 s3 tns s10 s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '11 3': 's6 tm soapenc s2 s8 tns s10 s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '11 4': 's6 tm soapenc s2 s8 s3 tns s10 s5 mime s7 s0 s soap s9 soap12 http s1',
  '11 5': 's6 tm soapenc s2 s8 s3 tns s10 mime s7 s0 s soap s9 soap12 s4 http s1',
  '11 6': 'tm soapenc s2 s8 s3 tns s10 s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '11 7': 's6 tm soapenc s2 s8 s3 tns s10 s5 mime s0 s soap s9 soap12 s4 http s1',
  '11 8': 's6 tm soapenc s2 s9 s3 tns s10 s5 mime s7 s0 s soap soap12 s4 http s1',
  '11 9': 's6 tm soapenc s2 s8 s3 tns s10 s5 mime s7 s0 s soap soap12 s4 http s1',
  '11 10': 's6 tm soapenc s2 s8 s3 tns s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '12 -1': 's6 tm soapenc s2 s11 s8 s3 tns s10 s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '12 0': 's6 tm soapenc s2 s11 s8 s3 tns s10 s5 mime s7 s soap s9 soap12 s4 http s1',
  '12 1': 's6 tm soapenc s2 s11 s8 s3 tns s10 s5 mime s7 s0 s soap s9 soap12 s4 http',
  '12 2': 's6 tm soapenc s11 s8 s3 tns s10 s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '12 3': 's6 tm soapenc s2 s11 s8 tns s10 s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '12 4': 's6 tm soapenc s2 s11 s8 s3 tns s10 s5 mime s7 s0 s soap s9 soap12 http s1',
  '12 5': 's6 tm soapenc s2 s11 s8 s3 tns s10 mime s7 s0 s soap s9 soap12 s4 http s1',
  '12 6': 'tm soapenc s2 s11 s8 s3 tns s10 s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '12 7': 's6 tm soapenc s2 s11 s8 s3 tns s10 s5 mime s0 s soap s9 soap12 s4 http s1',
  '12 8': 's6 tm soapenc s2 s11 s9 s3 tns s10 s5 mime s7 s0 s soap soap12 s4 http s1',
  '12 9': 's6 tm soapenc s2 s11 s8 s3 tns s10 s5 mime s7 s0 s soap soap12 s4 http s1',
  '12 10': 's6 tm soapenc s2 s11 s8 s3 tns s5 mime s7 s0 s soap s9 soap12 s4 http s1',
  '12 11': 's6 tm soapenc s2 s8 s3 tns s10 s5 mime s7 s0 s soap s9 soap12 s4 http s1',
};

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
 * The declarations before `targetNamespace` for a service namespace and the namespaces of `wsdl:types`' schemas, in
 * their order (the service's own among them, anywhere, or not at all): `s{N}` names the schema at position N.
 */
export function rootNamespacesOfSchemas(serviceNamespace: string, schemas: readonly string[]): NamespaceDeclaration[] {
  const key = `${schemas.length} ${schemas.indexOf(serviceNamespace)}`;
  const order = ORDERS[key];
  if (order === undefined) {
    throw new Error(`the root namespace order of a WSDL with ${schemas.length} schemas is unknown`);
  }
  return order.split(' ').map((prefix) => ({
    prefix,
    uri:
      prefix === 'tns' ? serviceNamespace : /^s\d+$/.test(prefix) ? schemas[Number(prefix.slice(1))]! : FIXED[prefix]!,
  }));
}
