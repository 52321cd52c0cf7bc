/**
 * Two XML documents compared as namespace-aware infosets, for `compare-replies.ts`.
 *
 * Same: elements and attributes of the same namespace and local name, whatever their prefixes; attributes in any
 * order; namespace declarations wherever they are; whitespace-only text between elements; comments and processing
 * instructions; a QName value (`xsi:type`, a fault's code) naming the same namespace and local name with another
 * prefix; a SOAP fault's reason (SOAP 1.1 `faultstring`, SOAP 1.2 `Reason/Text`) that differs after its first line
 * (legacy runtimes append stack traces), unless `strict`. Text, CDATA included, counts as it is (the reader has
 * already normalized line ends).
 *
 * Child elements are aligned by name (a longest common subsequence), so one element missing from a list is one
 * difference, not one per element after it. Each difference is placed by local names from the root, with an
 * XPath-style `[n]` where siblings share a name; namespaces are shown (`{urn:x}Name`) only where two elements
 * differ by namespace.
 */
import { SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS, XSI_NS, type XmlElement } from '@asmxgen/runtime/xml';
import type { ReplyDifference } from './reply-difference.js';
import { ABSENT, differenceOf } from './show-value.js';

export interface XmlCompareOptions {
  readonly strict: boolean;
}

/** Children lists longer than this (product of both lengths) are aligned by position, not by name. */
const MAX_ALIGNMENT_CELLS = 4_000_000;

export function compareXml(expected: XmlElement, actual: XmlElement, options: XmlCompareOptions): ReplyDifference[] {
  const differences: ReplyDifference[] = [];
  const path = `/${expected.localName}`;
  if (sameName(expected, actual)) compareElements(expected, actual, path, [], options, differences);
  else differences.push(nameDifference(path, expected, actual));
  return differences;
}

function sameName(a: XmlElement, b: XmlElement): boolean {
  return a.localName === b.localName && a.namespace === b.namespace;
}

function nameDifference(path: string, expected: XmlElement, actual: XmlElement): ReplyDifference {
  const showNamespace = expected.namespace !== actual.namespace;
  return differenceOf(path, tagOf(expected, showNamespace), tagOf(actual, showNamespace));
}

function tagOf(element: XmlElement, showNamespace: boolean): string {
  return showNamespace ? `<{${element.namespace}}${element.localName}>` : `<${element.localName}>`;
}

function compareElements(
  expected: XmlElement,
  actual: XmlElement,
  path: string,
  ancestors: readonly XmlElement[],
  options: XmlCompareOptions,
  differences: ReplyDifference[],
): void {
  compareAttributes(expected, actual, path, differences);
  const expectedChildren = significantChildren(expected);
  const actualChildren = significantChildren(actual);
  const hasElements = (children: readonly Child[]) => children.some((child) => typeof child !== 'string');
  if (!hasElements(expectedChildren) && !hasElements(actualChildren)) {
    const expectedText = expectedChildren.join('');
    const actualText = actualChildren.join('');
    const difference = textDifference(path, expected, expectedText, actual, actualText, ancestors, options);
    if (difference) differences.push(difference);
    return;
  }
  const lineage = [...ancestors, expected];
  const expectedPaths = childPaths(path, expectedChildren, actualChildren);
  const actualPaths = childPaths(path, actualChildren, expectedChildren);
  for (const step of align(expectedChildren, actualChildren)) {
    const e = step.expected === undefined ? undefined : expectedChildren[step.expected];
    const a = step.actual === undefined ? undefined : actualChildren[step.actual];
    const where = step.expected === undefined ? actualPaths[step.actual!]! : expectedPaths[step.expected]!;
    if (e === undefined || a === undefined) {
      differences.push(differenceOf(where, e === undefined ? ABSENT : show(e), a === undefined ? ABSENT : show(a)));
    } else if (typeof e === 'string' || typeof a === 'string') {
      if (typeof e !== 'string' || typeof a !== 'string') differences.push(differenceOf(where, show(e), show(a)));
      else if (e !== a) differences.push(differenceOf(where, e, a));
    } else if (!sameName(e, a)) {
      differences.push(nameDifference(where, e, a));
    } else {
      compareElements(e, a, where, lineage, options, differences);
    }
  }
}

type Child = XmlElement | string;

/** Elements and text; whitespace-only text only where an element holds no child element. */
function significantChildren(element: XmlElement): Child[] {
  const hasElement = element.children.some((child) => typeof child !== 'string');
  if (!hasElement) return [...element.children];
  return element.children.filter((child) => typeof child !== 'string' || !/^[ \t\n\r]*$/.test(child));
}

function show(child: Child): string {
  return typeof child === 'string' ? child : tagOf(child, false);
}

