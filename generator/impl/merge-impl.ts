/**
 * The pure core of `--impl`: given the model and the impl file's text, the text asmxgen would
 * write. asmxgen owns nothing in the file but the stubs it adds and its orphan markers: every
 * other byte stays as it is. ts-morph only locates positions; the result is the original text
 * with insertions spliced in (and, for an operation that came back, asmxgen's own marker taken out).
 */
import { ts, type ObjectLiteralElementLike, type SourceFile } from 'ts-morph';
import type { ServiceModel } from '../model/types.js';
import { HANDLERS_EXPORT, SOAP_FAULT } from './conventions.js';
import { findHandlersObject, type HandlersObject } from './find-handlers.js';
import { isStub } from './is-stub.js';
import { memberName } from './member-name.js';
import { findMarkers, MARKER_DIRECTIVE, markerMessage, markerRemovalRange, type FoundMarker } from './orphan-marker.js';
import { isJavaScript, parseImpl } from './parse-impl.js';
import { DEFAULT_STYLE, quoted, renderNewImpl, renderStub, type StubStyle } from './render-stub.js';
import { applyEdits, type TextEdit } from './text-edit.js';
import {
  detectEol,
  detectIndentUnit,
  indentBefore,
  indentOfLine,
  lineStartOf,
  nextLineStart,
  type Eol,
} from './text-layout.js';

const BOM = '\uFEFF';

export interface MergeImplOptions {
  /** The impl file as messages name it (a `.tsx` name parses as TSX). */
  readonly fileName: string;
  /** The generated `index.js` as the impl file imports it, e.g. `./generated/index.js`. */
  readonly importPath: string;
}

export interface ImplMerge {
  /** The impl file's text after the merge (the input itself when nothing changes). */
  readonly text: string;
  /** There was no file (or only whitespace): `text` is a new file. */
  readonly created: boolean;
  /** `text` differs from the input. */
  readonly changed: boolean;
  /** Operations a stub was added for, in spec order (every operation when created). */
  readonly added: readonly string[];
  /** Members of the handlers object that name no operation, in file order, marked now or before. */
  readonly orphans: readonly string[];
  /** The orphans marked by this merge (the others already carried asmxgen's marker). */
  readonly marked: readonly string[];
  /** Operations whose orphan marker was removed because they are operations again. */
  readonly unmarked: readonly string[];
  /**
   * Operations the handlers object does not name while it spreads other objects (`...base`):
   * asmxgen cannot tell whether they are handled, so it adds no stubs for them.
   */
  readonly unknown: readonly string[];
  /** Operations whose handler is still the stub generate wrote (it only throws the stub's fault), in file order. */
  readonly stubs: readonly string[];
  /** An `import { SoapFault }` was added for the stubs. */
  readonly importAdded: boolean;
  /** Things worth telling people that do not stop the merge, each one sentence naming the file. */
  readonly warnings: readonly string[];
  /** The splices, in the input's coordinates (one whole-text edit when created). */
  readonly edits: readonly TextEdit[];
}

/**
 * Merges stubs for the operations of `model` into an impl file. Pure: no I/O. Throws an
 * ImplError (the file must stay untouched) when the text does not parse or has no single
 * handlers object.
 */
