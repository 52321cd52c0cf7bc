/**
 * A spec the TypeScript emitters cannot carry yet: it validates, and its WSDL renders (`generateWsdl`,
 * `renderWsdl`, `asmxgen generate --wsdl-only`), but the server, client and tests do not carry all it uses
 * (`ServiceModel.codeBlockers`, empty for every spec the format holds now).
 */
export class UnsupportedSpecError extends Error {
  override name = 'UnsupportedSpecError';
  readonly blockers: readonly string[];

  /** `inWsdl`: what blocks is in the WSDL's documents themselves, which `--wsdl-only` cannot write either. */
  constructor(service: string, blockers: readonly string[], inWsdl = false) {
    const list = blockers.map((b) => `  - ${b}`).join('\n');
    super(
      inWsdl
        ? `${service}: asmxgen cannot write the WSDL documents of everything this spec uses yet:\n${list}\n` +
            'Nothing was written.'
        : `${service}: the generated server, client and tests do not support everything this spec uses yet:\n${list}\n` +
            'The spec is valid and its WSDL can be generated: use `asmxgen generate --wsdl-only` ' +
            '(or `generateWsdl`/`renderWsdl` from the API). Nothing was written.',
    );
    this.blockers = Object.freeze([...blockers]);
  }
}
