import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { testApp, type TestApp } from '../../../tests/helpers';
import { backoffSeconds, cancelJob, defineJob, drainJobs, enqueue, jobRegistry, startWorker } from './jobs';
import { jobs } from './jobs.db';
import { cleanUpJobs, FINISHED_JOBS_KEPT_DAYS, scheduleCleanUp } from './clean-up';

let t: TestApp;
const runs: { id: number; attempt: number }[] = [];
const settledWith: string[] = [];
/** Fails its first `failures` runs. */
const flaky = defineJob<{ failures: number }>({
  kind: 'test.flaky',
  async run({ id, attempt, payload }) {
    runs.push({ id, attempt });
    if (attempt <= payload.failures) throw new Error(`run ${attempt} failed`);
  },
  async settled(_db, _id, _payload, state) {
    settledWith.push(state);
  },
});
/** Waits until cancelled, beating as it goes. */
const patient = defineJob<Record<string, never>>({
  kind: 'test.patient',
  async run({ heartbeat }) {
    for (let i = 0; i < 200; i++) {
      if (!(await heartbeat())) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  },
});

/** A run whose lease runs out mid-way and is taken over, then tries a fenced step: what it got to do. */
const fencedSteps: string[] = [];
const overtaken = defineJob<Record<string, never>>({
  kind: 'test.overtaken',
  async run({ id, db, fence }) {
    await db.transaction(async (tx) => {
      await fence(tx);
      fencedSteps.push('first step');
    });
    // Slow enough for its lease to run out: another worker claims the job (a new attempt).
    await db
      .update(jobs)
      .set({ lockedBy: 'another-worker', attempts: sql`${jobs.attempts} + 1` })
      .where(eq(jobs.id, id));
    await db.transaction(async (tx) => {
      await fence(tx);
      fencedSteps.push('second step');
    });
  },
});

beforeAll(async () => {
  t = await testApp({ demo: false });
});
afterAll(async () => {
  jobRegistry.delete(flaky.kind);
  jobRegistry.delete(patient.kind);
  jobRegistry.delete(overtaken.kind);
  await t?.close();
});

const job = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const due = (id: number) => t.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id));

