import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { DEFAULT_SPEC_PATH, loadSpec, loadSpecText } from '../../generator/index.js';
import {
  ADDRESS_MARKER,
  BASE_MARKER,
  HOST_MARKER,
  type ServiceDocuments,
} from '../../runtime/src/service-description.js';

/** The default spec's operations in ordinal (UTF-16 code unit) order, as ASMX lists them. */
const DEFAULT_ORDINAL = [
  'Authenticate',
  'AuthenticateSocAndApp',
  'AuthenticationBySocial',
  'BindMobilePhoneCheck',
  'BindMobilePhoneSend',
  'FindPwdByMobilePhone',
  'FindPwdByMobilePhoneCheck',
  'FindPwdByMobilePhoneSend',
  'GetPhoneNumberByUni',
  'GetSocialMobilePhone',
  'GetTerm',
  'LoginByMobilePhone',
  'LoginByMobilePhoneCheck',
  'LoginByMobilePhoneOnetouch',
  'LoginOut',
  'RegisterByMobilePhone',
  'RegisterByMobilePhoneSend',
  'SocAuthentication',
  'SocAuthorize',
  'UploadImage',
];

/** HttpPost off, typed results, hostile descriptions, names whose ordinal and locale orders differ. */
const TYPED_SPEC = `
service:
  name: Typed
  namespace: http://tempuri.org/
  description: "Converts <script>alert(1)</script> & more"
bindings: [soap11, soap12, httpGet]
operations:
  - name: b
    description: "lower <b>bold</b>"
    parameters: [{ name: value, type: int }, { name: flag, type: boolean }]
    result: string
  - name: Zed
    group: Last <group>
    parameters: []
    result: int
  - name: a_
    result: dateTime
  - name: B
    soapAction: urn:custom"action
`;

const HOST = 'localhost:8080';

function fill(html: string): string {
  return html
    .replaceAll(HOST_MARKER, HOST)
    .replaceAll(BASE_MARKER, `http://${HOST}`)
    .replaceAll(ADDRESS_MARKER, `http://${HOST}/AuthenticationWebService.asmx`);
}

function unescapeHtml(text: string): string {
  return text.replace(/<[^>]*>/g, '').replace(/&(lt|gt|quot|amp|#x27|#x60|#x3D);/g, (_, e: string) => {
    const map: Record<string, string> = {
      lt: '<',
      gt: '>',
      quot: '"',
      amp: '&',
      '#x27': "'",
      '#x60': '`',
      '#x3D': '=',
    };
    return map[e]!;
  });
}

/** The text of every `<pre>` block, as a reader sees it, with the Host marker filled. */
function preBlocks(html: string): string[] {
  return [...fill(html).matchAll(/<pre>([\s\S]*?)<\/pre>/g)].map((m) => unescapeHtml(m[1]!));
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
}

/** Element names that need no end tag. */
const VOID = new Set(['meta', 'link', 'input', 'br', 'hr', 'img']);

/** A small well-formedness check: every non-void element is closed, in order. */
function expectBalanced(html: string): void {
  const stack: string[] = [];
  for (const m of html.replace(/<!DOCTYPE html>/, '').matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*>/g)) {
    const [, closing, name] = m;
    const tag = name!.toLowerCase();
    if (VOID.has(tag)) continue;
    if (closing) expect(stack.pop(), `</${tag}>`).toBe(tag);
    else stack.push(tag);
  }
  expect(stack).toEqual([]);
}

