/**
 * Floating-point numbers as .NET writes them in XML (XmlConvert uses the
 * round-trip `R` format): `INF`, `-INF`, `NaN`; `0` for zero.
 */

/**
 * .NET's `R` format (.NET Framework): the `G{short}` form when it reads back
 * as the same value, else `G{long}`. `G{p}` is fixed-point when the decimal
 * exponent is in (-5, p), else scientific with at least two exponent digits
 * (`1E+15`, `1.5E-07`).
 */
export function formatRoundTrip(value: number, short: number, long: number, narrow: (n: number) => number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'INF';
  if (value === -Infinity) return '-INF';
  if (value === 0) return '0';
  let precision = short;
  let text = value.toPrecision(short);
  if (narrow(Number(text)) !== value) {
    precision = long;
    text = value.toPrecision(long);
  }
  const [mantissa = '', exponentText] = text.split('e');
  const negative = mantissa.startsWith('-');
  const unsigned = negative ? mantissa.slice(1) : mantissa;
  const [whole = '', fractional = ''] = unsigned.split('.');
  // Significant digits and the exponent of the first one.
  let digits = whole + fractional;
  let exponent = exponentText !== undefined ? Number(exponentText) : whole.length - 1;
  const leadingZeros = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(leadingZeros).replace(/0+$/, '');
  exponent -= exponentText !== undefined ? 0 : leadingZeros;
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
