/** The types of `compare-replies.ts`: what it compares and what it finds. */

/** A reply as recorded or received. Headers other than `Content-Type` are not compared. */
export interface ReplySnapshot {
  readonly status: number;
  /** As received: name/value pairs, or an object; names match ignoring case. */
  readonly headers: ReadonlyArray<readonly [string, string]> | Readonly<Record<string, string>>;
  /** Bytes as received, or text (a HAR's `content.text`), compared as its UTF-8 bytes. */
  readonly body: string | Uint8Array;
}

export interface ReplyDifference {
  /** `status`, `media type`, `charset`, `body`, or a path from the root: `/Envelope/Body/X/@nil`. */
  readonly where: string;
  /** The expected reply's value; `(absent)` when it has none there. */
  readonly expected: string;
  /** The actual reply's value; `(absent)` when it has none there. */
  readonly actual: string;
  /** One line: `where: expected ≠ actual`, long or blank values quoted and shortened. */
  readonly message: string;
}

export interface CompareOptions {
  /** Compare a SOAP fault's reason whole, not only its first line. */
  readonly strict?: boolean;
}
