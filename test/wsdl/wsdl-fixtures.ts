import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { buildModel } from '../../generator/index.js';
import { defaultEndpointPath, soapActionFor } from '../../generator/model/naming.js';
import { builtinType, isBuiltinName } from '../../generator/model/builtin-types.js';
import type { TypeDeclaration } from '../../generator/model/type-declarations.js';
import { parseTypeText } from '../../generator/model/type-refs.js';
import { BINDING_KINDS } from '../../generator/model/types.js';
import type { Spec, SpecOperation } from '../../generator/spec/spec-types.js';
import { headerFieldNames } from '../../generator/wsdl-reader/header-fields.js';
import { identifierFrom } from '../../generator/wsdl-reader/read-types.js';
import { listScenarios } from '../golden/scenarios.js';
import { mergeWsdlDocuments } from '../../generator/wsdl-reader/read-documents.js';
import { readWsdl, type WsdlReading } from '../../generator/wsdl-reader/read-wsdl.js';
import { sharedFile } from '../shared-files.js';

/** Every WSDL a real ASMX runtime served that the shared folder holds, as paths inside it. */
export function sharedWsdls(): string[] {
  const corpus = readdirSync(sharedFile('wsdl-corpus'))
    .filter((f) => f.endsWith('.wsdl'))
    .sort()
    .map((f) => `wsdl-corpus/${f}`);
  return [...corpus, 'reference/AuthenticationWebService.wsdl'];
}

export const CORPUS_DIR = resolve(import.meta.dirname, '../fixtures/asmx-corpus');

/** The corpus WSDLs (test/fixtures/asmx-corpus) a golden scenario reproduces: the writer writes them byte for byte. */
export function reproducedCorpusWsdls(): string[] {
  return listScenarios()
    .map((s) => s.reference)
    .filter((r): r is string => r !== undefined && r.startsWith(CORPUS_DIR))
    .sort();
}

/**
 * Whether a corpus WSDL is the first of several documents (a binding in another namespace: `X.wsdl1.wsdl` beside
 * `X.wsdl`), read with the documents it imports.
 */
export function inSeveralDocuments(path: string): boolean {
  return existsSync(path.replace(/\.wsdl$/, '.wsdl1.wsdl'));
}

/**
 * The corpus WSDL at `path` read as `import` reads it: with the documents it names by address (`?wsdl=wsdl1`,
 * `?schema=schemaN`) read from the files beside it (`X.wsdl1.wsdl`, `X.schemaN.xsd`).
 */
export function readCorpusWsdl(path: string, label = wsdlLabel(path)): WsdlReading {
  const text = readFileSync(path, 'utf8');
  const documents = mergeWsdlDocuments(text, label, path, (location) => {
    const query = /\?(?:wsdl=(wsdl\d+)|schema=(schema\d+))$/.exec(location)!;
    const file = path.replace(/\.wsdl$/, query[1] ? `.${query[1]}.wsdl` : `.${query[2]}.xsd`);
    return { text: readFileSync(file, 'utf8'), label: `asmx-corpus/${basename(file)}` };
  });
  return readWsdl(text, label, documents ? { documents } : {});
}

/** Whether a corpus file is a service's WSDL, not a document its `?wsdl` imports (`X.wsdl1.wsdl`, `?wsdl=wsdl1`). */
export function isServiceWsdl(file: string): boolean {
  return file.endsWith('.wsdl') && !/\.wsdl\d+\.wsdl$/.test(file);
}

/** The WSDL the real runtime serves for the parity test's service (test/fixtures/echo-kinds). */
export const ECHO_KINDS_WSDL = resolve(import.meta.dirname, '../fixtures/echo-kinds/EchoKinds.wsdl');

/** A service the runtime served with SOAP 1.1 off (test/fixtures/soap12-only: its README says how). */
export const SOAP12_ONLY_WSDL = resolve(import.meta.dirname, '../fixtures/soap12-only/Twelve.wsdl');

/**
 * Every single-document WSDL `import` reads, as absolute paths: the shared ones, the reproduced corpus (but the
 * services served in several documents, `readCorpusWsdl`'s) and EchoKinds'.
 */
export function importableWsdls(): string[] {
  return [
    ...sharedWsdls().map((w) => sharedFile(w)),
    ...reproducedCorpusWsdls().filter((p) => !inSeveralDocuments(p)),
    ECHO_KINDS_WSDL,
    SOAP12_ONLY_WSDL,
  ];
}

/** A short name for a WSDL path, for test titles. */
export function wsdlLabel(path: string): string {
  if (path === ECHO_KINDS_WSDL) return 'echo-kinds/EchoKinds.wsdl';
  if (path === SOAP12_ONLY_WSDL) return 'soap12-only/Twelve.wsdl';
  return path.startsWith(CORPUS_DIR) ? `asmx-corpus/${basename(path)}` : path.slice(path.lastIndexOf('/shared/') + 8);
}

