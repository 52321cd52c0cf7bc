import type { RuntimeMode } from '../model/types.js';
import type { Specifier, Statement } from '../printer/ts-module.js';

export type { RuntimeMode };

export const RUNTIME_MODES: readonly RuntimeMode[] = ['package', 'vendor'];

export const DEFAULT_RUNTIME_MODE: RuntimeMode = 'package';

/** The runtime's package name. */
export const RUNTIME_PACKAGE = '@asmxgen/runtime';

/** The output folder the runtime's sources are copied into in `vendor` mode. */
export const VENDOR_FOLDER = 'runtime';

/**
 * The runtime's entry points generated code imports, with the module of the runtime's `src/` each is: `core`
 * (the service description's types), `server` and `client`.
 */
const ENTRIES = {
  core: { subpath: '', module: 'service-description' },
  server: { subpath: '/server', module: 'server' },
  client: { subpath: '/client', module: 'client' },
} as const;

export type RuntimeEntry = keyof typeof ENTRIES;

/** A name generated code imports from the runtime. */
export interface RuntimeSymbol {
  readonly name: string;
  readonly entry: RuntimeEntry;
  /** A type (imported and re-exported with `type`), not a value. */
  readonly typeOnly: boolean;
}

const value = (entry: RuntimeEntry, name: string): RuntimeSymbol => ({ name, entry, typeOnly: false });
const type = (entry: RuntimeEntry, name: string): RuntimeSymbol => ({ name, entry, typeOnly: true });

/**
 * Every runtime symbol generated code names: emitters import and re-export through this table, and never spell
 * a runtime module's path or export themselves. A test checks each against the runtime's entry points.
 */
export const RUNTIME = {
  ServiceDescription: type('core', 'ServiceDescription'),
  ServiceDocuments: type('core', 'ServiceDocuments'),
  XsdDateTime: value('core', 'XsdDateTime'),
  XmlFragment: value('core', 'XmlFragment'),
  AnyValue: type('core', 'AnyValue'),
  JsonSchemaValidator: type('core', 'JsonSchemaValidator'),
  jsonEqual: value('core', 'jsonEqual'),
  jsonLength: value('core', 'jsonLength'),

  createServiceHandler: value('server', 'createServiceHandler'),
  createServiceServer: value('server', 'createServiceServer'),
  createServiceFetchHandler: value('server', 'createServiceFetchHandler'),
  SoapFault: value('server', 'SoapFault'),
  CallContext: type('server', 'CallContext'),
  SessionContext: type('server', 'SessionContext'),
  ServerOptions: type('server', 'ServerOptions'),
  UploadedFile: type('server', 'UploadedFile'),

  createServiceCaller: value('client', 'createServiceCaller'),
  SoapFaultError: value('client', 'SoapFaultError'),
  HttpError: value('client', 'HttpError'),
  ProtocolError: value('client', 'ProtocolError'),
  TimeoutError: value('client', 'TimeoutError'),
  NetworkError: value('client', 'NetworkError'),
  JsonFaultError: value('client', 'JsonFaultError'),
  CallOptions: type('client', 'CallOptions'),
  ClientOptions: type('client', 'ClientOptions'),
  ClientFile: type('client', 'ClientFile'),
  ClientUpload: type('client', 'ClientUpload'),
} as const satisfies Record<string, RuntimeSymbol>;

/** The specifier a module at the top of the output folder imports a runtime entry point by, in `mode`. */
export function runtimeSpecifier(entry: RuntimeEntry, mode: RuntimeMode): string {
  const { subpath, module } = ENTRIES[entry];
  return mode === 'package' ? RUNTIME_PACKAGE + subpath : `./${VENDOR_FOLDER}/${module}.js`;
}

/** A runtime symbol to import, under another local name when it would clash with one the module declares. */
export type RuntimeImport = RuntimeSymbol | { readonly symbol: RuntimeSymbol; readonly alias: string };

/**
 * The import statements for `symbols`: one per entry point, in the order the entries first appear, each name
 * in the order given; `import type` when every name from an entry is a type, else types marked `type`.
 */
export function importRuntime(symbols: readonly RuntimeImport[], mode: RuntimeMode): Statement[] {
  const byEntry = new Map<RuntimeEntry, { symbol: RuntimeSymbol; alias: string | undefined }[]>();
  for (const item of symbols) {
    const symbol = 'symbol' in item ? item.symbol : item;
    const names = byEntry.get(symbol.entry) ?? [];
    byEntry.set(symbol.entry, names);
    names.push({ symbol, alias: 'symbol' in item ? item.alias : undefined });
  }
  return [...byEntry].map(([entry, names]): Statement => {
    const typeOnly = names.every((n) => n.symbol.typeOnly);
    const specifiers = names.map(({ symbol, alias }): Specifier => {
      const markType = symbol.typeOnly && !typeOnly;
      if (alias === undefined && !markType) return symbol.name;
      return { name: symbol.name, ...(alias === undefined ? {} : { alias }), ...(markType ? { typeOnly: true } : {}) };
    });
    return {
      kind: 'import',
      ...(typeOnly ? { typeOnly } : {}),
      names: specifiers,
      from: runtimeSpecifier(entry, mode),
    };
  });
}

/** The specifiers that re-export `symbols` (imported before) from a generated module. */
export function reexportRuntime(symbols: readonly RuntimeSymbol[]): Statement {
  return { kind: 'export', names: symbols.map((s) => (s.typeOnly ? { name: s.name, typeOnly: true } : s.name)) };
}

/** Every entry point, for tests and for the vendor copy. */
export const RUNTIME_ENTRIES: readonly RuntimeEntry[] = Object.keys(ENTRIES) as RuntimeEntry[];

/** The runtime module (in its `src/`, without `.ts`) an entry point is. */
export function entryModule(entry: RuntimeEntry): string {
  return ENTRIES[entry].module;
}
