/**
 * A recording whose last write was cut short completed. The proxy appends each batch of entries and the closing
 * after them in one write (`har-recorder.ts`); a SIGKILL during that write, or a power loss before the file was
 * fsync'd, can leave the file ending inside an entry. Completing it keeps every whole entry, cuts what follows the
 * last one, and writes the closing there: the file is then the HAR the proxy would have left had it stopped just
 * before. `asmxgen replay` completes a recording before reading it; a file asmxgen did not write is left as it is.
 */
import { Buffer } from 'node:buffer';
import { open, type FileHandle } from 'node:fs/promises';
import { ENTRY_INDENT, RECORDING_TAIL, recordingHead } from './har-recorder.js';

/** `complete`: nothing to do (or not a recording of asmxgen's); `completed`: the file was cut and closed. */
export type RecordingState = 'complete' | 'completed';

/** The last line of an entry in a recording, with the line break before it; no other line is this. */
const ENTRY_END = Buffer.from(`\n${ENTRY_INDENT}}`);
const TAIL = Buffer.from(RECORDING_TAIL);
const CLOSING = RECORDING_TAIL.trimEnd();
/** A recording starts so: `recordingHead` up to the creator's version, which varies. */
const HEAD_START = Buffer.from(recordingHead('0').slice(0, recordingHead('0').indexOf('"version": "0"')));
const ENTRIES_OPEN = Buffer.from('\n    "entries": [');
const CHUNK = 64 * 1024;

/** A recording cut short that the file system would not let be completed (read-only, say): `cause` says why. */
export class RecordingNotCompleted extends Error {
  override name = 'RecordingNotCompleted';
  constructor(cause: unknown) {
    super('the recording was cut short and cannot be completed', { cause });
  }
}

/**
 * Completes `path` when it is a recording of asmxgen's cut short. Throws the file system's error when it cannot be
 * read, and a RecordingNotCompleted when it needs completing and cannot be written.
 */
export async function completeRecording(path: string): Promise<RecordingState> {
  let file = await open(path, 'r');
  try {
    const size = (await file.stat()).size;
    // The closing, with or without the line break after it (JSON.stringify writes none), and any white space.
    const end = await readAt(file, Math.max(0, size - 64), Math.min(size, 64));
    if (end.toString('latin1').trimEnd().endsWith(CLOSING)) return 'complete';
    const head = await readAt(file, 0, Math.min(size, 4096));
    const entriesAt = head.indexOf(ENTRIES_OPEN);
    if (!head.subarray(0, HEAD_START.byteLength).equals(HEAD_START) || entriesAt === -1) return 'complete';
    const firstEntry = entriesAt + ENTRIES_OPEN.byteLength;
    const cut = (await lastEntryEnd(file, firstEntry, size)) ?? firstEntry;
    await file.close();
    try {
      file = await open(path, 'r+');
      await file.truncate(cut);
      await file.write(TAIL, 0, TAIL.byteLength, cut);
      await file.sync();
    } catch (error) {
      throw new RecordingNotCompleted(error);
    }
    return 'completed';
  } finally {
    await file.close().catch(() => undefined);
  }
}

/** The offset just after the last entry's closing brace at or after `from`, reading backwards a chunk at a time. */
async function lastEntryEnd(file: FileHandle, from: number, size: number): Promise<number | undefined> {
  let end = size;
  while (end > from) {
    const start = Math.max(from, end - CHUNK);
    // Each chunk reads on past its end by the marker's length less one, to find a marker across the boundary.
    const bytes = await readAt(file, start, Math.min(size, end + ENTRY_END.byteLength - 1) - start);
    const at = bytes.lastIndexOf(ENTRY_END);
    if (at !== -1) return start + at + ENTRY_END.byteLength;
    end = start;
  }
  return undefined;
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await file.read(bytes, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return bytes.subarray(0, done);
}
