/**
 * `[XmlElement]` on an array parameter or result (unwrapped arrays, the service of /work/uw-Unwrapped.asmx, described
 * by hand as the generator describes it): the items are repeated elements in the request or response element, named
 * after the parameter or the element name given, with no `ArrayOfX` between. The replies below are the bytes Mono's
 * ASMX runtime (../shared/asmx-host) sent for the same requests; the server sends the same, and the client reads them
 * back, by SOAP, HTTP GET and POST, and JSON.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceCaller } from '../../runtime/src/client.js';
import { createServiceServer, type ServiceDescription } from '../../runtime/src/server.js';
import type { OperationDescription, ParameterDescription, ValueType } from '../../runtime/src/service-description.js';
import { DOCUMENTS } from '../runtime/fixture-service.js';
import { send } from './raw-http.js';

const NS = 'urn:example:roster';
const PATH = '/Unwrapped.asmx';
const PLAYER: ValueType = { class: 'Player' };
/** `Player[]` as HTTP writes it (its C# type): `ArrayOfPlayer` of `<Player>` items. */
const PLAYERS: ValueType = { array: PLAYER, item: 'Player', nillable: true };
const STRINGS: ValueType = { array: 'string', item: 'string', nillable: true };

function op(
  name: string,
  parameters: ParameterDescription[],
  result?: NonNullable<OperationDescription['result']>,
): OperationDescription {
  return {
    name,
    soapAction: `${NS}/${name}`,
    responseElement: `${name}Response`,
    parameters,
    ...(result && { result }),
  };
}

const SIZE: ParameterDescription = { name: 'size', type: 'int', optional: false };

/** `[XmlElement(name)] T[] name`: its items, named as the parameter. */
function unwrapped(name: string, array: ValueType, nillable = false): ParameterDescription {
  return { name, type: { array, item: name, nillable }, optional: true, unwrapped: true };
}

/** An unwrapped array result of `array` items named `element` (`[return: XmlElement(element)]`). */
function unwrappedResult(element: string, array: ValueType, http: ValueType, nillable = false) {
  const httpElement = `ArrayOf${typeof array === 'string' ? 'String' : 'Player'}`;
  return { type: { array, item: element, nillable }, element, unwrapped: true, httpElement, httpType: http };
}

const SERVICE: ServiceDescription = {
  name: 'Roster',
  namespace: NS,
  path: PATH,
  transports: ['soap11', 'soap12', 'httpGet', 'httpPost'],
  scriptService: true,
  types: {
    Player: {
      kind: 'class',
      xmlName: 'Player',
      elementName: 'Player',
      members: [
        { name: 'Name', xmlName: 'Name', form: 'element', type: 'string' },
        { name: 'Number', xmlName: 'Number', form: 'element', type: 'int' },
      ],
    },
  },
  operations: [
    op('Team', [SIZE], unwrappedResult('Player', PLAYER, PLAYERS)),
    // `[return: XmlArrayItem("Member")]`: wrapped by SOAP, its items `Member`; HTTP writes `<Player>` items.
    op('Bench', [SIZE], {
      type: { array: PLAYER, item: 'Member', nillable: true },
      element: 'BenchResult',
      httpElement: 'ArrayOfPlayer',
      httpType: PLAYERS,
    }),
    op('Count', [unwrapped('numbers', 'int')], { type: 'int', element: 'CountResult' }),
    // `[XmlElement("name")] string[] names`: SOAP's element is `name`, HTTP's field and JSON's property `names`.
    op('Echo', [{ ...unwrapped('name', 'string'), field: 'names' }], unwrappedResult('EchoResult', 'string', STRINGS)),
    op('Nils', [unwrapped('items', 'string', true)], { type: 'string', element: 'NilsResult' }),
    op('Roll', [{ name: 'players', type: PLAYERS, optional: true }, unwrapped('p', PLAYER)], {
      type: 'int',
      element: 'RollResult',
    }),
    op('Split', [
      { name: 'text', type: 'string', optional: true },
      { ...unwrapped('part', 'string'), direction: 'out' },
    ]),
    // `[ScriptMethod(ResponseFormat = ResponseFormat.Xml)]`: its JSON calls are answered by XmlSerializer's document.
    { ...op('TeamXml', [SIZE], unwrappedResult('Player', PLAYER, PLAYERS)), scriptMethod: { xmlResponse: true } },
    op('NilOut', [], unwrappedResult('v', 'string', STRINGS, true)),
    op('SkipOut', [], unwrappedResult('v', 'string', STRINGS)),
    op('NullOut', [], unwrappedResult('v', 'string', STRINGS)),
  ],
};

