import type { JsonSchemaValidator, OperationDescription, ServiceDescription } from '@asmxgen/runtime';
import type { JsonSiteModel, OperationModel, ServiceModel } from '../model/types.js';
import { codeReference } from '../printer/ts-literal.js';

/**
 * The model as the runtime sees it: the wire facts the generated `service.ts`
 * declares and the server and client read. Typed by the runtime's own
 * `ServiceDescription`, so a model type the runtime does not know fails to
 * compile here rather than in generated code. Fields the runtime defaults
 * (`nillable`, `headers`, `httpOmitted`, `types`) are written only when they
 * say something, so a service of simple types describes itself as before.
 */
export function describeService(model: ServiceModel, validators?: JsonValidators): ServiceDescription {
  const json = (site: JsonSiteModel) => ({
    validate: validators?.get(site.validator) ?? codeReference(site.validator),
  });
  return {
    name: model.name,
    namespace: model.namespace,
    path: model.path,
    transports: model.bindings,
    operations: model.operations.map((op) => describeOperation(op, model.namespace, json)),
    ...(model.types.length > 0 ? { types: model.typeDescriptions } : {}),
    ...(Object.keys(model.anyArrays).length > 0 ? { anyArrays: model.anyArrays } : {}),
    ...(model.literalNamespace === model.namespace ? {} : { httpNamespace: model.literalNamespace }),
    ...(model.routingByElement ? { routingStyle: 'requestElement' as const } : {}),
    ...(model.scriptService ? { scriptService: true } : {}),
    ...(model.scriptNamespace !== undefined ? { scriptNamespace: model.scriptNamespace } : {}),
    ...(model.typeNamespace !== undefined ? { typeNamespace: model.typeNamespace } : {}),
    ...(model.generateScriptTypes?.length ? { generateScriptTypes: model.generateScriptTypes } : {}),
    ...(model.reflectionError !== undefined ? { reflectionError: model.reflectionError } : {}),
  };
}

/**
 * The validators of typed JSON strings, by name (`JsonSiteModel.validator`): given, the description holds them (a
 * server or client made in this process); otherwise it names those `json-schemas.ts` exports, for `service.ts`.
 */
export type JsonValidators = ReadonlyMap<string, JsonSchemaValidator>;

function describeOperation(
  op: OperationModel,
  namespace: string,
  json: (site: JsonSiteModel) => { validate: JsonSchemaValidator },
): OperationDescription {
  const result = op.result;
  return {
    // The message name: the request element and the `/Op` path, unique where overloads share a method name.
    name: op.messageName,
    ...(op.ts.method === op.messageName ? {} : { method: op.ts.method }),
    soapAction: op.soapAction,
    responseElement: op.responseElement,
    parameters: op.parameters.map((p) => ({
      name: p.name,
      type: p.valueType,
      optional: p.minOccurs === 0,
      ...(p.nillable ? { nillable: true } : {}),
      ...(p.direction === 'in' ? {} : { direction: p.direction }),
      ...(p.valueChoice ? { choice: p.valueChoice } : {}),
      ...(p.namespace === undefined ? {} : { namespace: p.namespace }),
      // [XmlElement(Form = XmlSchemaForm.Unqualified)]: the element is in no namespace.
      ...(p.xmlForm === 'unqualified' ? { namespace: '' } : {}),
      ...(p.json ? { json: json(p.json) } : {}),
      ...(p.unwrapped ? { unwrapped: true } : {}),
      ...(p.partName === undefined ? {} : { field: p.partName }),
    })),
    ...(result && {
      result: {
        type: result.valueType,
        element: result.elementName,
        ...(result.nillable ? { nillable: true } : {}),
        ...(op.replyParameters.length > 0 && result.replyKey !== 'result' ? { key: result.replyKey } : {}),
        ...(result.httpElement === undefined ? {} : { httpElement: result.httpElement }),
        ...(result.namespace === undefined ? {} : { namespace: result.namespace }),
        ...(result.xmlForm === 'unqualified' ? { namespace: '' } : {}),
        ...(result.httpNamespace === undefined ? {} : { httpNamespace: result.httpNamespace }),
        ...(result.json ? { json: json(result.json) } : {}),
        ...(result.unwrapped ? { unwrapped: true } : {}),
        ...(result.valueChoice ? { choice: result.valueChoice } : {}),
        ...(result.httpValueType === undefined ? {} : { httpType: result.httpValueType }),
      },
    }),
    ...(op.headers.length > 0
      ? {
          headers: op.headers.map((h) => ({
            field: h.field,
            type: h.type,
            element: h.element,
            ...(h.namespace === namespace ? {} : { namespace: h.namespace }),
            direction: h.direction,
            ...(h.required ? {} : { required: false }),
          })),
        }
      : {}),
    ...(op.httpOmitted ? { httpOmitted: true } : {}),
    ...(op.encoded && {
      encoded: {
        style: op.encoded.style,
        requestNamespace: op.encoded.inputNamespace,
        responseNamespace: op.encoded.outputNamespace,
        typesNamespace: op.encoded.typesNamespace,
      },
    }),
    ...(op.encoded ? {} : describeMethodShape(op, namespace)),
    ...describeScriptMethod(op),
    ...(op.enableSession ? { enableSession: true } : {}),
    ...(op.generateScriptTypes.length > 0 ? { generateScriptTypes: op.generateScriptTypes } : {}),
  };
}

/** `[ScriptMethod]`'s settings, written only where they differ from the runtime's defaults (POST, JSON). */
function describeScriptMethod(op: OperationModel): Pick<OperationDescription, 'scriptMethod'> {
  const { useHttpGet, responseFormat, xmlSerializeString } = op.scriptMethod;
  if (!useHttpGet && responseFormat === 'json') return {};
  return {
    scriptMethod: {
      ...(useHttpGet ? { useHttpGet: true } : {}),
      ...(responseFormat === 'xml' ? { xmlResponse: true } : {}),
      ...(responseFormat === 'xml' && xmlSerializeString ? { xmlSerializeString: true } : {}),
    },
  };
}

/** `[SoapDocumentMethod]`'s settings, each written only where it differs from the runtime's default. */
function describeMethodShape(
  op: OperationModel,
  namespace: string,
): Pick<OperationDescription, 'requestElement' | 'requestNamespace' | 'responseNamespace' | 'bare' | 'oneWay'> {
  return {
    ...(op.requestElement === op.messageName ? {} : { requestElement: op.requestElement }),
    ...(op.requestNamespace === namespace ? {} : { requestNamespace: op.requestNamespace }),
    ...(op.responseNamespace === namespace || op.oneWay ? {} : { responseNamespace: op.responseNamespace }),
    ...(op.parameterStyle === 'bare' ? { bare: true } : {}),
    ...(op.oneWay ? { oneWay: true } : {}),
  };
}