export function mergeImpl(model: ServiceModel, existingText: string | undefined, options: MergeImplOptions): ImplMerge {
  if (existingText === undefined || existingText.trim() === '') {
    const text = renderNewImpl(model, options.importPath, isJavaScript(options.fileName));
    return {
      text,
      created: true,
      changed: true,
      added: model.operations.map((op) => op.name),
      orphans: [],
      marked: [],
      unmarked: [],
      unknown: [],
      stubs: model.operations.map((op) => op.name),
      importAdded: false,
      warnings: [],
      edits: [{ start: 0, end: existingText?.length ?? 0, text }],
    };
  }

  // The byte order mark, if any, is kept aside: the parser drops it, which would shift every position.
  const bom = existingText.startsWith(BOM) ? BOM : '';
  const text = existingText.slice(bom.length);
  const file = options.fileName;
  const sourceFile = parseImpl(text, file);
  const handlers = findHandlersObject(sourceFile, model.ts.handlersInterface, file);
  const eol = detectEol(text);
  const unit = text.includes('\n') ? detectIndentUnit(text) : DEFAULT_STYLE.unit;
  const operations = new Map(model.operations.map((op) => [op.ts.method, op]));

  const edits: TextEdit[] = [];
  const present = new Set<string>();
  const orphans: string[] = [];
  const marked: string[] = [];
  const unmarked: string[] = [];
  const spreads: string[] = [];
  const stubs: string[] = [];
  for (const member of handlers.literal.getProperties()) {
    const name = memberName(member);
    if (name === undefined) {
      spreads.push(abbreviate(member.getText()));
      continue;
    }
    const markers = findMarkers(text, member.getPos(), member.getStart(), name);
    if (operations.has(name)) {
      present.add(name);
      const operation = operations.get(name)!;
      if (isStub(member, operation.name) && !stubs.includes(operation.name)) stubs.push(operation.name);
      for (const marker of markers) {
        const range = markerRemovalRange(text, marker);
        if (!range) continue;
        edits.push({ ...range, text: '' });
        if (!unmarked.includes(name)) unmarked.push(name);
      }
    } else {
      if (!orphans.includes(name)) orphans.push(name);
      if (!markers.some((marker) => isCurrentMarker(text, marker, member))) {
        // Unmarked, or marked as earlier versions did (the file then fails the type check): mark it now.
        const removed = markers.flatMap((marker) => markerRemovalRange(text, marker) ?? []);
        edits.push(...removed.map((range) => ({ ...range, text: '' })));
        edits.push(markerEdit(text, member, markerMessage(name, model.name), { eol, unit, removed }));
        if (!marked.includes(name)) marked.push(name);
      }
    }
  }

  const missing = model.operations.filter((op) => !present.has(op.ts.method));
  const warnings: string[] = [];
  const toAdd = spreads.length > 0 ? [] : missing;
  let importAdded = false;
  if (toAdd.length > 0) {
    const quote = quoteStyle(sourceFile);
    const semicolons = handlers.statement.getText().trimEnd().endsWith(';');
    const fault = soapFaultReference(sourceFile, handlers, model.ts.handlersInterface, options.importPath);
    if (fault.importFrom !== undefined) {
      edits.push(importEdit(sourceFile, fault.importFrom, { quote, semicolons, eol }));
      importAdded = true;
    }
    edits.push(...stubEdits(text, handlers, toAdd, { eol, quote, semicolons, soapFault: fault.reference }));
  }
  if (spreads.length > 0 && missing.length > 0) {
    const names = missing.map((op) => op.name).join(', ');
    const them = missing.length === 1 ? 'it' : 'them';
    warnings.push(
      `${file}: the handlers object has members asmxgen cannot name (${spreads.join(', ')}), so it cannot tell ` +
        `whether the object handles ${names}; it added no stub for ${them} ` +
        '(TypeScript reports any operation the object lacks).',
    );
  }
  if (!handlers.exportedAs.includes(HANDLERS_EXPORT)) {
    warnings.push(
      `${file}: the handlers object is not exported as \`${HANDLERS_EXPORT}\`, the name asmxgen loads it by ` +
        `(\`export const ${HANDLERS_EXPORT}: ${model.ts.handlersInterface} = { … }\`).`,
    );
  }

  const merged = bom + applyEdits(text, edits);
  return {
    text: merged,
    created: false,
    changed: merged !== existingText,
    added: toAdd.map((op) => op.name),
    orphans,
    marked,
    unmarked,
    unknown: spreads.length > 0 ? missing.map((op) => op.name) : [],
    stubs,
    importAdded,
    warnings,
    edits: edits
      .map((edit) => ({ start: edit.start + bom.length, end: edit.end + bom.length, text: edit.text }))
      .sort((a, b) => a.start - b.start),
  };
}

function abbreviate(source: string): string {
  const oneLine = source.replace(/\s+/g, ' ');
  return `\`${oneLine.length > 40 ? `${oneLine.slice(0, 39)}…` : oneLine}\``;
}

/**
 * The marker on the line right above an orphan member (below its comments, so that the `@ts-ignore`
 * applies to the member's first line, where TypeScript reports it). A member that does not start its
 * own line is moved to one, the marker above it, in the member indentation.
 */
function markerEdit(
  text: string,
  member: ObjectLiteralElementLike,
  message: string,
  layout: { eol: Eol; unit: string; removed: readonly { start: number; end: number }[] },
): TextEdit {
  const start = member.getStart();
  const comment = `// ${MARKER_DIRECTIVE} ${message}`;
  const indent = indentBefore(text, start);
  if (indent !== undefined) {
    const lineStart = lineStartOf(text, start);
    return { start: lineStart, end: lineStart, text: `${indent}${comment}${layout.eol}` };
  }
  // What stays in front of the member on its line once the earlier markers there are taken out.
  const lineStart = lineStartOf(text, start);
  let before = '';
  let at = lineStart;
  for (const range of [...layout.removed].sort((a, b) => a.start - b.start)) {
    if (range.start < lineStart || range.end > start) continue;
    before += text.slice(at, range.start);
    at = range.end;
  }
  before += text.slice(at, start);
  if (/^[ \t]*$/.test(before)) return { start, end: start, text: `${comment}${layout.eol}${before}` };
  const memberIndent = indentOfLine(text, start) + layout.unit;
  return { start, end: start, text: `${layout.eol}${memberIndent}${comment}${layout.eol}${memberIndent}` };
}

