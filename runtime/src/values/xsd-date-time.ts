/**
 * An ASMX `DateTime` as the wire carries it (docs/types.md). A .NET DateTime
 * has a kind and ticks of 100 ns; XmlSerializer reads and writes it in
 * round-trip mode, so an echo gives back what it got:
 *
 * | read | kind | written back by ASMX |
 * | --- | --- | --- |
 * | `1999-12-31T23:59:59.250` | unspecified | `1999-12-31T23:59:59.25` (fraction without trailing zeros) |
 * | `2026-03-01T12:00:00Z`, `.000Z` | utc | `2026-03-01T12:00:00Z` |
 * | `2026-05-17` (`xs:date`) | unspecified | `2026-05-17T00:00:00` |
 * | 8 or more fraction digits | | rounded to 7 (`.12345678` → `.1234568`) |
 * | `2026-03-01T12:00:00+02:00` | offset | the same instant in the host's zone: `10:00:00+00:00` on a UTC host |
 *
 * The last row depends on the time zone of the machine running ASMX (Mono
 * converts to local time: on a `Europe/Berlin` host the same input comes back
 * `11:00:00+01:00`). An `XsdDateTime` keeps the offset it was given instead,
 * and writes it as read: a Node server has no legacy host's zone to mimic.
 * Years 0001 to 9999.
 */

export type DateTimeKind = 'unspecified' | 'utc' | 'offset';

const LEXICAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2})?$/;
const TICKS_PER_MS = 10_000;
const MS_PER_DAY = 86_400_000;

export class XsdDateTime {
  private constructor(
    /** The wall-clock time as milliseconds of the proleptic Gregorian calendar, read as if UTC. */
    private readonly wallMs: number,
    /** 100-ns ticks below the millisecond, 0 to 9999. */
    private readonly subTicks: number,
    readonly kind: DateTimeKind,
    /** Minutes east of UTC for `offset`; 0 otherwise. */
    readonly offsetMinutes: number,
  ) {}

  /** Reads a lexical `dateTime` (or `date`) as XmlConvert does in round-trip mode; `undefined` when it is not one. */
  static tryParse(text: string): XsdDateTime | undefined {
    const match = LEXICAL.exec(text);
    if (!match) return undefined;
    const fraction = match[7] ?? '';
    const zone = match[8];
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    const hour = match[4] === undefined ? 0 : Number(match[4]);
    const minute = match[5] === undefined ? 0 : Number(match[5]);
    const second = match[6] === undefined ? 0 : Number(match[6]);
    if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
    if (hour > 23 || minute > 59 || second > 59) return undefined;
    let offsetMinutes = 0;
    let kind: DateTimeKind = 'unspecified';
    if (zone === 'Z') kind = 'utc';
    else if (zone) {
      const hours = Number(zone.slice(1, 3));
      const rest = Number(zone.slice(4, 6));
      if (hours > 14 || rest > 59 || (hours === 14 && rest > 0)) return undefined;
      kind = 'offset';
      offsetMinutes = (zone[0] === '-' ? -1 : 1) * (hours * 60 + rest);
    }
    // Ticks of the fraction, rounded to 7 digits as .NET does.
    let ticks = Number(fraction.slice(0, 7).padEnd(7, '0'));
    if (fraction.length > 7 && fraction.charCodeAt(7) >= 0x35) ticks += 1;
    const wallMs = civilMs(year, month, day) + ((hour * 60 + minute) * 60 + second) * 1000 + Math.floor(ticks / 1e4);
    const value = new XsdDateTime(wallMs, ticks % TICKS_PER_MS, kind, offsetMinutes);
    // An offset moves the instant by less than a day: only the first and last years can leave the range.
    if (year > 1 && year < 9999) return value;
    const instantYear = new Date(wallMs - offsetMinutes * 60_000).getUTCFullYear();
    return value.year > 9999 || instantYear < 1 || instantYear > 9999 ? undefined : value;
  }

  /** `tryParse`, throwing a `RangeError` for what is not a `dateTime`. */
  static parse(text: string): XsdDateTime {
    const value = XsdDateTime.tryParse(text);
    if (value === undefined) throw new RangeError(`'${text}' is not an xsd:dateTime value.`);
    return value;
  }

  /** A UTC value of the instant `date` (what .NET writes for a UTC DateTime: `...Z`). */
  static fromDate(date: Date): XsdDateTime {
    const ms = date.getTime();
    if (Number.isNaN(ms)) throw new RangeError('An invalid Date is no xsd:dateTime value.');
    const value = new XsdDateTime(ms, 0, 'utc', 0);
    if (value.year < 1 || value.year > 9999) throw new RangeError('The Date is outside years 0001 to 9999.');
    return value;
  }

  /**
   * The instant `date` as a local time of a zone `offsetMinutes` east of UTC: what .NET writes for a `DateTime` of
   * kind Local (`2024-02-29T18:00:45+05:30`).
   */
  static atOffset(date: Date, offsetMinutes: number): XsdDateTime {
    const ms = date.getTime();
    if (Number.isNaN(ms)) throw new RangeError('An invalid Date is no xsd:dateTime value.');
    const value = new XsdDateTime(ms + offsetMinutes * 60_000, 0, 'offset', offsetMinutes);
    if (value.year < 1 || value.year > 9999) throw new RangeError('The Date is outside years 0001 to 9999.');
    return value;
  }

  /** .NET's `DateTime.MinValue` (unspecified): what an absent DateTime reads as. */
  static readonly MIN_VALUE: XsdDateTime = new XsdDateTime(civilMs(1, 1, 1), 0, 'unspecified', 0);

  get year(): number {
    return new Date(this.wallMs).getUTCFullYear();
  }

  /** The instant; an unspecified value is read as UTC. Sub-millisecond ticks are dropped. */
  toDate(): Date {
    return new Date(this.wallMs - this.offsetMinutes * 60_000);
  }

  /** The lexical form the runtime writes. */
  toString(): string {
    const wall = new Date(this.wallMs);
    const two = (n: number) => String(n).padStart(2, '0');
    const ticks = wall.getUTCMilliseconds() * TICKS_PER_MS + this.subTicks;
    const fraction = ticks === 0 ? '' : `.${String(ticks).padStart(7, '0').replace(/0+$/, '')}`;
    let zone = '';
    if (this.kind === 'utc') zone = 'Z';
    else if (this.kind === 'offset') {
      const abs = Math.abs(this.offsetMinutes);
      zone = `${this.offsetMinutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
    }
    return (
      `${String(wall.getUTCFullYear()).padStart(4, '0')}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}` +
      `T${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}${fraction}${zone}`
    );
  }

  toJSON(): string {
    return this.toString();
  }

  /** The same wire value (kind, offset and ticks alike). */
  equals(other: XsdDateTime): boolean {
    return this.toString() === other.toString();
  }
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Midnight of a civil date as milliseconds; unlike `Date.UTC`, years below 100 are taken as written. */
function civilMs(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / MS_PER_DAY) * MS_PER_DAY;
}
