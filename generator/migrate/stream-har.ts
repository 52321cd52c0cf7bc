/**
 * A HAR file read without holding it: `replay` of a recording of 10⁶ exchanges reads it in chunks, each entry of
 * `log.entries` parsed alone when its last byte arrives, every other member of the file (small) parsed whole.
 * `checkHarFile` reads the file once and checks it as `parseHar` checks a text, with the same messages (JSON
 * syntax errors by `line:column`, the rest by JSON path), so nothing is sent before the whole file is known good;
 * `harFileEntries` then reads it again, handing out the entries one at a time.
 *
 * `HarScanner` finds the values: a byte-level state machine that follows the JSON structure of the file's top
 * object, its `log` and `log.entries`, and captures each value below them (tracking strings and nesting only) to
 * give it to `JSON.parse`, which checks it. A value where an object or array is expected (`"log": 1`) is captured
 * whole too, for the checker to name.
 */
import { createReadStream } from 'node:fs';
import { Buffer } from 'node:buffer';
import { checkEntry, checkHar, Checker, HarError, harReadError, jsonErrorPlace, type HarEntry } from './har.js';

/** Reads `path` (named `display` in messages) through; the number of entries. Throws what `readHar` throws. */
export async function checkHarFile(path: string, display: string = path): Promise<number> {
  const check = new Checker(display);
  let whole: { value: unknown } | undefined;
  const top: Record<string, unknown> = {};
  let log: Record<string, unknown> | undefined;
  let count = 0;
  let entryProblem: unknown;
  await scanFile(path, display, {
    top: (value) => (whole = { value }),
    topMember: (name, value) => (top[name] = value),
    log: (value) => (top.log = value),
    logOpen: () => (top.log = log = {}),
    logMember: (name, value) => (log![name] = value),
    entries: (value) => (log!.entries = value),
    entry: (value, index) => {
      count++;
      if (entryProblem !== undefined) return;
      try {
        checkEntry(check, value, `log.entries[${index}]`);
      } catch (error) {
        entryProblem = error;
      }
    },
  });
  // The file as parseHar would see it, but for its entries (each was checked as it came).
  checkHar(whole === undefined ? top : whole.value, display);
  if (entryProblem !== undefined) throw entryProblem;
  return count;
}

/** The entries of a HAR file `checkHarFile` has checked, one at a time, in the file's order. */
export async function* harFileEntries(path: string, display: string = path): AsyncGenerator<HarEntry> {
  const ready: HarEntry[] = [];
  const scanner = new HarScanner(display, { entry: (value) => ready.push(value as HarEntry) });
  const stream = createReadStream(path, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      scanner.push(chunk);
      while (ready.length > 0) yield ready.shift()!;
    }
    scanner.end();
    while (ready.length > 0) yield ready.shift()!;
  } finally {
    stream.destroy();
  }
}

const CHUNK_BYTES = 256 * 1024;

async function scanFile(path: string, display: string, sink: ScanSink): Promise<void> {
  const scanner = new HarScanner(display, sink);
  const stream = createReadStream(path, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) scanner.push(chunk);
  } catch (error) {
    if (error instanceof HarError) throw error;
    throw harReadError(error, display);
  } finally {
    stream.destroy();
  }
  scanner.end();
}

/** Where the scanner hands what it found; each callback is optional. */
export interface ScanSink {
  /** The file's value, when it is not an object. */
  readonly top?: (value: unknown) => void;
  /** A member of the file's object other than `log`. */
  readonly topMember?: (name: string, value: unknown) => void;
  /** `log`'s value, when it is not an object. */
  readonly log?: (value: unknown) => void;
  /** `log` is an object: its members follow. */
  readonly logOpen?: () => void;
  /** A member of `log` other than `entries`. */
  readonly logMember?: (name: string, value: unknown) => void;
  /** `log.entries`: `[]` when it is an array (its items go to `entry`), else its value. */
  readonly entries?: (value: unknown) => void;
  readonly entry?: (value: unknown, index: number) => void;
}

/** Structural levels: before the file's value, in the file's object, in `log`, in `log.entries`, after it all. */
const enum Level {
  File,
  Top,
  Log,
  Entries,
  Done,
}

/** Within an object: what may come next. Within an array: `Value` or `CommaOrClose` (and `First`). */
const enum Expect {
  /** Right after `{` or `[`: a key (a value in an array) or the close. */
  First,
  Key,
  Colon,
  Value,
  CommaOrClose,
}

