import type { FileContent } from '../model/file-content.js';

/** A printed piece at least this long is a piece of the file as it is: a help page, a row of a test suite's table. */
const KEPT_PIECE = 4096;
/** Runs of shorter pieces (tokens, indentation) are joined into pieces of about this length. */
const JOINED_RUN = 1 << 20;

/**
 * A printed module's text as a file's content: the long pieces the printer pushed kept as they are, each run of
 * short ones between them joined into one string. A module of tens of megabytes of help pages is then never
 * copied into one string while its pages are held; a module of short pieces only, under a megabyte, is one string.
 */
export function contentOfPieces(pieces: readonly string[]): FileContent {
  const content: string[] = [];
  let run: string[] = [];
  let runLength = 0;
  const endRun = () => {
    if (run.length > 0) content.push(run.join(''));
    run = [];
    runLength = 0;
  };
  for (const piece of pieces) {
    if (piece.length >= KEPT_PIECE) {
      endRun();
      content.push(piece);
      continue;
    }
    run.push(piece);
    runLength += piece.length;
    if (runLength >= JOINED_RUN) endRun();
  }
  endRun();
  return content.length === 1 ? content[0]! : content;
}
