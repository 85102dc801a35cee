/**
 * The local driver's stand-in for the outside world (the Outbox screen's developer tools): an inbound
 * text or call, and a call's next status. Each goes through the same functions as Twilio's webhooks.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { AppError } from '../../server/platform/errors';
import { outbox } from '../../server/platform/platform.db';
import { toE164 } from '../../server/platform/phone';
import { phones } from './phones.db';
import { nextCallStatuses, type CallStatus } from './phones.contract';
import { formatPhone } from '../../shared/format';
import {
  receiveAnswered,
  receiveCallStatus,
  receiveInboundCall,
  receiveInboundText,
  type InboundServices,
} from './inbound';
import { findLocal, localSid, recordLocalEvents } from '../../server/providers/telephony/local';
import { isFinalCallStatus } from './status';
import type { StatusEvent, TelephonyProvider } from '../../server/providers/telephony/telephony';

export interface SimulationServices extends InboundServices {
  telephony: TelephonyProvider;
}

function requireLocal(services: SimulationServices) {
  if (services.telephony.name !== 'local') {
    throw AppError.conflict('Simulations work with the local telephony driver only (TELEPHONY=local).');
  }
}

function number(value: string, field: string): string {
  const e164 = toE164(value);
  if (!e164)
    throw AppError.invalid(`${field === 'from' ? 'From' : 'To'} "${value}" is not a valid phone number.`, [field]);
  return e164;
}

async function requireLine(db: Db, to: string) {
  const [line] = await db.select({ id: phones.id }).from(phones).where(eq(phones.phoneNumber, to));
  if (!line)
    throw AppError.notFound(`${formatPhone(to)} is not a line of the group; add it on the phone manager first.`);
}

const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

export async function simulateInboundText(
  db: Db,
  services: SimulationServices,
  input: { from: string; to: string; body: string },
) {
  requireLocal(services);
  const from = number(input.from, 'from');
  const to = number(input.to, 'to');
  await requireLine(db, to);
  const now = services.clock.now();
  const messageSid = localSid('SM');
  const result = await receiveInboundText(db, services, {
    MessageSid: messageSid,
    From: from,
    To: to,
    Body: input.body,
  });
  await db.insert(outbox).values({
    channel: 'sms',
    direction: 'inbound',
    sid: messageSid,
    from,
    to,
    body: input.body,
    status: 'received',
    createdAt: now,
  });
  // Twilio sends the TwiML's replies itself; here the outbox shows them.
  for (const reply of result.replies) {
    await db.insert(outbox).values({
      channel: 'sms',
      sid: localSid('SM'),
      from: to,
      to: from,
      body: reply,
      status: 'delivered',
      meta: { events: [{ status: 'delivered', at: now.toISOString() }], inReplyTo: messageSid },
      createdAt: now,
    });
  }
  return {
    messageSid,
    replies: result.replies,
    twiml: result.twiml,
    optedOut: result.optedOut,
    optedIn: result.optedIn,
  };
}

/**
 * Rings one of our lines: the line's call plan answers it. A ring group or forward is picked up
 * five seconds in (by the first user of a ring group, when there is one); a voicemail records;
 * otherwise the call plays its message and ends. With `durationSeconds` the call also ends then;
 * without, it stays live for end-call and transfer-call.
 */
export async function simulateInboundCall(
  db: Db,
  services: SimulationServices,
  input: { from: string; to: string; durationSeconds?: number },
) {
  requireLocal(services);
  const from = number(input.from, 'from');
  const to = number(input.to, 'to');
  await requireLine(db, to);
  const t0 = services.clock.now();
  const callSid = localSid('CA');
  const answered = await receiveInboundCall(db, services, {
    CallSid: callSid,
    From: from,
    To: to,
    CallStatus: 'ringing',
  });
  const outcome = answered.outcome;
  const events: StatusEvent[] = [{ status: 'ringing', at: t0 }];
  let recordingUrl: string | undefined;
  if (outcome.kind === 'dial' || outcome.kind === 'voicemail') {
    const pickedUp = later(t0, outcome.kind === 'dial' ? 5 : 1);
    events.push({ status: 'in-progress', at: pickedUp });
    if (outcome.kind === 'voicemail') recordingUrl = `local://recordings/${callSid}`;
    if (input.durationSeconds !== undefined)
      events.push({
        status: 'completed',
        at: later(pickedUp, input.durationSeconds),
        durationSeconds: input.durationSeconds,
      });
  } else {
    events.push(
      { status: 'in-progress', at: later(t0, 1) },
      { status: 'completed', at: later(t0, 6), durationSeconds: 5 },
    );
  }
  await db.insert(outbox).values({
    channel: 'call',
    direction: 'inbound',
    sid: callSid,
    from,
    to,
    body: answered.twiml,
    status: 'ringing',
    meta: {},
    createdAt: t0,
  });
  const row = await findLocal(db, 'call', callSid);
  await recordLocalEvents(db, row!, events);
  const userId = outcome.kind === 'dial' ? outcome.numbers.find((n) => n.userId)?.userId : undefined;
  if (userId) await receiveAnswered(db, { CallSid: localSid('CA'), ParentCallSid: callSid }, userId);
  for (const event of events) {
    await receiveCallStatus(db, services, {
      CallSid: callSid,
      CallStatus: event.status,
      Timestamp: event.at.toISOString(),
      ...(event.durationSeconds !== undefined ? { CallDuration: String(event.durationSeconds) } : {}),
      ...(event.status === 'completed' && recordingUrl ? { RecordingUrl: recordingUrl } : {}),
    });
  }
  return { callSid, twiml: answered.twiml, outcome: outcome.kind, status: events.at(-1)!.status };
}

/** Why a status cannot follow the call's current one, as a sentence; null when a carrier could report it next. */
function refusedCallStatus(current: CallStatus, next: CallStatus): string | null {
  const allowed = nextCallStatuses(current);
  if (allowed.includes(next)) return null;
  if (allowed.length === 0) return `This call has already ended (${current}); a carrier reports nothing after that.`;
  const list = allowed.length === 1 ? allowed[0] : `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
  return `The call is ${current}, so it cannot become ${next}: a carrier could report ${list} next.`;
}

/**
 * Moves a local call on as a carrier would report it: answered, busy, ended... A status the carrier
 * could not send next (back to ringing, anything after the end) is refused and changes nothing.
 */
export async function simulateCallStatus(
  db: Db,
  services: SimulationServices,
  input: { callSid: string; status: CallStatus },
) {
  requireLocal(services);
  const row = await findLocal(db, 'call', input.callSid);
  if (!row) throw AppError.notFound(`There is no local call ${input.callSid}.`);
  const refusal = refusedCallStatus(row.status as CallStatus, input.status);
  if (refusal) throw AppError.invalid(refusal, ['status']);
  const at = services.clock.now();
  const answeredAt = ((row.meta as { events?: { status: string; at: string }[] }).events ?? []).find(
    (e) => e.status === 'in-progress',
  )?.at;
  const durationSeconds = isFinalCallStatus(input.status)
    ? answeredAt
      ? Math.max(0, Math.round((at.getTime() - Date.parse(answeredAt)) / 1000))
      : 0
    : undefined;
  await recordLocalEvents(db, row, [{ status: input.status, at, durationSeconds }]);
  const applied = await receiveCallStatus(db, services, {
    CallSid: input.callSid,
    CallStatus: input.status,
    Timestamp: at.toISOString(),
    ...(durationSeconds !== undefined ? { CallDuration: String(durationSeconds) } : {}),
  });
  return { callSid: input.callSid, status: input.status, applied };
}
