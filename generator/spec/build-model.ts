import { isDeepStrictEqual } from 'node:util';
import { holdsDictionary } from '../model/type-refs.js';
import { reflectionErrorOf } from '../model/reflection-error.js';
import type { Spec, SpecJson, SpecOperation, SpecParameter, SpecWsdl } from './spec-types.js';
import type { ValueType } from '@asmxgen/runtime';
import { httpParameterKind, isHttpEligible } from '../model/http-eligibility.js';
import {
  defaultEndpointPath,
  operationMethodNames,
  soapActionFor,
  tsIdentifierFor,
  tsPropertyName,
} from '../model/naming.js';
import { TypeResolver } from '../model/resolve-types.js';
import { httpResultElement, planSchemas, type PlanOperation, type PlanParticle } from '../model/schema-plan.js';
import { RUNTIME_NAMES, TS_GLOBAL_NAMES, TsNameAllocator } from '../model/ts-names.js';
import { TsTypes } from '../model/ts-types.js';
import { describeChoice, describeTypes, valueTypeOf } from '../model/type-descriptions.js';
import type { ArrayTypeModel, ChoiceModel, ClassTypeModel } from '../model/type-model.js';
import type { TypeRef } from '../model/type-refs.js';
import { net11Namespaces } from '../model/net11-namespaces.js';
import { orderNamespaces } from '../model/root-namespaces.js';
import type { WsdlModel } from '../model/wsdl-model.js';
import { net10Namespaces, wsdlForm } from '../model/wsdl-form.js';
import { soapBindingGroups, soapBindingNames } from '../model/soap-bindings.js';
import {
  BINDING_KINDS,
  type BindingKind,
  type HeaderModel,
  type JsonSiteModel,
  type OperationHeaderNames,
  type OperationModel,
  type ParameterModel,
  type ServiceModel,
  type SoapBindingModel,
} from '../model/types.js';

/** One operation while the model is built: its references, resolved in reflection order. */
interface Draft {
  readonly op: SpecOperation;
  readonly messageName: string;
  readonly parameters: readonly {
    readonly spec: SpecParameter;
    readonly type: TypeRef;
    readonly choice: ChoiceModel | undefined;
  }[];
  readonly result: TypeRef | undefined;
  /** `resultChoice`: the choice of elements in the result's place (`[return: XmlElement(Name, typeof(T))]`s). */
  readonly resultChoice: ChoiceModel | undefined;
  readonly reflected: number;
  readonly http: boolean;
  /** SOAP section 5 encoding: rpc/encoded or document/encoded; `undefined` for document/literal. */
  readonly encoded: { readonly style: 'rpc' | 'document' } | undefined;
}

/**
 * Normalizes a validated spec into the one model every emitter reads. All
 * derived names and wire facts are computed here, once; the result is deeply
 * frozen.
 */
