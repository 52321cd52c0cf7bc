/**
 * Typed JSON strings on the client (`json:`, `json-string-value.ts`): a JSON parameter's value is checked against
 * its schema and written as text before anything is sent (a `TypeError` otherwise, as for any input the client
 * cannot send), and a JSON result's text is read and checked when the reply comes (a `ProtocolError` otherwise).
 */
import { checkJsonValue, JsonStringError, readJsonString, writeJsonString } from '../json/json-string-value.js';
import type { OperationDescription } from '../service-description.js';
import { ProtocolError, type CallSite, type ReplySummary } from './errors.js';

/** The operation has a JSON parameter or result. */
export function hasJsonStrings(op: OperationDescription): boolean {
  return op.result?.json !== undefined || op.parameters.some((p) => p.json !== undefined);
}

/** The input with each JSON parameter's value as its text. */
export function jsonStringInput(op: OperationDescription, input: object | undefined): object | undefined {
  if (input === undefined || input === null) return input;
  let out: Record<string, unknown> | undefined;
  for (const p of op.parameters) {
    if (p.json === undefined || p.direction === 'out') continue;
    const value = (input as Record<string, unknown>)[p.name];
    if (value === undefined || value === null) continue;
    try {
      checkJsonValue(p.json, value, `${op.name}: ${p.name}`);
      out ??= { ...input };
      out[p.name] = writeJsonString(value, `${op.name}: ${p.name}`);
    } catch (error) {
      if (error instanceof JsonStringError) throw new TypeError(error.message);
      throw error;
    }
  }
  return out ?? input;
}

/** The result (or the reply object holding it) with a JSON result's text read into its value. */
export function jsonStringResult(
  site: CallSite,
  reply: ReplySummary,
  op: OperationDescription,
  value: unknown,
  replyParameters: boolean,
): unknown {
  const json = op.result?.json;
  if (json === undefined) return value;
  const read = (text: unknown): unknown => {
    try {
      return readJsonString(json, text, op.result!.element);
    } catch (error) {
      if (error instanceof JsonStringError) throw new ProtocolError(site, reply, error.message);
      throw error;
    }
  };
  if (!replyParameters) return read(value);
  const key = op.result!.key ?? 'result';
  const object = value as Record<string, unknown>;
  return { ...object, [key]: read(object[key]) };
}
