/**
 * Parameter binding (wire contract §2): SOAP request elements and HTTP form
 * values into a handler's input, keyed by parameter name.
 *
 * SOAP (document/literal wrapped): children of the request element in the
 * service namespace, by local name; the first of duplicates wins; unknown
 * and wrong-namespace children are skipped. An absent parameter is
 * `undefined` for `string`/`base64Binary` and the .NET default for value
 * types (what reflection hands an ASMX method for a missing value). An empty
 * element is `''`; `xsi:nil` changes nothing (the elements are not nillable:
 * `<p xsi:nil="true" />` is `''`). An element with element content is
 * malformed for a simple type (ASMX answers 400).
 *
 * Parameters of other types (classes, enums, arrays, Guid, raw XML, `object`)
 * are read by the one value reader (`values/read-value.ts`): a nillable one
 * reads `xsi:nil` as `null`.
 *
 * An unwrapped array (`[XmlElement]` on an array parameter) is every child element of its name, wherever it is,
 * each read as an item; none is an empty array, but `undefined` when the request element is empty (`<Op />`) or
 * absent, where the runtime hands the method null.
 *
 * HTTP GET/POST: a missing name is an error; `name=` is `''`; an array is
 * its name repeated (`a=1&a=2`), a `byte[]` too, one value per byte; each value is read as ASMX's
 * `ScalarFormatter` reads it (`values/form-values.ts`).
 */
import { DOTNET_TYPE_NAMES, defaultXsdValue, parseXsdValue, XsdValueError } from '../xsd/xsd-values.js';
import type { FormValues } from '../http/form-encoding.js';
import { htmlEncodeMessageChain } from '../http/html-escape.js';
import type { OperationDescription, ParameterDescription } from '../service-description.js';
import { isRequestParameter } from '../soap/reply-values.js';
import { childElements, firstChildElement, textContent, type XmlElement } from '../xml/xml-reader.js';
import { isXsdType } from '../xsd/value-type.js';
import type { ValueType } from '../xsd/type-description.js';
import { absentValue, readChoice, readUnwrapped, readValue } from '../values/read-value.js';
import { choiceElement } from '../values/value-kinds.js';
import { parseFormValue } from '../values/form-values.js';
import { LexicalValueError, MalformedValueError, ValueReadError } from '../values/value-errors.js';
import type { ValueContext } from '../values/value-kinds.js';
import { httpView } from '../values/data-type-values.js';

export type SoapBinding =
  | { readonly ok: true; readonly input: Record<string, unknown> }
  /** A parameter element with element content: the request is malformed for its type. */
  | { readonly ok: false; readonly malformed: true }
  /** A value that does not convert: the message chain after `Server was unable to read request.`. */
  | { readonly ok: false; readonly malformed: false; readonly chain: readonly string[] };

/**
 * @param request the Body's first element when it is the operation's request
 *   element; `undefined` otherwise (every parameter is then absent)
 */
export function bindSoapParameters(
  op: OperationDescription,
  values: ValueContext,
  request: XmlElement | undefined,
): SoapBinding {
  const namespace = values.namespace;
  const input: Record<string, unknown> = {};
  const all = request ? childElements(request) : [];
  const children = all.filter((child) => child.namespace === namespace);
  for (const param of op.parameters) {
    // An out parameter is only in the response (reply-values.ts): its handler does not get it.
    if (!isRequestParameter(param)) continue;
    const type = param.type;
    const choice = param.choice;
    if (param.unwrapped) {
      // `[XmlElement]` on an array: every child so named is an item, wherever it is; none is an empty array. Of an
      // empty request element (`<Op />`), or none, XmlSerializer reads nothing: the array stays null.
      if (request === undefined || isEmptyElement(request)) {
        input[param.name] = undefined;
        continue;
      }
      const itemNamespace = param.namespace ?? namespace;
      const items = all.filter((child) =>
        choice
          ? child.namespace === itemNamespace && choiceElement(choice, child.localName) !== undefined
          : child.localName === param.name && child.namespace === itemNamespace,
      );
      try {
        input[param.name] = readUnwrapped(values, items, type, choice);
      } catch (error) {
        return readFailure(error);
      }
      continue;
    }
    if (choice) {
      // A choice in the parameter's place: the first child that is one of its elements.
      const chosen = children.find((child) => choiceElement(choice, child.localName) !== undefined);
      try {
        input[param.name] = chosen ? readChoice(values, chosen, choice) : undefined;
      } catch (error) {
        return readFailure(error);
      }
      continue;
    }
    const element = parameterElement(param, all, children);
    if (!isXsdType(type) || param.nillable) {
      try {
        input[param.name] = element
          ? readValue(values, element, type, param.nillable === true)
          : absentValue(values, type, param);
      } catch (error) {
        return readFailure(error);
      }
      continue;
    }
    if (!element) {
      input[param.name] = defaultXsdValue(type);
      continue;
    }
    const text = textContent(element);
    if (text === undefined) return { ok: false, malformed: true };
    try {
      input[param.name] = parseXsdValue(type, text);
    } catch (error) {
      if (!(error instanceof XsdValueError)) throw error;
      const { line, column } = element.positionAfter();
      return {
        ok: false,
        malformed: false,
        chain: [`There is an error in XML document (${line}, ${column}).`, error.message],
      };
    }
  }
  return { ok: true, input };
}

