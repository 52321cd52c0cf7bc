/**
 * The before/after cases in `fixtures/`: the merge turns before.ts.txt into after.ts.txt exactly
 * (or refuses with error.txt), changes nothing on a second run, touches no byte outside its
 * splices, and what it writes type-checks against the generated interface.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImplError, mergeImpl, type TextEdit } from '../../generator/impl/index.js';
import { FILE_NAME, fixtureNames, IMPORT_PATH, loadFixture, summarize, typeErrors, UPDATE } from './helpers.js';

const options = { fileName: FILE_NAME, importPath: IMPORT_PATH };

/** The shapes of text the merge may insert, line by line. */
const INSERTED_LINE = [
  /^$/, // the line end after a splice, or a blank line
  /^,$/, // the comma after a last member that had none
  /^[ \t]*\/\/ @ts-ignore asmxgen: "\w+" is no longer an operation of \w+; remove it when you no longer need it\.$/,
  /^import \{ SoapFault \} from (['"])\.\/generated\/index\.js\1;?$/,
  /^[ \t]*\/\*\* [^*]+ \*\/$/, // a one-line JSDoc
  /^[ \t]*async \w+\(input, ctx\) \{$/,
  /^[ \t]*throw new (\w+\.)?SoapFault\((['"])Server\2, (['"])\w+ is not implemented yet\.\3\);?$/,
  /^[ \t]*\},?$/,
  /^[ \t]*$/, // the indentation in front of a closing brace the stubs were put before
];

/**
 * `after` is `before` with exactly these splices: every byte outside the inserted text is the
 * byte `before` has there, and the only text ever taken out is asmxgen's own marker (a line, or an
 * earlier version's block comment).
 */
function expectOnlySplices(before: string, after: string, edits: readonly TextEdit[]): void {
  let i = 0;
  let j = 0;
  for (const edit of edits) {
    const kept = edit.start - i;
    expect(after.slice(j, j + kept)).toBe(before.slice(i, edit.start));
    j += kept;
    expect(after.slice(j, j + edit.text.length)).toBe(edit.text);
    j += edit.text.length;
    if (edit.end > edit.start) {
      expect(before.slice(edit.start, edit.end)).toMatch(
        /^([ \t]*\/\/ (@ts-ignore )?asmxgen: "\w+" is no longer an operation of \w+; remove it when you no longer need it\.\r?\n|\/\* asmxgen: "\w+" is no longer an operation of \w+; remove it when you no longer need it\. \*\/ ?)$/,
      );
    }
    for (const line of edit.text.split(/\r?\n/)) {
      expect(
        INSERTED_LINE.some((shape) => shape.test(line)),
        `inserted line ${JSON.stringify(line)}`,
      ).toBe(true);
    }
    i = edit.end;
  }
  expect(after.slice(j)).toBe(before.slice(i));
}

describe.each(fixtureNames())('impl fixture %s', (name) => {
  const fixture = loadFixture(name);

  it('merges before.ts.txt into after.ts.txt, or refuses with error.txt', () => {
    let merge;
    try {
      merge = mergeImpl(fixture.model, fixture.before, options);
    } catch (error) {
      if (!(error instanceof ImplError)) throw error;
      if (UPDATE) {
        writeFileSync(join(fixture.dir, 'error.txt'), error.message + '\n');
        rmSync(join(fixture.dir, 'after.ts.txt'), { force: true });
        rmSync(join(fixture.dir, 'result.json'), { force: true });
        return;
      }
      expect(fixture.after, 'the merge refused a case that has an after.ts.txt').toBeUndefined();
      expect(error.message + '\n').toBe(fixture.error);
      return;
    }
    const result = summarize(merge, typeErrors(fixture.model, merge.text));
    if (UPDATE) {
      writeFileSync(join(fixture.dir, 'after.ts.txt'), merge.text);
      writeFileSync(join(fixture.dir, 'result.json'), JSON.stringify(result, null, 2) + '\n');
      rmSync(join(fixture.dir, 'error.txt'), { force: true });
      return;
    }
    expect(fixture.error, `expected the merge to refuse: ${fixture.error}`).toBeUndefined();
    expect(merge.text).toBe(fixture.after);
    expect(result).toEqual(fixture.result);
    expect(merge.changed).toBe(merge.text !== fixture.before);
    if (fixture.before !== undefined) expectOnlySplices(fixture.before, merge.text, merge.edits);
  });

  if (fixture.after === undefined) return;
  it('is idempotent: merging after.ts.txt again changes nothing', () => {
    const again = mergeImpl(fixture.model, fixture.after!, options);
    expect(again.changed).toBe(false);
    expect(again.text).toBe(fixture.after);
    expect(again.edits).toEqual([]);
    expect(again.added).toEqual([]);
    expect(again.marked).toEqual([]);
    expect(again.orphans).toEqual(fixture.result!.orphans);
  });
});
