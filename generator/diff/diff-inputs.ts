import type { DiffOptions } from './diff-context.js';
import { diffModels } from './diff-models.js';
import type { DiffReport, DiffSideInfo } from './diff-report.js';
import { readSide, type DiffSide } from './read-side.js';

export interface DiffInputsOptions {
  readonly includeAddresses?: boolean;
  /** Per URL fetched. */
  readonly timeoutMs?: number;
  /** Told what a URL is awaited for, when it takes a while. */
  readonly onWait?: (line: string) => void;
}

/**
 * Reads both inputs (paths or URLs, WSDLs or specs) and compares them. Every input problem is a `DiffError`,
 * the old side's reported first when both have one.
 */
export async function diffInputs(
  oldInput: string,
  newInput: string,
  options: DiffInputsOptions = {},
): Promise<DiffReport> {
  const read = (input: string, role: 'old' | 'new') =>
    readSide(input, {
      role,
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      ...(options.onWait && { onWait: options.onWait }),
    });
  const [a, b] = await Promise.allSettled([read(oldInput, 'old'), read(newInput, 'new')]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  const diffOptions: DiffOptions = {
    includeAddresses: options.includeAddresses ?? false,
    addresses: { old: a.value.addresses, new: b.value.addresses },
    scriptSettings: a.value.kind === 'spec' && b.value.kind === 'spec',
    jsonSchemas: a.value.kind === 'spec' && b.value.kind === 'spec',
  };
  return { old: info(a.value), new: info(b.value), changes: diffModels(a.value.model, b.value.model, diffOptions) };
}

function info(side: DiffSide): DiffSideInfo {
  return { input: side.input, kind: side.kind, service: side.service };
}
