import type { Entry, YamlChecker } from './yaml-checker.js';

/** A C# namespace: identifiers joined by dots (ASCII, as the spec's other names). */
export const SCRIPT_NAMESPACE = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * `service.scriptNamespace`: the C# namespace of a `[ScriptService]`'s class, which names its `/js` proxy class.
 * Only with `service.scriptService: true`. `undefined` after a problem (reported).
 */
export function parseScriptNamespace(
  checker: YamlChecker,
  entry: Entry,
  scriptService: boolean,
  field: 'scriptNamespace' | 'typeNamespace' = 'scriptNamespace',
): string | undefined {
  const text = checker.string(entry, true);
  if (text === undefined) return undefined;
  if (!SCRIPT_NAMESPACE.test(text)) {
    checker.problem(
      entry,
      `${JSON.stringify(text)} is no C# namespace: identifiers joined by dots (e.g. Contoso.Services), as the ` +
        `${field === 'scriptNamespace' ? 'service class declares it' : 'types declare it'}`,
    );
    return undefined;
  }
  if (!scriptService) {
    checker.problem(
      entry,
      field === 'scriptNamespace'
        ? 'scriptNamespace names the /js proxy class of a [ScriptService] service: set service.scriptService: true ' +
            '(or remove scriptNamespace)'
        : 'typeNamespace names the types in the JSON (__type) and the /js proxy of a [ScriptService] service: set ' +
            'service.scriptService: true (or remove typeNamespace)',
    );
    return undefined;
  }
  return text;
}
