/**
 * Lingering close, as IIS and nginx (`lingering_close`) do it: a reply sent
 * before the request's body was read to its end (a body over the size limit,
 * a refused content type, a request the HTTP parser rejects) must still reach
 * a client that is sending. Closing the socket at once would make the kernel
 * answer the bytes still coming with a reset, which also discards the reply
 * the client has not read yet.
 *
 * So after such a reply nobody is handed the rest of the body: it is read
 * and dropped, never buffered, for at most `lingerTimeoutMs` and
 * `maxLingerBytes`. On a connection kept alive, that is Node's own draining
 * of the body, bounded: once the body has ended the connection serves the
 * next request. On a connection that closes after the reply, the socket is
 * half-closed (FIN after the reply, so the client knows the reply is whole)
 * and read until the client closes its side; then it is closed. A client
 * still sending at either bound is cut off.
 */
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

export interface LingerLimits {
  /** How long, from the early reply, what the client still sends is read and dropped. */
  readonly lingerTimeoutMs: number;
  /** How many bytes of it, at most. */
  readonly maxLingerBytes: number;
}

const LINGER = Symbol('asmxgen.linger');

type LingeringSocket = Socket & { [LINGER]?: Linger };

/**
 * A reply is being written while the request's body has not all arrived: bound what the client still sends.
 * Call before the reply is written.
 */
export function lingerAfterReply(req: IncomingMessage, limits: LingerLimits): void {
  const socket = req.socket as LingeringSocket | null;
  if (!(socket instanceof Socket) || socket.destroyed || socket[LINGER]) return;
  const linger = new Linger(socket, limits);
  socket[LINGER] = linger;
  // Node closes a connection after a reply with `destroySoon()`: a lingering close instead, while the body lasts.
  socket.destroySoon = lingeringClose;
  req.on('data', linger.count);
  req.once('end', linger.bodyEnded);
  req.resume();
}

/**
 * Closes lingering a socket whose request Node's HTTP parser refused (`clientError`), after writing `refusal`
 * (a whole reply) when given. A socket that can take no more is destroyed.
 */
export function closeLingering(socket: Socket, limits: LingerLimits, refusal?: Uint8Array): void {
  const lingering = socket as LingeringSocket;
  if (lingering[LINGER]?.closing) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  if (refusal) socket.write(refusal);
  const linger = lingering[LINGER] ?? new Linger(socket, limits);
  lingering[LINGER] = linger;
  linger.close();
}

/** The socket is closing lingering: no reply may be written on it any more. */
export function isClosingLingering(socket: Socket | null): boolean {
  return (socket as LingeringSocket | null)?.[LINGER]?.closing === true;
}

/** A reply was written on the socket before its request's body ended. */
export function isLingering(socket: Socket): boolean {
  return (socket as LingeringSocket)[LINGER] !== undefined;
}

function lingeringClose(this: LingeringSocket): void {
  const linger = this[LINGER];
  if (linger) linger.close();
  else Socket.prototype.destroySoon.call(this);
}

class Linger {
  private discarded = 0;
  private readonly timer: NodeJS.Timeout;
  /** Half-closed, reading only to drop what comes. */
  closing = false;

  constructor(
    private readonly socket: LingeringSocket,
    private readonly limits: LingerLimits,
  ) {
    this.timer = setTimeout(this.cutOff, limits.lingerTimeoutMs);
    this.timer.unref();
    socket.once('close', this.closed);
  }

  readonly count = (chunk: Buffer): void => {
    this.discarded += chunk.byteLength;
    if (this.discarded > this.limits.maxLingerBytes) this.cutOff();
  };

  /** The body ended within the bounds: the connection goes on as Node decides (the next request, or a close). */
  readonly bodyEnded = (): void => {
    if (this.closing) return;
    this.release();
  };

  /** Half-closes the socket after what is written, and drops what the client still sends until it closes its side. */
  close(): void {
    if (this.closing) return;
    this.closing = true;
    const socket = this.socket;
    // Node's HTTP parser reads no more: nothing of the rest reaches a request, nor is taken for the next one.
    socket.removeAllListeners('data');
    socket.removeAllListeners('end');
    // Adding a 'data' listener takes the socket back from the parser (which otherwise reads it natively).
    socket.on('data', this.count);
    socket.on('end', this.clientDone);
    socket.resume();
    // The parser may have stopped the socket's reads (a request it could not hand on yet); `resume()` restarts
    // only a stream it paused itself.
    socket._read(0);
    socket.end();
    if (socket.readableEnded) this.clientDone();
  }

  /** The client closed its side: close once the reply is flushed. */
  private readonly clientDone = (): void => {
    clearTimeout(this.timer);
    const socket = this.socket;
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };

  private readonly cutOff = (): void => {
    clearTimeout(this.timer);
    this.socket.destroy();
  };

  private readonly closed = (): void => {
    clearTimeout(this.timer);
  };

  private release(): void {
    clearTimeout(this.timer);
    const socket = this.socket;
    socket.off('close', this.closed);
    if (socket[LINGER] === this) delete socket[LINGER];
    if (Object.hasOwn(socket, 'destroySoon')) delete (socket as { destroySoon?: unknown }).destroySoon;
  }
}