export function buildModel(spec: Spec): ServiceModel {
  const svc = spec.service.name;
  const ns = spec.service.namespace;
  // [SoapRpcService]: encoded is the service's default use, so encoded types take the service namespace and the
  // literal ones (HTTP's) `{ns}/literalTypes`; otherwise encoded types go to `{ns}/encodedTypes`.
  const rpcService = spec.service.style === 'rpc';
  // The .NET Framework 1.0 writes as 1.1 does, in its own form (`form`).
  const net11 = spec.wsdl?.runtime === 'net1.1' || spec.wsdl?.runtime === 'net1.0';
  const form = wsdlForm(spec.wsdl?.runtime);
  const sub = (name: string) => (ns.endsWith('/') ? `${ns}${name}` : `${ns}/${name}`);
  const enabled = new Set(spec.bindings ?? BINDING_KINDS);
  const bindings = BINDING_KINDS.filter((b) => enabled.has(b));
  const has = (b: BindingKind) => bindings.includes(b);
  const flags = {
    soap11: has('soap11'),
    soap12: has('soap12'),
    httpGet: has('httpGet'),
    httpPost: has('httpPost'),
    soap: has('soap11') || has('soap12'),
    http: has('httpGet') || has('httpPost'),
  };

  // Several SOAP bindings: the runtime reflects and writes them one after the other, each binding's operations in
  // declaration order; HTTP keeps one binding, in declaration order.
  const groups = soapBindingGroups(
    spec.service.soapBindings,
    { name: spec.service.binding, conformanceClaim: spec.service.conformanceClaim === true },
    spec.operations.map((op) => op.binding),
  );
  const soapOrder = groups.flatMap((g) => g.members);
  // [WebServiceBinding(Namespace)]: a binding's namespace is its methods' elements' default namespace.
  const namespaceOfBinding = new Map(
    (spec.service.soapBindings ?? []).flatMap((b) => (b !== 'default' && b.namespace ? [[b.name, b.namespace]] : [])),
  );
  const bindingNamespaceOf = (op: SpecOperation): string =>
    spec.service.soapBindings
      ? (namespaceOfBinding.get(op.binding ?? '') ?? ns)
      : (spec.service.bindingNamespace ?? ns);

  // The runtime reflects the service's [XmlInclude] types, then each operation: parameters, result, out
  // parameters, headers. Array type names and the order of derived types follow this order.
  const resolver = new TypeResolver(spec.types ?? []);
  const includedArrays = (spec.service.include ?? []).flatMap((included) => resolver.include(included) ?? []);
  const draftOf = (op: SpecOperation): Draft => {
    const specParams = op.parameters ?? [];
    const refs = new Map<SpecParameter, { type: TypeRef; choice: ChoiceModel | undefined }>();
    const resolve = (p: SpecParameter) =>
      refs.set(
        p,
        p.choice
          ? resolver.choiceRef(p.type ?? 'anyType', p.choice, p.unwrapped === true)
          : {
              type: p.unwrapped
                ? unwrappedRef(resolver.ref(p.type ?? 'string', p.name, true, p.dataType), p.nillable)
                : resolver.ref(p.type ?? 'string', p.itemName, false, p.dataType, p.itemNullable, p.itemForm),
              choice: undefined,
            },
      );
    specParams.filter((p) => p.direction !== 'out').forEach(resolve);
    const choiceResult =
      op.result !== undefined && op.resultChoice
        ? resolver.choiceRef(op.result, op.resultChoice, op.resultUnwrapped === true)
        : undefined;
    const result =
      op.result === undefined
        ? undefined
        : choiceResult
          ? choiceResult.type
          : op.resultUnwrapped
            ? unwrappedRef(
                resolver.ref(
                  op.result,
                  op.resultElement ?? `${op.messageName ?? op.name}Result`,
                  true,
                  op.resultDataType,
                ),
                op.resultNillable,
              )
            : resolver.ref(
                op.result,
                op.resultItemName,
                false,
                op.resultDataType,
                op.resultItemNullable,
                op.resultItemForm,
              );
    specParams.filter((p) => p.direction === 'out').forEach(resolve);
    for (const h of op.headers ?? []) resolver.reflect(h.type);
    const parameters = specParams.map((p) => ({ spec: p, ...refs.get(p)! }));
    const facts = parameters.map((p) => ({ type: p.type, direction: p.spec.direction ?? 'in', list: !!p.spec.list }));
    return {
      op,
      messageName: op.messageName ?? op.name,
      parameters,
      result,
      resultChoice: choiceResult?.choice,
      reflected: resolver.registered,
      http: flags.http && isHttpEligible(facts),
      encoded: encodingOf(op, rpcService),
    };
  };
  const drafted = new Map(soapOrder.map((i) => [i, draftOf(spec.operations[i]!)]));
  const drafts = spec.operations.map((_, i) => drafted.get(i)!);
  // HTTP replies name an array result by its default item name, whatever [return: XmlArrayItem] says, and write
  // its items as their C# type, whatever their DataType.
  const httpResults = drafts.map((d) => {
    if (!d.http || d.result?.kind !== 'array') return d.result;
    const item = withoutDataType(d.result.item);
    const array = resolver.defaultArrayType(item);
    return { ...d.result, item, arrayType: array.name, itemName: array.itemName };
  });
  // HTTP GET/POST replies are written by a serializer of their own (XmlReturnWriter), which reflects the service's
  // [XmlInclude]s, then each result HTTP offers, in declaration order, as its plain C# type: its array names are
  // numbered apart from the service description's (`ArrayOfWidget` where the WSDL's element is `ArrayOfWidget1`).
  const httpResolver = new TypeResolver(spec.types ?? []);
  for (const included of spec.service.include ?? []) httpResolver.include(included);
  const httpArrayNames = drafts.map((d) => {
    if (!d.http || d.op.result === undefined) return undefined;
    const plain = httpResolver.ref(d.op.result);
    return plain.kind === 'array' ? plain.arrayType : undefined;
  });
  const resolved = resolver.finish();
  const types = new Map(resolved.types.map((t) => [t.name, t]));
  const arrays = new Map(resolved.arrayTypes.map((a) => [a.name, a]));
  const isValue = (ref: TypeRef) => resolver.isValueType(ref);

  // TypeScript names: fixed ones first, then declared types and their unions, then per operation (ts-names.ts).
  const serviceTs = {
    handlersInterface: `${svc}Handlers`,
    createHandler: `create${svc}Handler`,
    createServer: `create${svc}Server`,
    createFetchHandler: `create${svc}FetchHandler`,
    createClient: `create${svc}Client`,
    clientInterface: `${svc}Client`,
    transportType: `${svc}Transport`,
    clientOptionsType: `${svc}ClientOptions`,
    callOptionsType: `${svc}CallOptions`,
    soapHeadersType: `${svc}SoapHeaders`,
  };
  const names = new TsNameAllocator([
    ...TS_GLOBAL_NAMES,
    ...RUNTIME_NAMES,
    ...Object.values(serviceTs),
    'service',
    'documents',
  ]);
  const tsTypes = new TsTypes(resolved.types, resolved.arrayTypes, names);

  /**
   * The class of a wrapped document/literal result with `[XmlRoot]`: the runtime names the result element after the
   * root (`Bill`) and writes it `nillable`, `minOccurs="1"` (corpus `Renames`), as the class's own top-level element.
   */
  const rootResult = (d: Draft): ClassTypeModel | undefined => rootClass(d, d.result);
  /**
   * The class of a wrapped document/literal parameter or result with `[XmlRoot]`, with `wsdl.runtime: mono`; a
   * root with a name (`root`) names a result, one with a namespace (`rootNamespace`) puts the element there.
   */
  const rootClass = (d: Draft, ref: TypeRef | undefined): ClassTypeModel | undefined => {
    if (spec.wsdl?.runtime !== 'mono' || ref?.kind !== 'class' || d.encoded) return undefined;
    if (
      methodShape(d.op, d.messageName, bindingNamespaceOf(d.op), spec.service.parameterStyle).parameterStyle === 'bare'
    )
      return undefined;
    const t = types.get(ref.name);
    return t?.kind === 'class' && (t.root || t.rootNamespace !== undefined) ? t : undefined;
  };
  /** The root namespace of a parameter's or result's element, when its class's `[XmlRoot]` has one (Mono). */
  const rootNamespaceOf = (d: Draft, ref: TypeRef | undefined): string | undefined => rootClass(d, ref)?.rootNamespace;
  /** The result element: `{message name}Result`, or the root name of the result's class. */
  const resultElementOf = (d: Draft): string => {
    if (d.op.resultElement !== undefined) return d.op.resultElement;
    const root = rootResult(d);
    return root?.root ? root.elementName : `${d.messageName}Result`;
  };
  const headersOf = (d: Draft): HeaderModel[] =>
    [...(d.op.headers ?? [])]
      .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0))
      .map((h) => {
        const element = types.get(h.type)!.elementName;
        const direction = h.direction ?? 'in';
        const t = types.get(h.type)!;
        return {
          field: h.field,
          type: h.type,
          element,
          namespace: (t.kind === 'class' ? t.rootNamespace : undefined) ?? ns,
          elementRef: '',
          direction,
          required: h.required ?? true,
          message: `${d.messageName}${element}`,
          input: direction !== 'out',
          output: direction !== 'in',
          tsType: tsTypes.declared(h.type),
        };
      });

  const plan = planSchemas({
    namespace: ns,
    types,
    arrayTypes: new Map(resolved.arrayTypes.map((a) => [a.name, a])),
    attached: resolved.attached,
    scope: resolved.scope,
    http: flags.http,
    dataSetSchema: spec.wsdl?.dataSetSchema ?? 'v2',
    xsdImport: spec.wsdl?.xsdImport ?? false,
    servicePrefix: form.tns,
    ...(rpcService && { namespace: sub('literalTypes'), serviceNamespace: ns }),
    encodedNamespace: rpcService ? ns : sub('encodedTypes'),
    abstractTypes: drafts.some(
      (d) =>
        d.http &&
        d.parameters.some(
          (p) => httpParameterKind({ ...p.spec, direction: 'in', list: false, type: p.type }) === 'array',
        ),
    ),
    soapOrder: soapOrder.every((at, i) => at === i) ? undefined : soapOrder,
    operations: drafts.map((d, i): PlanOperation => {
      // `[XmlElement(IsNullable = true)]` on a parameter or the result: `minOccurs="1"`, `nillable="true"`.
      const particle = (
        name: string,
        type: TypeRef,
        choice?: ChoiceModel,
        nillable = false,
        form?: 'unqualified',
        elementNamespace?: string,
        unwrapped = false,
      ): PlanParticle => {
        // `[XmlElement]` on an array: its items, repeated (`minOccurs="0" maxOccurs="unbounded"`).
        if (unwrapped && type.kind === 'array' && !choice) {
          return { name, type, minOccurs: '0', nillable: type.nillableItems === true, unwrapped: true };
        }
        const root = choice ? undefined : rootNamespaceOf(d, type);
        // `[XmlElement(Namespace)]`: a `ref=` as the root's, but nillable and required only as any element.
        const namespace = root ?? elementNamespace;
        const nil = type.kind === 'nullable' || nillable || root !== undefined;
        return {
          name,
          type,
          minOccurs: isValue(type) || nil ? ('1' as const) : ('0' as const),
          nillable: nil,
          choice,
          ...(namespace !== undefined && { namespace }),
          ...(form !== undefined && { form }),
        };
      };
      const inParams = d.parameters.filter((p) => p.spec.direction !== 'out');
      const outParams = d.parameters.filter((p) => p.spec.direction === 'out' || p.spec.direction === 'ref');
      const shape = methodShape(d.op, d.messageName, bindingNamespaceOf(d.op), spec.service.parameterStyle);
      return {
        requestElement: shape.requestElement,
        responseElement: shape.responseElement,
        requestNamespace: shape.requestNamespace,
        responseNamespace: shape.responseNamespace,
        bare: shape.parameterStyle === 'bare',
        request: inParams.map((p) => ({
          ...particle(p.spec.name, p.type, p.choice, p.spec.nillable, p.spec.form, p.spec.namespace, p.spec.unwrapped),
          // [XmlElement("x")] on a bare parameter: its part keeps the C# name.
          ...(p.spec.partName !== undefined && { part: p.spec.partName }),
        })),
        response: shape.oneWay
          ? undefined
          : [
              ...(d.result
                ? [
                    {
                      ...particle(
                        resultElementOf(d),
                        d.result,
                        d.resultChoice,
                        d.op.resultNillable || rootResult(d) !== undefined,
                        d.op.resultForm,
                        d.op.resultNamespace,
                        d.op.resultUnwrapped,
                      ),
                      part: `${d.messageName}Result`,
                    },
                  ]
                : []),
              ...outParams.map((p) => ({
                ...particle(
                  p.spec.name,
                  p.type,
                  p.choice,
                  p.spec.nillable,
                  p.spec.form,
                  p.spec.namespace,
                  p.spec.unwrapped,
                ),
                ...(p.spec.partName !== undefined && { part: p.spec.partName }),
              })),
            ],
        // The runtime exports the In (and InOut) headers' schema items, then the Out headers' ones, each group
        // in header order; the messages keep the header order.
        headers: [...headersOf(d).filter((h) => h.input), ...headersOf(d).filter((h) => !h.input)].map((h) => ({
          element: h.element,
          type: h.type,
          namespace: h.namespace,
          out: !h.input,
        })),
        reflected: d.reflected,
        http: d.http,
        httpResult: httpResults[i],
        encoded: d.encoded,
        httpArrayParameter:
          d.http &&
          d.parameters.some(
            (p) => httpParameterKind({ ...p.spec, direction: 'in', list: false, type: p.type }) === 'array',
          ),
      };
    }),
  });

  // An operation name is an XML name ([WebMethod] on a method whose name is no C# identifier); TypeScript gets an
  // identifier made from it, derived here once.
  const methods = operationMethodNames(drafts.map((d) => d.messageName));
  const ambiguous = ambiguousRequestElements(
    drafts.map((d) => ({
      binding: d.op.binding,
      element: requestElementKey(
        methodShape(d.op, d.messageName, bindingNamespaceOf(d.op), spec.service.parameterStyle),
        d.parameters.filter((p) => p.spec.direction !== 'out').map((p) => p.spec.name),
      ),
    })),
  );
  // A service XmlSerializer cannot reflect (a dictionary: reflectionError) is called by JSON only: no files.
  const jsonOnly = drafts.some(
    (d) => d.parameters.some((p) => holdsDictionary(p.type)) || (d.result !== undefined && holdsDictionary(d.result)),
  );
  const operations = drafts.map((d, i): OperationModel => {
    const { op, messageName } = d;
    // Handlers and clients name an operation by its message name: unique where overloads share a name.
    const method = methods.get(messageName)!;
    const parameters = d.parameters.map(({ spec: p, type, choice }): ParameterModel => {
      const root = choice ? undefined : rootNamespaceOf(d, type);
      const namespace = root ?? p.namespace;
      // An unwrapped array is never nil itself: its items may be (its type says so).
      const nillable = !p.unwrapped && (type.kind === 'nullable' || p.nillable === true || root !== undefined);
      const required = isValue(type) || nillable;
      const json = p.json && jsonSite(p.json, `${method}${upperFirst(tsIdentifierFor(p.name))}`);
      return {
        name: p.name,
        type,
        minOccurs: required ? 1 : 0,
        nillable,
        direction: p.direction ?? 'in',
        list: p.list === true,
        tsName: tsPropertyName(p.name),
        tsType: json ? jsonTsType(json, nillable) : tsTypes.site(type, { choice, nillable }),
        valueType: valueTypeOf(type, arrays),
        choice,
        valueChoice: choice && describeChoice(choice, arrays),
        namespace,
        ...(p.form !== undefined && { xmlForm: p.form }),
        ...(p.namespace !== undefined && { xmlNamespace: p.namespace }),
        ...(p.partName !== undefined && { partName: p.partName }),
        ...(json && { json }),
        ...(p.unwrapped && { unwrapped: true }),
      };
    });
    const httpResult = httpResults[i];
    const bodyElement = httpResult && httpResultElement(httpResult, types);
    const resultNillable =
      !op.resultUnwrapped &&
      (d.result?.kind === 'nullable' || op.resultNillable === true || rootResult(d) !== undefined);
    const resultJson = d.result && op.resultJson && jsonSite(op.resultJson, `${method}Result`);
    const result = d.result && {
      type: d.result,
      elementName: resultElementOf(d),
      minOccurs: isValue(d.result) || resultNillable ? (1 as const) : (0 as const),
      nillable: resultNillable,
      tsType: resultJson
        ? jsonTsType(resultJson, resultNillable)
        : tsTypes.site(d.result, { nillable: resultNillable, choice: d.resultChoice }),
      valueType: valueTypeOf(d.result, arrays),
      replyKey: replyKeyOf(parameters),
      httpElement: d.http ? (httpArrayNames[i] ?? bodyElement?.name) : undefined,
      namespace: rootResult(d)?.rootNamespace ?? op.resultNamespace,
      ...(op.resultForm !== undefined && { xmlForm: op.resultForm }),
      ...(op.resultNamespace !== undefined && { xmlNamespace: op.resultNamespace }),
      httpNamespace: d.http ? bodyElement?.namespace : undefined,
      ...(resultJson && { json: resultJson }),
      ...(op.resultUnwrapped && { unwrapped: true }),
      ...(d.resultChoice && { choice: d.resultChoice, valueChoice: describeChoice(d.resultChoice, arrays) }),
      ...httpValueTypeOf(d.result, httpResult, arrays),
    };
    // A header element of the service's namespace is `tns:`; one of a class's `[XmlRoot(Namespace)]`, its schema's.
    const headers = headersOf(d).map((h) => ({
      ...h,
      elementRef: `${h.namespace === ns ? form.tns : plan.prefixes.get(h.namespace)}:${h.element}`,
    }));
    return {
      name: op.name,
      binding: op.binding,
      messageName,
      ioName: messageName === op.name ? undefined : messageName,
      description: op.description,
      group: op.group,
      parameters,
      requestParameters: parameters.filter((p) => p.direction !== 'out'),
      replyParameters: parameters.filter((p) => p.direction !== 'in'),
      result,
      headers,
      http: d.http
        ? {
            parts: parameters.map((p) => ({
              // HTTP names a part, and its field, after the C# parameter, whatever [XmlElement("x")] says.
              name: p.partName ?? p.name,
              type: httpParameterKind(p) === 'array' ? plan.stringArray! : 's:string',
            })),
            body: result && {
              element:
                bodyElement &&
                `${bodyElement.namespace === undefined ? plan.literalPrefix : plan.prefixes.get(bodyElement.namespace)!}:${bodyElement.name}`,
              xml: bodyElement === undefined,
            },
          }
        : undefined,
      httpOmitted: flags.http && !d.http,
      soapAction: op.soapAction ?? soapActionFor(ns, messageName),
      encoded: d.encoded && {
        style: d.encoded.style,
        inputNamespace: d.encoded.style === 'rpc' ? (op.requestNamespace ?? ns) : rpcService ? ns : sub('encodedTypes'),
        outputNamespace:
          d.encoded.style === 'rpc' ? (op.responseNamespace ?? ns) : rpcService ? ns : sub('encodedTypes'),
        typesNamespace: rpcService ? ns : sub('encodedTypes'),
        inputParts: plan.encodedParts[i]!.input,
        outputParts: plan.encodedParts[i]!.output,
      },
      ...methodShape(op, messageName, bindingNamespaceOf(op), spec.service.parameterStyle),
      scriptMethod: {
        useHttpGet: op.scriptMethod?.useHttpGet === true,
        responseFormat: op.scriptMethod?.responseFormat ?? 'json',
        xmlSerializeString: op.scriptMethod?.xmlSerializeString === true,
      },
      enableSession: op.enableSession === true,
      generateScriptTypes: op.generateScriptTypes ?? [],
      soapParts: plan.soapParts[i]!,
      soapActionRequired: ambiguous.has(i),
      messages: {
        // The SOAP messages are named after the protocol that reflects the port type first: SOAP 1.2 when 1.1 is off.
        soapIn: `${messageName}${flags.soap11 ? 'Soap' : 'Soap12'}In`,
        soapOut: `${messageName}${flags.soap11 ? 'Soap' : 'Soap12'}Out`,
        httpGetIn: `${messageName}HttpGetIn`,
        httpGetOut: `${messageName}HttpGetOut`,
        httpPostIn: `${messageName}HttpPostIn`,
        httpPostOut: `${messageName}HttpPostOut`,
      },
      httpLocation: `/${messageName}`,
      // Files travel by HttpPost only, and only with an operation that has no parameters to bind.
      takesFiles: parameters.length === 0 && has('httpPost') && !jsonOnly,
      ts: {
        method,
        inputType: names.allocate(`${method}Input`),
        resultType: names.allocate(`${method}Result`),
        headers: headers.length === 0 ? undefined : headerNames(method, headers),
      },
    };
  });

  function headerNames(method: string, headers: readonly HeaderModel[]): OperationHeaderNames {
    return {
      in: headers.some((h) => h.input) ? names.allocate(`${method}Headers`) : undefined,
      out: headers.some((h) => h.output) ? names.allocate(`${method}OutHeaders`) : undefined,
      context: names.allocate(`${method}Context`),
      callOptions: names.allocate(`${method}CallOptions`),
    };
  }

  const soapHeaderFields = new Map<string, string>();
  for (const op of operations) {
    for (const h of op.headers) if (h.input && !soapHeaderFields.has(h.field)) soapHeaderFields.set(h.field, h.tsType);
  }

  const bindingNames = soapBindingNames(svc, groups, flags.soap11);
  const soapBindings = groups.map((g, i): SoapBindingModel => ({
    name: g.name,
    portType: bindingNames.soap11[i]!,
    soap11Binding: bindingNames.soap11[i]!,
    soap12Binding: bindingNames.soap12[i]!,
    conformanceClaim: g.conformanceClaim,
    operations: g.members.map((m) => operations[m]!),
    namespace:
      g.name === undefined
        ? ns
        : spec.service.soapBindings
          ? (namespaceOfBinding.get(g.name) ?? ns)
          : (spec.service.bindingNamespace ?? ns),
  }));
  const main = soapBindings.find((b) => b.name === undefined) ?? soapBindings[0]!;
  const model: ServiceModel = {
    name: svc,
    namespace: ns,
    path: spec.service.path ?? defaultEndpointPath(svc),
    description: spec.service.description,
    scriptService: spec.service.scriptService === true,
    routingByElement: spec.service.routingStyle === 'requestElement',
    scriptNamespace: spec.service.scriptNamespace,
    typeNamespace: spec.service.typeNamespace,
    reflectionError: reflectionErrorOf(
      svc,
      operations.map((op) => ({
        name: op.name,
        messageName: op.messageName,
        // XmlSerializer's member is the C# parameter (`partName`), whatever the element is named.
        parameters: op.parameters.map((p) => ({ name: p.partName ?? p.name, type: p.type })),
        result: op.result?.type,
      })),
      spec.service.typeNamespace,
    ),
    ...(spec.service.generateScriptTypes !== undefined && { generateScriptTypes: spec.service.generateScriptTypes }),
    rpc: rpcService,
    literalNamespace: rpcService ? sub('literalTypes') : ns,
    bindings,
    enabled: flags,
    operations,
    soapBindings,
    soapOperations: soapOrder.map((i) => operations[i]!),
    wsdlNames: {
      soapPortType: main.portType,
      httpGetPortType: bindingNames.httpGet,
      httpPostPortType: bindingNames.httpPost,
      soap11Binding: main.soap11Binding,
      soap12Binding: main.soap12Binding,
      httpGetBinding: bindingNames.httpGet,
      httpPostBinding: bindingNames.httpPost,
    },
    types: resolved.types,
    tsDeclarations: tsTypes.declarations,
    typeDescriptions: describeTypes(resolved.types, arrays, spec.service.namespace),
    runtimeValues: tsTypes.runtimeValues(),
    soapHeaderFields: [...soapHeaderFields].map(([field, tsType]) => ({ field, tsType })),
    arrayTypes: resolved.arrayTypes,
    include: (spec.service.include ?? []).map((name) => name.replace(/\[\]$/, '')),
    anyArrays: Object.fromEntries(
      includedArrays.flatMap((ref) =>
        ref.kind === 'array' && ref.arrayType !== undefined ? [[ref.arrayType, valueTypeOf(ref, arrays)]] : [],
      ),
    ),
    httpOperations: operations.filter((o) => o.http !== undefined),
    wsdl: wsdlModel(
      form.unprefixed ? net10Namespaces(plan.namespaces) : net11 ? net11Namespaces(plan.namespaces) : plan.namespaces,
      spec.wsdl,
      {
        schemas: plan.schemas,
        conformanceClaim: spec.service.conformanceClaim === true,
        net11,
        form,
        monoRoots: spec.wsdl?.runtime === 'mono',
      },
    ),
    // The emitters carry everything the spec format has (out and ref parameters and choices included).
    codeBlockers: [],
    ts: serviceTs,
  };
  return deepFreeze(model);
}

