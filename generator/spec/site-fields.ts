import { BUILTIN_TYPES, isBuiltinName } from '../model/builtin-types.js';
import { DATA_TYPE_NAMES, dataTypeBase, isDataTypeName, type DataTypeName } from '../model/data-types.js';
import { parseTypeText } from '../model/type-refs.js';
import type { Entry, YamlChecker } from './yaml-checker.js';

/**
 * `dataType:` of a member, parameter or result (`[XmlElement(DataType = "…")]`): one of the names XmlSerializer
 * accepts, on the C# type it applies to (`date` and `time` on `dateTime` or `dateTime?`, `hexBinary` on
 * `base64Binary`, the others on `string`), or on a one-dimensional array of it, whose items it types
 * (`[XmlArrayItem(DataType = "…")]`, `[XmlElement(DataType = "…")]` on an unwrapped array). `undefined` after
 * reporting a problem.
 */
export function parseDataType(c: YamlChecker, entry: Entry, type: string | undefined): DataTypeName | undefined {
  const name = c.string(entry);
  if (name === undefined) return undefined;
  if (!isDataTypeName(name)) {
    c.problem(entry, `unknown dataType "${name}": one of ${DATA_TYPE_NAMES.join(', ')}`);
    return undefined;
  }
  const parsed = parseTypeText(type ?? 'string');
  if (parsed === undefined) return undefined;
  const base = dataTypeBase(name);
  if (parsed.rank > 1 || parsed.name !== base || (parsed.nullable && base !== 'dateTime')) {
    const item = base === 'dateTime' ? 'dateTime or dateTime?' : base;
    c.problem(entry, `dataType ${name} applies to a ${item} or a one-dimensional array of it, not "${type}"`);
    return undefined;
  }
  return name;
}

/**
 * `nillable:` of a parameter or result (`[XmlElement(IsNullable = true)]`): a reference type only (`T?` is
 * nillable already). `undefined` after reporting a problem.
 */
export function parseSiteNillable(c: YamlChecker, entry: Entry, type: string | undefined): boolean | undefined {
  const value = c.boolean(entry);
  if (value === undefined) return undefined;
  const parsed = parseTypeText(type ?? 'string');
  if (
    value &&
    parsed &&
    parsed.rank === 0 &&
    (parsed.nullable || (isBuiltinName(parsed.name) && BUILTIN_TYPES[parsed.name].valueType))
  ) {
    c.problem(
      entry,
      `nillable applies to a reference type; "${type}" is ${parsed.nullable ? 'nillable already' : 'a value type'}`,
    );
    return undefined;
  }
  return value;
}
