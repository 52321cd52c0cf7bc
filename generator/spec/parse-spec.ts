import { checkDictionarySite } from './dictionary-sites.js';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { unknownNameMessage } from '../model/name-hint.js';
import { BINDING_KINDS, type BindingKind } from '../model/types.js';
import { soapActionFor } from '../model/naming.js';
import { checkTypeRefs, type TypeRefUse } from './check-type-refs.js';
import { parseChoice, parseTypes } from './parse-types.js';
import { parseScriptMethod } from './parse-script-method.js';
import { parseJsonSite } from './parse-json-schema.js';
import { parseScriptNamespace } from './parse-script-namespace.js';
import {
  bindingNamespace,
  checkBindingUses,
  parseSoapBindings,
  type BindingUse,
  type ParsedSoapBindings,
} from './parse-soap-bindings.js';
import { parseDataType, parseSiteNillable } from './site-fields.js';
import { SpecError, type SpecProblem } from './spec-error.js';
import type { Spec, SpecHeader, SpecOperation, SpecParameter, SpecService, SpecWsdl } from './spec-types.js';
import { ROOT, YamlChecker, type Entry, type Pos } from './yaml-checker.js';

/**
 * Parses and validates a spec. Throws a {@link SpecError} listing every
 * problem, each at the YAML node it is about, sorted by position.
 */
export function parseSpec(text: string, file: string): Spec {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const pos = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: Math.max(line, 1), column: Math.max(col, 1) };
  };
  if (doc.errors.length > 0) {
    // A broken tree would only produce misleading follow-up problems.
    throw new SpecError(
      sortProblems(
        doc.errors.map((e) => ({ file, ...pos(e.pos[0]), path: ROOT, message: `invalid YAML: ${e.message}` })),
      ),
    );
  }
  const checker = new Checker(file, doc, pos);
  const spec = checker.spec();
  if (checker.problems.length > 0 || !spec) throw new SpecError(sortProblems(checker.problems));
  return spec;
}

/**
 * Checks a spec's YAML document as built (`specDocument`), not read from text: what `parseSpec` checks of the text
 * the document is written as, since the `yaml` package reads its own writing back as the same document. A problem
 * has no line to point at: each is reported at 1:1, with its path.
 */
export function checkSpecDocument(doc: Document, file: string): Spec {
  const checker = new Checker(file, doc, () => ({ line: 1, column: 1 }));
  const spec = checker.spec();
  if (checker.problems.length > 0 || !spec) throw new SpecError(sortProblems(checker.problems));
  return spec;
}

class Checker extends YamlChecker {
  constructor(
    /** The spec's path: `json:` schema files are relative to its folder. */
    private readonly specFile: string,
    doc: Document,
    pos: (offset: number) => Pos,
  ) {
    super(specFile, doc, pos);
  }

  /** Every type reference, checked once the declared types are known. */
  private readonly refs: TypeRefUse[] = [];
  /** `service.style`, once read: an operation's style defaults to it. */
  private serviceStyle: 'document' | 'rpc' = 'document';
  /** `service.parameterStyle: bare`: operations are bare unless they say `wrapped`. */
  private serviceBare = false;
  /** `service.routingStyle: requestElement`: operations may share a SOAPAction. */
  private routingByElement = false;
  /** Each operation's message name and `soapAction` (`undefined`: the default), where the spec states it. */
  private readonly soapActions: { message: string; action: string | undefined; entry: Entry }[] = [];
  /** `service.scriptService: true`: operations may say how their JSON calls are made (`scriptMethod`). */
  private scriptService = false;
  private serviceNamespace = '';
  /** The bare elements declared so far, by namespace and name: their type and where. */
  private readonly bareElements = new Map<string, { type: string; line: number }>();
  /** `service.soapBindings`, and the service fields checked with the operations' bindings. */
  private soapBindings: { parsed: ParsedSoapBindings | undefined; service: Parameters<typeof checkBindingUses>[1] } = {
    parsed: undefined,
    service: { name: undefined, binding: undefined, claim: undefined },
  };
  /** Every operation's `binding` (or its absence), checked against `service.soapBindings`. */
  private readonly bindingUses: BindingUse[] = [];
  /** `wsdl.runtime`, once read: checked against the bindings, which it may rule out. */
  private runtimeEntry: Entry | undefined;
  private emptyDocumentationEntry: Entry | undefined;
  /** Each parameter's `unwrapped` entry, checked with its operation's shape. */
  private readonly unwrappedEntries = new Map<SpecParameter, Entry>();

  spec(): Spec | undefined {
    const root = this.deref(this.doc.contents);
    if (!isMap(root)) {
      const got = root ? describe(root) : 'an empty document';
      this.report(root, undefined, ROOT, `a spec must be a mapping with "service" and "operations"; got ${got}`);
      return undefined;
    }
    const f = this.fields(root, '', ['service', 'bindings', 'types', 'operations', 'wsdl'], ['$schema']);
    if (f.$schema) this.string(f.$schema);
    const service = this.need(root, f, '', 'service') && this.service(f.service!);
    const bindings = f.bindings && this.bindings(f.bindings);
    const types = f.types && parseTypes(this, f.types, this.refs);
    const operations = this.need(root, f, '', 'operations') && this.operations(f.operations!);
    const wsdl = f.wsdl && this.wsdl(f.wsdl);
    if ((wsdl?.runtime === 'net1.1' || wsdl?.runtime === 'net1.0') && (bindings ?? BINDING_KINDS).includes('soap12')) {
      this.problem(
        this.runtimeEntry!,
        `the .NET Framework ${wsdl.runtime.slice(3)} has no SOAP 1.2 binding; list the others in bindings (e.g. [soap11, httpGet, ` +
          'httpPost]), or drop wsdl.runtime',
      );
    }
    if (wsdl?.emptyDocumentation === true && (wsdl.runtime === undefined || wsdl.runtime === 'mono')) {
      this.problem(
        this.emptyDocumentationEntry!,
        'only the .NET Framework 1.x writes an empty <documentation> in wsdl:service; set wsdl.runtime: net1.1 ' +
          '(or net1.0), or drop wsdl.emptyDocumentation',
      );
    }
    if (wsdl?.emptyDocumentation === true && service && service.description !== undefined) {
      this.problem(
        this.emptyDocumentationEntry!,
        'the service has a description, which wsdl:service documents; drop wsdl.emptyDocumentation',
      );
    }
    if ((bindings ?? BINDING_KINDS).includes('soap11') && !this.routingByElement && service) {
      this.uniqueSoapActions(service.namespace);
    }
    checkTypeRefs(this, types?.declarations ?? [], types?.entries ?? new Map(), this.refs);
    if (this.soapBindings.parsed || this.bindingUses.some((u) => u.binding !== undefined)) {
      checkBindingUses(this, this.soapBindings.service, this.soapBindings.parsed, this.bindingUses);
    }
    if (!service || !operations || (f.types && !types?.ok) || (f.wsdl && !wsdl)) return undefined;
    return {
      service,
      ...(bindings && { bindings }),
      ...(types && types.declarations.length > 0 && { types: types.declarations }),
      operations,
      ...(wsdl && { wsdl }),
    };
  }

