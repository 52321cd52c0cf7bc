import type { Reporter } from './report.js';

/** What a command module needs from the CLI around it. */
export interface CommandContext {
  readonly report: Reporter;
  setExitCode(code: number): void;
  /** Reports an error the way the CLI does (used where a command keeps running, e.g. `--watch`). */
  reportError(error: unknown): void;
}
