import { NoWsdlError } from '../emit/no-wsdl-error.js';
import { UnsupportedSpecError } from '../emit/unsupported-error.js';
import { InputError } from '../io/input-error.js';
import { OutputError } from '../output/output-error.js';
import { SpecError } from '../spec/spec-error.js';
import { WsdlError } from '../wsdl-reader/wsdl-error.js';
import { EXIT_ERROR } from './exit-codes.js';
import { ConfigError } from './config-error.js';

/** An error the CLI can explain in one paragraph. Thrown by commands for bad input. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Turns any error into the one paragraph a user sees and the exit code. */
export function describeError(error: unknown): { message: string; exitCode: number } {
  if (error instanceof SpecError) {
    const n = error.problems.length;
    return {
      message: `asmxgen: the spec has ${n} problem${n === 1 ? '' : 's'}; nothing was written.\n${error.message}`,
      exitCode: EXIT_ERROR,
    };
  }
  if (error instanceof ConfigError) {
    const n = error.problems.length;
    const file = error.problems[0]?.file ?? 'the config';
    return {
      message: `asmxgen: ${file} has ${n} problem${n === 1 ? '' : 's'}; nothing was done.\n${error.message}`,
      exitCode: EXIT_ERROR,
    };
  }
  if (
    error instanceof OutputError ||
    error instanceof UsageError ||
    error instanceof InputError ||
    error instanceof WsdlError ||
    error instanceof UnsupportedSpecError ||
    error instanceof NoWsdlError
  ) {
    return { message: `asmxgen: ${error.message}`, exitCode: EXIT_ERROR };
  }
  const text = error instanceof Error ? error.message : String(error);
  return {
    message: `asmxgen: unexpected error: ${text}\nRun the command again with --verbose to see where it happened.`,
    exitCode: EXIT_ERROR,
  };
}
