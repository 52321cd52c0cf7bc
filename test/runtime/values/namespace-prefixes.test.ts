/**
 * The prefixes of qualified attributes (`values/namespace-prefixes.ts`) against the replies the real ASMX runtime
 * wrote for `test/fixtures/qualified-prefixes/` (see its README): several namespaces on one element (`d4p1`,
 * `d4p2`, declared last made first), prefixes reused further in, elements written with a prefix in scope, at every
 * depth the runtime writes a value (a wrapped result 4, a bare part and a SOAP header 3, an HTTP document's root 1).
 * Each reply is built by the runtime code the server replies with, from hand-written descriptions of the C# types.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OperationDescription } from '../../../runtime/src/service-description.js';
import type { ClassDescription, MemberDescription } from '../../../runtime/src/xsd/type-description.js';
import type { TypeTable } from '../../../runtime/src/values/value-kinds.js';
import { buildBareResponseEnvelopeXml, buildResponseEnvelopeXml } from '../../../runtime/src/soap/soap-envelope.js';
import { httpResultDocument, resultElement } from '../../../runtime/src/server/result-value.js';
import { writeSoapHeaders } from '../../../runtime/src/server/soap-headers.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/qualified-prefixes');
const captured = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

const attr = (name: string, namespace?: string): MemberDescription => ({
  name,
  xmlName: name,
  form: 'attribute',
  type: 'string',
  ...(namespace !== undefined && { namespace }),
});
const element = (name: string, type: 'string' | { class: string }, namespace?: string): MemberDescription => ({
  name,
  xmlName: name,
  form: 'element',
  type,
  ...(namespace !== undefined && { namespace }),
});
const cls = (name: string, members: MemberDescription[], namespace?: string): ClassDescription => ({
  kind: 'class',
  xmlName: name,
  elementName: name,
  members,
  ...(namespace !== undefined && { namespace }),
});

/** AttrProbe.asmx: `[XmlAttribute(Namespace = "urn:x")]` and `"urn:y"`; PZed qualified in its own namespace. */
const PROBE: TypeTable = {
  PInner: cls('PInner', [attr('A', 'urn:x'), attr('B', 'urn:y'), attr('C', 'urn:x'), element('Text', 'string')]),
  POuter: cls('POuter', [
    attr('A', 'urn:x'),
    attr('Plain'),
    attr('B', 'urn:y'),
    element('Inner', { class: 'PInner' }),
    {
      name: 'Many',
      xmlName: 'Many',
      form: 'element',
      type: { array: { class: 'PInner' }, item: 'PInner', nillable: true },
    },
  ]),
  PZed: cls('PZed', [attr('Q', 'urn:z'), element('Inner', { class: 'PInner' }, 'urn:z')], 'urn:z'),
};

const OUTER = {
  A: 'a',
  Plain: 'p',
  B: 'b',
  Inner: { A: 'ia', B: 'ib', C: 'ic', Text: 't' },
  Many: [{ A: 'm0a' }, { B: 'm1b', C: 'm1c' }],
};
const ZED = { Q: 'q', Inner: { A: 'za' } };

/** AttrProbe2.asmx: `Form = XmlSchemaForm.Qualified` attributes, in the service namespace and in urn:g. */
const PROBE2: TypeTable = {
  QSelf: cls('QSelf', [attr('Q', 'urn:probe2'), element('Child', 'string'), element('Next', { class: 'QSelf' })]),
  // QSelf reached from QGeo, which the runtime writes in urn:g (a spec gives such a class its namespace).
  QSelfInGeo: cls(
    'QSelf',
    [attr('Q', 'urn:g'), element('Child', 'string', 'urn:g'), element('Next', { class: 'QSelfInGeo' }, 'urn:g')],
    'urn:g',
  ),
  QGeo: cls(
    'QGeo',
    [
      attr('Code', 'urn:g'),
      element('Label', 'string', 'urn:g'),
      element('Plain', 'string', ''),
      element('Self', { class: 'QSelfInGeo' }, 'urn:g'),
    ],
    'urn:g',
  ),
  QHolder: cls('QHolder', [
    {
      name: 'Geos',
      xmlName: 'Geos',
      form: 'element',
      type: { array: { class: 'QGeo' }, item: 'QGeo', nillable: true },
    },
    element('Start', { class: 'QGeo' }, 'urn:g'),
    element('Self', { class: 'QSelf' }),
  ]),
  QHead: cls('QHead', [attr('Q', 'urn:probe2'), element('Child', 'string')]),
};

