/**
 * `asmxgen serve` against the real ASMX runtime, for a service of every kind of value.
 *
 * `test/fixtures/echo-kinds/EchoKinds.asmx` is served by the real runtime (Mono's System.Web.Services, through
 * `../shared/asmx-host/start.sh`); the spec imported from the WSDL it serves (`EchoKinds.yaml`) is served by the
 * built CLI, `asmxgen serve --spec EchoKinds.yaml --impl echo.ts`, as a child process. Every raw request of
 * `CASES` goes to both, a fresh connection each, and the replies must be the same: status, content type and body
 * byte for byte, or, where the runtime's reply carries a stack trace, the same fault code, status and first line
 * (`../runtime/asmx-reply-match.ts`). The served WSDLs must be the committed one, with the request's address.
 *
 * The same servers then prove the client generated from the spec (`../golden/echo-kinds/expected/`): it reads
 * the sample from the real runtime over every transport into exactly the value `echo.ts` builds, and a value
 * it sends through an echo, to the real runtime and to `asmxgen serve`, comes back equal (kinds of dateTime,
 * nil and absent, derived classes, 64-bit and decimal numbers, SOAP headers).
 *
 * Needs `npm run build` (the CLI serves what is built).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sample } from '../fixtures/echo-kinds/echo.js';
import {
  createEchoKindsClient,
  XsdDateTime,
  type EchoKindsClient,
  type EchoKindsTransport,
  type EchoStampedOutHeaders,
} from '../golden/echo-kinds/expected/index.js';
import { expectSameReply, type ComparedReply } from '../runtime/asmx-reply-match.js';
import { exchange, renderRequest, type RawReply, type RawRequest } from './raw-exchange.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDER = join(ROOT, 'test/fixtures/echo-kinds');
const SPEC = join(FOLDER, 'EchoKinds.yaml');
const IMPL = join(FOLDER, 'echo.ts');

const E = '/EchoKinds.asmx';
const NS = 'urn:example:echo-kinds';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XSD = 'http://www.w3.org/2001/XMLSchema';
const FORM = 'application/x-www-form-urlencoded';

// ---------------------------------------------------------------------------------------------
// Requests

function envelope(ns: string, body: string, header?: string): string {
  const head = header === undefined ? '' : `<soap:Header>${header}</soap:Header>`;
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ns}" xmlns:xsi="${XSI}" xmlns:xsd="${XSD}">` +
    `${head}<soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

/** A SOAP 1.1 call of `op` with `inner` as the operation element's content. */
function soap11(op: string, inner: string, header?: string): RawRequest {
  return {
    method: 'POST',
    path: E,
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/${op}"` },
    body: envelope(SOAP11, `<${op} xmlns="${NS}">${inner}</${op}>`, header),
  };
}

