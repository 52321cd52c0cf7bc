import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { contentText, generate, loadSpec, loadSpecText, type GeneratedFile } from '../../generator/index.js';
import { PRETTIER_OPTIONS } from '../../generator/printer/ts-module.js';
import { listScenarios } from '../golden/scenarios.js';

/**
 * Generated TypeScript is laid out by asmxgen itself (generator/emit/print/), as prettier would format it:
 * prettier, with the repository's options, must leave every generated module exactly as it is, for every
 * golden scenario and for services whose names, parameters, documentation and addresses push every layout
 * past the print width.
 */
async function prettierChanges(files: readonly GeneratedFile[]): Promise<string[]> {
  const changed: string[] = [];
  for (const file of files) {
    // The runtime is hand-written and copied as it is; everything else is laid out to the width.
    if (!file.path.endsWith('.ts') || file.path.startsWith('runtime/')) continue;
    const content = contentText(file.content);
    const formatted = await format(content, { ...PRETTIER_OPTIONS, parser: 'typescript', filepath: file.path });
    if (formatted !== content) changed.push(`${file.path}:\n${firstDifference(content, formatted)}`);
  }
  return changed;
}

function firstDifference(actual: string, expected: string): string {
  const a = actual.split('\n');
  const b = expected.split('\n');
  const i = a.findIndex((line, n) => line !== b[n]);
  return `  line ${i + 1}\n  generated: ${JSON.stringify(a[i])}\n  prettier:  ${JSON.stringify(b[i])}`;
}

describe('generated TypeScript is prettier-clean', () => {
  // Scenarios generated --wsdl-only have no TypeScript.
  it.each(listScenarios().filter((s) => !s.wsdlOnly))('golden scenario $name', async (scenario) => {
    const files = await generate(await loadSpec(scenario.spec), { baseUrl: scenario.baseUrl });
    expect(await prettierChanges(files)).toEqual([]);
  });

  it.each(EXTREME_SPECS.map((spec, i) => ({ i, ...spec })))(
    'a service with extreme names and values ($i)',
    async ({ yaml, baseUrl }) => {
      const files = await generate(loadSpecText(yaml), { baseUrl });
      expect(await prettierChanges(files)).toEqual([]);
    },
  );
});

/** `n` characters of an identifier. */
function long(prefix: string, n: number): string {
  return (prefix + 'InventoryWarehouseCategoryAccount'.repeat(10)).slice(0, n);
}

const TYPES = [
  'string',
  'boolean',
  'byte',
  'unsignedByte',
  'short',
  'unsignedShort',
  'int',
  'unsignedInt',
  'long',
  'unsignedLong',
  'float',
  'double',
  'decimal',
  'dateTime',
  'base64Binary',
];

/** Services at and past every width limit: one-letter and 130-character names, many parameters, long text. */
const EXTREME_SPECS: { yaml: string; baseUrl: string }[] = [
  // Long service and operation names: signatures, unions, type aliases and calls break.
  ...[3, 60, 95, 101, 104, 108, 112, 130].map((n) => ({
    baseUrl: 'http://localhost:8080',
    yaml: `
service:
  name: ${long('S', n)}
  namespace: "http://www.contoso.com/services/inventory/2010/05/${long('n', n)}"
  description: ${JSON.stringify('Service text '.repeat(20))}
bindings: [${n % 2 ? 'soap11, httpGet, httpPost' : 'soap12'}]
operations:
  - name: ${long('Op', n)}
    group: ${JSON.stringify('A long group '.repeat(12) + '*/ end')}
    description: ${JSON.stringify('Line one\nline two is long ' + 'and longer '.repeat(12) + '\n\n  indented */ three')}
    parameters:
${TYPES.map((t, i) => `      - { name: ${long(`p${i}-`, ((n + i * 7) % 97) + 1)}, type: ${t} }`).join('\n')}
    result: ${TYPES[n % TYPES.length]}
  - name: ${long('Q', Math.max(1, 120 - n))}
    result: base64Binary
  - name: R
    parameters: [{ name: ${long('r', n)}, type: dateTime }]
`,
  })),
  // One operation of one parameter of every type; quotes in the namespace; a long base URL.
  ...TYPES.map((t, i) => ({
    baseUrl: `http://very-long-host-name.example.com:8080/${'virtual/directory/'.repeat(i % 5)}`,
    yaml: `
service:
  name: ${long('T', 10 + i * 9)}
  namespace: ${JSON.stringify(["urn:it's", 'urn:"quoted"', 'urn:a\\b', 'http://tempuri.org/'][i % 4])}
operations:
  - name: ${long('Get', 5 + i * 8)}
    parameters: [{ name: ${long('v', 1 + i * 7)}, type: ${t} }]
    result: ${t}
`,
  })),
];
