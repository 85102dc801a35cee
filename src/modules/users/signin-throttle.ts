import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { normalizeIP } from '@fastify/rate-limit';
import type { Db } from '../../server/db/client';
import { AppError } from '../../server/platform/errors';
import { signinThrottles } from '../../server/platform/platform.db';

/**
 * Failed sign-ins slow down further attempts instead of locking the account (which let anyone lock
 * anyone out). Failures are counted per account and per client address in `signin_throttles`,
 * shared by every server process:
 *
 * - an account allows 5 failures, an address 20 (an office behind one address shares it); each
 *   further failure makes its key wait, 1 s after the first, doubling up to 15 minutes;
 * - while a key waits, the sign-in steps answer 429 with Retry-After and check nothing, so guessing
 *   gains nothing; a completed sign-in clears the account's count, a day without failures forgets it;
 * - a login that matches no account is counted under its name, so an account that does not exist
 *   is slowed down exactly like one that does.
 */
const FREE_FAILURES = { account: 5, address: 20 } as const;
const FIRST_WAIT_MS = 1_000;
const MAX_WAIT_MS = 15 * 60_000;
/** Failures older than this are forgotten. */
const FORGET_AFTER_MS = 24 * 3_600_000;
/** The account's owner is emailed at this many failures in a row, at most once an hour. */
const NOTIFY_AT = 10;
const NOTIFY_EVERY_MS = 3_600_000;

export const accountKey = (userId: number) => `account:${userId}`;
/** A login that matches no account; a long one by its hash, as the key holds 120 characters. */
export function loginKey(login: string): string {
  const name = login.toLowerCase();
  return name.length <= 100
    ? `account:name:${name}`
    : `account:name:#${createHash('sha256').update(name).digest('hex')}`;
}
/** The client's address; an IPv6 client by its /64, which one machine usually has whole. */
export const addressKey = (ip: string) => `address:${normalizeIP(ip)}`;

/** How long a key waits after its `failures`-th failure in a row. */
function waitAfter(key: string, failures: number): number {
  const over = failures - (key.startsWith('address:') ? FREE_FAILURES.address : FREE_FAILURES.account);
  if (over <= 0) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(over - 1, 30));
}

type Row = typeof signinThrottles.$inferSelect;

/** The throttle rows of one sign-in attempt, held (row-locked) until its transaction ends. */
export interface Held {
  rows: Row[];
  now: Date;
}

/**
 * Reads the keys' rows, creating them, and locks them for the rest of the transaction: attempts on
 * the same account or from the same address take turns, so a burst of parallel guesses is counted
 * one by one instead of all passing the check before any failure is written. Keys are locked in
 * sorted order (`account:` before `address:`), so two attempts never wait on each other in a circle.
 */
export async function holdThrottles(db: Db, keys: string[], now: Date): Promise<Held> {
  const sorted = [...new Set(keys)].sort();
  const rows = await db
    .insert(signinThrottles)
    .values(sorted.map((key) => ({ key })))
    .onConflictDoUpdate({ target: signinThrottles.key, set: { key: sql`excluded.key` } })
    .returning();
  return { rows, now };
}

/** Milliseconds until every held key may try again; 0 when none waits. */
export function waitingMs(held: Held): number {
  return Math.max(
    0,
    ...held.rows.map((row) => (row.blockedUntil ? row.blockedUntil.getTime() - held.now.getTime() : 0)),
  );
}

/** "30 seconds", "1 minute", "15 minutes": a wait as a person reads it, rounded up. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The 429 of a sign-in step while a key waits, with Retry-After; nothing was checked. */
export function throttled(reply: { header(name: string, value: string): unknown }, ms: number): AppError {
  reply.header('retry-after', String(Math.max(1, Math.ceil(ms / 1000))));
  return new AppError(429, `Too many failed sign-ins. Try again in ${describeWait(ms)}.`);
}

export interface Counted {
  /** Failures in a row of each key, this one included. */
  failures: Map<string, number>;
  /** Milliseconds until the next try is allowed (the longest wait of the keys). */
  waitMs: number;
}

/** Counts a failure against every held key and sets how long each now waits. */
export async function countFailure(db: Db, held: Held): Promise<Counted> {
  const failures = new Map<string, number>();
  let waitMs = 0;
  for (const row of held.rows) {
    const stale = held.now.getTime() - row.lastFailureAt.getTime() > FORGET_AFTER_MS;
    const count = (stale ? 0 : row.failures) + 1;
    const wait = waitAfter(row.key, count);
    failures.set(row.key, count);
    waitMs = Math.max(waitMs, wait);
    await db
      .update(signinThrottles)
      .set({
        failures: count,
        lastFailureAt: held.now,
        blockedUntil: wait ? new Date(held.now.getTime() + wait) : null,
      })
      .where(eq(signinThrottles.key, row.key));
  }
  return { failures, waitMs };
}

/**
 * Whether the account's owner is due an email about failures: from the NOTIFY_AT-th in a row, at most
 * once an hour. When it is, the time is kept (in the same transaction) before the mail goes out.
 */
export async function claimNotice(db: Db, held: Held, key: string, failures: number): Promise<boolean> {
  const row = held.rows.find((r) => r.key === key);
  if (!row || failures < NOTIFY_AT) return false;
  if (row.notifiedAt && held.now.getTime() - row.notifiedAt.getTime() < NOTIFY_EVERY_MS) return false;
  await db.update(signinThrottles).set({ notifiedAt: held.now }).where(eq(signinThrottles.key, key));
  return true;
}

/** A completed sign-in: the account starts over (when its owner was last told is kept). */
export async function clearFailures(db: Db, key: string) {
  await db.update(signinThrottles).set({ failures: 0, blockedUntil: null }).where(eq(signinThrottles.key, key));
}

/** An email claimed by `claimNotice` that could not be sent: the claim goes back, so the next failure tries again. */
export async function releaseNotice(db: Db, key: string, notifiedBefore: Date | null) {
  await db.update(signinThrottles).set({ notifiedAt: notifiedBefore }).where(eq(signinThrottles.key, key));
}
