import { stringify } from 'yaml';
import { diffModels, type Change, type DiffOptions } from '../../generator/diff/index.js';
import { loadSpecText, type ServiceModel, type Spec, type SpecOperation } from '../../generator/index.js';

/** A small service: `Svc` in `urn:svc`, SOAP 1.1 and 1.2 only (so HTTP rules stay out of the way) unless given. */
export const BASE: Spec = {
  service: { name: 'Svc', namespace: 'urn:svc' },
  bindings: ['soap11', 'soap12'],
  operations: [
    { name: 'Ping' },
    { name: 'Count', parameters: [{ name: 'category' }, { name: 'since', type: 'dateTime' }], result: 'int' },
  ],
};

/** The model of a spec, through the spec loader (so the test specs are valid YAML specs). */
export function modelOf(spec: Spec): ServiceModel {
  return loadSpecText(stringify(spec), 'test.yaml');
}

/** `BASE` with its service or operations changed. */
export function variant(change: (spec: Spec) => Spec): ServiceModel {
  return modelOf(change(structuredClone(BASE)));
}

/** `BASE` with operation `name` replaced by `edit(op)`. */
export function withOperation(name: string, edit: (op: SpecOperation) => SpecOperation): ServiceModel {
  return variant((spec) => ({ ...spec, operations: spec.operations.map((op) => (op.name === name ? edit(op) : op)) }));
}

/** The changes from `BASE` (or `from`) to `to`. */
export function changesTo(to: ServiceModel, from: ServiceModel = modelOf(BASE), options?: DiffOptions): Change[] {
  return diffModels(from, to, options);
}

/** `rule level where` of each change, for compact expectations. */
export function brief(changes: readonly Change[]): string[] {
  return changes.map((c) => `${c.rule} ${c.level} ${c.where}`);
}
