/**
 * The send gate's log (src/server/outreach/log.ts), kept in the phones module's tables: the opt-out
 * list, and every text and call the gate sends, each tied to the line it went out on. Registered when
 * the module is declared (phones.module.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import { registerOutreachLog } from '../../server/outreach/log';
import { calls, messages, optOuts } from './phones.db';
import { applyCallStatus, applyMessageStatus } from './status';

registerOutreachLog({
  optOuts: (db, numbers) => db.select().from(optOuts).where(inArray(optOuts.phoneNumber, numbers)),

  async recordOptOut(db, values) {
    const inserted = await db
      .insert(optOuts)
      .values({
        phoneNumber: values.phoneNumber,
        keyword: values.keyword,
        source: values.source,
        phoneId: values.phoneId ?? null,
        locationId: values.locationId ?? null,
        createdAt: values.at,
      })
      .onConflictDoNothing()
      .returning({ phoneNumber: optOuts.phoneNumber });
    return inserted.length > 0;
  },

  async removeOptOut(db, phoneNumber) {
    const removed = await db
      .delete(optOuts)
      .where(eq(optOuts.phoneNumber, phoneNumber))
      .returning({ phoneNumber: optOuts.phoneNumber });
    return removed.length > 0;
  },

  // A text sent from no line (a sign-in code) belongs to no store.
  async recordTexts(db, sent, from) {
    if (!sent.length) return [];
    return db
      .insert(messages)
      .values(
        sent.map((m) => ({
          messageSid: m.sid,
          phoneId: from.line?.id ?? null,
          locationId: from.line?.locationId ?? null,
          direction: 'outbound' as const,
          purpose: from.purpose,
          from: from.fromNumber,
          to: m.to,
          body: m.body,
          status: m.status as typeof messages.$inferInsert.status,
          userId: from.userId ?? null,
          bulkSendId: from.bulkSendId ?? null,
          createdAt: m.at,
          statusAt: m.at,
        })),
      )
      .onConflictDoNothing({ target: messages.messageSid })
      .returning({ id: messages.id });
  },

  async recordCalls(db, placed, from) {
    if (!placed.length) return [];
    return db
      .insert(calls)
      .values(
        placed.map((c) => ({
          callSid: c.sid,
          phoneId: from.line.id,
          locationId: from.line.locationId,
          direction: 'outbound' as const,
          from: from.fromNumber,
          to: c.to,
          status: c.status as typeof calls.$inferInsert.status,
          userId: from.userId ?? null,
          bulkSendId: from.bulkSendId ?? null,
          startedAt: c.at,
          statusAt: c.at,
        })),
      )
      .onConflictDoNothing({ target: calls.callSid })
      .returning({ id: calls.id });
  },

  applyMessageStatus,
  applyCallStatus,

  async messageStatus(db, messageId) {
    const [stored] = await db.select({ status: messages.status }).from(messages).where(eq(messages.id, messageId));
    return stored.status;
  },

  async callStatus(db, callId) {
    const [stored] = await db.select({ status: calls.status }).from(calls).where(eq(calls.id, callId));
    return stored.status;
  },
});
