/**
 * `ctx.session` of an `enableSession` operation (`[WebMethod(EnableSession = true)]`), by ASP.NET's rules
 * (SessionStateModule, SessionIDManager):
 *
 * - the session is the one the request's `ASP.NET_SessionId` cookie names; without a legitimate one, the call
 *   starts a new session, whose id is handed to the client (`Set-Cookie`) only if the call writes to it: a new
 *   session nothing was stored in is not kept, and the next call starts another;
 * - reads go to the store (`get` refreshes the session's timeout); writes are kept with the call and written
 *   together when the handler returns, none when it throws (ASP.NET saves the session only when the request had no
 *   error), so the cookie goes with the reply that stored the session;
 * - a call that used a session it did not read nor write still refreshes it (ASP.NET resets the timeout of the
 *   session of every call that takes part in it);
 * - `abandon()` removes the session when the call ends, whatever its outcome; the client keeps its cookie, and
 *   its next call starts a new, empty session under the same id (as ASP.NET's cookie mode does);
 * - the calls of one session follow each other: a call naming a session holds its lock from before its handler
 *   runs until its changes are written, and another call of the session waits for it (`session-lock.ts`).
 */
import type { SessionStore } from './session-store.js';
import { createSessionId, requestSessionId, sessionCookie } from './session-id.js';
import { lockSession, unlockSession } from './session-lock.js';
import type { RequestHeaders } from '../server/incoming-call.js';

/** `ctx.session`: the ASP.NET session of the call (`HttpContext.Session`). Values are JSON. */
export interface Session {
  /**
   * The session's id (`Session.SessionID`): the cookie's, or the one made for a new session (sent to the client
   * only when the call writes to the session).
   */
  readonly id: string;
  /** The call started the session: the request carried no legitimate session cookie, so `id` was made for it. */
  readonly isNew: boolean;
  /** The value stored under `key` (a copy: change it and `set` it again), `undefined` when there is none. */
  get<T = unknown>(key: string): Promise<T | undefined>;
  /**
   * Stores `value` under `key` when the call's handler returns. `value` must be JSON-serializable (a `TypeError`
   * otherwise); it is stored as `JSON.stringify` writes it (a `Date` becomes its ISO string).
   */
  set(key: string, value: unknown): Promise<void>;
  /** Removes `key` when the call's handler returns. */
  delete(key: string): Promise<void>;
  /** Ends the session when the call ends (`Session.Abandon()`): its items are gone for every later call. */
  abandon(): Promise<void>;
}

/** What serves the sessions of a server: its store and timeout. */
export interface SessionSettings {
  readonly store: SessionStore;
  readonly timeoutMs: number;
  /** A session's lock older than this is taken over (ASP.NET's `executionTimeout`). Default: never. */
  readonly lockTimeoutMs?: number;
}

export class CallSession implements Session {
  private readonly cookieId: string | undefined;
  private newId: string | undefined;
  /** Keys written by the call: their JSON text, or `undefined` for removed. */
  private readonly changes = new Map<string, string | undefined>();
  /** The store has refreshed the session during the call. */
  private refreshed = false;
  private abandoned = false;
  /** The token of the session's lock, while the call holds it. */
  private lockToken: string | undefined;

  constructor(
    private readonly settings: SessionSettings,
    headers: RequestHeaders,
    /** Adds the `Set-Cookie` header to the call's reply. */
    private readonly addSetCookie: (value: string) => void,
  ) {
    this.cookieId = requestSessionId(headers);
  }

  get id(): string {
    return this.cookieId ?? (this.newId ??= createSessionId());
  }

  get isNew(): boolean {
    return this.cookieId === undefined;
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    checkKey(key);
    let text: string | undefined;
    if (this.changes.has(key)) text = this.changes.get(key);
    else if (this.cookieId !== undefined) {
      text = await this.settings.store.get(this.cookieId, key, this.settings.timeoutMs);
      this.refreshed = true;
    }
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  async set(key: string, value: unknown): Promise<void> {
    checkKey(key);
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch (error) {
      throw new TypeError(`ctx.session.set: the value of ${key} is not JSON-serializable (${messageOf(error)}).`);
    }
    if (text === undefined) throw new TypeError(`ctx.session.set: the value of ${key} is not JSON-serializable.`);
    this.changes.set(key, text);
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    this.changes.set(key, undefined);
  }

  abandon(): Promise<void> {
    this.abandoned = true;
    return Promise.resolve();
  }

  /**
   * Before the handler: waits for the lock of the session the request names and takes it (a new session needs
   * none). `gaveUp` says when the call no longer waits (its time ran out).
   */
  async begin(gaveUp: () => boolean): Promise<void> {
    if (this.cookieId === undefined) return;
    const { store, lockTimeoutMs } = this.settings;
    this.lockToken = await lockSession(store, this.cookieId, lockTimeoutMs ?? Infinity, gaveUp);
  }

  /**
   * After the handler, then releases the session's lock: removes an abandoned session; when the handler returned (`succeeded`), writes the call's
   * changes (and hands a new session's id to the client); otherwise refreshes the session.
   */
  async end(succeeded: boolean): Promise<void> {
    try {
      await this.save(succeeded);
    } finally {
      const token = this.lockToken;
      this.lockToken = undefined;
      if (token !== undefined) await unlockSession(this.settings.store, this.cookieId!, token);
    }
  }

  private async save(succeeded: boolean): Promise<void> {
    const { store, timeoutMs } = this.settings;
    if (this.abandoned) {
      if (this.cookieId !== undefined) await store.remove(this.cookieId);
      return;
    }
    if (succeeded && this.changes.size > 0) {
      const id = this.id;
      await store.update(id, this.changes, timeoutMs);
      if (this.cookieId === undefined) this.addSetCookie(sessionCookie(id));
      return;
    }
    if (this.cookieId !== undefined && !this.refreshed) await store.touch(this.cookieId, timeoutMs);
  }
}

function checkKey(key: string): void {
  if (typeof key !== 'string') throw new TypeError('ctx.session: a key is a string.');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
