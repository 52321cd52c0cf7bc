/** The one value reader and writer, kind by kind (the Library description's types). */
import { describe, expect, it } from 'vitest';
import { readXml } from '../../../runtime/src/xml/xml-reader.js';
import { absentValue, readValue } from '../../../runtime/src/values/read-value.js';
import { writeValue } from '../../../runtime/src/values/write-value.js';
import { ValueReadError } from '../../../runtime/src/values/value-errors.js';
import { XmlFragment } from '../../../runtime/src/values/xml-fragment.js';
import type { ValueType } from '../../../runtime/src/xsd/type-description.js';
import { LIBRARY } from '../fixtures/library-description.js';
import { service as CHOICES } from '../../golden/corpus-choices/expected/service.js';

const NS = LIBRARY.namespace;
const CTX = { types: LIBRARY.types!, namespace: NS };
const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

function read(xml: string, type: ValueType, nillable = false): unknown {
  const root = readXml(`<r xmlns="${NS}" ${XSI} xmlns:x="http://www.w3.org/2001/XMLSchema">${xml}</r>`);
  return readValue(CTX, root.children[0] as never, type, nillable);
}

describe('reading', () => {
  it('reads members in any order, skips unknown ones, first wins', () => {
    expect(
      read('<p><BirthYear>1</BirthYear><Zip>z</Zip><Name>A</Name><Name>B</Name></p>', { class: 'Person' }),
    ).toEqual({
      Name: 'A',
      BirthYear: 1,
    });
  });

  it('takes xsi:type by any prefix bound to the instance namespace', () => {
    const xml = '<p xmlns:i="http://www.w3.org/2001/XMLSchema-instance" i:type="Author"><Country>NO</Country></p>';
    expect(read(xml, { class: 'Person' })).toEqual({ $type: 'Author', BirthYear: null, Country: 'NO' });
    expect(() => read('<p xsi:type="Robot" />', { class: 'Person' })).toThrow(ValueReadError);
  });

  it('tells nil, absent and empty apart', () => {
    expect(read('<v xsi:nil="true" />', 'int', true)).toBeNull();
    expect(read('<v></v>', 'string')).toBe('');
    expect(absentValue(CTX, 'string', {})).toBeUndefined();
    expect(absentValue(CTX, 'int', { nillable: true })).toBeNull();
    expect(absentValue(CTX, { enum: 'Genre' }, {})).toBe('Fiction');
    expect(absentValue(CTX, { enum: 'Format' }, {})).toEqual([]);
  });

  it('reads flags by their bits, enums exactly, Guids in any .NET form, chars by number', () => {
    expect(read('<f> Audio  None Hardcover </f>', { enum: 'Format' })).toEqual(['Hardcover', 'Audio']);
    expect(() => read('<g>Drama</g>', { enum: 'Genre' })).toThrow(
      "Instance validation error: 'Drama' is not a valid value for Genre.",
    );
    expect(read('<k>{3F2504E0-4F89-11D3-9A0C-0305E82C3301}</k>', 'guid')).toBe('3f2504e0-4f89-11d3-9a0c-0305e82c3301');
    expect(read('<c>65</c>', 'char')).toBe('A');
  });

  it('reads arrays with nil items and object values', () => {
    const type: ValueType = { array: 'string', item: 'string', nillable: true };
    expect(read('<a><string>x</string><string xsi:nil="true"/><other/></a>', type)).toEqual(['x', null]);
    expect(read('<v xsi:type="x:long">9007199254740993</v>', 'anyType')).toEqual({
      $type: 'long',
      value: 9007199254740993n,
    });
    expect(String(read('<v><a/>t</v>', 'anyType'))).toBe('<a />t');
    expect(String(read('<v><a/></v>', 'anyType'))).toBe('<a xmlns="urn:example:library" />');
  });
});

