import type { BindingKind, ServiceModel } from '../model/types.js';
import { renameSpec, type TypeMatching } from './type-matching.js';

/** The address each binding's port names, as a WSDL gives it; a spec side has the one `generate` would write. */
export type Addresses = Partial<Record<BindingKind, string>>;

export interface DiffOptions {
  /** Report `address-changed`; off by default, since an address names a deployment, not the contract. */
  readonly includeAddresses?: boolean;
  /** The ports' addresses of each side (only read with `includeAddresses`). */
  readonly addresses?: { readonly old?: Addresses; readonly new?: Addresses };
  /**
   * Compare `[ScriptService]`, `[ScriptMethod]` and `EnableSession`, which no WSDL carries: `false` when a side is a
   * WSDL (its model says none of them); on when omitted.
   */
  readonly scriptSettings?: boolean;
  /** Compare typed JSON strings' schemas (`json:`, `resultJson:`), which no WSDL carries: like `scriptSettings`. */
  readonly jsonSchemas?: boolean;
}

/** What every rule module reads: both models and the options. */
export interface DiffContext {
  readonly old: ServiceModel;
  readonly new: ServiceModel;
  readonly options: DiffOptions;
  /** How the declared types of both versions pair up. */
  readonly types: TypeMatching;
}

/**
 * Whether a type reference of the old version and one of the new name the same type: a renamed type is reported
 * once, as `type-renamed`, not again wherever it is used.
 */
export function sameTypeSpec(ctx: DiffContext, before: string, after: string): boolean {
  return renameSpec(before, ctx.types.names) === after;
}

const HTTP_BINDINGS: readonly BindingKind[] = ['httpGet', 'httpPost'];

/**
 * The HTTP bindings (GET, POST) on in both versions: their callers must send every parameter (ASMX answers
 * `500 Missing parameter` otherwise) and read a void operation's reply as empty.
 */
export function httpBindingsOnBothSides(ctx: DiffContext): BindingKind[] {
  return HTTP_BINDINGS.filter((b) => ctx.old.bindings.includes(b) && ctx.new.bindings.includes(b));
}
