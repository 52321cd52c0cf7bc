import { changeOf, type Change, type DiffRule } from './change.js';
import type { DiffContext } from './diff-context.js';
import { SERVICE_WHERE } from './where.js';

export const SCRIPT_NAMESPACE_CHANGED: DiffRule = {
  id: 'script-namespace-changed',
  level: 'breaking',
  meaning:
    "The C# namespace of a `[ScriptService]`'s class changed (`service.scriptNamespace`), either way: its `/js` " +
    'proxy class has another name.',
  why:
    'Pages call the service through the proxy class by its full name (`Contoso.Services.Svc.Method(…)`): under ' +
    'another name, those calls find no class.',
};

export const SCRIPT_NAMESPACE_RULES: readonly DiffRule[] = [SCRIPT_NAMESPACE_CHANGED];

/** `service.scriptNamespace`, old to new, while both sides are script services; only between specs (no WSDL has it). */
export function scriptNamespaceChanges(ctx: DiffContext): Change[] {
  if (ctx.options.scriptSettings === false) return [];
  const { old: a, new: b } = ctx;
  if (!a.scriptService || !b.scriptService || a.scriptNamespace === b.scriptNamespace) return [];
  const show = (ns: string | undefined) => ns ?? '(global)';
  return [
    changeOf(
      SCRIPT_NAMESPACE_CHANGED,
      SERVICE_WHERE,
      `proxy class namespace changed from ${show(a.scriptNamespace)} to ${show(b.scriptNamespace)}`,
      { old: show(a.scriptNamespace), new: show(b.scriptNamespace) },
    ),
  ];
}