  /**
   * The runtime routes SOAP 1.1 requests by SOAPAction unless `routingStyle` says `requestElement`, and refuses to
   * start a service two of whose methods share one (`TheMethodsAndUseTheSameSoapActionWhenTheService3`).
   */
  private uniqueSoapActions(namespace: string): void {
    const first = new Map<string, string>();
    const messages = new Set<string>();
    for (const { message, action, entry } of this.soapActions) {
      // A message name taken twice is reported as such.
      if (messages.has(message)) continue;
      messages.add(message);
      const value = action ?? soapActionFor(namespace, message);
      const other = first.get(value);
      if (other === undefined) {
        first.set(value, message);
        continue;
      }
      this.problem(
        entry,
        `operations "${other}" and "${message}" have the same SOAPAction "${value}": the runtime routes SOAP 1.1 ` +
          'requests by SOAPAction and refuses to start such a service; give each its own soapAction, or set ' +
          'service.routingStyle: requestElement to route by the request element',
      );
    }
  }

  /** `wsdl:`: how the served WSDL's text differs from Mono's (another server's declaration order, line ends). */
  private wsdl(entry: Entry): SpecWsdl | undefined {
    const map = this.mapping(entry);
    if (!map) return undefined;
    const f = this.fields(map, entry.path, [
      'namespaceOrder',
      'lineEnds',
      'finalNewline',
      'dataSetSchema',
      'xsdImport',
      'prolog',
      'selfClosing',
      'emptyDocumentation',
      'original',
      'fingerprint',
      'runtime',
    ]);
    let namespaceOrder: string[] | undefined;
    let ok = true;
    if (f.namespaceOrder) {
      const items = this.items(f.namespaceOrder);
      const seen = new Map<string, number>();
      namespaceOrder = [];
      for (const item of items ?? []) {
        const prefix = this.string(item);
        if (prefix === undefined) continue;
        if (!ROOT_PREFIXES.includes(prefix) && !/^s[0-9]+$/.test(prefix) && prefix !== 'i0') {
          this.problem(
            item,
            `unknown prefix "${prefix}"; the runtime declares ${ROOT_PREFIXES.join(', ')}, s0, s1, … for extra ` +
              'schemas, and i0 for the description a binding in another namespace imports',
          );
          continue;
        }
        if (this.unique(item, prefix, 'prefix', seen) !== undefined) namespaceOrder.push(prefix);
      }
      if (!items || namespaceOrder.length !== items.length) ok = false;
    }
    const lineEnds = f.lineEnds && this.oneOf(f.lineEnds, ['lf', 'crlf'] as const);
    const runtime = f.runtime && this.oneOf(f.runtime, ['net1.0', 'net1.1', 'mono'] as const);
    this.runtimeEntry = f.runtime;
    const finalNewline = f.finalNewline && this.boolean(f.finalNewline);
    const dataSetSchema = f.dataSetSchema && this.oneOf(f.dataSetSchema, ['legacy', 'v2'] as const);
    const xsdImport = f.xsdImport && this.boolean(f.xsdImport);
    const selfClosing = f.selfClosing && this.oneOf(f.selfClosing, ['compact'] as const);
    const emptyDocumentation = f.emptyDocumentation && this.boolean(f.emptyDocumentation);
    this.emptyDocumentationEntry = f.emptyDocumentation;
    let prolog = f.prolog && this.string(f.prolog);
    if (prolog !== undefined && !PROLOG.test(prolog)) {
      this.problem(
        f.prolog!,
        'a prolog holds only an XML declaration (<?xml version="1.0" encoding="utf-8"?>, any case of utf-8), then whitespace and comments',
      );
      prolog = undefined;
    }
    const kept = this.keptOriginal(f.original, f.fingerprint);
    if (
      (f.prolog && prolog === undefined) ||
      (f.selfClosing && selfClosing === undefined) ||
      (f.emptyDocumentation && emptyDocumentation === undefined) ||
      kept === undefined ||
      (f.xsdImport && xsdImport === undefined) ||
      (f.lineEnds && lineEnds === undefined) ||
      (f.runtime && runtime === undefined) ||
      (f.finalNewline && finalNewline === undefined) ||
      (f.dataSetSchema && dataSetSchema === undefined) ||
      !ok
    ) {
      return undefined;
    }
    return {
      ...(namespaceOrder !== undefined && { namespaceOrder }),
      ...(lineEnds !== undefined && { lineEnds }),
      ...(runtime !== undefined && { runtime }),
      ...(finalNewline !== undefined && { finalNewline }),
      ...(dataSetSchema !== undefined && { dataSetSchema }),
      ...(xsdImport !== undefined && { xsdImport }),
      ...(prolog !== undefined && { prolog }),
      ...(selfClosing !== undefined && { selfClosing }),
      ...(emptyDocumentation !== undefined && { emptyDocumentation }),
      ...kept,
    };
  }

