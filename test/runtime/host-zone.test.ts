/**
 * The host's time zone (runtime/src/values/host-zone.ts), which JSON dates without a zone depend on: offsets of
 * IANA zones across their clock changes, fixed offsets, and what an unknown name is told.
 */
import { describe, expect, it } from 'vitest';
import { formatJsonDate, parseDateText } from '../../runtime/src/json/json-dates.js';
import { hostZone } from '../../runtime/src/values/host-zone.js';
import { XsdDateTime } from '../../runtime/src/values/xsd-date-time.js';

const at = (iso: string) => Date.parse(iso);

describe('the host time zone', () => {
  it('gives an IANA zone its offset at each instant, across a clock change', () => {
    const berlin = hostZone('Europe/Berlin');
    expect(berlin.offsetAt(at('2024-01-15T12:00:00Z'))).toBe(60);
    expect(berlin.offsetAt(at('2024-07-15T12:00:00Z'))).toBe(120);
    // 2024-03-31 02:00 local became 03:00: the last second of winter time and the first of summer time.
    expect(berlin.offsetAt(at('2024-03-31T00:59:59Z'))).toBe(60);
    expect(berlin.offsetAt(at('2024-03-31T01:00:00Z'))).toBe(120);
    expect(hostZone('Asia/Kolkata').offsetAt(at('1999-12-31T00:00:00Z'))).toBe(330);
    expect(hostZone('America/St_Johns').offsetAt(at('2024-01-15T12:00:00Z'))).toBe(-210);
  });

  it('reads a wall-clock time as the instant it is in the zone, in winter and in summer', () => {
    const berlin = hostZone('Europe/Berlin');
    expect(new Date(berlin.instantOf(at('2024-01-15T12:00:00Z'))).toISOString()).toBe('2024-01-15T11:00:00.000Z');
    expect(new Date(berlin.instantOf(at('2024-07-15T12:00:00Z'))).toISOString()).toBe('2024-07-15T10:00:00.000Z');
  });

  it('takes UTC and fixed offsets, and refuses anything else saying what it takes', () => {
    expect(hostZone('UTC').offsetAt(0)).toBe(0);
    expect(hostZone('+05:30').offsetAt(0)).toBe(330);
    expect(hostZone('-03:00').instantOf(0)).toBe(3 * 3_600_000);
    for (const name of ['Mars/Olympus', '+5:30', '+15:00', 'CET+1'])
      expect(() => hostZone(name), name).toThrow(
        `timeZone ${JSON.stringify(name)} is no time zone: give an IANA name (Europe/Berlin), UTC, an offset ` +
          "(+05:30), or local (the process's own, TZ).",
      );
  });

  it('is where JSON writes an unspecified DateTime, and reads a date string with a zone as a local time', () => {
    const india = hostZone('Asia/Kolkata');
    // LibraryScript's `new DateTime(2024, 2, 29, 12, 30, 45, 123)` on a host in India, as the capture shows it.
    expect(formatJsonDate(XsdDateTime.parse('2024-02-29T12:30:45.123'), india)).toBe('"\\/Date(1709190045123)\\/"');
    expect(formatJsonDate(XsdDateTime.parse('2024-02-29T12:30:45.123Z'), india)).toBe('"\\/Date(1709209845123)\\/"');
    // ToUniversalTime stops at DateTime.MinValue and MaxValue.
    expect(formatJsonDate(XsdDateTime.MIN_VALUE, india)).toBe('"\\/Date(-62135596800000)\\/"');
    expect(formatJsonDate(XsdDateTime.parse('9999-12-31T23:59:59.9999999'), hostZone('-05:00'))).toBe(
      '"\\/Date(253402300799999)\\/"',
    );
    expect(parseDateText('2024-02-29T12:30:45Z', india)?.toString()).toBe('2024-02-29T18:00:45+05:30');
    expect(parseDateText('2024-02-29T12:30:45', india)?.toString()).toBe('2024-02-29T12:30:45');
    expect(parseDateText('not a date', india)).toBeUndefined();
  });
});
