/** The text asmxgen writes into impl files: a stub per operation, and a whole new file. */
import type { OperationModel, ServiceModel } from '../model/types.js';
import { HANDLERS_EXPORT, SOAP_FAULT } from './conventions.js';
import type { Eol } from './text-layout.js';

/** How the inserted text is laid out, read from the file it goes into. */
export interface StubStyle {
  /** The indentation of the members of the handlers object. */
  readonly indent: string;
  /** One level of indentation. */
  readonly unit: string;
  readonly eol: Eol;
  readonly quote: "'" | '"';
  readonly semicolons: boolean;
  /** How the file refers to the generated `SoapFault` class (`SoapFault`, `gen.SoapFault`). */
  readonly soapFault: string;
}

export const DEFAULT_STYLE: Omit<StubStyle, 'indent' | 'soapFault'> = {
  unit: '  ',
  eol: '\n',
  quote: "'",
  semicolons: true,
};

/** 120 columns, the width the JSDoc of a stub stays within when it can. */
const WIDTH = 120;

/** The JSDoc text of an operation: its group and description, as far as the spec has them. */
function docText(op: OperationModel): string | undefined {
  const sentence = (s: string) => (/[.!?:]$/.test(s) ? s : `${s}.`);
  const group = op.group?.trim();
  const description = op.description?.trim();
  if (group && description) return `${group}: ${sentence(description)}`;
  if (description) return sentence(description);
  if (group) return sentence(group);
  return undefined;
}

/**
 * A JSDoc block at `indent`: one line when it fits, otherwise ` * ` lines, the text's own line
 * breaks kept and longer lines wrapped at word boundaries. `*\/` in the text cannot end it early.
 */
export function renderDoc(text: string, indent: string): string[] {
  const lines = text
    .replace(/\*\//g, '*\\/')
    .split(/\r?\n/)
    .map((line) => line.trimEnd());
  const single = `${indent}/** ${lines[0]} */`;
  if (lines.length === 1 && single.length <= WIDTH) return [single];
  const width = WIDTH - indent.length - 3;
  const wrapped = lines.flatMap((line) => wrap(line, width));
  return [`${indent}/**`, ...wrapped.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)), `${indent} */`];
}

/** Greedy word wrap; a word longer than `width` gets a line of its own. */
function wrap(line: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(/ +/)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  return [...lines, current];
}

/** A string literal in `quote`s. */
export function quoted(value: string, quote: "'" | '"'): string {
  const escaped = value.replace(/\\/g, '\\\\').split(quote).join(`\\${quote}`);
  return `${quote}${escaped}${quote}`;
}

/** The fault message of an operation's stub: also how `check --impl` recognizes a handler still a stub. */
export function stubMessage(operationName: string): string {
  return `${operationName} is not implemented yet.`;
}

/**
 * One stub, as lines without line ends, e.g.
 * ```ts
 *   /** Social-account authorization. *\/
 *   async SocAuthorize(input, ctx) {
 *     throw new SoapFault('Server', 'SocAuthorize is not implemented yet.');
 *   },
 * ```
 * The method is `async` so an implementation can `await` right away; with a body that only
 * throws it returns `Promise<never>`, which fits every `Op(input, ctx)` signature.
 */
export function renderStub(op: OperationModel, style: StubStyle, trailingComma: boolean): string[] {
  const { indent, unit, quote: q } = style;
  const doc = docText(op);
  const message = stubMessage(op.name);
  return [
    ...(doc === undefined ? [] : renderDoc(doc, indent)),
    `${indent}async ${op.ts.method}(input, ctx) {`,
    `${indent}${unit}throw new ${style.soapFault}(${q}Server${q}, ${q}${message}${q})${style.semicolons ? ';' : ''}`,
    `${indent}}${trailingComma ? ',' : ''}`,
  ];
}

/**
 * A new impl file: the import, the documented handlers object, a stub per operation. In JavaScript
 * (`javaScript`), the object is typed by a JSDoc `@type`, which editors and `tsc --checkJs` read.
 */
export function renderNewImpl(model: ServiceModel, importPath: string, javaScript = false): string {
  const iface = model.ts.handlersInterface;
  const style: StubStyle = { ...DEFAULT_STYLE, indent: DEFAULT_STYLE.unit, soapFault: SOAP_FAULT };
  const from = quoted(importPath, "'");
  const imports = javaScript
    ? model.operations.length > 0
      ? [`import { ${SOAP_FAULT} } from ${from};`, '']
      : []
    : [
        `import { ${model.operations.length > 0 ? `${SOAP_FAULT}, type ${iface}` : `type ${iface}`} } from ${from};`,
        '',
      ];
  const lines = [
    ...imports,
    '/**',
    ` * The ${model.name} operations: replace each stub with your implementation. Keep the export named`,
    ` * \`${HANDLERS_EXPORT}\`: that is the name asmxgen loads from this file. asmxgen adds a stub here for each new`,
    ' * operation; it never changes or removes your code.',
    ...(javaScript ? [' *', ` * @type {import(${from}).${iface}}`] : []),
    ' */',
    javaScript ? `export const ${HANDLERS_EXPORT} = {` : `export const ${HANDLERS_EXPORT}: ${iface} = {`,
    ...model.operations.flatMap((op) => renderStub(op, style, true)),
    '};',
    '',
  ];
  return lines.join('\n');
}
