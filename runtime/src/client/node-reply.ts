/**
 * What the Node transports (`node-transport.ts`, `undici-transport.ts`)
 * share: loading a module only when it is needed, and a reply body read
 * whole and, when the caller asked for a compressed one, inflated as fetch
 * would.
 */

/** Longest delay `setTimeout` takes (larger ones fire at once): longer limits need no timer. */
export const MAX_TIMER_MS = 2_147_483_647;

interface NodeZlibModule {
  gunzipSync(bytes: Uint8Array): Uint8Array;
  inflateSync(bytes: Uint8Array): Uint8Array;
  inflateRawSync(bytes: Uint8Array): Uint8Array;
  brotliDecompressSync(bytes: Uint8Array): Uint8Array;
}

/**
 * Imports a module (a built-in, or undici) where the runtime has it; bundlers leave a specifier that is not a
 * literal alone, so nothing of it reaches a browser bundle.
 */
export function importModule<T>(specifier: string): Promise<T> {
  return import(/* webpackIgnore: true */ /* @vite-ignore */ specifier) as Promise<T>;
}

export function headerValue(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' || value === undefined ? value : value.join(', ');
}

export function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Undoes the `Content-Encoding` codings fetch undoes (gzip, deflate, br), last applied first; a body in a
 * coding it does not know is left as it came.
 */
export async function decode(bytes: Uint8Array, header: string): Promise<Uint8Array> {
  const codings = header
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
  if (bytes.byteLength === 0 || !codings.every((c) => ['gzip', 'x-gzip', 'deflate', 'br'].includes(c))) return bytes;
  const zlib = await importModule<NodeZlibModule>('node:zlib');
  for (const coding of codings) {
    if (coding === 'br') bytes = zlib.brotliDecompressSync(bytes);
    else if (coding === 'deflate') {
      // As fetch: a zlib stream, or (what some servers send) a raw deflate one.
      bytes = (bytes[0]! & 0x0f) === 0x08 ? zlib.inflateSync(bytes) : zlib.inflateRawSync(bytes);
    } else bytes = zlib.gunzipSync(bytes);
  }
  return bytes;
}
