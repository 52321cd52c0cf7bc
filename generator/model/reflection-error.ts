import { clrFullName, type ClrType } from '@asmxgen/runtime/json';
import { holdsDictionary, type TypeRef } from './type-refs.js';

/** What the reflection error needs of an operation: its C# and message names, its parameters' C# names and types. */
export interface ReflectedOperation {
  /** The C# method name. */
  readonly name: string;
  /** `MessageName` (the method name when none): the result's member is `{messageName}Result`. */
  readonly messageName: string;
  readonly parameters: readonly { readonly name: string; readonly type: TypeRef }[];
  readonly result: TypeRef | undefined;
}

/**
 * The exception ASMX's reflection of the service throws when XmlSerializer meets a `Dictionary<string, T>`, its
 * messages outermost first (the .NET Framework's, formatted; Mono leaves `{0}.{1}`): SoapReflector.ReflectMethod's
 * `WebReflectionErrorMethod` (the class's and the method's names), XmlReflectionImporter's `XmlReflectionError` (the
 * member: a parameter's C# name, or `{MessageName}Result`), TypeScope's `XmlUnsupportedIDictionary` (the type's
 * `FullName`, its value type assembly-qualified: `clr-names.ts`). The first operation in declaration order with a
 * dictionary fails, at its first such parameter, else its result. `undefined` when nothing holds one.
 */
export function reflectionErrorOf(
  service: string,
  operations: readonly ReflectedOperation[],
  typeNamespace: string | undefined,
): readonly string[] | undefined {
  for (const op of operations) {
    const parameter = op.parameters.find((p) => holdsDictionary(p.type));
    const [member, type] = parameter
      ? [parameter.name, parameter.type]
      : op.result !== undefined && holdsDictionary(op.result)
        ? [`${op.messageName}Result`, op.result]
        : [undefined, undefined];
    if (member === undefined || type === undefined) continue;
    return [
      `Method ${service}.${op.name} can not be reflected.`,
      `There was an error reflecting '${member}'.`,
      `The type ${clrFullNameOfDictionary(type, typeNamespace)} is not supported because it implements IDictionary.`,
    ];
  }
  return undefined;
}

/** The dictionary XmlSerializer stops at: the site's own, or an array's items'. */
function clrFullNameOfDictionary(type: TypeRef, typeNamespace: string | undefined): string {
  return clrFullName(clrTypeOf(firstDictionary(type)), typeNamespace);
}

function firstDictionary(type: TypeRef): TypeRef {
  return type.kind === 'array' ? firstDictionary(type.item) : type;
}

/** A type reference as the CLR type C# declares for it. */
export function clrTypeOf(type: TypeRef): ClrType {
  switch (type.kind) {
    case 'builtin':
      return { builtin: type.name };
    case 'class':
    case 'enum':
      return { declared: type.name };
    case 'nullable':
      return { nullable: clrTypeOf(type.of) };
    case 'array':
      return { array: clrTypeOf(type.item) };
    case 'dictionary':
      return { dictionary: clrTypeOf(type.value) };
  }
}
