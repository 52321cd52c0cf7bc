import { formatProblem, type SpecProblem } from '../spec/spec-error.js';

/** A config file that cannot be used, with every problem in it as `file:line:column: key: what is wrong`. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly problems: readonly SpecProblem[];

  constructor(problems: readonly SpecProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.problems = problems;
  }
}
