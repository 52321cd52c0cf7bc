import type { DataTypeName } from '../model/data-types.js';
import type { TypeRef } from '../model/type-refs.js';
import { changeOf, type Change, type DiffRule } from './change.js';

export const DATA_TYPE_CHANGED: DiffRule = {
  id: 'data-type-changed',
  level: 'breaking',
  meaning:
    'The `dataType` of a parameter, result or member changed (its C# type the same: `dateTime` to `date`, ' +
    '`base64Binary` to `hexBinary`, `string` to `Name`), and the two write values in other lexical forms.',
  why:
    'The writer writes the new form and a reader of the old contract refuses it or reads another value: a date ' +
    'read as a dateTime loses its time, a time is no dateTime, hexBinary is no base64, and `Name`, `NCName`, ' +
    '`NMTOKEN` and `NMTOKENS` escape characters (`a b` is written `a_x0020_b`).',
};

export const DATA_TYPE_CHANGED_COMPATIBLE: DiffRule = {
  id: 'data-type-changed-compatible',
  level: 'non-breaking',
  meaning:
    'The `dataType` of a string parameter, result or member changed between types whose values are written as ' +
    'they are: none, `normalizedString`, and the trimmed ones (`token`, `integer`, `anyURI`, `gYear`, …).',
  why:
    'Both sides write the string as it is, and ASMX validates none of these types: only the schema changes, and a ' +
    'reader of a trimmed type drops white space at the ends.',
};

export const DATA_TYPE_RULES: readonly DiffRule[] = [DATA_TYPE_CHANGED, DATA_TYPE_CHANGED_COMPATIBLE];

/** Data types whose values both sides write as they are (no escaping, no other lexical form). */
const AS_WRITTEN: ReadonlySet<DataTypeName | undefined> = new Set<DataTypeName | undefined>([
  undefined,
  'normalizedString',
  'integer',
  'nonNegativeInteger',
  'positiveInteger',
  'negativeInteger',
  'nonPositiveInteger',
  'token',
  'language',
  'ID',
  'IDREF',
  'IDREFS',
  'ENTITY',
  'ENTITIES',
  'NOTATION',
  'anyURI',
  'duration',
  'gYear',
  'gYearMonth',
  'gMonth',
  'gMonthDay',
  'gDay',
]);

/**
 * The `dataType` of a site whose type (`T`, `T?`, or an array of them, whose items it types) is the same on both
 * sides; none where it is unchanged.
 */
export function dataTypeChanges(where: string, a: TypeRef, b: TypeRef, suffix = ''): Change[] {
  const before = dataTypeOf(a);
  const after = dataTypeOf(b);
  if (before === after) return [];
  const show = (d: DataTypeName | undefined, ref: TypeRef) => d ?? `none (${ref.spec})`;
  const message = `dataType changed from ${show(before, a)} to ${show(after, b)}${suffix}`;
  const compatible = dataTypeBaseOf(a) === 'string' && AS_WRITTEN.has(before) && AS_WRITTEN.has(after);
  return [
    changeOf(compatible ? DATA_TYPE_CHANGED_COMPATIBLE : DATA_TYPE_CHANGED, where, message, {
      old: show(before, a),
      new: show(after, b),
    }),
  ];
}

function dataTypeOf(ref: TypeRef): DataTypeName | undefined {
  const base = siteBase(ref);
  return base.kind === 'builtin' ? base.dataType : undefined;
}

function dataTypeBaseOf(ref: TypeRef): string | undefined {
  const base = siteBase(ref);
  return base.kind === 'builtin' ? base.name : undefined;
}

/** The built-in a `dataType` applies to: the site's own type, or a one-dimensional array's items'. */
function siteBase(ref: TypeRef): TypeRef {
  const item = ref.kind === 'array' && ref.item.kind !== 'array' ? ref.item : ref;
  return item.kind === 'nullable' ? item.of : item;
}