/** What each handler was given, by operation. */
const received: Record<string, Record<string, unknown>> = {};

const team = (size: number) => Array.from({ length: size }, (_, i) => ({ Name: `p${i}`, Number: i }));
const length = (items: unknown) => (Array.isArray(items) ? items.length : -1);

const HANDLERS = {
  Team: ({ size }: { size: number }) => team(size),
  Bench: ({ size }: { size: number }) => team(size),
  TeamXml: ({ size }: { size: number }) => team(size),
  Count: (input: { numbers?: number[] }) => {
    received.Count = input;
    return length(input.numbers);
  },
  Echo: (input: { name?: string[] }) => {
    received.Echo = input;
    return input.name;
  },
  Nils: (input: { items?: (string | null)[] }) => {
    received.Nils = input;
    if (input.items === undefined) return 'null';
    return [String(input.items.length), ...input.items.map((item) => item ?? 'nil')].join(',');
  },
  Roll: (input: { players?: unknown[]; p?: unknown[] }) => {
    received.Roll = input;
    return length(input.players) * 100 + length(input.p);
  },
  Split: ({ text }: { text?: string }) => ({ part: text === undefined ? null : text.split(',') }),
  NilOut: () => ['a', null, 'b'],
  SkipOut: () => ['a', null, 'b'],
  NullOut: () => null,
};

const XSI_XSD = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"';
const HTTP_XSD_XSI =
  'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

/** Mono's SOAP 1.1 reply holding `body`. */
function monoReply(body: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
    `${XSI_XSD}><soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

/** The request the tests sent to Mono: `body` in a SOAP 1.1 envelope declaring `xsi`. */
function request(body: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

/** Mono's HTTP GET/POST reply of `Team` and `Bench` for size 2. */
const TWO_PLAYERS =
  `<?xml version="1.0" encoding="utf-8"?>\n<ArrayOfPlayer ${HTTP_XSD_XSI} xmlns="urn:example:roster">\n` +
  '  <Player>\n    <Name>p0</Name>\n    <Number>0</Number>\n  </Player>\n' +
  '  <Player>\n    <Name>p1</Name>\n    <Number>1</Number>\n  </Player>\n</ArrayOfPlayer>';

let server: ReturnType<typeof createServiceServer>;
let port: number;
let url: string;

beforeAll(async () => {
  server = createServiceServer(SERVICE, DOCUMENTS, HANDLERS);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}${PATH}`;
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
});

async function soap(operation: string, body: string) {
  return send(port, PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/${operation}"` },
    body: request(body),
  });
}

