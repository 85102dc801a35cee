import { and, eq, ilike, like, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { VoiceResponse } from '../../server/providers/telephony/twiml';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { defineListAction, equals, fromDay, renderTable, toDay } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { toE164 } from '../../server/platform/phone';
import { containing } from '../../server/platform/search';
import { reachesLocation } from '../../server/platform/reach';
import { passGate, placeCall, type Line } from '../../server/outreach/send-gate';
import { applyCallStatus, isFinalCallStatus } from './status';
import { formatPhone } from '../../shared/format';
import { locations } from '../locations/locations.db';
import { nameOf, userName, users } from '../users/users.db';
import { callRecords, calls, phoneRecords, phones } from './phones.db';
import {
  callColumns,
  endCall,
  finalCallStatuses,
  formatDuration,
  loadCalls,
  loadProviderCalls,
  makeCall,
  makeCallInput,
  providerCallsInput,
  providerCallColumns,
  requestedCallSid,
  transferCall,
  type CallStatus,
} from './phones.contract';
import { durationSql, e164, findPhone } from './phones.queries';
import { addDays, DEFAULT_TIME_ZONE, zonedDayStart } from '../../server/platform/days';
import type { CallQuery, ProviderCall, StatusEvent } from '../../server/providers/telephony/telephony';
import type { Db } from '../../server/db/client';
import type { z } from 'zod';

defineListAction({
  contract: loadCalls,
  summary:
    'Calls of the group, newest first: by location, line, agent, direction, status, days (minCreatedAt, maxCreatedAt) and number.',
  permission: 'phoneLookup',
  reach: calls.locationId,
  records: { phoneId: phoneRecords },
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location, 30 days', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    {
      name: 'location, missed inbound',
      filters: { locationId: s.locationId, direction: 'inbound', status: 'no-answer' },
    },
    { name: 'agent, 30 days', filters: { userId: s.userId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'location, deep pages', filters: { locationId: s.locationId }, depth: 10 },
    { name: 'number', filters: { query: '5055550142' } },
  ],
  columns: callColumns,
  sorts: { startedAt: calls.startedAt },
  defaultSort: 'startedAt',
  defaultDir: 'desc',
  id: { key: 'id', column: calls.id },
  filters: {
    locationId: equals(calls.locationId),
    phoneId: equals(calls.phoneId),
    userId: equals(calls.userId),
    direction: equals(calls.direction),
    status: equals(calls.status),
    minCreatedAt: fromDay(calls.startedAt),
    maxCreatedAt: toDay(calls.startedAt),
    query: callSearch,
  },
  query: ({ db }) => ({
    select: db
      .select({
        id: calls.id,
        callSid: calls.callSid,
        startedAt: calls.startedAt,
        direction: calls.direction,
        from: calls.from,
        to: calls.to,
        status: calls.status,
        durationSeconds: calls.durationSeconds,
        duration: durationSql(calls.durationSeconds).as('duration'),
        locationId: calls.locationId,
        locationName: locations.name,
        phoneId: calls.phoneId,
        phoneDescription: phones.description,
        userId: calls.userId,
        userName: userName.as('user_name'),
        recordingUrl: calls.recordingUrl,
        transferredTo: calls.transferredTo,
      })
      .from(calls)
      .leftJoin(locations, eq(locations.id, calls.locationId))
      .leftJoin(phones, eq(phones.id, calls.phoneId))
      .leftJoin(users, eq(users.id, calls.userId))
      .$dynamic(),
  }),
});

/** A whole number finds its calls by index; some digits search both numbers; a CA… id finds one call. */
function callSearch(query: string): SQL {
  if (/^CA[0-9a-fA-F]{32}$/.test(query)) return eq(calls.callSid, query);
  const number = /\d{10}/.test(query.replace(/\D/g, '')) ? toE164(query) : null;
  if (number) return or(eq(calls.from, number), eq(calls.to, number))!;
  const digits = query.replace(/\D/g, '');
  if (digits.length >= 3) return or(like(calls.from, `%${digits}%`), like(calls.to, `%${digits}%`))!;
  const pattern = containing(query);
  return or(ilike(phones.description, pattern), ilike(locations.name, pattern), ilike(nameOf(), pattern))!;
}

