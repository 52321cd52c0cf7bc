/**
 * A value not of its type, and where it is: `result.Items[3].Price: expected an xsd:int, got the string "42".`
 * The writer that finds it throws it with what it expected and what it got; each level it is written through
 * adds its place (`at`), and the site that started the writing names the root (`result`, a parameter's name).
 * What was received is described in a few words, never as the whole value.
 */
export class ShapeError extends TypeError {
  /** The places from the value's root, outermost first: `.Items`, `[3]`, `.Price`. */
  private readonly places: string[] = [];
  private root = '';

  constructor(readonly problem: string) {
    super(problem);
  }

  /** The path to the wrong value: `result.Items[3].Price`; `''` at the root of an unnamed site. */
  get path(): string {
    const inner = this.places.join('');
    return this.root === '' ? inner.replace(/^\./, '') : this.root + inner;
  }

  /** Adds a place in front of the path: `.Name` of a member, `[i]` of an item. */
  at(place: string): this {
    this.places.unshift(place);
    this.message = this.describe();
    return this;
  }

  /** Names the site the value was written at. */
  named(root: string): this {
    this.root = root;
    this.message = this.describe();
    return this;
  }

  private describe(): string {
    const path = this.path;
    return path === '' ? this.problem : `${path}: ${this.problem}`;
  }
}

/** A `ShapeError` for `value` where `expected` (`an xsd:int`, `a CartItem`) belongs. */
export function shapeError(expected: string, value: unknown): ShapeError {
  return new ShapeError(`expected ${expected}, got ${describeValue(value)}.`);
}

/**
 * `error` (thrown writing the value at `place`) with `place` in its path: a `ShapeError` as it is, another
 * `TypeError` (a string XML cannot carry, a wrong choice) as a `ShapeError` of the same message.
 */
export function withPlace(error: unknown, place: string): unknown {
  if (error instanceof ShapeError) return error.at(place);
  if (error instanceof TypeError) return new ShapeError(error.message).at(place);
  return error;
}

/** `error` (thrown writing the value of a site) named after the site: `result`, a parameter's name. */
export function withRoot(error: unknown, root: string): unknown {
  if (error instanceof ShapeError) return error.named(root);
  return error;
}

/** `a` or `an`, before `word`. */
export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

const MAX_TEXT = 40;
const MAX_KEYS = 5;

/**
 * What a value is, in a few words: `the string "OK"` (cut after 40 characters), `the number 1.5`, `an object
 * with keys a, b, …`, `an array of 3`, `null`.
 */
export function describeValue(value: unknown): string {
  try {
    switch (typeof value) {
      case 'string':
        return `the string ${JSON.stringify(value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value)}`;
      case 'number':
        return `the number ${String(value)}`;
      case 'bigint':
        return `the bigint ${String(value)}n`;
      case 'boolean':
        return String(value);
      case 'undefined':
        return 'undefined';
      case 'symbol':
        return 'a symbol';
      case 'function':
        return 'a function';
    }
    if (value === null) return 'null';
    if (Array.isArray(value)) return `an array of ${value.length}`;
    if (value instanceof Date)
      return Number.isNaN(value.getTime()) ? 'an invalid Date' : `the Date ${value.toISOString()}`;
    if (value instanceof Uint8Array) return `a Uint8Array of ${value.length} bytes`;
    const prototype = Object.getPrototypeOf(value) as object | null;
    if (prototype !== null && prototype !== Object.prototype) {
      const name = (prototype.constructor as { name?: unknown } | undefined)?.name;
      if (typeof name === 'string' && name !== '' && name !== 'Object') return `${article(name)} ${name}`;
    }
    const keys = Object.keys(value as object);
    if (keys.length === 0) return 'an empty object';
    const shown = keys.slice(0, MAX_KEYS).join(', ');
    return `an object with keys ${shown}${keys.length > MAX_KEYS ? ', …' : ''}`;
  } catch {
    return 'a value that cannot be described';
  }
}