function expectDocument(html: string, title?: string): void {
  expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n')).toBe(true);
  expect(html).toMatch(/<title>[^<]+<\/title>/);
  if (title !== undefined) expect(html).toContain(`<title>${title}</title>`);
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(html).toContain('<style>');
  expect(html).not.toMatch(/<script|<link rel="stylesheet"|\ssrc=|@import|url\(/i);
  expect(hrefs(html).filter((h) => /^[a-z]+:/i.test(h))).toEqual([]);
  expect(html.replaceAll(HOST_MARKER, '')).not.toContain('\u0000');
  expectBalanced(html);
}

async function defaultDocuments(): Promise<ServiceDocuments> {
  return renderDocuments(await loadSpec(DEFAULT_SPEC_PATH));
}

describe('the help page of the default service', () => {
  it('is titled after the service and links the WSDL', async () => {
    const { helpPage } = await defaultDocuments();
    expectDocument(helpPage, 'AuthenticationWebService Web Service');
    expect(helpPage).toContain(
      '<p class="intro">The following operations are supported. For a formal definition, please review the ' +
        '<a href="AuthenticationWebService.asmx?WSDL">Service Description</a>.</p>',
    );
  });

  it('lists all 20 operations in ordinal order, each linking its page, labelled with its group', async () => {
    const { helpPage } = await defaultDocuments();
    const links = [...helpPage.matchAll(/<a class="op-name" href="([^"]*)">([^<]*)<\/a>/g)];
    expect(links.map((m) => m[2])).toEqual(DEFAULT_ORDINAL);
    expect(links.map((m) => m[1])).toEqual(DEFAULT_ORDINAL.map((op) => `AuthenticationWebService.asmx?op=${op}`));
    expect(helpPage).toContain(
      '<a class="op-name" href="AuthenticationWebService.asmx?op=Authenticate">Authenticate</a> ' +
        '<span class="pill">Password authentication</span>',
    );
  });

  it('has a Method Not Found page linking back to the list', async () => {
    const { methodNotFoundPage } = await defaultDocuments();
    expectDocument(methodNotFoundPage, 'Method Not Found – AuthenticationWebService Web Service');
    expect(methodNotFoundPage).toContain('<h2>Method Not Found</h2>');
    expect(methodNotFoundPage).toContain(
      'Click <a href="AuthenticationWebService.asmx">here</a> for a complete list of operations.',
    );
  });
});

describe('an operation page of the default service', () => {
  it('exists for every operation and no other', async () => {
    const { operationPages } = await defaultDocuments();
    expect(Object.keys(operationPages)).toEqual(DEFAULT_ORDINAL);
    for (const [op, html] of Object.entries(operationPages)) {
      expectDocument(html, `${op} – AuthenticationWebService Web Service`);
      expect(html).toContain(`<h2>${op}</h2>`);
      expect(html).not.toContain('&#x3D;'); // `=` written by the templates, not escaped values
    }
  });

  it('links back to the list and has a test form posting to the HttpPost endpoint', async () => {
    const html = (await defaultDocuments()).operationPages['Authenticate']!;
    expect(html).toContain('Click <a href="AuthenticationWebService.asmx">here</a> for a complete list of operations.');
    expect(html).toContain(`To test the operation using the HTTP POST protocol, click the 'Invoke' button.`);
    const forms = [...html.matchAll(/<form target="_blank" action="([^"]*)" method="POST">([\s\S]*?)<\/form>/g)];
    expect(forms).toHaveLength(1);
    const [, action, body] = forms[0]!;
    const page = 'http://localhost:8080/AuthenticationWebService.asmx?op=Authenticate';
    expect(new URL(action!, page).pathname).toBe('/AuthenticationWebService.asmx/Authenticate');
    // Behind a proxy that mounts the service under a prefix, the form follows the page.
    expect(new URL(action!, 'https://gw.example/legacy/AuthenticationWebService.asmx?op=Authenticate').href).toBe(
      'https://gw.example/legacy/AuthenticationWebService.asmx/Authenticate',
    );
    expect([...body!.matchAll(/<input [^>]*>/g)].map((m) => m[0])).toEqual([
      '<input type="text" size="50" name="requestJson">',
      '<input type="submit" value="Invoke" class="button">',
    ]);
    expect(body).toContain('<span class="param-name">requestJson:<span class="param-type">string</span></span>');
  });

  it('shows the four protocols in order with samples exactly as ASMX writes them', async () => {
    const html = (await defaultDocuments()).operationPages['Authenticate']!;
    expect([...html.matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1])).toEqual([
      'Test',
      'SOAP 1.1',
      'SOAP 1.2',
      'HTTP GET',
      'HTTP POST',
    ]);
    expect(html).toContain(
      '<p>The following is a sample SOAP 1.1 request and response. ' +
        'The placeholders shown need to be replaced with actual values.</p>',
    );
    expect(html).toContain(`Host: ${HOST_MARKER}\nContent-Type: text/xml; charset=utf-8\n`);
    expect(html).toContain(`Host: ${HOST_MARKER}\nContent-Type: application/soap+xml; charset=utf-8\n`);
    expect(html).toContain(
      'Content-Length: <span class="ph">length</span>\nSOAPAction: "App.WebService/Authenticate"\n',
    );
    expect(html).toContain('&lt;requestJson&gt;<span class="ph">string</span>&lt;/requestJson&gt;');

    const env11 =
      '<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">';
    const env12 =
      '<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="http://www.w3.org/2003/05/soap-envelope">';
    const request = (prefix: string) =>
      `  <${prefix}:Body>\n    <Authenticate xmlns="App.WebService">\n      <requestJson>string</requestJson>\n` +
      `    </Authenticate>\n  </${prefix}:Body>\n</${prefix}:Envelope>`;
    const response = (prefix: string) =>
      `  <${prefix}:Body>\n    <AuthenticateResponse xmlns="App.WebService" />\n  </${prefix}:Body>\n</${prefix}:Envelope>`;
    const xmlDecl = '<?xml version="1.0" encoding="utf-8"?>';

    expect(preBlocks(html)).toEqual([
      [
        'POST /AuthenticationWebService.asmx HTTP/1.1',
        `Host: ${HOST}`,
        'Content-Type: text/xml; charset=utf-8',
        'Content-Length: length',
        'SOAPAction: "App.WebService/Authenticate"',
        '',
        xmlDecl,
        env11,
        request('soap'),
      ].join('\n'),
      ['HTTP/1.1 200 OK', 'Content-Type: text/xml; charset=utf-8', 'Content-Length: length', '', xmlDecl, env11].join(
        '\n',
      ) +
        '\n' +
        response('soap'),
      [
        'POST /AuthenticationWebService.asmx HTTP/1.1',
        `Host: ${HOST}`,
        'Content-Type: application/soap+xml; charset=utf-8',
        'Content-Length: length',
        '',
        xmlDecl,
        env12,
        request('soap12'),
      ].join('\n'),
      [
        'HTTP/1.1 200 OK',
        'Content-Type: application/soap+xml; charset=utf-8',
        'Content-Length: length',
        '',
        xmlDecl,
        env12,
        response('soap12'),
      ].join('\n'),
      `GET /AuthenticationWebService.asmx/Authenticate?requestJson=string HTTP/1.1\nHost: ${HOST}`,
      'HTTP/1.1 200 OK',
      [
        'POST /AuthenticationWebService.asmx/Authenticate HTTP/1.1',
        `Host: ${HOST}`,
        'Content-Type: application/x-www-form-urlencoded',
        'Content-Length: length',
        '',
        'requestJson=string',
      ].join('\n'),
      'HTTP/1.1 200 OK',
    ]);
  });

  it('shows an operation without parameters with an empty request element, query and body', async () => {
    const html = (await defaultDocuments()).operationPages['UploadImage']!;
    const pre = preBlocks(html);
    expect(pre).toHaveLength(8);
    expect(pre[0]).toContain('SOAPAction: "App.WebService/UploadImage"\n');
    expect(pre[0]).toContain('\n  <soap:Body>\n    <UploadImage xmlns="App.WebService" />\n  </soap:Body>\n');
    expect(pre[2]).toContain('\n  <soap12:Body>\n    <UploadImage xmlns="App.WebService" />\n  </soap12:Body>\n');
    // The runtime writes the `?` of an empty query too.
    expect(pre[4]).toBe(`GET /AuthenticationWebService.asmx/UploadImage? HTTP/1.1\nHost: ${HOST}`);
    expect(pre[6]).toBe(
      'POST /AuthenticationWebService.asmx/UploadImage HTTP/1.1\n' +
        `Host: ${HOST}\nContent-Type: application/x-www-form-urlencoded\nContent-Length: length\n\n`,
    );
    const form =
      /<form target="_blank" action="AuthenticationWebService.asmx\/UploadImage" method="POST">[\s\S]*?<\/form>/;
    expect(html).toMatch(form);
    expect([...html.match(form)![0].matchAll(/<input [^>]*>/g)].map((m) => m[0])).toEqual([
      '<input type="submit" value="Invoke" class="button">',
    ]);
  });
});

