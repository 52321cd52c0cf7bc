/**
 * CLR types that JavaScriptSerializer writes as objects of their public properties, having no JSON form of their
 * own (docs/wire.md, "JSON (ScriptService)"): `System.TimeSpan` and `System.Xml.XmlQualifiedName`. Their
 * properties are read-only, so ObjectConverter binds any JSON object to the empty value (`TimeSpan.Zero`, an empty
 * `XmlQualifiedName`): what a service echoes is always that.
 *
 * A `timeSpan` value is `{}` in asmxgen, as XmlSerializer writes every `TimeSpan` (an empty element): JSON writes it
 * as `TimeSpan.Zero`'s properties. A `QName` value is its text (`prefix:local`), whose namespace the text does not
 * carry: JSON writes its local name with an empty `Namespace`.
 */
import { JsonValueError } from './json-errors.js';
import { isJsonObject, type JsonValue } from './json-text.js';

/** `TimeSpan.Zero` as JavaScriptSerializer writes it: TimeSpan's properties in declaration order. */
const ZERO_TIME_SPAN =
  '{"Ticks":0,"Days":0,"Hours":0,"Milliseconds":0,"Minutes":0,"Seconds":0,' +
  '"TotalDays":0,"TotalHours":0,"TotalMilliseconds":0,"TotalMinutes":0,"TotalSeconds":0}';

export function writeJsonTimeSpan(): string {
  return ZERO_TIME_SPAN;
}

/** A TimeSpan from JSON: an object binds `TimeSpan.Zero`; a string, `TimeSpan.Parse`'s value (which `{}` stands for). */
export function readJsonTimeSpan(json: JsonValue): Record<string, never> {
  if (isJsonObject(json) || typeof json === 'string') return {};
  throw new JsonValueError("Cannot convert object to type 'System.TimeSpan'");
}

/** An `XmlQualifiedName`: `{"Namespace":…,"Name":…,"IsEmpty":…}`. */
export function writeJsonQName(text: string, quote: (text: string) => string): string {
  const local = text.slice(text.indexOf(':') + 1);
  return `{"Namespace":"","Name":${quote(local)},"IsEmpty":${local === '' ? 'true' : 'false'}}`;
}

/** An `XmlQualifiedName` from JSON: an object binds the empty name; a string converts to none. */
export function readJsonQName(json: JsonValue): string {
  if (isJsonObject(json)) return '';
  throw new JsonValueError(
    `Invalid cast from '${typeof json === 'string' ? 'System.String' : 'System.Object'}' to 'System.Xml.XmlQualifiedName'.`,
  );
}
