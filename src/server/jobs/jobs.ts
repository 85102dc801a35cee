/**
 * Background jobs on the product's own database (docs/decisions/020-jobs.md): a job is enqueued in
 * the transaction of the change that asks for it, so it exists exactly when that change does; workers
 * claim due jobs with `for update skip locked`, hold a lease they renew while they work, and a job
 * whose worker died is taken over once its lease runs out. A failed run is retried with a growing
 * wait; a job can be cancelled, and its handler stops at its next heartbeat.
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Services } from '../services';
import { jobs, type JobState } from './jobs.db';

/** The channel a worker listens on; an enqueue notifies it when its transaction commits. */
const JOBS_CHANNEL = 'forecourt_jobs';

export interface JobContext<P> {
  id: number;
  payload: P;
  /** 1 on the first run; more after a failure or a worker that died. */
  attempt: number;
  /** The pool: a job commits its work in steps of its own. */
  db: Db;
  services: Services;
  /**
   * Renews the lease. False when the job was cancelled or another worker has taken it over: the
   * handler must stop without doing more.
   */
  heartbeat(): Promise<boolean>;
  /**
   * Holds this run's claim on the job until the transaction `tx` ends, or throws `LeaseLost` when the
   * job was cancelled or taken over. A step that must not overlap another worker's (a bulk send's
   * batch) calls it first in its transaction: a worker whose lease ran out while it was merely slow
   * can then never act beside the one that took over, which waits for the step to commit. A Cancel
   * does not wait for the step; `{ last: true }`, called again just before the step commits, undoes
   * the step when a Cancel came meanwhile, and makes a later Cancel wait only for the commit.
   */
  fence(tx: Db, options?: { last: boolean }): Promise<void>;
}

/** This run no longer holds its job: another worker has taken it over, or (`cancelled`) it was cancelled. */
export class LeaseLost extends Error {
  constructor(
    jobId: number,
    readonly cancelled: boolean,
  ) {
    super(`Job ${jobId} is no longer held by this run.`);
  }
}

/** What a run answers: done, or to run again at a later time (a send waiting for the morning). */
export type JobOutcome = void | { again: Date };

export interface JobDefinition<P> {
  kind: string;
  /** How long a run may go without a heartbeat before another worker takes the job over. */
  leaseSeconds?: number;
  run(job: JobContext<P>): Promise<JobOutcome>;
  /** Called once when the job is cancelled, failed for good, or finished (tidying its own records). */
  settled?(db: Db, jobId: number, payload: P, state: Extract<JobState, 'done' | 'failed' | 'cancelled'>): Promise<void>;
}

export const jobRegistry = new Map<string, JobDefinition<never>>();

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  if (jobRegistry.has(definition.kind)) throw new Error(`Job ${definition.kind} is defined twice`);
  jobRegistry.set(definition.kind, definition as JobDefinition<never>);
  return definition;
}