/** The same over SOAP 1.2, routed by the `action` parameter. */
function soap12(op: string, inner: string, header?: string): RawRequest {
  return {
    method: 'POST',
    path: E,
    headers: { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/${op}"` },
    body: envelope(SOAP12, `<${op} xmlns="${NS}">${inner}</${op}>`, header),
  };
}

function httpGet(op: string, query: string): RawRequest {
  return { method: 'GET', path: `${E}/${op}${query === '' ? '' : `?${query}`}` };
}

function httpPost(op: string, form: string): RawRequest {
  return { method: 'POST', path: `${E}/${op}`, headers: { 'Content-Type': FORM }, body: form };
}

const POINT = '<From X="-1" y="2"><Label>a &lt; b &amp; "c"</Label></From><To X="3" y="0" />';
const SCALARS =
  '<Id>3f2504e0-4f89-11d3-9a0c-0305e82c3301</Id><Letter>233</Letter><Data>AIn/</Data>' +
  '<When>2001-02-03T04:05:06.7891234</When><Maybe>2026-05-17T10:00:00Z</Maybe><Count xsi:nil="true" />' +
  '<Flag>false</Flag><Tint>dark-blue</Tint><Hue>Green</Hue><Rights>Read run</Rights>';
const NUMBERS_MAX =
  '<I8>127</I8><U8>255</U8><I16>32767</I16><U16>65535</U16><I32>2147483647</I32><U32>4294967295</U32>' +
  '<I64>9223372036854775807</I64><U64>18446744073709551615</U64><F32>3.40282347E+38</F32>' +
  '<F64>1.7976931348623157E+308</F64><Dec>79228162514264337593543950335</Dec>';
const NUMBERS_MIN =
  '<I8>-128</I8><U8>0</U8><I16>-32768</I16><U16>0</U16><I32>-2147483648</I32><U32>0</U32>' +
  '<I64>-9223372036854775808</I64><U64>0</U64><F32>-3.40282347E+38</F32>' +
  '<F64>4.94065645841247E-324</F64><Dec>-79228162514264337593543950335</Dec>';

/** Each case: a name saying what it shows, and the raw request sent to both servers. */
const CASES: readonly (readonly [string, RawRequest])[] = [
  // The sample, over every transport.
  ['Sample soap11', soap11('Sample', '')],
  ['Sample soap12', soap12('Sample', '')],
  ['Sample httpGet', httpGet('Sample', '')],
  ['Sample httpPost', httpPost('Sample', '')],

  // Nested classes and attributes.
  ['nested classes and attributes', soap11('EchoLine', `<line Color="dark-blue">${POINT}</line>`)],
  [
    'members out of order, unknown elements and attributes skipped',
    soap11(
      'EchoLine',
      '<line Unknown="1" Color="Green"><To y="5" X="4"><Extra>x</Extra></To><Other><Deep /></Other>' +
        '<From X="1"><Label /></From></line>',
    ),
  ],
  ['an empty class element', soap12('EchoLine', '<line />')],
  ['a nil class parameter', soap11('EchoLine', '<line xsi:nil="true" />')],

  // Inheritance and xsi:type.
  [
    'xsi:type of a derived class two levels down',
    soap11(
      'EchoShape',
      '<shape xsi:type="Ring" Id="r"><Name>n</Name><Origin X="1" y="2" /><Radius>2.5</Radius><Inner>0.25</Inner></shape>',
    ),
  ],
  [
    'xsi:type with another prefix for the instance namespace',
    soap12(
      'EchoShape',
      `<shape xmlns:i="${XSI}" i:type="Polygon"><Corners><Point X="1" y="1" /><Point i:nil="true" /></Corners></shape>`,
    ),
  ],
  ['xsi:type naming the declared class', soap11('EchoShape', '<shape xsi:type="Shape"><Name>base</Name></shape>')],
  ['xsi:type naming an unknown type', soap11('EchoShape', '<shape xsi:type="Square"><Name>x</Name></shape>')],
  [
    'an array of derived items and nil items',
    soap11(
      'EchoShapes',
      '<shapes><Shape xsi:type="Circle" Id="c"><Radius>1E+21</Radius></Shape><Shape xsi:nil="true" />' +
        '<Shape /><Shape xsi:type="Ring"><Radius>1</Radius><Inner>0.5</Inner></Shape></shapes>',
    ),
  ],
  ['an empty array', soap12('EchoShapes', '<shapes />')],

  // Arrays: nil items, unwrapped arrays, arrays of enums, flags and dates.
  [
    'nil items, unwrapped arrays, enum and flags arrays',
    soap11(
      'EchoLists',
      '<lists><Names><string>x</string><string xsi:nil="true" /><string /></Names>' +
        '<Counts><int>1</int><int xsi:nil="true" /><int>-3</int></Counts>' +
        '<Tag>t1</Tag><Tag /><Tag>t3</Tag><Stop X="7" y="8" /><Stop X="0" y="0"><Label>s</Label></Stop>' +
        '<Colors><Color>dark-blue</Color><Color>Red</Color></Colors>' +
        '<Grants><Access>None</Access><Access /><Access>Write run</Access></Grants>' +
        '<Days><dateTime>0001-01-01T00:00:00</dateTime><dateTime>2026-01-02T03:04:05Z</dateTime></Days></lists>',
    ),
  ],
  [
    'unwrapped items apart from each other',
    soap12('EchoLists', '<lists><Tag>a</Tag><Names /><Tag>b</Tag><Stop X="1" y="1" /><Tag>c</Tag></lists>'),
  ],
  ['an empty Lists', soap11('EchoLists', '<lists />')],

  // Enums and flags.
  ['an enum XML name', soap11('EchoColor', '<color>dark-blue</color>')],
  ['an enum C# name that the XML renames', soap11('EchoColor', '<color>DarkBlue</color>')],
  ['flags by XML names', soap12('EchoAccess', '<access>Read run</access>')],
  ['flags: the empty list', soap11('EchoAccess', '<access />')],
  ['flags: an unknown name', soap11('EchoAccess', '<access>Read Delete</access>')],
  ['flags array', soap11('EchoGrants', '<grants><Access>Read Write</Access><Access>None</Access></grants>')],

  // Numbers at their extremes.
  ['every number at its maximum', soap11('EchoNumbers', `<numbers>${NUMBERS_MAX}</numbers>`)],
  ['every number at its minimum', soap12('EchoNumbers', `<numbers>${NUMBERS_MIN}</numbers>`)],
  ['an sbyte out of range', soap11('EchoNumbers', '<numbers><I8>128</I8></numbers>')],
  ['a ulong out of range', soap11('EchoULong', '<value>18446744073709551616</value>')],
  ['long minimum', soap12('EchoLong', '<value>-9223372036854775808</value>')],
  ['decimal keeps its scale, not its zeros', soap11('EchoDecimal', '<value>-0012.50</value>')],
  ['decimal beyond 28 decimals', soap12('EchoDecimal', '<value>+.12345678901234567890123456789</value>')],
  ['decimal with an exponent', soap11('EchoDecimal', '<value>1E5</value>')],
  ['double infinity', soap11('EchoDouble', '<value>-INF</value>')],
  ['double NaN', soap12('EchoDouble', '<value>NaN</value>')],
  ['double minus zero', soap11('EchoDouble', '<value>-0</value>')],
  ['double smallest subnormal', soap11('EchoDouble', '<value>5E-324</value>')],
  ['double beyond its range', soap11('EchoDouble', '<value>1E+309</value>')],
  ['float rounding', soap11('EchoFloat', '<value>0.1</value>')],
  ['float maximum', soap12('EchoFloat', '<value>3.4028235E+38</value>')],
  ['abc for an int', soap11('EchoInts', '<values><int>1</int><int>abc</int></values>')],
  ['abc for an int attribute', soap11('EchoLine', '<line Color="Green"><From X="1" y="abc" /></line>')],
  ['an unknown enum attribute', soap12('EchoLine', '<line Color="Blue" />')],
  ['a bad value followed by white space', soap11('EchoLong', '<value>x</value>\n  ')],

  // Simple kinds.
  ['scalars: guid, char, bytes, dateTime kinds, nullables', soap11('EchoScalars', `<scalars>${SCALARS}</scalars>`)],
  ['scalars: value types left out', soap12('EchoScalars', '<scalars><Note /></scalars>')],
  ['a malformed Guid', soap11('EchoGuid', '<value>3f2504e0-4f89-11d3-9a0c</value>')],
  ['a Guid in capitals', soap11('EchoGuid', '<value>3F2504E0-4F89-11D3-9A0C-0305E82C3301</value>')],
  ['char: the largest code', soap11('EchoChar', '<value>65535</value>')],
  ['char: a letter instead of a code', soap11('EchoChar', '<value>A</value>')],
  ['dateTime with an offset', soap11('EchoDateTime', '<value>2026-03-01T12:00:00+00:00</value>')],
  ['dateTime in UTC with ticks', soap12('EchoDateTime', '<value>2026-03-01T12:00:00.1234567Z</value>')],
  ['dateTime: a date alone', soap11('EchoDateTime', '<value>2026-03-01</value>')],
  ['base64 with line breaks', soap11('EchoBytes', '<value>AQID\nBAUG\r\nBw==</value>')],
  ['a nullable nil', soap11('EchoNullable', '<value xsi:nil="true" />')],
  ['a nullable left out', soap12('EchoNullable', '')],
  ['a nullable with a value', soap11('EchoNullable', '<value>42</value>')],

  // SOAP headers.
  ['a header, no mustUnderstand', soap11('WhoAmI', '', `<Token xmlns="${NS}" Level="3"><Value>ann</Value></Token>`)],
  [
    'a header with mustUnderstand',
    soap11('WhoAmI', '', `<Token xmlns="${NS}" Level="1" soap:mustUnderstand="1"><Value>bob</Value></Token>`),
  ],
  [
    'a header with mustUnderstand over SOAP 1.2',
    soap12('WhoAmI', '', `<Token xmlns="${NS}" Level="2" soap:mustUnderstand="true"><Value>cy</Value></Token>`),
  ],
  ['no header', soap11('WhoAmI', '')],
  [
    'an InOut header',
    soap11(
      'EchoStamped',
      '<value>7</value>',
      `<Token xmlns="${NS}" Level="1"><Value>t</Value></Token><Stamp xmlns="${NS}"><Id>s-1</Id><Hops>4</Hops></Stamp>`,
    ),
  ],
  [
    'an InOut header over SOAP 1.2',
    soap12('EchoStamped', '<value>-1</value>', `<Stamp xmlns="${NS}" soap:mustUnderstand="1"><Hops>0</Hops></Stamp>`),
  ],
  [
    'an InOut header with its own attribute, mustUnderstand and an actor',
    soap11(
      'EchoStamped',
      '<value>2</value>',
      `<Stamp xmlns="${NS}" Via="a&amp;b" soap:actor="urn:next" soap:mustUnderstand="true"><Id>x</Id><Hops>1</Hops></Stamp>`,
    ),
  ],
  [
    'an unknown header, optional',
    soap11('EchoStamped', '<value>1</value>', '<Unknown xmlns="urn:other"><x>1</x></Unknown>'),
  ],
  [
    'an unknown header with mustUnderstand',
    soap11('EchoStamped', '<value>1</value>', '<Unknown xmlns="urn:other" soap:mustUnderstand="1" />'),
  ],
  [
    'an unknown header with mustUnderstand over SOAP 1.2',
    soap12('EchoInts', '<values />', '<Unknown xmlns="urn:other" soap:mustUnderstand="true" />'),
  ],
  [
    'a header the operation does not declare, with mustUnderstand',
    soap11('EchoInts', '<values />', `<Token xmlns="${NS}" Level="1" soap:mustUnderstand="1" />`),
  ],

  // Raw XML.
  [
    'raw XML: prefixes, comments, CDATA, empty elements',
    soap11(
      'EchoXml',
      '<xml><p:Doc xmlns:p="urn:p" a="1"><!-- note --><p:Empty></p:Empty><![CDATA[<raw> & ]]>text &amp; more<Plain x="&quot;" /></p:Doc></xml>',
    ),
  ],
  ['raw XML over SOAP 1.2', soap12('EchoXml', '<xml><Item xmlns="urn:i">  spaced  </Item></xml>')],
  ['raw XML left out', soap11('EchoXml', '')],

  // HTTP GET and POST: arrays of simple types, enums, numbers.
  ['strings array over GET', httpGet('EchoStrings', 'values=a&values=&values=c%20d')],
  ['strings array over POST', httpPost('EchoStrings', 'values=x&values=%3C%20y%20%3E')],
  ['strings array with no item', httpGet('EchoStrings', '')],
  ['ints array over GET', httpGet('EchoInts', 'values=1&values=-2&values=2147483647')],
  ['ints array over POST, a bad item', httpPost('EchoInts', 'values=1&values=abc')],
  ['an enum by C# name over GET', httpGet('EchoColor', 'color=DarkBlue')],
  ['an enum by XML name over GET', httpGet('EchoColor', 'color=dark-blue')],
  ['an enum by number over POST', httpPost('EchoColor', 'color=1')],
  ['an enum by C# name, lower case', httpGet('EchoColor', 'color=green')],
  ['flags by C# names over GET', httpGet('EchoAccess', 'access=Read%2C%20Execute')],
  ['flags without a space over POST', httpPost('EchoAccess', 'access=Write,Read')],
  ['flags by number', httpGet('EchoAccess', 'access=7')],
  ['flags: an empty value', httpPost('EchoAccess', 'access=')],
  ['flags by XML name over GET', httpGet('EchoAccess', 'access=run')],
  ['enum array over GET', httpGet('EchoColors', 'colors=Red&colors=DarkBlue')],
  ['flags array over POST', httpPost('EchoGrants', 'grants=None&grants=Read%2C+Write&grants=Execute')],
  ['sbyte over GET', httpGet('EchoSByte', 'value=-128')],
  ['sbyte out of range over POST', httpPost('EchoSByte', 'value=128')],
  ['ushort over GET', httpGet('EchoUShort', 'value=65535')],
  ['uint over POST', httpPost('EchoUInt', 'value=4294967295')],
  ['long over GET', httpGet('EchoLong', 'value=9223372036854775807')],
  ['ulong over POST', httpPost('EchoULong', 'value=18446744073709551615')],
  ['decimal over GET', httpGet('EchoDecimal', 'value=-79228162514264337593543950335')],
  ['decimal with group separators over POST', httpPost('EchoDecimal', 'value=1%2C000.50')],
  ['double over POST', httpPost('EchoDouble', 'value=1.7976931348623157E%2B308')],
  ['double INF over GET (the XML form)', httpGet('EchoDouble', 'value=INF')],
  ['double Infinity over GET', httpGet('EchoDouble', 'value=-Infinity')],
  ['double with group separators over POST', httpPost('EchoDouble', 'value=1%2C000.5e1')],
  ['float over GET', httpGet('EchoFloat', 'value=-3.40282347E%2B38')],
  ['dateTime over GET', httpGet('EchoDateTime', 'value=2026-03-01T12:00:00.5')],
  ['dateTime over POST: a space, no seconds', httpPost('EchoDateTime', 'value=2026-03-01+12:00')],
  ['dateTime over GET: a date alone', httpGet('EchoDateTime', 'value=2026-03-01')],
  ['char over POST: a code is refused', httpPost('EchoChar', 'value=233')],
  ['char over GET: the character', httpGet('EchoChar', 'value=%C3%A9')],
  ['bytes over GET: base64 is refused', httpGet('EchoBytes', 'value=AIn%2F')],
  ['bytes over POST: one value per byte', httpPost('EchoBytes', 'value=0&value=137&value=%20255')],
  ['headers are not read over HTTP', httpGet('WhoAmI', '')],
  ['an InOut header operation over POST', httpPost('EchoStamped', 'value=5')],
  ['an operation the HTTP bindings leave out', httpGet('EchoGuid', 'value=3f2504e0-4f89-11d3-9a0c-0305e82c3301')],

  // ASP.NET request validation of HTTP GET query and POST form values (`validateRequest`, on by default).
  ['request validation: < before a letter, over GET', httpGet('EchoStrings', 'values=a%3Cb')],
  ['request validation: < before a letter, over POST', httpPost('EchoStrings', 'values=a%3CB')],
  ['request validation: <!', httpGet('EchoStrings', 'values=a%3C!--')],
  ['request validation: < before a control character', httpPost('EchoStrings', 'values=a%3C%01')],
  ['request validation: < before a TAB', httpGet('EchoStrings', 'values=%3C%09')],
  ['request validation: < before U+0000', httpGet('EchoStrings', 'values=%3C%00b')],
  ['request validation: &#', httpPost('EchoStrings', 'values=a%26%2360%3B')],
  ['request validation: the fullwidth <', httpGet('EchoStrings', 'values=%EF%BC%9Ca')],
  [
    'request validation: what passes',
    httpGet(
      'EchoStrings',
      [
        'a%3C',
        'a%3C%20b',
        'a%3C1',
        'a%3C%2F',
        'a%3C%3F',
        'a%3C%C3%A9',
        'a%3C%7F',
        'a%3C_',
        'a%26amp%3B',
        'a%26',
        '%EF%BC%9C1',
      ]
        .map((value) => `values=${value}`)
        .join('&'),
    ),
  ],
  ['request validation: what passes, over POST', httpPost('EchoStrings', 'values=a+%3C+b+%26+c&values=%3C%5Bx%5D')],
  ['request validation: an unknown key', httpGet('EchoLong', 'value=1&note=%3Cb')],
  ['request validation: the first dangerous key', httpPost('EchoLong', 'a=%3Cb&value=%3Cc')],
  ['request validation: the null key', httpGet('EchoStrings', 'values=x&a=1&%3Cc&=%3Cb')],
  ['request validation: a key as first spelled, values joined', httpGet('EchoStrings', 'Values=x&values=%3Cb')],
  ['request validation: key names are not validated', httpGet('EchoStrings', '%3Cb=1&values=x')],
  ['request validation: before a value that does not convert', httpGet('EchoLong', 'value=abc&x=%26%23')],
  ['request validation: before a missing parameter', httpPost('EchoLong', 'x=%3Cb')],
  [
    'request validation: a long value cut to 15 characters',
    httpGet('EchoStrings', 'values=%3Cb0123456789012345678901234567890'),
  ],
  ['request validation: 20 characters quoted are not cut', httpGet('EchoStrings', 'values=0123456789012345%3Cb')],
  [
    'request validation: a cut through a surrogate pair',
    httpPost('EchoStrings', 'values=01234567890123%F0%9F%98%80%3Cbc'),
  ],
  [
    'request validation: the message HTML-encoded, U+00A0 to U+00FF and the fullwidth < > by number',
    httpGet('EchoStrings', 'values=%C2%A0%3Cb%C3%BF%C4%80%E2%82%AC%EF%BC%9C'),
  ],
  ['request validation: quotes and >', httpPost('EchoStrings', 'values=%3Cb%27%22%3E%EF%BC%9E%C2%9F')],
  ['request validation: a line break in the value', httpGet('EchoStrings', 'values=%3Cb%0Ax')],
  ['request validation: an operation without parameters reads no value', httpGet('Sample', 'x=%3Cb')],
  [
    'request validation: not the query string of a POST',
    { ...httpPost('EchoStrings', 'values=x'), path: `${E}/EchoStrings?x=%3Cb` },
  ],
  ['request validation: after the operation name’s case', httpGet('echoStrings', 'values=%3Cb')],
  [
    'request validation: not SOAP 1.1, its body nor a query',
    { ...soap11('EchoStrings', '<values><string>a&lt;b &amp;#60;</string></values>'), path: `${E}?x=%3Cb` },
  ],
  [
    'request validation: not SOAP 1.2',
    { ...soap12('EchoStrings', '<values><string>&lt;!x</string></values>'), path: `${E}?x=%26%23` },
  ],
];

/**
 * Where Mono's runtime is not .NET's, the generated server answers as .NET does: each such case says why, and
 * how .NET's reply differs from the one Mono sent (the rest is compared as it is).
 */
const MONO_NOT_DOTNET: Readonly<
  Record<string, { readonly because: string; readonly dotnet: (body: string) => string }>
> = {
  'double minus zero': {
    because: 'the .NET Framework writes -0.0 as 0 (R format); Mono, like .NET Core 3.0 and later, as -0',
    dotnet: (body) => body.replace('>-0<', '>0<'),
  },
  'strings array with no item': {
    because: "Mono's NullReferenceException message has no final period; .NET's has",
    dotnet: (body) => body.replace('instance of an object\n', 'instance of an object.\n'),
  },
};

// ---------------------------------------------------------------------------------------------
// The servers

interface Served {
  readonly port: number;
  stop(): void;
}

let real: SharedAsmxHost | undefined;
let realPort = 0;
let ours: Served | undefined;

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  const [host, served] = await Promise.all([startSharedAsmxHost(FOLDER), serveSpec()]);
  real = host;
  realPort = Number(new URL(host.baseUrl).port);
  ours = served;
}, 180_000);

