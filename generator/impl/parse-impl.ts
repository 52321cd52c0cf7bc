import { Project, ts, type SourceFile } from 'ts-morph';
import { ImplError, location } from './impl-error.js';

/** A handlers file in JavaScript (`.js`, `.mjs`): typed by a JSDoc `@type`, not an annotation. */
export function isJavaScript(fileName: string): boolean {
  return /\.m?js$/i.test(fileName);
}

/** At most this many syntax errors are listed; the rest are counted. */
const MAX_LISTED = 10;

/**
 * Parses an impl file for reading positions only: nothing is ever printed back from the tree.
 * `text` must not start with a byte order mark (the caller keeps it aside).
 * Throws an ImplError listing the syntax errors (`file:line:column: message`) when it does not parse.
 */
export function parseImpl(text: string, fileName: string): SourceFile {
  const project = new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    compilerOptions: { noLib: true, noResolve: true, types: [], target: ts.ScriptTarget.Latest },
  });
  const kind = isJavaScript(fileName)
    ? ts.ScriptKind.JS
    : /\.tsx$/i.test(fileName)
      ? ts.ScriptKind.TSX
      : ts.ScriptKind.TS;
  const extension = kind === ts.ScriptKind.JS ? '.js' : kind === ts.ScriptKind.TSX ? '.tsx' : '.ts';
  const sourceFile = project.createSourceFile(`/impl${extension}`, text, { scriptKind: kind });
  // Positions index `text` only if the parser saw exactly it (a byte order mark, say, would shift them).
  if (sourceFile.getFullText() !== text) throw new Error('the parser did not keep the impl file text as it is');
  const diagnostics = project.getProgram().compilerObject.getSyntacticDiagnostics(sourceFile.compilerNode);
  if (diagnostics.length > 0) {
    const n = diagnostics.length;
    const lines = diagnostics.slice(0, MAX_LISTED).map((d) => {
      const where = location(fileName, text, d.start ?? 0);
      return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')} (TS${d.code})`;
    });
    if (n > MAX_LISTED) lines.push(`… and ${n - MAX_LISTED} more`);
    throw new ImplError(
      'syntax',
      fileName,
      `${fileName} has ${n} syntax error${n === 1 ? '' : 's'}, so asmxgen left it untouched and wrote nothing; ` +
        `fix ${n === 1 ? 'it' : 'them'} and run asmxgen again.\n${lines.join('\n')}`,
    );
  }
  return sourceFile;
}
