import { describe, expect, it } from 'vitest';
import { compareReplies, type ReplySnapshot } from '../../generator/migrate/compare-replies.js';

const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';

function xml(body: string, contentType = 'text/xml; charset=utf-8', status = 200): ReplySnapshot {
  return { status, headers: [['Content-Type', contentType]], body };
}

function soap11(inner: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap:Envelope xmlns:soap="${SOAP11}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<soap:Body>${inner}</soap:Body></soap:Envelope>`
  );
}

const BOOK = (price: string) =>
  soap11(
    '<GetBookResponse xmlns="urn:library"><GetBookResult><Title>Dune</Title>' +
      `<Price>${price}</Price></GetBookResult></GetBookResponse>`,
  );

describe('compareReplies', () => {
  it('finds nothing between identical replies', () => {
    expect(compareReplies(xml(BOOK('12.50')), xml(BOOK('12.50')))).toEqual([]);
  });

  it('names a text difference by its local-name path from the root', () => {
    expect(compareReplies(xml(BOOK('12.50')), xml(BOOK('12.5')))).toEqual([
      {
        where: '/Envelope/Body/GetBookResponse/GetBookResult/Price',
        expected: '12.50',
        actual: '12.5',
        message: '/Envelope/Body/GetBookResponse/GetBookResult/Price: 12.50 ≠ 12.5',
      },
    ]);
  });

  it('ignores prefixes, namespace declarations, attribute order and whitespace between elements', () => {
    const expected =
      `<soap:Envelope xmlns:soap="${SOAP11}"><soap:Body>` +
      '<r:Result xmlns:r="urn:x" a="1" b="2"><r:Item>one</r:Item><r:Item>two</r:Item></r:Result>' +
      '</soap:Body></soap:Envelope>';
    const actual =
      `<?xml version="1.0"?>\r\n<e:Envelope xmlns:e="${SOAP11}" xmlns="urn:x">\n  <e:Body>\n    ` +
      '<Result b="2" a="1">\n      <Item>one</Item>\n      <!-- note --><Item>two</Item>\n    </Result>\n' +
      '  </e:Body>\n</e:Envelope>\n';
    expect(compareReplies(xml(expected), xml(actual))).toEqual([]);
  });

  it('counts text, whitespace inside a text-only element included', () => {
    const differences = compareReplies(xml('<a><b>x</b></a>'), xml('<a><b> x</b></a>'));
    expect(differences.map((d) => d.message)).toEqual(['/a/b: x ≠ " x"']);
    expect(compareReplies(xml('<a><b/></a>'), xml('<a><b>0</b></a>')).map((d) => d.message)).toEqual(['/a/b: "" ≠ 0']);
    expect(compareReplies(xml('<a>x<![CDATA[<y>]]></a>'), xml('<a>x&lt;y&gt;</a>'))).toEqual([]);
  });

  it('shows namespaces only where two elements differ by namespace', () => {
    expect(compareReplies(xml('<a><b xmlns="urn:one"/></a>'), xml('<a><b xmlns="urn:two"/></a>'))).toEqual([
      { where: '/a/b', expected: '<{urn:one}b>', actual: '<{urn:two}b>', message: '/a/b: <{urn:one}b> ≠ <{urn:two}b>' },
    ]);
    expect(compareReplies(xml('<a><b/></a>'), xml('<a><c/></a>')).map((d) => d.message)).toEqual(['/a/b: <b> ≠ <c>']);
  });

  it('aligns children by name: one missing element is one difference, placed with [n]', () => {
    const list = (...titles: string[]) =>
      `<List>${titles.map((t) => `<Book><Title>${t}</Title></Book>`).join('')}<End/></List>`;
    expect(compareReplies(xml(list('A', 'B', 'C')), xml(list('A', 'C')))).toEqual([
      { where: '/List/Book[2]/Title', expected: 'B', actual: 'C', message: '/List/Book[2]/Title: B ≠ C' },
      { where: '/List/Book[3]', expected: '<Book>', actual: '(absent)', message: '/List/Book[3]: <Book> ≠ (absent)' },
    ]);
    expect(compareReplies(xml('<r><a/><c/></r>'), xml('<r><a/><b/><c/></r>')).map((d) => d.message)).toEqual([
      '/r/b: (absent) ≠ <b>',
    ]);
  });

  it('compares attributes by namespace and local name, xsi:type by the name it resolves to', () => {
    const expected =
      '<r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:s="urn:t"><v xsi:type="s:Book" id="1"/></r>';
    const samePrefixless =
      '<r xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><v id="1" i:type="q:Book" xmlns:q="urn:t"/></r>';
    expect(compareReplies(xml(expected), xml(samePrefixless))).toEqual([]);
    const other =
      '<r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:s="urn:u"><v xsi:type="s:Book" lang="en"/></r>';
    expect(compareReplies(xml(expected), xml(other)).map((d) => d.message)).toEqual([
      '/r/v/@type: {urn:t}Book ≠ {urn:u}Book',
      '/r/v/@id: 1 ≠ (absent)',
      '/r/v/@lang: (absent) ≠ en',
    ]);
  });

  describe('SOAP faults', () => {
    const fault11 = (code: string, reason: string) =>
      soap11(`<soap:Fault><faultcode>${code}</faultcode><faultstring>${reason}</faultstring><detail /></soap:Fault>`);
    const fault12 = (reason: string) =>
      `<env:Envelope xmlns:env="${SOAP12}"><env:Body><env:Fault><env:Code><env:Value>env:Receiver</env:Value>` +
      `</env:Code><env:Reason><env:Text xml:lang="en">${reason}</env:Text></env:Reason><env:Detail />` +
      '</env:Fault></env:Body></env:Envelope>';

    it('compares a SOAP 1.1 faultstring on its first line, whole with strict', () => {
      const legacy = xml(
        fault11('soap:Server', 'Server was unable to process request. ---> boom\n   at X.Y()'),
        undefined,
        500,
      );
      const candidate = xml(fault11('soap:Server', 'Server was unable to process request. ---> boom'), undefined, 500);
      expect(compareReplies(legacy, candidate)).toEqual([]);
      expect(compareReplies(legacy, candidate, { strict: true })).toEqual([
        {
          where: '/Envelope/Body/Fault/faultstring',
          expected: 'Server was unable to process request. ---> boom\n   at X.Y()',
          actual: 'Server was unable to process request. ---> boom',
          message:
            '/Envelope/Body/Fault/faultstring: "Server was unable to process request. ---> boom\\n   at X.Y()" ≠ ' +
            'Server was unable to process request. ---> boom',
        },
      ]);
      const otherReason = xml(
        fault11('soap:Server', 'Server was unable to process request. ---> bang'),
        undefined,
        500,
      );
      expect(compareReplies(legacy, otherReason).map((d) => d.where)).toEqual(['/Envelope/Body/Fault/faultstring']);
    });

    it('compares a SOAP 1.1 faultcode by the name it resolves to', () => {
      const other = fault11('e:Server', 'x').replace('<soap:Fault>', `<soap:Fault xmlns:e="${SOAP11}">`);
      expect(compareReplies(xml(fault11('soap:Server', 'x')), xml(other))).toEqual([]);
      expect(
        compareReplies(xml(fault11('soap:Server', 'x')), xml(fault11('soap:Client', 'x'))).map((d) => d.message),
      ).toEqual(['/Envelope/Body/Fault/faultcode: soap:Server ≠ soap:Client']);
    });

    it('compares a SOAP 1.2 Reason/Text on its first line', () => {
      const type = 'application/soap+xml; charset=utf-8';
      expect(compareReplies(xml(fault12('boom\n at A'), type), xml(fault12('boom'), type))).toEqual([]);
      expect(
        compareReplies(xml(fault12('boom\n at A'), type), xml(fault12('bang'), type)).map((d) => d.message),
      ).toEqual(['/Envelope/Body/Fault/Reason/Text: "boom\\n at A" ≠ bang']);
    });

    it('compares a SOAP 1.2 Code/Value by the name it resolves to', () => {
      const type = 'application/soap+xml; charset=utf-8';
      const other = fault12('boom')
        .replace('env:Receiver', 's:Receiver')
        .replace('<env:Code>', `<env:Code xmlns:s="${SOAP12}">`);
      expect(compareReplies(xml(fault12('boom'), type), xml(other, type))).toEqual([]);
      const sender = fault12('boom').replace('env:Receiver', 'env:Sender');
      expect(compareReplies(xml(fault12('boom'), type), xml(sender, type)).map((d) => d.message)).toEqual([
        '/Envelope/Body/Fault/Code/Value: env:Receiver ≠ env:Sender',
      ]);
    });

    it('takes a faultstring outside a fault as any other text', () => {
      const body = (text: string) => soap11(`<R><faultstring>${text}</faultstring></R>`);
      expect(compareReplies(xml(body('a\nb')), xml(body('a'))).map((d) => d.where)).toEqual([
        '/Envelope/Body/R/faultstring',
      ]);
    });
  });

  it('compares status, media type and charset, the charset ignoring case, no other header', () => {
    const expected: ReplySnapshot = {
      status: 200,
      headers: { 'content-type': 'text/xml; charset=utf-8', server: 'Mono', 'x-aspnet-version': '4.0' },
      body: '<a/>',
    };
    expect(
      compareReplies(expected, { status: 200, headers: [['Content-Type', 'text/xml; charset=UTF-8']], body: '<a/>' }),
    ).toEqual([]);
    expect(
      compareReplies(expected, { status: 500, headers: [['Content-Type', 'application/soap+xml']], body: '<a/>' }),
    ).toEqual([
      { where: 'status', expected: '200', actual: '500', message: 'status: 200 ≠ 500' },
      {
        where: 'media type',
        expected: 'text/xml',
        actual: 'application/soap+xml',
        message: 'media type: text/xml ≠ application/soap+xml',
      },
      { where: 'charset', expected: 'utf-8', actual: '(absent)', message: 'charset: utf-8 ≠ (absent)' },
    ]);
  });

  it('compares other bodies byte for byte, naming the first byte that differs', () => {
    const text = (body: string | Uint8Array): ReplySnapshot => ({
      status: 500,
      headers: [['Content-Type', 'text/plain; charset=utf-8']],
      body,
    });
    expect(compareReplies(text('same'), text(new TextEncoder().encode('same')))).toEqual([]);
    expect(compareReplies(text('System.ArgumentException: bad'), text('System.ArgumentException: worse'))).toEqual([
      {
        where: 'body',
        expected: '….ArgumentException: bad',
        actual: '….ArgumentException: worse',
        message: 'body, byte 26: ….ArgumentException: bad ≠ ….ArgumentException: worse',
      },
    ]);
    expect(compareReplies(text('abc'), text('abcd')).map((d) => d.message)).toEqual(['body, byte 3: abc (end) ≠ abcd']);
    // HTML is not XML here: one changed space is a difference.
    const html = (body: string): ReplySnapshot => ({ status: 200, headers: { 'Content-Type': 'text/html' }, body });
    expect(compareReplies(html('<p>a</p>'), html('<p>a</p> ')).map((d) => d.message)).toEqual([
      'body, byte 8: <p>a</p> (end) ≠ "<p>a</p> "',
    ]);
  });

  it('decodes XML bytes by their charset', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'<a>é</a>'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(
      compareReplies(xml('<a>é</a>'), { status: 200, headers: [['content-type', 'text/xml']], body: utf16 }),
    ).toEqual([{ where: 'charset', expected: 'utf-8', actual: '(absent)', message: 'charset: utf-8 ≠ (absent)' }]);
  });

  it('says which side is not well-formed XML', () => {
    expect(compareReplies(xml('<a/>'), xml('<a>')).map((d) => d.message)).toEqual([
      expect.stringMatching(/^body: well-formed XML ≠ "?not well-formed XML \(.+\)"?$/),
    ]);
  });
});
