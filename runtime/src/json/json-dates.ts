/**
 * `DateTime` in JSON, as JavaScriptSerializer writes and reads it (docs/wire.md, "JSON (ScriptService)"): the
 * string `"\/Date(ms)\/"`, milliseconds since 1970-01-01 UTC, the slashes escaped so that no other string can be
 * taken for a date. An unspecified value is taken as UTC (the time zone of a UTC host). Years 1 to 9999: the .NET
 * Framework writes `DateTime.MinValue` as `\/Date(-62135596800000)\/` (Mono clamps it to 0100-01-01).
 */
import { XsdDateTime } from '../values/xsd-date-time.js';

/** The JSON text of a `DateTime`. */
export function formatJsonDate(value: XsdDateTime): string {
  return `"\\/Date(${value.toDate().getTime()})\\/"`;
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
