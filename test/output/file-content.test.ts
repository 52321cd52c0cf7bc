import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contentEquals,
  contentHasBytes,
  contentPieces,
  contentText,
  isFileContent,
} from '../../generator/model/file-content.js';
import { atomicWriteFile } from '../../generator/output/atomic-write.js';
import { contentOfPieces } from '../../generator/printer/pieces.js';

/** A file's text in pieces: ASCII, two-byte characters, a pair outside the BMP, an empty piece. */
const PIECES = ['// a\n', 'é–ü\n', '', '😀 x'.repeat(3), '\n'];
const TEXT = PIECES.join('');

describe('a file content in pieces', () => {
  it('is the pieces one after the other', () => {
    expect(contentText(PIECES)).toBe(TEXT);
    expect(contentText(TEXT)).toBe(TEXT);
    expect(contentPieces(TEXT)).toEqual([TEXT]);
    expect(isFileContent(PIECES) && isFileContent(TEXT)).toBe(true);
    expect(isFileContent([TEXT, 1]) || isFileContent(undefined)).toBe(false);
  });

  it('compares with a text and with bytes piece by piece', () => {
    expect(contentEquals(PIECES, TEXT)).toBe(true);
    expect(contentEquals(PIECES, `${TEXT}x`)).toBe(false);
    expect(contentEquals(PIECES, TEXT.slice(0, -1))).toBe(false);
    const bytes = Buffer.from(TEXT, 'utf8');
    expect(contentHasBytes(PIECES, bytes)).toBe(true);
    expect(contentHasBytes(TEXT, bytes)).toBe(true);
    expect(contentHasBytes(PIECES, bytes.subarray(0, -1))).toBe(false);
    expect(contentHasBytes(PIECES, Buffer.concat([bytes, Buffer.from('\n')]))).toBe(false);
  });

  it('is written as the UTF-8 of its text, across the writer’s chunks', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asmxgen-pieces-'));
    try {
      // Pieces longer than a chunk (1 MiB of UTF-16 units), a surrogate pair on the chunk's edge.
      const long = ['a'.repeat((1 << 20) - 1) + '😀' + 'b'.repeat(10), ...PIECES, 'ü'.repeat(1 << 20)];
      await atomicWriteFile(join(dir, 'f.ts'), long);
      expect((await readFile(join(dir, 'f.ts'))).equals(Buffer.from(long.join(''), 'utf8'))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps a printed module’s long pieces as they are and joins the short ones between them', () => {
    const page = 'p'.repeat(5000);
    const content = contentOfPieces(['a', 'b', page, 'c', page, 'd', 'e']);
    expect(content).toEqual(['ab', page, 'c', page, 'de']);
    expect((content as readonly string[])[1]).toBe(page);
    expect(contentOfPieces(['a', 'b', 'c'])).toBe('abc');
  });
});
