/**
 * The time zone of the machine a service runs on, as .NET's `TimeZoneInfo.Local`: what a `DateTime` without a zone
 * of its own means where JavaScriptSerializer converts it (docs/wire.md, "Dates and the host's time zone"). An
 * unspecified `DateTime` is written to JSON as the instant its wall-clock time is in this zone, and a date string
 * `DateTime.Parse` reads (no `\/Date(ms)\/`) becomes a local time of this zone.
 */

export interface HostZone {
  /** The zone as given: an IANA name (`Asia/Kolkata`), `UTC`, a fixed offset (`+05:30`), or `local`. */
  readonly name: string;
  /** Minutes east of UTC at the instant `utcMs`. */
  offsetAt(utcMs: number): number;
  /** The instant (ms since 1970 UTC) of a wall-clock time of the zone, given as milliseconds read as UTC. */
  instantOf(wallMs: number): number;
}

const FIXED = /^([+-])(\d{2}):(\d{2})$/;
const MS_PER_MINUTE = 60_000;

/**
 * The zone named `name`: `local` (the process's own, `TZ`: what .NET uses, the machine's), `UTC`, a fixed offset
 * `±hh:mm`, or an IANA name. Throws a `RangeError` that says what is accepted for anything else.
 */
export function hostZone(name = 'local'): HostZone {
  if (name === 'local') return LOCAL;
  if (name === 'UTC' || name === 'Z') return fixedZone(name, 0);
  const fixed = FIXED.exec(name);
  if (fixed) {
    const minutes = Number(fixed[2]) * 60 + Number(fixed[3]);
    if (minutes > 14 * 60 || Number(fixed[3]) > 59) throw badZone(name);
    return fixedZone(name, fixed[1] === '-' ? -minutes : minutes);
  }
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
  } catch {
    throw badZone(name);
  }
  const offsetAt = (utcMs: number): number => {
    const parts: Record<string, string> = {};
    for (const part of format.formatToParts(new Date(utcMs))) parts[part.type] = part.value;
    const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
    const wall = new Date(0);
    wall.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
    wall.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
    return Math.round((wall.getTime() - (utcMs - (((utcMs % 1000) + 1000) % 1000))) / MS_PER_MINUTE);
  };
  return { name, offsetAt, instantOf: (wallMs) => instantOfWall(wallMs, offsetAt) };
}

function fixedZone(name: string, minutes: number): HostZone {
  return { name, offsetAt: () => minutes, instantOf: (wallMs) => wallMs - minutes * MS_PER_MINUTE };
}

const LOCAL: HostZone = {
  name: 'local',
  offsetAt: (utcMs) => -new Date(utcMs).getTimezoneOffset(),
  instantOf: (wallMs) => instantOfWall(wallMs, (utcMs) => -new Date(utcMs).getTimezoneOffset()),
};

/**
 * The instant of a wall-clock time: the offset at the wall time read as UTC, then at the instant that gives (the
 * second guess settles every wall time but those a clock change skips or repeats, which take the offset before it).
 */
function instantOfWall(wallMs: number, offsetAt: (utcMs: number) => number): number {
  const first = wallMs - offsetAt(wallMs) * MS_PER_MINUTE;
  return wallMs - offsetAt(first) * MS_PER_MINUTE;
}

function badZone(name: string): RangeError {
  return new RangeError(
    `timeZone ${JSON.stringify(name)} is no time zone: give an IANA name (Europe/Berlin), UTC, an offset (+05:30), ` +
      "or local (the process's own, TZ).",
  );
}