describe('jobs', () => {
  it('a run that was taken over does no fenced step, and leaves the job to the run that took it', async () => {
    const id = await enqueue(t.db, overtaken, {});
    await drainJobs(t.app.services, { kinds: [overtaken.kind] });
    expect(fencedSteps).toEqual(['first step']);
    expect(await job(id)).toMatchObject({ state: 'running', lockedBy: 'another-worker', attempts: 2, lastError: null });
  });

  it('runs a job once and marks it done', async () => {
    const id = await enqueue(t.db, flaky, { failures: 0 }, { createdBy: null });
    expect(await drainJobs(t.app.services, { kinds: [flaky.kind] })).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 1, lockedBy: null, lastError: null });
    expect(settledWith.at(-1)).toBe('done');
    expect(await drainJobs(t.app.services, { kinds: [flaky.kind] })).toBe(0);
  });

  it('retries a failed run after a growing wait, and fails for good after its last attempt', async () => {
    const id = await enqueue(t.db, flaky, { failures: 2 });
    await drainJobs(t.app.services, { kinds: [flaky.kind] });
    let row = await job(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'run 1 failed' });
    const wait = (row.runAt.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(backoffSeconds(1) - 1);
    expect(wait).toBeLessThanOrEqual(backoffSeconds(1));
    // Not due yet: nothing runs.
    expect(await drainJobs(t.app.services, { kinds: [flaky.kind] })).toBe(0);
    await due(id);
    await drainJobs(t.app.services, { kinds: [flaky.kind] });
    row = await job(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    expect(row.runAt.getTime() - Date.now()).toBeGreaterThan((backoffSeconds(2) - 1) * 1000);
    await due(id);
    await drainJobs(t.app.services, { kinds: [flaky.kind] });
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 3 });

    const doomed = await enqueue(t.db, flaky, { failures: 99 });
    await t.db.update(jobs).set({ maxAttempts: 2 }).where(eq(jobs.id, doomed));
    await drainJobs(t.app.services, { kinds: [flaky.kind] });
    await due(doomed);
    await drainJobs(t.app.services, { kinds: [flaky.kind] });
    expect(await job(doomed)).toMatchObject({ state: 'failed', attempts: 2, lastError: 'run 2 failed' });
    expect(settledWith.at(-1)).toBe('failed');
  });

  it('takes over a job whose worker let its lease run out, and not one still held', async () => {
    const id = await enqueue(t.db, flaky, { failures: 0 });
    // A worker took it and died: its lease is in the future, then in the past.
    await t.db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedBy: 'dead-worker', lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.id, id));
    expect(await drainJobs(t.app.services, { kinds: [flaky.kind] })).toBe(0);
    await t.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));
    expect(await drainJobs(t.app.services, { kinds: [flaky.kind] })).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(runs.filter((r) => r.id === id)).toEqual([{ id, attempt: 2 }]);
  });

  it('cancels a queued job, and a running one stops at its next heartbeat', async () => {
    const queued = await enqueue(t.db, flaky, { failures: 0 });
    expect(await cancelJob(t.db, queued)).toBe(true);
    expect(await cancelJob(t.db, queued)).toBe(false);
    expect(await drainJobs(t.app.services, { kinds: [flaky.kind] })).toBe(0);
    expect((await job(queued)).state).toBe('cancelled');
    expect(settledWith.at(-1)).toBe('cancelled');

    const worker = await startWorker(t.app.services, {
      concurrency: 1,
      pollMs: 50,
      log: { info: () => undefined, warn: () => undefined },
    });
    try {
      const running = await enqueue(t.db, patient, {});
      for (let i = 0; i < 100 && (await job(running)).state !== 'running'; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect((await job(running)).state).toBe('running');
      const started = Date.now();
      expect(await cancelJob(t.db, running)).toBe(true);
      // The worker is free again well before the job would have ended by itself (2 s).
      const next = await enqueue(t.db, flaky, { failures: 0 });
      for (let i = 0; i < 200 && (await job(next)).state !== 'done'; i++) await new Promise((r) => setTimeout(r, 10));
      expect((await job(next)).state).toBe('done');
      expect(Date.now() - started).toBeLessThan(1500);
      expect((await job(running)).state).toBe('cancelled');
    } finally {
      await worker.stop();
    }
  });

  it('deletes finished jobs after their days are up, daily, queued once however many servers start', async () => {
    const old = sql`now() - make_interval(days => ${FINISHED_JOBS_KEPT_DAYS + 1})`;
    const oldDone = await enqueue(t.db, flaky, { failures: 0 });
    const recentDone = await enqueue(t.db, flaky, { failures: 0 });
    await drainJobs(t.app.services, { kinds: [flaky.kind] });
    const oldQueued = await enqueue(t.db, flaky, { failures: 0 }, { runAt: new Date(Date.now() + 3_600_000) });
    await t.db
      .update(jobs)
      .set({ createdAt: old })
      .where(inArray(jobs.id, [oldDone, oldQueued]));

    await Promise.all([scheduleCleanUp(t.db), scheduleCleanUp(t.db)]);
    const cleanUps = await t.db.select().from(jobs).where(eq(jobs.kind, cleanUpJobs.kind));
    expect(cleanUps).toHaveLength(1);
    expect(await drainJobs(t.app.services, { kinds: [cleanUpJobs.kind] })).toBe(1);
    expect(await job(oldDone)).toBeUndefined();
    expect(await job(recentDone)).toMatchObject({ state: 'done' });
    expect(await job(oldQueued)).toMatchObject({ state: 'queued' });
    // Back tomorrow.
    const [again] = await t.db.select().from(jobs).where(eq(jobs.kind, cleanUpJobs.kind));
    expect(again.state).toBe('queued');
    expect(again.runAt.getTime() - Date.now()).toBeGreaterThan(86_000_000);
  });
});
