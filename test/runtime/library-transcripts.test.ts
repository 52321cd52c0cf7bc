/**
 * Replays the 36 exchanges of `../shared/reference/transcripts/Library.json` (captured from Mono's ASMX runtime
 * serving `../shared/wsdl-corpus/Library.asmx`, read in place) against a server built from the hand-written
 * Library description and handlers that do what the C# does. Each reply must equal the recorded status,
 * content type and body byte for byte; a recorded reply carrying a stack trace is matched as
 * `asmx-reply-match.ts` says.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ServiceDocuments } from '../../runtime/src/service-description.js';
import { createServiceFetchHandler } from '../../runtime/src/server.js';
import { sharedFile } from '../shared-files.js';
import { expectSameReply } from './asmx-reply-match.js';
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
    expectSameReply(
      { status: reply.status, contentType: reply.headers.get('content-type'), body: await reply.text() },
      { status: response.status, contentType: response.headers['Content-Type'], body: response.body },
    );
  });
});
