import { Document, Scalar, YAMLMap, YAMLSeq, type Node, type Pair } from 'yaml';
import { BINDING_KINDS } from '../model/types.js';
import type { Spec, SpecOperation, SpecParameter } from '../spec/spec-types.js';

export interface SpecYamlOptions {
  /** Path of `asmxgen.schema.json` from the spec's folder: adds the `yaml-language-server` line first. */
  readonly schemaPath?: string;
  /** Where the spec came from (a WSDL file or URL), named in the header comment. */
  readonly source?: string;
}

/** Lines longer than this put each parameter on its own line. */
const LINE_WIDTH = 120;

/**
 * A spec as YAML people read and edit, laid out as `spec/authentication-web-service.yaml` is: a header
 * comment, `service`, `bindings` (only when not all four), then the operations, a blank line between
 * sections and operations, parameters in flow style (`[{ name: id, type: int }]`). Fields are written
 * in the order the spec documents them; only fields the spec has are written. Deterministic, LF line ends,
 * a trailing newline.
 */
export function renderSpecYaml(spec: Spec, options: SpecYamlOptions = {}): string {
  const doc = new Document();
  const root = new YAMLMap<Scalar, unknown>();
  root.items.push(pair(doc, 'service', serviceMap(doc, spec)));
  const bindings = spec.bindings;
  if (bindings && !(bindings.length === BINDING_KINDS.length && BINDING_KINDS.every((k) => bindings.includes(k)))) {
    root.items.push(pair(doc, 'bindings', tightFlowSeq(bindings.map((b) => doc.createNode(b))), true));
  }
  const operations = new YAMLSeq();
  spec.operations.forEach((op, i) => {
    const node = operationMap(doc, op);
    node.spaceBefore = i > 0;
    operations.items.push(node);
  });
  root.items.push(pair(doc, 'operations', operations, true));
  doc.contents = root as never;
  const header = [
    ...(options.schemaPath !== undefined ? [`yaml-language-server: $schema=${options.schemaPath}`] : []),
    ...(options.source !== undefined ? [`Imported by \`asmxgen import\` from ${options.source}.`] : []),
  ];
  if (header.length > 0) doc.commentBefore = header.map((line) => ` ${line}`).join('\n');
  return doc.toString({ lineWidth: LINE_WIDTH, minContentWidth: 0 });
}

function serviceMap(doc: Document, spec: Spec): YAMLMap {
  const { name, namespace, path, description } = spec.service;
  return map(doc, [
    ['name', name],
    ['namespace', namespace],
    ['path', path],
    ['description', description],
  ]);
}

function operationMap(doc: Document, op: SpecOperation): YAMLMap {
  const node = map(doc, [
    ['name', op.name],
    ['group', op.group],
    ['description', op.description],
    ['soapAction', op.soapAction],
  ]);
  const parameters = op.parameters ?? [];
  if (parameters.length > 0) node.items.push(pair(doc, 'parameters', parametersSeq(doc, parameters)));
  if (op.result !== undefined) node.items.push(pair(doc, 'result', op.result));
  return node;
}

/** `[{ name: a, type: int }, …]` when the line fits, else one `- { name: a, type: int }` per line. */
function parametersSeq(doc: Document, parameters: readonly SpecParameter[]): YAMLSeq {
  const items = parameters.map((p) => {
    const node = map(doc, [
      ['name', p.name],
      ['type', p.type ?? 'string'],
    ]);
    node.flow = true;
    return node;
  });
  const flow = tightFlowSeq(items);
  // Four columns of indentation and the key before the value.
  const width = '    parameters: '.length + new Document(flow).toString({ lineWidth: 0 }).trimEnd().length;
  if (width <= LINE_WIDTH) return flow;
  const block = new YAMLSeq();
  block.items.push(...items);
  return block;
}

function map(doc: Document, fields: readonly (readonly [string, string | undefined])[]): YAMLMap {
  const node = new PaddedYAMLMap();
  for (const [key, value] of fields) if (value !== undefined) node.items.push(pair(doc, key, value));
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
