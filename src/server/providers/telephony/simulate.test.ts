import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../../tests/helpers';
import { createLine, setClock } from '../../../../tests/telephony';
import { outbox } from '../../platform/platform.db';
import { calls, messages, optOuts, phoneActions, phones } from '../../../modules/phones/phones.db';

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
afterAll(async () => { await t?.close(); });
beforeEach(() => setClock(t, '2026-11-02T18:00:00Z'));

describe('outbox/simulate-inbound-text', () => {
  it('delivers a text to one of our lines as the webhook would, and shows the answer in the outbox', async () => {
    const res = await dev.call('outbox/simulate-inbound-text', { from: '(505) 555-0170', to: line.phoneNumber, body: 'stop' }, { form: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      optedOut: true, optedIn: false,
      replies: ['You have been unsubscribed from Sandia Kia and will receive no more messages or calls from us. Reply START to resubscribe.'],
      twiml: expect.stringContaining('<Message>You have been unsubscribed'),
    });
    expect(await t.db.select().from(optOuts).where(eq(optOuts.phoneNumber, '+15055550170'))).toHaveLength(1);
    const [inbound] = await t.db.select().from(messages).where(eq(messages.messageSid, res.body.data.messageSid));
    expect(inbound).toMatchObject({ direction: 'inbound', from: '+15055550170', to: line.phoneNumber, body: 'stop', phoneId: line.id });
    const shown = await t.db.select().from(outbox).where(eq(outbox.channel, 'sms')).orderBy(desc(outbox.id)).limit(2);
    expect(shown.map((r) => [r.direction, r.from, r.to, r.body.slice(0, 20)])).toEqual([
      ['outbound', line.phoneNumber, '+15055550170', 'You have been unsubs'],
      ['inbound', '+15055550170', line.phoneNumber, 'stop'],
    ]);
    const again = await dev.call('outbox/simulate-inbound-text', { from: '5055550170', to: line.phoneNumber, body: 'STOP' });
    expect(again.body.data).toMatchObject({ optedOut: false, replies: [] });
  });

  it('refuses a number that is not a line of ours, or not a number, changing nothing', async () => {
    const [{ n: before }] = await t.db.select({ n: count() }).from(outbox);
    const stranger = await dev.call('outbox/simulate-inbound-text', { from: '5055550171', to: '5052660000', body: 'hi' });
    expect(stranger.status).toBe(404);
    expect(stranger.body.errors).toEqual(['(505) 266-0000 is not a line of the group; add it on the phone manager first.']);
    const bad = await dev.call('outbox/simulate-inbound-text', { from: '5055550171', to: '555', body: 'hi' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toBe('To must be a phone number.');
    const empty = await dev.call('outbox/simulate-inbound-text', { from: '5055550171', to: line.phoneNumber, body: '  ' });
    expect(empty.body.errors[0]).toBe('Body is required.');
    const [{ n: after }] = await t.db.select({ n: count() }).from(outbox);
    expect(after).toBe(before);
  });
});

describe('outbox/simulate-inbound-call and simulate-call-status', () => {
  it('rings the line: the ring group answers five seconds in, and the call stays live', async () => {
    const res = await dev.call('outbox/simulate-inbound-call', { from: '5055550172', to: line.phoneNumber });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: 'dial', status: 'in-progress', twiml: expect.stringContaining('+15055551900</Number>') });
    const [row] = await t.db.select().from(calls).where(eq(calls.callSid, res.body.data.callSid));
    expect(row).toMatchObject({
      direction: 'inbound', status: 'in-progress', userId: agentId, phoneId: line.id, from: '+15055550172',
      startedAt: new Date('2026-11-02T18:00:00Z'), answeredAt: new Date('2026-11-02T18:00:05Z'), endedAt: null,
    });
    setClock(t, '2026-11-02T18:02:05Z');
    const ended = await dev.call('outbox/simulate-call-status', { callSid: res.body.data.callSid, status: 'completed' });
    expect(ended.body.data).toMatchObject({ status: 'completed', applied: 'applied' });
    const [after] = await t.db.select().from(calls).where(eq(calls.callSid, res.body.data.callSid));
    expect(after).toMatchObject({ status: 'completed', durationSeconds: 120, endedAt: new Date('2026-11-02T18:02:05Z') });
    const twice = await dev.call('outbox/simulate-call-status', { callSid: res.body.data.callSid, status: 'completed' });
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual(['This call has already ended (completed).']);
  });

  it('ends the call after durationSeconds, and records a voicemail when that is the plan', async () => {
    const timed = await dev.call('outbox/simulate-inbound-call', { from: '5055550173', to: line.phoneNumber, durationSeconds: 42 });
    expect(timed.body.data.status).toBe('completed');
    const [row] = await t.db.select().from(calls).where(eq(calls.callSid, timed.body.data.callSid));
    expect(row).toMatchObject({ status: 'completed', durationSeconds: 42, endedAt: new Date('2026-11-02T18:00:47Z') });

    const { line: mailbox } = await createLine(t);
    await t.db.insert(phoneActions).values({ phoneId: mailbox.id, kind: 'voicemail', greeting: 'Leave a message.' });
    const left = await dev.call('outbox/simulate-inbound-call', { from: '5055550174', to: mailbox.phoneNumber, durationSeconds: 20 });
    expect(left.body.data).toMatchObject({ outcome: 'voicemail', status: 'completed' });
    const [mail] = await t.db.select().from(calls).where(eq(calls.callSid, left.body.data.callSid));
    expect(mail).toMatchObject({ recordingUrl: `local://recordings/${left.body.data.callSid}`, durationSeconds: 20 });
  });

  it('plays the closing message and hangs up when the line has no plan', async () => {
    const { line: bare } = await createLine(t);
    const res = await dev.call('outbox/simulate-inbound-call', { from: '5055550175', to: bare.phoneNumber });
    expect(res.body.data).toMatchObject({ outcome: 'unanswered', status: 'completed' });
    expect(res.body.data.twiml).toContain('No one can take your call right now');
  });

  it('refuses a bad status or an unknown call', async () => {
    const bad = await dev.call('outbox/simulate-call-status', { callSid: `CA${'1'.repeat(32)}`, status: 'exploded' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^Status must be one of: queued, initiated/);
    const unknown = await dev.call('outbox/simulate-call-status', { callSid: `CA${'1'.repeat(32)}`, status: 'completed' });
    expect(unknown.status).toBe(404);
  });
});
