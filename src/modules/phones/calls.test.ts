import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { createLine, postWebhook, setClock } from '../../../tests/telephony';
import { failProvider, holdProvider, replaceProvider } from '../../../tests/provider-calls';
import { auditLog, outbox } from '../../server/platform/platform.db';
import { AppError } from '../../server/platform/errors';
import { recordOptOut } from '../../server/outreach/send-gate';
import { PROVIDER_UNAVAILABLE } from '../../server/providers/telephony/twilio';
import { webhookPaths } from '../../server/providers/telephony/telephony';
import { users } from '../users/users.db';
import { calls, messages, optOuts, phoneActions, phones } from './phones.db';
import type { CallStatus } from './phones.contract';
import { DEMO_ADMIN_PHONE } from './phones.seed';
import {
  endCall,
  gecUserActivity,
  lineActivity,
  loadCalls,
  loadProviderCalls,
  locationActivity,
  makeCall,
  messageActivity,
  transferCall,
  userActivity,
} from './phones.contract';

let t: TestApp;
let admin: Caller;
let agent: Caller;
let agentId: number;
let bdc: { id: number; name: string };
let store: Awaited<ReturnType<typeof createLine>>;
let service: typeof phones.$inferSelect;

let seq = 0;
const callSid = () => `CA${String((seq += 1)).padStart(32, '0')}`;

