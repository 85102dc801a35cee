/**
 * Delivering a bulk send, a mass text, mass call or list email (docs/messenger.md, "Bulk sends"), through
 * its channel (channels.ts). Each recipient is a row; a batch of them is marked `sending` (committed)
 * before any is handed to the provider, and what the provider took is recorded after. A worker that
 * dies anywhere in between leaves `sending` rows: the next run asks the provider what it took to each
 * since the batch began, records those as sent and sends the others. So nobody is lost, and nobody
 * gets it twice where the provider can say what it took (a mail server cannot: there, at most the one
 * email in hand when the worker died goes again).
 */
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { defineJob, enqueue, LeaseLost, type JobContext, type JobOutcome } from '../../server/jobs/jobs';
import { jobs } from '../../server/jobs/jobs.db';
import type { BatchOutcome } from '../../server/outreach/send-gate';
import { bulkRecipients as recipients, bulkSends } from './messenger.db';
import { channels, type Channel, type Paced, type Send, type Taken } from './channels';
import type { RecipientState } from './messenger.contract';
import type { Services } from '../../server/services';
import { deferCustomerLinks, queueCustomerLinks } from '../customers/customers.api';

/**
 * Recipients per batch when the provider sets no pace (the local driver). On PostgreSQL, `most`:
 * staff requests have connections of their own. On the embedded database a batch is one transaction
 * and nothing else runs while it does, so its length is what a staff request may wait behind a send:
 * there, as many as fit in about `BATCH_MS`, between the bounds.
 */
const BATCH = { first: 100, least: 20, most: 500 };
const BATCH_MS = 40;

/** The next batch's size from how long this one took. */
function nextBatchSize(size: number, tookMs: number): number {
  const fitting = Math.round((size * BATCH_MS) / Math.max(1, tookMs));
  return Math.max(BATCH.least, Math.min(BATCH.most, fitting, size * 2));
}

interface Settled {
  id: number;
  state: RecipientState;
  sid?: string | null;
  reason?: string | null;
  notBefore?: Date | null;
  sentAt?: Date | null;
}

/** Writes the outcome of a batch in one statement. */
async function settle(db: Db, rows: Settled[]) {
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      state: r.state,
      sid: r.sid ?? null,
      reason: r.reason ?? null,
      not_before: r.notBefore?.toISOString() ?? null,
      sent_at: r.sentAt?.toISOString() ?? null,
    })),
  );
  await db.execute(sql`
    update bulk_recipients r set state = x.state, sid = coalesce(x.sid, r.sid), reason = x.reason, not_before = x.not_before,
      sent_at = x.sent_at, claimed_at = case when x.state = 'queued' then null else r.claimed_at end
    from json_to_recordset(${json}::json) as x(id bigint, state varchar, sid varchar, reason text, not_before timestamptz, sent_at timestamptz)
    where r.id = x.id`);
}

/** What an outcome of the send gate makes of a recipient. */
function outcomeOf(id: number, outcome: BatchOutcome, send: Send, now: Date): Settled {
  const { decision } = outcome;
  if (decision.allowed) return { id, state: 'sent', sid: outcome.sid, sentAt: now };
  if (decision.code === 'quiet-hours' && send.quietHours === 'wait')
    return { id, state: 'queued', notBefore: decision.opensAt, reason: decision.reason };
  return { id, state: 'refused', reason: decision.reason };
}

/**
 * Settles the recipients a dead worker left `sending` by what the provider says it took: sent when it
 * has their text, call or email; otherwise as `unsent` decides (queued again while the send goes on,
 * cancelled once it was cancelled).
 */
async function recover<From extends Paced>(
  db: Db,
  services: Services,
  channel: Channel<From>,
  send: Send,
  from: From,
  unsent: (id: number, taken: Exclude<Taken, { sid: string }>) => Settled,
) {
  const orphans = await db
    .select()
    .from(recipients)
    .where(and(eq(recipients.sendId, send.id), eq(recipients.state, 'sending')));
  const now = services.clock.now();
  const rows: Settled[] = [];
  for (const r of orphans) {
    const taken = await channel.find(db, services, send, from, r.address, r.claimedAt ?? send.createdAt);
    rows.push(
      typeof taken === 'object' ? { id: r.id, state: 'sent', sid: taken.sid, sentAt: now } : unsent(r.id, taken),
    );
  }
  await settle(db, rows);
}

/** While the send goes on, a recipient the provider did not take, or cannot say it took, goes again. */
const sendAgain = (id: number): Settled => ({ id, state: 'queued' });

