/**
 * A generated file's text: one string, or pieces to be read in order. A module of tens of megabytes (the help pages
 * of `documents.ts`, the table of a test suite) is handed over as the pieces it was printed in, never joined: a
 * join holds the pieces and their copy at once. Whoever reads a file's text reads it through these functions.
 */
export type FileContent = string | readonly string[];

/** Whether `value` is a file's content: a string, or an array of strings. */
export function isFileContent(value: unknown): value is FileContent {
  return typeof value === 'string' || (Array.isArray(value) && value.every((piece) => typeof piece === 'string'));
}

/** The pieces of `content`, in order (a string is one piece). */
export function contentPieces(content: FileContent): readonly string[] {
  return typeof content === 'string' ? [content] : content;
}

/** The whole text, joined: for what needs one string (a diff, a formatter). */
export function contentText(content: FileContent): string {
  return typeof content === 'string' ? content : content.join('');
}

/** Whether `content` is exactly `text`, compared piece by piece. */
export function contentEquals(content: FileContent, text: string): boolean {
  if (typeof content === 'string') return content === text;
  let at = 0;
  for (const piece of content) {
    if (!text.startsWith(piece, at)) return false;
    at += piece.length;
  }
  return at === text.length;
}

/** Whether `bytes` are `content` encoded as UTF-8, compared piece by piece (no encoding of the whole). */
export function contentHasBytes(content: FileContent, bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  for (const piece of contentPieces(content)) {
    const length = Buffer.byteLength(piece, 'utf8');
    // A piece never ends inside a character (pieces are whole strings), so it encodes on its own as in the whole.
    if (at + length > buffer.length || !buffer.subarray(at, at + length).equals(Buffer.from(piece, 'utf8'))) {
      return false;
    }
    at += length;
  }
  return at === buffer.length;
}
