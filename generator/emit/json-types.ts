import type { JsonSiteModel, OperationModel, ServiceModel } from '../model/types.js';
import { PRETTIER_OPTIONS, type Statement } from '../printer/ts-module.js';
import { UnsupportedSpecError } from './unsupported-error.js';

/** A typed JSON string of an operation, with what messages call it. */
export interface JsonSite {
  readonly json: JsonSiteModel;
  /** `parameter orderJson of Order`, `the result of Order`. */
  readonly label: string;
}

/** Every typed JSON string of the service, in spec order: each operation's parameters, then its result. */
export function jsonSitesOf(model: ServiceModel): JsonSite[] {
  return model.operations.flatMap((op) => jsonSitesOfOperation(op));
}

export function jsonSitesOfOperation(op: OperationModel): JsonSite[] {
  return [
    ...op.parameters.flatMap((p) => (p.json ? [{ json: p.json, label: `parameter ${p.name} of ${op.name}` }] : [])),
    ...(op.result?.json ? [{ json: op.result.json, label: `the result of ${op.name}` }] : []),
  ];
}

/**
 * The TypeScript types of the service's typed JSON strings, by the site's type name: for each, the declarations
 * json-schema-to-typescript makes of its schema (the root named by the model, `$defs` and titled subschemas by
 * their names), formatted as the rest of the generated code. The root's `title` is left out so that the model's
 * name holds. Two schemas that declare the same name are refused: the module would declare it twice.
 */
export async function compileJsonTypes(model: ServiceModel, taken: ReadonlySet<string>): Promise<JsonTypes> {
  const sites = jsonSitesOf(model);
  const out = new Map<string, Statement>();
  if (sites.length === 0) return out;
  const { compile } = await import('json-schema-to-typescript');
  const declared = new Map<string, { text: string; by: string }>();
  const clashes: string[] = [];
  for (const site of sites) {
    const { title: _title, ...schema } = site.json.schema;
    const text = await compile(schema as object, site.json.tsType, {
      bannerComment: '',
      format: true,
      style: { ...PRETTIER_OPTIONS, bracketSpacing: true, semi: true, tabWidth: 2, useTabs: false },
      additionalProperties: true,
      strictIndexSignatures: false,
      unknownAny: true,
      declareExternallyReferenced: true,
      unreachableDefinitions: false,
    });
    const kept: string[] = [];
    const names: string[] = [];
    for (const chunk of declarations(text)) {
      const name = /^export (?:declare )?(?:const )?(?:interface|type|enum) ([A-Za-z_$][\w$]*)/m.exec(chunk)?.[1];
      if (name === undefined) continue;
      const first = declared.get(name);
      // A schema file two sites refer to declares its types once.
      if (first?.text === chunk) continue;
      const other = first?.by ?? (taken.has(name) ? 'another type of the service' : undefined);
      if (other !== undefined) {
        clashes.push(
          `the JSON Schema of ${site.label} declares the TypeScript type ${name}, as does ${other}: give one of ` +
            'them another title (or $defs name)',
        );
      }
      declared.set(name, { text: chunk, by: `the JSON Schema of ${site.label}` });
      kept.push(chunk);
      names.push(name);
    }
    out.set(site.json.tsType, { kind: 'raw', text: kept.join('\n\n'), types: names });
  }
  if (clashes.length > 0) throw new UnsupportedSpecError(model.name, clashes);
  return out;
}

/** The declarations of each typed JSON string, by its type's name. */
export type JsonTypes = ReadonlyMap<string, Statement>;

/** The top-level declarations of json-schema-to-typescript's output, each with its doc comment. */
function declarations(text: string): string[] {
  const out: string[][] = [];
  let previous = '';
  for (const line of text.trimEnd().split('\n')) {
    const starts = line.startsWith('/**') || (line.startsWith('export ') && previous !== ' */');
    if (starts || out.length === 0) out.push([]);
    if (line !== '' || !starts) out[out.length - 1]!.push(line);
    previous = line;
  }
  return out.map((lines) => lines.join('\n').trim()).filter((chunk) => chunk !== '');
}