/** Marks the next due recipients `sending` (committed before any is sent). */
async function claimBatch(db: Db, sendId: number, size: number, now: Date) {
  const due = db
    .select({ id: recipients.id })
    .from(recipients)
    .where(
      and(
        eq(recipients.sendId, sendId),
        eq(recipients.state, 'queued'),
        or(isNull(recipients.notBefore), lte(recipients.notBefore, now)),
      ),
    )
    .orderBy(recipients.id)
    .limit(size)
    .for('update', { skipLocked: true });
  return db
    .update(recipients)
    .set({ state: 'sending', claimedAt: now })
    .where(inArray(recipients.id, due))
    .returning({ id: recipients.id, address: recipients.address });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Step = Pick<JobContext<unknown>, 'id' | 'db' | 'services' | 'heartbeat' | 'fence'>;
type Claimed = { id: number; address: string }[];

/**
 * A batch to a provider in this database (the local drivers, whose outbox it is): what it took and
 * its record commit together, so a crash undoes the batch entirely.
 */
async function sendTogether<From extends Paced>(
  { db, services, fence }: Step,
  channel: Channel<From>,
  send: Send,
  from: From,
  batch: Claimed,
  now: Date,
): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await fence(tx);
      // New numbers' conversations find their customers after the send, which this would halve.
      await deferCustomerLinks(tx);
      const outcomes = await channel.send(
        tx,
        services,
        send,
        from,
        batch.map((r) => r.address),
      );
      await settle(
        tx,
        batch.map((r, i) => outcomeOf(r.id, outcomes[i], send, now)),
      );
      // Cancelled meanwhile: the batch is undone, so nothing goes out after the Cancel's answer.
      await fence(tx, { last: true });
    });
    return true;
  } catch (error) {
    // Cancelled between the claim and the commit: the fence undid the batch, so none of it went out.
    if (error instanceof LeaseLost && error.cancelled)
      await settle(
        db,
        batch.map((r) => ({ id: r.id, state: 'cancelled' })),
      );
    throw error;
  }
}

/**
 * A batch to an outside provider (a mail server, the carrier), one recipient at a time and outside
 * any transaction: nothing holds a connection or a lock while the provider takes its time (a Cancel
 * answers at once), and each recipient is recorded as soon as the provider took it, so a worker that
 * dies leaves at most the one in hand unrecorded. The lease is renewed before each; when the send
 * was cancelled meanwhile, those not yet handed over are cancelled.
 */
async function sendOneByOne<From extends Paced>(
  { id, db, services, heartbeat }: Step,
  channel: Channel<From>,
  send: Send,
  from: From,
  batch: Claimed,
  now: Date,
): Promise<boolean> {
  for (const [i, r] of batch.entries()) {
    if (!(await heartbeat())) {
      const [job] = await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, id));
      if (job?.state === 'cancelled')
        await settle(
          db,
          batch.slice(i).map((rest) => ({ id: rest.id, state: 'cancelled' })),
        );
      // Taken over (or this worker is stopping): the rest stay `sending` for the next run to settle.
      return false;
    }
    const [outcome] = await channel.send(db, services, send, from, [r.address]);
    await settle(db, [outcomeOf(r.id, outcome, send, now)]);
  }
  return true;
}

/** Delivers a send through its channel, a fenced step at a time, until nobody due is left. */
async function deliver<From extends Paced>(step: Step, channel: Channel<From>, send: Send): Promise<JobOutcome> {
  const { db, services, heartbeat, fence } = step;
  const from = await channel.from(db, send);

  await db.update(bulkSends).set({ state: 'sending' }).where(eq(bulkSends.id, send.id));
  // Each step holds the job (fence): a worker whose lease ran out while it was slow stops at its next
  // step instead of sending beside the one that took over.
  await db.transaction(async (tx) => {
    await fence(tx);
    await recover(tx, services, channel, send, from, sendAgain);
  });
  const perSecond = channel.pace(services, from);
  const paced = Number.isFinite(perSecond);
  const embedded = services.database.kind === 'pglite';
  let size = paced ? Math.max(1, Math.min(BATCH.most, Math.floor(perSecond))) : embedded ? BATCH.first : BATCH.most;
  for (;;) {
    if (!(await heartbeat())) return;
    const started = Date.now();
    const now = services.clock.now();
    const batch = await db.transaction(async (tx) => {
      await fence(tx);
      return claimBatch(tx, send.id, size, now);
    });
    if (!batch.length) break;
    if (!(await (paced ? sendOneByOne : sendTogether)(step, channel, send, from, batch, now))) return;
    if (paced) await sleep(Math.max(0, (batch.length / perSecond) * 1000 - (Date.now() - started)));
    else if (embedded) size = nextBatchSize(size, Date.now() - started);
  }
  // Those waiting for their morning: the job comes back when the first of them may be sent.
  const [next] = await db
    .select({ at: sql<string | null>`min(${recipients.notBefore})` })
    .from(recipients)
    .where(and(eq(recipients.sendId, send.id), eq(recipients.state, 'queued')));
  if (next?.at) {
    await db.update(bulkSends).set({ state: 'waiting' }).where(eq(bulkSends.id, send.id));
    await queueCustomerLinks(db);
    return { again: new Date(next.at) };
  }
}

