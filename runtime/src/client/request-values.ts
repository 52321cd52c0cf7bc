/**
 * An operation's input as the lexical values of its parameters, checked
 * before anything is sent: `undefined` leaves a parameter out (on HTTP GET
 * and POST an ASMX service then answers `Missing parameter`), `''` sends it
 * empty; a required (value-type) parameter must be given; a value of the
 * wrong type, or holding a character XML 1.0 cannot carry (U+0000 and the
 * other C0 controls but TAB, LF and CR; lone surrogates; U+FFFE, U+FFFF), is
 * a `TypeError`. The last is refused on every transport, HTTP GET and POST
 * included: an ASMX service cannot take such a value by SOAP, nor return it
 * in an XML result, and a form would turn a lone surrogate into U+FFFD.
 */
import type { RequestParameter } from '../soap/soap-envelope.js';
import type { OperationDescription, ParameterDescription, ValueType } from '../service-description.js';
import { hasForbiddenCharacter } from '../xml/xml-lexical.js';
import { isRequestParameter } from '../soap/reply-values.js';
import { formatXsdValue, type XsdValue } from '../xsd/xsd-values.js';
import { isXsdType } from '../xsd/value-type.js';
import { formatFormValues } from '../values/form-values.js';
import { ShapeError } from '../values/shape-error.js';
import type { ValueContext } from '../values/value-kinds.js';
import { writeChoice, writeUnwrapped, writeValue } from '../values/write-value.js';
import { partDepth } from '../values/namespace-prefixes.js';
import { httpView } from '../values/data-type-values.js';

/**
 * Parameters of other types than the XSD simple ones go through the one value writer by SOAP, as their
 * elements; by HTTP GET/POST every parameter is written as ASMX binds form values (`values/form-values.ts`:
 * an array as its items, the name repeated).
 */
export function requestValues(
  operation: OperationDescription,
  input: object | undefined,
  context: ValueContext,
  soap: boolean,
): RequestParameter[] {
  // HTTP sends a `DataType` parameter as its C# type.
  const op = soap ? operation : httpView(operation);
  if (input !== undefined && (typeof input !== 'object' || input === null)) {
    throw new TypeError(`${op.name} takes an object of its parameters; got ${input === null ? 'null' : typeof input}.`);
  }
  const values = (input ?? {}) as Record<string, unknown>;
  // An out parameter is only in the response (reply-values.ts): the input has none.
  return op.parameters.filter(isRequestParameter).map((param) => {
    const value = Object.hasOwn(values, param.name) ? values[param.name] : undefined;
    // HTTP names a field as C# names the parameter, whatever `[XmlElement("x")]` calls its element.
    const name = soap ? param.name : (param.field ?? param.name);
    if (value === undefined) {
      // An unwrapped array is none of its items when absent: it may always be left out.
      if (!param.optional && !param.unwrapped)
        throw new TypeError(`${op.name}: ${param.name} (${typeName(param.type)}) is required.`);
      return { name, value: undefined };
    }
    let parameter: RequestParameter;
    try {
      parameter =
        // An element of another namespace (unqualified: none) is written, declared, by the value writer.
        soap && isXsdType(param.type) && value !== null && !param.choice && param.namespace === undefined
          ? { name: param.name, value: formatXsdValue(param.type, value as XsdValue) }
          : complexParameter(param, value, context, soap, partDepth(op.bare));
    } catch (error) {
      if (error instanceof ShapeError) throw new TypeError(`${op.name}: ${error.named(param.name).message}`);
      throw new TypeError(`${op.name}: ${param.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const text of parameter.texts ?? (parameter.value === undefined ? [] : [parameter.value])) {
      const forbidden = firstForbidden(text);
      if (forbidden !== undefined) {
        throw new TypeError(
          `${op.name}: ${param.name} holds ${forbidden}, a character XML 1.0 cannot carry: ` +
            'an ASMX service cannot receive it. Nothing was sent.',
        );
      }
    }
    return parameter;
  });
}

function typeName(type: ValueType): string {
  return typeof type === 'string' ? `xsd:${type}` : JSON.stringify(type);
}

function complexParameter(
  param: ParameterDescription,
  value: unknown,
  context: ValueContext,
  soap: boolean,
  level: number,
): RequestParameter {
  if (soap && param.unwrapped) {
    // `[XmlElement]` on an array: its items in the parameter's place, with nothing around them.
    const items: string[] = [];
    writeUnwrapped(context, param.name, param.type, param.choice, value, { level }, param.namespace, items);
    return { name: param.name, value: undefined, xml: items.join('') };
  }
  if (soap && param.choice)
    return { name: param.name, value: undefined, xml: writeChoice(context, param.choice, value, { level }) };
  if (soap) {
    const site = { nillable: param.nillable, optional: param.optional };
    // A class's `[XmlRoot(Namespace)]` puts the parameter's element in the root's namespace, declared on it.
    const options = param.namespace === undefined ? { level } : { level, namespace: param.namespace };
    return {
      name: param.name,
      value: undefined,
      xml: writeValue(context, param.name, param.type, value, site, options),
    };
  }
  if (value === null) throw new TypeError('null cannot be sent over HTTP GET/POST.');
  const texts = formatFormValues(context.types, param.type, value);
  return { name: param.field ?? param.name, value: undefined, texts };
}

/** `U+0000 at index 3` for the first character XML 1.0 does not allow; `undefined` when there is none. */
function firstForbidden(text: string): string | undefined {
  if (!hasForbiddenCharacter(text)) return undefined;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    if (hasForbiddenCharacter(String.fromCodePoint(code))) {
      return `U+${code.toString(16).toUpperCase().padStart(4, '0')} at index ${i}`;
    }
    if (code > 0xffff) i++;
  }
  return 'a forbidden character';
}
