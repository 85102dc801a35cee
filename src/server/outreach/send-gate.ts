/**
 * The one way out: every text and call to anyone goes through here (docs/decisions/005-send-gate.md).
 * It normalises the number to E.164, refuses a number that opted out, and holds marketing to
 * 8:00–21:00 in the recipient's time zone. Each refusal is a sentence a person can act on.
 *
 * A service of the platform: the modules that reach customers (the phones, the messenger, the users'
 * sign-in codes) all send through it. What it keeps (opt-outs, the texts and calls it sent) is written
 * through the log the phones module registers (log.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Config } from '../config';
import { AppError } from '../platform/errors';
import { toE164 } from '../platform/phone';
import { locations } from '../../modules/locations/locations.db';
import { formatPhone } from '../../shared/format';
import { timeZonesFor } from '../providers/telephony/area-codes';
import type { Clock, ProviderCall, TelephonyProvider } from '../providers/telephony/telephony';
import { DEFAULT_TIME_ZONE, dayIn } from '../platform/days';
import { outreachLog, type Line, type Sender, type SendPurpose, type SentRecord } from './log';

export type { Line, Sender, SendPurpose } from './log';

/** Keywords carriers and the CTIA expect to work, matched on the whole trimmed body, any case. */
export const optOutKeywords = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'] as const;
export const optInKeywords = ['START', 'UNSTOP'] as const;
const helpKeywords = ['HELP'] as const;

export type Keyword = { kind: 'opt-out' | 'opt-in' | 'help'; keyword: string };

export function keywordOf(body: string): Keyword | null {
  const word = body.trim().toUpperCase();
  if ((optOutKeywords as readonly string[]).includes(word)) return { kind: 'opt-out', keyword: word };
  if ((optInKeywords as readonly string[]).includes(word)) return { kind: 'opt-in', keyword: word };
  if ((helpKeywords as readonly string[]).includes(word)) return { kind: 'help', keyword: word };
  return null;
}

/** Marketing may reach people from 8:00 up to (not including) 21:00 their time. */
const MARKETING_FROM_MINUTE = 8 * 60;
const MARKETING_UNTIL_MINUTE = 21 * 60;

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes past midnight on the wall clock of a time zone. */
export function localMinutes(timeZone: string, now: Date): number {
  let format = clockFormats.get(timeZone);
  if (!format)
    clockFormats.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })),
    );
  const parts = format.formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/** Zones around the world: at any moment one of them is in its afternoon. */
const AROUND_THE_WORLD = [
  'Pacific/Honolulu',
  'America/Los_Angeles',
  'America/Chicago',
  'America/New_York',
  'Atlantic/Azores',
  'Europe/Berlin',
  'Asia/Dubai',
  'Asia/Dhaka',
  'Asia/Tokyo',
  'Pacific/Auckland',
];

/** A time zone whose clock is between 10:00 and 19:00 now: a test's or bench's store, clear of quiet hours while it runs. */
export function afternoonZone(now = new Date()): string {
  return AROUND_THE_WORLD.find((zone) => localMinutes(zone, now) >= 10 * 60 && localMinutes(zone, now) < 19 * 60)!;
}

const clockText = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

export type Channel = 'text' | 'call';

export interface GateRequest {
  to: string;
  channel: Channel;
  purpose: SendPurpose;
  /** The sending location: its time zone applies when the area code does not tell. */
  locationId?: number | null;
  now: Date;
}

export type GateDecision =
  | { allowed: true; to: string; timeZones: string[] }
  | { allowed: false; code: 'invalid-number' | 'opted-out'; status: 400 | 409; reason: string; to?: string }
  /** `opensAt`: the first moment the send is allowed (a bulk send may wait for it). */
  | { allowed: false; code: 'quiet-hours'; status: 409; reason: string; to: string; opensAt: Date };

const inWindow = (minutes: number) => minutes >= MARKETING_FROM_MINUTE && minutes < MARKETING_UNTIL_MINUTE;

/** The first quarter hour from `now` at which it is 8:00–21:00 in every one of the zones. */
function windowOpens(timeZones: string[], now: Date): Date {
  const start = Math.ceil(now.getTime() / 900_000) * 900_000;
  for (let step = 0; step < 4 * 48; step++) {
    const at = new Date(start + step * 900_000);
    if (timeZones.every((zone) => inWindow(localMinutes(zone, at)))) return at;
  }
  return new Date(start + 86_400_000);
}

/** The rules without sending, for one number. */
export async function checkSend(db: Db, request: GateRequest): Promise<GateDecision> {
  const { to, ...rest } = request;
  return (await checkSends(db, { ...rest, numbers: [to] }))[0];
}

/**
 * The rules for many numbers at once (a bulk send's batch), in their order: one read of the opt-out
 * list for all of them.
 */
