/**
 * Encoded operations of a document service (golden scenario corpus-soap-styles, the service of
 * test/fixtures/asmx-corpus/SoapStyles.asmx): its encoded types are in `{namespace}/encodedTypes`, and an rpc
 * method's response wrapper is in the service namespace. Each reply below is the one Mono's ASMX runtime
 * (../shared/asmx-host) sent to the same request: the runtime writes the wrapper with the prefix the envelope
 * already declares for its namespace (`tns:` for the service namespace, `types:` for the encoded types'), and the
 * generated server answers with the same bytes.
 */
import { describe, expect, it } from 'vitest';
import { createSoapStylesFetchHandler, type SoapStylesHandlers } from '../golden/corpus-soap-styles/expected/index.js';

const XSI_XSD = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"';
const ENCODING11 = 'http://schemas.xmlsoap.org/soap/encoding/';
const REQUEST11 =
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ` +
  `xmlns:soapenc="${ENCODING11}" ${XSI_XSD}><soap:Body soap:encodingStyle="${ENCODING11}">`;
const REPLY11 =
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ` +
  `xmlns:soapenc="${ENCODING11}" xmlns:tns="urn:example:styles" xmlns:types="urn:example:styles/encodedTypes" ` +
  `${XSI_XSD}><soap:Body soap:encodingStyle="${ENCODING11}">`;
const END = '</soap:Body></soap:Envelope>';

const unused = () => {
  throw new Error('not called here');
};
const handlers: SoapStylesHandlers = {
  Track: unused,
  Ship: unused,
  Weigh: unused,
  Inspect: unused,
  Measure: unused,
  Notify: unused,
  Split: unused,
  // What SoapStyles.asmx's methods do.
  Encoded: (input) => input.parcel,
  Rpc: () => ({ Weight: 0 }),
  RpcVoid: () => undefined,
};
const handle = createSoapStylesFetchHandler(handlers);

async function post(contentType: string, action: string | undefined, body: string) {
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (action !== undefined) headers.SOAPAction = `"${action}"`;
  const reply = await handle(new Request('http://127.0.0.1/SoapStyles.asmx', { method: 'POST', headers, body }));
  return { status: reply.status, text: await reply.text() };
}

describe('encoded replies of a document service, as the runtime writes them', () => {
  it.each([
    [
      'Rpc (rpc, its response in the service namespace)',
      'urn:example:styles/Rpc',
      '<q:Rpc xmlns:q="urn:example:styles"><id xsi:type="xsd:string">a</id></q:Rpc>',
      '<tns:RpcResponse><RpcResult href="#id1" /></tns:RpcResponse><types:Parcel id="id1" xsi:type="types:Parcel">' +
        '<Weight xsi:type="xsd:double">0</Weight></types:Parcel>',
    ],
    [
      'RpcVoid (rpc, RequestNamespace of its own, its response in the service namespace)',
      'urn:example:styles:rpc-void',
      '<q:RpcVoid xmlns:q="urn:example:styles:rpc"><amount xsi:type="xsd:double">1</amount></q:RpcVoid>',
      '<tns:RpcVoidResponse />',
    ],
    [
      'Encoded (document/encoded, its response in the encoded types namespace)',
      'urn:example:styles/Encoded',
      '<q:Encoded xmlns:q="urn:example:styles/encodedTypes"><id xsi:type="xsd:string">a</id><parcel href="#p"/>' +
        '</q:Encoded><q:Parcel id="p" xmlns:q="urn:example:styles/encodedTypes" xsi:type="q:Parcel">' +
        '<Id xsi:type="xsd:string">x</Id><Weight xsi:type="xsd:double">1.5</Weight></q:Parcel>',
      '<types:EncodedResponse><EncodedResult href="#id1" /></types:EncodedResponse><types:Parcel id="id1" ' +
        'xsi:type="types:Parcel"><Id xsi:type="xsd:string">x</Id><Weight xsi:type="xsd:double">1.5</Weight>' +
        '</types:Parcel>',
    ],
  ])('SOAP 1.1 %s: the reply Mono sent, byte for byte', async (_name, action, request, reply) => {
    const answer = await post('text/xml; charset=utf-8', action, `${REQUEST11}${request}${END}`);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(`${REPLY11}${reply}${END}`);
  });

  it('SOAP 1.2 Rpc: the reply Mono sent, byte for byte', async () => {
    const envelope =
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" ' +
      'xmlns:soapenc="http://www.w3.org/2003/05/soap-encoding"';
    const answer = await post(
      'application/soap+xml; charset=utf-8; action="urn:example:styles/Rpc"',
      undefined,
      `${envelope} ${XSI_XSD}><soap:Body><q:Rpc xmlns:q="urn:example:styles"><id xsi:type="xsd:string">a</id>` +
        `</q:Rpc>${END}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(
      `${envelope} xmlns:tns="urn:example:styles" xmlns:types="urn:example:styles/encodedTypes" ` +
        `xmlns:rpc="http://www.w3.org/2003/05/soap-rpc" ${XSI_XSD}><soap:Body><tns:RpcResponse>` +
        '<rpc:result xmlns="">RpcResult</rpc:result><RpcResult soapenc:id="id1" xsi:type="types:Parcel">' +
        `<Weight xsi:type="xsd:double">0</Weight></RpcResult></tns:RpcResponse>${END}`,
    );
  });
});