  /** `wsdl.original` and `wsdl.fingerprint`: both or neither; a relative path, a SHA-256 fingerprint. */
  private keptOriginal(
    originalEntry: Entry | undefined,
    fingerprintEntry: Entry | undefined,
  ): { original?: string; fingerprint?: string } | undefined {
    if (!originalEntry && !fingerprintEntry) return {};
    const original = originalEntry && this.string(originalEntry, true);
    const fingerprint = fingerprintEntry && this.string(fingerprintEntry, true);
    let ok = (!originalEntry || original !== undefined) && (!fingerprintEntry || fingerprint !== undefined);
    if (original !== undefined && /^([\\/]|[a-z][a-z0-9+.-]*:)/i.test(original)) {
      this.problem(
        originalEntry!,
        `"${original}" is not a path relative to the spec's folder: name the kept WSDL file from there (e.g. Foo.served.wsdl)`,
      );
      ok = false;
    }
    if (fingerprint !== undefined && !FINGERPRINT.test(fingerprint)) {
      this.problem(
        fingerprintEntry!,
        'a fingerprint is "sha256-" and 44 base64 characters, as asmxgen import writes it; import the WSDL again ' +
          'rather than editing it',
      );
      ok = false;
    }
    if (ok && (original === undefined) !== (fingerprint === undefined)) {
      this.problem(
        (originalEntry ?? fingerprintEntry)!,
        original === undefined
          ? 'a fingerprint without original: it fingerprints the contract of a kept WSDL; remove it, or add original'
          : 'original needs the fingerprint import recorded with it (it tells whether the kept WSDL still ' +
              'describes the spec); import the WSDL again, or remove original to generate the WSDL from the spec',
      );
      ok = false;
    }
    if (!ok) return undefined;
    return original === undefined ? {} : { original, fingerprint: fingerprint! };
  }

  private service(entry: Entry): SpecService | undefined {
    const map = this.mapping(entry);
    if (!map) return undefined;
    const f = this.fields(map, entry.path, [
      'name',
      'namespace',
      'path',
      'description',
      'binding',
      'bindingNamespace',
      'conformanceClaim',
      'include',
      'style',
      'parameterStyle',
      'soapBindings',
      'scriptService',
      'scriptNamespace',
      'typeNamespace',
      'generateScriptTypes',
      'routingStyle',
    ]);
    let name: string | undefined;
    if (this.need(map, f, entry.path, 'name')) name = this.name(f.name!, 'service name', false);
    let namespace: string | undefined;
    if (!f.namespace) {
      this.report(
        map,
        undefined,
        `${entry.path}.namespace`,
        "missing namespace: every ASMX service has one (ASMX's default is http://tempuri.org/)",
      );
    } else {
      namespace = this.string(f.namespace, true);
      this.serviceNamespace = namespace ?? '';
    }
    const path = f.path && this.string(f.path, true);
    if (path !== undefined && !isEndpointPath(path)) {
      this.problem(
        f.path!,
        `invalid path "${path}": must start with "/" and contain no whitespace, "?" or "#" (ASMX paths end with ` +
          '".asmx"; another is one a service behind URL rewriting or a proxy answers at)',
      );
    }
    const description = f.description && this.string(f.description, true);
    const binding = f.binding && this.name(f.binding, 'binding name', true);
    const conformanceClaim = f.conformanceClaim && this.boolean(f.conformanceClaim);
    const include = f.include && this.typeNames(f.include, 'include');
    const style = f.style && this.oneOf(f.style, ['document', 'rpc'] as const);
    if (style !== undefined) this.serviceStyle = style;
    const parameterStyle = f.parameterStyle && this.oneOf(f.parameterStyle, ['wrapped', 'bare'] as const);
    const routingStyle = f.routingStyle && this.oneOf(f.routingStyle, ['soapAction', 'requestElement'] as const);
    this.routingByElement = routingStyle === 'requestElement';
    this.serviceBare = parameterStyle === 'bare';
    const soapBindings = f.soapBindings && parseSoapBindings(this, f.soapBindings, namespace);
    const bindingNs = f.bindingNamespace && bindingNamespace(this, f.bindingNamespace, namespace);
    if (bindingNs !== undefined && !f.binding) {
      this.problem(
        f.bindingNamespace!,
        "bindingNamespace is the namespace of service.binding's [WebServiceBinding(Name, Namespace)]: name the " +
          'binding (service.binding) too; the default binding is always in the service namespace',
      );
    }
    const otherNamespaces = new Set([
      ...(bindingNs === undefined ? [] : [bindingNs]),
      ...(soapBindings?.list ?? []).flatMap((b) => (b !== 'default' && b.namespace !== undefined ? [b.namespace] : [])),
    ]);
    if (otherNamespaces.size > 1) {
      this.problem(
        f.soapBindings!,
        `bindings in ${otherNamespaces.size} namespaces other than the service's (${[...otherNamespaces].join(', ')}): ` +
          'asmxgen writes the documents the runtime serves for one (?wsdl=wsdl1); put these bindings in one namespace',
      );
    }
    if (otherNamespaces.size > 0 && style === 'rpc') {
      this.problem(
        f.style!,
        'style: rpc with a binding in another namespace: asmxgen does not write the documents of an rpc service ' +
          'served in several documents; leave the binding in the service namespace',
      );
    }
    const scriptService = f.scriptService && this.boolean(f.scriptService);
    this.scriptService = scriptService === true;
    const scriptNamespace = f.scriptNamespace && parseScriptNamespace(this, f.scriptNamespace, this.scriptService);
    const typeNamespace =
      f.typeNamespace && parseScriptNamespace(this, f.typeNamespace, this.scriptService, 'typeNamespace');
    const generateScriptTypes = this.scriptTypes(f.generateScriptTypes);
    this.soapBindings = {
      parsed: soapBindings,
      service: { name, binding: f.binding, claim: conformanceClaim === true ? f.conformanceClaim : undefined },
    };
    if (
      name === undefined ||
      namespace === undefined ||
      (f.soapBindings && !soapBindings?.ok) ||
      (f.style && !style) ||
      (f.routingStyle && !routingStyle) ||
      (f.bindingNamespace && (bindingNs === undefined || !f.binding)) ||
      otherNamespaces.size > 1
    ) {
      return undefined;
    }
    return {
      name,
      namespace,
      ...(path !== undefined && { path }),
      ...(description !== undefined && { description }),
      ...(binding !== undefined && { binding }),
      ...(bindingNs !== undefined && f.binding && { bindingNamespace: bindingNs }),
      ...(conformanceClaim !== undefined && { conformanceClaim }),
      ...(routingStyle !== undefined && { routingStyle }),
      ...(include !== undefined && { include }),
      ...(style !== undefined && { style }),
      ...(parameterStyle !== undefined && { parameterStyle }),
      ...(soapBindings && { soapBindings: soapBindings.list }),
      ...(scriptService !== undefined && { scriptService }),
      ...(scriptNamespace !== undefined && { scriptNamespace }),
      ...(typeNamespace !== undefined && { typeNamespace }),
      ...(generateScriptTypes !== undefined && { generateScriptTypes }),
    };
  }

