import { Buffer } from 'node:buffer';

/**
 * ASMX's `maxRequestLength` (4 MiB), the generated server's `maxRequestBytes`: the most of a request body the
 * proxy holds (to classify it, record it or send it to a candidate); a longer one is forwarded all the same.
 */
export const REQUEST_CAPTURE_LIMIT = 4 * 1024 * 1024;
/** The most of a reply body the proxy holds to record or compare it. */
export const REPLY_CAPTURE_LIMIT = 16 * 1024 * 1024;

/** A body's bytes, as far as they were kept. */
export interface CapturedBody {
  readonly bytes: Uint8Array;
  /** Its full length. */
  readonly size: number;
  /** More than the limit came: `bytes` holds the first `limit` bytes. */
  readonly truncated: boolean;
}

/** Keeps the chunks of a body that streams past, up to a limit. */
export class BodyCapture {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private size = 0;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): void {
    this.size += chunk.byteLength;
    if (this.kept >= this.limit) return;
    const part = this.kept + chunk.byteLength > this.limit ? chunk.subarray(0, this.limit - this.kept) : chunk;
    this.chunks.push(part);
    this.kept += part.byteLength;
  }

  get overLimit(): boolean {
    return this.size > this.limit;
  }

  result(): CapturedBody {
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.kept);
    return {
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      size: this.size,
      truncated: this.size > this.kept,
    };
  }
}