describe('writing', () => {
  it('writes flags in declaration order, the zero name for none', () => {
    expect(writeValue(CTX, 'f', { enum: 'Format' }, ['Audio', 'Hardcover'], {})).toBe('<f>Hardcover Audio</f>');
    expect(writeValue(CTX, 'f', { enum: 'Format' }, [], {})).toBe('<f>None</f>');
    expect(() => writeValue(CTX, 'g', { enum: 'Genre' }, 'Drama', {})).toThrow(TypeError);
  });

  it('writes nil, leaves out absent references, refuses absent value types', () => {
    expect(writeValue(CTX, 'v', 'int', null, { nillable: true })).toBe('<v xsi:nil="true" />');
    expect(writeValue(CTX, 'v', 'string', undefined, {})).toBe('');
    expect(() => writeValue(CTX, 'v', 'int', undefined, {})).toThrow(TypeError);
    expect(writeValue(CTX, 'v', 'anyType', null, {})).toBe('<v xsi:nil="true" />');
  });

  it('writes derived classes with xsi:type, attributes first, arrays wrapped and unwrapped', () => {
    expect(writeValue(CTX, 'p', { class: 'Person' }, { $type: 'Author', Name: 'A', BirthYear: null }, {})).toBe(
      '<p xsi:type="Author"><Name>A</Name><BirthYear xsi:nil="true" /></p>',
    );
    expect(writeValue(CTX, 'c', { class: 'Copy' }, { Barcode: 'a"b', DueBack: null }, {})).toBe(
      '<c Barcode="a&quot;b"><DueBack xsi:nil="true" /></c>',
    );
    expect(writeValue(CTX, 'v', 'char', 'A', {})).toBe('<v>65</v>');
    expect(writeValue(CTX, 'v', 'double', 1e21, {})).toBe('<v>1E+21</v>');
  });

  it('writes raw XML as it is and object values with their type', () => {
    const fragment = XmlFragment.parse('<Foo xmlns="urn:x">bar<!-- c --></Foo>');
    expect(writeValue(CTX, 'x', 'xmlElement', fragment, {})).toBe('<x><Foo xmlns="urn:x">bar<!-- c --></Foo></x>');
    expect(writeValue(CTX, 'v', 'anyType', { $type: 'int', value: 5 }, {})).toBe('<v xsi:type="xsd:int">5</v>');
    expect(writeValue(CTX, 'v', 'anyType', { $type: 'Genre', value: 'Poetry' }, {})).toBe(
      '<v xsi:type="Genre">Poetry</v>',
    );
  });

  it('indents element content by two spaces when pretty', () => {
    const type: ValueType = { array: 'string', item: 'string', nillable: true };
    expect(writeValue(CTX, 'A', type, ['a', null], {}, { pretty: true })).toBe(
      '<A>\n  <string>a</string>\n  <string xsi:nil="true" />\n</A>',
    );
  });
});

describe('unwrapped arrays', () => {
  // `[XmlElement(IsNullable = true)] string[] Lines` beside `[XmlElement] string[] Tags`, as Mono's XmlSerializer writes
  // and reads them: `<Lines>a</Lines><Lines xsi:nil="true" /><Lines>b</Lines><Tags>x</Tags>` (a null tag left out).
  const types = {
    Listing: {
      kind: 'class',
      xmlName: 'Listing',
      elementName: 'Listing',
      members: [
        {
          name: 'Lines',
          xmlName: 'Lines',
          form: 'element',
          type: { array: 'string', item: 'Lines', nillable: true },
          nillable: true,
          unwrapped: true,
        },
        {
          name: 'Tags',
          xmlName: 'Tags',
          form: 'element',
          type: { array: 'string', item: 'Tags', nillable: false },
          unwrapped: true,
        },
      ],
    },
  } as const;
  const ctx = { types, namespace: NS };
  const xml = '<l><Lines>a</Lines><Lines xsi:nil="true" /><Lines>b</Lines><Tags>x</Tags></l>';

  it('writes a nil item of a nillable one as xsi:nil, and leaves out a null item of another', () => {
    expect(writeValue(ctx, 'l', { class: 'Listing' }, { Lines: ['a', null, 'b'], Tags: ['x', null] }, {})).toBe(xml);
  });

  it('reads xsi:nil items of a nillable one as null', () => {
    const root = readXml(`<r xmlns="${NS}" ${XSI}>${xml}</r>`);
    expect(readValue(ctx, root.children[0] as never, { class: 'Listing' }, false)).toStrictEqual({
      Lines: ['a', null, 'b'],
      Tags: ['x'],
    });
  });
});

