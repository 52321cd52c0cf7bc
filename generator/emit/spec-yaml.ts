import { Document, Scalar, YAMLMap, YAMLSeq, type Node, type Pair } from 'yaml';
import { BINDING_KINDS } from '../model/types.js';
import type {
  ChoiceElementDeclaration,
  ClassDeclaration,
  EnumDeclaration,
  TypeDeclaration,
} from '../model/type-declarations.js';
import type { Spec, SpecHeader, SpecOperation, SpecParameter, SpecWsdl } from '../spec/spec-types.js';

export interface SpecYamlOptions {
  /** Path of `asmxgen.schema.json` from the spec's folder: adds the `yaml-language-server` line first. */
  readonly schemaPath?: string;
  /** Where the spec came from (a WSDL file or URL), named in the header comment. */
  readonly source?: string;
}

/** Lines longer than this put each parameter on its own line. */
const LINE_WIDTH = 120;

/**
 * A spec as YAML people read and edit, laid out as `spec/authentication-web-service.yaml` and the golden
 * specs are: a header comment, `service`, `bindings` (only when not all four), `types` (one entry per type, a
 * member per line), the operations, then `wsdl`; a blank line between sections, types and operations;
 * parameters, headers and enum values in flow style (`[{ name: id, type: int }]`) when the line fits. Fields are
 * written in the order the spec documents them; only fields the spec has are written. Deterministic, LF line
 * ends, a trailing newline.
 */
export function renderSpecYaml(spec: Spec, options: SpecYamlOptions = {}): string {
  return specYamlText(specDocument(spec, options));
}

/** The spec's YAML document, as `renderSpecYaml` writes it (`specYamlText`). */
export function specDocument(spec: Spec, options: SpecYamlOptions = {}): Document {
  const doc = new Document();
  const root = new YAMLMap<Scalar, unknown>();
  root.items.push(pair(doc, 'service', serviceMap(doc, spec)));
  const bindings = spec.bindings;
  if (bindings && !(bindings.length === BINDING_KINDS.length && BINDING_KINDS.every((k) => bindings.includes(k)))) {
    root.items.push(pair(doc, 'bindings', tightFlowSeq(bindings.map((b) => doc.createNode(b))), true));
  }
  if (spec.types && spec.types.length > 0) root.items.push(pair(doc, 'types', typesMap(doc, spec.types), true));
  const operations = new YAMLSeq();
  spec.operations.forEach((op, i) => {
    const node = operationMap(doc, op);
    node.spaceBefore = i > 0;
    operations.items.push(node);
  });
  root.items.push(pair(doc, 'operations', operations, true));
  if (spec.wsdl) root.items.push(pair(doc, 'wsdl', wsdlMap(doc, spec.wsdl), true));
  doc.contents = root as never;
  const header = [
    ...(options.schemaPath !== undefined ? [`yaml-language-server: $schema=${options.schemaPath}`] : []),
    ...(options.source !== undefined ? [`Imported by \`asmxgen import\` from ${options.source}.`] : []),
  ];
  if (header.length > 0) doc.commentBefore = header.map((line) => ` ${line}`).join('\n');
  return doc;
}

/** The text of a spec's document (`specDocument`). */
export function specYamlText(doc: Document): string {
  return doc.toString({ lineWidth: LINE_WIDTH, minContentWidth: 0, singleQuote: true });
}