describe('the documents of a service with HttpPost off and typed results', () => {
  const docs = () => renderDocuments(loadSpecText(TYPED_SPEC, 'typed.yaml'));

  it('lists operations in ordinal, not locale, order', () => {
    const links = [...docs().helpPage.matchAll(/<a class="op-name" href="([^"]*)">/g)].map((m) => m[1]);
    expect(links).toEqual(['Typed.asmx?op=B', 'Typed.asmx?op=Zed', 'Typed.asmx?op=a_', 'Typed.asmx?op=b']);
    expect(hrefs(docs().helpPage)).toContain('Typed.asmx?WSDL');
  });

  it('escapes descriptions, groups and SOAP actions for HTML', () => {
    const { helpPage, operationPages } = docs();
    expect(helpPage).toContain('<p class="description">Converts &lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>');
    expect(helpPage).toContain('<p class="description">lower &lt;b&gt;bold&lt;/b&gt;</p>');
    expect(helpPage).toContain('<span class="pill">Last &lt;group&gt;</span>');
    expect(helpPage).not.toMatch(/<script|<b>|<group>/);
    expect(operationPages['b']).toContain('<p class="description">lower &lt;b&gt;bold&lt;/b&gt;</p>');
    expect(operationPages['B']).toContain('SOAPAction: "urn:custom&quot;action"\n');
    for (const html of [helpPage, ...Object.values(operationPages)]) expectDocument(html);
  });

  it('says the test form needs HttpPost and shows no HTTP POST sample', () => {
    const html = docs().operationPages['b']!;
    expect(html).not.toContain('<form');
    expect(html).not.toContain('Invoke');
    expect(html).toContain('The test form is only available for services with the HTTP POST protocol enabled.');
    expect([...html.matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1])).toEqual([
      'Test',
      'SOAP 1.1',
      'SOAP 1.2',
      'HTTP GET',
    ]);
  });

  it('shows typed parameters and results with ASMX placeholders', () => {
    const { operationPages } = docs();
    const b = preBlocks(operationPages['b']!);
    expect(b).toHaveLength(6);
    expect(b[0]).toContain('SOAPAction: "http://tempuri.org/b"\n');
    expect(b[0]).toContain(
      '    <b xmlns="http://tempuri.org/">\n      <value>int</value>\n      <flag>boolean</flag>\n    </b>\n',
    );
    expect(b[1]).toContain(
      '    <bResponse xmlns="http://tempuri.org/">\n      <bResult>string</bResult>\n    </bResponse>\n',
    );
    expect(b[3]).toContain(
      '    <bResponse xmlns="http://tempuri.org/">\n      <bResult>string</bResult>\n    </bResponse>\n',
    );
    // HTTP GET/POST parameters are strings on the wire: the runtime names their WSDL part type, `s:string`.
    expect(b[4]).toBe(`GET /Typed.asmx/b?value=string&flag=string HTTP/1.1\nHost: ${HOST}`);
    expect(b[5]).toBe(
      'HTTP/1.1 200 OK\nContent-Type: text/xml; charset=utf-8\nContent-Length: length\n\n' +
        '<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="http://tempuri.org/">string</string>',
    );
    expect(operationPages['b']).toContain(
      '?value=<span class="ph">string</span>&amp;flag=<span class="ph">string</span> HTTP/1.1',
    );
    expect(preBlocks(operationPages['Zed']!)[5]).toContain('\n<int xmlns="http://tempuri.org/">int</int>');
    expect(preBlocks(operationPages['a_']!)[5]).toContain(
      '\n<dateTime xmlns="http://tempuri.org/">dateTime</dateTime>',
    );
    expect(preBlocks(operationPages['a_']!)[1]).toContain('<a_Result>dateTime</a_Result>');
  });

  it('warns about the tempuri.org namespace like ASMX', () => {
    expect(docs().helpPage).toContain('This web service is using http://tempuri.org/ as its default namespace.');
  });
});

