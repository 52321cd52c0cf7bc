/**
 * Copies of an ASMX WSDL (as the runtime serves it: two-space indentation, one element per line) that differ in
 * form only, or by one operation. Built from the shared reference in the tests, so they never drift from it.
 */

/** The prefixes ASMX writes, and the ones the restyled copy uses instead. */
const PREFIXES: Record<string, string> = {
  wsdl: 'w',
  s: 'xsd',
  tns: 't',
  soap: 'so',
  soap12: 'so12',
  http: 'h',
  mime: 'm',
  tm: 'match',
  soapenc: 'enc',
  // The extra schemas' prefixes (Microsoft's types, AbstractTypes, …).
  ...Object.fromEntries(Array.from({ length: 9 }, (_, n) => [`s${n}`, `x${n}`])),
};

/** Attributes whose values are QNames (`tns:Op`, `s:string`), renamed with the prefixes. */
const QNAME_ATTRIBUTES = new Set(['type', 'element', 'message', 'binding', 'base', 'ref']);

/**
 * The same WSDL in another form: every prefix renamed (declarations, element names and QName values alike), the
 * attributes and namespace declarations of every start tag in reverse order, indentation by tabs, and no space
 * before `/>`.
 */
export function restyle(wsdl: string): string {
  const renamed = wsdl.replace(
    /<(\/?)([\w.-]+):/g,
    (_, slash: string, prefix: string) => `<${slash}${rename(prefix)}:`,
  );
  const tagged = renamed.replace(
    /<([\w.:-]+)((?:\s+[\w.:-]+="[^"]*")+)\s*(\/?)>/g,
    (_, name: string, attrs: string, end: string) => {
      const attributes = [...attrs.matchAll(/([\w.:-]+)="([^"]*)"/g)].map(([, key, value]) =>
        restyleAttribute(key!, value!),
      );
      return `<${name} ${attributes.reverse().join(' ')}${end}>`;
    },
  );
  return tagged.replace(/ \/>/g, '/>').replace(/^( {2})+/gm, (indent) => '\t'.repeat(indent.length / 2));
}

function restyleAttribute(key: string, value: string): string {
  if (key.startsWith('xmlns:')) return `xmlns:${rename(key.slice(6))}="${value}"`;
  if (QNAME_ATTRIBUTES.has(key)) {
    const match = /^([\w.-]+):(.*)$/.exec(value);
    if (match && match[1]! in PREFIXES) return `${key}="${rename(match[1]!)}:${match[2]}"`;
  }
  return `${key}="${value}"`;
}

function rename(prefix: string): string {
  const renamed = PREFIXES[prefix];
  if (renamed === undefined) throw new Error(`restyle: no new name for the prefix ${prefix}`);
  return renamed;
}

/** The names an operation `op` gives elements of the WSDL: its request and response elements and messages. */
function namesOf(op: string): Set<string> {
  const suffixes = ['', 'Response', 'SoapIn', 'SoapOut', 'HttpGetIn', 'HttpGetOut', 'HttpPostIn', 'HttpPostOut'];
  return new Set(suffixes.map((suffix) => op + suffix));
}

/**
 * The blocks of lines (an element with everything inside it) that belong to operation `op`: its schema elements
 * and messages, and its `wsdl:operation` in every port type and binding. Relies on ASMX's layout.
 */
function blocksOf(lines: readonly string[], op: string): { start: number; end: number }[] {
  const names = namesOf(op);
  const blocks: { start: number; end: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = /^(\s*)<([\w.:-]+) name="([^"]*)"[^>]*?(\/?)>$/.exec(lines[i]!);
    if (!match || !names.has(match[3]!) || /^(wsdl:)?(service|port|part)$/.test(match[2]!)) continue;
    let end = i;
    if (match[4] !== '/') {
      const close = `${match[1]}</${match[2]}>`;
      while (lines[end] !== close) end++;
    }
    blocks.push({ start: i, end });
    i = end;
  }
  if (blocks.length === 0) throw new Error(`no operation ${op} in the WSDL`);
  return blocks;
}

/** The WSDL without operation `op`, everywhere it appears. */
export function withoutOperation(wsdl: string, op: string): string {
  const lines = wsdl.split('\n');
  const drop = new Set(blocksOf(lines, op).flatMap(({ start, end }) => range(start, end)));
  return lines.filter((_, i) => !drop.has(i)).join('\n');
}

/** The WSDL with a copy of operation `op` named `added`, each part right after the one it copies. */
export function withCopiedOperation(wsdl: string, op: string, added: string): string {
  const lines = wsdl.split('\n');
  const blocks = blocksOf(lines, op);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]!);
    const block = blocks.find((b) => b.end === i);
    if (block) out.push(...lines.slice(block.start, block.end + 1).map((line) => line.replaceAll(op, added)));
  }
  return out.join('\n');
}

function range(start: number, end: number): number[] {
  return Array.from({ length: end - start + 1 }, (_, k) => start + k);
}
