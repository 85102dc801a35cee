/**
 * The jobs table's housekeeping: finished jobs are kept a while (their errors and timings, for
 * support), then deleted by a daily job that queues itself again. What a job did stays in its own
 * records (a bulk send keeps its recipients; its `job_id` is set null).
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { defineJob, enqueue } from './jobs';
import { jobs } from './jobs.db';

export const FINISHED_JOBS_KEPT_DAYS = 30;

export const cleanUpJobs = defineJob<Record<string, never>>({
  kind: 'jobs.clean-up',
  async run({ db, services }) {
    // By creation, which jobs_created_idx serves: a job finishes within its days, not months, of being made.
    await db
      .delete(jobs)
      .where(
        and(
          inArray(jobs.state, ['done', 'failed', 'cancelled']),
          lt(jobs.createdAt, sql`now() - make_interval(days => ${FINISHED_JOBS_KEPT_DAYS})`),
        ),
      );
    return { again: new Date(services.clock.now().getTime() + 86_400_000) };
  },
});

/** Queues the daily clean-up unless it is already queued or running (each server start asks). */
export async function scheduleCleanUp(db: Db) {
  await db.transaction(async (tx) => {
    // Servers starting together take turns, so the clean-up is queued once.
    await tx.execute(sql`select pg_advisory_xact_lock(72010020)`);
    const [pending] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, cleanUpJobs.kind), inArray(jobs.state, ['queued', 'running'])))
      .limit(1);
    if (!pending) await enqueue(tx, cleanUpJobs, {});
  });
}
