import { isScalar } from 'yaml';
import { unknownNameMessage } from '../model/name-hint.js';
import type { SpecSoapBinding } from './spec-types.js';
import type { Entry, YamlChecker } from './yaml-checker.js';

/** `service.soapBindings` as read, with where each entry is (for the checks against the operations). */
export interface ParsedSoapBindings {
  readonly list: SpecSoapBinding[];
  /** The entry of each named binding, by name, and of `default`. */
  readonly entries: Map<string, Entry>;
  readonly defaultEntry: Entry | undefined;
  readonly entry: Entry;
  /** No problem in any entry (the others are read as far as they could be). */
  readonly ok: boolean;
}

/** An operation's `binding`, where it is. */
export interface BindingUse {
  readonly operation: string;
  readonly binding: string | undefined;
  readonly entry: Entry | undefined;
}

/**
 * `service.soapBindings`: `default` and named bindings (`{ name, conformanceClaim }`), each at most once, in the
 * order the WSDL writes them; `undefined` when it is no list.
 */
export function parseSoapBindings(
  checker: YamlChecker,
  entry: Entry,
  serviceNamespace: string | undefined,
): ParsedSoapBindings | undefined {
  const items = checker.items(entry);
  if (!items) return undefined;
  if (items.length === 0) {
    checker.problem(entry, 'must not be empty; omit it for one SOAP binding holding every operation');
    return undefined;
  }
  const seen = new Map<string, number>();
  const entries = new Map<string, Entry>();
  const list: SpecSoapBinding[] = [];
  let defaultEntry: Entry | undefined;
  for (const item of items) {
    if (isScalar(item.value)) {
      const text = checker.string(item);
      if (text === undefined) continue;
      if (text !== 'default') {
        checker.problem(
          item,
          `"${text}" is not a binding: an entry is "default" (the {Service}Soap binding) or { name, conformanceClaim }`,
        );
        continue;
      }
      if (defaultEntry) {
        checker.problem(item, `"default" is listed twice (first at line ${checker.at(defaultEntry).line})`);
        continue;
      }
      defaultEntry = item;
      list.push('default');
      continue;
    }
    const map = checker.mapping(item);
    if (!map) continue;
    const f = checker.fields(map, item.path, ['name', 'conformanceClaim', 'namespace']);
    let name: string | undefined;
    if (checker.need(map, f, item.path, 'name')) {
      name = checker.name(f.name!, 'binding name', true);
      if (name !== undefined) name = checker.unique(f.name!, name, 'binding', seen);
    }
    const conformanceClaim = f.conformanceClaim && checker.boolean(f.conformanceClaim);
    const namespace = f.namespace && bindingNamespace(checker, f.namespace, serviceNamespace);
    if (name === undefined || (f.conformanceClaim && conformanceClaim === undefined)) continue;
    if (f.namespace && namespace === undefined) continue;
    entries.set(name, f.name!);
    list.push({
      name,
      ...(conformanceClaim !== undefined && { conformanceClaim }),
      ...(namespace !== undefined && { namespace }),
    });
  }
  return { list, entries, defaultEntry, entry, ok: list.length === items.length };
}

/**
 * A binding's namespace (`[WebServiceBinding(Namespace)]`): a namespace other than the service's, which states
 * the default.
 */
export function bindingNamespace(
  checker: YamlChecker,
  entry: Entry,
  serviceNamespace: string | undefined,
): string | undefined {
  const namespace = checker.string(entry, true);
  if (namespace === undefined) return undefined;
  if (namespace === serviceNamespace) {
    checker.problem(
      entry,
      `"${namespace}" is the service's namespace, where a binding is when it names none: leave the namespace out`,
    );
    return undefined;
  }
  return namespace;
}

/**
 * The operations' bindings against `service.soapBindings`: each `binding` names a listed binding; every listed
 * binding holds an operation (the runtime writes a binding only for the methods in it); `default` is listed
 * exactly when some operation has no `binding`. `service.binding` and `soapBindings` exclude each other.
 */
export function checkBindingUses(
  checker: YamlChecker,
  service: {
    readonly name: string | undefined;
    readonly binding: Entry | undefined;
    readonly claim: Entry | undefined;
  },
  parsed: ParsedSoapBindings | undefined,
  uses: readonly BindingUse[],
): void {
  const named = uses.filter((u) => u.binding !== undefined);
  if (!parsed) {
    for (const use of named) {
      checker.problem(
        use.entry!,
        `binding "${use.binding}" is not listed: an operation's binding names an entry of service.soapBindings`,
      );
    }
    return;
  }
  if (service.binding) {
    checker.problem(
      service.binding,
      'service.binding puts every operation in one named binding; with service.soapBindings, name each ' +
        "operation's binding instead",
    );
  }
  const listed = [...parsed.entries.keys()];
  for (const use of named) {
    if (!parsed.entries.has(use.binding!)) {
      checker.problem(use.entry!, unknownNameMessage('binding', use.binding!, listed));
    }
  }
  for (const [name, entry] of parsed.entries) {
    if (!named.some((u) => u.binding === name)) {
      checker.problem(
        entry,
        `no operation is in binding "${name}": the runtime writes a binding only for the methods in it; remove it ` +
          'or set an operation\'s "binding"',
      );
    }
  }
  const unbound = uses.filter((u) => u.binding === undefined).map((u) => `"${u.operation}"`);
  const defaultName = `${service.name ?? '{Service}'}Soap`;
  if (parsed.defaultEntry && unbound.length === 0) {
    checker.problem(
      parsed.defaultEntry,
      `every operation names its binding, so the default binding (${defaultName}) holds none and the runtime does ` +
        'not write it; remove "default"',
    );
  }
  if (!parsed.defaultEntry && unbound.length > 0) {
    checker.problem(
      parsed.entry,
      `operation${unbound.length > 1 ? 's' : ''} ${unbound.join(', ')} ${unbound.length > 1 ? 'have' : 'has'} no ` +
        `binding, so ${unbound.length > 1 ? 'they are' : 'it is'} in the default binding (${defaultName}): list ` +
        '"default" where the WSDL writes that binding',
    );
  }
  if (service.claim && !parsed.defaultEntry) {
    checker.problem(
      service.claim,
      "service.conformanceClaim is the default binding's, which holds no operation; set conformanceClaim on the " +
        'entry of service.soapBindings instead',
    );
  }
}