/** What the provider is asked for: a status, whole days in the group's time zone, 50 calls unless told. */
function providerQuery(input: z.infer<typeof providerCallsInput>): CallQuery {
  return {
    status: input.status,
    after: input.minCreatedAt ? zonedDayStart(input.minCreatedAt, DEFAULT_TIME_ZONE) : undefined,
    // The start of the next day, not 24 hours on: the day the clocks go back has 25.
    before: input.maxCreatedAt ? zonedDayStart(addDays(input.maxCreatedAt, 1), DEFAULT_TIME_ZONE) : undefined,
    limit: input.limit ?? 50,
  };
}

/** The group's lines among these numbers, with their locations. */
async function linesAmong(db: Db, numbers: string[]) {
  return numbers.length
    ? await db
        .select({
          id: phones.id,
          phoneNumber: phones.phoneNumber,
          description: phones.description,
          locationId: phones.locationId,
          locationName: locations.name,
        })
        .from(phones)
        .innerJoin(locations, eq(locations.id, phones.locationId))
        .where(
          sql`${phones.phoneNumber} in (${sql.join(
            numbers.map((n) => sql`${n}`),
            sql`, `,
          )})`,
        )
    : [];
}
type LineOfCall = Awaited<ReturnType<typeof linesAmong>>[number];

/** A provider's call as JSON sends it: ISO timestamps; the provider's statuses are Twilio's call statuses. */
function providerCallRow(c: ProviderCall, line: LineOfCall | undefined) {
  return {
    callSid: c.sid,
    startedAt: c.startedAt?.toISOString() ?? null,
    endedAt: c.endedAt?.toISOString() ?? null,
    direction: c.direction,
    from: c.from,
    to: c.to,
    status: c.status as CallStatus,
    durationSeconds: c.durationSeconds,
    duration: formatDuration(c.durationSeconds),
    live: !isFinalCallStatus(c.status),
    phoneId: line?.id ?? null,
    phoneDescription: line?.description ?? null,
    locationName: line?.locationName ?? null,
  };
}

defineAction({
  contract: loadProviderCalls,
  summary: 'Calls as the telephony provider sees them right now, newest first (live calls to end or transfer).',
  permission: 'phoneLookup',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, services, user }) {
    const found = await services.telephony.listCalls(db, providerQuery(input));
    const lines = await linesAmong(db, [...new Set(found.flatMap((c) => [c.from, c.to]))]);
    const lineOf = new Map(lines.map((l) => [l.phoneNumber, l]));
    // The provider knows every call of the account: only those on lines within reach are shown.
    const rows = found.flatMap((c) => {
      const line = lineOf.get(c.direction === 'inbound' ? c.to : c.from) ?? lineOf.get(c.to) ?? lineOf.get(c.from);
      if (!reachesLocation(user.reach, line?.locationId)) return [];
      return providerCallRow(c, line);
    });
    return {
      rows,
      html: renderTable(providerCallColumns, rows),
      callCount: rows.length,
      liveCount: rows.filter((r) => r.live).length,
      provider: services.telephony.name,
    };
  },
});

async function liveCall(db: Db, callSid: string) {
  const [row] = await db.select().from(calls).where(eq(calls.callSid, callSid));
  if (!row) throw AppError.notFound(`There is no call ${callSid}.`);
  if (isFinalCallStatus(row.status))
    throw AppError.conflict(`This call has already ended (${row.status}).`, ['callSid']);
  return row;
}
type Call = typeof calls.$inferSelect;

/** What the helpers of a part of an `outside` action use. */
type Part = Pick<ActionContext<unknown>, 'db' | 'audit' | 'user' | 'services'>;

/** An error as the audit row keeps it. */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The statuses the carrier reported with its answer, applied as its callbacks would be. */
async function applyCarrierEvents(db: Db, sid: string, events: StatusEvent[]) {
  for (const event of events)
    await applyCallStatus(db, { sid, status: event.status, at: event.at, durationSeconds: event.durationSeconds });
}

