/**
 * What the provider tells us: inbound texts and calls, and status callbacks. The webhooks call these
 * after checking Twilio's signature, each in its own transaction; the developer simulations of the
 * local driver call the very same functions.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { MessagingResponse, VoiceResponse } from '../../server/providers/telephony/twiml';
import { z } from 'zod';
import type { Db } from '../../server/db/client';
import type { Config } from '../../server/config';
import { publicAddress } from '../../shared/address';
import { AppError } from '../../server/platform/errors';
import { parseInput } from '../../server/platform/validation';
import { toE164 } from '../../server/platform/phone';
import { calls, messages, phoneActions, phones } from './phones.db';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { hangupTwiml, planSteps, renderCall, type Outcome } from './call-plan';
import { formatPhone } from '../../shared/format';
import { keywordOf, recordOptOut, removeOptOut } from '../../server/outreach/send-gate';
import { inboundTextListeners } from '../../server/outreach/inbound';
import { adoptRequestedCall, applyCallStatus, applyMessageStatus, type Applied } from './status';
import { webhookPaths, type Clock } from '../../server/providers/telephony/telephony';
import { DEFAULT_TIME_ZONE } from '../../server/platform/days';

export interface InboundServices {
  config: Pick<Config, 'PUBLIC_URL'>;
  clock: Clock;
}

type Params = Record<string, unknown>;

const sidParam = (prefix: string) =>
  z
    .string({ error: 'is required' })
    .regex(new RegExp(`^${prefix}[0-9a-zA-Z]{32}$`), { error: `must be a ${prefix} id` });
const numberParam = z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(40);
const optionalString = z.string().optional();

const inboundTextParams = z.object({
  MessageSid: sidParam('(SM|MM)'),
  From: numberParam,
  To: numberParam,
  Body: z.string().max(1600).default(''),
});
const messageStatusParams = z.object({
  MessageSid: sidParam('(SM|MM)'),
  MessageStatus: z.string({ error: 'is required' }).min(1).max(20),
  ErrorCode: optionalString,
});
const voiceParams = z.object({
  CallSid: sidParam('CA'),
  From: numberParam,
  To: numberParam,
  CallStatus: optionalString,
  DialCallStatus: optionalString,
});
/** Seconds, as a column of whole numbers holds them. */
const durationParam = z
  .string()
  .regex(/^\d{1,10}$/, { error: 'must be a whole number of seconds' })
  .refine((v) => Number(v) <= 2_147_483_647, { error: 'must be a whole number of seconds' })
  .optional();
const callStatusParams = z.object({
  CallSid: sidParam('CA'),
  From: optionalString,
  To: optionalString,
  CallStatus: optionalString,
  CallDuration: durationParam,
  Timestamp: optionalString,
  RecordingUrl: optionalString,
});
const answeredParams = z.object({ CallSid: sidParam('CA'), ParentCallSid: sidParam('CA').optional() });

const number = (raw: string) => toE164(raw) ?? raw;

/** Callbacks tell of what just happened: a time further than this from now is no time Twilio sends. */
const TIMESTAMP_WINDOW_MS = 366 * 86_400_000;

/** The callback's own time, or now when it has none; one that is not a date near now is refused (400). */
function when(services: InboundServices, timestamp?: string): Date {
  const now = services.clock.now();
  if (!timestamp) return now;
  const parsed = new Date(timestamp);
  if (Number.isNaN(parsed.getTime()) || Math.abs(parsed.getTime() - now.getTime()) > TIMESTAMP_WINDOW_MS) {
    throw AppError.invalid('Timestamp must be the date and time of the event.', ['Timestamp']);
  }
  return parsed;
}