beforeAll(async () => {
  t = await testApp();
  admin = await t.signedIn(['phoneAdmin', 'phoneLookup']);
  store = await createLine(
    t,
    { description: 'Main', outbound: true },
    { name: 'Mesa Mazda', timeZone: 'America/Denver' },
  );
  [service] = await t.db
    .insert(phones)
    .values({ description: 'Service desk', phoneNumber: '+15052669050', locationId: store.location.id })
    .returning();
  const me = await t.createUser({
    flags: ['messenger'],
    phone: '+15055552000',
    firstName: 'Rosa',
    lastName: 'Baca',
    locationId: store.location.id,
  });
  agentId = me.id;
  agent = await t.sessionFor(me.id);
  const gec = await t.createUser({ jobCode: 'BDC', firstName: 'Gil', lastName: 'Otero', phone: '+15055552001' });
  bdc = { id: gec.id, name: 'Gil Otero' };

  // A known set of calls on the test location: Denver days, so 03:30 UTC on the 3rd is the evening of the 2nd.
  const rows: [string, 'inbound' | 'outbound', CallStatus, number, number | null, number][] = [
    ['2026-11-01T16:00:00Z', 'inbound', 'completed', 120, agentId, store.line.id],
    ['2026-11-02T16:00:00Z', 'inbound', 'no-answer', 0, null, store.line.id],
    ['2026-11-03T03:30:00Z', 'outbound', 'completed', 300, agentId, store.line.id],
    ['2026-11-03T16:00:00Z', 'inbound', 'completed', 45, bdc.id, service.id],
    ['2026-11-04T16:00:00Z', 'outbound', 'busy', 0, bdc.id, service.id],
  ];
  await t.db.insert(calls).values(
    rows.map(([at, direction, status, duration, userId, phoneId], i) => {
      const line = phoneId === service.id ? service : store.line;
      const customer = `+1505555${String(600 + i).padStart(4, '0')}`;
      const startedAt = new Date(at);
      return {
        callSid: callSid(),
        phoneId,
        locationId: store.location.id,
        direction,
        status,
        userId,
        durationSeconds: duration,
        startedAt,
        from: direction === 'inbound' ? customer : line.phoneNumber,
        to: direction === 'inbound' ? line.phoneNumber : customer,
        answeredAt: status === 'completed' ? startedAt : null,
        endedAt: new Date(startedAt.getTime() + duration * 1000),
      };
    }),
  );
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => setClock(t, '2026-11-05T18:00:00Z'));

type Row = {
  callSid: string;
  startedAt: string;
  direction: string;
  status: string;
  durationSeconds: number;
  duration: string;
  from: string;
  to: string;
  userName: string | null;
  phoneDescription: string | null;
  locationName: string;
};

describe('phones/calls/load-calls', () => {
  const load = async (filters: Record<string, unknown>) => {
    const res = await admin.act(loadCalls, { locationId: store.location.id, ...filters });
    expect(res.status).toBe(200);
    return res.body.data as { rows: Row[]; callCount: number; html: string; nextCursor: string | null };
  };

  it("lists a location's calls newest first with names, durations, callCount and html", async () => {
    const data = await load({});
    expect(data.callCount).toBe(5);
    expect(data.rows.map((r) => r.startedAt)).toEqual([
      '2026-11-04T16:00:00+00:00',
      '2026-11-03T16:00:00+00:00',
      '2026-11-03T03:30:00+00:00',
      '2026-11-02T16:00:00+00:00',
      '2026-11-01T16:00:00+00:00',
    ]);
    expect(data.rows[2]).toMatchObject({
      direction: 'outbound',
      status: 'completed',
      durationSeconds: 300,
      duration: '5:00',
      userName: 'Rosa Baca',
      phoneDescription: 'Main',
      locationName: 'Mesa Mazda',
    });
    expect(data.html).toContain('<td>Mesa Mazda</td>');
    expect(data.html).toContain('<td>Rosa Baca</td>');
  });

  it('filters by line, direction, status and agent', async () => {
    expect((await load({ phoneId: service.id })).callCount).toBe(2);
    expect((await load({ direction: 'outbound' })).rows.map((r) => r.status)).toEqual(['busy', 'completed']);
    expect((await load({ status: 'no-answer' })).rows.map((r) => r.startedAt)).toEqual(['2026-11-02T16:00:00+00:00']);
    expect((await load({ userId: agentId })).callCount).toBe(2);
  });

  it("reads minCreatedAt and maxCreatedAt as days on the location's clock", async () => {
    const day = await load({ minCreatedAt: '2026-11-02', maxCreatedAt: '2026-11-02' });
    expect(day.rows.map((r) => r.startedAt)).toEqual(['2026-11-03T03:30:00+00:00', '2026-11-02T16:00:00+00:00']);
    expect((await load({ minCreatedAt: '2026-11-03' })).callCount).toBe(2);
    expect((await load({ maxCreatedAt: '2026-11-01' })).callCount).toBe(1);
    // The wrong way round is a sentence naming the fields as the screen labels them, not "0 calls".
    const reversed = await admin.act(loadCalls, { minCreatedAt: '2026-11-03', maxCreatedAt: '2026-11-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual(['To must be on or after From.']);
  });

  it('searches by a whole number, some digits, a call id or an agent', async () => {
    expect((await load({ query: '(505) 555-0600' })).rows.map((r) => r.from)).toEqual(['+15055550600']);
    expect((await load({ query: '0602' })).rows.map((r) => r.to)).toEqual(['+15055550602']);
    const first = (await load({})).rows[0];
    expect((await load({ query: first.callSid })).rows.map((r) => r.callSid)).toEqual([first.callSid]);
    expect((await load({ query: 'otero' })).callCount).toBe(2);
    expect((await load({ query: '%' })).callCount).toBe(0);
  });

  it('pages by cursor without repeats', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const data = await load({ limit: 2, cursor });
      seen.push(...data.rows.map((r) => r.callSid));
      cursor = data.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(5);
  });

  it('refuses bad filters with sentences', async () => {
    const bad = await admin.act(loadCalls, { minCreatedAt: '11/02/2026', direction: 'sideways' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Direction must be inbound or outbound.', 'From must be a date as YYYY-MM-DD.']);
  });
});

describe('calls through the provider', () => {
  it("make-call calls the customer from the line and connects them to the agent's phone", async () => {
    setClock(t, '2026-11-05T18:00:00Z');
    const res = await agent.call(
      'phones/calls/make-call',
      { phoneId: service.id, to: '(505) 555-0650' },
      { form: true },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      to: '+15055550650',
      from: service.phoneNumber,
      status: 'in-progress',
      message: 'Calling (505) 555-0650 from (505) 266-9050.',
    });
    const [row] = await t.db.select().from(calls).where(eq(calls.callSid, res.body.data.callSid));
    expect(row).toMatchObject({
      direction: 'outbound',
      userId: agentId,
      phoneId: service.id,
      status: 'in-progress',
      answeredAt: new Date('2026-11-05T18:00:05Z'),
    });
    const [local] = await t.db.select().from(outbox).where(eq(outbox.sid, res.body.data.callSid));
    expect(local.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Hello, this is Rosa from Mesa Mazda. Please hold while we connect you.</Say>' +
        `<Dial callerId="${service.phoneNumber}">+15055552000</Dial></Response>`,
    );
  });

  it("make-call without a line uses the location's outbound line", async () => {
    const res = await agent.act(makeCall, { to: '5055550651' });
    expect(res.body.data.from).toBe(store.line.phoneNumber);
  });

  it('the demo admin can place a call out of the box: their own phone is on their profile, their store has an outbound line', async () => {
    const [demoAdmin] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    expect(demoAdmin.phone).toBe(DEMO_ADMIN_PHONE);
    // The demo's ring groups and calls stay the staff's.
    const groups = await t.db
      .select({ userIds: phoneActions.userIds })
      .from(phoneActions)
      .where(eq(phoneActions.kind, 'ring-group'));
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.some((g) => g.userIds.includes(demoAdmin.id))).toBe(false);
    expect(await t.db.select().from(calls).where(eq(calls.userId, demoAdmin.id))).toEqual([]);

    setClock(t, '2026-11-05T18:00:00Z');
    const res = await (await t.sessionFor(demoAdmin.id)).act(makeCall, { to: '(575) 555-0142' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      from: '+15052650100',
      to: '+15755550142',
      message: 'Calling (575) 555-0142 from (505) 265-0100.',
    });
    const [row] = await t.db.select().from(calls).where(eq(calls.callSid, res.body.data.callSid));
    expect(row).toMatchObject({
      direction: 'outbound',
      userId: demoAdmin.id,
      from: '+15052650100',
      to: '+15755550142',
    });
    const [local] = await t.db.select().from(outbox).where(eq(outbox.sid, res.body.data.callSid));
    expect(local.body).toContain(`<Dial callerId="+15052650100">${DEMO_ADMIN_PHONE}</Dial>`);
  });

  it('make-call refuses, with a sentence and no call, what it cannot do', async () => {
    const { line: idle } = await createLine(t, { active: false });
    const { location: bare } = await createLine(t);
    const nobody = await t.signedIn(['messenger']);
    await recordOptOut(t.db, {
      phoneNumber: '+15055550652',
      keyword: 'STOP',
      source: 'keyword',
      at: new Date('2026-11-01T00:00:00Z'),
    });
    const [{ n: before }] = await t.db.select({ n: count() }).from(calls);
    const cases: [Caller, Record<string, unknown>, number, string][] = [
      [
        agent,
        { phoneId: service.id, to: '5055550652' },
        409,
        // Midnight UTC on 1 November is 18:00 on 31 October on the store's clock (MDT, UTC−6).
        '(505) 555-0652 has opted out of texts and calls from the group (STOP on 2026-10-31); they can opt back in by texting START.',
      ],
      [
        agent,
        { phoneId: service.id, to: '+1 555 123 4567' },
        400,
        'The number "+1 555 123 4567" is not a valid phone number.',
      ],
      [agent, { phoneId: service.id, to: 'abc' }, 400, 'Number to call must be a phone number such as (505) 555-0142.'],
      [
        agent,
        { phoneId: idle.id, to: '5055550653' },
        409,
        `(505) ${idle.phoneNumber.slice(5, 8)}-${idle.phoneNumber.slice(8)} is not active; choose an active line.`,
      ],
      [
        agent,
        { locationId: bare.id, to: '5055550653' },
        400,
        'That location has no outbound line; choose a line to call from, or set one with replace outbound number.',
      ],
      [agent, { phoneId: 999_999, to: '5055550653' }, 404, 'That phone does not exist; it may have been deleted.'],
      [
        nobody,
        { phoneId: service.id, to: '5055550653' },
        400,
        'Add your phone number to your profile first: the call connects the customer to it.',
      ],
      [admin, { phoneId: service.id, to: '5055550653' }, 403, 'You do not have permission to do that.'],
    ];
    for (const [caller, body, status, message] of cases) {
      const res = await caller.actRaw(makeCall, body);
      expect(res.status, message).toBe(status);
      expect(res.body.errors[0]).toBe(message);
    }
    const [{ n: after }] = await t.db.select({ n: count() }).from(calls);
    expect(after).toBe(before);
  });

  it('end-call hangs up a live call: completed, with the talk time so far', async () => {
    setClock(t, '2026-11-05T18:00:00Z');
    const made = await agent.act(makeCall, { phoneId: service.id, to: '5055550654' });
    setClock(t, '2026-11-05T18:03:05Z');
    const res = await admin.call('phones/calls/end-call', { callSid: made.body.data.callSid }, { form: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      callSid: made.body.data.callSid,
      status: 'completed',
      message: 'The call has been ended.',
    });
    const [row] = await t.db.select().from(calls).where(eq(calls.callSid, made.body.data.callSid));
    expect(row).toMatchObject({ status: 'completed', durationSeconds: 180, endedAt: new Date('2026-11-05T18:03:05Z') });
    const again = await admin.act(endCall, { callSid: made.body.data.callSid });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual(['This call has already ended (completed).']);
    expect((await admin.act(endCall, { callSid: `CA${'e'.repeat(32)}` })).body.errors).toEqual([
      `There is no call CA${'e'.repeat(32)}.`,
    ]);
    expect((await admin.act(endCall, { callSid: 'CA12' })).body.errors).toEqual([
      'Call sid must be a call id starting with CA.',
    ]);
  });

  it('transfer-call moves a live call to a number or a line, through the gate', async () => {
    const made = await agent.act(makeCall, { phoneId: store.line.id, to: '5055550655' });
    const sid = made.body.data.callSid;
    const toLine = await admin.act(transferCall, { callSid: sid, phoneId: service.id });
    expect(toLine.body.data).toEqual({
      callSid: sid,
      transferredTo: service.phoneNumber,
      message: 'The call has been transferred to (505) 266-9050.',
    });
    const toNumber = await admin.act(transferCall, { callSid: sid, to: '505 555 2001' });
    expect(toNumber.body.data.transferredTo).toBe('+15055552001');
    const [local] = await t.db.select().from(outbox).where(eq(outbox.sid, sid));
    expect((local.meta as { transferredTo: string }).transferredTo).toBe('+15055552001');
    expect((await t.db.select().from(calls).where(eq(calls.callSid, sid)))[0].transferredTo).toBe('+15055552001');

    await recordOptOut(t.db, { phoneNumber: '+15055550656', keyword: 'STOP', source: 'keyword', at: new Date() });
    const refused = await admin.act(transferCall, { callSid: sid, to: '5055550656' });
    expect(refused.status).toBe(409);
    expect((await admin.act(transferCall, { callSid: sid })).body.errors).toEqual([
      'Choose a line or type a number to transfer the call to.',
    ]);
    expect((await admin.act(transferCall, { callSid: sid, to: '5055550655' })).body.errors).toEqual([
      'The call is already on that number; choose another.',
    ]);
    await admin.act(endCall, { callSid: sid });
    const ended = await admin.act(transferCall, { callSid: sid, to: '5055552002' });
    expect(ended.status).toBe(409);
  });

  it("load-twilio-calls shows the local driver's calls, live ones marked, filterable by status", async () => {
    const made = await agent.act(makeCall, { phoneId: service.id, to: '5055550657' });
    const res = await admin.act(loadProviderCalls, {});
    expect(res.status).toBe(200);
    expect(res.body.data.provider).toBe('local');
    expect(res.body.data.rows[0]).toMatchObject({
      callSid: made.body.data.callSid,
      live: true,
      status: 'in-progress',
      phoneDescription: 'Service desk',
      locationName: 'Mesa Mazda',
      to: '+15055550657',
    });
    const live = await admin.act(loadProviderCalls, { status: 'in-progress' });
    expect(live.body.data.rows.every((r: { live: boolean }) => r.live)).toBe(true);
    expect(live.body.data.liveCount).toBe(live.body.data.callCount);
    const done = await admin.act(loadProviderCalls, { status: 'completed', limit: 1 });
    expect(done.body.data.rows).toHaveLength(1);
    expect(done.body.data.rows[0].live).toBe(false);
  });

  it('asks the carrier for whole days on the group clock, the 25-hour day the clocks go back included', async () => {
    const made = await agent.act(makeCall, { phoneId: service.id, to: '5055550658' });
    // 23:30 on 1 November 2026 in Denver, after the clocks went back at 2:00: 06:30 UTC on the 2nd.
    await t.db
      .update(outbox)
      .set({ createdAt: new Date('2026-11-02T06:30:00Z') })
      .where(eq(outbox.sid, made.body.data.callSid));
    const sids = async (day: string) =>
      (await admin.act(loadProviderCalls, { minCreatedAt: day, maxCreatedAt: day })).body.data.rows.map(
        (r) => r.callSid,
      );
    expect(await sids('2026-11-01')).toEqual([made.body.data.callSid]);
    expect(await sids('2026-11-02')).toEqual([]);
  });
});

describe('the carrier asked with no transaction open (issue 29)', () => {
  const telephony = () => t.app.services.telephony;
  const callsTo = (to: string) => t.db.select().from(calls).where(eq(calls.to, to));
  /** The audit rows of an action about these calls, oldest first. */
  const auditsOf = (action: string, ...callSids: string[]) =>
    t.db
      .select({ recordId: auditLog.recordId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.recordType, 'call'), inArray(auditLog.recordId, callSids)))
      .orderBy(asc(auditLog.id));
  /** The call's status, and whether it is held for a request to the carrier. */
  const standing = async (callSid: string) =>
    (
      await t.db
        .select({
          status: calls.status,
          transferredTo: calls.transferredTo,
          held: sql<boolean>`${calls.updatedAt} > now()`,
        })
        .from(calls)
        .where(eq(calls.callSid, callSid))
    )[0];
  let colleague: Caller;
  beforeAll(async () => {
    const user = await t.createUser({ flags: ['messenger'], phone: '+15055552010', locationId: store.location.id });
    colleague = await t.sessionFor(user.id);
  });
  const liveCall = async (to: string) => (await agent.act(makeCall, { phoneId: service.id, to })).body.data.callSid;

  it('make-call writes the call as requested, asks the carrier, then keeps its id: two parts, each audited', async () => {
    const held = holdProvider(telephony(), 'placeCall');
    try {
      const reply = agent.act(makeCall, { phoneId: service.id, to: '5055550660' });
      await held.asked;
      // Committed before the carrier is asked: another connection reads it.
      expect(await callsTo('+15055550660')).toEqual([
        expect.objectContaining({
          callSid: 'requested:+15055550660',
          status: 'queued',
          direction: 'outbound',
          from: service.phoneNumber,
          phoneId: service.id,
          userId: agentId,
        }),
      ]);
      held.release();
      const res = await reply;
      expect(res.status).toBe(200);
      const { callId, callSid } = res.body.data;
      expect(callSid).toMatch(/^CA[0-9a-f]{32}$/);
      expect(await callsTo('+15055550660')).toEqual([
        expect.objectContaining({ id: callId, callSid, status: 'in-progress' }),
      ]);
      expect(await auditsOf('phones/calls/make-call', 'requested:+15055550660', callSid)).toEqual([
        {
          recordId: 'requested:+15055550660',
          before: null,
          after: { status: 'requested', to: '+15055550660', from: service.phoneNumber },
        },
        {
          recordId: callSid,
          before: { callSid: 'requested:+15055550660' },
          after: { to: '+15055550660', from: service.phoneNumber, phoneId: service.id },
        },
      ]);
    } finally {
      held.release();
      held.restore();
    }
  });

  it('a second make-call to the same number while the first is placed is refused: the carrier is asked once', async () => {
    const held = holdProvider(telephony(), 'placeCall');
    try {
      const first = agent.act(makeCall, { phoneId: service.id, to: '5055550661' });
      await held.asked;
      // Another agent, on another line: still one call to the customer.
      const second = await colleague.act(makeCall, { phoneId: store.line.id, to: '(505) 555-0661' });
      expect(second.status).toBe(409);
      expect(second.body.errors).toEqual(['A call to (505) 555-0661 is already being placed; wait for it to ring.']);
      held.release();
      expect((await first).status).toBe(200);
      expect(held.calls()).toBe(1);
      expect(await callsTo('+15055550661')).toHaveLength(1);
    } finally {
      held.release();
      held.restore();
    }
  });

  it('a make-call the carrier cannot take leaves no call, and audit rows for the request and its removal', async () => {
    const restore = failProvider(telephony(), 'placeCall', AppError.upstream(PROVIDER_UNAVAILABLE));
    const res = await agent.act(makeCall, { phoneId: service.id, to: '5055550662' }).finally(restore);
    expect(res.status).toBe(502);
    expect(res.body.errors).toEqual([PROVIDER_UNAVAILABLE]);
    expect(await callsTo('+15055550662')).toEqual([]);
    expect(await auditsOf('phones/calls/make-call', 'requested:+15055550662')).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ status: 'requested' }) }),
      { recordId: 'requested:+15055550662', before: { status: 'requested' }, after: { refused: PROVIDER_UNAVAILABLE } },
    ]);
    // The number is free to call again.
    expect((await agent.act(makeCall, { phoneId: service.id, to: '5055550662' })).status).toBe(200);
  });

  it("a status callback that comes before make-call keeps the carrier's id gives the call its id and status", async () => {
    const provider = telephony();
    const placeCall = provider.placeCall;
    // The carrier calls back while its answer to make-call is still on its way.
    const restore = replaceProvider(provider, 'placeCall', async (db, call) => {
      const placed = await placeCall.call(provider, db, call);
      const callback = {
        CallSid: placed.sid,
        From: call.from,
        To: call.to,
        CallStatus: 'completed',
        CallDuration: '42',
      };
      expect((await postWebhook(t, webhookPaths.callStatus, callback)).status).toBe(200);
      return placed;
    });
    const res = await agent.act(makeCall, { phoneId: service.id, to: '5055550663' }).finally(restore);
    expect(res.status).toBe(200);
    // The carrier's earlier statuses (queued, ringing, in-progress) do not undo the final one.
    expect(res.body.data.status).toBe('completed');
    expect(await callsTo('+15055550663')).toEqual([
      expect.objectContaining({ callSid: res.body.data.callSid, status: 'completed', durationSeconds: 42 }),
    ]);
  });

  it('a requested call left by a process that died no longer stops the number from being called', async () => {
    await t.db.insert(calls).values({
      callSid: 'requested:+15055550664',
      phoneId: service.id,
      locationId: store.location.id,
      direction: 'outbound',
      from: service.phoneNumber,
      to: '+15055550664',
      status: 'queued',
      updatedAt: new Date(Date.now() - 10 * 60_000),
    });
    const res = await agent.act(makeCall, { phoneId: service.id, to: '5055550664' });
    expect(res.status).toBe(200);
    expect((await callsTo('+15055550664')).map((c) => c.callSid)).toEqual([res.body.data.callSid]);
    expect(await auditsOf('phones/calls/make-call', 'requested:+15055550664')).toContainEqual(
      expect.objectContaining({ after: { abandoned: true } }),
    );
  });

  it('end-call holds the call while the carrier is asked: another end or a transfer is refused, the carrier asked once', async () => {
    const callSid = await liveCall('5055550665');
    setClock(t, '2026-11-05T18:01:00Z');
    const held = holdProvider(telephony(), 'endCall');
    try {
      const ending = admin.act(endCall, { callSid });
      await held.asked;
      expect(await standing(callSid)).toMatchObject({ status: 'in-progress', held: true });
      const busy = ['This call is being ended or transferred right now; try again in a moment.'];
      expect((await admin.act(endCall, { callSid })).body.errors).toEqual(busy);
      expect((await admin.act(transferCall, { callSid, to: '5055552001' })).body.errors).toEqual(busy);
      held.release();
      expect((await ending).body.data).toMatchObject({ status: 'completed' });
      expect(held.calls()).toBe(1);
      expect(await standing(callSid)).toMatchObject({ status: 'completed', held: false });
      expect(await auditsOf('phones/calls/end-call', callSid)).toEqual([
        { recordId: callSid, before: { status: 'in-progress' }, after: { request: 'end' } },
        {
          recordId: callSid,
          before: { status: 'in-progress' },
          after: { status: 'completed', durationSeconds: 55 },
        },
      ]);
    } finally {
      held.release();
      held.restore();
    }
  });

  it('an end-call the carrier fails or does not know lets the call go, with an audit row saying why', async () => {
    const callSid = await liveCall('5055550666');
    const failing = failProvider(telephony(), 'endCall', AppError.upstream(PROVIDER_UNAVAILABLE));
    const failed = await admin.act(endCall, { callSid }).finally(failing);
    expect(failed.status).toBe(502);
    expect(failed.body.errors).toEqual([PROVIDER_UNAVAILABLE]);
    expect(await standing(callSid)).toMatchObject({ status: 'in-progress', held: false });
    const unknown = replaceProvider(telephony(), 'endCall', async () => null);
    const missing = await admin.act(endCall, { callSid }).finally(unknown);
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual([`The telephony provider does not know call ${callSid}.`]);
    expect(await auditsOf('phones/calls/end-call', callSid)).toEqual([
      expect.objectContaining({ after: { request: 'end' } }),
      { recordId: callSid, before: { request: 'end' }, after: { refused: PROVIDER_UNAVAILABLE } },
      expect.objectContaining({ after: { request: 'end' } }),
      { recordId: callSid, before: { request: 'end' }, after: { refused: missing.body.errors[0] } },
    ]);
    expect((await admin.act(endCall, { callSid })).body.data).toMatchObject({ status: 'completed' });
  });

  it('transfer-call holds the call while the carrier is asked, then keeps where it went; a second transfer is refused', async () => {
    const callSid = await liveCall('5055550667');
    const held = holdProvider(telephony(), 'transferCall');
    try {
      const moving = admin.act(transferCall, { callSid, to: '5055552001' });
      await held.asked;
      expect(await standing(callSid)).toMatchObject({ transferredTo: null, held: true });
      expect((await admin.act(transferCall, { callSid, phoneId: store.line.id })).status).toBe(409);
      held.release();
      expect((await moving).body.data.transferredTo).toBe('+15055552001');
      expect(held.calls()).toBe(1);
      expect(await standing(callSid)).toMatchObject({ transferredTo: '+15055552001', held: false });
      expect(await auditsOf('phones/calls/transfer-call', callSid)).toEqual([
        { recordId: callSid, before: { status: 'in-progress' }, after: { request: 'transfer', to: '+15055552001' } },
        { recordId: callSid, before: { transferredTo: null }, after: { transferredTo: '+15055552001' } },
      ]);
    } finally {
      held.release();
      held.restore();
    }
  });

  it('a transfer the carrier refuses leaves the call where it was, with an audit row saying why', async () => {
    const callSid = await liveCall('5055550668');
    const refusal = AppError.conflict('Twilio refused the request: Call is not in-progress. (Twilio error 21220)');
    const restore = failProvider(telephony(), 'transferCall', refusal);
    const res = await admin.act(transferCall, { callSid, to: '5055552001' }).finally(restore);
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([refusal.message]);
    expect(await standing(callSid)).toMatchObject({ status: 'in-progress', transferredTo: null, held: false });
    expect((await auditsOf('phones/calls/transfer-call', callSid)).at(-1)).toEqual({
      recordId: callSid,
      before: { request: 'transfer', to: '+15055552001' },
      after: { refused: refusal.message },
    });
  });
});

