/** One thing wrong with a spec, located at the YAML node that is wrong. */
export interface SpecProblem {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  /** Where in the spec, e.g. `operations[3].parameters[0].type`; `(root)` for the whole document. */
  readonly path: string;
  readonly message: string;
}

/** `file:line:column: path: message`, the shape editors and terminals link. */
export function formatProblem(p: SpecProblem): string {
  return `${p.file}:${p.line}:${p.column}: ${p.path}: ${p.message}`;
}

/** A spec that cannot be used, with every problem found in it, one per line in `message`. */
export class SpecError extends Error {
  readonly problems: readonly SpecProblem[];

  constructor(problems: readonly SpecProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'SpecError';
    this.problems = Object.freeze([...problems]);
  }
}