afterAll(() => {
  real?.stop();
  ours?.stop();
});

/** `asmxgen serve --spec EchoKinds.yaml --impl echo.ts` on a free port; resolves when it names its address. */
function serveSpec(): Promise<Served> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'bin/asmxgen.js'), 'serve', '--spec', SPEC, '--impl', IMPL, '--port', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => fail(`asmxgen serve did not start within 60 s:\n${output}`), 60_000);
    const fail = (message: string) => {
      clearTimeout(timer);
      child.kill();
      reject(new Error(message));
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving \w+ at http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolvePromise({ port: Number(match[1]), stop: () => child.kill() });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => fail(`asmxgen serve exited with ${code}:\n${output}`));
  });
}

function compared(reply: RawReply): ComparedReply {
  return { status: reply.status, contentType: reply.header('content-type'), body: reply.body.toString('utf8') };
}

// ---------------------------------------------------------------------------------------------
// Tests

describe('asmxgen serve answers EchoKinds as the real ASMX runtime does', () => {
  it('has a case for every kind the issue lists, over every transport', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CASES.map(([name]) => name)).size).toBe(CASES.length);
    for (const name of Object.keys(MONO_NOT_DOTNET)) expect(CASES.map(([n]) => n)).toContain(name);
  });

  it('serves the committed WSDL, as the real runtime does', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const committed = readFileSync(join(FOLDER, 'EchoKinds.wsdl'), 'utf8');
    for (const port of [realPort, ours!.port]) {
      const reply = await exchange(port, { method: 'GET', path: `${E}?wsdl`, headers: { Host: `127.0.0.1:${port}` } });
      expect(reply.status).toBe(200);
      expect(reply.body.toString('utf8')).toBe(committed.replaceAll('localhost:8080', `127.0.0.1:${port}`));
    }
  });

  it.for(CASES)('%s', async ([name, request], ctx) => {
    sharedAsmxHost.need(ctx);
    const real = compared(await exchange(realPort, request));
    const actual = compared(await exchange(ours!.port, request));
    const detail = `${name}\n${renderRequest(request)}\nthe real runtime answered:\n${real.body}`;
    const known = MONO_NOT_DOTNET[name];
    if (known !== undefined) {
      // Still Mono's answer: the difference is there to be accounted for.
      expect(known.dotnet(real.body), `${name}: ${known.because}`).not.toBe(real.body);
    }
    expectSameReply(actual, known === undefined ? real : { ...real, body: known.dotnet(real.body) }, detail);
  });
});