/**
 * While the carrier is asked to end or transfer a call, the call is held: its `updated_at` lies this
 * far ahead, and another end or transfer finds it held and is refused instead of asking the carrier
 * again. Longer than the carrier's timeout (10 s); a hold left by a process that died lapses by itself.
 */
const heldUntil = () => sql`now() + interval '30 seconds'`;
type CarrierRequest = { request: 'end' } | { request: 'transfer'; to: string };

/** Holds a live call for a request to the carrier (its own part, audited), or refuses as the call stands. */
async function holdCall(c: Part, call: Call, request: CarrierRequest) {
  const [held] = await c.db
    .update(calls)
    .set({ updatedAt: heldUntil() })
    .where(
      and(eq(calls.id, call.id), notInArray(calls.status, [...finalCallStatuses]), lte(calls.updatedAt, sql`now()`)),
    )
    .returning({ status: calls.status });
  if (!held) {
    await liveCall(c.db, call.callSid);
    throw AppError.conflict('This call is being ended or transferred right now; try again in a moment.', ['callSid']);
  }
  c.audit({ recordType: 'call', recordId: call.callSid, before: { status: held.status }, after: request });
}

/** The carrier refused or did not answer: the call is let go, and its audit row says why. */
async function releaseCall(c: Part, call: Call, request: CarrierRequest, error: unknown) {
  await c.db.update(calls).set({ updatedAt: sql`now()` }).where(eq(calls.id, call.id));
  c.audit({ recordType: 'call', recordId: call.callSid, before: request, after: { refused: reasonOf(error) } });
}

/**
 * Asks the carrier with no transaction open, the call held meanwhile (issue 29). A refusal, or a call
 * the carrier does not know, releases it and answers as before: the carrier's sentence, or a 404.
 */
async function whileHeld<T>(
  ctx: ActionContext<unknown>,
  call: Call,
  request: CarrierRequest,
  ask: () => Promise<T | null>,
): Promise<T> {
  await ctx.change((c) => holdCall(c, call, request));
  const answer = await ask().catch(async (error: unknown) => {
    await ctx.change((c) => releaseCall(c, call, request, error));
    throw error;
  });
  if (answer) return answer;
  const unknown = AppError.notFound(`The telephony provider does not know call ${call.callSid}.`);
  await ctx.change((c) => releaseCall(c, call, request, unknown));
  throw unknown;
}

/** The carrier ended the call: its statuses applied and the hold let go, in one part. */
async function keepEnded(c: Part, before: Call, ended: ProviderCall) {
  await applyCarrierEvents(c.db, before.callSid, ended.events);
  const [after] = await c.db
    .update(calls)
    .set({ updatedAt: sql`now()` })
    .where(eq(calls.id, before.id))
    .returning({ status: calls.status, durationSeconds: calls.durationSeconds });
  c.audit({ recordType: 'call', recordId: before.callSid, before: { status: before.status }, after });
  return after;
}

defineAction({
  contract: endCall,
  summary: 'Hangs up a live call through the provider.',
  permission: 'phoneAdmin',
  reach: { callSid: callRecords },
  outside: true,
  async handler(ctx) {
    const before = await liveCall(ctx.db, ctx.input.callSid);
    const ended = await whileHeld(ctx, before, { request: 'end' }, () =>
      ctx.services.telephony.endCall(ctx.db, before.callSid),
    );
    const after = await ctx.change((c) => keepEnded(c, before, ended));
    return { callSid: before.callSid, status: after.status, message: 'The call has been ended.' };
  },
});

/** The number to transfer a call to: a line of ours or a number typed, not the call's own, through the gate. */
async function transferTarget(ctx: ActionContext<z.infer<typeof transferCall.input>>, call: Call) {
  const { db, input, services } = ctx;
  let target: string;
  if (input.phoneId) target = (await findPhone(db, input.phoneId)).phoneNumber;
  else if (input.to) target = e164(input.to, 'to', 'Number');
  else throw AppError.invalid('Choose a line or type a number to transfer the call to.', ['to', 'phoneId']);
  if (target === call.from || target === call.to)
    throw AppError.invalid('The call is already on that number; choose another.', ['to']);
  return passGate(db, {
    to: target,
    channel: 'call',
    purpose: 'transactional',
    locationId: call.locationId,
    now: services.clock.now(),
  });
}

