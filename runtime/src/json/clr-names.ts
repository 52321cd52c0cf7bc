/**
 * CLR type names as .NET spells them (`Type.FullName`, `Type.AssemblyQualifiedName`), where a reply shows one: the
 * `/jsdebug` proxy's comments, and the reflection error of a service XmlSerializer cannot reflect
 * (`Dictionary\`2[[System.String, mscorlib, …],[System.Object, mscorlib, …]]`).
 */
import { DOTNET_TYPE_NAMES } from '../xsd/xsd-values.js';

/** The CLR type's `FullName` of each simple and built-in type (for `/jsdebug`'s comments). */
export const CLR_NAMES: Readonly<Record<string, string>> = {
  ...DOTNET_TYPE_NAMES,
  guid: 'System.Guid',
  char: 'System.Char',
  timeSpan: 'System.TimeSpan',
  QName: 'System.Xml.XmlQualifiedName',
  anyType: 'System.Object',
  xmlElement: 'System.Xml.XmlElement',
  xmlNode: 'System.Xml.XmlNode',
  xmlDocument: 'System.Xml.XmlDocument',
  dataSet: 'System.Data.DataSet',
  dataTable: 'System.Data.DataTable',
};

/** A CLR type as its name is spelled: a built-in by its spec name, a declared type, `Nullable<T>`, `T[]`, `Dictionary<string, T>`. */
export type ClrType =
  | { readonly builtin: string }
  | { readonly declared: string }
  | { readonly nullable: ClrType }
  | { readonly array: ClrType }
  | { readonly dictionary: ClrType };

const MSCORLIB = 'mscorlib, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089';
const SYSTEM_XML = 'System.Xml, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089';
const SYSTEM_DATA = 'System.Data, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089';
/**
 * The assembly of a service's own types. ASP.NET compiles an `.asmx`'s classes, or `App_Code`'s, into an assembly
 * whose name changes with each build (`App_Web_x1y2z3ab`, `App_Code.abcd1234`); the name is written in this one form.
 */
export const SERVICE_ASSEMBLY = 'App_Code, Version=0.0.0.0, Culture=neutral, PublicKeyToken=null';

const ASSEMBLIES: Readonly<Record<string, string>> = {
  QName: SYSTEM_XML,
  xmlElement: SYSTEM_XML,
  xmlNode: SYSTEM_XML,
  xmlDocument: SYSTEM_XML,
  dataSet: SYSTEM_DATA,
  dataTable: SYSTEM_DATA,
};

/** `Type.FullName`; declared types in `typeNamespace` when there is one. */
export function clrFullName(type: ClrType, typeNamespace?: string): string {
  if ('builtin' in type) return CLR_NAMES[type.builtin] ?? type.builtin;
  if ('declared' in type) return typeNamespace === undefined ? type.declared : `${typeNamespace}.${type.declared}`;
  if ('array' in type) return `${clrFullName(type.array, typeNamespace)}[]`;
  if ('nullable' in type) return `System.Nullable\`1[[${clrQualifiedName(type.nullable, typeNamespace)}]]`;
  return (
    `System.Collections.Generic.Dictionary\`2[[System.String, ${MSCORLIB}],` +
    `[${clrQualifiedName(type.dictionary, typeNamespace)}]]`
  );
}

/** `Type.AssemblyQualifiedName`: the full name and its assembly's display name. */
export function clrQualifiedName(type: ClrType, typeNamespace?: string): string {
  return `${clrFullName(type, typeNamespace)}, ${assemblyOf(type)}`;
}

function assemblyOf(type: ClrType): string {
  if ('builtin' in type) return ASSEMBLIES[type.builtin] ?? MSCORLIB;
  if ('declared' in type) return SERVICE_ASSEMBLY;
  if ('array' in type) return assemblyOf(type.array);
  return MSCORLIB;
}