  /**
   * `generateScriptTypes` (of the service or an operation): declared types the `/js` proxy script of a
   * `[ScriptService]` declares, refused on a service that is none.
   */
  private scriptTypes(entry: Entry | undefined): string[] | undefined {
    if (!entry) return undefined;
    if (!this.scriptService) {
      this.problem(
        entry,
        'generateScriptTypes adds types to the /js proxy script of a [ScriptService] service: set ' +
          'service.scriptService: true (or remove generateScriptTypes)',
      );
      return undefined;
    }
    return this.typeNames(entry, 'generateScriptType');
  }

  /** A list of declared class names (`include`), each checked with the other references. */
  private typeNames(entry: Entry, use: 'include' | 'generateScriptType'): string[] | undefined {
    const items = this.items(entry);
    if (!items) return undefined;
    const out: string[] = [];
    for (const item of items) {
      const name = this.string(item);
      if (name === undefined) continue;
      this.refs.push({ text: name, entry: item, use });
      out.push(name);
    }
    return out.length === items.length ? out : undefined;
  }

  private bindings(entry: Entry): BindingKind[] | undefined {
    const seq = this.sequence(entry);
    if (!seq) return undefined;
    if (seq.items.length === 0) {
      this.problem(entry, 'must not be empty; omit it to enable all four bindings');
      return undefined;
    }
    const seen = new Map<string, number>();
    const out: BindingKind[] = [];
    seq.items.forEach((item, i) => {
      const e: Entry = { key: seq, value: this.deref(item), path: `${entry.path}[${i}]` };
      const kind = this.string(e);
      if (kind === undefined) return;
      if (!(BINDING_KINDS as readonly string[]).includes(kind)) {
        this.problem(e, unknownNameMessage('binding', kind, BINDING_KINDS));
      } else if (seen.has(kind)) {
        this.problem(e, `duplicate binding "${kind}" (first listed at line ${seen.get(kind)})`);
      } else {
        seen.set(kind, this.at(e).line);
        out.push(kind as BindingKind);
      }
    });
    return out.length === seq.items.length ? out : undefined;
  }

  private operations(entry: Entry): SpecOperation[] | undefined {
    const seq = this.sequence(entry);
    if (!seq) return undefined;
    if (seq.items.length === 0) {
      this.problem(entry, 'a service needs at least one operation');
      return undefined;
    }
    const seen = new Map<string, number>();
    const nameEntries = new Map<string, Entry>();
    const out: SpecOperation[] = [];
    seq.items.forEach((item, i) => {
      const op = this.operation({ key: seq, value: this.deref(item), path: `${entry.path}[${i}]` }, seen, nameEntries);
      if (op) out.push(op);
    });
    // `A` declares the element `AResponse`: an operation of that name would declare it twice.
    for (const [name, nameEntry] of nameEntries) {
      const owner = name.endsWith('Response') ? name.slice(0, -'Response'.length) : undefined;
      if (owner && seen.has(owner)) {
        this.problem(
          nameEntry,
          `operation "${name}" declares the same WSDL element as the response of operation "${owner}" ` +
            `(line ${seen.get(owner)}); rename one of them`,
        );
      }
    }
    return out.length === seq.items.length ? out : undefined;
  }