/** `[SoapDocumentMethod]`'s settings of an operation, with the runtime's defaults. */
function methodShape(
  op: SpecOperation,
  messageName: string,
  namespace: string,
  serviceStyle: SpecOperation['parameterStyle'],
): Pick<
  OperationModel,
  'requestElement' | 'responseElement' | 'requestNamespace' | 'responseNamespace' | 'parameterStyle' | 'oneWay'
> {
  return {
    requestElement: op.requestElement ?? messageName,
    responseElement: op.responseElement ?? `${messageName}Response`,
    requestNamespace: op.requestNamespace ?? namespace,
    responseNamespace: op.responseNamespace ?? namespace,
    parameterStyle: op.parameterStyle ?? serviceStyle ?? 'wrapped',
    oneWay: op.oneWay === true,
  };
}

/**
 * What the runtime routes a SOAP 1.2 request by (its `requestElementName`): the request element, a bare operation's
 * single parameter element, or nothing (a bare operation without exactly one parameter).
 */
function requestElementKey(
  shape: Pick<OperationModel, 'requestElement' | 'requestNamespace' | 'parameterStyle'>,
  inParameters: readonly string[],
): string {
  if (shape.parameterStyle !== 'bare') return `${shape.requestNamespace}:${shape.requestElement}`;
  return inParameters.length === 1 ? `${shape.requestNamespace}:${inParameters[0]}` : '';
}