describe('choices (the Choices corpus service: test/golden/corpus-choices)', () => {
  const ctx = { types: CHOICES.types!, namespace: CHOICES.namespace };
  const plan = (xml: string) =>
    readValue(
      ctx,
      readXml(`<plan xmlns="${CHOICES.namespace}" ${XSI}>${xml}</plan>`),
      { class: 'Plan' },
      false,
    ) as Record<string, unknown>;

  it('reads whichever element of a choice is there: the first for a member, every one in order for an array', () => {
    const value = plan(
      '<S>a</S><NoSchedule /><Count>1</Count><N>2</N><ScheduleReference /><Label>x</Label><Tail>3</Tail><S>b</S>' +
        '<Schedules><Ref><ScheduleID>r</ScheduleID></Ref><Other /><None xsi:nil="true" /></Schedules>',
    );
    expect(value).toEqual({
      Item: { $element: 'NoSchedule', value: { $type: 'NoSchedule' } },
      Item1: { $element: 'Count', value: 1 },
      Items: [
        { $element: 'S', value: 'a' },
        { $element: 'N', value: 2 },
        { $element: 'S', value: 'b' },
      ],
      Schedules: [
        { $element: 'Ref', value: { $type: 'ScheduleReference', ScheduleID: 'r' } },
        { $element: 'None', value: null },
      ],
      Tail: 3,
    });
  });

  it('writes the element $element names, of its type; a null value as nothing; another name is a TypeError', () => {
    const value = {
      Item: { $element: 'ScheduleReference', value: { $type: 'ScheduleReference', ScheduleID: 'a' } },
      Item1: { $element: 'Label', value: 'x < y' },
      Items: [
        { $element: 'N', value: 1 },
        { $element: 'S', value: null },
      ],
      Schedules: [
        { $element: 'None', value: { $type: 'NoSchedule' } },
        { $element: 'Ref', value: null },
      ],
      Tail: 0,
    };
    expect(writeValue(ctx, 'plan', { class: 'Plan' }, value, {})).toBe(
      '<plan><ScheduleReference><ScheduleID>a</ScheduleID></ScheduleReference><Label>x &lt; y</Label><N>1</N>' +
        '<Schedules><None /></Schedules><Tail>0</Tail></plan>',
    );
    expect(() =>
      writeValue(ctx, 'plan', { class: 'Plan' }, { Item: { $element: 'Plan', value: {} }, Tail: 0 }, {}),
    ).toThrow("A choice value is { $element, value }, $element one of 'ScheduleReference', 'NoSchedule'.");
  });
});

describe('an attribute with a default ([DefaultValue])', () => {
  const types = {
    Param: {
      kind: 'class',
      xmlName: 'Param',
      elementName: 'Param',
      members: [
        { name: 'Null', xmlName: 'Null', type: 'boolean', form: 'attribute', default: 'false' },
        { name: 'Count', xmlName: 'Count', type: 'int', form: 'attribute' },
      ],
    },
  } as never;
  const ctx = { types, namespace: NS };

  it('is left out when absent or equal to its default, and read back as its default', () => {
    expect(writeValue(ctx, 'p', { class: 'Param' }, { Count: 1 }, {})).toBe('<p Count="1" />');
    expect(writeValue(ctx, 'p', { class: 'Param' }, { Null: false, Count: 1 }, {})).toBe('<p Count="1" />');
    expect(writeValue(ctx, 'p', { class: 'Param' }, { Null: true, Count: 1 }, {})).toBe('<p Null="true" Count="1" />');
    const root = readXml(`<r xmlns="${NS}"><p Count="1" /></r>`);
    expect(readValue(ctx, root.children[0] as never, { class: 'Param' }, false)).toStrictEqual({
      Null: false,
      Count: 1,
    });
  });

  it('is required, as any value type, without a default', () => {
    expect(() => writeValue(ctx, 'p', { class: 'Param' }, {}, {})).toThrow(
      'Count: expected an xsd:int, got undefined.',
    );
  });
});
