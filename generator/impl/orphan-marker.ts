/**
 * The comment asmxgen puts above a handler that names no operation of the service any more:
 * `// asmxgen: "OldOp" is no longer an operation of Svc; remove it when you no longer need it.`
 * (or the same as a block comment when the handler does not start its own line). asmxgen
 * recognizes its own marker, so it marks a handler once, and removes the marker when the
 * operation comes back.
 */
import { indentBefore, lineStartOf, nextLineStart } from './text-layout.js';

export function markerMessage(name: string, service: string): string {
  return `asmxgen: "${name}" is no longer an operation of ${service}; remove it when you no longer need it.`;
}

/** The marker's text with the handler's name captured and any service name. */
const BODY =
  String.raw`asmxgen: "([^"\r\n]*)" is no longer an operation of [^;\r\n]*; ` +
  String.raw`remove it when you no longer need it\.`;
const LINE = new RegExp(String.raw`//[ \t]*${BODY}`, 'g');
const BLOCK = new RegExp(String.raw`/\*[ \t]*${BODY}[ \t]*\*/`, 'g');

export interface FoundMarker {
  readonly start: number;
  readonly end: number;
  readonly form: 'line' | 'block';
}

/** asmxgen's markers for `name` in `text[from, to)` (a member's leading trivia). */
export function findMarkers(text: string, from: number, to: number, name: string): FoundMarker[] {
  const trivia = text.slice(from, to);
  const found: FoundMarker[] = [];
  for (const [pattern, form] of [
    [LINE, 'line'],
    [BLOCK, 'block'],
  ] as const) {
    for (const match of trivia.matchAll(pattern)) {
      if (match[1] === name) found.push({ start: from + match.index, end: from + match.index + match[0].length, form });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The range to delete to remove a marker: its whole line for a line marker that is alone on its
 * line, the comment and one following space for a block marker; `undefined` when the marker shares
 * its line with other text (then it is left alone).
 */
export function markerRemovalRange(text: string, marker: FoundMarker): { start: number; end: number } | undefined {
  if (marker.form === 'block') return { start: marker.start, end: marker.end + (text[marker.end] === ' ' ? 1 : 0) };
  if (indentBefore(text, marker.start) === undefined) return undefined;
  const lineEnd = nextLineStart(text, marker.end);
  if (!/^[ \t]*(\r?\n)?$/.test(text.slice(marker.end, lineEnd))) return undefined;
  return { start: lineStartOf(text, marker.start), end: lineEnd };
}
