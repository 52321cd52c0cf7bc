import { describe, expect, it } from 'vitest';
import { DEFAULT_SPEC_PATH, loadSpec } from '../../generator/index.js';
import { contentText } from '../../generator/model/file-content.js';
import { fileOf, generateFiles } from './generate-spec.js';
import { generate } from '../../generator/index.js';

describe('types.ts', () => {
  it('gives each parameter a property: optional when minOccurs is 0, quoted when not an identifier, typed from the XSD type', async () => {
    const types = fileOf(await generateFiles(), 'types.ts');
    expect(types).toContain(
      [
        '/**',
        ' * Items in a category, counted *\\/ carefully.',
        ' *',
        ' * The parameters of `CountItems`.',
        ' *',
        ' * @group Stock',
        ' */',
        'export interface CountItemsInput {',
        '  category?: string;',
        '  since: XsdDateTime;',
        "  'my-field': bigint;",
        '}',
      ].join('\n'),
    );
    expect(types).toContain('export interface UploadInput {\n  data?: Uint8Array;\n}');
  });

  it('types an operation without parameters as an empty object, which accepts {} and nothing else', async () => {
    const types = fileOf(await generateFiles(), 'types.ts');
    expect(types).toContain('/** `Ping` takes no parameters. */\nexport type PingInput = Record<string, never>;');
  });

  it('types results: void, the value type, or the reference type or undefined', async () => {
    const types = fileOf(await generateFiles(), 'types.ts');
    expect(types).toContain('\nexport type PingResult = void;\n');
    expect(types).toContain('\nexport type CountItemsResult = number;\n');
    expect(types).toContain(
      ' * What `GetMotto` returns, the `GetMottoResult` element; `undefined` when it is absent.\n */\n' +
        'export type GetMottoResult = string | undefined;\n',
    );
  });

  it('for the default spec: requestJson?: string everywhere, UploadImage takes nothing, all void, each with its group', async () => {
    const files = await generate(await loadSpec(DEFAULT_SPEC_PATH));
    const types = contentText(files.find((f) => f.path === 'types.ts')!.content);
    expect(types).toContain(
      '/**\n * The parameters of `Authenticate`.\n *\n * @group Password authentication\n */\n' +
        'export interface AuthenticateInput {\n  requestJson?: string;\n}\n',
    );
    expect(types).toContain(
      '/**\n * `UploadImage` takes no parameters.\n *\n * @group Image upload\n */\n' +
        'export type UploadImageInput = Record<string, never>;\n',
    );
    expect(types.match(/^export type \w+Result = void;$/gm)).toHaveLength(20);
  });
});
