/**
 * The TypeScript names of a service's generated modules, allocated in one place so that no two exported names
 * collide (`index.ts` re-exports every module's names) and no declared type shadows a name generated code uses.
 *
 * Precedence, highest first:
 *
 * 1. fixed names, which never move: the globals generated code names, the runtime's symbols, and the service-level
 *    names (`{Svc}Handlers`, `create{Svc}Client`, `service`, ...);
 * 2. declared types, named as the spec declares them (the C# names): the user's vocabulary;
 * 3. the `{Base}Value` unions of classes with derived classes;
 * 4. per-operation names (`{Op}Input`, `{Op}Result`, `{Op}Headers`, ...), in operation order.
 *
 * A name already taken gets `_` appended until it is free: a class `LoginResult` keeps its name, and the result
 * alias of an operation `Login` becomes `LoginResult_`.
 */

/** Globals generated modules (and their test suites) name in types or values. */
export const TS_GLOBAL_NAMES: readonly string[] = [
  'Array',
  'Awaited',
  'BigInt',
  'Boolean',
  'Date',
  'Error',
  'NonNullable',
  'Number',
  'Object',
  'Omit',
  'Parameters',
  'Partial',
  'Promise',
  'Readonly',
  'Record',
  'Required',
  'ReturnType',
  'String',
  'Symbol',
  'TextEncoder',
  'Uint8Array',
];

/**
 * Every runtime symbol generated modules import or re-export (`generator/emit/runtime-symbols.ts`; a test holds
 * this list to that table).
 */
export const RUNTIME_NAMES: readonly string[] = [
  'AnyValue',
  'CallContext',
  'CallOptions',
  'ClientFile',
  'ClientOptions',
  'ClientUpload',
  'HttpError',
  'JsonFaultError',
  'JsonSchemaValidator',
  'NetworkError',
  'ProtocolError',
  'ServerOptions',
  'ServiceDescription',
  'ServiceDocuments',
  'SoapFault',
  'SoapFaultError',
  'TimeoutError',
  'UploadedFile',
  'XmlFragment',
  'XsdDateTime',
  'createServiceCaller',
  'createServiceFetchHandler',
  'createServiceHandler',
  'createServiceServer',
  'jsonEqual',
  'jsonLength',
];

/** Hands out names, each once: a taken name gets `_` appended until it is free. */
export class TsNameAllocator {
  private readonly taken: Set<string>;

  constructor(fixed: Iterable<string>) {
    this.taken = new Set(fixed);
  }

  /** `wanted`, or `wanted_`, `wanted__`... whichever is free first; it is then taken. */
  allocate(wanted: string): string {
    let name = wanted;
    while (this.taken.has(name)) name += '_';
    this.taken.add(name);
    return name;
  }
}
