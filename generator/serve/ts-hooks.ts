/**
 * Node module hooks that let `asmxgen serve` import TypeScript directly: the
 * generated service and a user's `--impl` file. `.js` specifiers that name a
 * `.ts` file (the NodeNext convention) resolve to it, and `.ts` files are
 * transpiled (types erased, nothing checked) with the compiler ts-morph ships.
 * Registered with `module.register()`; runs on Node's loader thread.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ts } from 'ts-morph';

interface ResolveContext {
  parentURL?: string;
}
type NextResolve = (specifier: string, context: ResolveContext) => Promise<{ url: string }>;
type NextLoad = (url: string, context: object) => Promise<{ format?: string; source?: unknown }>;

export async function resolve(specifier: string, context: ResolveContext, next: NextResolve) {
  const parent = context.parentURL;
  if (parent?.startsWith('file:') && (specifier.startsWith('./') || specifier.startsWith('../'))) {
    const target = new URL(specifier, parent);
    if (target.pathname.endsWith('.js') && !existsSync(fileURLToPath(target))) {
      const tsFile = fileURLToPath(target).slice(0, -3) + '.ts';
      if (existsSync(tsFile)) return { url: pathToFileURL(tsFile).href, shortCircuit: true };
    }
  }
  try {
    return await next(specifier, context);
  } catch (error) {
    // Generated code served from a cache folder imports the runtime's packages
    // (fast-xml-parser, busboy): asmxgen depends on them, so resolve from here.
    const bare = !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.includes(':');
    if (!bare || (error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    // Not there either: the user's error (imported from their file) is the one to report, not this module's.
    return next(specifier, { ...context, parentURL: import.meta.url }).catch(() => Promise.reject(error as Error));
  }
}

export async function load(url: string, context: object, next: NextLoad) {
  if (url.startsWith('file:') && url.endsWith('.ts')) {
    const file = fileURLToPath(url);
    const text = readFileSync(file, 'utf8');
    const output = ts.transpileModule(text, {
      fileName: file,
      reportDiagnostics: true,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        sourceMap: false,
        inlineSourceMap: true,
        verbatimModuleSyntax: false,
      },
    });
    const problems = (output.diagnostics ?? []).slice(0, 10).map((d) => {
      const { line, character } = ts.getLineAndCharacterOfPosition(
        d.file ?? ts.createSourceFile(file, text, 99),
        d.start ?? 0,
      );
      return `${file}:${line + 1}:${character + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    if (problems.length > 0) throw new SyntaxError(`it does not parse:\n${problems.join('\n')}`);
    return { format: 'module', source: output.outputText, shortCircuit: true };
  }
  return next(url, context);
}