describe('the help documents', () => {
  it('keep the request markers intact (Handlebars escaping leaves NUL alone)', async () => {
    const docs = await defaultDocuments();
    const html = docs.operationPages['Authenticate']!;
    expect(html.split(HOST_MARKER)).toHaveLength(5); // one Host line per request sample
    expect(docs.helpPage).not.toContain('\u0000');
    expect(docs.wsdl).toContain(ADDRESS_MARKER);
  });

  it('are deterministic', async () => {
    const first = await defaultDocuments();
    const second = renderDocuments(await loadSpec(DEFAULT_SPEC_PATH));
    expect(second).toEqual(first);
    expect(renderDocuments(loadSpecText(TYPED_SPEC))).toEqual(renderDocuments(loadSpecText(TYPED_SPEC)));
  });

  /** `ASMXGEN_HELP_PREVIEW=/tmp/dir` writes the pages, markers filled, for a look in a browser. */
  it.runIf(process.env.ASMXGEN_HELP_PREVIEW)('can be previewed', async () => {
    const dir = process.env.ASMXGEN_HELP_PREVIEW!;
    mkdirSync(dir, { recursive: true });
    const docs = await defaultDocuments();
    const typed = renderDocuments(loadSpecText(TYPED_SPEC));
    writeFileSync(join(dir, 'help.html'), fill(docs.helpPage));
    writeFileSync(join(dir, 'operation.html'), fill(docs.operationPages['Authenticate']!));
    writeFileSync(join(dir, 'upload.html'), fill(docs.operationPages['UploadImage']!));
    writeFileSync(join(dir, 'not-found.html'), fill(docs.methodNotFoundPage));
    writeFileSync(join(dir, 'typed-help.html'), fill(typed.helpPage));
    writeFileSync(join(dir, 'typed-operation.html'), fill(typed.operationPages['b']!));
  });
});
