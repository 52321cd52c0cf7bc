/**
 * Sessions in Redis (`serve --session-store redis://host:port`, `redisSessionStore(url)`), for several processes or
 * hosts serving one service: each session is a hash (`asmxgen:session:<id>`, one field per item, its JSON text)
 * whose time to live is the session timeout, set again by every operation that uses it. A call's changes are
 * written at once (one `MULTI`), after its handler returned. A session's lock (`session-lock.ts`) is the key
 * `<prefix><id>:lock`, set only when absent, expiring after the lock timeout, deleted by its holder alone.
 *
 * The client (ioredis) is loaded and connected on the first operation, so a server that never uses a session
 * never loads it. When Redis cannot be reached, operations fail after `connectTimeoutMs`: the call is answered
 * as a handler error.
 */
import { randomBytes } from 'node:crypto';
import type { SessionStore } from './session-store.js';

export interface RedisSessionStoreOptions {
  /** Prefix of the session keys. Default `asmxgen:session:`. */
  readonly keyPrefix?: string;
  /** How long an operation waits for a connection to Redis before it fails. Default 5 s. */
  readonly connectTimeoutMs?: number;
}

/** The subset of ioredis's client this store uses. */
interface RedisClient {
  multi(): RedisTransaction;
  pexpire(key: string, ms: number): Promise<number>;
  set(key: string, value: string, px: 'PX', ms: number, nx: 'NX'): Promise<'OK' | null>;
  eval(script: string, keys: number, ...args: string[]): Promise<unknown>;
  del(key: string): Promise<number>;
  quit(): Promise<unknown>;
  disconnect(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
}
interface RedisTransaction {
  hget(key: string, field: string): RedisTransaction;
  hset(key: string, values: Record<string, string>): RedisTransaction;
  hdel(key: string, ...fields: string[]): RedisTransaction;
  pexpire(key: string, ms: number): RedisTransaction;
  exec(): Promise<[error: Error | null, result: unknown][] | null>;
}

/** A Redis session store at `url` (`redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS). */
export function redisSessionStore(url: string, options: RedisSessionStoreOptions = {}): SessionStore {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:'))
    throw new TypeError(`A Redis session store needs a redis:// or rediss:// URL, not ${JSON.stringify(url)}.`);
  const where = `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  return new RedisSessionStore(url, where, options.keyPrefix ?? 'asmxgen:session:', options.connectTimeoutMs ?? 5000);
}

class RedisSessionStore implements SessionStore {
  private client: Promise<RedisClient> | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    /** The URL without its credentials, for messages. */
    private readonly where: string,
    private readonly prefix: string,
    private readonly connectTimeoutMs: number,
  ) {}

  get(id: string, key: string, timeoutMs: number): Promise<string | undefined> {
    const name = this.prefix + id;
    return this.attempt(async (client) => {
      const replies = await run(client.multi().hget(name, key).pexpire(name, ms(timeoutMs)));
      const value = replies[0];
      return typeof value === 'string' ? value : undefined;
    });
  }

  update(id: string, changes: ReadonlyMap<string, string | undefined>, timeoutMs: number): Promise<void> {
    return this.attempt((client) => this.write(client, id, changes, timeoutMs));
  }

  private async write(
    client: RedisClient,
    id: string,
    changes: ReadonlyMap<string, string | undefined>,
    timeoutMs: number,
  ): Promise<void> {
    const key = this.prefix + id;
    const written: Record<string, string> = {};
    const removed: string[] = [];
    for (const [field, text] of changes) {
      if (text === undefined) removed.push(field);
      else written[field] = text;
    }
    let transaction = client.multi();
    if (removed.length > 0) transaction = transaction.hdel(key, ...removed);
    if (Object.keys(written).length > 0) transaction = transaction.hset(key, written);
    await run(transaction.pexpire(key, ms(timeoutMs)));
  }

  touch(id: string, timeoutMs: number): Promise<void> {
    return this.attempt(async (client) => {
      await client.pexpire(this.prefix + id, ms(timeoutMs));
    });
  }

  /** The lock is a key beside the session's (`<prefix><id>:lock`), holding its token, that expires by itself. */
  lock(id: string, lockTimeoutMs: number): Promise<string | undefined> {
    const token = randomBytes(16).toString('hex');
    return this.attempt(async (client) => {
      const taken = await client.set(`${this.prefix}${id}:lock`, token, 'PX', ms(lockTimeoutMs), 'NX');
      return taken === 'OK' ? token : undefined;
    });
  }

  unlock(id: string, token: string): Promise<void> {
    return this.attempt(async (client) => {
      await client.eval(UNLOCK, 1, `${this.prefix}${id}:lock`, token);
    });
  }

  remove(id: string): Promise<void> {
    return this.attempt(async (client) => {
      await client.del(this.prefix + id);
    });
  }

  /** `operation` on the client; its failure says which store failed (the URL without credentials). */
  private async attempt<T>(operation: (client: RedisClient) => Promise<T>): Promise<T> {
    try {
      return await operation(await this.connect());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`The Redis session store at ${this.where} failed: ${message}`, { cause: error });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const pending = this.client;
    this.client = undefined;
    if (pending === undefined) return;
    const client = await pending.catch(() => undefined);
    if (client === undefined) return;
    await client.quit().catch(() => client.disconnect());
  }

  private connect(): Promise<RedisClient> {
    if (this.closed) return Promise.reject(new Error('The Redis session store is closed.'));
    this.client ??= this.open();
    return this.client;
  }

  private async open(): Promise<RedisClient> {
    let module: { Redis?: unknown; default?: unknown };
    try {
      // By a name in a variable: a copy of the runtime (`--runtime vendor`) compiles without ioredis installed.
      module = (await import(IOREDIS)) as { Redis?: unknown; default?: unknown };
    } catch {
      this.client = undefined;
      throw new Error('The Redis session store needs the ioredis package: npm install ioredis.');
    }
    const Redis = (module.Redis ?? module.default) as new (url: string, options: object) => RedisClient;
    const client = new Redis(this.url, {
      connectTimeout: this.connectTimeoutMs,
      // A call waits for Redis this long at most (ASP.NET's state providers fail the request likewise).
      maxRetriesPerRequest: 1,
    });
    // Connection errors reach the operations that wait on them; the client reconnects by itself.
    client.on('error', ignore);
    return client;
  }
}

const IOREDIS: string = 'ioredis';

/** Deletes the lock key only while it holds the token: a lock taken over since is left to its new holder. */
const UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

function ignore(): void {}

/** The replies of a transaction, or its first error. */
async function run(transaction: RedisTransaction): Promise<unknown[]> {
  const replies = await transaction.exec();
  if (replies === null) throw new Error('A Redis transaction of the session store was aborted.');
  return replies.map(([error, result]) => {
    if (error) throw error;
    return result;
  });
}

/** A whole number of milliseconds Redis takes as a time to live. */
function ms(timeoutMs: number): number {
  return Math.max(1, Math.ceil(timeoutMs));
}
