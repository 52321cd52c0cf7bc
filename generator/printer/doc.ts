/**
 * A small layout engine for generated source: documents of text, groups,
 * indentation and line breaks, printed within a width (Wadler's "prettier
 * printer"). It is the algorithm, and the subset of the vocabulary, of
 * prettier's own document printer, so code laid out here comes out as
 * prettier would print the same syntax: a group is printed on one line when
 * it fits, in the rest of the line up to the next possible break; otherwise
 * its lines break, and its inner groups decide again.
 */
export type Doc = string | readonly Doc[] | Group | Indent | Line | IfBreak | BreakParent;

/** Names a group, so that a later part of the document can follow whether it broke. */
export type GroupId = symbol;

interface Group {
  readonly kind: 'group';
  readonly contents: Doc;
  /** Set for a group that must break: it holds a hard line, or was asked to. */
  break: boolean;
  readonly id: GroupId | undefined;
  /** A conditional group's states, most flat first: the first that fits is printed. */
  readonly states?: readonly Doc[];
}
interface Indent {
  readonly kind: 'indent';
  readonly contents: Doc;
}
interface Line {
  readonly kind: 'line';
  /** A soft line is nothing when flat; a plain one is a space. */
  readonly soft: boolean;
  /** A hard line always breaks, and breaks every group around it. */
  readonly hard: boolean;
}
interface IfBreak {
  readonly kind: 'if-break';
  readonly breakContents: Doc;
  readonly flatContents: Doc;
  /** Whose breaking decides: that group's, else the enclosing one's. */
  readonly groupId: GroupId | undefined;
}
interface BreakParent {
  readonly kind: 'break-parent';
}

const BREAK_PARENT: BreakParent = { kind: 'break-parent' };

/** A space when the group is flat, a new line when it breaks. */
export const line: Doc = { kind: 'line', soft: false, hard: false };
/** Nothing when the group is flat, a new line when it breaks. */
export const softline: Doc = { kind: 'line', soft: true, hard: false };
/** Always a new line. */
export const hardline: Doc = [{ kind: 'line', soft: false, hard: true }, BREAK_PARENT];

export function group(contents: Doc, options: { shouldBreak?: boolean; id?: GroupId } = {}): Doc {
  return { kind: 'group', contents, break: options.shouldBreak ?? false, id: options.id };
}

export function indent(contents: Doc): Doc {
  return { kind: 'indent', contents };
}

export function ifBreak(breakContents: Doc, flatContents: Doc = '', groupId?: GroupId): Doc {
  return { kind: 'if-break', breakContents, flatContents, groupId };
}

/**
 * The first of `states` that fits (the first flat, the others as they
 * are, inner broken groups broken), else the last, broken.
 */
export function conditionalGroup(states: readonly Doc[]): Doc {
  return { kind: 'group', contents: states[0]!, break: false, id: undefined, states };
}

/** `contents`, indented when the group `groupId` broke. */
export function indentIfBreak(contents: Doc, groupId: GroupId): Doc {
  return ifBreak(indent(contents), contents, groupId);
}

export function join(separator: Doc, docs: readonly Doc[]): Doc[] {
  const joined: Doc[] = [];
  for (let i = 0; i < docs.length; i++) {
    if (i > 0) joined.push(separator);
    joined.push(docs[i]!);
  }
  return joined;
}

const enum Mode {
  Break,
  Flat,
}

interface Command {
  readonly indent: number;
  readonly mode: Mode;
  readonly doc: Doc;
}

/**
 * Prints `doc` within `width` columns, indenting by two spaces; no line ends
 * in spaces. The first line starts at `startColumn`, which is also the
 * indentation of the others (the caller writes what comes before).
 */
export function printDoc(doc: Doc, width: number, startColumn = 0): string {
  const out: string[] = [];
  printDocInto(out, doc, width, startColumn);
  return out.join('');
}

/**
 * `printDoc`, its pieces pushed onto `out` (a module's text, joined once): a line break it prints trims the
 * spaces that end the pieces before it, its own or those already in `out`.
 */