function keyOf(child: Child): string {
  return typeof child === 'string' ? '#text' : `{${child.namespace}}${child.localName}`;
}

/**
 * Each child's path: `parent/Name` (`parent/text()` for text), with `[n]` counting same-named siblings when
 * either side has more than one of that name.
 */
function childPaths(parent: string, children: readonly Child[], other: readonly Child[]): string[] {
  const stepOf = (child: Child) => (typeof child === 'string' ? 'text()' : child.localName);
  const count = (list: readonly Child[]) => {
    const counts = new Map<string, number>();
    for (const child of list) counts.set(stepOf(child), (counts.get(stepOf(child)) ?? 0) + 1);
    return counts;
  };
  const mine = count(children);
  const theirs = count(other);
  const seen = new Map<string, number>();
  return children.map((child) => {
    const step = stepOf(child);
    const n = (seen.get(step) ?? 0) + 1;
    seen.set(step, n);
    const many = (mine.get(step) ?? 0) > 1 || (theirs.get(step) ?? 0) > 1;
    return `${parent}/${step}${many ? `[${n}]` : ''}`;
  });
}

interface Step {
  readonly expected: number | undefined;
  readonly actual: number | undefined;
}

/**
 * Pairs of children, in order: matched by key along a longest common subsequence; between two matches, the
 * unmatched children of both sides paired by position (so a renamed element is one difference), the rest alone.
 */
