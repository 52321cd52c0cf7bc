import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import type { GeneratedFile } from '../../generator/model/types.js';

const made: string[] = [];

/** A fresh temporary folder, removed after each test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'asmxgen-output-'));
  made.push(dir);
  return dir;
}

afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

export function file(path: string, content: string): GeneratedFile {
  return { path, content };
}

export const FILES: readonly GeneratedFile[] = [
  file(
    'AuthenticationWebService.wsdl',
    '<?xml version="1.0" encoding="utf-8"?>\n<wsdl:definitions>\n</wsdl:definitions>\n',
  ),
  file('server.ts', 'export const server = 1;\n'),
  file('client/index.ts', 'export const client = "é";\n'),
  file('client/deep/types.ts', 'export type T = string;\n'),
];

/** Every entry below `dir` (files and folders), as sorted relative paths; folders end in `/`. */
export async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .map((e) => {
      const rel = join(e.parentPath, e.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/');
      return e.isDirectory() ? `${rel}/` : rel;
    })
    .sort();
}

export async function put(dir: string, rel: string, content: string): Promise<void> {
  await mkdir(dirname(join(dir, rel)), { recursive: true });
  await writeFile(join(dir, rel), content);
}

export async function read(dir: string, rel: string): Promise<string> {
  return readFile(join(dir, rel), 'utf8');
}

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

const OLD = new Date('2001-02-03T04:05:06Z');

/** Sets every file's mtime to 2001 so that any rewrite is visible. */
export async function ageFiles(dir: string): Promise<void> {
  for (const rel of await tree(dir)) if (!rel.endsWith('/')) await utimes(join(dir, rel), OLD, OLD);
}

export async function mtimes(dir: string): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const rel of await tree(dir)) if (!rel.endsWith('/')) result[rel] = (await stat(join(dir, rel))).mtimeMs;
  return result;
}

/** The manifest of `paths`: it names the service of their one top-level WSDL (`X.wsdl` → `X`), if any. */
export function manifestOf(paths: string[]): string {
  const wsdls = paths.filter((p) => /^[^/]+\.wsdl$/.test(p));
  const service = wsdls.length === 1 ? { service: wsdls[0]!.replace(/\.wsdl$/, '') } : {};
  return `${JSON.stringify({ generator: 'asmxgen', ...service, files: [...paths].sort() }, null, 2)}\n`;
}
