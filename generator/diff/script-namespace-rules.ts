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

export const TYPE_NAMESPACE_CHANGED: DiffRule = {
  id: 'script-type-namespace-changed',
  level: 'breaking',
  meaning:
    "The C# namespace of a `[ScriptService]`'s types changed (`service.typeNamespace`), either way: JSON names its " +
    'classes otherwise (`__type`), and its `/js` proxy declares them under other names.',
  why:
    'Pages build values with the typed constructors by their full names (`new Contoso.Models.Book()`) and send the ' +
    '`__type` they were given: under other names, those constructors are missing and those ids unknown.',
};

export const SCRIPT_NAMESPACE_RULES: readonly DiffRule[] = [SCRIPT_NAMESPACE_CHANGED, TYPE_NAMESPACE_CHANGED];

/** `service.scriptNamespace` and `typeNamespace`, old to new, while both sides are script services; only between specs. */
export function scriptNamespaceChanges(ctx: DiffContext): Change[] {
  if (ctx.options.scriptSettings === false) return [];
  const { old: a, new: b } = ctx;
  if (!a.scriptService || !b.scriptService) return [];
  const show = (ns: string | undefined) => ns ?? '(global)';
  const changes: Change[] = [];
  if (a.scriptNamespace !== b.scriptNamespace) {
    changes.push(
      changeOf(
        SCRIPT_NAMESPACE_CHANGED,
        SERVICE_WHERE,
        `proxy class namespace changed from ${show(a.scriptNamespace)} to ${show(b.scriptNamespace)}`,
        { old: show(a.scriptNamespace), new: show(b.scriptNamespace) },
      ),
    );
  }
  if (a.typeNamespace !== b.typeNamespace) {
    changes.push(
      changeOf(
        TYPE_NAMESPACE_CHANGED,
        SERVICE_WHERE,
        `type namespace changed from ${show(a.typeNamespace)} to ${show(b.typeNamespace)}`,
        { old: show(a.typeNamespace), new: show(b.typeNamespace) },
      ),
    );
  }
  return changes;
}
