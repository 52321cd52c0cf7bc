import { describe, expect, it } from 'vitest';
import { formatJsonDate, parseJsonDate } from '../../runtime/src/json/json-dates.js';
import { JsonDate, JsonNumber, JsonSyntaxError, parseJson, quoteJsonString } from '../../runtime/src/json/json-text.js';
import { JsonValueError, readJsonValue, writeJsonValue } from '../../runtime/src/json/json-values.js';
import { hostZone } from '../../runtime/src/values/host-zone.js';
import type { TypeTable } from '../../runtime/src/values/value-kinds.js';

const UTC = hostZone('UTC');
import { XsdDateTime } from '../../runtime/src/values/xsd-date-time.js';

describe("JavaScriptSerializer's JSON text", () => {
  it("escapes strings as the .NET Framework's HttpUtility.JavaScriptStringEncode", () => {
    expect(quoteJsonString('</script> \'x&y\' "q" \\ / \u00e9 \u2028\u2029\u0085 \u0001\b\f\t\r\n\u007f')).toBe(
      '"\\u003c/script\\u003e \\u0027x\\u0026y\\u0027 \\"q\\" \\\\ / \u00e9 \\u2028\\u2029\\u0085 \\u0001\\b\\f\\t\\r\\n\u007f"',
    );
  });

  it('reads quoted, single-quoted and bare member names, keeps numbers as written, and the last of a repeated name', () => {
    const value = parseJson("\ufeff { a : 9007199254740993, 'b': 'x', \"a\": 12.50, c: [true, null] } ") as Map<
      string,
      unknown
    >;
    expect([...value.keys()]).toEqual(['a', 'b', 'c']);
    expect(value.get('a')).toEqual(new JsonNumber('12.50'));
    expect(value.get('b')).toBe('x');
    expect(value.get('c')).toEqual([true, null]);
    expect((parseJson('[9007199254740993]') as JsonNumber[])[0]!.text).toBe('9007199254740993');
  });

  it('refuses what is not JSON: a truncated object, a bare word, trailing text', () => {
    for (const text of ['{"a":1,', 'not json', '{"a":1} x', '', '"open']) {
      expect(() => parseJson(text), text).toThrow(JsonSyntaxError);
    }
  });

  it('writes and reads dates as \\/Date(ms)\\/, DateTime.MinValue unclamped', () => {
    expect(formatJsonDate(XsdDateTime.parse('2024-02-29T12:30:45.123Z'), UTC)).toBe('"\\/Date(1709209845123)\\/"');
    expect(formatJsonDate(XsdDateTime.parse('2024-02-29T18:00:45.123+05:30'), UTC)).toBe('"\\/Date(1709209845123)\\/"');
    expect(formatJsonDate(XsdDateTime.MIN_VALUE, UTC)).toBe('"\\/Date(-62135596800000)\\/"');
    expect(parseJsonDate('/Date(-1)/')?.toString()).toBe('1969-12-31T23:59:59.999Z');
    expect(parseJsonDate('/Date(1)/x')).toBeUndefined();
  });

  it('reads a date only from the escaped "\\/Date(ms)\\/" text, as JavaScriptObjectDeserializer does', () => {
    const value = parseJson(
      String.raw`["\/Date(1709209845123)\/", "\/Date(5+0530)\/", "/Date(1)/", '\/Date(1)\/', "\/Date(1)/"]`,
    );
    expect(value).toEqual([
      new JsonDate('/Date(1709209845123)/', 1709209845123),
      new JsonDate('/Date(5+0530)/', 5),
      '/Date(1)/',
      '/Date(1)/',
      '/Date(1)/',
    ]);
    const cx = { types: {} as TypeTable, typeIds: new Map<string, string>(), zone: hostZone('UTC') };
    expect(String(readJsonValue('dateTime', parseJson(String.raw`"\/Date(-1)\/"`), cx))).toBe(
      '1969-12-31T23:59:59.999Z',
    );
    expect(() => readJsonValue('dateTime', parseJson('"/Date(1)/"'), cx)).toThrow(JsonValueError);
    expect(readJsonValue('string', parseJson(String.raw`"\/Date(1)\/"`), cx)).toBe('/Date(1)/');
  });

  it('writes TimeSpan and XmlQualifiedName as their properties and binds any object to the empty value', () => {
    const cx = { types: {} as TypeTable, typeIds: new Map<string, string>(), zone: hostZone('UTC') };
    expect(writeJsonValue('timeSpan', {}, cx)).toBe(
      '{"Ticks":0,"Days":0,"Hours":0,"Milliseconds":0,"Minutes":0,"Seconds":0,' +
        '"TotalDays":0,"TotalHours":0,"TotalMilliseconds":0,"TotalMinutes":0,"TotalSeconds":0}',
    );
    expect(readJsonValue('timeSpan', parseJson('{"Ticks":5}'), cx)).toEqual({});
    expect(writeJsonValue('QName', 'q:local', cx)).toBe('{"Namespace":"","Name":"local","IsEmpty":false}');
    expect(writeJsonValue('QName', '', cx)).toBe('{"Namespace":"","Name":"","IsEmpty":true}');
    expect(readJsonValue('QName', parseJson('{"Namespace":"urn:x","Name":"q","IsEmpty":false}'), cx)).toBe('');
    expect(() => readJsonValue('QName', parseJson('"q"'), cx)).toThrow(
      "Invalid cast from 'System.String' to 'System.Xml.XmlQualifiedName'.",
    );
  });
});