async function lineFor(db: Db, phoneNumber: string) {
  const [row] = await db
    .select({
      id: phones.id,
      phoneNumber: phones.phoneNumber,
      description: phones.description,
      locationId: phones.locationId,
      bridge: phones.bridge,
      directRing: phones.directRing,
      active: phones.active,
      locationName: locations.name,
      locationPhone: locations.phone,
      timeZone: locations.timeZone,
    })
    .from(phones)
    .innerJoin(locations, eq(locations.id, phones.locationId))
    .where(eq(phones.phoneNumber, phoneNumber));
  return row ?? null;
}

export interface InboundTextResult {
  twiml: string;
  /** The texts the TwiML answers with (a STOP confirmation, a HELP answer). */
  replies: string[];
  /** Twilio sent this message before: nothing was done again. */
  duplicate: boolean;
  optedOut: boolean;
  optedIn: boolean;
}

export async function receiveInboundText(db: Db, services: InboundServices, raw: Params): Promise<InboundTextResult> {
  const params = parseInput(inboundTextParams, raw);
  const response = new MessagingResponse();
  const result: InboundTextResult = { twiml: '', replies: [], duplicate: false, optedOut: false, optedIn: false };
  const [seen] = await db.select({ id: messages.id }).from(messages).where(eq(messages.messageSid, params.MessageSid));
  if (seen) return { ...result, duplicate: true, twiml: response.toString() };

  const from = number(params.From);
  const to = number(params.To);
  const line = await lineFor(db, to);
  const now = services.clock.now();
  const [recorded] = await db
    .insert(messages)
    .values({
      messageSid: params.MessageSid,
      phoneId: line?.id ?? null,
      locationId: line?.locationId ?? null,
      direction: 'inbound',
      purpose: 'inbound',
      from,
      to,
      body: params.Body,
      status: 'received',
      createdAt: now,
      statusAt: now,
    })
    .returning({ id: messages.id });

  const keyword = keywordOf(params.Body);
  const sender = line?.locationName ?? 'this number';
  switch (keyword?.kind) {
    case 'opt-out':
      result.optedOut = await recordOptOut(db, {
        phoneNumber: from,
        keyword: keyword.keyword,
        source: 'keyword',
        phoneId: line?.id,
        locationId: line?.locationId,
        at: now,
      });
      // Only the first STOP is confirmed: carriers treat repeated confirmations as spam.
      if (result.optedOut)
        result.replies.push(
          `You have been unsubscribed from ${sender} and will receive no more messages or calls from us. Reply START to resubscribe.`,
        );
      break;
    case 'opt-in':
      result.optedIn = await removeOptOut(db, from);
      if (result.optedIn)
        result.replies.push(`You have been resubscribed to messages from ${sender}. Reply STOP to unsubscribe.`);
      break;
    case 'help': {
      const callUs = formatPhone(line?.locationPhone || line?.phoneNumber || to);
      result.replies.push(
        `${line?.locationName ?? 'Forecourt'}: for help, call us at ${callUs}. Reply STOP to unsubscribe.`,
      );
      break;
    }
    default:
      for (const listener of inboundTextListeners) {
        await listener(db, {
          messageId: recorded.id,
          from,
          to,
          body: params.Body,
          locationId: line?.locationId ?? null,
          phoneId: line?.id ?? null,
        });
      }
      break;
  }
  for (const reply of result.replies) response.message(reply);
  return { ...result, twiml: response.toString() };
}

export async function receiveMessageStatus(db: Db, services: InboundServices, raw: Params): Promise<Applied> {
  const params = parseInput(messageStatusParams, raw);
  const errorCode = params.ErrorCode && /^\d{1,9}$/.test(params.ErrorCode) ? Number(params.ErrorCode) : null;
  return applyMessageStatus(db, {
    sid: params.MessageSid,
    status: params.MessageStatus,
    at: services.clock.now(),
    errorCode,
  });
}

export interface InboundCallResult {
  twiml: string;
  outcome: Outcome | { kind: 'not-in-service' } | { kind: 'answered' };
  callSid: string;
  lineId: number | null;
}