/**
 * After a Cancel, the recipients still `sending` once any worker that had them is done with them (a
 * dead worker's): sent if the provider took them, cancelled if it did not, and `unknown`, saying so,
 * when it cannot tell (a mail server keeps no list to ask).
 */
export const settleCancelledSend = defineJob<{ sendId: number }>({
  kind: 'messenger.bulk-settle',
  async run({ db, services, payload }) {
    const [send] = await db.select().from(bulkSends).where(eq(bulkSends.id, payload.sendId));
    if (!send) return;
    const channel = channels[send.kind] as Channel<Paced>;
    const from = await channel.from(db, send);
    await recover(db, services, channel, send, from, (id, taken) =>
      taken === 'not-taken'
        ? { id, state: 'cancelled' }
        : {
            id,
            state: 'unknown',
            reason: `The send was cancelled while the ${send.kind === 'email' ? 'mail server' : 'provider'} had it, and it cannot say whether it went out.`,
          },
    );
  },
});

/** Queued recipients of a cancelled send marked per transaction: a bounded step on either database. */
const CANCEL_BATCH = 2_000;

/**
 * After a Cancel, which answers at once (nothing is sent after it: the send's job is cancelled and a
 * batch in hand is undone at its fence): the recipients not yet sent are marked cancelled, a batch
 * at a time; those a worker had in hand are settled a lease later (`settleCancelledSend`).
 */
export const cancelQueuedRecipients = defineJob<{ sendId: number }>({
  kind: 'messenger.bulk-cancel',
  async run({ db, payload, heartbeat }) {
    const queued = and(eq(recipients.sendId, payload.sendId), eq(recipients.state, 'queued'));
    for (;;) {
      if (!(await heartbeat())) return;
      const marked = await db
        .update(recipients)
        .set({ state: 'cancelled' })
        .where(
          inArray(recipients.id, db.select({ id: recipients.id }).from(recipients).where(queued).limit(CANCEL_BATCH)),
        )
        .returning({ id: recipients.id });
      if (marked.length < CANCEL_BATCH) break;
    }
    // A live worker renews its lease before each and a provider answers within its timeouts, so a
    // lease after the Cancel it is done with what it had.
    const [inHand] = await db
      .select({ id: recipients.id })
      .from(recipients)
      .where(and(eq(recipients.sendId, payload.sendId), eq(recipients.state, 'sending')))
      .limit(1);
    if (inHand) await enqueue(db, settleCancelledSend, payload, { runAt: new Date(Date.now() + LEASE_SECONDS * 1000) });
  },
});

/** A run's lease: longer than a provider may take over one recipient (its timeouts, mail.ts). */
const LEASE_SECONDS = 60;

export const deliverBulkSend = defineJob<{ sendId: number }>({
  kind: 'messenger.bulk-send',
  leaseSeconds: LEASE_SECONDS,
  async run({ id, db, services, payload, heartbeat, fence }) {
    const [send] = await db.select().from(bulkSends).where(eq(bulkSends.id, payload.sendId));
    if (!send || ['done', 'cancelled', 'failed'].includes(send.state)) return;
    return deliver({ id, db, services, heartbeat, fence }, channels[send.kind] as Channel<Paced>, send);
  },
  async settled(db, _jobId, payload, state) {
    // The Cancel answers now; its recipients are settled by a job (nothing is sent to them meanwhile:
    // the send's job is cancelled, and a batch in hand is undone at its fence).
    if (state === 'cancelled') await enqueue(db, cancelQueuedRecipients, payload);
    await db.update(bulkSends).set({ state, finishedAt: sql`now()` }).where(eq(bulkSends.id, payload.sendId));
    await queueCustomerLinks(db);
  },
});
