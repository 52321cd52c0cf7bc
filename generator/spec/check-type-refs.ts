import { unknownNameMessage } from '../model/name-hint.js';
import { BUILTIN_NAMES, BUILTIN_TYPES, isBuiltinName } from '../model/builtin-types.js';
import type { TypeDeclaration } from '../model/type-declarations.js';
import { parseDictionaryText, parseTypeText } from '../model/type-refs.js';
import type { Entry, Fields, YamlChecker } from './yaml-checker.js';

/** One place a spec names a type, with what it is used as. */
export interface TypeRefUse {
  readonly text: string;
  readonly entry: Entry;
  readonly use:
    | 'parameter'
    | 'result'
    | 'member'
    | 'attribute'
    | 'text'
    | 'anyMember'
    | 'header'
    | 'base'
    | 'include'
    | 'generateScriptType'
    | 'choiceSite'
    | 'choiceElement'
    /** The type of a member marked `optional` (not nillable): a value type's `{Name}Specified`. */
    | 'optional';
  /** The declaring type, for members, bases and includes. */
  readonly owner?: string;
}

/**
 * Checks every type reference against the built-ins and the declared types: the syntax, unknown names, `?` on a
 * reference type, a complex type as an attribute, a header type that is not a header class, bases and includes
 * that are not classes, and inheritance cycles. Every problem is reported.
 */
export function checkTypeRefs(
  c: YamlChecker,
  declarations: readonly TypeDeclaration[],
  entries: ReadonlyMap<string, { readonly entry: Entry; readonly fields: Fields }>,
  refs: readonly TypeRefUse[],
): void {
  const declared = new Map(declarations.map((d) => [d.name, d]));
  for (const ref of refs) {
    const problem = refProblem(ref, declared, entries.size > 0 || declarations.length > 0);
    if (problem) c.problem(ref.entry, problem);
  }
  for (const d of declarations) {
    if (d.kind !== 'class' || !d.base) continue;
    const seen = new Set([d.name]);
    for (let b = declared.get(d.base); b?.kind === 'class'; b = b.base ? declared.get(b.base) : undefined) {
      if (seen.has(b.name)) {
        const at = entries.get(d.name)?.fields.base;
        if (at) c.problem(at, `inheritance cycle: ${[...seen, b.name].join(' → ')}`);
        break;
      }
      seen.add(b.name);
    }
  }
}

/**
 * `optional` on a member that is not nillable: XmlSerializer's `{Name}Specified` writes `minOccurs="0"` (no
 * `use="required"`) for a value type only; a reference type's element is optional already. Unknown names and bad
 * syntax are the member's own reference's problems.
 */
function optionalProblem(
  parsed: NonNullable<ReturnType<typeof parseTypeText>>,
  declared: ReadonlyMap<string, TypeDeclaration>,
): string | undefined {
  const decl = declared.get(parsed.name);
  const builtin = isBuiltinName(parsed.name) ? BUILTIN_TYPES[parsed.name] : undefined;
  if (!decl && !builtin) return undefined;
  const valueType = builtin
    ? builtin.valueType
    : decl!.kind === 'enum' || (decl!.kind === 'class' && decl!.struct === true);
  if (parsed.rank === 0 && (valueType || parsed.nullable)) return undefined;
  return (
    `optional ({Name}Specified) applies to a value type or a nillable member; "${parsed.name}${'[]'.repeat(parsed.rank)}" ` +
    'is a reference type, optional already (minOccurs="0"): leave optional out'
  );
}