describe('activity reports', () => {
  const range = { locationId: 0, minCreatedAt: '2026-11-01', maxCreatedAt: '2026-11-04' };
  beforeAll(() => {
    range.locationId = store.location.id;
  });

  it('phones/calls/users: calls, answered, missed and talk time per user, busiest first, then by name', async () => {
    const res = await admin.act(userActivity, range);
    expect(res.status).toBe(200);
    expect(res.body.data.rows).toEqual([
      {
        key: bdc.id,
        name: 'Gil Otero',
        calls: 2,
        inbound: 1,
        outbound: 1,
        answered: 1,
        missed: 1,
        totalSeconds: 45,
        totalDuration: '0:45',
        averageSeconds: 45,
        averageDuration: '0:45',
      },
      {
        key: agentId,
        name: 'Rosa Baca',
        calls: 2,
        inbound: 1,
        outbound: 1,
        answered: 2,
        missed: 0,
        totalSeconds: 420,
        totalDuration: '7:00',
        averageSeconds: 210,
        averageDuration: '3:30',
      },
    ]);
    expect(res.body.data).toMatchObject({
      userCount: 2,
      minCreatedAt: '2026-11-01',
      maxCreatedAt: '2026-11-04',
      totals: { calls: 4, totalSeconds: 465, totalDuration: '7:45' },
    });
    expect(res.body.data.html).toContain('<td>Rosa Baca</td>');
    const inbound = await admin.act(userActivity, { ...range, direction: 'inbound' });
    expect(inbound.body.data.totals.calls).toBe(2);
  });

  it('phones/calls/gec-users: every BDC user, with zeros for those without calls', async () => {
    const idle = await t.createUser({ jobCode: 'BDC', firstName: 'Zed', lastName: 'Quiet' });
    const res = await admin.act(gecUserActivity, range);
    const byId = new Map(res.body.data.rows.map((r) => [r.key, r] as const));
    expect(byId.get(bdc.id)).toMatchObject({ name: 'Gil Otero', calls: 2, missed: 1, totalSeconds: 45 });
    expect(byId.get(idle.id)).toMatchObject({
      name: 'Zed Quiet',
      calls: 0,
      inbound: 0,
      answered: 0,
      totalSeconds: 0,
      totalDuration: '0:00',
    });
    expect(byId.has(agentId)).toBe(false);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.jobCode, 'BDC'), eq(users.accountLocked, false)));
    expect(res.body.data.userCount).toBe(n);
  });

  it('phones/calls/locations and phones/calls/phones: per location and per line', async () => {
    const locations = await admin.act(locationActivity, range);
    expect(locations.body.data.rows).toEqual([
      expect.objectContaining({
        key: store.location.id,
        name: 'Mesa Mazda',
        calls: 5,
        inbound: 3,
        outbound: 2,
        missed: 2,
        totalSeconds: 465,
      }),
    ]);
    expect(locations.body.data.locationCount).toBe(1);
    const lines = await admin.act(lineActivity, range);
    expect(lines.body.data.rows.map((r: { name: string; calls: number }) => [r.name, r.calls])).toEqual([
      ['Main (Mesa Mazda)', 3],
      ['Service desk (Mesa Mazda)', 2],
    ]);
    const oneDay = await admin.act(locationActivity, {
      ...range,
      minCreatedAt: '2026-11-02',
      maxCreatedAt: '2026-11-02',
    });
    expect(oneDay.body.data.rows[0].calls).toBe(2);
  });

  it('defaults to the last 30 days', async () => {
    setClock(t, '2026-11-20T18:00:00Z');
    const res = await admin.act(locationActivity, { locationId: store.location.id });
    expect(res.body.data).toMatchObject({ minCreatedAt: '2026-10-22', maxCreatedAt: '2026-11-20' });
    expect(res.body.data.rows[0].calls).toBeGreaterThanOrEqual(5);
    setClock(t, '2027-01-20T18:00:00Z');
    const later = await admin.act(locationActivity, { locationId: store.location.id });
    expect(later.body.data.rows).toEqual([]);
  });

  it('phones/messages/locations: texts in and out, delivered, failed and opt-outs per location', async () => {
    const { location, line } = await createLine(t, {}, { name: 'Taos Toyota' });
    const base = {
      phoneId: line.id,
      locationId: location.id,
      from: line.phoneNumber,
      body: 'x',
      createdAt: new Date('2026-11-02T18:00:00Z'),
    };
    await t.db.insert(messages).values([
      {
        ...base,
        messageSid: `SM${'1'.repeat(32)}`,
        direction: 'outbound',
        purpose: 'marketing',
        to: '+15055550701',
        status: 'delivered',
      },
      {
        ...base,
        messageSid: `SM${'2'.repeat(32)}`,
        direction: 'outbound',
        purpose: 'marketing',
        to: '+15055550702',
        status: 'undelivered',
      },
      {
        ...base,
        messageSid: `SM${'3'.repeat(32)}`,
        direction: 'inbound',
        purpose: 'inbound',
        from: '+15055550701',
        to: line.phoneNumber,
        status: 'received',
      },
      {
        ...base,
        messageSid: `SM${'4'.repeat(32)}`,
        direction: 'outbound',
        purpose: 'marketing',
        to: '+15055550703',
        status: 'read',
        createdAt: new Date('2026-10-01T18:00:00Z'),
      },
    ]);
    await t.db.insert(optOuts).values({
      phoneNumber: '+15055550701',
      keyword: 'STOP',
      phoneId: line.id,
      locationId: location.id,
      createdAt: new Date('2026-11-02T18:01:00Z'),
    });
    const res = await admin.act(messageActivity, {
      locationId: location.id,
      minCreatedAt: '2026-11-01',
      maxCreatedAt: '2026-11-04',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.rows).toEqual([
      {
        key: location.id,
        name: 'Taos Toyota',
        messages: 3,
        inbound: 1,
        outbound: 2,
        delivered: 1,
        failed: 1,
        optOuts: 1,
      },
    ]);
    expect(res.body.data).toMatchObject({ locationCount: 1, totals: { messages: 3, optOuts: 1 } });
    expect(res.body.data.html).toContain('<td>Taos Toyota</td>');
  });

  it('refuses a bad date with a sentence', async () => {
    const res = await admin.act(userActivity, { minCreatedAt: '2026-13-45' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['From must be a real date.']);
  });
});