/**
 * The operations SOAP 1.2 cannot route by request element, because another operation of their binding has the same
 * one: the runtime writes `soapActionRequired="true"` on each of them (Soap12ProtocolReflector's ambiguity check).
 */
function ambiguousRequestElements(ops: readonly { binding: string | undefined; element: string }[]): Set<number> {
  const seen = new Map<string, number[]>();
  ops.forEach((op, i) => {
    const key = `${op.binding ?? ''}\u0000${op.element}`;
    seen.set(key, [...(seen.get(key) ?? []), i]);
  });
  return new Set([...seen.values()].filter((group) => group.length > 1).flat());
}

/**
 * An operation's SOAP style and use: rpc is always encoded; a `[SoapRpcService]`'s default use is encoded, any
 * other service's literal.
 */
function encodingOf(op: SpecOperation, rpcService: boolean): Draft['encoded'] {
  const style = op.style ?? (rpcService ? 'rpc' : 'document');
  const use = op.use ?? (style === 'rpc' || rpcService ? 'encoded' : 'literal');
  return use === 'encoded' ? { style } : undefined;
}

/** The reply object's property for the return value: `result`, unless a parameter has that name. */
function replyKeyOf(parameters: readonly ParameterModel[]): string {
  const taken = new Set(parameters.map((p) => p.name));
  if (!taken.has('result')) return 'result';
  if (!taken.has('returnValue')) return 'returnValue';
  let i = 1;
  while (taken.has(`result${i}`)) i++;
  return `result${i}`;
}

