/**
 * `DateTime` in JSON, as JavaScriptSerializer writes and reads it (docs/wire.md, "JSON (ScriptService)"): the
 * string `"\/Date(ms)\/"`, milliseconds since 1970-01-01 UTC, the slashes escaped so that no other string can be
 * taken for a date. An unspecified value is a local time of the host's zone (`DateTime.ToUniversalTime`), as a
 * local one is. Years 1 to 9999: the .NET Framework writes `DateTime.MinValue` as `\/Date(-62135596800000)\/`
 * (Mono clamps it to 0100-01-01), and a conversion that leaves the range stops at its end, as `ToUniversalTime` does.
 */
import type { HostZone } from '../values/host-zone.js';
import { XsdDateTime } from '../values/xsd-date-time.js';

/** `DateTime.MinValue` and `MaxValue` (to the millisecond) as milliseconds since 1970. */
const MIN_MS = -62135596800000;
const MAX_MS = 253402300799999;

/** The JSON text of a `DateTime`; an unspecified one is a wall-clock time of `zone`. */
export function formatJsonDate(value: XsdDateTime, zone: HostZone): string {
  const ms = value.toDate().getTime();
  const instant = value.kind === 'unspecified' ? Math.min(MAX_MS, Math.max(MIN_MS, zone.instantOf(ms))) : ms;
  return `"\\/Date(${instant})\\/"`;
}

/**
 * A date string that is no `\/Date(ms)\/`, as `DateTime.Parse` reads it: without a zone, an unspecified time; with
 * one (`Z`, `+05:30`), the instant as a local time of the host's zone. `undefined` when it is none.
 */
export function parseDateText(text: string, zone: HostZone): XsdDateTime | undefined {
  const parsed = XsdDateTime.tryParse(text.trim());
  if (parsed === undefined || parsed.kind === 'unspecified') return parsed;
  const instant = parsed.toDate();
  try {
    return XsdDateTime.atOffset(instant, zone.offsetAt(instant.getTime()));
  } catch {
    return undefined;
  }
}

/** `/Date(ms)/`, with the suffix JavaScriptSerializer takes and ignores: a letter, or an offset `+hhmm`/`-hhmm`. */
const JSON_DATE = /^\/Date\((-?\d+)(?:[a-zA-Z]|[+-]\d{4})?\)\/$/;

/**
 * The `DateTime` of a JSON string that is one: `\/Date(ms)\/` as read (its escaped slashes decoded), a UTC value,
 * whatever suffix follows the milliseconds (`\/Date(ms+0530)\/` is the same UTC instant, as the .NET Framework's
 * `JavaScriptObjectDeserializer` reads it; Mono refuses it); `undefined` for any other string.
 */
export function parseJsonDate(text: string): XsdDateTime | undefined {
  const match = JSON_DATE.exec(text);
  if (!match) return undefined;
  const ms = Number(match[1]);
  if (!Number.isSafeInteger(ms)) return undefined;
  try {
    return XsdDateTime.fromDate(new Date(ms));
  } catch {
    return undefined;
  }
}