export function readShared(relativePath: string): string {
  return readFileSync(sharedFile(relativePath), 'utf8');
}

export const FIXTURES_DIR = resolve(import.meta.dirname, 'fixtures');

export function readFixture(name: string): string {
  return readFileSync(resolve(FIXTURES_DIR, name), 'utf8');
}

/** `text` with each `[from, to]` applied; each `from` must occur exactly once, so an edit cannot miss. */
export function edit(text: string, ...edits: (readonly [string, string])[]): string {
  for (const [from, to] of edits) {
    const first = text.indexOf(from);
    if (first === -1 || text.indexOf(from, first + 1) !== -1) {
      throw new Error(`edit: expected exactly one occurrence of ${JSON.stringify(from)}`);
    }
    text = text.slice(0, first) + to + text.slice(first + from.length);
  }
  return text;
}

/**
 * What a WSDL can say of a spec, in the form `readWsdl` produces; the rest is normalized as the importer
 * chooses it (docs/import.md):
 *
 * - no `group`s, no header `required`, and no field spelled out that has its default (`path` `/{name}.asmx`,
 *   all four bindings, no parameters, the SOAPAction `namespace/Operation`, header direction `in`); types and
 *   parameter types written out;
 * - types, members and enum values named by their XML names (identifiers made from them where they are none),
 *   types in the order the schema declares them, attributes before elements, `[XmlAnyElement]` members named
 *   `Any`, `Any2`, …; no numbers on enums, and flags numbered 1, 2, 4, … (a member named `None` 0); `xmlDocument` read as `xmlNode`
 *   where nothing tells them apart;
 * - header fields named by `headerFieldNames` in the runtime's order (sorted by field);
 * - an attribute `ref=` of a value type without a default `optional` (the WSDL never says `use="required"` there);
 * - no `include`s (the importer infers them from where classes appear; the round trip checks they reproduce).
 */
export function canonicalSpec(spec: Spec): Spec {
  const { path, include: _include, ...service } = spec.service;
  const bindings = spec.bindings;
  const allBindings = bindings === undefined || BINDING_KINDS.every((k) => bindings.includes(k));
  const types = spec.types ?? [];
  const ordered = types.length > 0 ? schemaOrder(spec, types) : [];
  // Types are named by their XML names, or a name made of one that is no identifier (`my-item` → `MyItem`); a
  // second type of an XML name in another namespace by the name numbered (`Pass1`), in schema order.
  const keys = new Set<string>();
  const rename = new Map<string, string>();
  for (const t of [...ordered, ...types.filter((x) => !ordered.includes(x))]) {
    const wire = t.xmlName ?? t.name;
    let key = wire;
    for (let n = 1; keys.has(key); n++) key = `${wire}${n}`;
    keys.add(key);
    rename.set(t.name, identifierFrom(key, true));
  }
  const ref = (text: string): string => {
    const parsed = parseTypeText(text)!;
    const name = rename.get(parsed.name) ?? parsed.name;
    const base = name === 'xmlDocument' && parsed.rank === 0 ? 'xmlNode' : name;
    return `${base}${parsed.nullable ? '?' : ''}${'[]'.repeat(parsed.rank)}`;
  };
  const operations = spec.operations.map((op) => {
    const headers = [...(op.headers ?? [])].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    return { op, headers };
  });
  const fields = headerFieldNames(operations.map(({ headers }) => headers.map((h) => ref(h.type))));
  return {
    service: { ...service, ...(path !== undefined && path !== defaultEndpointPath(service.name) && { path }) },
    ...(!allBindings && { bindings: BINDING_KINDS.filter((k) => bindings.includes(k)) }),
    ...(types.length > 0 && {
      types: ordered.map((t) => canonicalType(t, ref, rename.get(t.name)!, types, spec.service.namespace)),
    }),
    operations: operations.map(({ op, headers }, i): SpecOperation => {
      const { group: _group, soapAction, parameters, headers: _headers, result, ...rest } = op;
      return {
        ...rest,
        ...(soapAction !== undefined &&
          soapAction !== soapActionFor(spec.service.namespace, op.messageName ?? op.name) && { soapAction }),
        ...(headers.length > 0 && {
          headers: headers.map((h, j) => ({
            field: fields[i]![j]!,
            type: ref(h.type),
            ...(h.direction !== undefined && h.direction !== 'in' && { direction: h.direction }),
          })),
        }),
        ...(parameters && parameters.length > 0
          ? { parameters: parameters.map((p) => ({ ...p, type: ref(p.type ?? 'string') })) }
          : {}),
        ...(result !== undefined && { result: ref(result) }),
      };
    }),
    ...(spec.wsdl && { wsdl: spec.wsdl }),
  };
}

