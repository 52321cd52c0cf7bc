/**
 * A WSDL asmxgen cannot read, or cannot represent as a spec: one construct, located in the document.
 * The message is `file:line:column: reason`, the shape editors and terminals link.
 */
export class WsdlError extends Error {
  override readonly name = 'WsdlError';
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 code units. */
  readonly column: number;
  /** What the construct is, why asmxgen cannot represent it, what to do. */
  readonly reason: string;

  constructor(file: string, line: number, column: number, reason: string) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.file = file;
    this.line = line;
    this.column = column;
    this.reason = reason;
  }
}
