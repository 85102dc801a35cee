/**
 * Bulk sends (docs/messenger.md): accepted in one transaction that records every recipient once and
 * queues the job that delivers them (bulk.job.ts); their progress; cancelling one.
 */
import { convert } from 'html-to-text';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { defineListAction, equals, labelOf } from '../../server/platform/lists';
import { insertRecord, loadRecord } from '../../server/platform/records';
import { toE164 } from '../../server/platform/phone';
import { cancelJob, enqueue } from '../../server/jobs/jobs';
import { locationRecords, locations } from '../locations/locations.db';
import { userName, users } from '../users/users.db';
import { phones } from '../phones/phones.db';
import { bulkRecipients as recipients, bulkSendRecords, bulkSendTallies as tallies, bulkSends } from './messenger.db';
import { deliverBulkSend } from './bulk.job';
import { pace } from './channels';
import { textingLine } from './lines';
import {
  bulkKindLabels,
  cancelSend,
  emailContactList,
  loadSend,
  makeMassCall,
  loadSends,
  sendColumns,
  sendMassText,
  sendStateLabels,
  textContactList,
  type BulkKind,
  type QuietHours,
  type SendProgress,
} from './messenger.contract';
import type { Db } from '../../server/db/client';
import type { Services } from '../../server/services';

type SendContext = ActionContext<{ locationId: number }>;

/**
 * Accepts a bulk send in the action's transaction: the send, one row per recipient (`recipients`
 * selects `(address, contact_id)` rows; the same address twice is one recipient) and the job that
 * delivers it. Texts and calls go out on the store's texting line. Answers the send and how many
 * recipients it has.
 */
async function acceptSend(
  ctx: SendContext,
  send: { kind: BulkKind; body: string; subject?: string; quietHours?: QuietHours },
  recipients: SQL,
) {
  const { input, db, user } = ctx;
  await loadRecord(ctx, locationRecords, input.locationId);
  const line = send.kind === 'email' ? null : await textingLine(db, input.locationId);
  const { id: sendId } = await insertRecord(ctx, bulkSendRecords, {
    ...send,
    quietHours: send.quietHours ?? 'wait',
    locationId: input.locationId,
    phoneId: line?.id ?? null,
    recipientCount: 0,
    createdBy: user.id,
  });
  const added = await db.execute(sql`insert into bulk_recipients (send_id, address, contact_id)
    select ${sendId}, address, contact_id from (${recipients}) r on conflict do nothing`);
  // node-postgres and PGlite name the rows an insert wrote differently.
  const { rowCount, affectedRows } = added as unknown as { rowCount?: number; affectedRows?: number };
  const recipientCount = rowCount ?? affectedRows ?? 0;
  const jobId = await enqueue(db, deliverBulkSend, { sendId }, { createdBy: user.id });
  await db.update(bulkSends).set({ jobId, recipientCount }).where(eq(bulkSends.id, sendId));
  return { sendId, recipientCount };
}

/** Typed or pasted numbers as the rows of a send's recipients; the same number written two ways is one. */
function typedNumbers(numbers: string[]) {
  const addresses = numbers.map((n) => toE164(n) ?? n.trim());
  return sql`select value as address, null::int as contact_id from json_array_elements_text(${JSON.stringify(addresses)}::json)`;
}

/** A mass text or call to typed numbers: accepted like any send, answering how many were given twice. */
const typedSend =
  (kind: 'text' | 'call') =>
  async (ctx: ActionContext<{ locationId: number; message: string; quietHours: QuietHours; numbers: string[] }>) => {
    const accepted = await acceptSend(
      ctx,
      { kind, body: ctx.input.message, quietHours: ctx.input.quietHours },
      typedNumbers(ctx.input.numbers),
    );
    return { ...accepted, duplicates: ctx.input.numbers.length - accepted.recipientCount };
  };

defineAction({
  contract: sendMassText,
  summary:
    "Texts one message to many numbers from a store's line as a marketing send: recorded with every recipient once, then delivered in the background through the send gate.",
  permission: 'marketing',
  reach: {},
  rateLimit: 30,
  handler: typedSend('text'),
});

