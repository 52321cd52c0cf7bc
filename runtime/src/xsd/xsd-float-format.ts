/**
 * Floating-point numbers as .NET writes them in XML (XmlConvert uses the
 * round-trip `R` format): `INF`, `-INF`, `NaN`; `0` for zero.
 */

/** A double as .NET's `R` format writes it. */
export function formatDouble(value: number): string {
  return specialForm(value) ?? shortForm(value, 15) ?? formatRoundTrip(value, 15, 17, identity);
}

/** A float (a single: `value` is narrowed to one) as .NET's `R` format writes it. */
export function formatSingle(value: number): string {
  const single = Math.fround(value);
  return specialForm(single) ?? shortForm(single, 7) ?? formatRoundTrip(single, 7, 9, Math.fround);
}

/**
 * A single (`Math.fround` of a number) as the number a reader gets for it: the shortest decimal that narrows back
 * to the same single, as .NET's `R` formatting of a `Single` shows it (`2.9`, not the single's exact
 * `2.9000000953674316`). Writing it again gives what writing the single gives: echoes stay exact.
 */
export function shortestSingle(single: number, text?: string): number {
  if (single === 0 || !Number.isFinite(single)) return single;
  // Read from `text`, which narrows to `single` with its `d` significant digits: the fewest are `d` unless `d - 1`
  // narrow to it too (more digits round no farther), and the answer is then `toPrecision(d)`: two tries, not four.
  const written = text === undefined ? 0 : significantDigits(text);
  if (written >= 1 && written <= 9) {
    const fewer = written === 1 ? undefined : Number(single.toPrecision(written - 1));
    if (fewer === undefined || Math.fround(fewer) !== single) return Number(single.toPrecision(written));
  }
  // Fewer significant digits round-trip no worse than more (each rounds closer), so the fewest is searched for;
  // 9 always do.
  let low = 1;
  let high = 9;
  let best = Number(single.toPrecision(9));
  while (low <= high) {
    const digits = (low + high) >> 1;
    const candidate = Number(single.toPrecision(digits));
    if (Math.fround(candidate) === single) {
      best = candidate;
      high = digits - 1;
    } else {
      low = digits + 1;
    }
  }
  return best;
}

/** The significant digits a decimal's text is written with (`0.0250` has 3; before any exponent). */
function significantDigits(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x65 || c === 0x45) break;
    if (c >= 0x30 && c <= 0x39 && (count > 0 || c !== 0x30)) count++;
  }
  return count;
}

/**
 * `G{precision}` of `value` when that is the `R` form and cheap to know: JavaScript writes the fewest significant
 * digits that read back as the value (as a double; a single is one too). At most `precision` of them are what
 * `G{precision}` rounds a normal double to (it lies within half an ulp of them, far inside half a unit of their last
 * place), so `G{precision}` reads back and is the `R` form: no second formatting and no parse. From 1E-04 to under
 * 1E+{precision}, `G{precision}` is fixed-point as JavaScript writes it: the text is the answer. `undefined` for a
 * subnormal double (too few bits for the argument) or more digits: the long way decides.
 */
function shortForm(value: number, precision: number): string | undefined {
  const magnitude = Math.abs(value);
  if (magnitude < MIN_NORMAL_DOUBLE) return undefined;
  const text = String(value);
  if (magnitude >= 1e-4 && magnitude < 10 ** precision && digitCount(text) <= precision) return text;
  const shortest = decimalOf(text);
  return shortest.digits.length <= precision ? gForm(shortest, precision) : undefined;
}

/** The digits of a number's text but its leading zeros (its trailing zeros, if an integer's, count). */
function digitCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39 && (count > 0 || c !== 0x30)) count++;
  }
  return count;
}

/**
 * .NET's `R` format (.NET Framework): the `G{short}` form when it reads back
 * as the same value, else `G{long}`. `G{p}` is fixed-point when the decimal
 * exponent is in (-5, p), else scientific with at least two exponent digits
 * (`1E+15`, `1.5E-07`).
 */
export function formatRoundTrip(value: number, short: number, long: number, narrow: (n: number) => number): string {
  const special = specialForm(value);
  if (special !== undefined) return special;
  let precision = short;
  let text = value.toPrecision(short);
  if (narrow(Number(text)) !== value) {
    precision = long;
    text = value.toPrecision(long);
  }
  return gForm(decimalOf(text), precision);
}

const MIN_NORMAL_DOUBLE = 2.2250738585072014e-308;

function identity(n: number): number {
  return n;
}

function specialForm(value: number): string | undefined {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'INF';
  if (value === -Infinity) return '-INF';
  if (value === 0) return '0';
  return undefined;
}

/** A number's significant digits (no leading or trailing zeros) and the decimal exponent of the first one. */
interface Decimal {
  readonly negative: boolean;
  readonly digits: string;
  readonly exponent: number;
}

/** The decimal of JavaScript's text of a finite, non-zero number (`String`, `toPrecision`). */
function decimalOf(text: string): Decimal {
  const [mantissa = '', exponentText] = text.split('e');
  const negative = mantissa.startsWith('-');
  const unsigned = negative ? mantissa.slice(1) : mantissa;
  const [whole = '', fractional = ''] = unsigned.split('.');
  let digits = whole + fractional;
  let exponent = exponentText !== undefined ? Number(exponentText) : whole.length - 1;
  const leadingZeros = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(leadingZeros).replace(/0+$/, '');
  exponent -= exponentText !== undefined ? 0 : leadingZeros;
  return { negative, digits, exponent };
}

/** `G{precision}` of a decimal of at most `precision` digits. */
function gForm({ negative, digits, exponent }: Decimal, precision: number): string {
  const sign = negative ? '-' : '';
  if (exponent > -5 && exponent < precision) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    if (digits.length <= exponent + 1) return `${sign}${digits.padEnd(exponent + 1, '0')}`;
    return `${sign}${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  }
  const rest = digits.length > 1 ? `.${digits.slice(1)}` : '';
  const exponentDigits = String(Math.abs(exponent)).padStart(2, '0');
  return `${sign}${digits[0]}${rest}E${exponent < 0 ? '-' : '+'}${exponentDigits}`;
}
