/**
 * Replays the 36 exchanges of `../shared/reference/transcripts/Library.json` (captured from Mono's ASMX runtime
 * serving `../shared/wsdl-corpus/Library.asmx`, read in place) against a server built from the hand-written
 * Library description and handlers that do what the C# does. Each reply must equal the recorded status,
 * content type and body byte for byte. A recorded reply carrying a stack trace is matched on its status, fault
 * code and first line only (the runtime never sends stack traces): the first line without the exception type
 * names (`System.InvalidOperationException: `), which .NET prints and the runtime does not, and with Mono's
 * unformatted `{0}` standing for the name .NET puts there.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ServiceDocuments } from '../../runtime/src/service-description.js';
import { createServiceFetchHandler } from '../../runtime/src/server.js';
import { sharedFile } from '../shared-files.js';
import { LIBRARY } from './fixtures/library-description.js';
import { libraryHandlers } from './fixtures/library-handlers.js';

interface Exchange {
  readonly name: string;
  readonly request: {
    readonly method: string;
    readonly path: string;
    readonly headers: Record<string, string>;
    readonly body?: string;
  };
  readonly response: { readonly status: number; readonly headers: Record<string, string>; readonly body: string };
}

const TRANSCRIPTS: readonly Exchange[] = JSON.parse(
  readFileSync(sharedFile('reference/transcripts/Library.json'), 'utf8'),
) as Exchange[];

const DOCUMENTS: ServiceDocuments = {
  wsdl: '',
  disco: '',
  helpPage: '',
  operationPages: {},
  methodNotFoundPage: '',
};

const handle = createServiceFetchHandler(LIBRARY, DOCUMENTS, libraryHandlers);

const STACK = /\n\s+at /;

/** A first line as compared: exception type names dropped. */
function firstLine(text: string): string {
  return text.split('\n')[0]!.replace(/System(?:\.\w+)*Exception: /g, '');
}

/** Mono's `{0}` as a wildcard. */
function pattern(line: string): RegExp {
  return new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{0\\\}/g, '\\S+')}$`);
}

function faultParts(body: string): { code: string; message: string } {
  const code = /<faultcode>([^<]*)<\/faultcode>|<soap:Value>([^<]*)<\/soap:Value>/.exec(body);
  const message = /<faultstring>([^<]*)|<soap:Text[^>]*>([^<]*)/.exec(body);
  return { code: code?.[1] ?? code?.[2] ?? '', message: firstLine(message?.[1] ?? message?.[2] ?? '') };
}

describe('Library transcripts (Mono ASMX)', () => {
  it('has all 36', () => {
    expect(TRANSCRIPTS).toHaveLength(36);
  });

  it.each(TRANSCRIPTS.map((t) => [t.name, t] as const))('%s', async (_, { request, response }) => {
    const reply = await handle(
      new Request(`http://localhost${request.path}`, {
        method: request.method,
        headers: request.headers,
        ...(request.method === 'GET' ? {} : { body: request.body ?? '' }),
      }),
    );
    const body = await reply.text();
    expect(reply.status).toBe(response.status);
    expect(reply.headers.get('content-type')).toBe(response.headers['Content-Type']);
    if (!STACK.test(response.body)) {
      expect(body).toBe(response.body);
      return;
    }
    expect(body).not.toMatch(STACK);
    if (response.headers['Content-Type']!.startsWith('text/plain')) {
      expect(body.endsWith('\r\n')).toBe(true);
      expect(firstLine(body.trimEnd())).toMatch(pattern(firstLine(response.body)));
      return;
    }
    const expected = faultParts(response.body);
    const actual = faultParts(body);
    expect(actual.code).toBe(expected.code);
    expect(actual.message).toMatch(pattern(expected.message));
  });
});
