/**
 * A binding moved into or out of another namespace (`service.bindingNamespace`, `soapBindings[].namespace`): its
 * operations' request and response elements change namespace on the wire, which the method-shape rules report as
 * breaking either way; an operation of another binding, or the same namespace written out, changes nothing.
 */
import { describe, expect, test } from 'vitest';
import { diffModels } from '../../generator/diff/diff-models.js';
import { buildModel } from '../../generator/spec/build-model.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';

const model = (service: string) =>
  buildModel(
    parseSpec(
      `service:\n  name: Ledger\n  namespace: urn:l\n${service}operations:\n  - { name: Ping, binding: B, result: int }\n` +
        '  - { name: Echo, result: int }\n',
      'f.yaml',
    ),
  );
const inNamespace = (ns: string | undefined) =>
  model(`  soapBindings:\n    - default\n    - { name: B${ns === undefined ? '' : `, namespace: "${ns}"`} }\n`);

describe('a binding namespace, changed', () => {
  test.each([
    ['into another namespace', undefined, 'urn:b', 'urn:l', 'urn:b'],
    ['back into the service namespace', 'urn:b', undefined, 'urn:b', 'urn:l'],
    ['into a third one', 'urn:b', 'urn:c', 'urn:b', 'urn:c'],
  ])("%s: its operations' elements moved, breaking", (_, from, to, old, now) => {
    const changes = diffModels(inNamespace(from), inNamespace(to));
    expect(changes.map((c) => [c.rule, c.level, c.where, c.message])).toEqual([
      ['request-namespace-changed', 'breaking', 'operation Ping', `request namespace changed from ${old} to ${now}`],
      ['response-namespace-changed', 'breaking', 'operation Ping', `response namespace changed from ${old} to ${now}`],
    ]);
  });

  test('the same namespace on both sides: no change', () => {
    expect(diffModels(inNamespace('urn:b'), inNamespace('urn:b'))).toEqual([]);
  });
});