export function printDocInto(out: string[], doc: Doc, width: number, startColumn = 0): void {
  propagateBreaks(doc);
  const groupModes = new Map<GroupId, Mode>();
  let column = startColumn;
  const commands: Command[] = [{ indent: startColumn, mode: Mode.Break, doc }];
  while (commands.length > 0) {
    const { indent: ind, mode, doc: current } = commands.pop()!;
    if (typeof current === 'string') {
      out.push(current);
      column += current.length;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) commands.push({ indent: ind, mode, doc: current[i] as Doc });
    } else {
      const d = current as Exclude<Doc, string | readonly Doc[]>;
      switch (d.kind) {
        case 'group': {
          const next: Command = { indent: ind, mode: Mode.Flat, doc: d.contents };
          if (mode === Mode.Flat && !d.break) commands.push(next);
          else if (!d.break && fits(next, commands, width - column, groupModes)) commands.push(next);
          else if (d.states && !d.break)
            commands.push(chooseState(d.states, ind, commands, width - column, groupModes));
          else
            commands.push({
              indent: ind,
              mode: Mode.Break,
              doc: d.states ? d.states[d.states.length - 1]! : d.contents,
            });
          if (d.id) groupModes.set(d.id, commands[commands.length - 1]!.mode);
          break;
        }
        case 'indent':
          commands.push({ indent: ind + 2, mode, doc: d.contents });
          break;
        case 'if-break': {
          const decided = d.groupId ? (groupModes.get(d.groupId) ?? Mode.Flat) : mode;
          commands.push({ indent: ind, mode, doc: decided === Mode.Break ? d.breakContents : d.flatContents });
          break;
        }
        case 'line':
          if (mode === Mode.Flat && !d.hard) {
            if (!d.soft) {
              out.push(' ');
              column += 1;
            }
          } else {
            trimTrailingSpaces(out);
            out.push('\n' + ' '.repeat(ind));
            column = ind;
          }
          break;
        case 'break-parent':
          break;
      }
    }
  }
}

/** The first state after the first that fits, tried flat; else the last, broken. */
function chooseState(
  states: readonly Doc[],
  indent: number,
  rest: readonly Command[],
  width: number,
  groupModes: Map<GroupId, Mode>,
): Command {
  for (let i = 1; i < states.length; i++) {
    const command: Command = { indent, mode: Mode.Flat, doc: states[i]! };
    if (fits(command, rest, width, groupModes)) return command;
  }
  return { indent, mode: Mode.Break, doc: states[states.length - 1]! };
}

/**
 * Whether `next`, flat, fits in `width`, along with what follows it up to the
 * first line break the rest of the document (in its own modes) would make.
 */
function fits(next: Command, rest: readonly Command[], width: number, groupModes: Map<GroupId, Mode>): boolean {
  let remaining = width;
  let restIndex = rest.length;
  const stack: { mode: Mode; doc: Doc }[] = [{ mode: next.mode, doc: next.doc }];
  while (remaining >= 0) {
    if (stack.length === 0) {
      if (restIndex === 0) return true;
      const command = rest[--restIndex]!;
      stack.push({ mode: command.mode, doc: command.doc });
      continue;
    }
    const { mode, doc } = stack.pop()!;
    if (typeof doc === 'string') {
      remaining -= doc.length;
    } else if (Array.isArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) stack.push({ mode, doc: doc[i] as Doc });
    } else {
      const d = doc as Exclude<Doc, string | readonly Doc[]>;
      switch (d.kind) {
        case 'group': {
          const groupMode = d.break ? Mode.Break : mode;
          const contents = d.states && groupMode === Mode.Break ? d.states[d.states.length - 1]! : d.contents;
          stack.push({ mode: groupMode, doc: contents });
          break;
        }
        case 'indent':
          stack.push({ mode, doc: d.contents });
          break;
        case 'if-break': {
          const decided = d.groupId ? (groupModes.get(d.groupId) ?? Mode.Flat) : mode;
          stack.push({ mode, doc: decided === Mode.Break ? d.breakContents : d.flatContents });
          break;
        }
        case 'line':
          if (mode === Mode.Break || d.hard) return true;
          if (!d.soft) remaining -= 1;
          break;
        case 'break-parent':
          break;
      }
    }
  }
  return false;
}

function trimTrailingSpaces(out: string[]): void {
  while (out.length > 0) {
    const last = out[out.length - 1]!;
    // Most pieces end otherwise: the expression then need not scan them (a help page's literal is kilobytes).
    const end = last.charCodeAt(last.length - 1);
    if (end !== 0x20 && end !== 0x09 && last.length > 0) return;
    const trimmed = last.replace(/[ \t]+$/, '');
    if (trimmed.length > 0) {
      out[out.length - 1] = trimmed;
      return;
    }
    out.pop();
  }
}

/** Marks every group that holds a hard line (directly or in an inner group) as broken. */
function propagateBreaks(doc: Doc): boolean {
  if (typeof doc === 'string') return false;
  if (Array.isArray(doc)) {
    let found = false;
    for (const child of doc as readonly Doc[]) if (propagateBreaks(child)) found = true;
    return found;
  }
  const d = doc as Exclude<Doc, string | readonly Doc[]>;
  switch (d.kind) {
    case 'break-parent':
      return true;
    case 'group': {
      if (d.states) {
        // A conditional group chooses among its states itself: a break inside one does not break it.
        for (const state of d.states) propagateBreaks(state);
        return d.break;
      }
      const inner = propagateBreaks(d.contents);
      if (inner) d.break = true;
      return d.break;
    }
    case 'indent':
      return propagateBreaks(d.contents);
    case 'if-break':
      return propagateBreaks(d.breakContents);
    case 'line':
      return false;
  }
}
