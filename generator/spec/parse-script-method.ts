import type { SpecScriptMethod } from './spec-types.js';
import type { Entry, YamlChecker } from './yaml-checker.js';

/**
 * An operation's `scriptMethod` (`[ScriptMethod(UseHttpGet, ResponseFormat, XmlSerializeString)]`): only in a `[ScriptService]`
 * service (`service.scriptService: true`), whose JSON calls it shapes. `undefined` after a problem (reported).
 */
export function parseScriptMethod(
  checker: YamlChecker,
  entry: Entry,
  scriptService: boolean,
): SpecScriptMethod | undefined {
  const map = checker.mapping(entry);
  if (!map) return undefined;
  const f = checker.fields(map, entry.path, ['useHttpGet', 'responseFormat', 'xmlSerializeString']);
  const useHttpGet = f.useHttpGet && checker.boolean(f.useHttpGet);
  const responseFormat = f.responseFormat && checker.oneOf(f.responseFormat, ['json', 'xml'] as const);
  const xmlSerializeString = f.xmlSerializeString && checker.boolean(f.xmlSerializeString);
  if (!scriptService) {
    checker.problem(
      entry,
      'scriptMethod shapes the JSON calls of a [ScriptService] service: set service.scriptService: true ' +
        '(or remove scriptMethod)',
    );
    return undefined;
  }
  if (
    (f.useHttpGet && useHttpGet === undefined) ||
    (f.responseFormat && responseFormat === undefined) ||
    (f.xmlSerializeString && xmlSerializeString === undefined)
  ) {
    return undefined;
  }
  if (xmlSerializeString === true && responseFormat !== 'xml') {
    checker.problem(
      f.xmlSerializeString!,
      'xmlSerializeString applies to the XML replies of responseFormat: xml (add it, or remove xmlSerializeString)',
    );
    return undefined;
  }
  return {
    ...(useHttpGet !== undefined && { useHttpGet }),
    ...(responseFormat !== undefined && { responseFormat }),
    ...(xmlSerializeString !== undefined && { xmlSerializeString }),
  };
}
