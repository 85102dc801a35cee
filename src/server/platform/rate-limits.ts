import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The rate limiter's counters, kept in PostgreSQL (`rate_limits`) so that a limit holds across every
 * server process (docs/decisions/013-shared-rate-limits.md):
 *
 * - a route's own limit (`rateLimit` of an action: the sign-in steps, 10 to 20 a minute) counts each
 *   call in one UPSERT before the call runs: exact across processes, and those calls are rare;
 * - the general limit of every other call (RATE_LIMIT_PER_MINUTE) counts in memory and adds what it
 *   counted to the shared row in one batched statement at most every second, or as soon as a client
 *   has made a tenth of its limit since the last one, reading back what the other processes counted;
 *   a client that reaches that tenth while a sync is on its way waits for it (one round trip). A
 *   process so lets a client past the shared count by at most a tenth of the limit before it learns
 *   the count, so N processes allow at most `max × (1 + (N − 1) / 10)` in a window (one: exactly `max`).
 */

/** How often the general limit's counts go to the database while there are any. */
const SYNC_MS = 1_000;
/** The general limit syncs early once a client has made this share of its limit since the last sync. */
const SYNC_SHARE = 10;
/** Expired rows deleted per housekeeping round, and how often a process runs one. */
const CLEANUP_BATCH = 1_000;
const CLEANUP_MS = 60_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A key as stored: the column holds 300 characters. */
const stored = (key: string) => key.slice(0, 300);

/** One client's count of the general limit in this process, in the window the database gave it. */
interface Entry {
  /** Everyone's count as the database last said (this process's synced calls included). */
  base: number;
  /** Counted here and not yet sent. */
  pending: number;
  /** Sent, with no answer yet. */
  sending: number;
  /** When the window ends, on this process's clock. */
  resetAt: number;
}

export interface SharedRateLimits {
  /** The store class to give @fastify/rate-limit. */
  Store: FastifyRateLimitStoreCtor;
  /** Sends what is still counted here (tests use it instead of waiting for the timer). */
  sync(): Promise<void>;
  /** Deletes expired rows, a batch at a time (also run every minute by `start`). */
  cleanup(): Promise<void>;
  /** Starts the housekeeping timer. */
  start(): void;
  /** Stops the timers and waits for a sync under way; nothing is written after it. */
  close(): Promise<void>;
}

/**
 * Adds hits to keys' shared counts: a key whose window has passed starts a new one of `ms`. Answers
 * every key's count and the time left in its window, as all processes have counted them.
 */
async function addHits(db: Db, rows: { key: string; hits: number; ms: number }[]) {
  const json = JSON.stringify(rows.map(({ key, hits, ms }) => ({ key: stored(key), hits, ms })));
  const result = await db.execute(sql`
    insert into rate_limits (key, hits, reset_at)
    select key, hits, now() + ms * interval '1 millisecond' from json_to_recordset(${json}::json) as x(key text, hits int, ms int)
    on conflict (key) do update set
      hits = case when rate_limits.reset_at <= now() then excluded.hits else least(rate_limits.hits + excluded.hits, 1000000000) end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning key, hits, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl`);
  return new Map(
    rowsOf<{ key: string; hits: number; ttl: number }>(result).map((row) => [
      row.key,
      { hits: Number(row.hits), ttl: Number(row.ttl) },
    ]),
  );
}