/** What the WSDL holds, as the model's other parts give it: the same whatever the WSDL's text form. */
type WsdlContent = Pick<WsdlModel, 'schemas' | 'conformanceClaim' | 'net11' | 'form' | 'monoRoots'>;

/** The model's `wsdl`: its content, and the text form the spec's `wsdl` states (namespace order, line ends, …). */
function wsdlModel(
  computedNamespaces: WsdlModel['namespaces'],
  wsdl: SpecWsdl | undefined,
  content: WsdlContent,
): WsdlModel {
  const { schemas, conformanceClaim, net11, form, monoRoots } = content;
  const emptyElementEnd = wsdl?.selfClosing === 'compact' ? '/>' : ' />';
  return {
    namespaces: orderNamespaces(computedNamespaces, wsdl?.namespaceOrder),
    ...(wsdl?.namespaceOrder !== undefined && { namespaceOrder: wsdl.namespaceOrder }),
    schemas,
    conformanceClaim,
    lineEnd: wsdl?.lineEnds === 'crlf' ? '\r\n' : '\n',
    finalNewline: wsdl?.finalNewline === true,
    prolog: wsdl?.prolog,
    emptyElementEnd,
    net11,
    ...(wsdl?.emptyDocumentation === true && {
      emptyDocumentation: `${form.documentationStart.slice(0, -1)}${emptyElementEnd}`,
    }),
    form,
    monoRoots,
  };
}

