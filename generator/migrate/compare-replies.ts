/**
 * Whether two HTTP replies of a service say the same thing: the comparison behind `asmxgen replay` (a recorded
 * reply against the reply of the service under test) and `asmxgen proxy --shadow` (the upstream's reply against
 * a candidate's). One module, so both judge by the same rules (docs/migration.md#comparison):
 *
 * - the status code;
 * - the media type and the charset of `Content-Type` (the charset ignoring case); no other header;
 * - XML bodies (`text/xml`, `application/xml`, `application/soap+xml`, any `+xml`) as namespace-aware infosets:
 *   prefixes, namespace declarations, attribute order and whitespace between elements do not count, text does
 *   (`compare-xml.ts`); a SOAP fault's reason on its first line unless `strict`;
 * - JSON bodies (`application/json`, any `+json`: a `[ScriptService]`'s replies) as values: members in any order
 *   but `__type` first, numbers by value (`compare-json.ts`);
 * - any other body byte for byte.
 *
 * Each difference says where it is: `status`, `media type`, `charset`, `body`, or the local-name path of an
 * element or attribute from the document's root (`/Envelope/Body/GetBookResponse/GetBookResult/Price`).
 * Differences come in a fixed order (status, media type, charset, then the body in document order), so the same
 * replies always give the same list.
 */
import { decodeXmlBytes, parseContentType, readXml, XmlReadError, type XmlElement } from '@asmxgen/runtime/xml';
import { JsonSyntaxError, parseJson, type JsonValue } from '@asmxgen/runtime/json';
import { compareBytes, toBytes } from './compare-bytes.js';
import { compareJson } from './compare-json.js';
import { compareXml } from './compare-xml.js';
import type { CompareOptions, ReplyDifference, ReplySnapshot } from './reply-difference.js';
import { ABSENT, differenceOf } from './show-value.js';

export type { CompareOptions, ReplyDifference, ReplySnapshot };

/** Deepest element nesting read; deeper documents are compared byte for byte. */
const MAX_XML_DEPTH = 512;

/** Every difference between `expected` and `actual`; empty when they are the same. */
export function compareReplies(
  expected: ReplySnapshot,
  actual: ReplySnapshot,
  options: CompareOptions = {},
): ReplyDifference[] {
  const differences: ReplyDifference[] = [];
  if (expected.status !== actual.status) {
    differences.push(differenceOf('status', String(expected.status), String(actual.status)));
  }
  const expectedType = contentTypeOf(expected.headers);
  const actualType = contentTypeOf(actual.headers);
  const expectedMedia = expectedType.mediaType ?? ABSENT;
  const actualMedia = actualType.mediaType ?? ABSENT;
  if (expectedMedia !== actualMedia) differences.push(differenceOf('media type', expectedMedia, actualMedia));
  const expectedCharset = expectedType.charset ?? ABSENT;
  const actualCharset = actualType.charset ?? ABSENT;
  if (expectedCharset.toLowerCase() !== actualCharset.toLowerCase()) {
    differences.push(differenceOf('charset', expectedCharset, actualCharset));
  }
  differences.push(...compareBodies(expected.body, expectedType, actual.body, actualType, options));
  return differences;
}

interface BodyType {
  /** Lower case, no parameters; `undefined` without a (parsable) `Content-Type`. */
  readonly mediaType: string | undefined;
  readonly charset: string | undefined;
}

function contentTypeOf(headers: ReplySnapshot['headers']): BodyType {
  const pairs: Iterable<readonly [string, string]> = Array.isArray(headers)
    ? (headers as ReadonlyArray<readonly [string, string]>)
    : Object.entries(headers as Readonly<Record<string, string>>);
  for (const [name, value] of pairs) {
    if (name.toLowerCase() !== 'content-type') continue;
    const parsed = parseContentType(value);
    return { mediaType: parsed?.mediaType, charset: parsed?.charset };
  }
  return { mediaType: undefined, charset: undefined };
}

function isXmlMediaType(mediaType: string | undefined): boolean {
  return (
    mediaType === 'text/xml' ||
    mediaType === 'application/xml' ||
    (mediaType !== undefined && mediaType.endsWith('+xml'))
  );
}

function compareBodies(
  expected: string | Uint8Array,
  expectedType: BodyType,
  actual: string | Uint8Array,
  actualType: BodyType,
  options: CompareOptions,
): ReplyDifference[] {
  const expectedBytes = toBytes(expected);
  const actualBytes = toBytes(actual);
  if (
    isXmlMediaType(expectedType.mediaType) &&
    isXmlMediaType(actualType.mediaType) &&
    expectedBytes.length > 0 &&
    actualBytes.length > 0
  ) {
    const expectedXml = readBody(expected, expectedType.charset);
    const actualXml = readBody(actual, actualType.charset);
    if (expectedXml.ok && actualXml.ok) {
      return compareXml(expectedXml.root, actualXml.root, { strict: options.strict ?? false });
    }
    if (expectedXml.ok !== actualXml.ok) {
      const describe = (read: ReadBody) => (read.ok ? 'well-formed XML' : `not well-formed XML (${read.reason})`);
      return [differenceOf('body', describe(expectedXml), describe(actualXml))];
    }
  }
  if (
    isJsonMediaType(expectedType.mediaType) &&
    isJsonMediaType(actualType.mediaType) &&
    expectedBytes.length > 0 &&
    actualBytes.length > 0
  ) {
    const expectedJson = readJsonBody(expectedBytes, expectedType.charset);
    const actualJson = readJsonBody(actualBytes, actualType.charset);
    if (expectedJson.ok && actualJson.ok) return compareJson(expectedJson.value, actualJson.value);
    if (expectedJson.ok !== actualJson.ok) {
      const describe = (read: ReadJson) => (read.ok ? 'JSON' : `not JSON (${read.reason})`);
      return [differenceOf('body', describe(expectedJson), describe(actualJson))];
    }
  }
  return compareBytes(expectedBytes, actualBytes);
}

function isJsonMediaType(mediaType: string | undefined): boolean {
  return mediaType === 'application/json' || (mediaType !== undefined && mediaType.endsWith('+json'));
}

type ReadJson = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly reason: string };

/** A JSON body in its charset (UTF-8 when it names none or one the platform does not know). */
function readJsonBody(bytes: Uint8Array, charset: string | undefined): ReadJson {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  try {
    return { ok: true, value: parseJson(decoder.decode(bytes)) };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { ok: false, reason: error.message.replace(/\.$/, '') };
    throw error;
  }
}

type ReadBody = { readonly ok: true; readonly root: XmlElement } | { readonly ok: false; readonly reason: string };

function readBody(body: string | Uint8Array, charset: string | undefined): ReadBody {
  try {
    const text = typeof body === 'string' ? body : decodeXmlBytes(body, charset);
    return { ok: true, root: readXml(text, { maxDepth: MAX_XML_DEPTH }) };
  } catch (error) {
    if (error instanceof XmlReadError) return { ok: false, reason: error.message.replace(/\.$/, '') };
    throw error;
  }
}
