import {
  conditionalGroup,
  group,
  hardline,
  ifBreak,
  indent,
  indentIfBreak,
  join,
  line,
  printDoc,
  printDocInto,
  softline,
  type Doc,
} from './doc.js';

/**
 * Layouts of the TypeScript syntax asmxgen generates, as documents for
 * `doc.ts`: each builder lays its construct out the way prettier does (with
 * the repository's options: `printWidth` 120, single quotes, trailing commas
 * everywhere), so generated modules come out formatted and no formatter runs.
 * Only the syntax the emitters use is here; `test/emit/print.test.ts` holds
 * the builders to prettier's output around the width limit, and
 * `test/emit/prettier-clean.test.ts` every generated module.
 */

/** The width generated code is laid out in: prettier's `printWidth` of this repository. */
export const PRINT_WIDTH = 120;

/** Prints `doc` at `PRINT_WIDTH`, the first line starting at column `startColumn` (text before it is the caller's). */
export function print(doc: Doc, startColumn = 0): string {
  return printDoc(doc, PRINT_WIDTH, startColumn);
}

/** `print`, its pieces pushed onto `out`. */
export function printInto(out: string[], doc: Doc, startColumn = 0): void {
  printDocInto(out, doc, PRINT_WIDTH, startColumn);
}

/**
 * What decides how an object property or a declaration lays out its value
 * (prettier's assignment layouts): a string literal moves to the next line
 * rather than overflow; a concatenation moves whenever it does not fit; a
 * number or boolean literal never does; anything else moves only when not
 * even its start fits.
 */
export type ExprKind = 'string' | 'concatenation' | 'number' | 'boolean' | 'object' | 'array' | 'other';

/** An expression: its document and what its layout depends on. */
export interface Expr {
  readonly doc: Doc;
  readonly kind: ExprKind;
  /** Properties of an object, elements of an array. */
  readonly size?: number;
  /** A call of one short argument (an identifier, or a short string): one prettier keeps whole when it can. */
  readonly shortCall?: boolean;
  /** A concatenation's operands, when each is a text that never breaks (a literal or an identifier). */
  readonly operands?: readonly string[];
}

/** Source text as an expression: an identifier, a keyword, or a literal that never breaks. */
export function raw(text: string, kind: ExprKind = 'other'): Expr {
  return { doc: text, kind };
}

/**
 * A string literal as prettier prints it: single quotes, unless the value
 * holds more single than double quotes; only the enclosing quote escaped.
 * `escape` says what else is escaped: `ascii` everything outside printable
 * ASCII (`\u00e9`, `\u007f`; outside the BMP a surrogate pair), `printable`
 * only control characters, lone surrogates and the line and paragraph
 * separators. Help pages make literals of hundreds of kilobytes: the quotes
 * are counted with `indexOf`, line feeds (the commonest escape) replaced in
 * one native pass, the rest in one pass of a regular expression.
 */
export function stringLiteral(value: string, escape: 'ascii' | 'printable' = 'ascii'): string {
  // More single than double quotes: doubles are counted only as far as that question needs.
  const singles = count(value, "'");
  const quote = singles > 0 && count(value, '"', singles) < singles ? '"' : "'";
  const escaped = value.replace(ESCAPED[escape][quote], (ch) => escapeChar(ch, escape)).replaceAll('\n', '\\n');
  return escape === 'ascii' ? oneByte(quote + escaped + quote) : quote + escaped + quote;
}

/**
 * `text`, which is all ASCII, as a string V8 stores a byte a character. A string made from one holding any character
 * beyond Latin-1 (a help page's `–`) is stored two bytes a character, ASCII or not, and so is every slice and every
 * concatenation of it: without this, `documents.ts` of a service of 1,500 operations is 64 MB of heap, not 32.
 */
function oneByte(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}

/** How many times `ch` occurs in `value`, up to `limit`. */
function count(value: string, ch: string, limit = Number.POSITIVE_INFINITY): number {
  let n = 0;
  for (let i = value.indexOf(ch); i !== -1 && n < limit; i = value.indexOf(ch, i + 1)) n++;
  return n;
}

/**
 * What each escaping escapes, but line feeds, per enclosing quote. `ascii` goes by UTF-16 unit, so a character
 * outside the BMP comes out as its surrogate pair; `printable` by code point (`u`), so only a lone surrogate falls in
 * `\ud800-\udfff`.
 */
