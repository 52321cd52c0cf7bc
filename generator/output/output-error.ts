/**
 * The one error type the output module shows to people: a single paragraph
 * saying which path, what went wrong in words, and what to do about it.
 * The raw file-system error, if any, is kept as `cause` for debugging.
 */

/** What the output module was doing when the file system refused. */
export type OutputOperation = 'create-folder' | 'write' | 'remove' | 'read' | 'list';

export class OutputError extends Error {
  override readonly name = 'OutputError';
  /** The path the message is about, as shown in the message. */
  readonly path: string;
  /** The errno code (`EACCES`, `EROFS`, …) or `EMANIFEST` for an unreadable manifest. */
  readonly code: string;

  constructor(message: string, options: { path: string; code: string; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.path = options.path;
    this.code = options.code;
  }
}

/** The file system refused to create `folder` although its parent exists (see `makeFolders`). */
export class FolderRefusedError extends Error {
  override readonly name = 'FolderRefusedError';
  readonly code: string;
  readonly folder: string;

  constructor(folder: string, cause: unknown) {
    const code = errnoCode(cause) ?? 'UNKNOWN';
    super(`cannot create "${folder}" (${code})`, { cause });
    this.code = code;
    this.folder = folder;
  }
}

/** The errno code of a Node file-system error, or `undefined` for anything else. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

const ACTIONS: Record<OutputOperation, (path: string) => string> = {
  'create-folder': (p) => `create the output folder "${p}"`,
  write: (p) => `write "${p}"`,
  remove: (p) => `remove "${p}"`,
  read: (p) => `read "${p}"`,
  list: (p) => `list the folder "${p}"`,
};

function reason(code: string | undefined, error: unknown): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EDQUOT':
      return 'the disk quota is exceeded';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'EEXIST':
      return 'a file with that name is in the way';
    case 'EISDIR':
      return 'a folder with that name is in the way';
    case 'ENOENT':
      return 'a folder in the path does not exist';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    case 'ELOOP':
      return 'the path has too many symbolic links';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many files are open';
    case 'EBUSY':
      return 'the file is in use';
    case 'EIO':
      return 'the disk reported an input/output error';
    default: {
      const detail = code ?? (error instanceof Error ? error.message : String(error));
      return `an unexpected error occurred (${detail})`;
    }
  }
}

function advice(code: string | undefined): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'Check the permissions of the folder, or choose another output folder.';
    case 'EROFS':
      return 'Choose an output folder on a writable disk.';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'Free some disk space and run asmxgen again.';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'Move the file out of the way, or choose another output folder.';
    case 'EISDIR':
      return 'Move the folder out of the way, or choose another output folder.';
    case 'ENAMETOOLONG':
      return 'Choose a shorter output folder path.';
    case 'EMFILE':
    case 'ENFILE':
    case 'EBUSY':
      return 'Close other programs that use these files and run asmxgen again.';
    default:
      return 'Check the path and run asmxgen again.';
  }
}

/**
 * Translates a file-system error into an OutputError, e.g.
 * `Cannot write "out/a.ts": permission denied. Check the permissions of the folder, or choose another output folder.`
 */
export function outputErrorFrom(operation: OutputOperation, path: string, error: unknown): OutputError {
  if (error instanceof OutputError) return error;
  const code = errnoCode(error);
  if (error instanceof FolderRefusedError && code === 'ENOENT') {
    // The parent exists, yet the file system answers "no such file": it holds no folders of ours (/proc, /sys).
    const message =
      `Cannot ${ACTIONS[operation](path)}: the file system does not allow creating the folder "${error.folder}". ` +
      'Choose a path on an ordinary disk.';
    return new OutputError(message, { path, code, cause: error });
  }
  const message = `Cannot ${ACTIONS[operation](path)}: ${reason(code, error)}. ${advice(code)}`;
  return new OutputError(message, { path, code: code ?? 'UNKNOWN', cause: error });
}

/**
 * The output folder, or one of its parents (`blocker`), is a file.
 * `Cannot use "out" as the output folder: it is a file, not a folder. …`
 */
export function notAFolderError(outDir: string, blocker: string, cause?: unknown): OutputError {
  const what = blocker === outDir ? 'it is a file' : `"${blocker}" is a file`;
  const message =
    `Cannot use "${outDir}" as the output folder: ${what}, not a folder. ` +
    'Choose another output folder, or move the file out of the way.';
  return new OutputError(message, { path: blocker, code: 'ENOTDIR', cause });
}

/**
 * The manifest exists but cannot be used.
 * `detail` completes "it …", e.g. `is not valid JSON`.
 */
export function corruptManifestError(path: string, detail: string, cause?: unknown): OutputError {
  const message =
    `Cannot use the manifest "${path}": it ${detail}. ` +
    'asmxgen records in it which files it wrote, so that it can remove them once they are no longer generated. ' +
    'Restore the file, or delete it and run asmxgen again ' +
    '(files that are no longer generated will then stay in place; asmxgen check lists them).';
  return new OutputError(message, { path, code: 'EMANIFEST', cause });
}