describe('the server, by SOAP', () => {
  it('writes an unwrapped result as its items in the response element', async () => {
    const reply = await soap('Team', '<Team xmlns="urn:example:roster"><size>2</size></Team>');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(
      monoReply(
        '<TeamResponse xmlns="urn:example:roster"><Player><Name>p0</Name><Number>0</Number></Player>' +
          '<Player><Name>p1</Name><Number>1</Number></Player></TeamResponse>',
      ),
    );
  });

  it('writes nothing for an empty or a null unwrapped result', async () => {
    const empty = await soap('Team', '<Team xmlns="urn:example:roster"><size>0</size></Team>');
    expect(empty.text).toBe(monoReply('<TeamResponse xmlns="urn:example:roster" />'));
    const none = await soap('NullOut', '<NullOut xmlns="urn:example:roster" />');
    expect(none.text).toBe(monoReply('<NullOutResponse xmlns="urn:example:roster" />'));
  });

  it('writes a null item as xsi:nil where the items are nillable, and leaves it out elsewhere', async () => {
    const nil = await soap('NilOut', '<NilOut xmlns="urn:example:roster" />');
    expect(nil.text).toBe(
      monoReply('<NilOutResponse xmlns="urn:example:roster"><v>a</v><v xsi:nil="true" /><v>b</v></NilOutResponse>'),
    );
    const skipped = await soap('SkipOut', '<SkipOut xmlns="urn:example:roster" />');
    expect(skipped.text).toBe(
      monoReply('<SkipOutResponse xmlns="urn:example:roster"><v>a</v><v>b</v></SkipOutResponse>'),
    );
  });

  it('keeps a wrapped result with [XmlArrayItem] as it was', async () => {
    const reply = await soap('Bench', '<Bench xmlns="urn:example:roster"><size>1</size></Bench>');
    expect(reply.text).toBe(
      monoReply(
        '<BenchResponse xmlns="urn:example:roster"><BenchResult><Member><Name>p0</Name><Number>0</Number></Member>' +
          '</BenchResult></BenchResponse>',
      ),
    );
  });

  it('reads every element of the parameter, wherever it is, as an item', async () => {
    const reply = await soap(
      'Count',
      '<Count xmlns="urn:example:roster"><numbers>1</numbers><x/><numbers>2</numbers></Count>',
    );
    expect(received.Count).toEqual({ numbers: [1, 2] });
    expect(reply.text).toBe(
      monoReply('<CountResponse xmlns="urn:example:roster"><CountResult>2</CountResult></CountResponse>'),
    );
    // An element of another namespace is none of them.
    await soap(
      'Count',
      '<Count xmlns="urn:example:roster"><numbers xmlns="urn:other">1</numbers><numbers>5</numbers></Count>',
    );
    expect(received.Count).toEqual({ numbers: [5] });
  });

  it('reads no element as an empty array, and an empty request element as none (null to the runtime)', async () => {
    const empty = await soap('Count', '<Count xmlns="urn:example:roster"></Count>');
    expect(received.Count).toEqual({ numbers: [] });
    expect(empty.text).toBe(
      monoReply('<CountResponse xmlns="urn:example:roster"><CountResult>0</CountResult></CountResponse>'),
    );
    for (const body of ['<Count xmlns="urn:example:roster" />', '']) {
      const none = await soap('Count', body);
      expect(received.Count).toEqual({ numbers: undefined });
      expect(none.text).toBe(
        monoReply('<CountResponse xmlns="urn:example:roster"><CountResult>-1</CountResult></CountResponse>'),
      );
    }
  });

  it('reads xsi:nil items as null where nillable, and a string item as empty elsewhere', async () => {
    const nils = await soap(
      'Nils',
      '<Nils xmlns="urn:example:roster"><items xsi:nil="true"/><items>a</items><items/></Nils>',
    );
    expect(received.Nils).toEqual({ items: [null, 'a', ''] });
    expect(nils.text).toBe(
      monoReply('<NilsResponse xmlns="urn:example:roster"><NilsResult>3,nil,a,</NilsResult></NilsResponse>'),
    );
    const echo = await soap(
      'Echo',
      '<Echo xmlns="urn:example:roster"><name xsi:nil="true"/><name>a</name><name/></Echo>',
    );
    expect(received.Echo).toEqual({ name: ['', 'a', ''] });
    expect(echo.text).toBe(
      monoReply(
        '<EchoResponse xmlns="urn:example:roster"><EchoResult /><EchoResult>a</EchoResult><EchoResult /></EchoResponse>',
      ),
    );
  });

  it('answers an item that does not convert as the runtime does', async () => {
    for (const [items, column] of [
      ['<numbers>x</numbers>', 230],
      ['<numbers xsi:nil="true"/>', 235],
    ] as const) {
      const reply = await soap('Count', `<Count xmlns="urn:example:roster">${items}</Count>`);
      expect(reply.status).toBe(500);
      expect(reply.text).toContain('<faultcode>soap:Client</faultcode>');
      expect(reply.text).toContain(
        `Server was unable to read request. ---&gt; There is an error in XML document (1, ${column}). ---&gt; ` +
          'Input string was not in a correct format.',
      );
    }
  });

  it('reads an unwrapped class parameter beside a wrapped one', async () => {
    const reply = await soap('Roll', '<Roll xmlns="urn:example:roster"><p><Name>x</Name></p></Roll>');
    expect(received.Roll).toEqual({ players: undefined, p: [{ Name: 'x', Number: 0 }] });
    expect(reply.text).toBe(
      monoReply('<RollResponse xmlns="urn:example:roster"><RollResult>-99</RollResult></RollResponse>'),
    );
  });

  it('writes an unwrapped out parameter as its items, and nothing for null', async () => {
    const parts = await soap('Split', '<Split xmlns="urn:example:roster"><text>a,b</text></Split>');
    expect(parts.text).toBe(
      monoReply('<SplitResponse xmlns="urn:example:roster"><part>a</part><part>b</part></SplitResponse>'),
    );
    const none = await soap('Split', '<Split xmlns="urn:example:roster"></Split>');
    expect(none.text).toBe(monoReply('<SplitResponse xmlns="urn:example:roster" />'));
  });
});

