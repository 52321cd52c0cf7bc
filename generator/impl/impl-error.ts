/** Why asmxgen cannot add stubs to an impl file. */
export type ImplErrorKind = 'syntax' | 'no-handlers' | 'ambiguous' | 'not-object-literal' | 'encoding' | 'conflict';

/**
 * An impl file asmxgen refuses to change, with a message for people: the file and, where
 * there is one, `file:line:column` of the spot, and what to do. The file is left untouched.
 */
export class ImplError extends Error {
  override readonly name = 'ImplError';
  readonly kind: ImplErrorKind;
  /** The impl file as the message names it. */
  readonly file: string;

  constructor(kind: ImplErrorKind, file: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.file = file;
  }
}

/** `file:line:column`, 1-based, the form editors and terminals link. */
export function location(file: string, text: string, pos: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < pos && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return `${file}:${line}:${pos - lineStart + 1}`;
}