/** Whether `marker` is asmxgen's current marker for `member`: a `@ts-ignore` line right above its first line. */
function isCurrentMarker(text: string, marker: FoundMarker, member: ObjectLiteralElementLike): boolean {
  return (
    marker.directive &&
    indentBefore(text, marker.start) !== undefined &&
    nextLineStart(text, marker.end) === lineStartOf(text, member.getStart()) &&
    /^[ \t]*\r?\n$/.test(text.slice(marker.end, nextLineStart(text, marker.end)))
  );
}

/** The quote of the file's first import, or a single quote. */
function quoteStyle(sourceFile: SourceFile): "'" | '"' {
  const first = sourceFile.getImportDeclarations()[0]?.getModuleSpecifier().getText();
  return first?.startsWith('"') ? '"' : "'";
}

/**
 * How the stubs can name the generated `SoapFault`: as imported (under its local name), as
 * declared in the file, or through the namespace the handlers type comes from; otherwise as
 * `SoapFault` with an import to add, from the module the handlers type is imported from.
 */
function soapFaultReference(
  sourceFile: SourceFile,
  handlers: HandlersObject,
  handlersInterface: string,
  importPath: string,
): { reference: string; importFrom: string | undefined } {
  let typeModule: string | undefined;
  for (const declaration of sourceFile.getImportDeclarations()) {
    for (const specifier of declaration.getNamedImports()) {
      const local = specifier.getAliasNode()?.getText() ?? specifier.getName();
      if (specifier.getName() === SOAP_FAULT) return { reference: local, importFrom: undefined };
      if (local === handlersInterface) typeModule ??= declaration.getModuleSpecifierValue();
    }
    const namespace = declaration.getNamespaceImport()?.getText();
    if (namespace !== undefined && namespace === handlers.typeQualifier) {
      return { reference: `${namespace}.${SOAP_FAULT}`, importFrom: undefined };
    }
  }
  const declared =
    sourceFile.getClass(SOAP_FAULT) ??
    sourceFile.getVariableDeclaration(SOAP_FAULT) ??
    sourceFile.getFunction(SOAP_FAULT);
  if (declared) return { reference: SOAP_FAULT, importFrom: undefined };
  return { reference: SOAP_FAULT, importFrom: typeModule ?? importPath };
}

/** `import { SoapFault } from '…';` on a new line after the last import (or before the first statement). */
function importEdit(
  sourceFile: SourceFile,
  module: string,
  style: { quote: "'" | '"'; semicolons: boolean; eol: Eol },
): TextEdit {
  const statement = `import { ${SOAP_FAULT} } from ${quoted(module, style.quote)}${style.semicolons ? ';' : ''}`;
  const last = sourceFile.getImportDeclarations().at(-1);
  if (last) return { start: last.getEnd(), end: last.getEnd(), text: `${style.eol}${statement}` };
  const at = sourceFile.getStatements()[0]?.getStart(true) ?? 0;
  return { start: at, end: at, text: `${statement}${style.eol}${style.eol}` };
}

/**
 * The stubs for `operations`, at the end of the handlers object, in the object's indentation and
 * trailing-comma style. Each stub is its own line(s): on the lines before the closing brace when it
 * starts its line, otherwise right after the last member (or the opening brace).
 */
function stubEdits(
  text: string,
  handlers: HandlersObject,
  operations: ServiceModel['operations'],
  style: Omit<StubStyle, 'indent' | 'unit'>,
): TextEdit[] {
  const { literal } = handlers;
  const open = literal.getStart();
  const close = literal.getEnd() - 1;
  const members = literal.getProperties();
  const closeIndent = indentBefore(text, close);
  const baseIndent = closeIndent ?? indentOfLine(text, open);
  const fileUnit = text.includes('\n') ? detectIndentUnit(text) : DEFAULT_STYLE.unit;
  const onOwnLine = [...members].reverse().find((m) => indentBefore(text, m.getStart()) !== undefined);
  const indent = onOwnLine ? indentBefore(text, onOwnLine.getStart())! : baseIndent + fileUnit;
  const unit =
    indent.length > baseIndent.length && indent.startsWith(baseIndent) ? indent.slice(baseIndent.length) : fileUnit;

  const last = members.at(-1);
  const trailingComma = last === undefined || literal.compilerNode.properties.hasTrailingComma === true;
  const edits: TextEdit[] = [];
  if (last && !trailingComma) edits.push({ start: last.getEnd(), end: last.getEnd(), text: ',' });
  const stubs = operations.map((op, i) =>
    renderStub(op, { ...style, indent, unit }, trailingComma || i < operations.length - 1).join(style.eol),
  );

  if (closeIndent !== undefined) {
    const at = lineStartOf(text, close);
    edits.push({ start: at, end: at, text: stubs.map((stub) => stub + style.eol).join('') });
    return edits;
  }
  let at = open + 1;
  if (last) {
    const next = last.getNextSibling();
    at = next && next.getKind() === ts.SyntaxKind.CommaToken ? next.getEnd() : last.getEnd();
  }
  edits.push({ start: at, end: at, text: style.eol + stubs.join(style.eol) + style.eol + baseIndent });
  return edits;
}
