/**
 * The lock that serializes the calls of one session, by ASP.NET's `SessionStateModule`: a call of an
 * `enableSession` operation (a read-write session, `IRequiresSessionState`) that names an existing session takes
 * its exclusive lock before its handler runs and releases it once its changes are written; a second call of the
 * same session meanwhile waits, trying again every 500 ms (`LOCKED_ITEM_POLLING_INTERVAL`), and takes the lock
 * over when it is older than the lock timeout (ASP.NET's `executionTimeout`: the server's `handlerTimeoutMs`). So a
 * session's read-modify-write calls do not lose each other's writes.
 *
 * A waiting call is also woken at once when a call of this process releases the lock, so calls served by one
 * process follow each other without the polling delay; a lock released by another process (a shared Redis store)
 * is seen at the next try. A call that runs out of time while it waits stops waiting.
 */
import type { SessionStore } from './session-store.js';

/** SessionStateModule.LOCKED_ITEM_POLLING_INTERVAL: how often a waiting call tries the lock again. */
export const LOCK_POLL_MS = 500;

/** A call that no longer waits for the lock: its time ran out. */
export class SessionLockAbandoned extends Error {
  override readonly name = 'SessionLockAbandoned';
  constructor(id: string) {
    super(`The call stopped waiting for the lock of session ${id}: its time ran out.`);
  }
}

/** Per store, per session id: the wake-ups of the calls of this process waiting for its lock. */
const waiting = new WeakMap<SessionStore, Map<string, Set<() => void>>>();

/**
 * Waits for the lock of session `id` and takes it: its token, or `undefined` when the store has no locks.
 * `gaveUp` is asked after each wait: when it says so, the call stops waiting (`SessionLockAbandoned`).
 */
export async function lockSession(
  store: SessionStore,
  id: string,
  lockTimeoutMs: number,
  gaveUp: () => boolean,
  pollMs = LOCK_POLL_MS,
): Promise<string | undefined> {
  if (store.lock === undefined || store.unlock === undefined) return undefined;
  for (;;) {
    const token = await store.lock(id, lockTimeoutMs);
    if (token !== undefined) return token;
    await released(store, id, pollMs);
    if (gaveUp()) throw new SessionLockAbandoned(id);
  }
}

/** Releases the lock `token` holds, and wakes the calls of this process that wait for it. */
export async function unlockSession(store: SessionStore, id: string, token: string): Promise<void> {
  try {
    await store.unlock!(id, token);
  } finally {
    const wakes = waiting.get(store)?.get(id);
    if (wakes !== undefined) for (const wake of [...wakes]) wake();
  }
}

/** Resolves when the lock of `id` is released in this process, or after `pollMs`. */
function released(store: SessionStore, id: string, pollMs: number): Promise<void> {
  let ids = waiting.get(store);
  if (ids === undefined) waiting.set(store, (ids = new Map()));
  let wakes = ids.get(id);
  if (wakes === undefined) ids.set(id, (wakes = new Set()));
  const set = wakes;
  const map = ids;
  return new Promise((resolve) => {
    const wake = (): void => {
      clearTimeout(timer);
      set.delete(wake);
      if (set.size === 0 && map.get(id) === set) map.delete(id);
      resolve();
    };
    const timer = setTimeout(wake, pollMs);
    set.add(wake);
  });
}
