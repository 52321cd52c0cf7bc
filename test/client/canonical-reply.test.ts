/**
 * The SOAP success reply recognized by its bytes (`canonical-reply.ts`) must
 * read exactly as the XML parser reads it: the same value, or the same
 * error. Checked on the bytes the server writes for any value, on texts put
 * between the envelope's parts unescaped, and on replies one byte away.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalReplyReader } from '../../runtime/src/client/canonical-reply.js';
import { receivedReply, type ReceivedReply } from '../../runtime/src/client/received-reply.js';
import { readSoapReply, soapReplyReader } from '../../runtime/src/client/soap-reply.js';
import type { CallSite } from '../../runtime/src/client/errors.js';
import { buildResponseEnvelope } from '../../runtime/src/soap/soap-envelope.js';
import type { OperationDescription, XsdType } from '../../runtime/src/service-description.js';

const NAMESPACE = 'urn:example:inventory';
const CONTEXT = { types: {}, namespace: NAMESPACE };
const encoder = new TextEncoder();

function operation(result: XsdType | undefined): OperationDescription {
  return {
    name: 'Count',
    soapAction: `${NAMESPACE}/Count`,
    responseElement: 'CountResponse',
    parameters: [],
    ...(result ? { result: { type: result, element: 'CountResult' } } : {}),
  };
}

function reply(body: string | Uint8Array, contentType = 'text/xml; charset=utf-8', status = 200): ReceivedReply {
  return receivedReply(status, contentType, typeof body === 'string' ? encoder.encode(body) : body);
}

/** What a read gives: its value, or its error's class and message. */
function outcome(read: () => unknown): unknown {
  try {
    return { value: read() };
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message };
  }
}

const TRANSPORTS = [
  ['soap11', '1.1'],
  ['soap12', '1.2'],
] as const;
const TYPES: readonly (XsdType | undefined)[] = [undefined, 'string', 'int', 'boolean', 'decimal', 'base64Binary'];

/** Both readers agree on `r`; returns whether the bytes were recognized. */
function agree(transport: 'soap11' | 'soap12', op: OperationDescription, r: ReceivedReply): boolean {
  const site: CallSite = { operation: op.name, transport };
  const fast = outcome(() => soapReplyReader(site, CONTEXT, op)(r));
  const parsed = outcome(() => readSoapReply(site, CONTEXT, op, r));
  expect(fast).toEqual(parsed);
  return canonicalReplyReader(transport === 'soap11' ? '1.1' : '1.2', NAMESPACE, op)(r) !== undefined;
}

describe.each(TRANSPORTS)('a %s reply', (transport, version) => {
  it.each(TYPES.map((t) => [t ?? 'void', t] as const))('of a %s operation reads as the parser reads it', (_, type) => {
    const op = operation(type);
    const texts = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.constantFrom(
        '',
        ' ',
        ' \t\n ',
        '42',
        '-7',
        'true',
        '1.50',
        'AAEC',
        '\r\n',
        'a]]>b',
        '&amp;',
        '<x/>',
        'a&lt;b&gt;c&#xD;d',
        '&#xd;&#13;&quot;&apos;&',
        '&amp;amp;&ampx',
        '\uFEFF',
        '\uFEFFx\uFEFF',
        '\uFFFE',
      ),
    );
    fc.assert(
      fc.property(texts, (text) => {
        if (op.result) {
          // As the server writes it (escaped), when XML can carry it.
          const written = buildResponseEnvelope(version, NAMESPACE, op.responseElement, {
            element: op.result.element,
            value: text,
          });
          agree(transport, op, reply(written));
        }
        // The text put between the envelope's parts as it is: markup, references, CRs, anything.
        const raw = buildResponseEnvelope(version, NAMESPACE, op.responseElement, {
          element: 'CountResult',
          value: 'x',
        }).replace('<CountResult>x</CountResult>', `<CountResult>${text}</CountResult>`);
        agree(transport, op, reply(raw));
      }),
      { numRuns: 300 },
    );
  });

  it.each(TYPES.map((t) => [t ?? 'void', t] as const))(
    'of a %s operation, one byte away, reads as the parser reads it',
    (_, type) => {
      const op = operation(type);
      const base = encoder.encode(
        op.result
          ? buildResponseEnvelope(version, NAMESPACE, op.responseElement, { element: op.result.element, value: '1' })
          : buildResponseEnvelope(version, NAMESPACE, op.responseElement),
      );
      fc.assert(
        fc.property(fc.nat(base.length - 1), fc.integer({ min: 0, max: 255 }), fc.boolean(), (at, byte, insert) => {
          const bytes = insert
            ? new Uint8Array([...base.subarray(0, at), byte, ...base.subarray(at)])
            : base.map((b, i) => (i === at ? byte : b));
          agree(transport, op, reply(bytes));
        }),
        { numRuns: 500 },
      );
    },
  );

  it('is recognized as ASMX writes it, and only in UTF-8', () => {
    const op = operation('string');
    const written = buildResponseEnvelope(version, NAMESPACE, op.responseElement, {
      element: 'CountResult',
      value: 'plain "text" > 😀',
    });
    expect(agree(transport, op, reply(written))).toBe(true);
    const escaped = buildResponseEnvelope(version, NAMESPACE, op.responseElement, {
      element: 'CountResult',
      value: '<a href="x&y">\r\n</a>',
    });
    expect(agree(transport, op, reply(escaped))).toBe(true);
    expect(agree(transport, op, reply(escaped.replace('&amp;', '&#38;')))).toBe(false);
    expect(agree(transport, op, reply(written, 'text/xml'))).toBe(true);
    expect(agree(transport, op, reply(written, 'text/xml; charset=UTF8'))).toBe(true);
    expect(agree(transport, op, reply(written, 'text/xml; charset=iso-8859-1'))).toBe(false);
    expect(agree(transport, op, reply(`\uFEFF${written}`))).toBe(false);
    expect(agree(transport, op, reply(written.replace('?>', '?>\n')))).toBe(false);
    const absent = buildResponseEnvelope(version, NAMESPACE, op.responseElement);
    expect(agree(transport, op, reply(absent))).toBe(true);
    expect(agree(transport, operation('int'), reply(absent))).toBe(true); // a ProtocolError, as the parser says
    const empty = buildResponseEnvelope(version, NAMESPACE, op.responseElement, { element: 'CountResult', value: '' });
    expect(agree(transport, op, reply(empty))).toBe(true);
  });

  it('is not taken from an error status, nor from the other version, nor for another operation', () => {
    const op = operation(undefined);
    const written = buildResponseEnvelope(version, NAMESPACE, op.responseElement);
    expect(agree(transport, op, reply(written, undefined, 500))).toBe(true);
    expect(
      outcome(() => soapReplyReader({ operation: 'Count', transport }, CONTEXT, op)(reply(written, undefined, 500))),
    ).toMatchObject({ error: 'HttpError' });
    const other = buildResponseEnvelope(version === '1.1' ? '1.2' : '1.1', NAMESPACE, op.responseElement);
    expect(agree(transport, op, reply(other))).toBe(false);
    const another = buildResponseEnvelope(version, NAMESPACE, 'OtherResponse');
    expect(agree(transport, op, reply(another))).toBe(false);
  });
});
