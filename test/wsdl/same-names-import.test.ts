import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { CLASS_IN_TWO_NAMESPACES } from './refusal-cases.js';
import { CORPUS_DIR } from './wsdl-fixtures.js';

const SAME_NAMES = readFileSync(resolve(CORPUS_DIR, 'SameNames.wsdl'), 'utf8');

describe('types of the same XML name in two namespaces', () => {
  it('keeps both, naming the second apart with its XML name (corpus SameNames)', () => {
    const { spec } = readWsdl(SAME_NAMES, 'SameNames.wsdl');
    expect(spec.types).toEqual([
      {
        kind: 'class',
        name: 'Journey',
        members: [
          { name: 'Rail', type: 'Pass' },
          { name: 'Air', type: 'Pass1' },
        ],
      },
      { kind: 'class', name: 'Pass', namespace: 'urn:example:rail', members: [{ name: 'Seat', type: 'string' }] },
      {
        kind: 'class',
        name: 'Pass1',
        xmlName: 'Pass',
        namespace: 'urn:example:air',
        members: [
          { name: 'Gate', type: 'string' },
          { name: 'Row', type: 'int' },
        ],
      },
    ]);
    expect(spec.operations.map((o) => [o.parameters?.map((p) => p.type), o.result])).toEqual([
      [['Journey'], 'Journey'],
      [['Pass'], 'Pass1'],
    ]);
  });

  it('reads a class written in a second namespace as two types', () => {
    const { spec } = readWsdl(CLASS_IN_TWO_NAMESPACES, 'fixture.wsdl', { exact: false });
    const caption = (name: string) => spec.types?.find((t) => t.name === name);
    // Waypoint (urn:example:geo) reaches its copy first; the service's own is the second.
    expect(caption('Caption')).toMatchObject({ namespace: 'urn:example:geo' });
    expect(caption('Caption1')).toMatchObject({ xmlName: 'Caption' });
    expect(caption('Caption1')).not.toHaveProperty('namespace');
  });
});
