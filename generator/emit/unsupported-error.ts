/**
 * A spec the TypeScript emitters cannot carry yet: it validates, and its WSDL renders (`generateWsdl`,
 * `renderWsdl`, `asmxgen generate --wsdl-only`), but the server, client and tests do not carry all it uses
 * (`ServiceModel.codeBlockers`, empty for every spec the format holds now).
 */
export class UnsupportedSpecError extends Error {
  override name = 'UnsupportedSpecError';
  readonly blockers: readonly string[];

  constructor(service: string, blockers: readonly string[]) {
    super(
      `${service}: the generated server, client and tests do not support everything this spec uses yet:\n${blockers.map((b) => `  - ${b}`).join('\n')}\n` +
        'The spec is valid and its WSDL can be generated: use `asmxgen generate --wsdl-only` ' +
        '(or `generateWsdl`/`renderWsdl` from the API). Nothing was written.',
    );
    this.blockers = Object.freeze([...blockers]);
  }
}