/** The carrier moved the call: where to is kept and the hold let go, in one part. */
async function keepTransfer(c: Part, call: Call, target: string) {
  await c.db.update(calls).set({ transferredTo: target, updatedAt: sql`now()` }).where(eq(calls.id, call.id));
  c.audit({
    recordType: 'call',
    recordId: call.callSid,
    before: { transferredTo: call.transferredTo },
    after: { transferredTo: target },
  });
}

defineAction({
  contract: transferCall,
  summary: 'Connects the other party of a live call to another line (phoneId) or number (to).',
  permission: 'phoneAdmin',
  reach: { callSid: callRecords, phoneId: phoneRecords },
  outside: true,
  async handler(ctx) {
    const call = await liveCall(ctx.db, ctx.input.callSid);
    const target = await transferTarget(ctx, call);
    const ours = call.direction === 'inbound' ? call.to : call.from;
    await whileHeld(ctx, call, { request: 'transfer', to: target }, () =>
      ctx.services.telephony.transferCall(ctx.db, call.callSid, target, ours),
    );
    await ctx.change((c) => keepTransfer(c, call, target));
    return {
      callSid: call.callSid,
      transferredTo: target,
      message: `The call has been transferred to ${formatPhone(target)}.`,
    };
  },
});

/**
 * The line a call goes out on: the one chosen, or the location's outbound line (the caller's location
 * unless another is named); an inactive line places no call.
 */
async function callingLine(db: Db, input: z.infer<typeof makeCallInput>, userLocationId: number | null) {
  let line;
  if (input.phoneId) {
    line = await findPhone(db, input.phoneId);
  } else {
    const locationId = input.locationId ?? userLocationId;
    if (!locationId) throw AppError.invalid('Choose the line or the location to call from.', ['phoneId', 'locationId']);
    [line] = await db
      .select()
      .from(phones)
      .where(and(eq(phones.locationId, locationId), eq(phones.outbound, true)));
    if (!line)
      throw AppError.invalid(
        'That location has no outbound line; choose a line to call from, or set one with replace outbound number.',
        ['phoneId'],
      );
  }
  if (!line.active)
    throw AppError.conflict(`${formatPhone(line.phoneNumber)} is not active; choose an active line.`, ['phoneId']);
  return line;
}
type CallingLine = Awaited<ReturnType<typeof callingLine>>;

/** The caller's own phone and first name: the call rings that phone, so a caller without one is refused. */
async function callerOf(db: Db, userId: number) {
  const [me] = await db
    .select({ phone: users.phone, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  if (!me?.phone)
    throw AppError.invalid('Add your phone number to your profile first: the call connects the customer to it.', [
      'to',
    ]);
  return { phone: me.phone, firstName: me.firstName };
}

/** What the customer hears on answering: who calls from which store, then the caller's phone rings. */
async function connectingTwiml(db: Db, line: CallingLine, me: { phone: string; firstName: string }) {
  const [location] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, line.locationId));
  const response = new VoiceResponse();
  response.say(`Hello, this is ${me.firstName} from ${location.name}. Please hold while we connect you.`);
  response.dial({ callerId: line.phoneNumber }, me.phone);
  return response.toString();
}

/** The line as the send gate takes it. */
function gateLineOf(line: CallingLine): Line {
  return { id: line.id, phoneNumber: line.phoneNumber, locationId: line.locationId, active: line.active };
}

/**
 * A requested call still without the carrier's id after this long was left by a process that died
 * (the carrier answers within its 10 s timeout): it no longer stops the number from being called.
 */
const abandonedBefore = () => sql`now() - interval '2 minutes'`;

/** A requested call left behind by a process that died is dropped, with its audit row. */
async function dropAbandonedRequest(c: Part, callSid: string) {
  const dropped = await c.db
    .delete(calls)
    .where(and(eq(calls.callSid, callSid), lt(calls.updatedAt, abandonedBefore())))
    .returning();
  for (const before of dropped) c.audit({ recordType: 'call', recordId: callSid, before, after: { abandoned: true } });
}

