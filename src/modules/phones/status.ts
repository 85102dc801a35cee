import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { Applied, CallStatusUpdate, MessageStatusUpdate } from '../../server/outreach/log';
import { calls, messages } from './phones.db';
import {
  callProgress,
  finalCallStatuses,
  isFinalCallStatus,
  requestedCallSid,
  type CallStatus,
  type MessageStatus,
} from './phones.contract';

/**
 * Status callbacks arrive late, twice or out of order. A status is applied only when it moves the
 * record forward; a final error (failed, undelivered, busy, no-answer, canceled) is never overwritten,
 * and a repeated callback changes nothing at all.
 */
const messageRank: Partial<Record<MessageStatus, number>> = {
  accepted: 1,
  scheduled: 1,
  queued: 2,
  sending: 3,
  sent: 4,
  receiving: 4,
  received: 5,
  delivered: 5,
  read: 6,
};
const messageErrors = new Set<string>(['failed', 'undelivered', 'canceled']);

const callFinal = new Set<string>(finalCallStatuses);
const callRank = (status: string) => callProgress[status as keyof typeof callProgress];

function messageStatusWins(current: string, next: string): boolean {
  if (current === next || messageErrors.has(current)) return false;
  if (messageErrors.has(next)) return true;
  const to = messageRank[next as MessageStatus];
  return to !== undefined && to > (messageRank[current as MessageStatus] ?? 0);
}

/**
 * Whether a callback's status moves a call on. Lenient on purpose: whatever final status the
 * carrier reports ends a live call (the simulations are stricter: see nextCallStatuses).
 */
function callStatusWins(current: string, next: string): boolean {
  if (current === next || callFinal.has(current)) return false;
  if (callFinal.has(next)) return true;
  const to = callRank(next);
  return to !== undefined && to > (callRank(current) ?? 0);
}

export { isFinalCallStatus };
export type { Applied };

export async function applyMessageStatus(db: Db, update: MessageStatusUpdate): Promise<Applied> {
  const [row] = await db
    .select({ status: messages.status })
    .from(messages)
    .where(eq(messages.messageSid, update.sid))
    .for('update');
  if (!row) return 'unknown';
  if (!messageStatusWins(row.status, update.status)) return 'unchanged';
  await db
    .update(messages)
    .set({
      status: update.status as MessageStatus,
      statusAt: update.at,
      ...(update.errorCode ? { errorCode: update.errorCode } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(messages.messageSid, update.sid));
  return 'applied';
}

export async function applyCallStatus(db: Db, update: CallStatusUpdate): Promise<Applied> {
  const [row] = await db.select().from(calls).where(eq(calls.callSid, update.sid)).for('update');
  if (!row) return 'unknown';
  const changes: Partial<typeof calls.$inferInsert> = {};
  // A recording finishes after the call: it is kept even though the status is final.
  if (update.recordingUrl && !row.recordingUrl) changes.recordingUrl = update.recordingUrl;
  if (update.status && callStatusWins(row.status, update.status)) {
    const status = update.status as CallStatus;
    changes.status = status;
    changes.statusAt = update.at;
    const answeredAt = row.answeredAt ?? (status === 'in-progress' ? update.at : null);
    if (status === 'in-progress') changes.answeredAt = answeredAt;
    if (callFinal.has(status)) {
      changes.endedAt = update.at;
      changes.durationSeconds =
        update.durationSeconds ??
        (answeredAt ? Math.max(0, Math.round((update.at.getTime() - answeredAt.getTime()) / 1000)) : 0);
    }
  }
  if (Object.keys(changes).length === 0) return 'unchanged';
  await db
    .update(calls)
    // A call held while the carrier is asked to end or transfer it stays held (calls.server.ts, holdCall).
    .set({ ...changes, updatedAt: sql`greatest(${calls.updatedAt}, now())` })
    .where(eq(calls.callSid, update.sid));
  return 'applied';
}

/**
 * make-call writes the carrier's id once the carrier has answered, and the carrier may call back
 * before that: a callback for an id we do not know, from our line to a number with a requested call,
 * gives that call its id. The caller then applies the callback again by its id, which also finds the
 * call when make-call wrote the id while this waited for the row.
 */
export async function adoptRequestedCall(db: Db, call: { sid: string; from: string; to: string }) {
  await db
    .update(calls)
    .set({ callSid: call.sid, updatedAt: sql`now()` })
    .where(and(eq(calls.callSid, requestedCallSid(call.to)), eq(calls.from, call.from)));
}