/**
 * A call to one of our lines: recorded once, then answered with the line's call plan. Twilio comes
 * back after each unanswered ring (`step`) and after a voicemail (`done`).
 */
export async function receiveInboundCall(
  db: Db,
  services: InboundServices,
  raw: Params,
  query: { step?: unknown; done?: unknown } = {},
): Promise<InboundCallResult> {
  const params = parseInput(voiceParams, raw);
  const to = number(params.To);
  const line = await lineFor(db, to);
  const base = { callSid: params.CallSid, lineId: line?.id ?? null };
  if (query.done !== undefined || params.DialCallStatus === 'completed' || params.DialCallStatus === 'answered') {
    return { ...base, twiml: hangupTwiml(), outcome: { kind: 'answered' } };
  }
  if (!line || !line.active) {
    const response = new VoiceResponse();
    response.say('The number you have called is not in service.');
    response.hangup();
    return { ...base, twiml: response.toString(), outcome: { kind: 'not-in-service' } };
  }
  const now = services.clock.now();
  const step = Number(query.step);
  if (!Number.isInteger(step) || step <= 0) {
    await db
      .insert(calls)
      .values({
        callSid: params.CallSid,
        phoneId: line.id,
        locationId: line.locationId,
        direction: 'inbound',
        from: number(params.From),
        to,
        status: params.CallStatus === 'in-progress' ? 'in-progress' : 'ringing',
        startedAt: now,
        statusAt: now,
      })
      .onConflictDoNothing();
  }
  const actions = await db
    .select()
    .from(phoneActions)
    .where(eq(phoneActions.phoneId, line.id))
    .orderBy(asc(phoneActions.position), asc(phoneActions.id));
  const userIds = [...new Set(actions.flatMap((a) => a.userIds))];
  const staff = userIds.length
    ? await db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, userIds))
    : [];
  const steps = planSteps(line, actions, new Map(staff.filter((u) => u.phone).map((u) => [u.id, u.phone])));
  const url = (path: string) => publicAddress(services.config.PUBLIC_URL, path);
  const rendered = renderCall(steps, Number.isInteger(step) && step > 0 ? step : 0, {
    now,
    timeZone: line.timeZone || DEFAULT_TIME_ZONE,
    name: line.locationName,
    voiceUrl: (n) => `${url(webhookPaths.voice)}?${n === 'done' ? 'done=1' : `step=${n}`}`,
    answeredUrl: (userId) => `${url(webhookPaths.voiceAnswered)}?userId=${userId}`,
    recordingUrl: url(webhookPaths.callStatus),
  });
  return { ...base, ...rendered };
}

/** A ring-group member picked up: the call is theirs in the activity reports. */
export async function receiveAnswered(db: Db, raw: Params, userId: number): Promise<Applied> {
  const params = parseInput(answeredParams, raw);
  const sid = params.ParentCallSid ?? params.CallSid;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return 'unknown';
  const updated = await db.update(calls).set({ userId }).where(eq(calls.callSid, sid)).returning({ id: calls.id });
  return updated.length ? 'applied' : 'unknown';
}

/**
 * A call's status callback. One for a call make-call has asked for but whose id it has not written
 * yet first gives that call its id (adoptRequestedCall), so the status is not lost.
 */
export async function receiveCallStatus(db: Db, services: InboundServices, raw: Params): Promise<Applied> {
  const params = parseInput(callStatusParams, raw);
  const update = {
    sid: params.CallSid,
    status: params.CallStatus,
    at: when(services, params.Timestamp),
    durationSeconds: params.CallDuration ? Number(params.CallDuration) : undefined,
    recordingUrl: params.RecordingUrl,
  };
  const applied = await applyCallStatus(db, update);
  if (applied !== 'unknown' || !params.From || !params.To) return applied;
  await adoptRequestedCall(db, { sid: params.CallSid, from: number(params.From), to: number(params.To) });
  return applyCallStatus(db, update);
}
