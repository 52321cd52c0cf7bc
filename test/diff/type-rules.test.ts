import { describe, expect, it } from 'vitest';
import { diffModels } from '../../generator/diff/index.js';
import { library, libraryChanges, members, modelOfData, operation, type SpecData } from './type-helpers.js';

describe('type rules', () => {
  it('finds no change in the same service', () => {
    expect(libraryChanges(() => {})).toEqual([]);
  });

  it('type-added (non-breaking): a new type an operation reaches', () => {
    expect(
      libraryChanges((s) => {
        s.types.Shelf = { members: [{ name: 'Row', type: 'int' }] };
        s.operations.push({ name: 'GetShelf', result: 'Shelf' });
      }),
    ).toMatchObject([
      { rule: 'operation-added', level: 'non-breaking', where: 'operation GetShelf', message: 'added' },
      { rule: 'type-added', level: 'non-breaking', where: 'type Shelf', message: 'added (reaches GetShelf)' },
    ]);
  });

  it('type-removed (breaking): a type an operation reached', () => {
    expect(
      libraryChanges((s) => {
        delete s.types.Query;
        delete s.types.Filter;
        s.operations = s.operations.filter((o: SpecData) => o.name !== 'Search');
      }),
    ).toMatchObject([
      { rule: 'operation-removed', level: 'breaking', where: 'operation Search', message: 'removed' },
      { rule: 'type-removed', level: 'breaking', where: 'type Filter', message: 'removed (reaches Search)' },
      { rule: 'type-removed', level: 'breaking', where: 'type Query', message: 'removed (reaches Search)' },
    ]);
  });

  it('unused-type-added (info)', () => {
    expect(
      libraryChanges((s) => {
        s.types.Extra = { members: [{ name: 'X' }] };
      }),
    ).toMatchObject([
      { rule: 'unused-type-added', level: 'info', where: 'type Extra', message: 'added (no operation reaches it)' },
    ]);
  });

  it('unused-type-removed (info)', () => {
    expect(
      libraryChanges((s) => {
        delete s.types.Spare;
      }),
    ).toMatchObject([
      { rule: 'unused-type-removed', level: 'info', where: 'type Spare', message: 'removed (no operation reached it)' },
    ]);
  });

  it('unused-type-changed (info): one change for the type, naming the rules inside', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Spare').push({ name: 'More', type: 'int' });
        members(s, 'Spare')[0]!.xmlName = 'N';
      }),
    ).toMatchObject([
      {
        rule: 'unused-type-changed',
        level: 'info',
        where: 'type Spare',
        message: 'changed (member-added-to-response, member-xml-name-changed), but no operation reaches it',
      },
    ]);
  });

  it('type-renamed (breaking): a type removed and one of the same shape added, used in the same places, is one change', () => {
    expect(
      libraryChanges((s) => {
        s.types.Question = s.types.Query;
        delete s.types.Query;
        operation(s, 'Search').parameters[0].type = 'Question';
      }),
    ).toMatchObject([
      {
        rule: 'type-renamed',
        level: 'breaking',
        where: 'type Query',
        message: 'renamed from Query to Question (reaches Search)',
      },
    ]);
  });

  it('type-renamed (breaking): the XSD name (xmlName) changed', () => {
    expect(
      libraryChanges((s) => {
        s.types.Book.xmlName = 'Tome';
      }),
    ).toMatchObject([
      {
        rule: 'type-renamed',
        level: 'breaking',
        where: 'type Book',
        message: 'XSD name changed from Book to Tome (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('type-kind-changed (breaking): class to struct', () => {
    expect(
      libraryChanges((s) => {
        delete s.types.DetailedStats;
        delete s.types.Stats.include;
        s.types.Stats.struct = true;
      }),
    ).toMatchObject([
      { rule: 'type-removed', level: 'breaking', where: 'type DetailedStats', message: 'removed (reaches GetStats)' },
      {
        rule: 'type-kind-changed',
        level: 'breaking',
        where: 'type Stats',
        message: 'changed from class to struct (reaches GetStats)',
      },
    ]);
  });

  it('base-changed (breaking), and the base loses a derived type', () => {
    expect(
      libraryChanges((s) => {
        delete s.types.Author.base;
      }),
    ).toMatchObject([
      {
        rule: 'base-changed',
        level: 'breaking',
        where: 'type Author',
        message: 'base changed from Person to (none) (reaches AddBook, GetBook)',
      },
      {
        rule: 'derived-type-removed',
        level: 'breaking',
        where: 'type Person',
        message: 'derived type Author removed, in requests and responses (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('abstract-changed (breaking): abstract while it travels in requests', () => {
    expect(
      libraryChanges((s) => {
        s.types.Person.abstract = true;
      }),
    ).toMatchObject([
      {
        rule: 'abstract-changed',
        level: 'breaking',
        where: 'type Person',
        message: 'became abstract, in requests and responses (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('abstract-changed-compatible (non-breaking): abstract while it travels only in responses', () => {
    expect(
      libraryChanges((s) => {
        s.types.Stats.abstract = true;
      }),
    ).toMatchObject([
      {
        rule: 'abstract-changed-compatible',
        level: 'non-breaking',
        where: 'type Stats',
        message: 'became abstract, in responses (reaches GetStats)',
      },
    ]);
  });

  it('anonymous-changed (non-breaking): the schema writes the class inline, the XML stays', () => {
    expect(
      libraryChanges((s) => {
        s.types.Query.anonymous = true;
      }),
    ).toMatchObject([
      {
        rule: 'anonymous-changed',
        level: 'non-breaking',
        where: 'type Query',
        message: 'now written inline (anonymous) (reaches Search)',
      },
    ]);
  });

  it('derived-type-added (breaking): the base travels in responses', () => {
    expect(
      libraryChanges((s) => {
        s.types.Editor = { base: 'Person', members: [{ name: 'Desk' }] };
        s.types.Person.include = ['Editor'];
      }),
    ).toMatchObject([
      {
        rule: 'derived-type-added',
        level: 'breaking',
        where: 'type Person',
        message: 'derived type Editor added, in requests and responses (reaches AddBook, GetBook)',
      },
      { rule: 'type-added', level: 'non-breaking', where: 'type Editor', message: 'added (reaches AddBook, GetBook)' },
    ]);
  });

  it('derived-type-added-to-request (non-breaking): the base travels only in requests', () => {
    expect(
      libraryChanges((s) => {
        s.types.Advanced = { base: 'Query', members: [{ name: 'Field' }] };
        s.types.Query.include = ['Advanced'];
      }),
    ).toMatchObject([
      { rule: 'type-added', level: 'non-breaking', where: 'type Advanced', message: 'added (reaches Search)' },
      {
        rule: 'derived-type-added-to-request',
        level: 'non-breaking',
        where: 'type Query',
        message: 'derived type Advanced added, in requests (reaches Search)',
      },
    ]);
  });

  it('derived-type-removed (breaking): the base travels in requests', () => {
    expect(
      libraryChanges((s) => {
        delete s.types.Author;
        delete s.types.Book.include;
      }),
    ).toMatchObject([
      { rule: 'type-removed', level: 'breaking', where: 'type Author', message: 'removed (reaches AddBook, GetBook)' },
      {
        rule: 'derived-type-removed',
        level: 'breaking',
        where: 'type Person',
        message: 'derived type Author removed, in requests and responses (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('derived-type-removed-from-response (non-breaking): the base travels only in responses', () => {
    expect(
      libraryChanges((s) => {
        delete s.types.DetailedStats;
        delete s.types.Stats.include;
      }),
    ).toMatchObject([
      { rule: 'type-removed', level: 'breaking', where: 'type DetailedStats', message: 'removed (reaches GetStats)' },
      {
        rule: 'derived-type-removed-from-response',
        level: 'non-breaking',
        where: 'type Stats',
        message: 'derived type DetailedStats removed, in responses (reaches GetStats)',
      },
    ]);
  });

  it('member-added-required (breaking): a value-type member added to a request type', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Query').push({ name: 'Page', type: 'int' });
      }),
    ).toMatchObject([
      {
        rule: 'member-added-required',
        level: 'breaking',
        where: 'type Query, member Page',
        message: 'added (int, required), in requests (reaches Search)',
      },
    ]);
  });

  it('member-added-optional (non-breaking): a reference-type member added to a type in both directions', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Book').push({ name: 'Subtitle' });
      }),
    ).toMatchObject([
      {
        rule: 'member-added-optional',
        level: 'non-breaking',
        where: 'type Book, member Subtitle',
        message: 'added (string, optional), in requests and responses (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('member-added-to-response (non-breaking): even a required member, when the type is only in responses', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Stats').push({ name: 'Total', type: 'long' });
      }),
    ).toMatchObject([
      {
        rule: 'member-added-to-response',
        level: 'non-breaking',
        where: 'type Stats, member Total',
        message: 'added (long, required), in responses (reaches GetStats)',
      },
    ]);
  });

  it('member-removed (breaking)', () => {
    expect(
      libraryChanges((s) => {
        s.types.Book.members = members(s, 'Book').filter((m) => m.name !== 'Title');
      }),
    ).toMatchObject([
      {
        rule: 'member-removed',
        level: 'breaking',
        where: 'type Book, member Title',
        message: 'removed (string), in requests and responses (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('member-type-changed (breaking)', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Person')[1]!.type = 'long';
      }),
    ).toMatchObject([
      {
        rule: 'member-type-changed',
        level: 'breaking',
        where: 'type Person, member Born',
        message: 'type changed from int to long (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('array-item-type-changed (breaking)', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Book')[2]!.type = 'Author[]';
      }),
    ).toMatchObject([
      {
        rule: 'array-item-type-changed',
        level: 'breaking',
        where: 'type Book, member Authors[]',
        message: 'item type changed from Person to Author (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('array-wrapping-changed (breaking)', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Book')[3]!.unwrapped = true;
      }),
    ).toMatchObject([
      {
        rule: 'array-wrapping-changed',
        level: 'breaking',
        where: 'type Book, member Tags',
        message: 'changed from wrapped to unwrapped (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('array-wrapping-changed (breaking): of a parameter and of a result ([XmlElement] on them)', () => {
    expect(
      libraryChanges((s) => {
        operation(s, 'Search').parameters[1].unwrapped = true;
      }),
    ).toMatchObject([
      {
        rule: 'array-wrapping-changed',
        level: 'breaking',
        where: 'operation Search, parameter ids',
        message: 'changed from wrapped to unwrapped, in requests',
      },
    ]);
    const withResult = library();
    operation(withResult, 'Search').result = 'Book[]';
    const unwrappedResult = library();
    operation(unwrappedResult, 'Search').result = 'Book[]';
    operation(unwrappedResult, 'Search').resultUnwrapped = true;
    expect(diffModels(modelOfData(withResult), modelOfData(unwrappedResult))).toMatchObject([
      {
        rule: 'array-wrapping-changed',
        level: 'breaking',
        where: 'operation Search, result',
        message: 'changed from wrapped to unwrapped, in responses',
      },
    ]);
  });

  it("array-item-nillable-changed: of an unwrapped parameter's items", () => {
    const unwrapped = (s: SpecData) => {
      operation(s, 'Search').parameters[1].type = 'string[]';
      operation(s, 'Search').parameters[1].unwrapped = true;
    };
    const before = library();
    unwrapped(before);
    const after = library();
    unwrapped(after);
    operation(after, 'Search').parameters[1].nillable = true;
    expect(diffModels(modelOfData(before), modelOfData(after))).toMatchObject([
      {
        rule: 'items-nillable-changed-compatible',
        where: 'operation Search, parameter ids[]',
        message: 'items became nillable, in requests',
      },
    ]);
  });

  it('array-item-name-changed (breaking): of a member and of a parameter', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Book')[3]!.itemName = 'Tag';
        operation(s, 'Search').parameters[1].itemName = 'Id';
      }),
    ).toMatchObject([
      {
        rule: 'array-item-name-changed',
        level: 'breaking',
        where: 'operation Search, parameter ids[]',
        message: 'item name changed from int to Id',
      },
      {
        rule: 'array-item-name-changed',
        level: 'breaking',
        where: 'type Book, member Tags[]',
        message: 'item name changed from string to Tag (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('items-nillable-changed (breaking): items no longer nillable where callers send them', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Book')[2]!.itemNullable = false;
      }),
    ).toMatchObject([
      {
        rule: 'items-nillable-changed',
        level: 'breaking',
        where: 'type Book, member Authors[]',
        message: 'items no longer nillable, in requests and responses (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('items-nillable-changed-compatible (non-breaking): a request parameter and a result, by direction', () => {
    const version = (itemNullable: boolean | undefined) => {
      const s = library();
      operation(s, 'Search').parameters.push({ name: 'names', type: 'string[]', itemNullable });
      operation(s, 'GetStats').result = 'Stats[]';
      operation(s, 'GetStats').resultItemNullable = itemNullable;
      return modelOfData(JSON.parse(JSON.stringify(s)) as SpecData);
    };
    expect(diffModels(version(false), version(undefined))).toMatchObject([
      {
        rule: 'items-nillable-changed',
        level: 'breaking',
        where: 'operation GetStats, result[]',
        message: 'items became nillable, in responses',
      },
      {
        rule: 'items-nillable-changed-compatible',
        level: 'non-breaking',
        where: 'operation Search, parameter names[]',
        message: 'items became nillable, in requests',
      },
    ]);
  });

  it('member-form-changed (breaking): element to attribute, and no order change for it', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Query')[0]!.attribute = true;
      }),
    ).toMatchObject([
      {
        rule: 'member-form-changed',
        level: 'breaking',
        where: 'type Query, member Text',
        message: 'changed from element to attribute (reaches Search)',
      },
    ]);
  });

  it('member-xml-name-changed (breaking)', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Book')[0]!.xmlName = 'Name';
      }),
    ).toMatchObject([
      {
        rule: 'member-xml-name-changed',
        level: 'breaking',
        where: 'type Book, member Title',
        message: 'XML name changed from Title to Name (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('type-namespace-changed (breaking) and enum-namespace-changed (non-breaking)', () => {
    expect(
      libraryChanges((s) => {
        s.types.Query.namespace = 'urn:books';
        s.types.Genre.namespace = 'urn:books';
      }),
    ).toMatchObject([
      {
        rule: 'type-namespace-changed',
        level: 'breaking',
        where: 'type Query',
        message: 'namespace changed from urn:lib to urn:books (reaches Search)',
      },
      {
        rule: 'enum-namespace-changed',
        level: 'non-breaking',
        where: 'type Genre',
        message: 'namespace changed from urn:lib to urn:books (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('member-namespace-changed (breaking): an element of another namespace, an unqualified one, a qualified attribute', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Book')[0]!.namespace = 'urn:titles';
        members(s, 'Person')[0]!.form = 'unqualified';
      }),
    ).toMatchObject([
      {
        rule: 'member-namespace-changed',
        level: 'breaking',
        where: 'type Book, member Title',
        message: 'namespace or form changed from qualified to urn:titles (reaches AddBook, GetBook)',
      },
      {
        rule: 'member-namespace-changed',
        level: 'breaking',
        where: 'type Person, member Name',
        message: 'namespace or form changed from qualified to unqualified (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('member-namespace-changed (breaking): an attribute put in another namespace ([XmlAttribute(Namespace)])', () => {
    const before = library();
    members(before, 'Query').push({ name: 'Code', attribute: true });
    const after = library();
    members(after, 'Query').push({ name: 'Code', attribute: true, namespace: 'urn:codes' });
    expect(diffModels(modelOfData(before), modelOfData(after))).toMatchObject([
      {
        rule: 'member-namespace-changed',
        level: 'breaking',
        where: 'type Query, member Code',
        message: expect.stringMatching(/^namespace or form changed from unqualified to urn:codes/) as string,
      },
    ]);
  });

  it('member-nillable-changed (breaking): became nillable while in responses', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Book')[0]!.nillable = true;
      }),
    ).toMatchObject([
      {
        rule: 'member-nillable-changed',
        level: 'breaking',
        where: 'type Book, member Title',
        message: 'became nillable, in requests and responses (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('member-nillable-changed-compatible (non-breaking): became nillable while only in requests', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Query')[0]!.nillable = true;
      }),
    ).toMatchObject([
      {
        rule: 'member-nillable-changed-compatible',
        level: 'non-breaking',
        where: 'type Query, member Text',
        message: 'became nillable, in requests (reaches Search)',
      },
    ]);
  });

  it('member-optional-changed (breaking): a nillable member became optional while in responses', () => {
    const [before, after] = [library(), library()];
    members(before, 'Book')[0]!.nillable = true;
    Object.assign(members(after, 'Book')[0]!, { nillable: true, optional: true });
    expect(diffModels(modelOfData(before), modelOfData(after))).toMatchObject([
      {
        rule: 'member-optional-changed',
        level: 'breaking',
        where: 'type Book, member Title',
        message: 'became optional, in requests and responses (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('member-optional-changed-compatible (non-breaking): a value-type member became optional while only in requests', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Query')[1]!.optional = true;
      }),
    ).toMatchObject([
      {
        rule: 'member-optional-changed-compatible',
        level: 'non-breaking',
        where: 'type Query, member Max',
        message: 'became optional, in requests (reaches Search)',
      },
    ]);
  });

  it('members-reordered (breaking): the type travels in responses', () => {
    expect(
      libraryChanges((s) => {
        s.types.Book.members = [members(s, 'Book')[1], members(s, 'Book')[0], ...members(s, 'Book').slice(2)];
      }),
    ).toMatchObject([
      {
        rule: 'members-reordered',
        level: 'breaking',
        where: 'type Book, members',
        message:
          'order changed from Title, Genre, Authors, Tags to Genre, Title, Authors, Tags, in requests and responses (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('members-reordered-in-request (non-breaking): the type travels only in requests', () => {
    expect(
      libraryChanges((s) => {
        s.types.Query.members = [...members(s, 'Query')].reverse();
      }),
    ).toMatchObject([
      {
        rule: 'members-reordered-in-request',
        level: 'non-breaking',
        where: 'type Query, members',
        message: 'order changed from Text, Max, Filter to Filter, Max, Text, in requests (reaches Search)',
      },
    ]);
  });

  it('enum-value-added (breaking): the enum reaches a response', () => {
    expect(
      libraryChanges((s) => {
        s.types.Genre.enum.push('Drama');
      }),
    ).toMatchObject([
      {
        rule: 'enum-value-added',
        level: 'breaking',
        where: 'type Genre, value Drama',
        message: 'added (Drama), in requests and responses (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('enum-value-added-to-request (non-breaking): the enum travels only in requests', () => {
    expect(
      libraryChanges((s) => {
        s.types.Filter.enum.push('Newest');
      }),
    ).toMatchObject([
      {
        rule: 'enum-value-added-to-request',
        level: 'non-breaking',
        where: 'type Filter, value Newest',
        message: 'added (Newest), in requests (reaches Search)',
      },
    ]);
  });

  it('enum-value-removed (breaking): the enum reaches a request', () => {
    expect(
      libraryChanges((s) => {
        s.types.Genre.enum = ['Fiction'];
      }),
    ).toMatchObject([
      {
        rule: 'enum-value-removed',
        level: 'breaking',
        where: 'type Genre, value Poetry',
        message: 'removed (Poetry), in requests and responses (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('enum-value-removed-from-response (non-breaking): the enum travels only in responses', () => {
    expect(
      libraryChanges((s) => {
        s.types.Kind.enum = ['Daily'];
      }),
    ).toMatchObject([
      {
        rule: 'enum-value-removed-from-response',
        level: 'non-breaking',
        where: 'type Kind, value Weekly',
        message: 'removed (Weekly), in responses (reaches GetStats)',
      },
    ]);
  });

  it('enum-value-xml-name-changed (breaking)', () => {
    expect(
      libraryChanges((s) => {
        s.types.Genre.enum = ['Fiction', { name: 'Poetry', xmlName: 'poetry' }];
      }),
    ).toMatchObject([
      {
        rule: 'enum-value-xml-name-changed',
        level: 'breaking',
        where: 'type Genre, value Poetry',
        message: 'XML name changed from Poetry to poetry (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('enum-flags-changed (breaking)', () => {
    expect(
      libraryChanges((s) => {
        s.types.Kind = {
          flags: [
            { name: 'Daily', value: 1 },
            { name: 'Weekly', value: 2 },
          ],
        };
      }),
    ).toMatchObject([
      {
        rule: 'enum-flags-changed',
        level: 'breaking',
        where: 'type Kind',
        message: 'became a flags enum (reaches GetStats)',
      },
    ]);
  });
});