/* eslint-disable no-control-regex -- the classes name the control characters a string literal must escape */
const ESCAPED = {
  ascii: { "'": /['\\\0-\x09\x0b-\x1f\x7f-\uffff]/g, '"': /["\\\0-\x09\x0b-\x1f\x7f-\uffff]/g },
  printable: {
    "'": /['\\\0-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]/gu,
    '"': /["\\\0-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]/gu,
  },
} as const;
/* eslint-enable no-control-regex */

function escapeChar(ch: string, escape: 'ascii' | 'printable'): string {
  switch (ch) {
    case "'":
    case '"':
    case '\\':
      return `\\${ch}`;
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    case '\b':
      return escape === 'ascii' ? '\\b' : escapeCodePoint(0x08);
    case '\f':
      return escape === 'ascii' ? '\\f' : escapeCodePoint(0x0c);
    default:
      return escapeCodePoint(ch.codePointAt(0)!);
  }
}

/** `\u00e9`: a code point of the BMP (`printable` never escapes one outside it, `ascii` escapes each surrogate). */
function escapeCodePoint(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

export function string(value: string, escape: 'ascii' | 'printable' = 'ascii'): Expr {
  return { doc: stringLiteral(value, escape), kind: 'string' };
}

/** A property key: bare when it is an identifier, else a string literal. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : stringLiteral(name);
}

/**
 * `key: value`, laid out as prettier lays out an object property. A
 * concatenation moves to the next line when it does not fit, whatever the
 * key; otherwise a key shorter than 5 columns never moves its value; a string
 * moves to the next line when it does not fit; a number or boolean never
 * moves; anything else moves when not even its first line fits.
 */
export function property(key: string, value: Expr): Doc {
  return assignment(key, ':', value, key.length < 5);
}

/**
 * `left op value`: the assignment layouts of prettier (`break-after-operator`,
 * `never-break-after-operator`, `fluid`), for a left side that cannot break.
 */
export function assignment(left: Doc, operator: string, value: Expr, shortKey = false): Doc {
  const breakAfterOperator =
    value.kind === 'concatenation' || (!shortKey && (value.kind === 'string' || value.shortCall === true));
  if (breakAfterOperator) return group([group(left), operator, group(indent([line, value.doc]))]);
  if (shortKey || value.kind === 'number' || value.kind === 'boolean') {
    return group([group(left), operator, ' ', value.doc]);
  }
  const id = Symbol('assignment');
  return group([group(left), operator, group(indent(line), { id }), indentIfBreak(value.doc, id)]);
}

/**
 * `{ a: 1, b: 2 }`, or one property per line when it does not fit (or
 * `expanded`: always). Keys are as printed (see `propertyKey`).
 */
export function object(properties: readonly (readonly [key: string, value: Expr])[], expanded = false): Expr {
  if (properties.length === 0) return { doc: '{}', kind: 'object', size: 0 };
  const props = properties.map(([key, value]) => property(key, value));
  return {
    doc: group(['{', indent([line, join([',', line], props)]), ifBreak(','), line, '}'], { shouldBreak: expanded }),
    kind: 'object',
    size: properties.length,
  };
}

/**
 * `object(properties, true)` for an object of megabytes (the suite's table of a service of a thousand
 * operations), at the indentation `column` of a statement's value: each property is laid out alone as it comes
 * (what follows it, `,` and a line break, is all its layout depends on) and only its text kept, so the documents
 * of one property at a time are in memory rather than the whole object's. Gives the same text as `object`.
 */
export function laidOutObject(
  properties: Iterable<readonly [key: string, value: Expr]>,
  column = 0,
): { readonly expr: Expr; readonly texts: readonly string[] } {
  const texts: string[] = [];
  for (const [key, value] of properties) {
    texts.push(brokenConcatenation(key, value, column + 2) ?? print([property(key, value), ','], column + 2));
  }
  if (texts.length === 0) return { expr: { doc: '{}', kind: 'object', size: 0 }, texts };
  return {
    expr: {
      doc: group(['{', indent([hardline, join(hardline, texts)]), hardline, '}'], { shouldBreak: true }),
      kind: 'object',
      size: texts.length,
    },
    texts,
  };
}

/**
 * `key: a + b + c,` at `column` as `property` and `print` lay it out, where that needs no layout: an operand wider
 * than the print width (a help page's literal) breaks every group around it, so the value goes to the next line,
 * indented, one operand a line. `undefined` for any other value, which `print` lays out. A service's
 * `documents.ts` is thousands of such properties, megabytes each hundred.
 */
function brokenConcatenation(key: string, value: Expr, column: number): string | undefined {
  const operands = value.operands;
  if (value.kind !== 'concatenation' || operands === undefined) return undefined;
  if (!operands.some((o) => o.length > PRINT_WIDTH)) return undefined;
  // Only texts of one line that do not end in spaces, which a line break would trim.
  if (operands.some((o) => o.includes('\n') || /[ \t]$/.test(o))) return undefined;
  const indent = `\n${' '.repeat(column + 2)}`;
  // One join, as `print` makes its text: a flat string, copied once (a template literal would be a tree of
  // strings, flattened again when the module's text is joined).
  const parts = [`${key}:`];
  operands.forEach((o, i) => parts.push(i === 0 ? indent : ` +${indent}`, o));
  parts.push(',');
  return parts.join('');
}

/**
 * `[a, b]`, or one element per line when it does not fit. As prettier does,
 * an array of two or more objects (or arrays) of more than one entry each
 * is always one element per line.
 */
export function array(items: readonly Expr[]): Expr {
  if (items.length === 0) return { doc: '[]', kind: 'array', size: 0 };
  const first = items[0]!.kind;
  const shouldBreak =
    items.length > 1 &&
    (first === 'object' || first === 'array') &&
    items.every((item) => item.kind === first && (item.size ?? 0) > 1);
  return {
    doc: group(
      [
        '[',
        indent([
          softline,
          join(
            [',', line],
            items.map((i) => i.doc),
          ),
        ]),
        ifBreak(','),
        softline,
        ']',
      ],
      {
        shouldBreak,
      },
    ),
    kind: 'array',
    size: items.length,
  };
}

/**
 * `a + b + c`: operands (string literals and identifiers) joined by `+`, as
 * prettier lays out a concatenation on the right of a declaration or a
 * property, the only place emitters put one: on one line when it fits, else
 * one operand per line, each but the last ending in ` +`, all at the
 * indentation of the first. No layout is searched: a long literal just
 * breaks the group.
 */
export function concatenation(operands: readonly Expr[]): Expr {
  if (operands.length === 1) return operands[0]!;
  const texts = operands.map((o) => o.doc);
  return {
    doc: group(join([' +', line], texts)),
    kind: 'concatenation',
    ...(texts.every((t) => typeof t === 'string') && { operands: texts as string[] }),
  };
}

/** `(a, b)`: arguments, or parameters, one per line with a trailing comma when they do not fit. */
export function parenthesized(items: readonly Doc[]): Doc {
  if (items.length === 0) return '()';
  return ['(', indent([softline, join([',', line], items), ifBreak(',')]), softline, ')'];
}

/** `callee(args)`, for arguments that are neither functions nor objects (prettier hugs those). */
export function call(callee: string, args: readonly Expr[]): Expr {
  const only = args.length === 1 ? args[0]! : undefined;
  const shortCall =
    // An identifier or a member chain (`XsdDateTime.parse`): prettier's "poorly breakable" call chains.
    /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(callee) &&
    (args.length === 0 ||
      (only !== undefined && typeof only.doc === 'string' && isLoneShortArgument(only.doc, only.kind)));
  return { doc: [callee, group(parenthesized(args.map((a) => a.doc)))], kind: 'other', shortCall };
}

/** `{ name }`: an object of one shorthand property. */
export function shorthandObject(name: string): Expr {
  return { doc: group(['{', indent([line, name]), ifBreak(','), line, '}']), kind: 'object', size: 1 };
}

/** `callee({ ... })`: a call whose only argument is an object, hugged as prettier hugs a last object argument. */
export function callWithObject(callee: string, argument: Expr): Expr {
  const brokenOut = group(['(', indent([softline, argument.doc, ifBreak(',')]), softline, ')'], { shouldBreak: true });
  return {
    doc: [
      callee,
      conditionalGroup([['(', argument.doc, ')'], ['(', group(argument.doc, { shouldBreak: true }), ')'], brokenOut]),
    ],
    kind: 'other',
  };
}

/** An argument prettier counts as short: an identifier or a string of at most a quarter of the print width. */
function isLoneShortArgument(text: string, kind: ExprKind): boolean {
  const threshold = PRINT_WIDTH / 4;
  if (kind === 'string') return text.length <= threshold;
  return /^[A-Za-z_$][\w$]*$/.test(text) && text.length <= threshold;
}

/** `(a, b) => body`, for a body that is an expression (not an object or a block). */
export function arrow(params: readonly string[], body: Expr): Expr {
  return { doc: group([group(parenthesized(params)), ' =>', group(indent([line, body.doc]))]), kind: 'other' };
}

// --- Types ---

/** A type: a name, keyword or literal (`string`, `'soap11'`), a union, or a reference with type arguments. */
export type TypeExpr =
  string | { readonly union: readonly TypeExpr[] } | { readonly name: string; readonly args: readonly TypeExpr[] };

export function union(...types: TypeExpr[]): TypeExpr {
  return types.length === 1 ? types[0]! : { union: types };
}

export function generic(name: string, ...args: TypeExpr[]): TypeExpr {
  return { name, args };
}

function isUnion(type: TypeExpr): type is { readonly union: readonly TypeExpr[] } {
  return typeof type === 'object' && 'union' in type;
}

/** A type's document; a union as prettier prints one outside an assignment (`indented`) or right of `=`. */
export function typeDoc(type: TypeExpr, unionPlacement: 'indented' | 'after-operator' = 'indented'): Doc {
  if (typeof type === 'string') return textTypeDoc(type, unionPlacement);
  if (isUnion(type)) {
    const members = group(type.union.map((t, i) => [i === 0 ? ifBreak('| ') : [line, '| '], typeDoc(t)]));
    return unionPlacement === 'after-operator' ? members : group(indent([softline, members]));
  }
  const { name, args } = type;
  // One simple argument (a name or keyword) never breaks; others break one per line.
  if (args.length === 1 && typeof args[0] === 'string') return [name, '<', args[0], '>'];
  return [
    name,
    group([
      '<',
      indent([
        softline,
        join(
          [',', line],
          args.map((a) => typeDoc(a)),
        ),
      ]),
      softline,
      '>',
    ]),
  ];
}

/**
 * A type written as text (the model's TypeScript types of sites): a union at its top level, or an array of one
 * (`(A | B)[]`), breaks as prettier breaks it when it does not fit; anything else is the text.
 */
function textTypeDoc(text: string, unionPlacement: 'indented' | 'after-operator'): Doc {
  const members = topLevelUnion(text);
  if (members.length > 1) return typeDoc({ union: members }, unionPlacement);
  const array = /^\((.*)\)\[\]$/.exec(text);
  const items = array ? topLevelUnion(array[1]!) : [];
  if (items.length < 2) return text;
  const lines = group(items.map((t, i) => [i === 0 ? ifBreak('| ') : [line, '| '], t]));
  return group(['(', indent([softline, lines]), softline, ')[]']);
}

/** The members of a union written as text, split at its top level only (`[text]` when it is no union). */
function topLevelUnion(text: string): string[] {
  const members: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if ('({[<'.includes(c)) depth++;
    else if (')}]>'.includes(c)) depth--;
    else if (depth === 0 && text.startsWith(' | ', i)) {
      members.push(text.slice(start, i));
      start = i + 3;
      i += 2;
    }
  }
  members.push(text.slice(start));
  return members;
}

/**
 * `left = type`: a union moves whole to the next line (and breaks there when it must), anything else only when it
 * cannot stay.
 */
export function typeAssignment(left: string, type: TypeExpr): Doc {
  if (isUnion(type)) return group([group(left), ' =', group(indent([line, typeDoc(type, 'after-operator')]))]);
  return assignment(left, ' =', { doc: typeDoc(type), kind: 'other' });
}

// --- Declarations ---

export interface Param {
  readonly name: string;
  readonly type: TypeExpr;
  readonly optional?: boolean;
  /** An initializer, e.g. `{}`. */
  readonly initializer?: string;
}

function paramDoc(p: Param): Doc {
  return [p.name, p.optional ? '?' : '', ': ', typeDoc(p.type), p.initializer ? ` = ${p.initializer}` : ''];
}

/** `(params): returnType`, laid out as prettier lays out a signature. */
export function signature(params: readonly Param[], returnType: TypeExpr | undefined): Doc {
  return [parenthesized(params.map(paramDoc)), returnType === undefined ? '' : group([': ', typeDoc(returnType)])];
}

/** A method of an interface: `name(params): returnType;`. */
export function methodSignature(name: string, params: readonly Param[], returnType: TypeExpr): Doc {
  return [group([name, signature(params, returnType)]), ';'];
}

/** A block `{ … }` of statements, each already a document. */
export function block(statements: readonly Doc[]): Doc {
  if (statements.length === 0) return '{}';
  return ['{', indent([hardline, join(hardline, statements)]), hardline, '}'];
}

/** A JSDoc comment's lines, or none: as the comment is printed above a declaration. */
export function comment(lines: readonly string[] | undefined): Doc {
  return lines === undefined ? '' : [join(hardline, lines), hardline];
}

/** `import`/`export` of named bindings: `{ a, type B }` on one line, or one per line when it does not fit. */
export function namedBindings(names: readonly string[]): Doc {
  if (names.length === 1) return `{ ${names[0]} }`;
  return group(['{', indent([line, join([',', line], names)]), ifBreak(','), line, '}']);
}

/** An expression on one line, however long. */
export function flat(expr: Expr): string {
  return printDoc(expr.doc, Number.POSITIVE_INFINITY);
}
