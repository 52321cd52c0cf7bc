/**
 * Sessions in this process's memory (the default store; ASP.NET's InProc mode): lost on restart, and not seen by
 * another process or host, so `serve --workers N` and several instances need a shared store (Redis).
 *
 * No timer per session: a session past its time is treated as gone when looked up, and is dropped when a later
 * operation of the store finds it at the front of the map. The map is kept in order of last use (a used session
 * is moved to the end), so with one timeout the expired sessions are at its front, and each operation drops them
 * there in time proportional to how many there are.
 */
import type { SessionStore } from './session-store.js';

interface HeldLock {
  readonly token: string;
  readonly expiresAt: number;
}

interface StoredSession {
  readonly items: Map<string, string>;
  expiresAt: number;
}

export function memorySessionStore(options: { readonly now?: () => number } = {}): SessionStore {
  return new MemorySessionStore(options.now ?? Date.now);
}

class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, StoredSession>();
  /** The locks held, by session id (a lock exists while a call of its session runs). */
  private readonly locks = new Map<string, HeldLock>();
  private lastToken = 0;

  constructor(private readonly now: () => number) {}

  get(id: string, key: string, timeoutMs: number): Promise<string | undefined> {
    const session = this.use(id, timeoutMs);
    return Promise.resolve(session?.items.get(key));
  }

  update(id: string, changes: ReadonlyMap<string, string | undefined>, timeoutMs: number): Promise<void> {
    const session = this.use(id, timeoutMs) ?? this.create(id, timeoutMs);
    for (const [key, text] of changes) {
      if (text === undefined) session.items.delete(key);
      else session.items.set(key, text);
    }
    return Promise.resolve();
  }

  touch(id: string, timeoutMs: number): Promise<void> {
    this.use(id, timeoutMs);
    return Promise.resolve();
  }

  lock(id: string, lockTimeoutMs: number): Promise<string | undefined> {
    const now = this.now();
    const held = this.locks.get(id);
    if (held !== undefined && held.expiresAt > now) return Promise.resolve(undefined);
    const token = String(++this.lastToken);
    this.locks.set(id, { token, expiresAt: now + lockTimeoutMs });
    return Promise.resolve(token);
  }

  unlock(id: string, token: string): Promise<void> {
    if (this.locks.get(id)?.token === token) this.locks.delete(id);
    return Promise.resolve();
  }

  remove(id: string): Promise<void> {
    this.sessions.delete(id);
    this.sweep();
    return Promise.resolve();
  }

  /** The live session `id`, refreshed and moved to the end; `undefined` when there is none. */
  private use(id: string, timeoutMs: number): StoredSession | undefined {
    const now = this.now();
    this.sweep(now);
    const session = this.sessions.get(id);
    if (session === undefined) return undefined;
    this.sessions.delete(id);
    if (session.expiresAt <= now) return undefined;
    session.expiresAt = now + timeoutMs;
    this.sessions.set(id, session);
    return session;
  }

  private create(id: string, timeoutMs: number): StoredSession {
    const session: StoredSession = { items: new Map(), expiresAt: this.now() + timeoutMs };
    this.sessions.set(id, session);
    return session;
  }

  /** Drops the expired sessions at the front of the map. */
  private sweep(now = this.now()): void {
    for (const [id, session] of this.sessions) {
      if (session.expiresAt > now) return;
      this.sessions.delete(id);
    }
  }
}
