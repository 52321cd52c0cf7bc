/** One SOAP binding as the spec groups operations: its name (`undefined` for the default one), claim, members. */
export interface SoapBindingGroup {
  readonly name: string | undefined;
  readonly conformanceClaim: boolean;
  /** Indexes of its operations in declaration order. */
  readonly members: readonly number[];
}

/**
 * The SOAP bindings operations are spread over, in the order the WSDL writes them. `listed` is
 * `service.soapBindings` (`undefined` for the one binding of `service.binding`, or the default one); `bindingOf`
 * gives each operation's `binding`.
 */
export function soapBindingGroups(
  listed: readonly ('default' | { readonly name: string; readonly conformanceClaim?: boolean })[] | undefined,
  single: { readonly name: string | undefined; readonly conformanceClaim: boolean },
  bindingOf: readonly (string | undefined)[],
): SoapBindingGroup[] {
  if (listed === undefined) return [{ ...single, members: bindingOf.map((_, i) => i) }];
  return listed.map((entry) => {
    const name = entry === 'default' ? undefined : entry.name;
    return {
      name,
      conformanceClaim: entry === 'default' ? single.conformanceClaim : entry.conformanceClaim === true,
      members: bindingOf.flatMap((b, i) => (b === name ? [i] : [])),
    };
  });
}

/**
 * The WSDL names of the bindings, as the runtime allocates them (`CodeIdentifiers.AddUnique`): SOAP 1.1 bindings
 * first, in order (`{Service}Soap`, or the `[WebServiceBinding]` name), then SOAP 1.2 ones (`{Service}Soap12`, or
 * the name again, which is taken, so `{name}1`), then HTTP; a name already taken gets the first free number.
 * With SOAP 1.1 off (`<remove name="HttpSoap" />`), no SOAP 1.1 binding takes a name: the SOAP 1.2 ones are
 * `{Service}Soap12` or the `[WebServiceBinding]` name itself, and `soap11` repeats them (the port types' names).
 */
export function soapBindingNames(
  service: string,
  groups: readonly { readonly name: string | undefined }[],
  soap11Enabled = true,
): { soap11: string[]; soap12: string[]; httpGet: string; httpPost: string } {
  const used = new Set<string>();
  const unique = (name: string): string => {
    let candidate = name;
    for (let i = 1; used.has(candidate); i++) candidate = `${name}${i}`;
    used.add(candidate);
    return candidate;
  };
  const soap11 = soap11Enabled ? groups.map((g) => unique(g.name ?? `${service}Soap`)) : undefined;
  const soap12 = groups.map((g) => unique(g.name ?? `${service}Soap12`));
  return {
    soap11: soap11 ?? soap12,
    soap12,
    httpGet: unique(`${service}HttpGet`),
    httpPost: unique(`${service}HttpPost`),
  };
}
