/**
 * A reply as both transports (fetch, `node:http`) hand it to the readers:
 * status, content type, the whole body. The body's text preview that errors
 * keep is decoded only when an error asks for it: a successful call never
 * decodes it.
 */
import { parseContentType, type ContentType } from '../http/content-type.js';
import type { ReplySummary } from './errors.js';

export interface ReceivedReply extends ReplySummary {
  /** The `Content-Type`'s media type, lower case; `undefined` without a (valid) one. */
  readonly mediaType: string | undefined;
  readonly charset: string | undefined;
  readonly bytes: Uint8Array;
  /** The reply's `Set-Cookie` headers, each as sent (none where the transport cannot see them: browsers). */
  readonly setCookies: readonly string[];
}

const PREVIEW_BYTES = 1024;

/** A service answers every call with the same few content types: the last one parsed is kept. */
let lastHeader: string | undefined;
let lastParsed: ContentType | undefined;

function contentTypeOf(header: string | undefined): ContentType | undefined {
  if (header !== lastHeader || lastParsed === undefined) {
    lastParsed = parseContentType(header);
    lastHeader = header;
  }
  return lastParsed;
}

class Reply implements ReceivedReply {
  readonly mediaType: string | undefined;
  readonly charset: string | undefined;
  private preview: string | undefined;

  constructor(
    readonly status: number,
    readonly contentType: string | undefined,
    readonly bytes: Uint8Array,
    readonly setCookies: readonly string[],
  ) {
    const parsed = contentTypeOf(contentType);
    this.mediaType = parsed?.mediaType;
    this.charset = parsed?.charset;
  }

  /** The first KiB of the body, as text. */
  get body(): string {
    return (this.preview ??= previewOf(this.bytes, this.charset));
  }
}

export function receivedReply(
  status: number,
  contentType: string | undefined,
  bytes: Uint8Array,
  setCookies: readonly string[] = NO_COOKIES,
): ReceivedReply {
  return new Reply(status, contentType, bytes, setCookies);
}

const NO_COOKIES: readonly string[] = Object.freeze([]);

/** The first KiB of a body as text, in its charset (UTF-8 when it names none or an unknown one). */
function previewOf(bytes: Uint8Array, charset: string | undefined): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // `stream` holds back a character cut at the end of the slice.
  return decoder.decode(bytes.subarray(0, PREVIEW_BYTES), { stream: true });
}