defineAction({
  contract: makeMassCall,
  summary:
    "Calls many numbers from a store's line as a marketing send; whoever answers hears the message read out. Recorded with every recipient once, then placed in the background through the send gate.",
  permission: 'marketing',
  reach: {},
  rateLimit: 30,
  handler: typedSend('call'),
});

defineAction({
  contract: textContactList,
  summary:
    "Texts one message to a store's contacts with a mobile number (or only those who bought, or who did not) as a marketing send, delivered like a mass text.",
  permission: 'marketing',
  reach: {},
  rateLimit: 30,
  async handler(ctx) {
    const sold = ctx.input.sold ? sql` and sold = ${ctx.input.sold === '1'}` : sql``;
    const accepted = await acceptSend(
      ctx,
      { kind: 'text', body: ctx.input.message, quietHours: ctx.input.quietHours },
      sql`select mobile_phone as address, id as contact_id from contacts
      where location_id = ${ctx.input.locationId} and mobile_phone is not null${sold} order by id`,
    );
    if (accepted.recipientCount === 0)
      throw AppError.invalid('That store has no contacts with a mobile number to text.', ['locationId']);
    return { ...accepted, duplicates: 0 };
  },
});

defineAction({
  contract: emailContactList,
  summary:
    "Emails a store's contacts with an email address (each address once) as a marketing send, delivered in the background through the mail provider; each email has an unsubscribe link.",
  permission: 'marketing',
  reach: {},
  rateLimit: 30,
  async handler(ctx) {
    const accepted = await acceptSend(
      ctx,
      { kind: 'email', body: ctx.input.html, subject: ctx.input.subject },
      sql`select lower(email) as address, id as contact_id from contacts where location_id = ${ctx.input.locationId} and email <> '' order by id`,
    );
    if (accepted.recipientCount === 0)
      throw AppError.invalid('That store has no contacts with an email address.', ['locationId']);
    return accepted;
  },
});

/** Where a send stands: the send, then its recipients counted by state and its sent ones' outcomes, and the refusals' reasons. */
async function sendProgress(db: Db, services: Services, sendId: number): Promise<SendProgress> {
  const [send] = await db
    .select({
      sendId: bulkSends.id,
      kind: bulkSends.kind,
      state: bulkSends.state,
      locationName: locations.name,
      body: bulkSends.body,
      subject: bulkSends.subject,
      recipientCount: bulkSends.recipientCount,
      createdAt: bulkSends.createdAt,
      finishedAt: bulkSends.finishedAt,
      phoneId: bulkSends.phoneId,
      messagingServiceSid: phones.messagingServiceSid,
      createdBy: userName,
    })
    .from(bulkSends)
    .innerJoin(locations, eq(locations.id, bulkSends.locationId))
    .leftJoin(users, eq(users.id, bulkSends.createdBy))
    .leftJoin(phones, eq(phones.id, bulkSends.phoneId))
    .where(eq(bulkSends.id, sendId));
  // The recipients by state and what became of the sent ones, as the triggers on the recipients and on
  // the sends' texts and calls counted them (bulk_send_tallies): a handful of rows, whatever the send's
  // size. Then the refusals' commonest reasons.
  const [tallied, reasons] = await Promise.all([
    db
      .select({ counted: tallies.counted, waits: sql<boolean>`${tallies.notBefore} > now()`, count: tallies.count })
      .from(tallies)
      .where(eq(tallies.sendId, sendId)),
    db
      .select({ reason: sql<string>`${recipients.reason}`, count: sql<number>`count(*)::int` })
      .from(recipients)
      .where(and(eq(recipients.sendId, sendId), eq(recipients.state, 'refused')))
      .groupBy(recipients.reason)
      .orderBy(sql`count(*) desc`)
      .limit(5),
  ]);
  const counts = new Map<string, number>();
  let waiting = 0;
  for (const t of tallied) {
    counts.set(t.counted, (counts.get(t.counted) ?? 0) + t.count);
    if (t.counted === 'queued' && t.waits) waiting += t.count;
  }
  const of = (counted: string) => counts.get(counted) ?? 0;
  // A cancelled send's queued recipients are cancelled already (nothing sends them); a job marks
  // them so in batches after the Cancel's answer (cancelQueuedRecipients).
  const stopped = send.state === 'cancelled';
  const left = of('sending') + (stopped ? 0 : of('queued'));
  const perSecond = pace(services, send.kind, send);
  return {
    sendId: send.sendId,
    kind: send.kind,
    kindLabel: bulkKindLabels[send.kind],
    state: send.state,
    stateLabel: sendStateLabels[send.state],
    // A list email reads as its subject and its text, as a mail program's plain view shows it.
    locationName: send.locationName,
    body: send.kind === 'email' ? `${send.subject}\n\n${convert(send.body, { wordwrap: false })}` : send.body,
    recipientCount: send.recipientCount,
    queued: left,
    sent: of('sent'),
    delivered: of('delivered'),
    failed: of('undelivered'),
    refused: of('refused'),
    waiting: stopped ? 0 : waiting,
    cancelled: of('cancelled') + (stopped ? of('queued') : 0),
    unknown: of('unknown'),
    reasons,
    secondsLeft:
      left === 0 || ['done', 'cancelled', 'failed'].includes(send.state)
        ? null
        : Number.isFinite(perSecond)
          ? Math.ceil(left / perSecond)
          : Math.ceil(left / 1000),
    createdAt: send.createdAt.toISOString(),
    createdBy: send.createdBy,
    finishedAt: send.finishedAt?.toISOString() ?? null,
  };
}

