/**
 * `asmxgen serve --watch`: serves in a child process and starts a new one when the spec or the handlers change.
 *
 * The spec's folder is watched, and the handlers' folder with every folder under it (but `node_modules` and hidden
 * ones). A new process, not a re-import: the handlers file imports modules of its own (and the generated code), which an
 * import with a cache-busting URL would not reload, and a process holds no state of the old code. The spec is read
 * and validated here first: while it is invalid, the problems are printed and the running service goes on serving
 * what it served. A service that fails to start (a handler file that does not load) is reported, and the next change
 * tries again.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, watch, type FSWatcher } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServeConfig } from './start-service.js';

/** How long the watched folders must be quiet before a reload: an editor's save is several events. */
const DEBOUNCE_MS = 100;

/** Source files a handlers file may import; other files (logs, lock files) change nothing. */
const SOURCE = /\.(?:[cm]?[jt]s|json)$/;

/** A bound on the folders watched under the handlers' folder. */
const MAX_FOLDERS = 500;

export interface WatchOptions {
  readonly specFile: string;
  readonly implFile: string | undefined;
  /** Reads and validates the spec and generates the service; throws what is wrong with the spec. */
  readonly prepare: () => Promise<ServeConfig>;
  readonly log: (line: string) => void;
  readonly reportError: (error: unknown) => void;
  /** The first time the service listens, with its port. */
  readonly announce: (port: number) => void;
  /** A file name as messages show it. */
  readonly display: (path: string) => string;
}

/** Serves until SIGINT or SIGTERM, reloading on changes. Resolves once the last child has stopped. */
export async function serveWatching(options: WatchOptions): Promise<void> {
  let config: ServeConfig | undefined;
  let child: Served | undefined;
  let announced = false;
  /** Starts the service; the first time it listens, announces it and keeps its port for the next ones. */
  const serve = async (next: ServeConfig): Promise<void> => {
    child = await start(next, options);
    config = child ? { ...next, port: child.port } : next;
    if (child && !announced) {
      announced = true;
      options.announce(child.port);
    } else if (child) options.log('asmxgen: reloaded');
    else options.log('asmxgen: not serving; waiting for a change');
  };
  try {
    await serve(await options.prepare());
  } catch (error) {
    options.reportError(error);
    options.log('asmxgen: waiting for a change');
  }
  const specPath = resolve(options.specFile);
  const folders = watchedFolders(specPath, options.implFile);
  options.log(
    `asmxgen: watching ${folders.map((f) => shownFolder(f.folder, options.display)).join(' and ')} ` +
      'for changes to the spec and the handlers',
  );
  let specChanged = false;
  let codeChanged: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  let rewatch = () => {};
  const reload = async (): Promise<void> => {
    rewatch();
    const spec = specChanged;
    const changed = spec ? options.specFile : codeChanged!;
    specChanged = false;
    codeChanged = undefined;
    options.log(`asmxgen: ${options.display(changed)} changed`);
    let next = config;
    if (spec || next === undefined) {
      try {
        const prepared = await options.prepare();
        next = config ? { ...prepared, port: config.port } : prepared;
      } catch (error) {
        options.reportError(error);
        options.log(
          child ? 'asmxgen: still serving the last valid spec; waiting for a change' : 'asmxgen: waiting for a change',
        );
        return;
      }
    }
    if (child) await child.stop();
    child = undefined;
    await serve(next);
  };
  await new Promise<void>((done) => {
    const watchers: FSWatcher[] = [];
    const changed = (path: string, isSpec: boolean) => {
      if (isSpec) specChanged = true;
      else codeChanged ??= path;
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(reload).catch((error: unknown) => options.reportError(error));
      }, DEBOUNCE_MS);
    };
    const onEvent = (dir: string, file: string | null, code: boolean) => {
      if (file === null) return;
      const path = resolve(dir, file);
      if (path === specPath) changed(path, true);
      else if (code && SOURCE.test(path) && !ignored(file)) changed(path, false);
    };
    watchers.push(...watchFolders(folders, onEvent));
    // Folders made since are watched from the next reload on.
    rewatch = () => {
      for (const watcher of watchers.splice(0)) watcher.close();
      watchers.push(...watchFolders(folders, onEvent));
    };
    const stop = () => {
      for (const watcher of watchers) watcher.close();
      clearTimeout(timer);
      void running.then(async () => {
        if (child) await child.stop();
        done();
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** The spec's folder (for the spec itself) and, with handlers, their folder and everything under it. */
function watchedFolders(specPath: string, implFile: string | undefined): { folder: string; recursive: boolean }[] {
  const specFolder = dirname(specPath);
  if (implFile === undefined) return [{ folder: specFolder, recursive: false }];
  const implFolder = dirname(resolve(implFile));
  if (specFolder === implFolder || specFolder.startsWith(implFolder + sep)) {
    return [{ folder: implFolder, recursive: true }];
  }
  return [
    { folder: specFolder, recursive: false },
    { folder: implFolder, recursive: true },
  ];
}

/**
 * Watches each folder, and each folder under a recursive one, by itself: a watch on a folder sees a file saved by
 * renaming a new one over it (as editors save), where a watch on the file, or Node's recursive watch on Linux (a
 * watch per file), loses it after the first such save.
 */
function watchFolders(
  folders: readonly { folder: string; recursive: boolean }[],
  onEvent: (dir: string, file: string | null, code: boolean) => void,
): FSWatcher[] {
  const watchers: FSWatcher[] = [];
  const add = (dir: string, code: boolean) => {
    try {
      watchers.push(watch(dir, (_event, file) => onEvent(dir, file, code)));
    } catch {
      // A folder removed since it was listed: nothing to watch.
    }
  };
  for (const { folder, recursive } of folders) {
    add(folder, recursive);
    if (recursive) for (const dir of subfolders(folder)) add(dir, true);
  }
  return watchers;
}

/** The folders under `root`, but dependencies and hidden ones; at most MAX_FOLDERS. */
function subfolders(root: string): string[] {
  const found: string[] = [];
  const pending = [root];
  while (pending.length > 0 && found.length < MAX_FOLDERS) {
    const dir = pending.shift()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isDirectory() || ignored(entry.name)) continue;
      const path = join(dir, entry.name);
      found.push(path);
      pending.push(path);
    }
  }
  return found;
}

/** A folder as messages show it, ending with a separator (`./` for the working folder). */
function shownFolder(folder: string, display: (path: string) => string): string {
  return relative(process.cwd(), folder) === '' ? `.${sep}` : display(folder) + sep;
}

/** Dependencies and hidden files and folders are not the project's code. */
function ignored(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

interface Served {
  readonly port: number;
  stop(): Promise<void>;
}

/** Starts a serving process; `undefined` when it exits before it listens (it has said why). */
function start(config: ServeConfig, options: WatchOptions): Promise<Served | undefined> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./worker.js', import.meta.url)), [], {
    env: { ...process.env, ASMXGEN_SERVE_CONFIG: JSON.stringify(config), ASMXGEN_SERVE_ALONE: '1' },
    stdio: 'inherit',
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((done) => {
    child.once('message', (message: { type?: string; port?: number }) => {
      if (message.type !== 'listening') return;
      done({
        port: message.port ?? config.port,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
    void exited.then(() => done(undefined));
  }).then((served) => {
    if (!served) options.log('asmxgen: the service did not start');
    return served as Served | undefined;
  });
}
