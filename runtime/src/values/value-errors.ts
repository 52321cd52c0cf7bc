/**
 * What goes wrong reading a value: `ValueReadError` (ASMX: `There is an error in XML document (line, col).`
 * and the .NET message) or `MalformedValueError` (element content where text belongs: ASMX answers 400).
 * Writing a value that is not of its type is the handler's or caller's bug: a `TypeError`.
 */

/** A lexical value that does not convert, or a type `xsi:type` names that the site does not know. */
export class ValueReadError extends Error {
  override readonly name = 'ValueReadError';
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }

  /** The messages ASMX chains after `Server was unable to read request.`. */
  get chain(): readonly string[] {
    return [`There is an error in XML document (${this.line}, ${this.column}).`, this.message];
  }
}

/** An element with element content where a simple value belongs. */
export class MalformedValueError extends Error {
  override readonly name = 'MalformedValueError';
}

/** A lexical value that does not convert, before it is located: `message` is the .NET message. */
export class LexicalValueError extends Error {
  override readonly name = 'LexicalValueError';
}