function serviceMap(doc: Document, spec: Spec): YAMLMap {
  const { name, namespace, path, description, binding, bindingNamespace, conformanceClaim, include, soapBindings } =
    spec.service;
  const node = map(doc, [
    ['name', name],
    ['namespace', namespace],
    ['path', path],
    ['description', description],
    ['binding', binding],
    ['bindingNamespace', bindingNamespace],
    ['conformanceClaim', conformanceClaim],
    ['routingStyle', spec.service.routingStyle],
  ]);
  if (include && include.length > 0) node.items.push(pair(doc, 'include', names(doc, include)));
  if (soapBindings) {
    const entries = soapBindings.map((b) =>
      b === 'default'
        ? doc.createNode(b)
        : flowMap(doc, [
            ['name', b.name],
            ['namespace', b.namespace],
            ['conformanceClaim', b.conformanceClaim],
          ]),
    );
    node.items.push(pair(doc, 'soapBindings', fitted(entries, '  soapBindings: ')));
  }
  if (spec.service.style !== undefined) node.items.push(pair(doc, 'style', spec.service.style));
  if (spec.service.scriptService !== undefined) node.items.push(pair(doc, 'scriptService', spec.service.scriptService));
  if (spec.service.scriptNamespace !== undefined) {
    node.items.push(pair(doc, 'scriptNamespace', spec.service.scriptNamespace));
  }
  if (spec.service.typeNamespace !== undefined) node.items.push(pair(doc, 'typeNamespace', spec.service.typeNamespace));
  const scriptTypes = spec.service.generateScriptTypes;
  if (scriptTypes && scriptTypes.length > 0) node.items.push(pair(doc, 'generateScriptTypes', names(doc, scriptTypes)));
  return node;
}

const FLAGS_NOTE =
  ' The WSDL does not carry the numbers of a [Flags] enum: asmxgen numbered them 1, 2, 4, … in order.\n' +
  ' Check them (None = 0, combined values) against the service.';

/** `types:`, one entry per type, a blank line between them. */
function typesMap(doc: Document, types: readonly TypeDeclaration[]): YAMLMap {
  const node = new YAMLMap<Scalar, unknown>();
  types.forEach((t, i) => {
    const entry = t.kind === 'enum' ? enumMap(doc, t) : classMap(doc, t);
    const p = pair(doc, t.name, entry, i > 0);
    if (t.kind === 'enum' && t.flags) p.key.commentBefore = FLAGS_NOTE;
    node.items.push(p);
  });
  return node;
}

function enumMap(doc: Document, t: EnumDeclaration): YAMLMap {
  const node = map(doc, [
    ['xmlName', t.xmlName],
    ['elementName', t.elementName],
    ['namespace', t.namespace],
  ]);
  const values = t.values.map((v) =>
    v.xmlName === undefined && v.value === undefined
      ? doc.createNode(v.name)
      : flowMap(doc, [
          ['name', v.name],
          ['xmlName', v.xmlName],
          ['value', v.value],
        ]),
  );
  node.items.push(pair(doc, t.flags ? 'flags' : 'enum', fitted(values, `    ${t.flags ? 'flags' : 'enum'}: `)));
  return node;
}

function classMap(doc: Document, t: ClassDeclaration): YAMLMap {
  const node = map(doc, [
    ['xmlName', t.xmlName],
    ['elementName', t.elementName],
    ['namespace', t.namespace],
    ['rootNamespace', t.rootNamespace],
    ['struct', t.struct],
    ['abstract', t.abstract],
    ['header', t.header],
    ['base', t.base],
    ['anonymous', t.anonymous],
  ]);
  if (t.include && t.include.length > 0) node.items.push(pair(doc, 'include', names(doc, t.include)));
  if (t.anyAttribute) node.items.push(pair(doc, 'anyAttribute', true));
  const members = new YAMLSeq();
  for (const m of t.members) {
    if (m.choice) {
      const node = map(doc, [
        ['name', m.name],
        ['type', m.type],
        ['xmlName', m.xmlName],
        ['unwrapped', m.unwrapped],
        ['choiceIdentifier', m.choiceIdentifier],
      ]);
      node.items.push(pair(doc, 'choice', choiceSeq(doc, m.choice)));
      members.items.push(node);
      continue;
    }
    members.items.push(
      flowMap(doc, [
        ['name', m.name],
        ['type', m.type],
        ['attribute', m.attribute],
        ['any', m.any],
        ['text', m.text],
        ['namespace', m.namespace],
        ['form', m.form],
        ['xmlName', m.xmlName],
        ['unwrapped', m.unwrapped],
        ['itemName', m.itemName],
        ['itemNullable', m.itemNullable],
        ['itemForm', m.itemForm],
        ['nillable', m.nillable],
        ['dataType', m.dataType],
        ['optional', m.optional],
        ['default', m.default],
      ]),
    );
  }
  node.items.push(pair(doc, 'members', t.members.length === 0 ? tightFlowSeq([]) : members));
  return node;
}

