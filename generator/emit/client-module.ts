import type { OperationModel, ServiceModel } from '../model/types.js';
import { jsDoc } from '../printer/js-doc.js';
import { importSpecifier, MODULE_PATHS } from './module-paths.js';
import { importRuntime, reexportRuntime, RUNTIME, type RuntimeMode } from './runtime-symbols.js';
import { arrow, assignment, call, generic, object, raw, string, stringLiteral, union } from '../printer/ts-syntax.js';
import type { Member, Statement, TsModule } from '../printer/ts-module.js';

/** The errors a call rejects with, and the types of an upload: re-exported from the runtime. */
const REEXPORTED = [
  RUNTIME.SoapFaultError,
  RUNTIME.HttpError,
  RUNTIME.ProtocolError,
  RUNTIME.TimeoutError,
  RUNTIME.NetworkError,
  RUNTIME.ClientFile,
  RUNTIME.ClientUpload,
];

/**
 * `client.ts`: a typed client of the service, one method per operation, over
 * the transports the service enables (a `{Svc}Transport` union of them), a
 * thin layer over the runtime's `createServiceCaller`.
 *
 * @param address the endpoint the client calls by default: the address the WSDL names
 */
export function emitClientModule(model: ServiceModel, address: string, runtime: RuntimeMode): TsModule {
  const { ts } = model;
  const { transportType, clientOptionsType, callOptionsType } = ts;
  // A [ScriptService] takes JSON calls too (ASP.NET AJAX): the `json` transport, whose errors are JsonFaultErrors.
  // A service XmlSerializer cannot reflect answers JSON calls only (reflectionError): its one transport.
  const transports: readonly string[] =
    model.reflectionError !== undefined ? ['json'] : model.scriptService ? [...model.bindings, 'json'] : model.bindings;
  const reexported = model.scriptService ? [...REEXPORTED, RUNTIME.JsonFaultError] : REEXPORTED;
  // Files travel by HttpPost only: without it, an operation without parameters takes its (empty) input type.
  const inputTypeOf = (op: OperationModel) => (op.takesFiles ? 'ClientUpload' : op.ts.inputType);
  const defaultTransport =
    model.reflectionError !== undefined ? 'json' : model.enabled.soap11 ? 'soap11' : model.bindings[0];
  const typeImports = [
    ...model.operations.flatMap((op) => [
      ...(inputTypeOf(op) === op.ts.inputType ? [op.ts.inputType] : []),
      ...(op.result || op.replyParameters.length > 0 ? [op.ts.resultType] : []),
      ...(op.ts.headers?.in ? [op.ts.headers.in] : []),
      ...(op.ts.headers?.out ? [op.ts.headers.out] : []),
    ]),
    ...(model.soapHeaderFields.length > 0 ? [ts.soapHeadersType] : []),
  ];
  const clientOptionsDoc =
    `Options of \`${ts.createClient}\`: \`url\` (default \`${address}\`, the address the WSDL names), ` +
    `\`transport\` (default \`${defaultTransport}\`), \`timeoutMs\` (default 100 s), \`signal\`, ` +
    '`headers` (sent with every call), and how calls travel: by default `node:http`/`node:https` on Node, ' +
    "through a keep-alive agent of the client's own or `agent`, and the global `fetch` elsewhere; " +
    '`fetch` sends every call with the one given.';

  const statements: Statement[] = [
    ...importRuntime(
      [
        RUNTIME.createServiceCaller,
        ...reexported.filter((s) => !s.typeOnly),
        RUNTIME.CallOptions,
        RUNTIME.ClientOptions,
        ...reexported.filter((s) => s.typeOnly),
      ],
      runtime,
    ),
    { kind: 'import', names: ['service'], from: importSpecifier(MODULE_PATHS.service) },
    ...(typeImports.length > 0
      ? [{ kind: 'import' as const, typeOnly: true, names: typeImports, from: importSpecifier(MODULE_PATHS.types) }]
      : []),
    {
      kind: 'type',
      name: transportType,
      type: union(...transports.map((b) => stringLiteral(b))),
      docs: jsDoc([`The transports ${model.name} enables: what a client's or a call's \`transport\` may name.`]),
    },
    model.soapHeaderFields.length === 0
      ? {
          kind: 'type',
          name: clientOptionsType,
          type: generic('ClientOptions', transportType),
          docs: jsDoc([clientOptionsDoc]),
        }
      : {
          kind: 'interface',
          name: clientOptionsType,
          extends: [generic('ClientOptions', transportType)],
          docs: jsDoc([clientOptionsDoc]),
          members: [
            {
              kind: 'property',
              name: 'soapHeaders',
              type: ts.soapHeadersType,
              optional: true,
              docs: jsDoc([
                "SOAP headers sent with every call of an operation that reads them, unless the call's own give the field.",
              ]),
            },
          ],
        },
    {
      kind: 'type',
      name: callOptionsType,
      type: generic('CallOptions', transportType),
      docs: jsDoc([
        "Options of one call, over the client's: `transport`, `timeoutMs`, `signal` (either signal aborts the " +
          "call) and `headers` (added to the client's).",
      ]),
    },
    ...model.operations.flatMap((op) => callOptionsOf(op, callOptionsType)),
    {
      kind: 'interface',
      name: ts.clientInterface,
      docs: jsDoc([
        `A client of ${model.name}: one method per operation, resolving to its result. A call rejects with a ` +
          '`SoapFaultError` when the service answers with a fault, an `HttpError` for any other error reply, a ' +
          '`ProtocolError` for a reply that is not what the operation returns, a `TimeoutError`, a `NetworkError`, ' +
          "the signal's reason when aborted, and a `TypeError`, before anything is sent, for an input it cannot " +
          'send (a string holding a character XML 1.0 does not allow, a value of the wrong type).',
      ]),
      members: model.operations.map((op) => ({
        kind: 'method' as const,
        name: op.ts.method,
        docs: jsDoc([op.description, uploadNote(op)], { group: op.group }),
        params: [
          { name: 'input', type: inputTypeOf(op), optional: op.requestParameters.every((p) => p.minOccurs === 0) },
          { name: 'options', type: op.ts.headers?.callOptions ?? callOptionsType, optional: true },
        ],
        returnType: generic('Promise', op.result || op.replyParameters.length > 0 ? op.ts.resultType : 'void'),
      })),
    },
    {
      kind: 'function',
      name: ts.createClient,
      docs: jsDoc(
        [
          `A client of ${model.name}, calling \`${address}\` unless \`options.url\` names another endpoint, by ` +
            `\`${defaultTransport}\` unless \`options.transport\` names another of ${transports.join(', ')}.`,
        ],
        { throws: 'TypeError for a URL that is not http(s), or a transport the service does not enable' },
      ),
      params: [{ name: 'options', type: clientOptionsType, initializer: '{}' }],
      returnType: ts.clientInterface,
      body: [
        [
          assignment(
            'const call',
            ' =',
            call(RUNTIME.createServiceCaller.name, [raw('service'), string(address), raw('options')]),
          ),
          ';',
        ],
        [
          'return ',
          object(
            model.operations.map((op) => [
              op.ts.method,
              arrow(['input', 'callOptions'], call('call', [string(op.messageName), raw('input'), raw('callOptions')])),
            ]),
          ).doc,
          ';',
        ],
      ],
    },
    reexportRuntime(reexported),
  ];
  return { path: MODULE_PATHS.client, statements };
}