  private operation(
    entry: Entry,
    seen: Map<string, number>,
    nameEntries: Map<string, Entry>,
  ): SpecOperation | undefined {
    const map = this.mapping(entry);
    if (!map) return undefined;
    const f = this.fields(map, entry.path, [
      'name',
      'messageName',
      'group',
      'description',
      'soapAction',
      'parameters',
      'result',
      'resultItemName',
      'resultUnwrapped',
      'resultChoice',
      'resultElement',
      'resultItemNullable',
      'resultItemForm',
      'resultForm',
      'resultNamespace',
      'resultDataType',
      'resultNillable',
      'resultJson',
      'headers',
      'style',
      'use',
      'requestElement',
      'responseElement',
      'requestNamespace',
      'responseNamespace',
      'parameterStyle',
      'oneWay',
      'binding',
      'scriptMethod',
      'enableSession',
      'generateScriptTypes',
    ]);
    let name: string | undefined;
    if (this.need(map, f, entry.path, 'name')) name = this.name(f.name!, 'operation name', true);
    const messageName = f.messageName && this.name(f.messageName, 'message name', true);
    // The message name names the elements and messages: it is what must be unique (overloads share a name).
    const unique = f.messageName ?? f.name;
    const message = messageName ?? (f.messageName ? undefined : name);
    if (
      unique &&
      message !== undefined &&
      this.unique(unique, message, f.messageName ? 'message name' : 'operation', seen)
    ) {
      nameEntries.set(message, unique);
    }
    const group = f.group && this.string(f.group, true);
    const description = f.description && this.string(f.description, true);
    // `[SoapDocumentMethod(Action = "")]` is an empty SOAPAction, as the runtime writes it.
    const soapAction = f.soapAction && this.string(f.soapAction);
    if (message !== undefined) this.soapActions.push({ message, action: soapAction, entry: f.soapAction ?? entry });
    const parameters = f.parameters && this.parameters(f.parameters);
    const resultChoice = f.resultChoice && parseChoice(this, f.resultChoice, this.refs, undefined);
    const result = f.result && this.typeRef(f.result, f.resultChoice ? 'choiceSite' : 'result');
    if (f.resultChoice) this.choiceResult(f);
    const resultItemName = f.resultItemName && this.name(f.resultItemName, 'item name', true);
    if (f.resultItemName && f.result && result !== undefined && !result.endsWith('[]')) {
      this.problem(f.resultItemName, 'resultItemName applies to an array result only');
    }
    const resultUnwrapped = f.resultUnwrapped && this.boolean(f.resultUnwrapped);
    if (resultUnwrapped) this.unwrappedResult(f, result);
    const resultItemNullable = f.resultItemNullable && this.boolean(f.resultItemNullable);
    if (f.resultItemNullable && (f.result === undefined || (result !== undefined && !result.endsWith('[]')))) {
      this.problem(f.resultItemNullable, 'resultItemNullable applies to an array result only');
    }
    const resultItemForm = f.resultItemForm && this.oneOf(f.resultItemForm, ['unqualified'] as const);
    if (f.resultItemForm && (f.result === undefined || (result !== undefined && !result.endsWith('[]')))) {
      this.problem(f.resultItemForm, 'resultItemForm applies to an array result only');
    }
    const resultForm = f.resultForm && this.oneOf(f.resultForm, ['unqualified'] as const);
    if (f.resultForm && !f.result) this.problem(f.resultForm, 'a void operation has no result element');
    const resultNamespace = f.resultNamespace && this.string(f.resultNamespace, true);
    if (f.resultNamespace && !f.result) this.problem(f.resultNamespace, 'a void operation has no result element');
    if (f.resultNamespace && f.resultForm) {
      this.problem(f.resultForm, 'a result element in another namespace (resultNamespace) is qualified: no resultForm');
    }
    const resultElement = f.resultElement && this.name(f.resultElement, 'element name', true);
    if (f.resultElement && !f.result) this.problem(f.resultElement, 'a void operation has no result element');
    const resultDataType = f.resultDataType && f.result && parseDataType(this, f.resultDataType, result);
    // On an unwrapped array, `[return: XmlElement(IsNullable = true)]` makes its items nillable.
    const resultNillable =
      f.resultNillable &&
      f.result &&
      parseSiteNillable(this, f.resultNillable, resultUnwrapped ? result?.slice(0, -2) : result);
    if ((f.resultDataType || f.resultNillable) && !f.result) {
      this.problem((f.resultDataType ?? f.resultNillable)!, 'a void operation has no result to describe');
    }
    if (f.resultJson && !f.result) this.problem(f.resultJson, 'a void operation has no result to describe');
    if (f.resultJson && f.resultDataType) this.problem(f.resultJson, 'a JSON result has no dataType');
    const resultJson =
      f.resultJson && f.result && !f.resultDataType
        ? parseJsonSite(this, f.resultJson, this.specFile, result, 'result')
        : undefined;
    const headers = f.headers && this.headers(f.headers);
    const soap = this.soapStyle(f);
    this.checkEncoded(f, soap, parameters);
    const shape = this.methodShape(f, parameters, messageName ?? name, result, resultElement);
    const binding = f.binding && this.name(f.binding, 'binding name', true);
    const scriptMethod = f.scriptMethod && parseScriptMethod(this, f.scriptMethod, this.scriptService);
    checkDictionarySite(
      this,
      { kind: 'result', text: result, typeEntry: f.result, fields: f },
      this.scriptService,
      f.scriptMethod,
      scriptMethod?.responseFormat === 'xml',
    );
    const enableSession = f.enableSession && this.boolean(f.enableSession);
    const generateScriptTypes = this.scriptTypes(f.generateScriptTypes);
    if (name !== undefined && (!f.binding || binding !== undefined)) {
      this.bindingUses.push({ operation: messageName ?? name, binding, entry: f.binding });
    }
    // Any problem above is reported and fails the whole spec; only `name` matters to the type.
    if (name === undefined) return undefined;
    return {
      name,
      ...(messageName !== undefined && { messageName }),
      ...(group !== undefined && { group }),
      ...(description !== undefined && { description }),
      ...(soapAction !== undefined && { soapAction }),
      ...(parameters !== undefined && { parameters }),
      ...(result !== undefined && { result }),
      ...(resultItemName !== undefined && { resultItemName }),
      ...(resultUnwrapped && { resultUnwrapped }),
      ...(resultChoice && { resultChoice }),
      ...(resultElement !== undefined && { resultElement }),
      ...(resultItemNullable !== undefined && { resultItemNullable }),
      ...(resultItemForm !== undefined && { resultItemForm }),
      ...(resultForm !== undefined && { resultForm }),
      ...(resultNamespace !== undefined && { resultNamespace }),
      ...(resultDataType !== undefined && { resultDataType }),
      ...(resultNillable && { resultNillable }),
      ...(resultJson !== undefined && { resultJson }),
      ...(headers !== undefined && { headers }),
      ...(binding !== undefined && { binding }),
      ...soap,
      ...shape,
      ...(scriptMethod !== undefined && { scriptMethod }),
      ...(enableSession !== undefined && { enableSession }),
      ...(generateScriptTypes !== undefined && { generateScriptTypes }),
    };
  }

