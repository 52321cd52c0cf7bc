import type { OperationModel, ServiceModel } from '../model/types.js';
import { jsDoc } from '../printer/js-doc.js';
import { importSpecifier, MODULE_PATHS } from './module-paths.js';
import { importRuntime, reexportRuntime, RUNTIME, type RuntimeMode, type RuntimeSymbol } from './runtime-symbols.js';
import { call, raw, union, generic } from '../printer/ts-syntax.js';
import type { Member, Statement, TsModule } from '../printer/ts-module.js';

/** What `server.ts` takes from the runtime, and what of it it re-exports. */
const IMPORTED: readonly RuntimeSymbol[] = [
  RUNTIME.createServiceHandler,
  RUNTIME.createServiceFetchHandler,
  RUNTIME.createServiceServer,
  RUNTIME.SoapFault,
  RUNTIME.CallContext,
  RUNTIME.ServerOptions,
  RUNTIME.UploadedFile,
];
const REEXPORTED: readonly RuntimeSymbol[] = [
  RUNTIME.SoapFault,
  RUNTIME.CallContext,
  RUNTIME.ServerOptions,
  RUNTIME.UploadedFile,
];

/**
 * `server.ts`: the handlers interface a service implementation fills in, and
 * the three ways to serve it (a Node/Express/Connect handler, a `node:http`
 * server, a fetch handler), all thin calls into the runtime.
 */
export function emitServerModule(model: ServiceModel, runtime: RuntimeMode): TsModule {
  const { ts } = model;
  // A service named `Service` declares `createServiceHandler` itself: the runtime's is then imported under an alias.
  const declared = new Set([ts.handlersInterface, ts.createHandler, ts.createServer, ts.createFetchHandler]);
  const local = (name: string) => (declared.has(name) ? `${name}FromRuntime` : name);
  const statements: Statement[] = [
    ...importRuntime(
      [...IMPORTED, ...(model.operations.some((op) => op.enableSession) ? [RUNTIME.SessionContext] : [])].map(
        (symbol) => (local(symbol.name) === symbol.name ? symbol : { symbol, alias: local(symbol.name) }),
      ),
      runtime,
    ),
    { kind: 'import', names: ['documents'], from: importSpecifier(MODULE_PATHS.documents) },
    { kind: 'import', names: ['service'], from: importSpecifier(MODULE_PATHS.service) },
    {
      kind: 'import',
      typeOnly: true,
      names: model.operations.flatMap((op) => [
        op.ts.inputType,
        op.ts.resultType,
        ...(op.ts.headers?.in ? [op.ts.headers.in] : []),
        ...(op.ts.headers?.out ? [op.ts.headers.out] : []),
      ]),
      from: importSpecifier(MODULE_PATHS.types),
    },
    {
      kind: 'interface',
      name: ts.handlersInterface,
      docs: jsDoc([
        `The implementation of ${model.name}: one method per operation, called with the operation's parameters ` +
          `and the call's context; it returns the result, or a promise of it. Throw a \`SoapFault\` to answer ` +
          'with a fault of your own. Every operation needs its method: the functions below throw when one is missing.',
      ]),
      members: model.operations.map((op) => ({
        kind: 'method' as const,
        name: op.ts.method,
        docs: jsDoc([op.description], { group: op.group }),
        params: [
          { name: 'input', type: op.ts.inputType },
          { name: 'ctx', type: contextOf(op) },
        ],
        returnType: union(op.ts.resultType, generic('Promise', op.ts.resultType)),
      })),
    },
    ...model.operations.flatMap(contextType),
    factory(
      ts.createHandler,
      RUNTIME.createServiceHandler,
      `A request listener serving ${model.name} at \`${model.path}\`: \`(req, res, next?)\`, for \`node:http\` ` +
        '(`http.createServer(listener)`) and as Express or Connect middleware (`app.use(listener)`). As middleware, ' +
        'requests for other paths go to `next()`; standalone they get a 404.',
    ),
    factory(
      ts.createServer,
      RUNTIME.createServiceServer,
      `A \`node:http\` server serving ${model.name} at \`${model.path}\`, not yet listening: call \`listen\` on it.`,
    ),
    factory(
      ts.createFetchHandler,
      RUNTIME.createServiceFetchHandler,
      `A fetch handler serving ${model.name} at \`${model.path}\`: \`(request: Request) => Promise<Response>\`, ` +
        'for runtimes and frameworks built on the Fetch API. Other paths get a 404.',
    ),
    reexportRuntime(REEXPORTED),
  ];

  function factory(name: string, runtimeFunction: RuntimeSymbol, doc: string): Statement {
    const args = ['service', 'documents', 'handlers', 'options'].map((a) => raw(a));
    return {
      kind: 'function',
      name,
      docs: jsDoc([doc]),
      params: [
        { name: 'handlers', type: ts.handlersInterface },
        { name: 'options', type: 'ServerOptions', optional: true },
      ],
      body: [['return ', call(local(runtimeFunction.name), args).doc, ';']],
    };
  }

  return { path: MODULE_PATHS.server, statements };
}

/** A handler's context: `CallContext`, with its SOAP headers, and `ctx.session` for an `enableSession` operation. */
function contextOf(op: OperationModel): string {
  const context = op.ts.headers?.context ?? 'CallContext';
  return op.enableSession ? `${context} & SessionContext` : context;
}

/** `{Op}Context`: the call's context with the SOAP headers an operation reads and writes. */
function contextType(op: OperationModel): Statement[] {
  const names = op.ts.headers;
  if (!names) return [];
  const members: Member[] = [];
  if (names.in) {
    members.push({
      kind: 'property',
      name: 'soapHeaders',
      type: names.in,
      docs: jsDoc(['The SOAP headers the request carries, by field; a header it does not carry is absent.']),
    });
  }
  if (names.out) {
    members.push({
      kind: 'property',
      name: 'outHeaders',
      type: names.out,
      docs: jsDoc([
        'The SOAP headers the reply writes, by field: set a field to write its header. An InOut header starts as ' +
          'the request carried it, so it is written back unless changed or deleted.',
      ]),
    });
  }
  return [
    {
      kind: 'interface',
      name: names.context,
      docs: jsDoc([`The context of a \`${op.ts.method}\` call: the call's, and its SOAP headers.`]),
      extends: ['CallContext'],
      members,
    },
  ];
}
