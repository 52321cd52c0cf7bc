/**
 * Where session state lives between calls: the server keeps none of it itself. A session is a set of items, each a
 * key and the JSON text of its value, that expires `timeoutMs` after the last call that used it (a sliding
 * timeout): every operation that reads, writes or refreshes a session gives it `timeoutMs` more.
 *
 * The in-memory store (`memory-session-store.ts`) serves one process; the Redis store (`redis-session-store.ts`)
 * serves any number of processes and hosts that share it. Implement this interface for another one.
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
  /** Lets go of what the store holds open (a connection). */
  close?(): Promise<void>;
}
