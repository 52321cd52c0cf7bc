/**
 * What `diff` reports: one change per rule and place, each at the level of
 * its rule. A rule's id and level are stable: scripts match on them.
 */

/**
 * - `breaking`: a caller built against the old contract can fail, or silently change meaning, against a service
 *   that implements the new one.
 * - `non-breaking`: the contract changed, but callers built against the old one keep working.
 * - `info`: no message on the wire changes (documentation; addresses, which name a deployment, not the contract).
 */
export type ChangeLevel = 'breaking' | 'non-breaking' | 'info';

/** The levels, most severe first: the order changes are sorted in and `--fail-on` compares with. */
export const CHANGE_LEVELS: readonly ChangeLevel[] = ['breaking', 'non-breaking', 'info'];

export interface Change {
  /** The id of the rule that found it, kebab-case (`operation-removed`). */
  readonly rule: string;
  readonly level: ChangeLevel;
  /** Where in the service: `service`, `binding soap12`, `operation Authenticate, parameter requestJson`. */
  readonly where: string;
  /** One sentence for people. */
  readonly message: string;
  /** The old value, when there is one to show. */
  readonly old?: string;
  /** The new value, when there is one to show. */
  readonly new?: string;
}

/** A rule of the catalogue: its id, level and what it means, as the README documents it. */
export interface DiffRule {
  readonly id: string;
  readonly level: ChangeLevel;
  /** What the rule reports, one sentence. */
  readonly meaning: string;
  /** Why that level. */
  readonly why: string;
}

/** The change a rule found; `old` and `new` are left out when undefined, so the JSON stays minimal. */
export function changeOf(
  rule: DiffRule,
  where: string,
  message: string,
  values: { old?: string | undefined; new?: string | undefined } = {},
): Change {
  return {
    rule: rule.id,
    level: rule.level,
    where,
    message,
    ...(values.old !== undefined && { old: values.old }),
    ...(values.new !== undefined && { new: values.new }),
  };
}

/** Whether `level` is at least as severe as `threshold`. */
export function isAtLeast(level: ChangeLevel, threshold: ChangeLevel): boolean {
  return CHANGE_LEVELS.indexOf(level) <= CHANGE_LEVELS.indexOf(threshold);
}
