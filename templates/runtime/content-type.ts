/**
 * `Content-Type` header values (WHATWG MIME type parsing, `node:util`'s
 * MIMEType): the media type in lower case and the parameters SOAP uses.
 */
import { MIMEType } from 'node:util';

export interface ContentType {
  /** Type and subtype, lower case: `text/xml`. */
  readonly mediaType: string;
  readonly charset: string | undefined;
  /** SOAP 1.2's `action` parameter, unquoted. */
  readonly action: string | undefined;
}

/** `undefined` for a missing or unparsable value. */
export function parseContentType(header: string | undefined): ContentType | undefined {
  if (header === undefined) return undefined;
  try {
    const type = new MIMEType(header);
    return {
      mediaType: type.essence,
      charset: type.params.get('charset') ?? undefined,
      action: type.params.get('action') ?? undefined,
    };
  } catch {
    return undefined;
  }
}