/** The fields of a spec's `wsdl` that change only the WSDL's text (`wsdlModel`), not what the model holds. */
const TEXT_FORM_FIELDS: ReadonlySet<string> = new Set<keyof SpecWsdl>([
  'namespaceOrder',
  'lineEnds',
  'finalNewline',
  'prolog',
  'selfClosing',
  'emptyDocumentation',
]);

/**
 * The model `buildModel` gives for the spec of `model` with `wsdl` in place of its `from`, when the two differ
 * only in the WSDL's text form and `model`'s namespaces are in their computed order (`from` names no order):
 * only the model's `wsdl` is made again. `undefined` otherwise: the spec's model is to be built.
 */
export function withWsdlTextForm(
  model: ServiceModel,
  from: SpecWsdl | undefined,
  wsdl: SpecWsdl | undefined,
): ServiceModel | undefined {
  const content = (w: SpecWsdl | undefined) =>
    Object.fromEntries(Object.entries(w ?? {}).filter(([key]) => !TEXT_FORM_FIELDS.has(key)));
  if (from?.namespaceOrder !== undefined || !isDeepStrictEqual(content(from), content(wsdl))) return undefined;
  return deepFreeze({ ...model, wsdl: wsdlModel(model.wsdl.namespaces, wsdl, model.wsdl) });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A built-in (or `T?` of one) as its C# type, without the `DataType` of its site. */
/**
 * The HTTP reply's type, when it is not the result's: an array result's items as HTTP names them (the default item
 * name, whatever `[return: XmlElement]` or `[return: XmlArrayItem]` say). A `DataType` is left to the runtime's HTTP
 * view of the operation.
 */
function httpValueTypeOf(
  result: TypeRef | undefined,
  http: TypeRef | undefined,
  arrays: ReadonlyMap<string, ArrayTypeModel>,
): { httpValueType?: ValueType } {
  if (result?.kind !== 'array' || http?.kind !== 'array') return {};
  const soap = valueTypeOf(result, arrays);
  const plain = valueTypeOf({ ...http, item: result.item }, arrays);
  return JSON.stringify(plain) === JSON.stringify(soap) ? {} : { httpValueType: plain };
}

/**
 * An unwrapped array parameter's or result's type (`[XmlElement]` on it): its items are the repeated elements,
 * nillable where `[XmlElement(IsNullable = true)]` says so.
 */
function unwrappedRef(ref: TypeRef, nillable: boolean | undefined): TypeRef {
  return nillable && ref.kind === 'array' ? { ...ref, nillableItems: true } : ref;
}

function withoutDataType(ref: TypeRef): TypeRef {
  if (ref.kind === 'builtin' && ref.dataType) return { kind: 'builtin', spec: ref.spec, name: ref.name };
  if (ref.kind === 'nullable' && ref.of.kind === 'builtin' && ref.of.dataType) {
    return { ...ref, of: { kind: 'builtin', spec: ref.of.spec, name: ref.of.name } };
  }
  return ref;
}

/** A typed JSON string's names: `{base}Json`, or `{base}` when it ends in `Json` already (`requestJson`). */
function jsonSite(json: SpecJson, base: string): JsonSiteModel {
  const tsType = /json$/i.test(base) ? base : `${base}Json`;
  return { schema: json.schema, tsType, validator: `validate${tsType}` };
}

function jsonTsType(json: JsonSiteModel, nillable: boolean): string {
  return nillable ? `${json.tsType} | null` : json.tsType;
}

function upperFirst(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
