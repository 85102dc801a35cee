import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const jobStates = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof jobStates)[number];

/**
 * Work done in the background by `npm run worker` processes (or the server's own worker): bulk sends,
 * list emails, imports, long exports. A running job holds a lease (`lockedUntil`) that its worker
 * renews while it works; a lease that ran out means the worker died, and another worker takes the
 * job over (docs/decisions/020-jobs.md).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 60 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: varchar('state', { length: 10 }).$type<JobState>().notNull().default('queued'),
    /** Runs started, counting one a dead worker never finished. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    /** Not before: a retry's backoff, or a send waiting for its recipients' morning. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // What a worker claims next: only the unfinished jobs are in it.
    index('jobs_due_idx').on(t.runAt, t.id).where(sql`${t.state} in ('queued', 'running')`),
    index('jobs_created_idx').on(t.createdAt, t.id),
  ],
);