async function checkSends(db: Db, request: Omit<GateRequest, 'to'> & { numbers: string[] }): Promise<GateDecision[]> {
  const numbers = request.numbers.map((raw) => ({ raw, to: toE164(raw) }));
  const valid = [...new Set(numbers.flatMap((n) => (n.to ? [n.to] : [])))];
  const opted = new Map((valid.length ? await outreachLog().optOuts(db, valid) : []).map((o) => [o.phoneNumber, o]));
  let fallbackZone: string | undefined;
  const opens = new Map<string, Date>();
  const decisions: GateDecision[] = [];
  for (const { raw, to } of numbers) {
    if (!to) {
      decisions.push({
        allowed: false,
        code: 'invalid-number',
        status: 400,
        reason: `The number "${raw}" is not a valid phone number.`,
      });
      continue;
    }
    const optOut = opted.get(to);
    if (optOut) {
      // The day on the sending store's clock (the group's without a store), not UTC's: a STOP at 8 pm
      // in Denver is that day's, though UTC's clock has reached the next.
      const when = dayIn((fallbackZone ??= await locationTimeZone(db, request.locationId)), optOut.createdAt);
      decisions.push({
        allowed: false,
        code: 'opted-out',
        status: 409,
        to,
        reason: `${formatPhone(to)} has opted out of texts and calls from the group (${optOut.keyword} on ${when}); they can opt back in by texting START.`,
      });
      continue;
    }
    let timeZones = timeZonesFor(to);
    if (timeZones.length === 0) timeZones = [(fallbackZone ??= await locationTimeZone(db, request.locationId))];
    if (request.purpose === 'marketing') {
      const clocks = timeZones.map((zone) => localMinutes(zone, request.now));
      if (!clocks.every(inWindow)) {
        const what = request.channel === 'text' ? 'Marketing texts' : 'Marketing calls';
        const key = timeZones.join(',');
        if (!opens.has(key)) opens.set(key, windowOpens(timeZones, request.now));
        decisions.push({
          allowed: false,
          code: 'quiet-hours',
          status: 409,
          to,
          opensAt: opens.get(key)!,
          reason:
            `${what} to ${formatPhone(to)} may only go out from ${clockText(MARKETING_FROM_MINUTE)} to ${clockText(MARKETING_UNTIL_MINUTE)} ` +
            `in the recipient's time zone (${timeZones.join(', ')}), where it is now ${clocks.map(clockText).join(' and ')}.`,
        });
        continue;
      }
    }
    decisions.push({ allowed: true, to, timeZones });
  }
  return decisions;
}

async function locationTimeZone(db: Db, locationId: number | null | undefined): Promise<string> {
  if (!locationId) return DEFAULT_TIME_ZONE;
  const [row] = await db.select({ timeZone: locations.timeZone }).from(locations).where(eq(locations.id, locationId));
  return row?.timeZone || DEFAULT_TIME_ZONE;
}

/** The number in E.164 when the rules allow the send; otherwise the refusal, as a 400 or 409 with its sentence. */
export async function passGate(db: Db, request: GateRequest): Promise<string> {
  const decision = await checkSend(db, request);
  if (!decision.allowed) throw new AppError(decision.status, decision.reason, ['to']);
  return decision.to;
}

export interface GateServices {
  config: Pick<Config, 'SMS_FROM' | 'TWILIO_MESSAGING_SERVICE_SID'>;
  telephony: TelephonyProvider;
  clock: Clock;
}

function requireActive(line: Line | null) {
  if (line && line.active === false) {
    throw AppError.conflict(`${formatPhone(line.phoneNumber)} is not active; nothing can be sent from it.`, [
      'phoneId',
    ]);
  }
}

export interface TextRequest {
  to: string;
  body: string;
  purpose: SendPurpose;
  line?: Line | null;
  userId?: number | null;
  /** What the record keeps instead of the body (a sign-in code is never stored). */
  storedBody?: string;
}

/**
 * Where a sent text is recorded: by default on the database it was checked on; an `outside` action
 * passes its `ctx.change`, so the provider is asked with no transaction open and the record (with
 * what the action audits) is one short transaction after it (issue 29).
 */
export type Keep<T> = (write: (db: Db) => Promise<T>) => Promise<T>;

/** A text the provider took, as recorded. */
export interface TextSent {
  messageId: number;
  sid: string;
  to: string;
  status: string;
}