/**
 * The call as asked of the carrier, written before it is asked (its own part, audited): queued, under
 * the number's requested id, whose unique index lets one request at a time dial a customer.
 */
async function requestCall(c: Part, line: CallingLine, call: { to: string; from: string }) {
  const callSid = requestedCallSid(call.to);
  await dropAbandonedRequest(c, callSid);
  const now = c.services.clock.now();
  const [requested] = await c.db
    .insert(calls)
    .values({
      callSid,
      phoneId: line.id,
      locationId: line.locationId,
      direction: 'outbound',
      from: call.from,
      to: call.to,
      status: 'queued',
      userId: c.user.id,
      startedAt: now,
      statusAt: now,
    })
    .onConflictDoNothing({ target: calls.callSid })
    .returning();
  if (!requested)
    throw AppError.conflict(`A call to ${formatPhone(call.to)} is already being placed; wait for it to ring.`, ['to']);
  c.audit({ recordType: 'call', recordId: callSid, after: { status: 'requested', to: call.to, from: call.from } });
  return requested;
}

/**
 * The carrier refused or did not answer: the requested call goes, and its audit row says why. One a
 * callback already gave an id to was placed after all, and stays as the carrier reports it.
 */
async function dropRequestedCall(c: Part, requested: Call, error: unknown) {
  const dropped = await c.db
    .delete(calls)
    .where(and(eq(calls.id, requested.id), eq(calls.callSid, requested.callSid)))
    .returning({ id: calls.id });
  if (dropped.length)
    c.audit({
      recordType: 'call',
      recordId: requested.callSid,
      before: { status: 'requested' },
      after: { refused: reasonOf(error) },
    });
}

/**
 * The carrier placed the call: its id replaces the requested one (unless a callback did it first) and
 * the statuses it reported are applied. A request dropped as abandoned meanwhile is written again.
 */
async function keepPlacedCall(c: Part, requested: Call, placed: ProviderCall) {
  const [kept] = await c.db
    .update(calls)
    .set({ callSid: placed.sid, updatedAt: sql`now()` })
    .where(eq(calls.id, requested.id))
    .returning({ id: calls.id });
  if (!kept)
    await c.db
      .insert(calls)
      .values({ ...requested, id: undefined, callSid: placed.sid })
      .onConflictDoNothing();
  await applyCarrierEvents(c.db, placed.sid, placed.events);
  const [call] = await c.db.select().from(calls).where(eq(calls.callSid, placed.sid));
  c.audit({
    recordType: 'call',
    recordId: placed.sid,
    before: { callSid: requested.callSid },
    after: { to: call.to, from: call.from, phoneId: call.phoneId },
  });
  return call;
}

defineAction({
  contract: makeCall,
  summary:
    "Calls a customer from a line (or the location's outbound line) and connects them to your phone; goes through the send gate.",
  permission: 'messenger',
  reach: { phoneId: phoneRecords },
  rateLimit: 30,
  // The carrier is asked with no transaction open: the call is written as requested first, its id after.
  outside: true,
  async handler(ctx) {
    const { db, input, user, services } = ctx;
    const line = await callingLine(db, input, user.locationId);
    const twiml = await connectingTwiml(db, line, await callerOf(db, user.id));
    const request = { to: input.to, purpose: 'transactional', line: gateLineOf(line), userId: user.id, twiml } as const;
    const call = await placeCall(db, services, request, {
      asked: (number) => ctx.change((c) => requestCall(c, line, number)),
      refused: (requested, error) => ctx.change((c) => dropRequestedCall(c, requested, error)),
      placed: (requested, placed) => ctx.change((c) => keepPlacedCall(c, requested, placed)),
    });
    return {
      callId: call.id,
      callSid: call.callSid,
      to: call.to,
      from: call.from,
      status: call.status,
      message: `Calling ${formatPhone(call.to)} from ${formatPhone(call.from)}.`,
    };
  },
});