function refProblem(
  ref: TypeRefUse,
  declared: ReadonlyMap<string, TypeDeclaration>,
  hasTypes: boolean,
): string | undefined {
  const dictionary = parseDictionaryText(ref.text);
  if (dictionary) return dictionaryProblem(ref, dictionary.value, declared, hasTypes);
  const parsed = parseTypeText(ref.text);
  if (ref.use === 'optional') return parsed && optionalProblem(parsed, declared);
  if (!parsed) {
    return `invalid type reference "${ref.text}": expected a type name, then an optional "?", then any number of "[]"`;
  }
  const decl = declared.get(parsed.name);
  const builtin = isBuiltinName(parsed.name) ? BUILTIN_TYPES[parsed.name] : undefined;
  if (!decl && !builtin) {
    const known = hasTypes ? ', or a type declared under "types"' : '';
    return unknownNameMessage('type', parsed.name, [...BUILTIN_NAMES, ...declared.keys()], {
      expected: `${BUILTIN_NAMES.join(', ')}${known}`,
    });
  }
  const plain = !parsed.nullable && parsed.rank === 0;
  switch (ref.use) {
    case 'base':
    case 'include':
    case 'header': {
      // `[XmlInclude(typeof(T[]))]` on the service: an array of a class (its ArrayOfT written where object is).
      const serviceArray = ref.use === 'include' && ref.owner === undefined && !parsed.nullable && parsed.rank === 1;
      if ((!plain && !serviceArray) || decl?.kind !== 'class')
        return `${ref.use === 'header' ? 'a header type' : `a ${ref.use}`} must be a declared class; "${ref.text}" is not`;
      if (ref.use === 'header' && !decl.header)
        return `"${decl.name}" is not a header class: declare it with "header: true"`;
      if (ref.use === 'base' && decl.struct) return `"${decl.name}" is a struct: structs cannot be derived from`;
      if (ref.use === 'base' && decl.header)
        return `"${decl.name}" is a header class: header classes cannot be derived from`;
      if (ref.use === 'base' && decl.anonymous)
        return `"${decl.name}" is an anonymous class (written inline): anonymous classes cannot be derived from`;
      return undefined;
    }
    case 'generateScriptType':
      // WebServiceData.ProcessIncludeAttributes: WebService_InvalidGenerateScriptType for what the page cannot build.
      if (!plain || (decl?.kind !== 'enum' && (decl?.kind !== 'class' || decl.abstract === true || decl.header)))
        return `a generateScriptTypes entry must be a declared enum or class (not abstract, not a header class); "${ref.text}" is not`;
      return undefined;
    case 'choiceSite':
      return (parsed.name === 'anyType' || decl?.kind === 'class') && !parsed.nullable && parsed.rank <= 1
        ? undefined
        : `a choice is held by a member or parameter of type anyType or a class, or an array of one; got "${ref.text}"`;
    case 'choiceElement':
      if (parsed.rank > 0) return `a choice element is of one type, not an array; got "${ref.text}"`;
      if (builtin && builtin.shape !== 'named') {
        return `a choice element cannot be of type "${parsed.name}" (XML, DataSet or DataTable)`;
      }
      break;
    case 'anyMember':
      return parsed.name === 'xmlElement' && !parsed.nullable && parsed.rank <= 1
        ? undefined
        : `an "any" member is of type xmlElement or xmlElement[]; got "${ref.text}"`;
    default:
  }
  if (parsed.nullable) {
    const valueType = builtin
      ? builtin.valueType
      : decl!.kind === 'enum' || (decl!.kind === 'class' && decl!.struct === true);
    if (!valueType)
      return `"${parsed.name}?": "?" applies to value types only (built-in value types, enums, structs); "${parsed.name}" is a reference type`;
  }
  if (decl?.kind === 'class' && decl.header && ref.use !== 'member') {
    return `"${decl.name}" is a header class: use it in an operation's "headers", not as a ${ref.use}`;
  }
  if (ref.use === 'attribute' || ref.use === 'text') {
    const simple = (builtin && builtin.shape === 'named' && builtin.home !== 'service') || decl?.kind === 'enum';
    if (!simple || parsed.rank > 0 || (ref.use === 'text' && parsed.nullable)) {
      const what = ref.use === 'text' ? 'text' : 'an attribute';
      return `"${ref.text}" cannot be ${what}: ${ref.use === 'text' ? 'text is' : 'attributes are'} of simple types and enums (not classes, arrays, anyType or XML)`;
    }
  }
  return undefined;
}

/**
 * `dictionary<T>` (C# `Dictionary<string, T>`): an operation's parameter or result only, where a `[ScriptService]`'s
 * JSON carries it (the operation checks the rest: `dictionary-sites.ts`); T is any type reference a parameter may
 * have, a nested `dictionary<…>` too.
 */
function dictionaryProblem(
  ref: TypeRefUse,
  value: string,
  declared: ReadonlyMap<string, TypeDeclaration>,
  hasTypes: boolean,
): string | undefined {
  if (ref.use !== 'parameter' && ref.use !== 'result') {
    const where =
      ref.use === 'member' || ref.use === 'attribute' || ref.use === 'text' || ref.use === 'optional'
        ? 'a class member'
        : ref.use === 'header'
          ? 'a SOAP header'
          : ref.use === 'choiceSite' || ref.use === 'choiceElement'
            ? 'a choice'
            : `a ${ref.use}`;
    return (
      `"${ref.text}" cannot be ${where}: a dictionary (Dictionary<string, T>) is an operation's parameter or result ` +
      "type only, carried by a [ScriptService]'s JSON (XmlSerializer cannot reflect it)"
    );
  }
  return refProblem({ ...ref, text: value }, declared, hasTypes)?.replace(/^/, `in "${ref.text}": `);
}