/** `{Op}CallOptions`: a call's options with the SOAP headers an operation sends and receives. */
function callOptionsOf(op: OperationModel, callOptionsType: string): Statement[] {
  const names = op.ts.headers;
  if (!names) return [];
  const members: Member[] = [];
  if (names.in) {
    members.push({
      kind: 'property',
      name: 'soapHeaders',
      type: names.in,
      optional: true,
      docs: jsDoc(["SOAP headers to send, by field; a field not given is sent from the client's `soapHeaders`."]),
    });
  }
  if (names.out) {
    members.push({
      kind: 'property',
      name: 'outHeaders',
      type: names.out,
      optional: true,
      docs: jsDoc(['Receives the SOAP headers of the reply: the call sets each field whose header the reply carries.']),
    });
  }
  return [
    {
      kind: 'interface',
      name: names.callOptions,
      docs: jsDoc([`Options of a \`${op.ts.method}\` call: the client's call options, and its SOAP headers.`]),
      extends: [callOptionsType],
      members,
    },
  ];
}

function uploadNote(op: OperationModel): string | undefined {
  if (!op.takesFiles) return undefined;
  return (
    `\`${op.name}\` takes no parameters; over httpPost it can carry files: \`input.files\`, sent as ` +
    '`multipart/form-data` (refused on another transport).'
  );
}
