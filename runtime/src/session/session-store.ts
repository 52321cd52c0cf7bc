/**
 * Where session state lives between calls: the server keeps none of it itself. A session is a set of items, each a
 * key and the JSON text of its value, that expires `timeoutMs` after the last call that used it (a sliding
 * timeout): every operation that reads, writes or refreshes a session gives it `timeoutMs` more.
 *
 * The in-memory store (`memory-session-store.ts`) serves one process; the Redis store (`redis-session-store.ts`)
 * serves any number of processes and hosts that share it. Implement this interface for another one.
 *
 * A store with `lock` and `unlock` serializes the calls of one session, as ASP.NET does (`session-lock.ts`).
 */
export interface SessionStore {
  /** The JSON text of one item of session `id`, `undefined` when it has none (or no longer exists); refreshes it. */
  get(id: string, key: string, timeoutMs: number): Promise<string | undefined>;
  /**
   * Writes what one call changed, at once: each key to its JSON text, or removed (`undefined`); creates the
   * session when it does not exist, and refreshes it.
   */
  update(id: string, changes: ReadonlyMap<string, string | undefined>, timeoutMs: number): Promise<void>;
  /** Refreshes session `id` when it exists (a call that used it without reading or writing an item). */
  touch(id: string, timeoutMs: number): Promise<void>;
  /** Removes session `id` and its items (`abandon()`). */
  remove(id: string): Promise<void>;
  /**
   * Takes the lock of session `id` once, without waiting (ASP.NET's exclusive lock of a read-write session,
   * `GetItemExclusive`): resolves to a token of the lock when it was free, or held longer than `lockTimeoutMs` (the
   * holder's lock is then taken over, as ASP.NET releases a lock older than `executionTimeout`); `undefined` when
   * another call holds it. `session-lock.ts` waits for it. A store without `lock` serializes no calls.
   */
  lock?(id: string, lockTimeoutMs: number): Promise<string | undefined>;
  /** Releases the lock of session `id` that `token` names; nothing when it was taken over since. */
  unlock?(id: string, token: string): Promise<void>;
  /** Lets go of what the store holds open (a connection). */
  close?(): Promise<void>;
}
