import { describe, expect, it } from 'vitest';
import { OutputError, outputErrorFrom } from '../../generator/output/output-error.js';

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: raw message`), { code });
}

describe('outputErrorFrom', () => {
  it.each([
    [
      'create-folder',
      'EACCES',
      'Cannot create the output folder "out": permission denied. Check the permissions of the folder, or choose another output folder.',
    ],
    [
      'create-folder',
      'EROFS',
      'Cannot create the output folder "out": the file system is read-only. Choose an output folder on a writable disk.',
    ],
    ['write', 'ENOSPC', 'Cannot write "out": the disk is full. Free some disk space and run asmxgen again.'],
    [
      'write',
      'EPERM',
      'Cannot write "out": permission denied. Check the permissions of the folder, or choose another output folder.',
    ],
    [
      'write',
      'ENOTDIR',
      'Cannot write "out": a part of the path is a file, not a folder. Move the file out of the way, or choose another output folder.',
    ],
    [
      'write',
      'EEXIST',
      'Cannot write "out": a file with that name is in the way. Move the file out of the way, or choose another output folder.',
    ],
    [
      'write',
      'EISDIR',
      'Cannot write "out": a folder with that name is in the way. Move the folder out of the way, or choose another output folder.',
    ],
    [
      'remove',
      'EBUSY',
      'Cannot remove "out": the file is in use. Close other programs that use these files and run asmxgen again.',
    ],
    [
      'read',
      'EIO',
      'Cannot read "out": the disk reported an input/output error. Check the path and run asmxgen again.',
    ],
    [
      'list',
      'EWHAT',
      'Cannot list the folder "out": an unexpected error occurred (EWHAT). Check the path and run asmxgen again.',
    ],
  ] as const)('%s %s', (operation, code, message) => {
    const cause = errno(code);
    const error = outputErrorFrom(operation, 'out', cause);
    expect(error).toBeInstanceOf(OutputError);
    expect(error.name).toBe('OutputError');
    expect(error.message).toBe(message);
    expect(error.code).toBe(code);
    expect(error.path).toBe('out');
    expect(error.cause).toBe(cause);
  });

  it('describes an error without a code by its message', () => {
    expect(outputErrorFrom('write', 'x', new Error('boom')).message).toBe(
      'Cannot write "x": an unexpected error occurred (boom). Check the path and run asmxgen again.',
    );
  });

  it('passes an OutputError through', () => {
    const original = new OutputError('already explained', { path: 'p', code: 'EX' });
    expect(outputErrorFrom('write', 'q', original)).toBe(original);
  });
});