/** Queues a job in the caller's transaction; workers hear of it when that transaction commits. */
export async function enqueue<P extends Record<string, unknown>>(
  db: Db,
  job: JobDefinition<P>,
  payload: P,
  options: { createdBy?: number | null; runAt?: Date } = {},
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload,
      createdBy: options.createdBy ?? null,
      ...(options.runAt ? { runAt: options.runAt } : {}),
    })
    .returning({ id: jobs.id });
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${job.kind})`);
  return row.id;
}

/** Cancels a job not yet finished; false when it had finished already. */
export async function cancelJob(db: Db, jobId: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'cancelled', finishedAt: sql`now()`, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.id, jobId), inArray(jobs.state, ['queued', 'running'])))
    .returning({ payload: jobs.payload, kind: jobs.kind });
  if (!rows.length) return false;
  await jobRegistry.get(rows[0].kind)?.settled?.(db, jobId, rows[0].payload as never, 'cancelled');
  return true;
}

/** A retry waits 2, 4, 8… seconds, at most five minutes. */
export const backoffSeconds = (attempt: number) => Math.min(300, 2 ** attempt);

interface Claimed {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/**
 * Takes the next due job of these kinds: a queued one whose time has come, or a running one whose
 * worker let its lease run out. Its attempts count the new run.
 */
async function claim(
  db: Db,
  worker: string,
  kinds: string[],
  leaseSeconds = DEFAULT_LEASE_SECONDS,
): Promise<Claimed | null> {
  const result = await db.execute(sql`
    update jobs set state = 'running', attempts = attempts + 1, locked_by = ${worker},
      locked_until = now() + make_interval(secs => ${leaseSeconds}), started_at = coalesce(started_at, now())
    where id = (
      select id from jobs
      where state in ('queued', 'running') and run_at <= now() and (state = 'queued' or locked_until < now())
        and kind = any(string_to_array(${kinds.join(',')}, ','))
      order by run_at, id
      for update skip locked
      limit 1)
    returning id, kind, payload, attempts, max_attempts`);
  const [row] = (result as unknown as { rows: Claimed[] }).rows;
  return row ? { ...row, id: Number(row.id) } : null;
}

const DEFAULT_LEASE_SECONDS = 30;

async function finish(db: Db, claimed: Claimed, mine: SQL | undefined, state: 'done' | 'failed', error?: string) {
  const rows = await db
    .update(jobs)
    .set({ state, finishedAt: sql`now()`, lockedBy: null, lockedUntil: null, lastError: error ?? null })
    .where(mine)
    .returning({ id: jobs.id });
  if (rows.length) await jobRegistry.get(claimed.kind)?.settled?.(db, claimed.id, claimed.payload as never, state);
}

/** Runs one claimed job to its outcome; never throws (a failure is recorded on the job). */
async function runClaimed(
  db: Db,
  services: Services,
  worker: string,
  claimed: Claimed,
  log: JobLog,
  leaseSeconds?: number,
  stopping = () => false,
) {
  const definition = jobRegistry.get(claimed.kind)!;
  const lease = leaseSeconds ?? definition.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  // The run's own claim: its worker and its attempt (a later claim by the same worker is another run).
  const mine = and(
    eq(jobs.id, claimed.id),
    eq(jobs.lockedBy, worker),
    eq(jobs.attempts, claimed.attempts),
    eq(jobs.state, 'running'),
  );
  /** Set when a heartbeat told the run to stop because this worker is shutting down. */
  let released = false;
  const heartbeat = async () => {
    // The embedded database answers on this thread, in promises that never wait on I/O: a job that
    // went from statement to statement would keep every request (a Cancel among them) from being
    // read. Each heartbeat lets what has arrived in first.
    await nextTurn();
    if (stopping()) {
      released = true;
      return false;
    }
    const rows = await db
      .update(jobs)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${lease})` })
      .where(mine)
      .returning({ id: jobs.id });
    return rows.length > 0;
  };
  // A key-share lock: a claim of the job (`for update skip locked`) passes it by until the step
  // commits, while a Cancel or a heartbeat (updates that leave the key alone) never waits on it. The
  // last call's share lock does hold a Cancel, for the moment the commit takes.
  const fence = async (tx: Db, options?: { last: boolean }) => {
    const [job] = await tx
      .select({ state: jobs.state, lockedBy: jobs.lockedBy, attempts: jobs.attempts })
      .from(jobs)
      .where(eq(jobs.id, claimed.id))
      .for(options?.last ? 'share' : 'key share');
    const held = job?.state === 'running' && job.lockedBy === worker && job.attempts === claimed.attempts;
    if (!held) throw new LeaseLost(claimed.id, job?.state === 'cancelled');
  };
  try {
    // A job cancelled or taken over since the claim finds nothing of its own below (`mine`).
    const outcome = (await heartbeat())
      ? await definition.run({
          id: claimed.id,
          payload: claimed.payload as never,
          attempt: claimed.attempts,
          db,
          services,
          heartbeat,
          fence,
        })
      : undefined;
    if (released) {
      // The worker is shutting down: the job goes back to the queue, as it is, for another worker.
      await db
        .update(jobs)
        .set({
          state: 'queued',
          runAt: sql`now()`,
          lockedBy: null,
          lockedUntil: null,
          attempts: sql`${jobs.attempts} - 1`,
        })
        .where(mine);
    } else if (outcome && 'again' in outcome) {
      await db
        .update(jobs)
        .set({ state: 'queued', runAt: outcome.again, lockedBy: null, lockedUntil: null, attempts: 0 })
        .where(mine);
    } else {
      await finish(db, claimed, mine, 'done');
    }
  } catch (error) {
    // The job is another run's now: nothing of it is this run's to record.
    if (error instanceof LeaseLost) return;
    const message = error instanceof Error ? error.message : String(error);
    log.warn({ jobId: claimed.id, kind: claimed.kind, attempt: claimed.attempts, err: message }, 'job run failed');
    if (claimed.attempts >= claimed.max_attempts) {
      await finish(db, claimed, mine, 'failed', message).catch(() => undefined);
    } else {
      await db
        .update(jobs)
        .set({
          state: 'queued',
          lockedBy: null,
          lockedUntil: null,
          lastError: message,
          runAt: sql`now() + make_interval(secs => ${backoffSeconds(claimed.attempts)})`,
        })
        .where(mine)
        .catch(() => undefined);
    }
  }
}