export function sharedRateLimits(db: Db, log: FastifyBaseLogger): SharedRateLimits {
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;
  let housekeeping: NodeJS.Timeout | undefined;
  let syncing: Promise<void> | undefined;
  let cleaning: Promise<void> | undefined;
  let again = false;
  let closed = false;
  /** After a failed sync, until then nobody waits for one: the process counts on its own. */
  let unsyncedUntil = 0;
  /** Calls of busy clients waiting for the sync under way, decided on what it reads back. */
  let waiting: (() => void)[] = [];

  /** A sync now (`0`) or within `delay` ms; one timer at a time. */
  function schedule(delay: number) {
    if (closed) return;
    if (syncing) {
      // A sync under way runs again when it ends if more was counted meanwhile.
      if (delay === 0) again = true;
      return;
    }
    if (delay === 0) {
      if (timer) clearTimeout(timer);
      timer = undefined;
      void flush();
      return;
    }
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delay);
    timer.unref();
  }

  async function flush(): Promise<void> {
    if (syncing) {
      again = true;
      return syncing;
    }
    const now = Date.now();
    const batch: { key: string; hits: number; ms: number; entry: Entry }[] = [];
    for (const [key, entry] of entries) {
      if (entry.resetAt <= now) {
        if (!entry.sending) entries.delete(key);
      } else if (entry.pending > 0) {
        batch.push({ key, hits: entry.pending, ms: entry.resetAt - now, entry });
        entry.sending += entry.pending;
        entry.pending = 0;
      }
    }
    if (!batch.length || closed) return;
    syncing = (async () => {
      try {
        const answered = await addHits(db, batch);
        const at = Date.now();
        for (const { key, hits, entry } of batch) {
          entry.sending -= hits;
          const row = answered.get(stored(key));
          if (!row || entries.get(key) !== entry) continue;
          // Everyone's count, and the window every process shares.
          entry.base = row.hits;
          entry.resetAt = at + row.ttl;
        }
      } catch (error) {
        // Kept for the next sync; meanwhile this process still counts on its own.
        for (const { hits, entry } of batch) {
          entry.sending -= hits;
          entry.pending += hits;
        }
        unsyncedUntil = Date.now() + SYNC_MS;
        if (!closed) log.warn({ err: error }, 'rate limits could not be synced');
      } finally {
        syncing = undefined;
      }
      const woken = waiting;
      waiting = [];
      for (const decide of woken) decide();
      if (syncing) return;
      if (again && Date.now() >= unsyncedUntil) {
        again = false;
        schedule(0);
      } else if (again || [...entries.values()].some((e) => e.pending > 0)) {
        again = false;
        schedule(SYNC_MS);
      }
    })();
    return syncing;
  }

  /** The general limit: counted here, synced in batches. */
  class GeneralStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      const now = Date.now();
      const name = `all:${key}`;
      let entry = entries.get(name);
      if (!entry || entry.resetAt <= now) {
        entry = { base: 0, pending: 0, sending: 0, resetAt: now + timeWindow };
        entries.set(name, entry);
      }
      const share = Math.max(1, Math.floor(max / SYNC_SHARE));
      const current = entry.base + entry.sending + entry.pending + 1;
      // A call over the limit is refused here and need not be told to the others: what this process let
      // through already brought the shared count to the limit, or will at the next sync.
      if (current <= max) {
        // A client that made a tenth of its limit here since the database last answered waits for the
        // sync under way (one round trip), so no process lets more than that past the shared count.
        if (syncing && entry.pending + entry.sending >= share && !closed && now >= unsyncedUntil) {
          waiting.push(() => this.incr(key, callback, timeWindow, max));
          return;
        }
        entry.pending += 1;
        schedule(entry.pending >= share ? 0 : SYNC_MS);
      }
      callback(null, { current, ttl: Math.max(0, entry.resetAt - now) });
    }

    /** A route with its own limit; the plugin passes the route's merged options, `routeInfo` among them. */
    child(routeOptions: unknown): FastifyRateLimitStore {
      // `/api/actions/x` and its `.php` alias share one count.
      const url = (routeOptions as { routeInfo?: { url?: string } }).routeInfo?.url;
      const route = (url ?? 'custom').replace(/\.php$/, '');
      return new RouteStore(route);
    }
  }

  /** A route's own limit: every call counted in the database before it runs. */
  class RouteStore implements FastifyRateLimitStore {
    constructor(private readonly route: string) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const name = `${this.route}:${key}`;
      addHits(db, [{ key: name, hits: 1, ms: timeWindow }]).then(
        (answered) => {
          const row = answered.get(stored(name))!;
          callback(null, { current: row.hits, ttl: row.ttl });
        },
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }

  async function cleanup() {
    // Bounded work: a batch of rows past their window (the limiter's), and sign-in throttles with no
    // failure for a day and no wait left. Rows another call holds are left for the next round.
    await db.execute(sql`
      delete from rate_limits where key in (
        select key from rate_limits where reset_at < now() order by reset_at limit ${CLEANUP_BATCH} for update skip locked)`);
    await db.execute(sql`
      delete from signin_throttles where key in (
        select key from signin_throttles
        where (blocked_until is null or blocked_until < now())
          and (failures = 0 or last_failure_at < now() - interval '1 day')
          and (notified_at is null or notified_at < now() - interval '1 hour')
        limit ${CLEANUP_BATCH} for update skip locked)`);
  }

  return {
    Store: GeneralStore as unknown as FastifyRateLimitStoreCtor,
    async sync() {
      while (syncing) await syncing;
      await flush();
    },
    cleanup,
    start() {
      housekeeping = setInterval(() => {
        if (cleaning) return;
        cleaning = cleanup()
          .catch((error: unknown) => {
            if (!closed) log.warn({ err: error }, 'expired rate limits could not be deleted');
          })
          .finally(() => {
            cleaning = undefined;
          });
      }, CLEANUP_MS);
      housekeeping.unref();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (housekeeping) clearInterval(housekeeping);
      await Promise.all([syncing, cleaning]);
      const woken = waiting;
      waiting = [];
      for (const decide of woken) decide();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limiter's shared counters (tests sync them instead of waiting). */
    rateLimits: SharedRateLimits;
  }
}
