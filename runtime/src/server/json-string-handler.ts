/**
 * Typed JSON strings on the server (`json:`, `json-string-value.ts`): an operation with such a parameter or result
 * gets its handler wrapped once, when the service's tables are built. The wrapper reads each JSON parameter's text
 * into its value before the handler runs (a text that is not JSON, or a value its schema refuses, is a `Client`
 * fault naming the parameter, the JSON pointer and the rule), and writes a JSON result's value as text after. Every
 * protocol reaches handlers through the tables, so SOAP, HTTP GET/POST and JSON calls all go through it; other
 * operations keep their handler as it is.
 */
import { checkJsonValue, JsonStringError, readJsonString, writeJsonString } from '../json/json-string-value.js';
import type { OperationDescription } from '../service-description.js';
import { SoapFault } from '../soap/soap-fault.js';
import type { CallContext } from './server-options.js';

/** A handler as the service's tables hold it (`service-tables.ts`). */
type Handler = (input: Record<string, unknown>, ctx: CallContext) => unknown;

export function withJsonStrings(op: OperationDescription, handler: Handler, replyParameters: boolean): Handler {
  const parameters = op.parameters.filter((p) => p.json !== undefined && p.direction !== 'out');
  const result = op.result?.json;
  if (parameters.length === 0 && result === undefined) return handler;
  const key = op.result?.key ?? 'result';
  const write = (value: unknown): unknown => {
    if (result === undefined) return value;
    if (!replyParameters) return resultText(result, value);
    const reply = value as Record<string, unknown> | null | undefined;
    return reply == null ? reply : { ...reply, [key]: resultText(result, reply[key]) };
  };
  return (input, ctx) => {
    let values = input;
    if (parameters.length > 0) {
      values = { ...input };
      for (const p of parameters) {
        try {
          values[p.name] = readJsonString(p.json!, input[p.name], p.name);
        } catch (error) {
          if (error instanceof JsonStringError) throw new SoapFault('Client', error.message);
          throw error;
        }
      }
    }
    const returned = handler(values, ctx);
    if (result === undefined) return returned;
    const then =
      returned !== null && (typeof returned === 'object' || typeof returned === 'function')
        ? (returned as PromiseLike<unknown>).then
        : undefined;
    return typeof then === 'function' ? Promise.resolve(returned).then(write) : write(returned);
  };
}

/** A JSON result's text; a value its schema refuses, or no JSON can hold, is the server's failure (an `Error`). */
function resultText(json: NonNullable<NonNullable<OperationDescription['result']>['json']>, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  checkJsonValue(json, value, 'The result');
  return writeJsonString(value, 'The result');
}
