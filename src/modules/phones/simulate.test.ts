import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { createLine, setClock } from '../../../tests/telephony';
import { outbox } from '../../server/platform/platform.db';
import { calls, messages, optOuts, phoneActions, phones } from './phones.db';
import { nextCallStatuses, type CallStatus } from './phones.contract';
import { localSid } from '../../server/providers/telephony/local';
import { simulateCallStatus, simulateInboundCall, simulateInboundText } from './phones.contract';

let t: TestApp;
let dev: Caller;
let line: typeof phones.$inferSelect;
let agentId: number;
beforeAll(async () => {
  t = await testApp();
  dev = await t.signedIn(['developer']);
  ({ line } = await createLine(t, {}, { name: 'Sandia Kia' }));
  agentId = (await t.createUser({ phone: '+15055551900' })).id;
  await t.db.insert(phoneActions).values({ phoneId: line.id, kind: 'ring-group', userIds: [agentId], position: 0 });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => setClock(t, '2026-11-02T18:00:00Z'));

describe('outbox/simulate-inbound-text', () => {
  it('delivers a text to one of our lines as the webhook would, and shows the answer in the outbox', async () => {
    const res = await dev.call(
      'outbox/simulate-inbound-text',
      { from: '(505) 555-0170', to: line.phoneNumber, body: 'stop' },
      { form: true },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      optedOut: true,
      optedIn: false,
      replies: [
        'You have been unsubscribed from Sandia Kia and will receive no more messages or calls from us. Reply START to resubscribe.',
      ],
      twiml: expect.stringContaining('<Message>You have been unsubscribed'),
    });
    expect(await t.db.select().from(optOuts).where(eq(optOuts.phoneNumber, '+15055550170'))).toHaveLength(1);
    const [inbound] = await t.db.select().from(messages).where(eq(messages.messageSid, res.body.data.messageSid));
    expect(inbound).toMatchObject({
      direction: 'inbound',
      from: '+15055550170',
      to: line.phoneNumber,
      body: 'stop',
      phoneId: line.id,
    });
    const shown = await t.db.select().from(outbox).where(eq(outbox.channel, 'sms')).orderBy(desc(outbox.id)).limit(2);
    expect(shown.map((r) => [r.direction, r.from, r.to, r.body.slice(0, 20)])).toEqual([
      ['outbound', line.phoneNumber, '+15055550170', 'You have been unsubs'],
      ['inbound', '+15055550170', line.phoneNumber, 'stop'],
    ]);
    const again = await dev.act(simulateInboundText, { from: '5055550170', to: line.phoneNumber, body: 'STOP' });
    expect(again.body.data).toMatchObject({ optedOut: false, replies: [] });
  });

  it('refuses a number that is not a line of ours, or not a number, changing nothing', async () => {
    const [{ n: before }] = await t.db.select({ n: count() }).from(outbox);
    const stranger = await dev.act(simulateInboundText, { from: '5055550171', to: '5052660000', body: 'hi' });
    expect(stranger.status).toBe(404);
    expect(stranger.body.errors).toEqual([
      '(505) 266-0000 is not a line of the group; add it on the phone manager first.',
    ]);
    const bad = await dev.act(simulateInboundText, { from: '5055550171', to: '555', body: 'hi' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toBe('To (our line) must be a phone number such as (505) 555-0142.');
    const empty = await dev.act(simulateInboundText, { from: '5055550171', to: line.phoneNumber, body: '  ' });
    expect(empty.body.errors[0]).toBe('Body is required.');
    const [{ n: after }] = await t.db.select({ n: count() }).from(outbox);
    expect(after).toBe(before);
  });
});

describe('outbox/simulate-inbound-call and simulate-call-status', () => {
  it('rings the line: the ring group answers five seconds in, and the call stays live', async () => {
    const res = await dev.act(simulateInboundCall, { from: '5055550172', to: line.phoneNumber });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      outcome: 'dial',
      status: 'in-progress',
      twiml: expect.stringContaining('+15055551900</Number>'),
    });
    const [row] = await t.db.select().from(calls).where(eq(calls.callSid, res.body.data.callSid));
    expect(row).toMatchObject({
      direction: 'inbound',
      status: 'in-progress',
      userId: agentId,
      phoneId: line.id,
      from: '+15055550172',
      startedAt: new Date('2026-11-02T18:00:00Z'),
      answeredAt: new Date('2026-11-02T18:00:05Z'),
      endedAt: null,
    });
    setClock(t, '2026-11-02T18:02:05Z');
    const ended = await dev.act(simulateCallStatus, { callSid: res.body.data.callSid, status: 'completed' });
    expect(ended.body.data).toMatchObject({ status: 'completed', applied: 'applied' });
    const [after] = await t.db.select().from(calls).where(eq(calls.callSid, res.body.data.callSid));
    expect(after).toMatchObject({
      status: 'completed',
      durationSeconds: 120,
      endedAt: new Date('2026-11-02T18:02:05Z'),
    });
    const twice = await dev.act(simulateCallStatus, { callSid: res.body.data.callSid, status: 'completed' });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([
      'This call has already ended (completed); a carrier reports nothing after that.',
    ]);
  });

  it('ends the call after durationSeconds, and records a voicemail when that is the plan', async () => {
    const timed = await dev.act(simulateInboundCall, { from: '5055550173', to: line.phoneNumber, durationSeconds: 42 });
    expect(timed.body.data.status).toBe('completed');
    const [row] = await t.db.select().from(calls).where(eq(calls.callSid, timed.body.data.callSid));
    expect(row).toMatchObject({ status: 'completed', durationSeconds: 42, endedAt: new Date('2026-11-02T18:00:47Z') });

    const { line: mailbox } = await createLine(t);
    await t.db.insert(phoneActions).values({ phoneId: mailbox.id, kind: 'voicemail', greeting: 'Leave a message.' });
    const left = await dev.act(simulateInboundCall, {
      from: '5055550174',
      to: mailbox.phoneNumber,
      durationSeconds: 20,
    });
    expect(left.body.data).toMatchObject({ outcome: 'voicemail', status: 'completed' });
    const [mail] = await t.db.select().from(calls).where(eq(calls.callSid, left.body.data.callSid));
    expect(mail).toMatchObject({ recordingUrl: `local://recordings/${left.body.data.callSid}`, durationSeconds: 20 });
  });

  it('plays the closing message and hangs up when the line has no plan', async () => {
    const { line: bare } = await createLine(t);
    const res = await dev.act(simulateInboundCall, { from: '5055550175', to: bare.phoneNumber });
    expect(res.body.data).toMatchObject({ outcome: 'unanswered', status: 'completed' });
    expect(res.body.data.twiml).toContain('No one can take your call right now');
  });

  it('refuses a bad status or an unknown call', async () => {
    const bad = await dev.act(simulateCallStatus, { callSid: `CA${'1'.repeat(32)}`, status: 'exploded' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^Status must be one of: queued, initiated/);
    const unknown = await dev.act(simulateCallStatus, { callSid: `CA${'1'.repeat(32)}`, status: 'completed' });
    expect(unknown.status).toBe(404);
  });
});

describe('the order a carrier reports a call in', () => {
  it('moves forward only, completes only an answered call, and ends an unanswered one as busy, no-answer, failed or canceled', () => {
    const expected: Record<CallStatus, CallStatus[]> = {
      queued: ['ringing', 'in-progress', 'busy', 'no-answer', 'failed', 'canceled'],
      initiated: ['ringing', 'in-progress', 'busy', 'no-answer', 'failed', 'canceled'],
      ringing: ['in-progress', 'busy', 'no-answer', 'failed', 'canceled'],
      'in-progress': ['completed'],
      completed: [],
      busy: [],
      failed: [],
      'no-answer': [],
      canceled: [],
    };
    for (const [current, next] of Object.entries(expected))
      expect(nextCallStatuses(current as CallStatus), current).toEqual(next);
  });
});

describe('outbox/simulate-call-status refuses what a carrier could not report', () => {
  /** A call to our line that is ringing, nobody has answered yet: as the local driver records it, and in the calls table. */
  async function ringingCall() {
    const callSid = localSid('CA');
    const at = new Date('2026-11-02T18:00:00Z');
    await t.db.insert(outbox).values({
      channel: 'call',
      direction: 'inbound',
      sid: callSid,
      from: '+15055550180',
      to: line.phoneNumber,
      status: 'ringing',
      meta: { events: [{ status: 'ringing', at: at.toISOString() }] },
      createdAt: at,
    });
    await t.db.insert(calls).values({
      callSid,
      direction: 'inbound',
      from: '+15055550180',
      to: line.phoneNumber,
      status: 'ringing',
      phoneId: line.id,
      locationId: line.locationId,
      startedAt: at,
      statusAt: at,
    });
    return callSid;
  }
  const stored = async (callSid: string) => ({
    local: (
      await t.db.select({ status: outbox.status, meta: outbox.meta }).from(outbox).where(eq(outbox.sid, callSid))
    )[0],
    call: (await t.db.select().from(calls).where(eq(calls.callSid, callSid)))[0],
  });
  const refuses = async (callSid: string, status: CallStatus, sentence: string) => {
    const before = await stored(callSid);
    const res = await dev.act(simulateCallStatus, { callSid, status });
    expect(res.status, `${status}: ${sentence}`).toBe(400);
    expect(res.body).toEqual({
      success: false,
      data: { fields: ['status'], fieldErrors: { status: sentence } },
      errors: [sentence],
    });
    expect(await stored(callSid)).toEqual(before);
  };

  it('before the answer: no going back, no completing; an unanswered ending is final', async () => {
    const callSid = await ringingCall();
    await refuses(
      callSid,
      'ringing',
      'The call is ringing, so it cannot become ringing: a carrier could report in-progress, busy, no-answer, failed or canceled next.',
    );
    await refuses(
      callSid,
      'queued',
      'The call is ringing, so it cannot become queued: a carrier could report in-progress, busy, no-answer, failed or canceled next.',
    );
    await refuses(
      callSid,
      'completed',
      'The call is ringing, so it cannot become completed: a carrier could report in-progress, busy, no-answer, failed or canceled next.',
    );

    setClock(t, '2026-11-02T18:00:30Z');
    const missed = await dev.act(simulateCallStatus, { callSid, status: 'no-answer' });
    expect(missed.status).toBe(200);
    expect(missed.body.data).toMatchObject({ status: 'no-answer', applied: 'applied' });
    expect((await stored(callSid)).call).toMatchObject({
      status: 'no-answer',
      answeredAt: null,
      durationSeconds: 0,
      endedAt: new Date('2026-11-02T18:00:30Z'),
    });

    for (const status of ['in-progress', 'completed', 'busy', 'ringing'] as const) {
      await refuses(callSid, status, 'This call has already ended (no-answer); a carrier reports nothing after that.');
    }
  });

  it('after the answer: the call can only be completed', async () => {
    const live = await dev.act(simulateInboundCall, { from: '5055550181', to: line.phoneNumber });
    const callSid = live.body.data.callSid as string;
    expect((await stored(callSid)).call.status).toBe('in-progress');
    for (const status of ['ringing', 'queued', 'in-progress', 'busy', 'no-answer', 'failed', 'canceled'] as const) {
      await refuses(
        callSid,
        status,
        `The call is in-progress, so it cannot become ${status}: a carrier could report completed next.`,
      );
    }
    setClock(t, '2026-11-02T18:01:05Z');
    const ended = await dev.act(simulateCallStatus, { callSid, status: 'completed' });
    expect(ended.body.data).toMatchObject({ status: 'completed', applied: 'applied' });
    expect((await stored(callSid)).call).toMatchObject({ status: 'completed', durationSeconds: 60 });
    await refuses(callSid, 'ringing', 'This call has already ended (completed); a carrier reports nothing after that.');
  });

  it('is for developers only', async () => {
    const callSid = await ringingCall();
    const staff = await t.signedIn(['phoneAdmin', 'phoneLookup']);
    const res = await staff.act(simulateCallStatus, { callSid, status: 'in-progress' });
    expect(res.status).toBe(403);
    expect((await stored(callSid)).call.status).toBe('ringing');
  });
});