function align(expected: readonly Child[], actual: readonly Child[]): Step[] {
  const e = expected.map(keyOf);
  const a = actual.map(keyOf);
  let start = 0;
  while (start < e.length && start < a.length && e[start] === a[start]) start++;
  let endE = e.length;
  let endA = a.length;
  while (endE > start && endA > start && e[endE - 1] === a[endA - 1]) {
    endE--;
    endA--;
  }
  const steps: Step[] = [];
  for (let i = 0; i < start; i++) steps.push({ expected: i, actual: i });
  const rows = endE - start;
  const columns = endA - start;
  if (rows * columns > MAX_ALIGNMENT_CELLS) {
    pairGaps(steps, start, endE, start, endA);
  } else {
    // lengths[i][j]: the longest common subsequence of e[start+i..endE) and a[start+j..endA).
    const width = columns + 1;
    const lengths = new Uint32Array((rows + 1) * width);
    for (let i = rows - 1; i >= 0; i--) {
      for (let j = columns - 1; j >= 0; j--) {
        lengths[i * width + j] =
          e[start + i] === a[start + j]
            ? lengths[(i + 1) * width + j + 1]! + 1
            : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    let gapI = 0;
    let gapJ = 0;
    while (i < rows && j < columns) {
      if (e[start + i] === a[start + j]) {
        pairGaps(steps, start + gapI, start + i, start + gapJ, start + j);
        steps.push({ expected: start + i, actual: start + j });
        i++;
        j++;
        gapI = i;
        gapJ = j;
      } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
        i++;
      } else {
        j++;
      }
    }
    pairGaps(steps, start + gapI, endE, start + gapJ, endA);
  }
  for (let i = endE, j = endA; i < e.length; i++, j++) steps.push({ expected: i, actual: j });
  return steps;
}

function pairGaps(steps: Step[], fromE: number, toE: number, fromA: number, toA: number): void {
  const paired = Math.min(toE - fromE, toA - fromA);
  for (let k = 0; k < paired; k++) steps.push({ expected: fromE + k, actual: fromA + k });
  for (let k = fromE + paired; k < toE; k++) steps.push({ expected: k, actual: undefined });
  for (let k = fromA + paired; k < toA; k++) steps.push({ expected: undefined, actual: k });
}

// --- attributes ------------------------------------------------------------------------------------------------------

function compareAttributes(
  expected: XmlElement,
  actual: XmlElement,
  path: string,
  differences: ReplyDifference[],
): void {
  const key = (namespace: string, localName: string) => `{${namespace}}${localName}`;
  const actualByKey = new Map(
    actual.attributes.map((attribute) => [key(attribute.namespace, attribute.localName), attribute]),
  );
  const matched = new Set<string>();
  for (const attribute of expected.attributes) {
    const name = key(attribute.namespace, attribute.localName);
    const other = actualByKey.get(name);
    const where = `${path}/@${attribute.localName}`;
    if (other === undefined) {
      differences.push(differenceOf(where, attribute.value, ABSENT));
      continue;
    }
    matched.add(name);
    if (attribute.namespace === XSI_NS && attribute.localName === 'type') {
      const e = resolveQName(expected, attribute.value);
      const a = resolveQName(actual, other.value);
      if (e === undefined || e !== a) differences.push(qnameDifference(where, attribute.value, e, other.value, a));
    } else if (attribute.value !== other.value) {
      differences.push(differenceOf(where, attribute.value, other.value));
    }
  }
  for (const attribute of actual.attributes) {
    if (matched.has(key(attribute.namespace, attribute.localName))) continue;
    differences.push(differenceOf(`${path}/@${attribute.localName}`, ABSENT, attribute.value));
  }
}

// --- text ------------------------------------------------------------------------------------------------------------

/** The difference between two elements' text, if any; `path` is where. */
function textDifference(
  path: string,
  expected: XmlElement,
  expectedText: string,
  actual: XmlElement,
  actualText: string,
  ancestors: readonly XmlElement[],
  options: XmlCompareOptions,
): ReplyDifference | undefined {
  if (expectedText === actualText) return undefined;
  const kind = faultPart(expected, ancestors);
  if (kind === 'code') {
    const e = resolveQName(expected, expectedText.trim());
    const a = resolveQName(actual, actualText.trim());
    return e !== undefined && e === a ? undefined : qnameDifference(path, expectedText, e, actualText, a);
  }
  if (kind === 'reason' && !options.strict && firstLine(expectedText) === firstLine(actualText)) return undefined;
  return differenceOf(path, expectedText, actualText);
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}

/**
 * What part of a SOAP fault `element` is, by its place in the envelope: its reason (SOAP 1.1
 * `Envelope/Body/Fault/faultstring`, SOAP 1.2 `…/Fault/Reason/Text`), its code, a QName (SOAP 1.1 `faultcode`,
 * SOAP 1.2 `Code/Value` and `Subcode/Value` at any depth), or neither.
 */
function faultPart(element: XmlElement, ancestors: readonly XmlElement[]): 'reason' | 'code' | undefined {
  const parent = ancestors.at(-1);
  if (parent === undefined) return undefined;
  if (isSoapElement(parent, SOAP11_ENVELOPE_NS, 'Fault', ancestors.length - 1, ancestors) && element.namespace === '') {
    if (element.localName === 'faultstring') return 'reason';
    if (element.localName === 'faultcode') return 'code';
    return undefined;
  }
  if (element.namespace !== SOAP12_ENVELOPE_NS) return undefined;
  const grandparent = ancestors.at(-2);
  if (
    element.localName === 'Text' &&
    parent.namespace === SOAP12_ENVELOPE_NS &&
    parent.localName === 'Reason' &&
    grandparent !== undefined &&
    isSoapElement(grandparent, SOAP12_ENVELOPE_NS, 'Fault', ancestors.length - 2, ancestors)
  ) {
    return 'reason';
  }
  if (element.localName !== 'Value' || parent.namespace !== SOAP12_ENVELOPE_NS) return undefined;
  // Code/Value, Code/Subcode/Value, Code/Subcode/Subcode/Value …, under Fault.
  let at = ancestors.length - 1;
  if (ancestors[at]!.localName === 'Subcode') {
    while (at >= 0 && ancestors[at]!.namespace === SOAP12_ENVELOPE_NS && ancestors[at]!.localName === 'Subcode') at--;
  }
  if (at < 0 || ancestors[at]!.namespace !== SOAP12_ENVELOPE_NS || ancestors[at]!.localName !== 'Code')
    return undefined;
  return at >= 1 && isSoapElement(ancestors[at - 1]!, SOAP12_ENVELOPE_NS, 'Fault', at - 1, ancestors)
    ? 'code'
    : undefined;
}

/** `element` (at `index` in `ancestors`) is `{namespace}Fault` in `Envelope/Body` of that namespace. */
function isSoapElement(
  element: XmlElement,
  namespace: string,
  localName: string,
  index: number,
  ancestors: readonly XmlElement[],
): boolean {
  if (element.namespace !== namespace || element.localName !== localName || index !== 2) return false;
  const [envelope, body] = ancestors;
  return (
    envelope!.namespace === namespace &&
    envelope!.localName === 'Envelope' &&
    body!.namespace === namespace &&
    body!.localName === 'Body'
  );
}

/** A QName value as the name it resolves to by the prefixes in scope at `element`: `{namespace}local`. */
function resolveQName(element: XmlElement, value: string): string | undefined {
  const colon = value.indexOf(':');
  const namespace = element.scope.get(colon === -1 ? '' : value.slice(0, colon));
  return namespace === undefined ? undefined : `{${namespace}}${value.slice(colon + 1)}`;
}

/** Two QName values that differ: as written, or as resolved where they are written alike. */
function qnameDifference(
  where: string,
  expected: string,
  expectedName: string | undefined,
  actual: string,
  actualName: string | undefined,
): ReplyDifference {
  return expected === actual
    ? differenceOf(where, expectedName ?? expected, actualName ?? actual)
    : differenceOf(where, expected, actual);
}
