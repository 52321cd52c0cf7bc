/**
 * Base64 (RFC 4648, standard alphabet, padded) with the platform's `btoa`
 * and `atob`, which Node and browsers both have: no `node:buffer`, so the
 * client runs in browsers too. Decoding expects an already checked value.
 */

/** Bytes per `String.fromCharCode` call: well below any engine's argument limit. */
const CHUNK = 0x8000;

export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** @param text base64 without whitespace, checked against the alphabet and padding */
export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