/**
 * What a SOAP request's parameters are read from: a bare operation's, the Body itself (its children are the
 * parameters); a wrapped one's, the Body's first element when it is the operation's request element in
 * `namespace`, else `undefined` (every parameter is then absent).
 */
export function soapRequestElement(
  op: OperationDescription,
  namespace: string,
  body: XmlElement,
): XmlElement | undefined {
  if (op.bare) return body;
  const first = firstChildElement(body);
  return first && first.localName === (op.requestElement ?? op.name) && first.namespace === namespace
    ? first
    : undefined;
}

/**
 * The element of a wrapped request that holds `param` (not an unwrapped array, not a choice): the first of its name
 * among `children` (the request element's children in the service namespace), or, for a parameter of a class whose
 * `[XmlRoot(Namespace)]` puts its element in the root's namespace, among `all` in that namespace.
 */
export function parameterElement(
  param: ParameterDescription,
  all: readonly XmlElement[],
  children: readonly XmlElement[],
): XmlElement | undefined {
  return param.namespace === undefined
    ? children.find((child) => child.localName === param.name)
    : all.find((child) => child.localName === param.name && child.namespace === param.namespace);
}

/** `<e />` (or `<e/>`), not `<e></e>`: XmlReader's `IsEmptyElement`. */
function isEmptyElement(element: XmlElement): boolean {
  return element.children.length === 0 && element.source().endsWith('/>');
}

/** A value reader's error as the binding's failure; any other error is rethrown. */
function readFailure(error: unknown): SoapBinding {
  if (error instanceof MalformedValueError) return { ok: false, malformed: true };
  if (error instanceof ValueReadError) return { ok: false, malformed: false, chain: error.chain };
  throw error;
}

export type FormBinding =
  | { readonly ok: true; readonly input: Record<string, unknown> }
  /** The plain-text error: the message chain, HTML-encoded as ASMX prints it. */
  | { readonly ok: false; readonly message: string };

export function bindFormParameters(site: OperationDescription, values: FormValues, context: ValueContext): FormBinding {
  // HTTP binds a `DataType` parameter as its C# type.
  const op = httpView(site);
  const input: Record<string, unknown> = {};
  for (const param of op.parameters) {
    if (!isRequestParameter(param)) continue;
    const type = param.type;
    // A byte[] is an array of bytes here, one value per byte.
    const itemType =
      typeof type !== 'string' && 'array' in type ? type.array : type === 'base64Binary' ? 'unsignedByte' : undefined;
    let current: string | undefined;
    // `[XmlElement("x")]` renames the element, not the field: HTTP names it after the C# parameter.
    const field = param.field ?? param.name;
    try {
      if (itemType !== undefined) {
        const raws = values.getAll(field);
        // ASMX sizes the array by the values given: with none, it fails on the null it got.
        if (raws === undefined) return { ok: false, message: htmlEncodeMessageChain([NULL_REFERENCE]) };
        const items = raws.map((item) => parseFormValue(context.types, itemType, (current = item)));
        input[param.name] = type === 'base64Binary' ? Uint8Array.from(items as number[]) : items;
      } else {
        current = values.get(field);
        if (current === undefined) {
          return { ok: false, message: htmlEncodeMessageChain([`Missing parameter: ${field}.`]) };
        }
        input[param.name] = parseFormValue(context.types, type, current);
      }
    } catch (error) {
      if (!(error instanceof LexicalValueError)) throw error;
      const converting = `Cannot convert ${current} to ${dotnetName(itemType ?? type)}.\r\nParameter name: type`;
      return { ok: false, message: htmlEncodeMessageChain([converting, error.message]) };
    }
  }
  return { ok: true, input };
}

const NULL_REFERENCE = 'Object reference not set to an instance of an object.';

function dotnetName(type: ValueType): string {
  if (isXsdType(type)) return DOTNET_TYPE_NAMES[type];
  if (type === 'guid') return 'System.Guid';
  if (type === 'char') return 'System.Char';
  return typeof type === 'string' ? type : 'enum' in type ? type.enum : JSON.stringify(type);
}