const GEO = { Code: 'c', Label: 'l', Plain: 'p', Self: { Q: 'sq', Child: 'sc' } };
const HOLDER = { Geos: [GEO, GEO], Start: GEO, Self: { Q: 'q', Child: 'c', Next: { Q: 'nq', Child: 'nc' } } };

function op(name: string, type: string, bare = false): OperationDescription {
  return {
    name,
    soapAction: '',
    responseElement: `${name}Response`,
    parameters: [],
    result: { type: { class: type }, element: `${name}Result`, httpElement: type },
    ...(bare && { bare }),
  };
}

function soapReply(namespace: string, types: TypeTable, operation: OperationDescription, value: unknown): string {
  const values = { types, namespace };
  const result = resultElement(operation, values, value);
  return operation.bare
    ? buildBareResponseEnvelopeXml('1.1', namespace, operation.result!.element, result)
    : buildResponseEnvelopeXml('1.1', namespace, operation.responseElement, result);
}

describe('qualified attributes in a SOAP reply, as the runtime prefixes them', () => {
  it('makes d4p1 and d4p2 on the result, declared last made first, and reuses them further in', () => {
    expect(soapReply('urn:probe', PROBE, op('Make', 'POuter'), OUTER)).toBe(captured('make.soap11.xml'));
  });

  it('writes an element of a prefixed namespace with the prefix, and makes d5p1 below it', () => {
    expect(soapReply('urn:probe', PROBE, op('Zed', 'PZed'), ZED)).toBe(captured('zed.soap11.xml'));
  });

  it('prefixes at depth 5 and 6, and elements of the service namespace once a prefix is bound to it', () => {
    expect(soapReply('urn:probe2', PROBE2, op('Hold', 'QHolder'), HOLDER)).toBe(captured('hold.soap11.xml'));
  });

  it('makes d3p1 on a bare result, declared before its default namespace', () => {
    const value = { Q: 'bq', Child: 'bc' };
    expect(soapReply('urn:probe2', PROBE2, op('BareSelf', 'QSelf', true), value)).toBe(captured('bare.soap11.xml'));
  });

  it('makes d3p1 on a SOAP header', () => {
    const operation: OperationDescription = {
      ...op('Head', 'QHead'),
      result: { type: 'string', element: 'HeadResult' },
      headers: [{ field: 'head', type: 'QHead', element: 'QHead', direction: 'inOut' }],
    };
    const values = { types: PROBE2, namespace: 'urn:probe2' };
    const header = writeSoapHeaders(operation, values, { head: { Q: 'hq', Child: 'hc' } });
    const reply = buildResponseEnvelopeXml('1.1', 'urn:probe2', 'HeadResponse', '<HeadResult>x</HeadResult>', header);
    expect(reply).toBe(captured('head.soap11.xml'));
  });
});

describe('qualified attributes in an HTTP GET/POST document, whose root is at depth 1', () => {
  it.for([
    ['make.http.xml', 'urn:probe', PROBE, 'POuter', OUTER],
    ['zed.http.xml', 'urn:probe', PROBE, 'PZed', ZED],
    ['hold.http.xml', 'urn:probe2', PROBE2, 'QHolder', HOLDER],
  ] as const)('%s', ([file, namespace, types, type, value]) => {
    expect(httpResultDocument(op('Get', type), { types, namespace }, value)).toBe(captured(file));
  });
});
