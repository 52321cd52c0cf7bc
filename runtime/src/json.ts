/**
 * The JSON rules of ASP.NET AJAX's `JavaScriptSerializer` the runtime reads and writes by (`json/`), for other
 * readers of the same replies: the comparison of recorded and replayed JSON exchanges behind `replay` and
 * `proxy --shadow`.
 */
export { parseJsonDate } from './json/json-dates.js';
export {
  isJsonObject,
  JsonDate,
  JsonNumber,
  JsonSyntaxError,
  parseJson,
  type JsonObject,
  type JsonValue,
} from './json/json-text.js';
export { clrFullName, clrQualifiedName, type ClrType } from './json/clr-names.js';
