/**
 * The sample messages of the operation help pages, against the pages the ASMX runtime served for Library.asmx
 * (test/fixtures/help-pages/, captured from Mono's runtime; see its README), and the expansion rules of the runtime's
 * help page generator (DefaultWsdlHelpGenerator) where Mono's cannot show them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../generator/index.js';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { ROOT } from '../cli/run-cli.js';

const FIXTURES = join(ROOT, 'test/fixtures/help-pages/mono-library');
const pages = renderDocuments(await loadSpec(join(ROOT, 'test/golden/library/spec.yaml'))).operationPages;

function decode(html: string): string {
  return html
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The text of each `<pre>` of a sample section of a generated page (`soap11`, `http-get`, …): request, response. */
function ours(op: string, section: string): string[] {
  const page = pages[op]!;
  const start = page.indexOf(`<section class="card sample" id="${section}">`);
  const body = page.slice(start, page.indexOf('</section>', start));
  return [...body.matchAll(/<pre><code>([\s\S]*?)<\/code><\/pre>/g)].map((m) => decode(m[1]!));
}

/**
 * The samples of Mono's page (SOAP request, response, HTTP GET request, response, HTTP POST request, response), with
 * what Mono's sample generator writes differently from the one the generated pages follow (.NET's, as
 * docs/wire.md says) undone: the line breaks between the envelope's attributes, `encoding="utf-16"`, `<e/>` for
 * `<e />`, and the value `custom-attribute="value"` it makes up for `<s:anyAttribute>`.
 */
function mono(op: string): string[] {
  const page = readFileSync(join(FIXTURES, `${op}.html`), 'utf8');
  return [...page.matchAll(/<div class="code-xml">([\s\S]*?)<\/div><\/div>/g)].map((m) =>
    decode(m[1]!)
      .replace(/"\n {6}xmlns:/g, '" xmlns:')
      .replace('encoding="utf-16"', 'encoding="utf-8"')
      .replace(/([^ ])\/>/g, '$1 />')
      .replace(/ custom-attribute="value"/g, ''),
  );
}

/** From the XML declaration (or, in an HTTP response, which Mono writes without one, the root element) on. */
function xmlOf(sample: string, declaration = true): string {
  const at = sample.indexOf(declaration ? '<?xml' : '\n<') + (declaration ? 0 : 1);
  return declaration ? sample.slice(at) : sample.slice(at).replace(/^<\?xml[^>]*>\n/, '');
}

/** The operations whose samples Mono's runtime shows as the .NET generator writes them. */
const SAME_AS_RUNTIME = ['EchoXml', 'Lend', 'Renew', 'Titles', 'WhoAmI'];

describe.each(SAME_AS_RUNTIME)('the help page of Library.%s', (op) => {
  const runtime = mono(op);

  it('shows the SOAP request and response the runtime shows, byte for byte', () => {
    const [request, response] = ours(op, 'soap11');
    expect(xmlOf(request!)).toBe(xmlOf(runtime[0]!));
    expect(xmlOf(response!)).toBe(xmlOf(runtime[1]!));
  });

  it('shows the SOAP 1.2 messages in a soap12 envelope, otherwise alike', () => {
    const [request, response] = ours(op, 'soap12');
    const as11 = (s: string) =>
      s
        .replace(/soap12:/g, 'soap:')
        .replace(
          'xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"',
          'xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"',
        );
    expect(as11(xmlOf(request!))).toBe(xmlOf(runtime[0]!));
    expect(as11(xmlOf(response!))).toBe(xmlOf(runtime[1]!));
  });

  it('shows the HTTP GET and POST parameters and responses the runtime shows, or none where it shows none', () => {
    if (runtime.length === 2) {
      expect(pages[op]).not.toContain('id="http-get"');
      return;
    }
    const [getRequest, getResponse] = ours(op, 'http-get');
    const [postRequest, postResponse] = ours(op, 'http-post');
    expect(getRequest!.split('\n')[0]).toBe(`${runtime[2]!.split('\n')[0]} HTTP/1.1`);
    expect(postRequest!.slice(postRequest!.lastIndexOf('\n') + 1)).toBe(
      runtime[4]!.slice(runtime[4]!.lastIndexOf('\n') + 1),
    );
    if (runtime[3]!.includes('<')) {
      expect(xmlOf(getResponse!, false)).toBe(xmlOf(runtime[3]!, false));
      expect(xmlOf(postResponse!, false)).toBe(xmlOf(runtime[5]!, false));
    } else {
      expect(getResponse).toBe('HTTP/1.1 200 OK');
    }
  });
});

describe('the help page samples where Mono cannot show them (the rules of the runtime’s help page generator)', () => {
  const [, response] = ours('GetBook', 'soap11');
  const result = xmlOf(response!);

  it('expands a class: attributes with their types, members in order, enums and flags by their values', () => {
    expect(result).toContain(
      '      <GetBookResult Isbn="string" Edition="int">\n' +
        '        <Title>string</Title>\n' +
        '        <Genre>Fiction or Poetry or non-fiction</Genre>\n' +
        '        <Formats>None or Hardcover or Paperback or Audio</Formats>\n',
    );
  });

  it('writes two items of an array, and repeated elements twice', () => {
    expect(result).toContain(
      '        <Authors>\n' +
        '          <Person>\n' +
        '            <Name>string</Name>\n' +
        '            <BirthYear>int</BirthYear>\n' +
        '          </Person>\n' +
        '          <Person>\n',
    );
    expect(result).toContain('        <Keyword>string</Keyword>\n        <Keyword>string</Keyword>\n');
  });

  it('stops at depth 4 with xsi:nil', () => {
    const [, found] = ours('FindBooks', 'soap11');
    expect(found).toContain(
      '          <Authors>\n            <Person xsi:nil="true" />\n            <Person xsi:nil="true" />\n',
    );
  });

  it('marks each placeholder, and escapes what the page shows', () => {
    expect(pages.GetBook).toContain('&lt;Title&gt;<span class="ph">string</span>&lt;/Title&gt;');
    expect(pages.GetBook).toContain(
      '&lt;Genre&gt;<span class="ph">Fiction</span> or <span class="ph">Poetry</span> or <span class="ph">non-fiction</span>&lt;/Genre&gt;',
    );
  });

  it('writes HTTP GET array parameters twice, by their item type', () => {
    const [request] = ours('FindBooks', 'http-get');
    expect(request!.split('\n')[0]).toBe(
      'GET /Library.asmx/FindBooks?authors=string&authors=string&genres=string&genres=string&max=string HTTP/1.1',
    );
  });
});
