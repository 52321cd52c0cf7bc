import { edit, readShared } from './wsdl-fixtures.js';

/**
 * WSDLs asmxgen must refuse, each made from a corpus WSDL by an edit that adds what the ASMX runtime
 * writes for the construct (a [SoapHeader], an overload by MessageName, a complex type, …).
 */
const LEGACY = readShared('wsdl-corpus/LegacySoapOnly.wsdl');

const NOTIFY_PARAMETER = '<s:element minOccurs="0" maxOccurs="1" name="message" type="s:string" />';
const END_OF_SCHEMA = '    </s:schema>';
const NOTIFY_SOAP11 = '<soap:operation soapAction="http://tempuri.org/Notify" style="document" />';

export const REFUSALS = {
  'complex type': edit(
    LEGACY,
    [NOTIFY_PARAMETER, '<s:element minOccurs="0" maxOccurs="1" name="message" type="tns:Message" />'],
    [
      END_OF_SCHEMA,
      '      <s:complexType name="Message">\n        <s:sequence>\n' +
        '          <s:element minOccurs="0" maxOccurs="1" name="Text" type="s:string" />\n' +
        '        </s:sequence>\n      </s:complexType>\n' +
        END_OF_SCHEMA,
    ],
  ),
  'named complex type no operation uses': edit(LEGACY, [
    END_OF_SCHEMA,
    '      <s:complexType name="Message">\n        <s:sequence>\n' +
      '          <s:element minOccurs="0" maxOccurs="1" name="Text" type="s:string" />\n' +
      '        </s:sequence>\n      </s:complexType>\n' +
      END_OF_SCHEMA,
  ]),
  'array type (ArrayOfString)': edit(
    LEGACY,
    [NOTIFY_PARAMETER, '<s:element minOccurs="0" maxOccurs="1" name="message" type="tns:ArrayOfString" />'],
    [
      END_OF_SCHEMA,
      '      <s:complexType name="ArrayOfString">\n        <s:sequence>\n' +
        '          <s:element minOccurs="0" maxOccurs="unbounded" name="string" nillable="true" type="s:string" />\n' +
        '        </s:sequence>\n      </s:complexType>\n' +
        END_OF_SCHEMA,
    ],
  ),
  'array element (maxOccurs="unbounded")': edit(LEGACY, [
    NOTIFY_PARAMETER,
    '<s:element minOccurs="0" maxOccurs="unbounded" name="message" type="s:string" />',
  ]),
  'rpc style': edit(LEGACY, [NOTIFY_SOAP11, NOTIFY_SOAP11.replace('document', 'rpc')]),
  'encoded use': edit(LEGACY, [
    `${NOTIFY_SOAP11}\n      <wsdl:input>\n        <soap:body use="literal" />`,
    `${NOTIFY_SOAP11}\n      <wsdl:input>\n        <soap:body use="encoded" encodingStyle="http://schemas.xmlsoap.org/soap/encoding/" />`,
  ]),
  'SOAP header': edit(
    LEGACY,
    [
      `${NOTIFY_SOAP11}\n      <wsdl:input>\n        <soap:body use="literal" />`,
      `${NOTIFY_SOAP11}\n      <wsdl:input>\n        <soap:body use="literal" />\n` +
        '        <soap:header message="tns:NotifyAuthHeader" part="AuthHeader" use="literal" />',
    ],
    [
      '  <wsdl:portType name="LegacySoap">',
      '  <wsdl:message name="NotifyAuthHeader">\n    <wsdl:part name="AuthHeader" element="tns:AuthHeader" />\n' +
        '  </wsdl:message>\n  <wsdl:portType name="LegacySoap">',
    ],
  ),
  'two services': edit(LEGACY, [
    '  </wsdl:service>\n',
    '  </wsdl:service>\n  <wsdl:service name="LegacyMirror">\n' +
      '    <wsdl:port name="LegacySoap" binding="tns:LegacySoap">\n' +
      '      <soap:address location="http://mirror.example.com/Legacy.asmx" />\n' +
      '    </wsdl:port>\n  </wsdl:service>\n',
  ]),
  // public void Notify(string message) and [WebMethod(MessageName = "NotifyLoud")] public void Notify(string message, int volume)
  'overload by MessageName': edit(
    LEGACY,
    [
      END_OF_SCHEMA,
      '      <s:element name="NotifyLoud">\n        <s:complexType>\n          <s:sequence>\n' +
        '            <s:element minOccurs="0" maxOccurs="1" name="message" type="s:string" />\n' +
        '            <s:element minOccurs="1" maxOccurs="1" name="volume" type="s:int" />\n' +
        '          </s:sequence>\n        </s:complexType>\n      </s:element>\n' +
        '      <s:element name="NotifyLoudResponse">\n        <s:complexType />\n      </s:element>\n' +
        END_OF_SCHEMA,
    ],
    [
      '  <wsdl:portType name="LegacySoap">\n',
      '  <wsdl:message name="NotifyLoudSoapIn">\n    <wsdl:part name="parameters" element="tns:NotifyLoud" />\n' +
        '  </wsdl:message>\n  <wsdl:message name="NotifyLoudSoapOut">\n' +
        '    <wsdl:part name="parameters" element="tns:NotifyLoudResponse" />\n  </wsdl:message>\n' +
        '  <wsdl:portType name="LegacySoap">\n',
    ],
    [
      '      <wsdl:output message="tns:GetVersionSoapOut" />\n    </wsdl:operation>\n',
      '      <wsdl:output message="tns:GetVersionSoapOut" />\n    </wsdl:operation>\n' +
        '    <wsdl:operation name="Notify">\n      <wsdl:input name="NotifyLoud" message="tns:NotifyLoudSoapIn" />\n' +
        '      <wsdl:output name="NotifyLoud" message="tns:NotifyLoudSoapOut" />\n    </wsdl:operation>\n',
    ],
  ),
  'not XML (JSON)': '{ "service": "Legacy" }\n',
  'not XML (truncated)': LEGACY.slice(0, LEGACY.indexOf('  <wsdl:binding name="LegacySoap12"')),
  'not WSDL (HTML)': '<html>\n  <body>Legacy Web Service</body>\n</html>\n',
  'unknown XSD type': edit(LEGACY, [NOTIFY_PARAMETER, NOTIFY_PARAMETER.replace('s:string', 's:anyType')]),
  'optional value type (int?)': edit(readShared('wsdl-corpus/Inventory.wsdl'), [
    '<s:element minOccurs="1" maxOccurs="1" name="itemId" type="s:int" />',
    '<s:element minOccurs="1" maxOccurs="1" name="itemId" nillable="true" type="s:int" />',
  ]),
  'required string (minOccurs="1")': edit(LEGACY, [NOTIFY_PARAMETER, NOTIFY_PARAMETER.replace('"0"', '"1"')]),
  'request element not a sequence': edit(LEGACY, [
    `<s:sequence>\n            ${NOTIFY_PARAMETER}\n          </s:sequence>`,
    `<s:choice>\n            ${NOTIFY_PARAMETER}\n          </s:choice>`,
  ]),
  'out parameter': edit(LEGACY, [
    '<s:element minOccurs="0" maxOccurs="1" name="GetVersionResult" type="s:string" />',
    '<s:element minOccurs="0" maxOccurs="1" name="GetVersionResult" type="s:string" />\n' +
      '            <s:element minOccurs="1" maxOccurs="1" name="build" type="s:int" />',
  ]),
  'one-way operation': edit(LEGACY, [
    '      <wsdl:input message="tns:NotifySoapIn" />\n      <wsdl:output message="tns:NotifySoapOut" />\n',
    '      <wsdl:input message="tns:NotifySoapIn" />\n',
  ]),
} as const;

export type RefusalCase = keyof typeof REFUSALS;