export interface JobLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/**
 * Runs due jobs until none is left: the API tests' worker, which leaves nothing running behind a
 * test. Jobs waiting for a later time stay queued.
 */
export async function drainJobs(services: Services, options: { kinds?: string[]; log?: JobLog } = {}): Promise<number> {
  const worker = `drain-${randomUUID()}`;
  const kinds = options.kinds ?? [...jobRegistry.keys()];
  const log = options.log ?? { warn: () => undefined, info: () => undefined };
  let ran = 0;
  for (;;) {
    const claimed = await claim(services.database.db, worker, kinds);
    if (!claimed) return ran;
    await runClaimed(services.database.db, services, worker, claimed, log);
    ran++;
  }
}

export interface Worker {
  /** Stops claiming; each run under way stops at its next heartbeat and goes back to the queue. */
  stop(): Promise<void>;
}

/**
 * A worker: `concurrency` runs at a time, woken by an enqueue's notification and otherwise looking
 * every `pollMs` (for jobs whose time has come and leases that ran out).
 */
export async function startWorker(
  services: Services,
  options: {
    concurrency?: number;
    pollMs?: number;
    log: JobLog;
    /** Every job's lease, instead of its own (the crash tests take jobs over within seconds). */
    leaseSeconds?: number;
  },
): Promise<Worker> {
  const worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 2;
  const pollMs = options.pollMs ?? 1000;
  const { db } = services.database;
  let stopped = false;
  const sleepers = new Set<() => void>();
  const poke = () => {
    for (const wake of sleepers) wake();
  };
  const unlisten = await listen(services, poke);
  const loop = async () => {
    while (!stopped) {
      const claimed = await claim(db, worker, [...jobRegistry.keys()], options.leaseSeconds).catch((error: unknown) => {
        options.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'job claim failed');
        return null;
      });
      if (claimed) {
        await runClaimed(db, services, worker, claimed, options.log, options.leaseSeconds, () => stopped);
        continue;
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          sleepers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, pollMs);
        sleepers.add(wake);
      });
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  options.log.info({ worker, concurrency, kinds: [...jobRegistry.keys()] }, 'job worker started');
  return {
    async stop() {
      stopped = true;
      poke();
      await unlisten();
      await Promise.all(loops);
    },
  };
}

/** Hears enqueues as they commit: LISTEN on its own connection to PostgreSQL, or PGlite's listener. */
async function listen(services: Services, onNotify: () => void): Promise<() => Promise<void>> {
  const { pool, pglite } = services.database;
  if (pglite) return pglite.listen(JOBS_CHANNEL, onNotify);
  if (!pool) return async () => undefined;
  const client = await pool.connect();
  client.on('notification', onNotify);
  await client.query(`listen ${JOBS_CHANNEL}`);
  return async () => {
    client.off('notification', onNotify);
    await client.query(`unlisten ${JOBS_CHANNEL}`).catch(() => undefined);
    client.release();
  };
}