describe('the server, by HTTP GET and POST', () => {
  it('writes an unwrapped result as its C# type, httpType', async () => {
    const get = await send(port, `${PATH}/Team?size=2`, { method: 'GET' });
    expect(get.status).toBe(200);
    expect(get.text).toBe(TWO_PLAYERS);
    const empty = await send(port, `${PATH}/Team?size=0`, { method: 'GET' });
    expect(empty.text).toBe(
      `<?xml version="1.0" encoding="utf-8"?>\n<ArrayOfPlayer ${HTTP_XSD_XSI} xmlns="urn:example:roster" />`,
    );
    const post = await send(port, `${PATH}/Team`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'size=2',
    });
    expect(post.text).toBe(TWO_PLAYERS);
  });

  it('writes an [XmlArrayItem] result with the C# type’s item names', async () => {
    const reply = await send(port, `${PATH}/Bench?size=2`, { method: 'GET' });
    expect(reply.text).toBe(TWO_PLAYERS);
  });

  it('writes null items of an unwrapped result as the C# array does', async () => {
    const nil = await send(port, `${PATH}/NilOut`, { method: 'GET' });
    expect(nil.text).toBe(
      `<?xml version="1.0" encoding="utf-8"?>\n<ArrayOfString ${HTTP_XSD_XSI} xmlns="urn:example:roster">\n` +
        '  <string>a</string>\n  <string xsi:nil="true" />\n  <string>b</string>\n</ArrayOfString>',
    );
    const none = await send(port, `${PATH}/NullOut`, { method: 'GET' });
    expect(none.text).toBe(
      `<?xml version="1.0" encoding="utf-8"?>\n<ArrayOfString ${HTTP_XSD_XSI} xsi:nil="true" xmlns="urn:example:roster" />`,
    );
  });

  it('binds an unwrapped parameter as any array, its name repeated', async () => {
    const reply = await send(port, `${PATH}/Count?numbers=1&numbers=2`, { method: 'GET' });
    expect(received.Count).toEqual({ numbers: [1, 2] });
    expect(reply.text).toBe('<?xml version="1.0" encoding="utf-8"?>\n<int xmlns="urn:example:roster">2</int>');
  });
});

