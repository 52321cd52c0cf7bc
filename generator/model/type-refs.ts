import type { BuiltinName } from './builtin-types.js';
import type { DataTypeName } from './data-types.js';

/**
 * A type reference as a spec writes it: a name (a built-in or a declared type), then `?` (a nullable value type,
 * `Nullable<T>`), then any number of `[]` (arrays, `T[][]` nested). `int?[]` is an array of nullable ints.
 */
export interface TypeText {
  readonly name: string;
  readonly nullable: boolean;
  /** How many `[]` follow. */
  readonly rank: number;
}

const TYPE_TEXT = /^([A-Za-z_][A-Za-z0-9_]*)(\?)?((?:\[\])*)$/;

/** Splits a type reference; `undefined` when it is not of the form `Name`, `Name?`, `Name[]`, `Name?[][]`. */
export function parseTypeText(text: string): TypeText | undefined {
  const m = TYPE_TEXT.exec(text.trim());
  if (!m) return undefined;
  return { name: m[1]!, nullable: m[2] === '?', rank: m[3]!.length / 2 };
}

/**
 * `dictionary<T>` (C# `Dictionary<string, T>`), then any number of `[]`: `value` is T's own text (a type reference,
 * a nested `dictionary<…>` too). A `[ScriptService]`'s JSON carries it; XmlSerializer cannot reflect it (IDictionary).
 */
export interface DictionaryText {
  readonly value: string;
  /** How many `[]` follow the closing `>`. */
  readonly rank: number;
}

const DICTIONARY_TEXT = /^dictionary<(.+)>((?:\[\])*)$/;

/** Splits `dictionary<T>[]…`; `undefined` when the text is not a dictionary (T itself is not checked here). */
export function parseDictionaryText(text: string): DictionaryText | undefined {
  const m = DICTIONARY_TEXT.exec(text.trim());
  if (!m) return undefined;
  return { value: m[1]!.trim(), rank: m[2]!.length / 2 };
}

/**
 * A resolved type reference: what a parameter, result, member or array item is. Built once by the model; no
 * emitter parses type text again. `spec` is the reference as the spec spells it (`Person[]`, `int?`), for
 * messages.
 */
export type TypeRef = BuiltinTypeRef | ClassTypeRef | EnumTypeRef | NullableTypeRef | ArrayTypeRef | DictionaryTypeRef;

export interface BuiltinTypeRef {
  readonly kind: 'builtin';
  readonly spec: string;
  readonly name: BuiltinName;
  /** `DataType` on the site (`[XmlElement(DataType = "date")]`): the schema's type and the SOAP lexical form. */
  readonly dataType?: DataTypeName;
}

/** A declared class or struct (`types:` with `members`). */
export interface ClassTypeRef {
  readonly kind: 'class';
  readonly spec: string;
  /** The declared name, a key of `ServiceModel.types`. */
  readonly name: string;
}

/** A declared enum or flags enum. */
export interface EnumTypeRef {
  readonly kind: 'enum';
  readonly spec: string;
  readonly name: string;
}

/** `T?`: a value type (built-in, enum or struct) that may be nil. */
export interface NullableTypeRef {
  readonly kind: 'nullable';
  readonly spec: string;
  readonly of: BuiltinTypeRef | ClassTypeRef | EnumTypeRef;
}

/**
 * `T[]` (or a `List<T>`): written as the array type `arrayType` (`ArrayOfString`, `ArrayOfLine1`) whose items are
 * elements named `itemName`, unless the member is unwrapped.
 */
export interface ArrayTypeRef {
  readonly kind: 'array';
  readonly spec: string;
  readonly item: TypeRef;
  /** The name of the array type in `ServiceModel.arrayTypes`; `undefined` for an unwrapped member's items. */
  readonly arrayType: string | undefined;
  readonly itemName: string;
  /**
   * An unwrapped member's items of a reference type may be nil (`[XmlElement(IsNullable = true)]` on the array:
   * `<e xsi:nil="true" />` items); a wrapped array's array type says it instead.
   */
  readonly nillableItems?: boolean;
}

/**
 * `dictionary<T>`: C# `Dictionary<string, T>`, JSON's object of T values. Only a `[ScriptService]`'s parameters and
 * results hold one, and XmlSerializer cannot reflect it: such a service has no WSDL, SOAP or HTTP GET/POST form
 * (`ServiceModel.reflectionError`).
 */
export interface DictionaryTypeRef {
  readonly kind: 'dictionary';
  readonly spec: string;
  readonly value: TypeRef;
  /** The values may be null: a reference type or `T?` (a `Dictionary<string, int>` holds no null). */
  readonly valueNillable: boolean;
}

/** Whether `ref` is, or holds (as array items or dictionary values), a dictionary. */
export function holdsDictionary(ref: TypeRef): boolean {
  switch (ref.kind) {
    case 'dictionary':
      return true;
    case 'array':
      return holdsDictionary(ref.item);
    default:
      return false;
  }
}
