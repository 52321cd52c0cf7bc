/**
 * Typed JSON strings change the generated code and nothing else: the default spec with the `json:` example of
 * docs/spec.md generates the same WSDL and help pages as the default spec (the committed `generated/`, whose WSDL the
 * golden scenario holds to the one the real runtime serves), byte for byte, and its types name the schema's type.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { generate, loadSpecText } from '../../generator/index.js';
import { contentText } from '../../generator/model/file-content.js';
import { packageRoot } from '../../generator/package-root.js';
import { DEFAULT_SPEC_PATH } from '../../generator/spec/load-spec.js';

interface YamlOperation {
  name: string;
  parameters?: unknown[];
}

/** The YAML block after `<!-- typed-json-example -->` in docs/spec.md. */
function docsExample(): { operations: YamlOperation[] } {
  const page = readFileSync(join(packageRoot(), 'docs', 'spec.md'), 'utf8');
  const at = page.indexOf('<!-- typed-json-example -->');
  const block = /```yaml\n([\s\S]*?)```/.exec(page.slice(at))![1]!;
  return parse(block) as { operations: YamlOperation[] };
}

describe('typed JSON strings', () => {
  it('leave the WSDL and the help pages of the default spec byte for byte as they are (docs/spec.md example)', async () => {
    const example = docsExample().operations[0]!;
    const spec = parse(readFileSync(DEFAULT_SPEC_PATH, 'utf8')) as { operations: YamlOperation[] };
    const typed = {
      ...spec,
      operations: spec.operations.map((op) => (op.name === example.name ? { ...op, ...example } : op)),
    };
    const files = await generate(loadSpecText(stringify(typed), DEFAULT_SPEC_PATH));
    const file = (path: string) => contentText(files.find((f) => f.path === path)?.content ?? '');
    const committed = (path: string) => readFileSync(join(packageRoot(), 'generated', path), 'utf8');
    expect(file('AuthenticationWebService.wsdl')).toBe(committed('AuthenticationWebService.wsdl'));
    expect(file('documents.ts')).toBe(committed('documents.ts'));
    expect(file('types.ts')).toContain('export interface AuthenticateRequestJson {\n');
    expect(file('types.ts')).toContain('  requestJson?: AuthenticateRequestJson;\n');
    expect(file('json-schemas.ts')).toContain('export const validateAuthenticateRequestJson: JsonSchemaValidator');
  });
});