  /**
   * What an encoded operation cannot have yet: SOAP headers, `out` and `ref` parameters; and a document/literal
   * operation in an rpc service (whose literal schema is HTTP's).
   */
  private checkEncoded(
    f: Record<string, Entry | undefined>,
    soap: Pick<SpecOperation, 'style' | 'use'>,
    parameters: readonly SpecParameter[] | undefined,
  ): void {
    const rpc = (soap.style ?? this.serviceStyle) === 'rpc';
    const encoded = (soap.use ?? (rpc || this.serviceStyle === 'rpc' ? 'encoded' : 'literal')) === 'encoded';
    if (!encoded && this.serviceStyle === 'rpc' && f.use) {
      this.problem(f.use, 'a document/literal operation in an rpc service (service.style: rpc) is not expressible');
    }
    if (!encoded) return;
    this.wrappedOnly(f, parameters, 'an encoded operation (SOAP section 5)', true);
    if (f.headers)
      this.problem(f.headers, 'an encoded operation (SOAP section 5) with SOAP headers is not expressible');
    if (f.parameters && parameters?.some((p) => (p.direction ?? 'in') !== 'in')) {
      this.problem(f.parameters, 'an encoded operation (SOAP section 5) takes in parameters only, not out or ref');
    }
  }

  /**
   * `namespace` and `resultNamespace` (`[XmlElement(Namespace)]`) are a wrapped document/literal operation's: `what`
   * (a bare or encoded operation) has no wrapper to refer to another namespace's element.
   */
  private wrappedOnly(
    f: Record<string, Entry | undefined>,
    parameters: readonly SpecParameter[] | undefined,
    what: string,
    encoded = false,
  ): void {
    const why = `${what} has no wrapper element to refer to an element of another namespace`;
    if (f.resultNamespace) this.problem(f.resultNamespace, `${why}: remove resultNamespace`);
    if (f.parameters && parameters?.some((p) => p.namespace !== undefined)) {
      this.problem(f.parameters, `${why}: remove the parameters' namespace`);
    }
    // The runtime refuses `[XmlElement]` on a bare operation's array (XmlSchemaExporter: "An element declared at the
    // top level of a schema cannot have maxOccurs > 1"), and an encoded operation ignores it (SoapReflectionImporter
    // reads no XmlAttributes: the array is a soapenc:Array as any other).
    const repeat = (key: string) =>
      encoded
        ? `${what} ignores [XmlElement] on an array: the runtime writes it as a soapenc:Array, as any array; remove ${key}`
        : `${what} has no wrapper element to repeat an array's items in: the runtime refuses such a service ("An ` +
          'element declared at the top level of a schema cannot have maxOccurs > 1"); remove ' +
          `${key} (the array then has an ArrayOfX wrapper) or make the operation wrapped`;
    if (f.resultUnwrapped) this.problem(f.resultUnwrapped, repeat('resultUnwrapped'));
    if (f.resultChoice) {
      this.problem(
        f.resultChoice,
        encoded
          ? `${what} ignores [return: XmlElement(Name, typeof(T))]: remove resultChoice`
          : `${what} has no wrapper element to hold a choice: remove resultChoice`,
      );
    }
    for (const p of parameters ?? []) {
      const entry = this.unwrappedEntries.get(p);
      if (entry) this.problem(entry, repeat('unwrapped'));
    }
  }

  /**
   * `unwrapped` (`[XmlElement]` on an array parameter): its items are repeated elements named after it, so no item
   * of their own (an `ArrayOfX`'s) describes them.
   */
  private unwrappedParameter(f: Record<string, Entry | undefined>, type: string | undefined): void {
    if ((f.type === undefined || type !== undefined) && !(type ?? 'string').endsWith('[]')) {
      this.problem(f.unwrapped!, 'unwrapped applies to an array parameter only');
    }
    for (const key of ['itemName', 'itemNullable', 'itemForm', 'namespace', 'form'] as const) {
      if (f[key]) this.problem(f[key]!, `an unwrapped array's items are elements named after it: no ${key}`);
    }
  }

  /**
   * `resultChoice` (several `[return: XmlElement(Name, typeof(T))]`, or `[return: XmlArrayItem]`s on an array
   * result): the choice names its elements, so nothing else may name or shape the result's element.
   */
  private choiceResult(f: Record<string, Entry | undefined>): void {
    if (!f.result) this.problem(f.resultChoice!, 'a void operation has no result to describe');
    for (const key of [
      'resultElement',
      'resultItemName',
      'resultItemNullable',
      'resultItemForm',
      'resultForm',
      'resultNamespace',
      'resultDataType',
      'resultNillable',
      'resultJson',
    ] as const) {
      if (f[key]) this.problem(f[key]!, `a choice result names its elements (resultChoice): no ${key}`);
    }
  }

  /** `resultUnwrapped` (`[return: XmlElement]` on an array result), as {@link unwrappedParameter}. */
  private unwrappedResult(f: Record<string, Entry | undefined>, result: string | undefined): void {
    if (!f.result) this.problem(f.resultUnwrapped!, 'a void operation has no result to describe');
    else if (result !== undefined && !result.endsWith('[]')) {
      this.problem(f.resultUnwrapped!, 'resultUnwrapped applies to an array result only');
    }
    for (const key of [
      'resultItemName',
      'resultItemNullable',
      'resultItemForm',
      'resultNamespace',
      'resultForm',
    ] as const) {
      if (f[key]) this.problem(f[key]!, `an unwrapped result's items are elements named after it: no ${key}`);
    }
  }

  /**
   * A bare operation's top-level element: one name in a namespace is one element, so every bare element of that name
   * there has the same type.
   */
  private bareElement(namespace: string, name: string, type: string, entry: Entry): void {
    const key = `${namespace}\u0000${name}`;
    const first = this.bareElements.get(key);
    if (!first) {
      this.bareElements.set(key, { type, line: this.at(entry).line });
    } else if (first.type !== type) {
      this.problem(
        entry,
        `the bare element "${name}" (namespace ${namespace}) is of type ${type} here but ${first.type} at line ` +
          `${first.line}: a bare parameter or result is a top-level element, declared once per namespace; rename one`,
      );
    }
  }

