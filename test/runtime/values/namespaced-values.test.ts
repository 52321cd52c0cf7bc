/**
 * Values whose elements are in other namespaces (a class's `[XmlType(Namespace)]`, a member's
 * `[XmlElement(Namespace)]`, unqualified elements, qualified attributes) and `[XmlText]` content, by the type
 * descriptions of the TypeNamespaces corpus service (the golden scenario `corpus-type-namespaces`).
 */
import { describe, expect, it } from 'vitest';
import { readXml } from '../../../runtime/src/xml/xml-reader.js';
import { readValue } from '../../../runtime/src/values/read-value.js';
import { writeValue } from '../../../runtime/src/values/write-value.js';
import type { ValueType } from '../../../runtime/src/xsd/type-description.js';
import { service } from '../../golden/corpus-type-namespaces/expected/service.js';

const NS = 'urn:example:typens';
const CTX = { types: service.types!, namespace: NS };

function read(xml: string, type: ValueType): unknown {
  const root = readXml(`<r xmlns="${NS}">${xml}</r>`);
  return readValue(CTX, root.children[0] as never, type, false);
}

describe('elements in other namespaces', () => {
  it('writes each member in its namespace, declared where it changes, and a prefix for a qualified attribute', () => {
    // The qualified attribute's prefix (XmlTextWriter's, `namespace-prefixes.ts`) then names the members' namespace.
    const waypoint = { Label: 'L', Heading: 'East', Marker: { Note: 'n', Local: 'l', Rank: 2 }, Plain: 'p', Code: 'c' };
    expect(writeValue(CTX, 'w', { class: 'Waypoint' }, waypoint, {})).toBe(
      '<w d1p1:Code="c" xmlns:d1p1="urn:example:geo">' +
        '<d1p1:Label>L</d1p1:Label>' +
        '<d1p1:Heading>East</d1p1:Heading>' +
        '<d1p1:Marker d2p1:Rank="2" xmlns:d2p1="urn:example:typens">' +
        '<d2p1:Note>n</d2p1:Note><Local xmlns="">l</Local></d1p1:Marker>' +
        '<Plain xmlns="">p</Plain></w>',
    );
    const route = { Remark: 'r', Start: { Heading: 'West' }, Headings: ['North'] };
    expect(writeValue(CTX, 'route', { class: 'Route' }, route, {})).toBe(
      '<route><Remark xmlns="urn:example:notes">r</Remark>' +
        '<Start xmlns="urn:example:geo"><Heading>West</Heading></Start>' +
        '<Headings><Compass>North</Compass></Headings></route>',
    );
  });

  it('reads members only in their namespaces, whatever the prefixes; others are skipped', () => {
    const xml =
      '<w xmlns:g="urn:example:geo" g:Code="c" Code="skipped">' +
      '<g:Label>L</g:Label><Label>skipped</Label><Heading xmlns="urn:example:geo">South</Heading>' +
      '<g:Marker t:Rank="5" xmlns:t="urn:example:typens"><t:Note>n</t:Note><Local xmlns="">l</Local></g:Marker>' +
      '<g:Plain>skipped</g:Plain></w>';
    expect(read(xml, { class: 'Waypoint' })).toEqual({
      Label: 'L',
      Heading: 'South',
      Marker: { Note: 'n', Local: 'l', Rank: 5 },
      Code: 'c',
    });
  });
});

describe('[XmlText] members', () => {
  it("writes and reads the element's text beside the attributes", () => {
    const fare = { Currency: 'EUR', Value: '12.50' };
    expect(writeValue(CTX, 'f', { class: 'Fare' }, fare, {})).toBe('<f Currency="EUR">12.50</f>');
    expect(read('<f Currency="EUR">12.50</f>', { class: 'Fare' })).toEqual(fare);
    const caption = { Lang: 'en', Value: ' a < b ' };
    expect(writeValue(CTX, 'c', { class: 'Caption' }, caption, {})).toBe('<c Lang="en"> a &lt; b </c>');
    expect(read('<c Lang="en"> a &lt; b </c>', { class: 'Caption' })).toEqual(caption);
    expect(read('<c Lang="en" />', { class: 'Caption' })).toEqual({ Lang: 'en', Value: '' });
  });
});