defineAction({
  contract: loadSend,
  summary: 'Where a bulk send stands: sent, delivered, failed, refused (with the reasons), waiting, and the time left.',
  permission: 'marketing',
  reach: { sendId: bulkSendRecords },
  readOnly: true,
  async handler(ctx) {
    await loadRecord(ctx, bulkSendRecords, ctx.input.sendId);
    return { send: await sendProgress(ctx.db, ctx.services, ctx.input.sendId) };
  },
});

defineAction({
  contract: cancelSend,
  summary: 'Stops a bulk send: recipients not yet sent are not sent.',
  permission: 'marketing',
  reach: { sendId: bulkSendRecords },
  async handler(ctx) {
    const send = await loadRecord(ctx, bulkSendRecords, ctx.input.sendId);
    if (send.jobId && (await cancelJob(ctx.db, send.jobId))) {
      ctx.audit({
        recordType: 'bulkSend',
        recordId: send.id,
        before: { state: send.state },
        after: { state: 'cancelled' },
      });
      return { state: 'cancelled' as const };
    }
    return { state: send.state };
  },
});

defineListAction({
  contract: loadSends,
  summary: 'Bulk sends, the newest first, within reach.',
  permission: 'marketing',
  reach: bulkSends.locationId,
  columns: sendColumns,
  sorts: { createdAt: bulkSends.createdAt },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'sendId', column: bulkSends.id },
  bench: (s) => [
    { name: 'all', filters: {} },
    { name: 'location', filters: { locationId: s.locationId } },
  ],
  filters: { locationId: equals(bulkSends.locationId), kind: equals(bulkSends.kind) },
  query: ({ db }) => ({
    select: db
      .select({
        sendId: bulkSends.id,
        kind: bulkSends.kind,
        kindLabel: labelOf(bulkSends.kind, bulkKindLabels).as('kind_label'),
        state: bulkSends.state,
        stateLabel: labelOf(bulkSends.state, sendStateLabels).as('state_label'),
        locationId: bulkSends.locationId,
        locationName: locations.name,
        // A list email by its subject: its HTML is no summary.
        body: sql<string>`case when ${bulkSends.kind} = 'email' then ${bulkSends.subject} else ${bulkSends.body} end`.as(
          'body',
        ),
        recipientCount: bulkSends.recipientCount,
        createdAt: bulkSends.createdAt,
        createdBy: userName.as('created_by_name'),
      })
      .from(bulkSends)
      .innerJoin(locations, eq(locations.id, bulkSends.locationId))
      .leftJoin(users, eq(users.id, bulkSends.createdBy))
      .$dynamic(),
  }),
});