function wsdlMap(doc: Document, wsdl: SpecWsdl): YAMLMap {
  const node = map(doc, [
    ['runtime', wsdl.runtime],
    ['lineEnds', wsdl.lineEnds],
    ['finalNewline', wsdl.finalNewline],
    ['dataSetSchema', wsdl.dataSetSchema],
    ['xsdImport', wsdl.xsdImport],
    ['prolog', wsdl.prolog],
    ['selfClosing', wsdl.selfClosing],
    ['emptyDocumentation', wsdl.emptyDocumentation],
    ['original', wsdl.original],
    ['fingerprint', wsdl.fingerprint],
  ]);
  if (wsdl.namespaceOrder) {
    node.items.splice(wsdl.runtime ? 1 : 0, 0, pair(doc, 'namespaceOrder', names(doc, wsdl.namespaceOrder)));
  }
  return node;
}

/** `[a, b]`. */
function names(doc: Document, list: readonly string[]): YAMLSeq {
  return tightFlowSeq(list.map((n) => doc.createNode(n)));
}

function operationMap(doc: Document, op: SpecOperation): YAMLMap {
  const node = map(doc, [
    ['name', op.name],
    ['binding', op.binding],
    ['messageName', op.messageName],
    ['group', op.group],
    ['description', op.description],
    ['soapAction', op.soapAction],
    ['style', op.style],
    ['use', op.use],
    ['requestElement', op.requestElement],
    ['responseElement', op.responseElement],
    ['requestNamespace', op.requestNamespace],
    ['responseNamespace', op.responseNamespace],
    ['parameterStyle', op.parameterStyle],
    ['oneWay', op.oneWay],
    ['enableSession', op.enableSession],
  ]);
  if (op.scriptMethod !== undefined) {
    node.items.push(
      pair(
        doc,
        'scriptMethod',
        flowMap(doc, [
          ['useHttpGet', op.scriptMethod.useHttpGet],
          ['responseFormat', op.scriptMethod.responseFormat],
          ['xmlSerializeString', op.scriptMethod.xmlSerializeString],
        ]),
      ),
    );
  }
  if (op.generateScriptTypes && op.generateScriptTypes.length > 0) {
    node.items.push(pair(doc, 'generateScriptTypes', names(doc, op.generateScriptTypes)));
  }
  const headers = op.headers ?? [];
  if (headers.length > 0) node.items.push(pair(doc, 'headers', headersSeq(doc, headers)));
  const parameters = op.parameters ?? [];
  if (parameters.length > 0) node.items.push(pair(doc, 'parameters', parametersSeq(doc, parameters)));
  if (op.result !== undefined) node.items.push(pair(doc, 'result', op.result));
  if (op.resultElement !== undefined) node.items.push(pair(doc, 'resultElement', op.resultElement));
  if (op.resultItemName !== undefined) node.items.push(pair(doc, 'resultItemName', op.resultItemName));
  if (op.resultUnwrapped) node.items.push(pair(doc, 'resultUnwrapped', true));
  if (op.resultChoice) node.items.push(pair(doc, 'resultChoice', choiceSeq(doc, op.resultChoice)));
  if (op.resultDataType !== undefined) node.items.push(pair(doc, 'resultDataType', op.resultDataType));
  if (op.resultNillable) node.items.push(pair(doc, 'resultNillable', true));
  if (op.resultItemNullable !== undefined) node.items.push(pair(doc, 'resultItemNullable', op.resultItemNullable));
  if (op.resultItemForm !== undefined) node.items.push(pair(doc, 'resultItemForm', op.resultItemForm));
  if (op.resultForm !== undefined) node.items.push(pair(doc, 'resultForm', op.resultForm));
  if (op.resultNamespace !== undefined) node.items.push(pair(doc, 'resultNamespace', op.resultNamespace));
  return node;
}