describe('the client', () => {
  /** A client whose SOAP request bodies are kept in `sent`. */
  function client(transport: 'soap11' | 'soap12' | 'httpGet' | 'httpPost' | 'json', sent: string[] = []) {
    return createServiceCaller(SERVICE, url, {
      transport,
      fetch: async (input, init) => {
        const body = init?.body;
        if (typeof body === 'string') sent.push(body);
        else if (body instanceof Uint8Array) sent.push(new TextDecoder().decode(body));
        return fetch(input, init);
      },
    });
  }

  it('reads an unwrapped result by every transport', async () => {
    for (const transport of ['soap11', 'soap12', 'httpGet', 'httpPost', 'json'] as const) {
      const call = client(transport);
      await expect(call('Team', { size: 2 }), transport).resolves.toEqual(team(2));
      await expect(call('Team', { size: 0 }), transport).resolves.toEqual([]);
      await expect(call('Bench', { size: 2 }), transport).resolves.toEqual(team(2));
    }
  });

  it('reads no item element as an empty array, and xsi:nil items as null', async () => {
    const call = client('soap11');
    await expect(call('NullOut')).resolves.toEqual([]);
    await expect(call('NilOut')).resolves.toEqual(['a', null, 'b']);
    await expect(call('SkipOut')).resolves.toEqual(['a', 'b']);
    await expect(call('Split', { text: 'a,b' })).resolves.toEqual({ part: ['a', 'b'] });
    await expect(call('Split', {})).resolves.toEqual({ part: [] });
  });

  it('sends an unwrapped parameter as its items in the request element, and none when undefined', async () => {
    const sent: string[] = [];
    const call = client('soap11', sent);
    await expect(call('Count', { numbers: [1, 2, 3] })).resolves.toBe(3);
    expect(sent.pop()).toContain(
      '<Count xmlns="urn:example:roster"><numbers>1</numbers><numbers>2</numbers><numbers>3</numbers></Count>',
    );
    await expect(call('Nils', { items: [null, 'a', '', undefined] })).resolves.toBe('3,nil,a,');
    expect(sent.pop()).toContain(
      '<Nils xmlns="urn:example:roster"><items xsi:nil="true" /><items>a</items><items /></Nils>',
    );
    // No item, or no array, is an empty request element, which the runtime reads as null.
    await expect(call('Count', {})).resolves.toBe(-1);
    expect(sent.pop()).toContain('<Count xmlns="urn:example:roster" />');
    await expect(call('Count', { numbers: [] })).resolves.toBe(-1);
    await expect(call('Echo', { name: ['x', 'y'] })).resolves.toEqual(['x', 'y']);
    await expect(call('Roll', { p: [{ Name: 'x', Number: 1 }] })).resolves.toBe(-99);
  });

  it('sends an unwrapped parameter over HTTP GET and POST as its name repeated', async () => {
    for (const transport of ['httpGet', 'httpPost'] as const) {
      await expect(client(transport)('Count', { numbers: [4, 5] }), transport).resolves.toBe(2);
      expect(received.Count).toEqual({ numbers: [4, 5] });
    }
  });

  it('names an HTTP field as C# names the parameter (field), whatever its element is called', async () => {
    const sent: string[] = [];
    await expect(client('httpPost', sent)('Echo', { name: ['x', 'y'] })).resolves.toEqual(['x', 'y']);
    expect(sent.pop()).toBe('names=x&names=y');
    expect(received.Echo).toEqual({ name: ['x', 'y'] });
    await expect(client('httpGet')('Echo', { name: ['z'] })).resolves.toEqual(['z']);
    const reply = await send(port, `${PATH}/Echo?name=a`, { method: 'GET' });
    expect(reply.status).toBe(500);
    expect(reply.text).toBe('Object reference not set to an instance of an object.\r\n');
  });

  it('sends and reads an unwrapped array as a JSON array', async () => {
    const sent: string[] = [];
    const call = client('json', sent);
    await expect(call('Count', { numbers: [1, 2] })).resolves.toBe(2);
    expect(sent.pop()).toBe('{"numbers":[1,2]}');
    // JSON names the parameter as C# does (`field`), not as its element.
    await expect(call('Echo', { name: ['a', 'b'] })).resolves.toEqual(['a', 'b']);
    expect(sent.pop()).toBe('{"names":["a","b"]}');
    const reply = await send(port, `${PATH}/Echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{"names":["a","b"]}',
    });
    expect(reply.text).toBe('{"d":["a","b"]}');
    const missing = await send(port, `${PATH}/Echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{"name":["a","b"]}',
    });
    expect(missing.status).toBe(500);
    // The element's name is no property: the parameter is missing (its message shown only to a local caller).
    expect(missing.text).toBe(
      '{"Message":"There was an error processing the request.","StackTrace":"","ExceptionType":""}',
    );
  });

  it('answers a ResponseFormat.Xml script method with the result as its C# type, httpType, and reads it', async () => {
    const reply = await send(port, `${PATH}/TeamXml`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{"size":1}',
    });
    expect(reply.text).toBe(
      `<?xml version="1.0" encoding="utf-8"?><ArrayOfPlayer ${HTTP_XSD_XSI}>` +
        '<Player><Name>p0</Name><Number>0</Number></Player></ArrayOfPlayer>',
    );
    await expect(client('json')('TeamXml', { size: 2 })).resolves.toEqual(team(2));
  });
});