/** Where a captured value goes. */
const enum Target {
  Top,
  TopMember,
  Log,
  LogMember,
  Entries,
  Entry,
  Key,
}

const BOM = [0xef, 0xbb, 0xbf];
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === NEWLINE || byte === 0x0d || byte === 0x09;
}

function isDelimiter(byte: number): boolean {
  return isSpace(byte) || byte === 0x2c || byte === 0x7d || byte === 0x5d || byte === 0x3a;
}

export class HarScanner {
  private level = Level.File;
  private expect = Expect.Value;
  /** The key whose value comes next (in the file's object or in `log`). */
  private key = '';
  private entryIndex = 0;
  /** Bytes before the current chunk, and the line and the offset of the current line's start. */
  private offset = 0;
  private line = 1;
  private lineStart = 0;
  /** How many bytes of a byte order mark have been skipped; -1 once the file's first byte is not one. */
  private bom = 0;
  // The value being captured.
  private capturing = false;
  private target = Target.Top;
  private parts: Buffer[] = [];
  private depth = 0;
  private inString = false;
  private escaped = false;
  private scalar = false;
  /** Whether the captured value's first byte (its quote, brace or bracket) has been scanned. */
  private opened = false;
  private captureLine = 1;
  private captureColumn = 1;

  constructor(
    private readonly file: string,
    private readonly sink: ScanSink,
  ) {}

  push(chunk: Buffer): void {
    let i = 0;
    const n = chunk.byteLength;
    while (this.bom >= 0 && this.bom < BOM.length && i < n) {
      if (chunk[i] !== BOM[this.bom]) {
        this.bom = -1;
      } else {
        this.bom++;
        i++;
      }
    }
    let start = this.capturing ? 0 : -1;
    while (i < n) {
      if (this.capturing) {
        const end = this.captureEnd(chunk, i);
        if (end === -1) {
          this.parts.push(chunk.subarray(start, n));
          break;
        }
        this.parts.push(chunk.subarray(start, end));
        i = end;
        this.finishCapture();
        start = -1;
        continue;
      }
      const byte = chunk[i]!;
      if (byte === NEWLINE) {
        this.line++;
        this.lineStart = this.offset + i + 1;
        i++;
        continue;
      }
      if (isSpace(byte)) {
        i++;
        continue;
      }
      if (this.structural(byte, this.offset + i)) {
        i++;
        continue;
      }
      // A value (or a key) to capture starts here.
      this.startCapture(byte, this.offset + i);
      start = i;
    }
    this.offset += n;
  }

  end(): void {
    if (this.capturing) {
      if (this.scalar) {
        this.finishCapture();
      } else {
        // An unfinished string or container: JSON.parse names the place.
        this.finishCapture();
        return;
      }
    }
    if (this.level !== Level.Done) throw this.syntaxError(this.offset, 'Unexpected end of JSON input');
  }

  /** Takes a structural byte at `at`; false when a value starts there, to be captured. */
  private structural(byte: number, at: number): boolean {
    const char = String.fromCharCode(byte);
    switch (this.level) {
      case Level.File:
        if (byte === 0x7b) return this.open(Level.Top, Expect.First);
        this.target = Target.Top;
        return false;
      case Level.Done:
        throw this.syntaxError(at, `Unexpected non-whitespace character after JSON`);
      case Level.Top:
      case Level.Log:
        switch (this.expect) {
          case Expect.First:
          case Expect.Key:
            if (byte === 0x7d && this.expect === Expect.First) return this.close();
            if (byte !== QUOTE) throw this.syntaxError(at, `Unexpected token '${char}'; a member name was expected`);
            this.target = Target.Key;
            return false;
          case Expect.Colon:
            if (byte !== 0x3a) throw this.syntaxError(at, `Unexpected token '${char}'; ':' was expected`);
            this.expect = Expect.Value;
            return true;
          case Expect.Value:
            if (this.level === Level.Top && this.key === 'log') {
              if (byte === 0x7b) {
                this.sink.logOpen?.();
                return this.open(Level.Log, Expect.First);
              }
              this.target = Target.Log;
            } else if (this.level === Level.Log && this.key === 'entries') {
              if (byte === 0x5b) {
                this.sink.entries?.([]);
                return this.open(Level.Entries, Expect.First);
              }
              this.target = Target.Entries;
            } else {
              this.target = this.level === Level.Top ? Target.TopMember : Target.LogMember;
            }
            return false;
          case Expect.CommaOrClose:
            if (byte === 0x2c) {
              this.expect = Expect.Key;
              return true;
            }
            if (byte === 0x7d) return this.close();
            throw this.syntaxError(at, `Unexpected token '${char}'; ',' or '}' was expected`);
        }
        break;
      case Level.Entries:
        if (this.expect === Expect.CommaOrClose) {
          if (byte === 0x2c) {
            this.expect = Expect.Value;
            return true;
          }
          if (byte === 0x5d) return this.close();
          throw this.syntaxError(at, `Unexpected token '${char}'; ',' or ']' was expected`);
        }
        if (byte === 0x5d && this.expect === Expect.First) return this.close();
        this.target = Target.Entry;
        return false;
    }
    return false;
  }