describe('the generated EchoKinds client against the real ASMX runtime', () => {
  const TRANSPORTS: readonly EchoKindsTransport[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];
  const SOAP: readonly EchoKindsTransport[] = ['soap11', 'soap12'];
  const TARGETS = ['the real runtime', 'asmxgen serve'] as const;

  function client(target: (typeof TARGETS)[number], transport: EchoKindsTransport): EchoKindsClient {
    const port = target === 'the real runtime' ? realPort : ours!.port;
    return createEchoKindsClient({ url: `http://127.0.0.1:${port}${E}`, transport, timeoutMs: 20_000 });
  }

  it.for(TRANSPORTS)('reads the sample from the real runtime over %s, value for value', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    const value = await client('the real runtime', transport).Sample({});
    expect(value).toStrictEqual(sample());
    // What the comparison covers, spelled out.
    expect(value!.Scalars!.When.kind).toBe('unspecified');
    expect(value!.Scalars!.Maybe!.kind).toBe('utc');
    expect(value!.Scalars!.Count).toBeNull();
    expect('Note' in value!.Scalars!).toBe(false);
    expect(value!.Shape!.$type).toBe('Ring');
    expect(value!.Max!.U64).toBe(18446744073709551615n);
  });

  describe.each(TARGETS)('sends the sample back through the echoes of %s', (target) => {
    it.for(SOAP)('EchoEverything over %s gives back an equal value', async (transport, ctx) => {
      sharedAsmxHost.need(ctx);
      const value = await client('the real runtime', transport).Sample({});
      expect(await client(target, transport).EchoEverything({ value })).toStrictEqual(value);
    });

    it.for(SOAP)('the parts of the sample, one echo each, over %s', async (transport, ctx) => {
      sharedAsmxHost.need(ctx);
      const value = sample();
      const echo = client(target, transport);
      expect(await echo.EchoLine({ line: value.Line })).toStrictEqual(value.Line);
      expect(await echo.EchoShape({ shape: value.Shape })).toStrictEqual(value.Shape);
      expect(await echo.EchoShapes({ shapes: value.Lists!.Shapes })).toStrictEqual(value.Lists!.Shapes);
      expect(await echo.EchoNumbers({ numbers: value.Min })).toStrictEqual(value.Min);
      expect(await echo.EchoNumbers({ numbers: value.Max })).toStrictEqual(value.Max);
      expect(await echo.EchoScalars({ scalars: value.Scalars })).toStrictEqual(value.Scalars);
      expect(await echo.EchoLists({ lists: value.Lists })).toStrictEqual(value.Lists);
      expect(await echo.EchoGuid({ value: value.Scalars!.Id })).toBe(value.Scalars!.Id);
      expect(await echo.EchoNullable({ value: null })).toBeNull();
      expect(await echo.EchoNullable({ value: 7 })).toBe(7);
      expect(await echo.EchoDateTime({ value: XsdDateTime.parse('2026-05-17T10:00:00.1234567Z') })).toStrictEqual(
        XsdDateTime.parse('2026-05-17T10:00:00.1234567Z'),
      );
    });

    it.for(TRANSPORTS)('simple values of the sample, and arrays of them, over %s', async (transport, ctx) => {
      sharedAsmxHost.need(ctx);
      const value = sample();
      const echo = client(target, transport);
      expect(await echo.EchoStrings({ values: value.Lists!.Tag })).toStrictEqual(value.Lists!.Tag);
      expect(await echo.EchoInts({ values: [value.Min!.I32, 0, value.Max!.I32] })).toStrictEqual([
        value.Min!.I32,
        0,
        value.Max!.I32,
      ]);
      expect(await echo.EchoColor({ color: value.Line!.Color })).toBe('dark-blue');
      expect(await echo.EchoColors({ colors: ['dark-blue', 'Red'] })).toStrictEqual(['dark-blue', 'Red']);
      expect(await echo.EchoAccess({ access: value.Scalars!.Rights })).toStrictEqual(['Read', 'run']);
      expect(await echo.EchoAccess({ access: [] })).toStrictEqual([]);
      expect(await echo.EchoGrants({ grants: value.Lists!.Grants })).toStrictEqual([[], ['Read', 'Write', 'run']]);
      expect(await echo.EchoSByte({ value: value.Min!.I8 })).toBe(-128);
      expect(await echo.EchoUShort({ value: value.Max!.U16 })).toBe(65535);
      expect(await echo.EchoUInt({ value: value.Max!.U32 })).toBe(4294967295);
      expect(await echo.EchoLong({ value: value.Min!.I64 })).toBe(-9223372036854775808n);
      expect(await echo.EchoULong({ value: value.Max!.U64 })).toBe(18446744073709551615n);
      expect(await echo.EchoDecimal({ value: value.Min!.Dec })).toBe('-79228162514264337593543950335');
      expect(await echo.EchoDecimal({ value: '12.50' })).toBe('12.50');
      expect(await echo.EchoDouble({ value: value.Max!.F64 })).toBe(1.7976931348623157e308);
      expect(await echo.EchoDouble({ value: -Infinity })).toBe(-Infinity);
      expect(await echo.EchoDouble({ value: 5e-324 })).toBe(5e-324);
      expect(await echo.EchoFloat({ value: value.Min!.F32 })).toBe(-3.4028235e38);
      expect(await echo.EchoDateTime({ value: value.Scalars!.When })).toStrictEqual(value.Scalars!.When);
      expect(await echo.EchoChar({ value: value.Scalars!.Letter })).toBe('é');
      expect(await echo.EchoBytes({ value: value.Scalars!.Data })).toStrictEqual(value.Scalars!.Data);
    });

    it.for(SOAP)('SOAP headers in and out over %s', async (transport, ctx) => {
      sharedAsmxHost.need(ctx);
      const echo = createEchoKindsClient({
        url: `http://127.0.0.1:${target === 'the real runtime' ? realPort : ours!.port}${E}`,
        transport,
        soapHeaders: { token: { Level: 3, Value: 'ann & bob' } },
      });
      expect(await echo.WhoAmI({})).toBe('ann & bob/3');
      const outHeaders: EchoStampedOutHeaders = {};
      const result = await echo.EchoStamped(
        { value: 5 },
        { soapHeaders: { stamp: { Via: 'v<1>', Id: 's', Hops: 1 } }, outHeaders },
      );
      expect(result).toBe(5);
      expect(outHeaders).toStrictEqual({ stamp: { Via: 'v<1>', Id: 's', Hops: 2 } });
    });
  });
});