/** `[{ name: a, type: int }, …]` when the line fits, else one `- { name: a, type: int }` per line. */
function parametersSeq(doc: Document, parameters: readonly SpecParameter[]): YAMLSeq {
  const items = parameters.map((p) => {
    if (p.choice) {
      const node = map(doc, [
        ['name', p.name],
        ['type', p.type ?? 'anyType'],
        ['direction', p.direction],
        ['unwrapped', p.unwrapped],
      ]);
      node.items.push(pair(doc, 'choice', choiceSeq(doc, p.choice)));
      return node;
    }
    return flowMap(doc, [
      ['name', p.name],
      ['type', p.type ?? 'string'],
      ['direction', p.direction],
      ['list', p.list],
      ['unwrapped', p.unwrapped],
      ['itemName', p.itemName],
      ['dataType', p.dataType],
      ['nillable', p.nillable],
      ['itemNullable', p.itemNullable],
      ['itemForm', p.itemForm],
      ['form', p.form],
      ['namespace', p.namespace],
      ['partName', p.partName],
    ]);
  });
  return fitted(items, '    parameters: ');
}

/** A choice's elements, one `- { name: X, type: T }` per line. */
function choiceSeq(doc: Document, choice: readonly ChoiceElementDeclaration[]): YAMLSeq {
  const seq = new YAMLSeq();
  for (const e of choice) {
    seq.items.push(
      flowMap(doc, [
        ['name', e.name],
        ['type', e.type],
      ]),
    );
  }
  return seq;
}

function headersSeq(doc: Document, headers: readonly SpecHeader[]): YAMLSeq {
  const items = headers.map((h) =>
    flowMap(doc, [
      ['field', h.field],
      ['type', h.type],
      ['direction', h.direction],
      ['required', h.required],
    ]),
  );
  return fitted(items, '    headers: ');
}

/** A flow sequence when it fits on the line after `prefix` (indentation and key), else one item per line. */
function fitted(items: readonly Node[], prefix: string): YAMLSeq {
  const flow = tightFlowSeq(items);
  const blockItem = items.some((i) => i instanceof YAMLMap && !i.flow);
  const width = prefix.length + new Document(flow).toString({ lineWidth: 0 }).trimEnd().length;
  if (width <= LINE_WIDTH && !blockItem) return flow;
  const block = new YAMLSeq();
  block.items.push(...items);
  return block;
}

type FieldValue = string | boolean | number | undefined;

function map(doc: Document, fields: readonly (readonly [string, FieldValue])[]): YAMLMap {
  const node = new PaddedYAMLMap();
  for (const [key, value] of fields) if (value !== undefined) node.items.push(pair(doc, key, value));
  return node;
}

/** `{ name: a, type: int }`. */
function flowMap(doc: Document, fields: readonly (readonly [string, FieldValue])[]): YAMLMap {
  const node = map(doc, fields);
  node.flow = true;
  return node;
}

function pair(doc: Document, key: string, value: unknown, spaceBefore = false): Pair<Scalar, unknown> {
  const p = doc.createPair(key, value) as Pair<Scalar, unknown>;
  p.key.spaceBefore = spaceBefore;
  return p;
}

type StringifyContext = Parameters<YAMLSeq['toString']>[0];

/** A flow sequence written `[a, b]`: yaml pads brackets and braces alike (`[ a, b ]`); the spec's style does not. */
class TightYAMLSeq extends YAMLSeq {
  override toString(ctx?: StringifyContext, onComment?: () => void, onChompKeep?: () => void): string {
    return super.toString(ctx && { ...ctx, flowCollectionPadding: '' }, onComment, onChompKeep);
  }
}

/** A mapping that, in flow style, is written `{ name: a }` even inside a {@link TightYAMLSeq}. */
class PaddedYAMLMap extends YAMLMap {
  override toString(ctx?: StringifyContext, onComment?: () => void, onChompKeep?: () => void): string {
    return super.toString(ctx && { ...ctx, flowCollectionPadding: ' ' }, onComment, onChompKeep);
  }
}

function tightFlowSeq(items: readonly Node[]): YAMLSeq {
  const seq = new TightYAMLSeq();
  seq.flow = true;
  seq.items.push(...items);
  return seq;
}
