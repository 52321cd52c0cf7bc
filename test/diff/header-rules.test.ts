import { describe, expect, it } from 'vitest';
import { diffModels } from '../../generator/diff/index.js';
import { library, libraryChanges, modelOfData, operation } from './type-helpers.js';

describe('header rules', () => {
  it('header-added-required (breaking): an input header, required by default', () => {
    expect(
      libraryChanges((s) => {
        operation(s, 'Who').headers.push({ field: 'trace', type: 'Trace' });
      }),
    ).toMatchObject([
      {
        rule: 'header-added-required',
        level: 'breaking',
        where: 'operation Who, header trace',
        message: 'added (Trace, in)',
      },
    ]);
  });

  it('header-added-optional (non-breaking): not required, or output only', () => {
    expect(
      libraryChanges((s) => {
        operation(s, 'Who').headers.push({ field: 'trace', type: 'Trace', required: false });
        operation(s, 'GetStats').headers = [{ field: 'trace', type: 'Trace', direction: 'out' }];
      }),
    ).toMatchObject([
      {
        rule: 'header-added-optional',
        level: 'non-breaking',
        where: 'operation GetStats, header trace',
        message: 'added (Trace, out)',
      },
      {
        rule: 'header-added-optional',
        level: 'non-breaking',
        where: 'operation Who, header trace',
        message: 'added (Trace, in, not required)',
      },
    ]);
  });

  it('header-removed (breaking)', () => {
    expect(
      libraryChanges((s) => {
        delete operation(s, 'Who').headers;
      }),
    ).toMatchObject([
      {
        rule: 'header-removed',
        level: 'breaking',
        where: 'operation Who, header ticket',
        message: 'removed (Ticket, in)',
      },
    ]);
  });

  it('header-direction-changed (breaking): inOut to in, the reply loses it', () => {
    expect(
      libraryChanges((s) => {
        operation(s, 'Echo').headers[0].direction = 'in';
      }),
    ).toMatchObject([
      {
        rule: 'header-direction-changed',
        level: 'breaking',
        where: 'operation Echo, header trace',
        message: 'direction changed from inOut to in',
      },
    ]);
  });

  it('header-direction-changed-compatible (non-breaking): in to inOut', () => {
    expect(
      libraryChanges((s) => {
        operation(s, 'Who').headers[0].direction = 'inOut';
      }),
    ).toMatchObject([
      {
        rule: 'header-direction-changed-compatible',
        level: 'non-breaking',
        where: 'operation Who, header ticket',
        message: 'direction changed from in to inOut',
      },
    ]);
  });

  it('header-type-changed (breaking): another class', () => {
    expect(
      libraryChanges((s) => {
        operation(s, 'Who').headers[0].type = 'Trace';
      }),
    ).toMatchObject([
      {
        rule: 'header-type-changed',
        level: 'breaking',
        where: 'operation Who, header ticket',
        message: 'changed from Ticket (element Ticket) to Trace (element Trace)',
      },
    ]);
  });

  it("header-type-changed (breaking): the class's element name", () => {
    expect(
      libraryChanges((s) => {
        s.types.Ticket.elementName = 'Pass';
      }),
    ).toMatchObject([
      {
        rule: 'header-type-changed',
        level: 'breaking',
        where: 'operation Who, header ticket',
        message: 'changed from Ticket (element Ticket) to Ticket (element Pass)',
      },
    ]);
  });

  it("header-namespace-changed (breaking): the class's rootNamespace, either way", () => {
    const moved = {
      rule: 'header-namespace-changed',
      level: 'breaking',
      where: 'operation Who, header ticket',
    };
    expect(
      libraryChanges((s) => {
        s.types.Ticket.rootNamespace = 'urn:example:tickets';
      }),
    ).toMatchObject([
      { ...moved, message: expect.stringMatching(/^element Ticket moved from namespace \S+ to urn:example:tickets$/) },
    ]);
    const rooted = library();
    rooted.types.Ticket.rootNamespace = 'urn:example:tickets';
    expect(diffModels(modelOfData(rooted), modelOfData(library()))).toMatchObject([
      { ...moved, message: expect.stringMatching(/^element Ticket moved from namespace urn:example:tickets to \S+$/) },
    ]);
  });

  it('header-required-changed (info)', () => {
    expect(
      libraryChanges((s) => {
        operation(s, 'Who').headers[0].required = false;
      }),
    ).toMatchObject([
      {
        rule: 'header-required-changed',
        level: 'info',
        where: 'operation Who, header ticket',
        message: 'no longer required',
      },
    ]);
  });
});
