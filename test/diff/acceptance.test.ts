import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SPEC_PATH } from '../../generator/index.js';
import { cli, REFERENCE_WSDL, ROOT, tempDir } from '../cli/run-cli.js';
import { sharedFile } from '../shared-files.js';
import { restyle, withCopiedOperation, withoutOperation } from './wsdl-copies.js';

const reference = readFileSync(REFERENCE_WSDL, 'utf8');

/** Writes `text` to a temporary file and returns its path. */
async function file(name: string, text: string): Promise<string> {
  const path = join(await tempDir(), name);
  await writeFile(path, text);
  return path;
}

describe('diff of the reference WSDL (acceptance)', () => {
  it('against itself: no changes, exit 0 even with --fail-on info', async () => {
    const r = await cli('diff', REFERENCE_WSDL, REFERENCE_WSDL, '--fail-on', 'info');
    expect(r).toEqual({ code: 0, stdout: 'No changes.\n', stderr: '' });
  });

  it('against a copy with other prefixes, attribute order and indentation: no changes, exit 0', async () => {
    const restyled = restyle(reference);
    // The copy really is another document: no prefix, attribute order or indentation of the original is left.
    expect(restyled).not.toMatch(/<\/?(wsdl|s|soap|soap12|http|mime):|"(tns|s):|^ {2}/m);
    expect(restyled).toMatch(/^<w:definitions xmlns:w="http:\/\/schemas\.xmlsoap\.org\/wsdl\/" targetNamespace=/m);
    expect(restyled).toContain(
      '\t\t\t\t\t\t<xsd:element type="xsd:string" name="requestJson" maxOccurs="1" minOccurs="0"/>',
    );
    expect(restyled).toContain('<w:part element="t:GetTerm" name="parameters"/>');
    const r = await cli('diff', REFERENCE_WSDL, await file('restyled.wsdl', restyled), '--fail-on', 'info');
    expect(r).toEqual({ code: 0, stdout: 'No changes.\n', stderr: '' });
  });

  it('against a copy without one operation: one breaking change, exit 1 with --fail-on breaking', async () => {
    const without = withoutOperation(reference, 'GetTerm');
    expect(without).not.toContain('GetTerm');
    const r = await cli('diff', REFERENCE_WSDL, await file('without.wsdl', without), '--fail-on', 'breaking');
    expect(r).toEqual({
      code: 1,
      stdout: 'BREAKING  operation-removed  operation GetTerm: removed\n1 change: 1 breaking, 0 non-breaking, 0 info\n',
      stderr: '',
    });
  });

  it('against a copy with one operation added: one non-breaking change, exit 0 with --fail-on breaking', async () => {
    const added = withCopiedOperation(reference, 'GetTerm', 'GetPrivacyPolicy');
    expect(added.match(/GetPrivacyPolicy/g)).toHaveLength(reference.match(/GetTerm/g)!.length);
    const path = await file('added.wsdl', added);
    const r = await cli('diff', REFERENCE_WSDL, path, '--fail-on', 'breaking');
    expect(r).toEqual({
      code: 0,
      stdout:
        'NON-BREAKING  operation-added  operation GetPrivacyPolicy: added\n' +
        '1 change: 0 breaking, 1 non-breaking, 0 info\n',
      stderr: '',
    });
    expect((await cli('diff', REFERENCE_WSDL, path, '--fail-on', 'non-breaking')).code).toBe(1);
  });

  it('the other way round, the restyled copies compare the same', async () => {
    const restyledWithout = await file('without.wsdl', restyle(withoutOperation(reference, 'GetTerm')));
    const r = await cli('diff', await file('restyled.wsdl', restyle(reference)), restyledWithout);
    expect(r.stdout).toBe(
      'BREAKING  operation-removed  operation GetTerm: removed\n1 change: 1 breaking, 0 non-breaking, 0 info\n',
    );
    expect(r.code).toBe(0);
  });
});

describe('diff across specs and WSDLs', () => {
  it('finds no change between the default spec and the reference WSDL: group does not count', async () => {
    expect(readFileSync(DEFAULT_SPEC_PATH, 'utf8')).toContain('group: Password authentication');
    for (const args of [
      [DEFAULT_SPEC_PATH, REFERENCE_WSDL],
      [REFERENCE_WSDL, DEFAULT_SPEC_PATH],
      // A spec side's addresses are the ones generate writes: http://localhost:8080 + path, as in the reference.
      [DEFAULT_SPEC_PATH, REFERENCE_WSDL, '--include-addresses', '--fail-on', 'info'],
    ]) {
      expect(await cli('diff', ...args)).toEqual({ code: 0, stdout: 'No changes.\n', stderr: '' });
    }
  });

  it.each([
    ['inventory', 'Inventory'],
    ['legacy', 'Legacy'],
    ['legacy-soap-only', 'LegacySoapOnly'],
    ['temp-convert', 'TempConvert'],
  ])(
    'finds no change between the %s golden spec and the corpus WSDL, nor its restyled copy',
    async (scenario, name) => {
      const spec = join(ROOT, 'test/golden', scenario, 'spec.yaml');
      const wsdl = sharedFile(`wsdl-corpus/${name}.wsdl`);
      expect(await cli('diff', spec, wsdl, '--include-addresses', '--fail-on', 'info')).toEqual({
        code: 0,
        stdout: 'No changes.\n',
        stderr: '',
      });
      const restyled = await file(`${name}.wsdl`, restyle(readFileSync(wsdl, 'utf8')));
      expect((await cli('diff', wsdl, restyled, '--fail-on', 'info')).stdout).toBe('No changes.\n');
    },
  );

  it('finds no change between Library.wsdl, its restyled copy, and the spec `import` makes of it', async () => {
    const wsdl = sharedFile('wsdl-corpus/Library.wsdl');
    const spec = join(await tempDir(), 'library.yaml');
    expect((await cli('import', wsdl, '--out', spec)).code).toBe(0);
    for (const args of [
      [wsdl, spec],
      [spec, wsdl],
      [wsdl, spec, '--include-addresses', '--fail-on', 'info'],
    ]) {
      expect(await cli('diff', ...args)).toEqual({ code: 0, stdout: 'No changes.\n', stderr: '' });
    }
    const restyled = await file('Library.wsdl', restyle(readFileSync(wsdl, 'utf8')));
    expect(await cli('diff', wsdl, restyled, '--fail-on', 'info')).toEqual({
      code: 0,
      stdout: 'No changes.\n',
      stderr: '',
    });
  });

  it.each(['Classes', 'Headers', 'Inheritance', 'MessageName', 'NamedBinding', 'Bindings'])(
    'finds no change between the corpus WSDL %s.wsdl and the spec `import` makes of it',
    async (name) => {
      const wsdl = join(ROOT, 'test/fixtures/asmx-corpus', `${name}.wsdl`);
      const spec = join(await tempDir(), `${name}.yaml`);
      expect((await cli('import', wsdl, '--out', spec)).code).toBe(0);
      expect(await cli('diff', wsdl, spec, '--fail-on', 'info')).toEqual({
        code: 0,
        stdout: 'No changes.\n',
        stderr: '',
      });
    },
  );

  it('compares two corpus services rule by rule', async () => {
    const r = await cli('diff', sharedFile('wsdl-corpus/Legacy.wsdl'), sharedFile('wsdl-corpus/LegacySoapOnly.wsdl'));
    expect(r.stdout).toBe(
      'BREAKING  binding-removed  binding httpGet: removed: HTTP GET callers can no longer call it\n' +
        'BREAKING  binding-removed  binding httpPost: removed: HTTP POST callers can no longer call it\n' +
        '2 changes: 2 breaking, 0 non-breaking, 0 info\n',
    );
  });
});

describe('--include-addresses', () => {
  const moved = () => file('moved.wsdl', reference.replaceAll('http://localhost:8080/', 'https://auth.example.com/'));

  it('leaves addresses out by default', async () => {
    expect((await cli('diff', REFERENCE_WSDL, await moved(), '--fail-on', 'info')).stdout).toBe('No changes.\n');
  });

  it('reports each port whose address changed, as info', async () => {
    const r = await cli('diff', REFERENCE_WSDL, await moved(), '--include-addresses', '--fail-on', 'info');
    const from = 'http://localhost:8080/AuthenticationWebService.asmx';
    const to = 'https://auth.example.com/AuthenticationWebService.asmx';
    expect(r.stdout).toBe(
      ['soap11', 'soap12', 'httpGet', 'httpPost']
        .sort()
        .map((b) => `INFO  address-changed  binding ${b}: address changed from ${from} to ${to}\n`)
        .join('') + '4 changes: 0 breaking, 0 non-breaking, 4 info\n',
    );
    expect(r.code).toBe(1);
  });

  it('compares a spec side as generate writes it: http://localhost:8080 + path', async () => {
    const r = await cli('diff', DEFAULT_SPEC_PATH, await moved(), '--include-addresses', '--format', 'json');
    const changes = (JSON.parse(r.stdout) as { changes: { old: string; new: string }[] }).changes;
    expect(changes).toHaveLength(4);
    expect(changes[0]).toMatchObject({
      old: 'http://localhost:8080/AuthenticationWebService.asmx',
      new: 'https://auth.example.com/AuthenticationWebService.asmx',
    });
  });
});

describe('diff of two versions of the Library spec (complex types)', () => {
  const LIBRARY = join(ROOT, 'test/golden/library/spec.yaml');
  /** The Library with Book's Rating removed, Genre's Poetry removed and an optional Subtitle added to Book. */
  const edited = async () => {
    const text = readFileSync(LIBRARY, 'utf8');
    const next = text
      .replace('      - { name: Rating, type: float }\n', '')
      .replace(
        '      - { name: Sales, type: long }\n',
        '      - { name: Sales, type: long }\n      - { name: Subtitle }\n',
      )
      .replace('enum: [Fiction, Poetry, {', 'enum: [Fiction, {');
    expect(next).not.toBe(text);
    return file('library.yaml', next);
  };
  const BOOK_REACHES = '(reaches AddBook, EchoBook, FindBooks, GetBook)';
  const GENRE_REACHES = '(reaches AddBook, EchoBook, EchoGenres, FindBooks, GetBook)';

  it('reports the removed member and enum value as breaking, the added optional member as not', async () => {
    const r = await cli('diff', LIBRARY, await edited(), '--fail-on', 'breaking');
    expect(r).toEqual({
      code: 1,
      stdout:
        `BREAKING  member-removed  type Book, member Rating: removed (float), in requests and responses ${BOOK_REACHES}\n` +
        'BREAKING  enum-value-removed  type Genre, value Poetry: removed (Poetry), in requests and responses ' +
        `${GENRE_REACHES}\n` +
        'NON-BREAKING  member-added-optional  type Book, member Subtitle: added (string, optional), in requests and ' +
        `responses ${BOOK_REACHES}\n` +
        '3 changes: 2 breaking, 1 non-breaking, 0 info\n',
      stderr: '',
    });
  });

  it('shows the same changes in json and markdown', async () => {
    const path = await edited();
    const json = JSON.parse((await cli('diff', LIBRARY, path, '--format', 'json')).stdout) as {
      changes: { rule: string; level: string; where: string; old?: string; new?: string }[];
      summary: unknown;
    };
    expect(json.changes).toEqual([
      expect.objectContaining({
        rule: 'member-removed',
        level: 'breaking',
        where: 'type Book, member Rating',
        old: 'float',
      }),
      expect.objectContaining({
        rule: 'enum-value-removed',
        level: 'breaking',
        where: 'type Genre, value Poetry',
        old: 'Poetry',
      }),
      expect.objectContaining({
        rule: 'member-added-optional',
        level: 'non-breaking',
        where: 'type Book, member Subtitle',
        new: 'string',
      }),
    ]);
    expect(json.summary).toEqual({ total: 3, breaking: 2, 'non-breaking': 1, info: 0 });
    const markdown = (await cli('diff', LIBRARY, path, '--format', 'markdown')).stdout;
    expect(markdown).toContain('**3 changes: 2 breaking, 1 non-breaking, 0 info**');
    expect(markdown).toContain(
      '| **breaking** | `member-removed` | type Book, member Rating | removed (float), in requests and responses ' +
        `${BOOK_REACHES} |`,
    );
    expect(markdown).toContain('| **breaking** | `enum-value-removed` | type Genre, value Poetry |');
    expect(markdown).toContain('| non-breaking | `member-added-optional` | type Book, member Subtitle |');
  });

  it.each(['library', 'corpus-classes', 'corpus-headers', 'corpus-message-name', 'corpus-inheritance'])(
    'finds no change between the %s spec and itself',
    async (scenario) => {
      const spec = join(ROOT, 'test/golden', scenario, 'spec.yaml');
      expect(await cli('diff', spec, spec, '--fail-on', 'info')).toEqual({
        code: 0,
        stdout: 'No changes.\n',
        stderr: '',
      });
    },
  );
});