export async function sendText(
  db: Db,
  services: GateServices,
  request: TextRequest,
  keep?: Keep<TextSent>,
): Promise<TextSent> {
  const now = services.clock.now();
  const line = request.line ?? null;
  requireActive(line);
  const to = await passGate(db, {
    to: request.to,
    channel: 'text',
    purpose: request.purpose,
    locationId: line?.locationId,
    now,
  });
  const messagingServiceSid = line
    ? (line.messagingServiceSid ?? undefined)
    : services.config.TWILIO_MESSAGING_SERVICE_SID;
  const from = line?.phoneNumber ?? (messagingServiceSid ? undefined : services.config.SMS_FROM);
  const sent = await services.telephony.sendText(db, { to, body: request.body, from, messagingServiceSid });
  const log = outreachLog();
  const record = async (tx: Db) => {
    const [row] = await log.recordTexts(
      tx,
      [{ sid: sent.sid, to, body: request.storedBody ?? request.body, status: sent.status, at: now }],
      { line, fromNumber: from ?? messagingServiceSid ?? '', purpose: request.purpose, userId: request.userId },
    );
    for (const event of sent.events) {
      await log.applyMessageStatus(tx, {
        sid: sent.sid,
        status: event.status,
        at: event.at,
        errorCode: event.errorCode,
      });
    }
    return { messageId: row.id, sid: sent.sid, to, status: await log.messageStatus(tx, row.id) };
  };
  return keep ? keep(record) : record(db);
}

export interface BatchOutcome {
  decision: GateDecision;
  /** The provider's id, when it was sent. */
  sid?: string;
  status?: string;
}

/**
 * Many texts from one line (a bulk send's batch): the rules for all of them in one read, the allowed
 * ones handed to the provider together, then all of them recorded by one insert. Each text's
 * outcome is answered in the order given.
 */
export async function sendTextBatch(
  db: Db,
  services: GateServices,
  batch: Sender & { texts: { to: string; body: string }[] },
): Promise<BatchOutcome[]> {
  requireActive(batch.line);
  const now = services.clock.now();
  const decisions = await checkSends(db, {
    numbers: batch.texts.map((t) => t.to),
    channel: 'text',
    purpose: batch.purpose,
    locationId: batch.line.locationId,
    now,
  });
  const from = batch.line.phoneNumber;
  const messagingServiceSid = batch.line.messagingServiceSid ?? undefined;
  const allowed = decisions.flatMap((decision, i) => (decision.allowed ? [{ i, to: decision.to }] : []));
  const texts = await services.telephony.sendTexts(
    db,
    allowed.map((a) => ({ to: a.to, body: batch.texts[a.i].body, from, messagingServiceSid })),
  );
  const outcomes: BatchOutcome[] = decisions.map((decision) => ({ decision }));
  const sent: SentRecord[] = texts.map((text, n) => {
    const { i, to } = allowed[n];
    const last = text.events.at(-1);
    outcomes[i] = { decision: decisions[i], sid: text.sid, status: last?.status ?? text.status };
    return { sid: text.sid, to, body: batch.texts[i].body, status: last?.status ?? text.status, at: last?.at ?? now };
  });
  await outreachLog().recordTexts(db, sent, {
    line: batch.line,
    fromNumber: from,
    purpose: batch.purpose,
    userId: batch.userId,
    bulkSendId: batch.bulkSendId,
  });
  return outcomes;
}

/**
 * A text the provider already took to `to` since `since` with this body: what a worker that died
 * mid-send had sent. Found, it is recorded (once) and not sent again.
 */
export async function findSentText(
  db: Db,
  services: GateServices,
  query: Sender & { to: string; body: string; since: Date },
): Promise<string | null> {
  const found = (await services.telephony.textsSentTo(db, { to: query.to, since: query.since })).find(
    (m) => m.body === query.body,
  );
  if (!found) return null;
  await outreachLog().recordTexts(
    db,
    [
      {
        sid: found.sid,
        to: found.to,
        body: found.body,
        status: found.status,
        at: found.sentAt ?? services.clock.now(),
      },
    ],
    {
      line: query.line,
      fromNumber: found.from,
      purpose: query.purpose,
      userId: query.userId,
      bulkSendId: query.bulkSendId,
    },
  );
  return found.sid;
}

export interface CallRequest {
  to: string;
  purpose: SendPurpose;
  line: Line;
  /** The number the call shows; the line's own by default. */
  callerId?: string;
  userId?: number | null;
  twiml: string;
}

/**
 * A call placed from an `outside` action (issue 29), in parts each written in a short transaction of
 * its own (`ctx.change`): the call as asked, before the carrier is asked (with no transaction open);
 * what the carrier answered; and what its refusal leaves. By default the call is recorded once
 * placed, on the database it was checked on.
 */
export interface CallParts<Asked, Kept> {
  asked(call: { to: string; from: string }): Promise<Asked>;
  placed(asked: Asked, call: ProviderCall): Promise<Kept>;
  refused(asked: Asked, error: unknown): Promise<void>;
}

