/**
 * `multipart/form-data` bodies (busboy) into uploaded files: every part, in
 * order, file or not; a part without a filename (a plain form field) has
 * `filename: ''` and its value as UTF-8 bytes.
 */
import { Buffer } from 'node:buffer';
import busboy from 'busboy';

export interface UploadedFile {
  /** The part's form field name. */
  field: string;
  /** The part's file name (without any path); `''` for a part that is not a file. */
  filename: string;
  contentType: string;
  data: Uint8Array;
}

export class MultipartError extends Error {
  override readonly name = 'MultipartError';
}

/** Reads a whole multipart body; rejects with `MultipartError` when it is not one. */
export function readMultipart(body: Uint8Array, contentType: string): Promise<UploadedFile[]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        // The body is already read and bounded: no part is truncated.
        limits: { fieldNameSize: Infinity, fieldSize: Infinity, fileSize: Infinity },
      });
    } catch (error) {
      reject(new MultipartError(error instanceof Error ? error.message : 'Malformed multipart/form-data.'));
      return;
    }
    const parts: Promise<UploadedFile>[] = [];
    parser.on('file', (field, stream, info) => {
      parts.push(
        new Promise((done, failed) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', failed);
          stream.on('end', () =>
            done({
              field,
              filename: info.filename ?? '',
              contentType: info.mimeType,
              data: toBytes(Buffer.concat(chunks)),
            }),
          );
        }),
      );
    });
    parser.on('field', (field, value, info) => {
      parts.push(
        Promise.resolve({ field, filename: '', contentType: info.mimeType, data: toBytes(Buffer.from(value)) }),
      );
    });
    parser.on('error', (error: unknown) => {
      reject(new MultipartError(error instanceof Error ? error.message : 'Malformed multipart/form-data.'));
    });
    parser.on('close', () => {
      Promise.all(parts).then(resolve, (error: unknown) =>
        reject(new MultipartError(error instanceof Error ? error.message : 'Malformed multipart/form-data.')),
      );
    });
    parser.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  });
}

function toBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