  /**
   * An operation's `style` and `use`. rpc is always encoded (rpc/literal is not expressible).
   */
  private soapStyle(f: Record<string, Entry | undefined>): Pick<SpecOperation, 'style' | 'use'> {
    const style = f.style && this.oneOf(f.style, ['document', 'rpc'] as const);
    const use = f.use && this.oneOf(f.use, ['literal', 'encoded'] as const);
    const rpc = (style ?? this.serviceStyle) === 'rpc';
    if (rpc && use === 'literal') {
      this.problem(
        f.use!,
        'an rpc operation is encoded ([SoapRpcMethod] with SOAP section 5 encoding): rpc/literal is not expressible',
      );
    }
    return {
      ...(style !== undefined && { style }),
      ...(use !== undefined && { use }),
    };
  }

  /**
   * `[SoapDocumentMethod]`'s settings of an operation: renamed and namespaced wrapper elements, bare parameters,
   * one-way. A one-way operation has no result and no out or ref parameters (the runtime refuses them); a bare one
   * has no wrapper elements to rename.
   */
  private methodShape(
    f: Record<string, Entry | undefined>,
    parameters: readonly SpecParameter[] | undefined,
    messageName: string | undefined,
    result: string | undefined,
    resultElement?: string,
  ): Partial<SpecOperation> {
    const requestElement = f.requestElement && this.name(f.requestElement, 'element name', true);
    const responseElement = f.responseElement && this.name(f.responseElement, 'element name', true);
    const requestNamespace = f.requestNamespace && this.string(f.requestNamespace, true);
    const responseNamespace = f.responseNamespace && this.string(f.responseNamespace, true);
    const parameterStyle = f.parameterStyle && this.oneOf(f.parameterStyle, ['wrapped', 'bare'] as const);
    const oneWay = f.oneWay && this.boolean(f.oneWay);
    if (parameterStyle === 'bare' || (parameterStyle === undefined && this.serviceBare)) {
      for (const key of ['requestElement', 'responseElement'] as const) {
        if (f[key]) this.problem(f[key]!, `a bare operation has no wrapper element to rename: remove ${key}`);
      }
      const elements = [
        ...(parameters ?? []).map((p) => ({ ns: requestNamespace, name: p.name, type: p.type, entry: f.parameters! })),
        ...(result !== undefined && messageName !== undefined
          ? [{ ns: responseNamespace, name: resultElement ?? `${messageName}Result`, type: result, entry: f.result! }]
          : []),
      ];
      for (const e of elements) this.bareElement(e.ns ?? this.serviceNamespace, e.name, e.type ?? 'string', e.entry);
      this.wrappedOnly(f, parameters, 'a bare operation');
    }
    if (oneWay === true) {
      if (f.result) this.problem(f.result, 'a one-way operation returns nothing: remove the result (or oneWay)');
      for (const key of ['responseElement', 'responseNamespace'] as const) {
        if (f[key]) this.problem(f[key]!, `a one-way operation has no response: remove ${key}`);
      }
      if (parameters?.some((p) => p.direction !== undefined && p.direction !== 'in') && f.parameters) {
        this.problem(f.parameters, 'a one-way operation has no out or ref parameters (it sends no response)');
      }
    }
    return {
      ...(requestElement !== undefined && { requestElement }),
      ...(responseElement !== undefined && { responseElement }),
      ...(requestNamespace !== undefined && { requestNamespace }),
      ...(responseNamespace !== undefined && { responseNamespace }),
      ...(parameterStyle !== undefined && (parameterStyle === 'bare' || this.serviceBare) && { parameterStyle }),
      ...(oneWay === true && { oneWay }),
    };
  }

