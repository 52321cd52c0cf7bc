/** A file-system error in words, for messages about reading an input file. */
export function describeIoError(error: unknown): string {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOTDIR':
      return 'a parent of it is not a directory';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
