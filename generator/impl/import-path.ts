import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The module specifier an impl file imports the generated code by: the relative path from the
 * impl file's folder to `<outDir>/index.js`, with `/` separators and always starting with `./`
 * or `../` (NodeNext resolution wants the `.js`).
 */
export function importPathFor(implFile: string, outDir: string): string {
  const path = relative(dirname(resolve(implFile)), resolve(outDir, 'index.js'))
    .split(sep)
    .join('/');
  return path.startsWith('../') || isAbsolute(path) ? path : `./${path}`;
}

/** `file` is `folder` or inside it. */
export function isInside(file: string, folder: string): boolean {
  const path = relative(resolve(folder), resolve(file));
  return path === '' || (!path.startsWith(`..${sep}`) && path !== '..' && !isAbsolute(path));
}