  private open(level: Level, expect: Expect): true {
    this.level = level;
    this.expect = expect;
    return true;
  }

  /** The close of the current level: back to the level around it, after its value. */
  private close(): true {
    this.level = this.level === Level.Top ? Level.Done : this.level - 1;
    this.expect = Expect.CommaOrClose;
    return true;
  }

  private startCapture(byte: number, at: number): void {
    this.capturing = true;
    this.parts = [];
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    this.scalar = byte !== 0x7b && byte !== 0x5b && byte !== QUOTE;
    this.opened = this.scalar;
    if (byte === QUOTE) this.inString = true;
    else if (!this.scalar) this.depth = 1;
    this.captureLine = this.line;
    this.captureColumn = at - this.lineStart + 1;
  }

  /**
   * Scans the captured value on from `i`; the offset just past its end, or -1 when it goes on past the chunk.
   */
  private captureEnd(chunk: Buffer, i: number): number {
    const n = chunk.byteLength;
    if (!this.opened) {
      // Its quote, brace or bracket, which `startCapture` took into account.
      this.opened = true;
      i++;
    }
    while (i < n) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          i++;
          continue;
        }
        const quote = chunk.indexOf(QUOTE, i);
        const backslash = chunk.indexOf(BACKSLASH, i);
        if (backslash !== -1 && (quote === -1 || backslash < quote)) {
          this.escaped = true;
          i = backslash + 1;
          continue;
        }
        if (quote === -1) return -1;
        i = quote + 1;
        this.inString = false;
        if (this.depth === 0) return i;
        continue;
      }
      const byte = chunk[i]!;
      if (this.scalar) {
        if (isDelimiter(byte)) return i;
        i++;
        continue;
      }
      if (byte === QUOTE) this.inString = true;
      else if (byte === 0x7b || byte === 0x5b) this.depth++;
      else if (byte === 0x7d || byte === 0x5d) {
        if (--this.depth === 0) return i + 1;
      } else if (byte === NEWLINE) {
        this.line++;
        this.lineStart = this.offset + i + 1;
      }
      i++;
    }
    return -1;
  }

  private finishCapture(): void {
    this.capturing = false;
    const text = Buffer.concat(this.parts).toString('utf8');
    this.parts = [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const [line, column] = jsonErrorPlace(text, message).split(':').map(Number) as [number, number];
      const where =
        line === 1
          ? `${this.captureLine}:${this.captureColumn + column - 1}`
          : `${this.captureLine + line - 1}:${column}`;
      throw new HarError(this.file, where, `not valid JSON (${message}); a HAR file is JSON`);
    }
    switch (this.target) {
      case Target.Key:
        this.key = value as string;
        this.expect = Expect.Colon;
        return;
      case Target.Top:
        this.sink.top?.(value);
        this.level = Level.Done;
        return;
      case Target.TopMember:
        this.sink.topMember?.(this.key, value);
        break;
      case Target.Log:
        this.sink.log?.(value);
        break;
      case Target.LogMember:
        this.sink.logMember?.(this.key, value);
        break;
      case Target.Entries:
        this.sink.entries?.(value);
        break;
      case Target.Entry:
        this.sink.entry?.(value, this.entryIndex++);
        break;
    }
    this.expect = Expect.CommaOrClose;
  }

  private syntaxError(at: number, what: string): HarError {
    return new HarError(
      this.file,
      `${this.line}:${at - this.lineStart + 1}`,
      `not valid JSON (${what}); a HAR file is JSON`,
    );
  }
}
