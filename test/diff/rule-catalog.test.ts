import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGE_LEVELS, DIFF_RULES } from '../../generator/diff/index.js';
import { ROOT } from '../cli/run-cli.js';

describe('the rule catalogue', () => {
  it('has unique kebab-case ids, each with a level, a meaning and a reason', () => {
    const ids = DIFF_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of DIFF_RULES) {
      expect(rule.id).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
      expect(CHANGE_LEVELS).toContain(rule.level);
      expect(rule.meaning).toMatch(/\.$/);
      expect(rule.why).toMatch(/[.)]$/);
    }
  });

  it('is documented in docs/diff.md: every rule with its level, and no other', () => {
    const page = readFileSync(join(ROOT, 'docs/diff.md'), 'utf8');
    const start = page.search(/^\| rule +\| level +\| reports +\| why this level +\|$/m);
    expect(start).toBeGreaterThan(-1);
    const table = page.slice(start, page.indexOf('\n\n', start));
    const rows = [...table.matchAll(/^\| `([a-z0-9-]+)` +\| ([a-z-]+) +\|/gm)].map(([, id, level]) => `${id} ${level}`);
    expect(rows).toEqual(DIFF_RULES.map((r) => `${r.id} ${r.level}`));
  });

  it('has a unit test for every rule', () => {
    const dir = join(ROOT, 'test/diff');
    const tests = readdirSync(dir)
      .filter((f) => f.endsWith('-rules.test.ts'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    for (const rule of DIFF_RULES) expect(tests, rule.id).toMatch(new RegExp(`rule: '${rule.id}'`));
  });
});
