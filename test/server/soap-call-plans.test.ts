/**
 * A SOAP call answered by its plan (`runtime/src/server/soap-call-plans.ts`: a request of a shape read in full
 * before) must get exactly what reading it in full gets: the same reply, byte for byte, and the same input for
 * its handler. Each property sends one request to a server that has planned its shape and to a new server that
 * reads it in full, and compares.
 */
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createServiceFetchHandler, createServiceServer } from '../../runtime/src/server.js';
import { DOCUMENTS, NS, PATH, SERVICE, recordingHandlers, type Recorded } from '../runtime/fixture-service.js';

const SLOT = '\u0000SLOT\u0000';

interface Template {
  readonly operation: string;
  readonly version: '1.1' | '1.2';
  readonly envelope: string;
}

const SOAP11 = (body: string) =>
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
  `<soap:Body>${body}</soap:Body></soap:Envelope>`;
const SOAP12 = (body: string) =>
  `<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope">\n  <env:Body>\n    ${body}\n  </env:Body>\n</env:Envelope>\n`;

/** Requests as clients write them; SLOT marks the texts that change from call to call. */
const TEMPLATES: readonly Template[] = [
  { operation: 'Add', version: '1.1', envelope: SOAP11(`<Add xmlns="${NS}"><a>${SLOT}</a><b>${SLOT}</b></Add>`) },
  // Parameters in another order, one of them twice (the first wins), one absent, an unknown element.
  {
    operation: 'Add',
    version: '1.2',
    envelope: SOAP12(`<n:Add xmlns:n="${NS}"><n:b>${SLOT}</n:b><n:x>${SLOT}</n:x><n:b>${SLOT}</n:b></n:Add>`),
  },
  {
    operation: 'Describe',
    version: '1.1',
    envelope: SOAP11(
      `<Describe xmlns="${NS}"><flag>${SLOT}</flag><big>${SLOT}</big><when>${SLOT}</when>` +
        `<data>${SLOT}</data><amount>${SLOT}</amount><ratio>${SLOT}</ratio></Describe>`,
    ),
  },
  {
    operation: 'Echo',
    version: '1.1',
    envelope: SOAP11(`<Echo xmlns="${NS}"><requestJson>${SLOT}</requestJson></Echo>`),
  },
  // The request element in another namespace: every parameter is absent.
  {
    operation: 'Echo',
    version: '1.1',
    envelope: SOAP11(`<Echo xmlns="urn:other"><requestJson>${SLOT}</requestJson></Echo>`),
  },
];

const fill = (template: string, texts: readonly string[]) => {
  let i = 0;
  return template.replace(new RegExp(SLOT, 'g'), () => texts[i++] ?? '');
};

/** Texts a client may send: values of every parameter type, good and bad, references, spaces, markup. */
const slotText = fc.oneof(
  fc.constantFrom('1', '-2147483648', '2147483648', ' 7 ', '', 'true', '0', 'x', '1e3', '12.50', 'NaN', 'INF'),
  fc.constantFrom('2024-02-29T12:30:45.123+05:30', '2024-13-01T00:00:00', 'AAEC', 'A=B', '9007199254740993'),
  fc.constantFrom('&amp;', '&lt;a&gt;', '&#x41;', '&bogus;', '&', ']]>', '<b>x</b>', '\r\n', '\u0001'),
  fc.string({ maxLength: 12 }),
);

interface Outcome {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
  readonly calls: readonly { operation: string; input: Record<string, unknown> }[];
}

function served() {
  const calls: Recorded[] = [];
  const handle = createServiceFetchHandler(SERVICE, DOCUMENTS, recordingHandlers(calls));
  return {
    async send(template: Template, body: string, soapAction = `${NS}/${template.operation}`): Promise<Outcome> {
      calls.length = 0;
      const headers: Record<string, string> =
        template.version === '1.1'
          ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${soapAction}"` }
          : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${soapAction}"` };
      const reply = await handle(new Request(`http://localhost${PATH}`, { method: 'POST', headers, body }));
      return {
        status: reply.status,
        contentType: reply.headers.get('content-type'),
        body: await reply.text(),
        calls: calls.map(({ operation, input }) => ({ operation, input })),
      };
    },
  };
}

/** The values a template's slots are first filled with: a request every operation answers. */
const WARM = ['1', '2', '3', '4', '5', '6'];

describe('a SOAP call by plan gets what reading it in full gets', () => {
  it.for(TEMPLATES.map((template, index) => [index, template] as const))(
    'template %i: the same reply and handler input',
    async ([, template]) => {
      const planned = served();
      // Twice: the first request teaches the shape, the second the plan.
      for (let i = 0; i < 2; i++) await planned.send(template, fill(template.envelope, WARM));
      await fc.assert(
        fc.asyncProperty(fc.array(slotText, { minLength: 6, maxLength: 6 }), async (texts) => {
          const body = fill(template.envelope, texts);
          const ours = await planned.send(template, body);
          expect(ours).toEqual(await served().send(template, body));
        }),
        { numRuns: 150 },
      );
    },
  );

  it('routes a planned shape sent with another SOAPAction by that SOAPAction', async () => {
    const [template] = TEMPLATES;
    const planned = served();
    for (let i = 0; i < 3; i++) await planned.send(template!, fill(template!.envelope, WARM));
    const body = fill(template!.envelope, ['40', '2']);
    for (const action of [`${NS}/Echo`, `${NS}/Nothing`]) {
      const ours = await planned.send(template!, body, action);
      expect(ours).toEqual(await served().send(template!, body, action));
    }
    expect((await planned.send(template!, body, `${NS}/Echo`)).calls).toEqual([
      { operation: 'Echo', input: { requestJson: undefined } },
    ]);
    // And by its own again: the plan still holds.
    expect((await planned.send(template!, body)).body).toContain('<AddResult>42</AddResult>');
  });

  it('answers planned calls over node:http as the first call of the shape', async () => {
    const calls: Recorded[] = [];
    const server = createServiceServer(SERVICE, DOCUMENTS, recordingHandlers(calls));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PATH}`;
      const [template] = TEMPLATES;
      const post = (texts: string[]) =>
        fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/Add"` },
          body: fill(template!.envelope, texts),
        }).then(async (reply) => [reply.status, await reply.text()] as const);
      const first = await post(['20', '22']);
      expect(first[1]).toContain('<AddResult>42</AddResult>');
      for (let i = 0; i < 3; i++) expect(await post(['20', '22'])).toEqual(first);
      const bad = await post(['20', 'x']);
      expect(bad[0]).toBe(500);
      expect(bad[1]).toContain('There is an error in XML document (1, ');
      expect(calls.map((call) => call.input)).toEqual(Array.from({ length: 4 }, () => ({ a: 20, b: 22 })));
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
