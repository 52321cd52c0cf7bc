/**
 * XsdDateTime against what Mono's XmlSerializer writes back for an echo of a DateTime (observed on a UTC host,
 * and with TZ=Europe/Berlin for offsets, which ASMX converts to the host's zone; XsdDateTime keeps them).
 */
import { describe, expect, it } from 'vitest';
import { XsdDateTime } from '../../../runtime/src/values/xsd-date-time.js';

describe('XsdDateTime', () => {
  it.each([
    ['1999-12-31T23:59:59.250', '1999-12-31T23:59:59.25', 'unspecified'],
    ['2026-03-01T12:00:00Z', '2026-03-01T12:00:00Z', 'utc'],
    ['2026-03-01T12:00:00.000Z', '2026-03-01T12:00:00Z', 'utc'],
    ['2026-03-01T12:00:00.1234567', '2026-03-01T12:00:00.1234567', 'unspecified'],
    ['2026-03-01T12:00:00.12345678', '2026-03-01T12:00:00.1234568', 'unspecified'],
    ['2026-03-01T23:59:59.99999999', '2026-03-02T00:00:00', 'unspecified'],
    ['2026-05-17', '2026-05-17T00:00:00', 'unspecified'],
    ['2026-03-01T12:00:00+02:00', '2026-03-01T12:00:00+02:00', 'offset'],
    ['2026-03-01T12:00:00.1234567-05:30', '2026-03-01T12:00:00.1234567-05:30', 'offset'],
  ])('reads %j, writes %j (%s)', (text, written, kind) => {
    const value = XsdDateTime.parse(text);
    expect(value.toString()).toBe(written);
    expect(value.kind).toBe(kind);
    expect(JSON.stringify(value)).toBe(JSON.stringify(written));
  });

  it('is an instant on demand: unspecified as UTC, offsets applied', () => {
    expect(XsdDateTime.parse('2026-03-01T12:00:00').toDate().toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(XsdDateTime.parse('2026-03-01T12:00:00+02:00').toDate().toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(XsdDateTime.parse('2026-03-01T12:00:00.1239999Z').toDate().getUTCMilliseconds()).toBe(123);
  });

  it('makes UTC values of Dates', () => {
    const value = XsdDateTime.fromDate(new Date('2026-02-01T10:00:00.500Z'));
    expect(value.kind).toBe('utc');
    expect(value.toString()).toBe('2026-02-01T10:00:00.5Z');
    expect(() => XsdDateTime.fromDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it.each(['2026-02-30T00:00:00', '0000-01-01T00:00:00', '2026-02-01T10:00:00+15:00', '9999-12-31T23:00:00-02:00'])(
    'refuses %j',
    (text) => {
      expect(XsdDateTime.tryParse(text)).toBeUndefined();
      expect(() => XsdDateTime.parse(text)).toThrow(RangeError);
    },
  );

  it('compares by wire value', () => {
    expect(XsdDateTime.parse('2026-01-01T00:00:00.10').equals(XsdDateTime.parse('2026-01-01T00:00:00.1'))).toBe(true);
    expect(XsdDateTime.parse('2026-01-01T00:00:00Z').equals(XsdDateTime.parse('2026-01-01T00:00:00'))).toBe(false);
    expect(XsdDateTime.MIN_VALUE.toString()).toBe('0001-01-01T00:00:00');
  });
});
