import { describe, expect, it } from 'vitest';
import { REDACTED, Redaction, redactNames } from '../../generator/migrate/redact.js';

const redaction = new Redaction(redactNames(['password,token', ' Secret ']));

describe('Redaction', () => {
  it('replaces the content of named elements in XML, by local name, ignoring case; nothing else changes', () => {
    const soap =
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
      '<soap:Body><Login xmlns="App.WebService"><user>ann</user><Password>s3cr&amp;t</Password>' +
      '<a:token xmlns:a="urn:a" kind="x>y">T<!-- c --><![CDATA[<token>]]></a:token><secret/><note>password</note>' +
      '</Login></soap:Body></soap:Envelope>';
    expect(redaction.xml(soap)).toBe(
      soap.replace('s3cr&amp;t', REDACTED).replace('T<!-- c --><![CDATA[<token>]]>', REDACTED),
    );
  });

  it('replaces everything inside a named complex element, nested names included', () => {
    expect(redaction.xml('<r><secret><token>a</token><b>c</b></secret><x>1</x></r>')).toBe(
      `<r><secret>${REDACTED}</secret><x>1</x></r>`,
    );
  });

  it('replaces the rest of a named element that is cut off', () => {
    expect(redaction.xml('<r><password>abc')).toBe(`<r><password>${REDACTED}`);
  });

  it('replaces named parameters of a query or form, names decoded and matched ignoring case', () => {
    expect(redaction.form('user=ann&PASSWORD=p%20w&x=1&tok%65n=t&token')).toBe(
      `user=ann&PASSWORD=${REDACTED}&x=1&tok%65n=${REDACTED}&token=${REDACTED}`,
    );
    expect(redaction.url('http://h/S.asmx/Login?password=x&b=2')).toBe(
      `http://h/S.asmx/Login?password=${REDACTED}&b=2`,
    );
    expect(redaction.url('http://h/S.asmx?wsdl')).toBe('http://h/S.asmx?wsdl');
  });

  it('replaces named members of JSON text carried in an element, at any depth, the rest of the text as sent', () => {
    const soap =
      '<soap:Body><Authenticate xmlns="App.WebService"><requestJson>' +
      '{"user":"a&lt;b", "Password" : "p\\"w",\n "extra":{"token":[1,{"x":2}],"n":-1.5e3,"ok":true}}' +
      '</requestJson></Authenticate></soap:Body>';
    expect(redaction.xml(soap)).toBe(
      '<soap:Body><Authenticate xmlns="App.WebService"><requestJson>' +
        `{"user":"a&lt;b", "Password" : "${REDACTED}",\n "extra":{"token":"${REDACTED}","n":-1.5e3,"ok":true}}` +
        '</requestJson></Authenticate></soap:Body>',
    );
    // Entities decoded before the JSON is read; text that is not JSON, or JSON without a named member, unchanged.
    expect(redaction.xml('<r>{&quot;secret&quot;:&quot;s&quot;}</r>')).toBe(`<r>{"secret":"${REDACTED}"}</r>`);
    for (const unchanged of ['<r>{"user":"ann"}</r>', '<r>{password: x}</r>', '<r>[1,2]</r>', '<r>password</r>'])
      expect(redaction.xml(unchanged)).toBe(unchanged);
  });

  it('replaces named members of JSON text in a form or query value, re-encoded', () => {
    const value = encodeURIComponent('{"user":"ann","password":"p w"}');
    expect(redaction.form(`requestJson=${value}&x=1`)).toBe(
      `requestJson=${encodeURIComponent(`{"user":"ann","password":"${REDACTED}"}`)}&x=1`,
    );
    expect(redaction.url(`http://h/S.asmx/Authenticate?requestJson=${value}`)).toBe(
      `http://h/S.asmx/Authenticate?requestJson=${encodeURIComponent(`{"user":"ann","password":"${REDACTED}"}`)}`,
    );
    expect(redaction.form('requestJson=%7B%22user%22%3A1%7D')).toBe('requestJson=%7B%22user%22%3A1%7D');
    expect(redaction.json('{"token":"t"}')).toBe(`{"token":"${REDACTED}"}`);
    expect(redaction.json('not json')).toBe('not json');
  });

  it('changes nothing without names', () => {
    const none = new Redaction([]);
    expect(none.active).toBe(false);
    expect(none.xml('<password>x</password>')).toBe('<password>x</password>');
    expect(none.form('password=x')).toBe('password=x');
    expect(none.json('{"password":"x"}')).toBe('{"password":"x"}');
  });
});