  private parameters(entry: Entry): SpecParameter[] | undefined {
    const items = this.items(entry);
    if (!items) return undefined;
    const seen = new Map<string, number>();
    const out: SpecParameter[] = [];
    for (const e of items) {
      const map = this.mapping(e);
      if (!map) continue;
      const f = this.fields(map, e.path, [
        'name',
        'type',
        'direction',
        'list',
        'itemName',
        'itemNullable',
        'itemForm',
        'choice',
        'dataType',
        'nillable',
        'form',
        'namespace',
        'json',
        'partName',
        'unwrapped',
      ]);
      let name: string | undefined;
      if (this.need(map, f, e.path, 'name')) {
        name = this.name(f.name!, 'parameter name', true);
        if (name !== undefined) name = this.unique(f.name!, name, 'parameter', seen);
      }
      const choice = f.choice && parseChoice(this, f.choice, this.refs, undefined);
      const type = f.type && (f.choice ? this.typeRef(f.type, 'choiceSite') : this.typeRef(f.type, 'parameter'));
      if (f.choice && f.list) this.problem(f.list, 'a choice parameter cannot be a list');
      if (f.choice && f.itemName) this.problem(f.itemName, 'a choice names its elements: no itemName');
      if (f.choice && f.itemNullable) this.problem(f.itemNullable, 'a choice names its elements: no itemNullable');
      if (f.choice && f.itemForm) this.problem(f.itemForm, 'a choice names its elements: no itemForm');
      const direction = f.direction && this.oneOf(f.direction, ['in', 'out', 'ref'] as const);
      const list = f.list && this.boolean(f.list);
      const itemName = f.itemName && this.name(f.itemName, 'item name', true);
      const itemNullable = f.itemNullable && this.boolean(f.itemNullable);
      const itemForm = f.itemForm && this.oneOf(f.itemForm, ['unqualified'] as const);
      const form = f.form && this.oneOf(f.form, ['unqualified'] as const);
      if (f.choice && f.form) this.problem(f.form, 'a choice names its elements: no form');
      const namespace = f.namespace && this.string(f.namespace, true);
      const partName = f.partName && this.name(f.partName, 'part name', true);
      if (f.choice && f.namespace) this.problem(f.namespace, 'a choice names its elements: no namespace');
      if (f.namespace && f.form) {
        this.problem(f.form, 'an element in another namespace (namespace) is qualified: no form');
      }
      const isArray = (type ?? 'string').endsWith('[]');
      const dataType = f.dataType && !f.choice ? parseDataType(this, f.dataType, type) : undefined;
      const unwrapped = f.unwrapped && this.boolean(f.unwrapped);
      if (unwrapped) this.unwrappedParameter(f, type);
      // On an unwrapped array, `[XmlElement(IsNullable = true)]` makes its items nillable.
      const nillable =
        f.nillable && !f.choice
          ? parseSiteNillable(this, f.nillable, unwrapped ? type?.slice(0, -2) : type)
          : undefined;
      if (f.choice && (f.dataType || f.nillable)) {
        this.problem((f.dataType ?? f.nillable)!, 'a choice names its elements: no dataType or nillable');
      }
      let json: ReturnType<typeof parseJsonSite>;
      if (f.json && (f.choice || f.dataType)) {
        this.problem(f.json, `a JSON parameter is a plain string: no ${f.choice ? 'choice' : 'dataType'}`);
      } else if (f.json && direction !== undefined && direction !== 'in') {
        this.problem(f.json, `json applies to an in parameter only, not ${direction}`);
      } else if (f.json) {
        json = parseJsonSite(this, f.json, this.specFile, f.type ? type : 'string', 'parameter');
      }
      checkDictionarySite(
        this,
        { kind: 'parameter', text: type, typeEntry: f.type, fields: f, direction },
        this.scriptService,
        undefined,
        false,
      );
      if (list && !isArray) this.problem(f.list!, 'list applies to an array parameter only');
      if (itemName !== undefined && !isArray) this.problem(f.itemName!, 'itemName applies to an array parameter only');
      if (f.itemNullable && !isArray) this.problem(f.itemNullable, 'itemNullable applies to an array parameter only');
      if (f.itemForm && !isArray) this.problem(f.itemForm, 'itemForm applies to an array parameter only');
      const ok = (x: Entry | undefined, v: unknown) => !x || v !== undefined;
      if (
        name !== undefined &&
        ok(f.type, type) &&
        ok(f.direction, direction) &&
        ok(f.list, list) &&
        ok(f.itemName, itemName) &&
        ok(f.itemNullable, itemNullable) &&
        ok(f.itemForm, itemForm) &&
        ok(f.form, form) &&
        ok(f.namespace, namespace) &&
        ok(f.choice, choice) &&
        ok(f.dataType, dataType) &&
        ok(f.nillable, nillable) &&
        ok(f.json, json) &&
        ok(f.partName, partName) &&
        ok(f.unwrapped, unwrapped)
      ) {
        const parameter: SpecParameter = {
          name,
          ...(type !== undefined && { type }),
          ...(direction !== undefined && { direction }),
          ...(list !== undefined && { list }),
          ...(itemName !== undefined && { itemName }),
          ...(itemNullable !== undefined && { itemNullable }),
          ...(itemForm !== undefined && { itemForm }),
          ...(form !== undefined && { form }),
          ...(namespace !== undefined && { namespace }),
          ...(choice && { choice }),
          ...(dataType !== undefined && { dataType }),
          ...(nillable && { nillable }),
          ...(json && { json }),
          ...(partName !== undefined && { partName }),
          ...(unwrapped && { unwrapped }),
        };
        if (unwrapped) this.unwrappedEntries.set(parameter, f.unwrapped!);
        out.push(parameter);
      }
    }
    return out.length === items.length ? out : undefined;
  }

  private headers(entry: Entry): SpecHeader[] | undefined {
    const items = this.items(entry);
    if (!items) return undefined;
    const seen = new Map<string, number>();
    const out: SpecHeader[] = [];
    for (const e of items) {
      const map = this.mapping(e);
      if (!map) continue;
      const f = this.fields(map, e.path, ['field', 'type', 'direction', 'required']);
      let field: string | undefined;
      if (this.need(map, f, e.path, 'field')) {
        field = this.name(f.field!, 'header field', false);
        if (field !== undefined) field = this.unique(f.field!, field, 'header field', seen);
      }
      let type: string | undefined;
      if (this.need(map, f, e.path, 'type')) type = this.typeRef(f.type!, 'header');
      const direction = f.direction && this.oneOf(f.direction, ['in', 'out', 'inOut'] as const);
      const required = f.required && this.boolean(f.required);
      if (field === undefined || type === undefined || (f.direction && !direction)) continue;
      if (f.required && required === undefined) continue;
      out.push({
        field,
        type,
        ...(direction !== undefined && { direction }),
        ...(required !== undefined && { required }),
      });
    }
    return out.length === items.length ? out : undefined;
  }

  /** A type reference, checked later against the declared types. */
  private typeRef(entry: Entry, use: TypeRefUse['use']): string | undefined {
    const text = this.string(entry, true);
    if (text === undefined) return undefined;
    this.refs.push({ text, entry, use });
    return text;
  }
}

/** The prefixes the runtime always declares on the root element (corpus README, rule 1). */
/** `wsdl.fingerprint`: `sha256-` and a base64 SHA-256 digest. */
const FINGERPRINT = /^sha256-[A-Za-z0-9+/]{43}=$/;

/**
 * What `wsdl.prolog` may hold: XML's prolog as tools that save a served WSDL write it. An XML declaration of version
 * 1.0 in UTF-8 (any case, either quote), then whitespace and comments (`<!-- http://…?WSDL -->`, where a copy was
 * taken). Nothing that would change the document: no DOCTYPE, no processing instruction.
 */
export const PROLOG =
  /^(<\?xml version=(["'])1\.0\2( encoding=(["'])[uU][tT][fF]-8\4)?( standalone=(["'])(yes|no)\6)? ?\?>)?([ \t\r\n]|<!--([^-]|-(?!-))*-->)*$/;

const ROOT_PREFIXES = ['soapenc', 'soap12', 'http', 'tns', 'mime', 'tm', 's', 'soap'];

function describe(node: Node): string {
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a sequence';
  if (isScalar(node)) {
    if (node.value === null) return 'null';
    return typeof node.value === 'string' ? 'a string' : `a ${typeof node.value}`;
  }
  return 'something else';
}

function isEndpointPath(path: string): boolean {
  return path.startsWith('/') && !/[\s?#]/.test(path);
}

function sortProblems(problems: readonly SpecProblem[]): SpecProblem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
}
