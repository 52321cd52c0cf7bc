import { generate, loadSpecText, type GenerateOptions } from '../../generator/index.js';
import { contentText } from '../../generator/model/file-content.js';

/**
 * A small service exercising what the TypeScript modules vary on: descriptions, groups, optional and typed
 * parameters, no parameters, void and typed results.
 */
export const SMALL_SPEC = `
service:
  name: Shop
  namespace: urn:example:shop
operations:
  - name: CountItems
    group: Stock
    description: Items in a category, counted */ carefully.
    parameters:
      - { name: category, type: string }
      - { name: since, type: dateTime }
      - { name: my-field, type: long }
    result: int
  - name: GetMotto
    description: "Says hello: \\u00e9t\\u00e9 \\u2013 caf\\u00e9."
    result: string
  - name: Ping
  - name: Upload
    group: Images
    parameters:
      - { name: data, type: base64Binary }
`;

/** The files `generate` writes for `yaml`, by path. */
export async function generateFiles(
  yaml: string = SMALL_SPEC,
  options?: GenerateOptions,
): Promise<Map<string, string>> {
  const files = await generate(loadSpecText(yaml), options);
  return new Map(files.map((f) => [f.path, contentText(f.content)]));
}

/** One generated file's content; throws when it is not generated. */
export function fileOf(files: Map<string, string>, path: string): string {
  const content = files.get(path);
  if (content === undefined) throw new Error(`${path} was not generated; got ${[...files.keys()].join(', ')}`);
  return content;
}
