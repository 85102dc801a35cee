import pg from 'pg';
import type { Database, Db } from '../db/client';

/** The channel the triggers of drizzle/0005 notify when something a session depends on changes. */
const SESSIONS_CHANNEL = 'forecourt_sessions';

interface Entry<T> {
  value: T;
  until: number;
}

/**
 * Sessions this process has read, kept for a few seconds: every call needs its session, and on a
 * busy list a round trip to PostgreSQL for it costs more than the rest of the call. Whatever could
 * change a session (signing out, a lock, a password, flags, a job code, a photo) clears it: this
 * process after every change it commits (app.ts), every process on the NOTIFY that the triggers on
 * those tables send. Nothing is kept while the listening connection is down.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Bumped on every clear, so a read that started before a change cannot store what it read. */
  private generation = 0;
  listening = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(id: string): T | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.until > Date.now() && this.listening) return entry.value;
    this.entries.delete(id);
    return undefined;
  }

  /** A read in progress: `store` keeps its result only if nothing changed meanwhile. */
  begin(): number {
    return this.generation;
  }

  store(id: string, value: T, generation: number) {
    if (!this.listening || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { value, until: Date.now() + this.ttlMs });
  }

  forget(id: string) {
    this.entries.delete(id);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}

const caches = new WeakMap<Db, SessionCache<unknown>>();

export function sessionCacheOf<T>(db: Db): SessionCache<T> | undefined {
  return caches.get(db) as SessionCache<T> | undefined;
}

/** Clears the sessions a database's cache holds (after this process commits a change). */
export function forgetSessions(db: Db) {
  caches.get(db)?.clear();
}

/**
 * Starts the cache for a database and listens for the triggers' notifications. Returns the stop
 * function for the app's close. With `ttlSeconds` 0 nothing is cached.
 */
export async function watchSessions(database: Database, ttlSeconds: number): Promise<() => Promise<void>> {
  if (ttlSeconds <= 0) return async () => undefined;
  const cache = new SessionCache<unknown>(ttlSeconds * 1000);
  caches.set(database.db, cache);
  const changed = () => cache.clear();

  if (database.pglite) {
    const unlisten = await database.pglite.listen(SESSIONS_CHANNEL, changed);
    cache.listening = true;
    return async () => {
      cache.listening = false;
      await unlisten();
    };
  }

  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client(database.pool!.options);
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      cache.listening = false;
      cache.clear();
      if (!stopped) retry = setTimeout(() => void connect().catch(lost), 1_000);
    };
    next.on('error', lost);
    next.on('notification', changed);
    try {
      await next.connect();
      await next.query(`listen ${SESSIONS_CHANNEL}`);
    } catch {
      await next.end().catch(() => undefined);
      lost();
      return;
    }
    next.once('end', () => {
      if (!stopped) lost();
    });
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    cache.clear();
    cache.listening = true;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    cache.listening = false;
    await client?.end().catch(() => undefined);
  };
}
