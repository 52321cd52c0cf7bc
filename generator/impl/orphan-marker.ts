/**
 * The comment asmxgen puts on the line above a handler that names no operation of the service any more:
 * `// @ts-ignore asmxgen: "OldOp" is no longer an operation of Svc; remove it when you no longer need it.`
 * The `@ts-ignore` keeps the file compiling: the handlers interface no longer has the member (an
 * excess property) and no longer types its parameters (implicit `any`), both reported on that line.
 * (`@ts-expect-error` would not do: TypeScript reports only the first excess property of an object,
 * so a second orphan's directive would be an error of its own.) asmxgen recognizes its own marker,
 * also as earlier versions wrote it (without `@ts-ignore`, above the handler's comments, or as a
 * block comment), so it marks a handler once, and removes the marker when the operation comes back.
 */
import { indentBefore, lineStartOf, nextLineStart } from './text-layout.js';

export function markerMessage(name: string, service: string): string {
  return `asmxgen: "${name}" is no longer an operation of ${service}; remove it when you no longer need it.`;
}

/** The directive in front of the message that keeps the orphan from failing the type check. */
export const MARKER_DIRECTIVE = '@ts-ignore';

/** The marker's text with the handler's name captured and any service name. */
const BODY =
  String.raw`asmxgen: "([^"\r\n]*)" is no longer an operation of [^;\r\n]*; ` +
  String.raw`remove it when you no longer need it\.`;
const LINE = new RegExp(String.raw`//[ \t]*(${MARKER_DIRECTIVE}[ \t]+)?${BODY}`, 'g');
const BLOCK = new RegExp(String.raw`/\*[ \t]*${BODY}[ \t]*\*/`, 'g');

export interface FoundMarker {
  readonly start: number;
  readonly end: number;
  readonly form: 'line' | 'block';
  /** A line marker with the `@ts-ignore` directive (the form asmxgen writes now). */
  readonly directive: boolean;
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
      const captured = form === 'line' ? match[2] : match[1];
      if (captured !== name) continue;
      const start = from + match.index;
      found.push({ start, end: start + match[0].length, form, directive: form === 'line' && match[1] !== undefined });
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