/**
 * The declared types in the order their XSD types appear in the generated WSDL's schemas; those it does not
 * write (a class only an `[XmlInclude]` names, which nothing reaches) are left out, as the WSDL leaves them.
 */
function schemaOrder(spec: Spec, types: readonly TypeDeclaration[]): TypeDeclaration[] {
  const schemas = buildModel(spec).wsdl.schemas;
  const items = schemas.flatMap((s) => s.items);
  const namespaces = schemas.flatMap((s) => s.items.map(() => s.namespace));
  const texts = items.map((item) => JSON.stringify(item));
  const position = (t: TypeDeclaration) => {
    // An anonymous class is where an element first holds it inline.
    if (t.kind === 'class' && t.anonymous) {
      const mark = `"className":${JSON.stringify(t.name)}`;
      const at = texts.findIndex((text) => text.includes(mark));
      return at === -1 ? -1 : at + texts[at]!.indexOf(mark) / (texts[at]!.length + 1);
    }
    // In its own namespace's schema when another namespace has a type of its XML name too.
    const home = t.namespace ?? spec.service.namespace;
    const twin = types.some((x) => x !== t && (x.xmlName ?? x.name) === (t.xmlName ?? t.name));
    return items.findIndex(
      (item, i) =>
        (!twin || namespaces[i] === home) &&
        item.partial !== 'wrapperElement' &&
        'name' in item &&
        item.name === (t.xmlName ?? t.name) &&
        item.partial !== 'element',
    );
  };
  return types.filter((t) => position(t) !== -1).sort((a, b) => position(a) - position(b));
}

function canonicalType(
  t: TypeDeclaration,
  ref: (text: string) => string,
  name: string,
  types: readonly TypeDeclaration[],
  serviceNamespace: string,
): TypeDeclaration {
  const wireName = t.xmlName ?? t.name;
  const named = { name, ...(name !== wireName && { xmlName: wireName }) };
  if (t.kind === 'enum') {
    const { xmlName: _x, values, ...rest } = t;
    let bit = 0;
    return {
      ...rest,
      ...named,
      values: values.map((v) => {
        const wire = v.xmlName ?? v.name;
        const valueName = identifierFrom(wire, true);
        const value = wire === 'None' ? 0 : 2 ** bit++;
        return { name: valueName, ...(valueName !== wire && { xmlName: wire }), ...(t.flags && { value }) };
      }),
    };
  }
  const { xmlName: _x, base, include: _include, members, anyAttribute, ...rest } = t;
  let anys = 0;
  const canonicalMembers = members.map((m) => {
    const { xmlName: _m, type, ...fields } = m;
    if (m.any) {
      anys++;
      return { ...fields, name: anys === 1 ? 'Any' : `Any${anys}`, type: ref(type) };
    }
    const wire = m.xmlName ?? m.name;
    const memberName = identifierFrom(wire, false);
    // A `ref=` attribute never says use="required": a value type's reads optional ({Name}Specified or not).
    const optional =
      m.attribute === true &&
      m.namespace !== undefined &&
      m.namespace !== (t.namespace ?? serviceNamespace) &&
      m.default === undefined &&
      isValueTypeRef(type ?? 'string', types);
    return {
      ...fields,
      ...(optional && { optional: true }),
      name: memberName,
      ...(memberName !== wire && { xmlName: wire }),
      type: ref(type ?? 'string'),
    };
  });
  return {
    ...rest,
    ...named,
    ...(base !== undefined && { base: ref(base) }),
    members: [...canonicalMembers.filter((m) => m.attribute), ...canonicalMembers.filter((m) => !m.attribute)],
    ...(anyAttribute && !t.header && { anyAttribute }),
  };
}

/** A value type: a built-in value type, an enum, a struct (not nullable, not an array). */
function isValueTypeRef(text: string, types: readonly TypeDeclaration[]): boolean {
  const parsed = parseTypeText(text)!;
  if (parsed.nullable || parsed.rank > 0) return false;
  if (isBuiltinName(parsed.name)) return builtinType(parsed.name).valueType;
  const t = types.find((x) => x.name === parsed.name);
  return t?.kind === 'enum' || (t?.kind === 'class' && t.struct === true);
}

/** The spec without `include`s, on the service or on classes. */
export function withoutIncludes(spec: Spec): Spec {
  const { include: _include, ...service } = spec.service;
  return {
    ...spec,
    service,
    ...(spec.types && {
      types: spec.types.map((t) => {
        if (t.kind !== 'class') return t;
        const { include: _i, ...rest } = t;
        return rest;
      }),
    }),
  };
}
