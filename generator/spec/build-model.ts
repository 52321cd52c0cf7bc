import type { Spec } from './spec-types.js';
import { defaultEndpointPath, soapActionFor, tsPropertyName } from '../model/naming.js';
import {
  BINDING_KINDS,
  type BindingKind,
  type HttpResultElementModel,
  type OperationModel,
  type ParameterModel,
  type ServiceModel,
} from '../model/types.js';
import { isValueType, tsTypeOf, type XsdType } from '../model/xsd-types.js';

/**
 * Normalizes a validated spec into the one model every emitter reads. All
 * derived names and wire facts are computed here, once; the result is deeply
 * frozen.
 */
export function buildModel(spec: Spec): ServiceModel {
  const svc = spec.service.name;
  const enabled = new Set(spec.bindings ?? BINDING_KINDS);
  const bindings = BINDING_KINDS.filter((b) => enabled.has(b));
  const has = (b: BindingKind) => bindings.includes(b);

  const operations = spec.operations.map((op): OperationModel => {
    const parameters = (op.parameters ?? []).map((p): ParameterModel => {
      const type: XsdType = p.type ?? 'string';
      return {
        name: p.name,
        type,
        minOccurs: isValueType(type) ? 1 : 0,
        tsName: tsPropertyName(p.name),
        tsType: tsTypeOf(type),
      };
    });
    const result = op.result
      ? {
          type: op.result,
          elementName: `${op.name}Result`,
          minOccurs: isValueType(op.result) ? (1 as const) : (0 as const),
          tsType: tsTypeOf(op.result),
        }
      : undefined;
    return {
      name: op.name,
      description: op.description,
      group: op.group,
      parameters,
      result,
      soapAction: op.soapAction ?? soapActionFor(spec.service.namespace, op.name),
      requestElement: op.name,
      responseElement: `${op.name}Response`,
      messages: {
        soapIn: `${op.name}SoapIn`,
        soapOut: `${op.name}SoapOut`,
        httpGetIn: `${op.name}HttpGetIn`,
        httpGetOut: `${op.name}HttpGetOut`,
        httpPostIn: `${op.name}HttpPostIn`,
        httpPostOut: `${op.name}HttpPostOut`,
      },
      httpLocation: `/${op.name}`,
      // Files travel by HttpPost only, and only with an operation that has no parameters to bind.
      takesFiles: parameters.length === 0 && has('httpPost'),
      ts: {
        method: op.name,
        inputType: `${op.name}Input`,
        resultType: `${op.name}Result`,
      },
    };
  });

  const flags = {
    soap11: has('soap11'),
    soap12: has('soap12'),
    httpGet: has('httpGet'),
    httpPost: has('httpPost'),
    soap: has('soap11') || has('soap12'),
    http: has('httpGet') || has('httpPost'),
  };
  const httpResultElements: HttpResultElementModel[] = [];
  if (flags.http) {
    for (const op of operations) {
      if (op.result && !httpResultElements.some((e) => e.type === op.result!.type)) {
        httpResultElements.push({ type: op.result.type, nillable: !isValueType(op.result.type) });
      }
    }
  }

  const model: ServiceModel = {
    name: svc,
    namespace: spec.service.namespace,
    path: spec.service.path ?? defaultEndpointPath(svc),
    description: spec.service.description,
    bindings,
    enabled: flags,
    operations,
    wsdlNames: {
      soapPortType: `${svc}Soap`,
      httpGetPortType: `${svc}HttpGet`,
      httpPostPortType: `${svc}HttpPost`,
      soap11Binding: `${svc}Soap`,
      soap12Binding: `${svc}Soap12`,
      httpGetBinding: `${svc}HttpGet`,
      httpPostBinding: `${svc}HttpPost`,
    },
    httpResultElements,
    ts: {
      handlersInterface: `${svc}Handlers`,
      createHandler: `create${svc}Handler`,
      createServer: `create${svc}Server`,
      createFetchHandler: `create${svc}FetchHandler`,
      createClient: `create${svc}Client`,
      clientInterface: `${svc}Client`,
      transportType: `${svc}Transport`,
      clientOptionsType: `${svc}ClientOptions`,
      callOptionsType: `${svc}CallOptions`,
    },
  };
  return deepFreeze(model);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