export async function placeCall<Asked = void, Kept = CallPlaced>(
  db: Db,
  services: GateServices,
  request: CallRequest,
  parts?: CallParts<Asked, Kept>,
): Promise<Kept> {
  const now = services.clock.now();
  requireActive(request.line);
  const to = await passGate(db, {
    to: request.to,
    channel: 'call',
    purpose: request.purpose,
    locationId: request.line.locationId,
    now,
  });
  const from = request.callerId ?? request.line.phoneNumber;
  const { asked, placed, refused } = parts ?? (recordedCall(db, request, now) as unknown as CallParts<Asked, Kept>);
  const call = await asked({ to, from });
  const answer = await services.telephony
    .placeCall(db, { to, from, twiml: request.twiml })
    .catch(async (error: unknown) => {
      await refused(call, error);
      throw error;
    });
  return placed(call, answer);
}

/** A placed call as recorded by default. */
export interface CallPlaced {
  callId: number;
  callSid: string;
  to: string;
  from: string;
  status: string;
}

/** The default parts: nothing written before the carrier is asked, the call recorded once placed. */
function recordedCall(db: Db, request: CallRequest, at: Date): CallParts<{ to: string; from: string }, CallPlaced> {
  return {
    asked: async (call) => call,
    refused: async () => {},
    async placed({ to, from }, placed) {
      const [row] = await outreachLog().recordCalls(db, [{ ...placed, to, at }], {
        line: request.line,
        fromNumber: from,
        userId: request.userId,
      });
      await applyCallEvents(db, placed);
      return { callId: row.id, callSid: placed.sid, to, from, status: await outreachLog().callStatus(db, row.id) };
    },
  };
}

/** The statuses a placed call already went through (a local call answered at once), applied as callbacks would. */
async function applyCallEvents(db: Db, placed: Pick<ProviderCall, 'sid' | 'events'>) {
  for (const event of placed.events) {
    await outreachLog().applyCallStatus(db, {
      sid: placed.sid,
      status: event.status,
      at: event.at,
      durationSeconds: event.durationSeconds,
    });
  }
}

/**
 * Many calls from one line (a mass call's batch): the rules for all of them in one read, then each
 * allowed call placed and all of them recorded by one insert. Each call's outcome is answered in the
 * order given.
 */
export async function placeCallBatch(
  db: Db,
  services: GateServices,
  batch: Sender & { calls: { to: string; twiml: string }[] },
): Promise<BatchOutcome[]> {
  requireActive(batch.line);
  const now = services.clock.now();
  const decisions = await checkSends(db, {
    numbers: batch.calls.map((c) => c.to),
    channel: 'call',
    purpose: batch.purpose,
    locationId: batch.line.locationId,
    now,
  });
  const from = batch.line.phoneNumber;
  const outcomes: BatchOutcome[] = decisions.map((decision) => ({ decision }));
  const placed: (ProviderCall & { at: Date })[] = [];
  for (const [i, decision] of decisions.entries()) {
    if (!decision.allowed) continue;
    const call = await services.telephony.placeCall(db, { to: decision.to, from, twiml: batch.calls[i].twiml });
    placed.push({ ...call, to: decision.to, at: now });
    outcomes[i] = { decision, sid: call.sid, status: call.status };
  }
  await outreachLog().recordCalls(db, placed, {
    line: batch.line,
    fromNumber: from,
    userId: batch.userId,
    bulkSendId: batch.bulkSendId,
  });
  for (const call of placed) await applyCallEvents(db, call);
  return outcomes;
}

/**
 * A call the provider already placed to `to` since `since`: what a worker that died mid-send had
 * placed. Found, it is recorded (once) and not placed again.
 */
export async function findPlacedCall(
  db: Db,
  services: GateServices,
  query: Omit<Sender, 'purpose'> & { to: string; since: Date },
): Promise<string | null> {
  const [found] = await services.telephony.listCalls(db, { to: query.to, after: query.since, limit: 1 });
  if (!found) return null;
  await outreachLog().recordCalls(
    db,
    [{ sid: found.sid, status: found.status, to: found.to, at: found.startedAt ?? services.clock.now() }],
    { line: query.line, fromNumber: found.from, userId: query.userId, bulkSendId: query.bulkSendId },
  );
  return found.sid;
}

/** Records an opt-out; false when the number had already opted out (so nothing is answered twice). */
export function recordOptOut(
  db: Db,
  values: {
    phoneNumber: string;
    keyword: string;
    source: 'keyword' | 'staff';
    phoneId?: number | null;
    locationId?: number | null;
    at: Date;
  },
): Promise<boolean> {
  return outreachLog().recordOptOut(db, values);
}

/** Lifts an opt-out; false when the number had not opted out. */
export function removeOptOut(db: Db, phoneNumber: string): Promise<boolean> {
  return outreachLog().removeOptOut(db, phoneNumber);
}
