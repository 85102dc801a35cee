import { and, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import { VoiceResponse } from '../../server/providers/telephony/twiml';
import { defineAction } from '../../server/platform/actions';
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
  formatDuration,
  loadCalls,
  loadProviderCalls,
  makeCall,
  makeCallInput,
  providerCallsInput,
  providerCallColumns,
  transferCall,
  type CallStatus,
} from './phones.contract';
import { durationSql, e164, findPhone } from './phones.queries';
import { DEFAULT_TIME_ZONE, zonedDayStart } from '../../server/platform/days';
import type { CallQuery, ProviderCall } from '../../server/providers/telephony/telephony';
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
    before: input.maxCreatedAt
      ? new Date(zonedDayStart(input.maxCreatedAt, DEFAULT_TIME_ZONE).getTime() + 86_400_000)
      : undefined,
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

async function liveCall(db: Parameters<typeof findPhone>[0], callSid: string) {
  const [row] = await db.select().from(calls).where(eq(calls.callSid, callSid));
  if (!row) throw AppError.notFound(`There is no call ${callSid}.`);
  if (isFinalCallStatus(row.status))
    throw AppError.conflict(`This call has already ended (${row.status}).`, ['callSid']);
  return row;
}

defineAction({
  contract: endCall,
  summary: 'Hangs up a live call through the provider.',
  permission: 'phoneAdmin',
  reach: { callSid: callRecords },
  async handler({ db, input, services, audit }) {
    const before = await liveCall(db, input.callSid);
    const ended = await services.telephony.endCall(db, input.callSid);
    if (!ended) throw AppError.notFound(`The telephony provider does not know call ${input.callSid}.`);
    for (const event of ended.events) {
      await applyCallStatus(db, {
        sid: input.callSid,
        status: event.status,
        at: event.at,
        durationSeconds: event.durationSeconds,
      });
    }
    const [after] = await db
      .select({ status: calls.status, durationSeconds: calls.durationSeconds })
      .from(calls)
      .where(eq(calls.id, before.id));
    audit({ recordType: 'call', recordId: input.callSid, before: { status: before.status }, after });
    return { callSid: input.callSid, status: after.status, message: 'The call has been ended.' };
  },
});

defineAction({
  contract: transferCall,
  summary: 'Connects the other party of a live call to another line (phoneId) or number (to).',
  permission: 'phoneAdmin',
  reach: { callSid: callRecords, phoneId: phoneRecords },
  async handler({ db, input, services, audit }) {
    const call = await liveCall(db, input.callSid);
    let target: string;
    if (input.phoneId) target = (await findPhone(db, input.phoneId)).phoneNumber;
    else if (input.to) target = e164(input.to, 'to', 'Number');
    else throw AppError.invalid('Choose a line or type a number to transfer the call to.', ['to', 'phoneId']);
    if (target === call.from || target === call.to)
      throw AppError.invalid('The call is already on that number; choose another.', ['to']);
    target = await passGate(db, {
      to: target,
      channel: 'call',
      purpose: 'transactional',
      locationId: call.locationId,
      now: services.clock.now(),
    });
    const ours = call.direction === 'inbound' ? call.to : call.from;
    const moved = await services.telephony.transferCall(db, input.callSid, target, ours);
    if (!moved) throw AppError.notFound(`The telephony provider does not know call ${input.callSid}.`);
    await db.update(calls).set({ transferredTo: target, updatedAt: sql`now()` }).where(eq(calls.id, call.id));
    audit({
      recordType: 'call',
      recordId: input.callSid,
      before: { transferredTo: call.transferredTo },
      after: { transferredTo: target },
    });
    return {
      callSid: input.callSid,
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

defineAction({
  contract: makeCall,
  summary:
    "Calls a customer from a line (or the location's outbound line) and connects them to your phone; goes through the send gate.",
  permission: 'messenger',
  reach: { phoneId: phoneRecords },
  rateLimit: 30,
  async handler({ db, input, user, services, audit }) {
    const line = await callingLine(db, input, user.locationId);
    const me = await callerOf(db, user.id);
    const twiml = await connectingTwiml(db, line, me);
    const placed = await placeCall(db, services, {
      to: input.to,
      purpose: 'transactional',
      line: gateLineOf(line),
      userId: user.id,
      twiml,
    });
    audit({
      recordType: 'call',
      recordId: placed.callSid,
      after: { to: placed.to, from: placed.from, phoneId: line.id },
    });
    // The gate reads the status back from the calls table, where it is a CallStatus.
    return {
      ...placed,
      status: placed.status as CallStatus,
      message: `Calling ${formatPhone(placed.to)} from ${formatPhone(placed.from)}.`,
    };
  },
});
