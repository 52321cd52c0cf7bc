import { describe, expect, it } from 'vitest';
import { formatReport, type DiffReport } from '../../generator/diff/index.js';
import { changesTo, modelOf, variant } from './helpers.js';

/** Svc with Ping removed, Echo added and a description: one change at each level. */
function report(): DiffReport {
  const to = variant((s) => ({
    ...s,
    service: { ...s.service, description: 'A | pipe and *stars*' },
    operations: [...s.operations.filter((op) => op.name !== 'Ping'), { name: 'Echo' }],
  }));
  return {
    old: { input: 'old/Svc.wsdl', kind: 'wsdl', service: 'Svc' },
    new: { input: 'spec/svc.yaml', kind: 'spec', service: 'Svc' },
    changes: changesTo(to),
  };
}

const NONE: DiffReport = { ...report(), changes: [] };

describe('text', () => {
  it('prints a line per change, breaking first, and a summary', () => {
    expect(formatReport(report(), 'text')).toBe(
      [
        'BREAKING  operation-removed  operation Ping: removed',
        'NON-BREAKING  operation-added  operation Echo: added',
        'INFO  service-description-changed  service: description added: "A | pipe and *stars*"',
        '3 changes: 1 breaking, 1 non-breaking, 1 info',
      ].join('\n'),
    );
  });

  it('says "1 change" and "No changes."', () => {
    const one = { ...report(), changes: report().changes.slice(0, 1) };
    expect(formatReport(one, 'text')).toBe(
      'BREAKING  operation-removed  operation Ping: removed\n1 change: 1 breaking, 0 non-breaking, 0 info',
    );
    expect(formatReport(NONE, 'text')).toBe('No changes.');
  });
});

describe('json', () => {
  it('is { old, new, changes, summary } with keys in a fixed order', () => {
    expect(formatReport(report(), 'json')).toBe(
      `{
  "old": {
    "input": "old/Svc.wsdl",
    "kind": "wsdl",
    "service": "Svc"
  },
  "new": {
    "input": "spec/svc.yaml",
    "kind": "spec",
    "service": "Svc"
  },
  "changes": [
    {
      "rule": "operation-removed",
      "level": "breaking",
      "where": "operation Ping",
      "message": "removed"
    },
    {
      "rule": "operation-added",
      "level": "non-breaking",
      "where": "operation Echo",
      "message": "added"
    },
    {
      "rule": "service-description-changed",
      "level": "info",
      "where": "service",
      "message": "description added: \\"A | pipe and *stars*\\"",
      "new": "A | pipe and *stars*"
    }
  ],
  "summary": {
    "total": 3,
    "breaking": 1,
    "non-breaking": 1,
    "info": 1
  }
}`,
    );
  });

  it('with no changes, has an empty list and zero counts', () => {
    const parsed = JSON.parse(formatReport(NONE, 'json')) as Record<string, unknown>;
    expect(parsed.changes).toEqual([]);
    expect(parsed.summary).toEqual({ total: 0, breaking: 0, 'non-breaking': 0, info: 0 });
  });

  it('does not depend on the order the models list operations in', () => {
    const a = modelOf({ service: { name: 'S', namespace: 'urn:s' }, operations: [{ name: 'A' }, { name: 'B' }] });
    const b = modelOf({ service: { name: 'S', namespace: 'urn:s' }, operations: [{ name: 'D' }, { name: 'C' }] });
    const b2 = modelOf({ service: { name: 'S', namespace: 'urn:s' }, operations: [{ name: 'C' }, { name: 'D' }] });
    const side = { input: 'x', kind: 'spec', service: 'S' } as const;
    const json = (changes: DiffReport['changes']) => formatReport({ old: side, new: side, changes }, 'json');
    expect(json(changesTo(b, a))).toBe(json(changesTo(b2, a)));
    expect(changesTo(b, a).map((c) => c.where)).toEqual(['operation A', 'operation B', 'operation C', 'operation D']);
  });
});

describe('markdown', () => {
  it('is a heading, the inputs, the summary and a table, breaking first, cells escaped', () => {
    expect(formatReport(report(), 'markdown')).toBe(
      [
        '### asmxgen diff: Svc',
        '',
        '`old/Svc.wsdl` → `spec/svc.yaml`',
        '',
        '**3 changes: 1 breaking, 1 non-breaking, 1 info**',
        '',
        '| level | rule | where | change |',
        '| --- | --- | --- | --- |',
        '| **breaking** | `operation-removed` | operation Ping | removed |',
        '| non-breaking | `operation-added` | operation Echo | added |',
        '| info | `service-description-changed` | service | description added: "A \\| pipe and \\*stars\\*" |',
      ].join('\n'),
    );
  });

  it('says "No changes." under the heading', () => {
    expect(formatReport(NONE, 'markdown')).toBe(
      '### asmxgen diff: Svc\n\n`old/Svc.wsdl` → `spec/svc.yaml`\n\nNo changes.',
    );
  });
});
