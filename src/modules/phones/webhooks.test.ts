import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { testApp, type TestApp } from '../../../tests/helpers';
import { createLine, postWebhook, setClock } from '../../../tests/telephony';
import { calls, messages, optOuts, phoneActions, phones } from './phones.db';
import { optOutKeywords } from '../../server/outreach/send-gate';

let t: TestApp;
let line: typeof phones.$inferSelect;
let seq = 0;
const sid = (prefix: 'SM' | 'CA') => `${prefix}${String((seq += 1)).padStart(32, '0')}`;
const customer = (n: number) => `+1505555${String(n).padStart(4, '0')}`;

beforeAll(async () => {
  t = await testApp();
  ({ line } = await createLine(t, {}, { name: 'Smith & Sons Motors', phone: '+15052661234' }));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => setClock(t, '2026-11-02T18:00:00Z'));

const text = (from: string, body: string, messageSid = sid('SM')) =>
  postWebhook(t, '/webhooks/twilio/sms', {
    MessageSid: messageSid,
    AccountSid: `AC${'0'.repeat(32)}`,
    From: from,
    To: line.phoneNumber,
    Body: body,
    NumMedia: '0',
  });
const countOf = async (table: typeof messages | typeof calls | typeof optOuts) =>
  (await t.db.select({ n: count() }).from(table))[0].n;

describe('the signature comes first', () => {
  it('accepts a request signed with the auth token for PUBLIC_URL + path', async () => {
    const res = await text(customer(120), 'Is the Tacoma still there?');
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/xml/);
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const [row] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.from, customer(120)));
    expect(row).toMatchObject({
      direction: 'inbound',
      purpose: 'inbound',
      status: 'received',
      phoneId: line.id,
      locationId: line.locationId,
      body: 'Is the Tacoma still there?',
    });
  });

  it('refuses a tampered parameter, another URL, another token or no signature, writing nothing', async () => {
    const before = [await countOf(messages), await countOf(optOuts)];
    const params = { MessageSid: sid('SM'), From: customer(121), To: line.phoneNumber, Body: 'STOP' };
    const attempts = [
      await postWebhook(t, '/webhooks/twilio/sms', params, { signParams: { ...params, Body: 'Hello' } }),
      await postWebhook(t, '/webhooks/twilio/sms', params, {
        signUrl: 'https://elsewhere.example/webhooks/twilio/sms',
      }),
      await postWebhook(t, '/webhooks/twilio/sms', params, { signUrl: `${t.config.PUBLIC_URL}/webhooks/twilio/voice` }),
      await postWebhook(t, '/webhooks/twilio/sms', params, { token: 'not-the-auth-token-at-all' }),
      await postWebhook(t, '/webhooks/twilio/sms', params, { signature: null }),
      await postWebhook(t, '/webhooks/twilio/sms', params, { signature: 'garbage' }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({
        success: false,
        data: {},
        errors: ['The request signature is not valid.'],
      });
    }
    expect([await countOf(messages), await countOf(optOuts)]).toEqual(before);
  });

  it("signs the local driver's webhooks with a token derived from the session secret", () => {
    expect(t.config.TWILIO_AUTH_TOKEN).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers a signed request that lacks a required parameter with 400 and a sentence', async () => {
    const res = await postWebhook(t, '/webhooks/twilio/message-status', { MessageSid: sid('SM') });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).errors).toEqual(['Message status is required.']);
  });
});

describe('inbound keywords', () => {
  it.each(optOutKeywords.map((k, i) => [k, i]))(
    '%s records a group-wide opt-out and confirms once',
    async (keyword, i) => {
      const from = customer(200 + Number(i));
      const body = i % 2 ? ` ${String(keyword).toLowerCase()} ` : String(keyword);
      const first = await text(from, body);
      expect(first.status).toBe(200);
      expect(first.body).toBe(
        '<?xml version="1.0" encoding="UTF-8"?><Response><Message>You have been unsubscribed from Smith &amp; Sons Motors and will receive no more messages or calls from us. Reply START to resubscribe.</Message></Response>',
      );
      const [row] = await t.db.select().from(optOuts).where(eq(optOuts.phoneNumber, from));
      expect(row).toMatchObject({ keyword, source: 'keyword', phoneId: line.id, locationId: line.locationId });
      const again = await text(from, 'STOP');
      expect(again.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
      expect(await t.db.select().from(optOuts).where(eq(optOuts.phoneNumber, from))).toHaveLength(1);
    },
  );

  it('START and UNSTOP re-subscribe once; a number that never opted out gets no answer', async () => {
    const from = customer(230);
    await text(from, 'stop');
    const start = await text(from, 'Start');
    expect(start.body).toContain(
      '<Message>You have been resubscribed to messages from Smith &amp; Sons Motors. Reply STOP to unsubscribe.</Message>',
    );
    expect(await t.db.select().from(optOuts).where(eq(optOuts.phoneNumber, from))).toEqual([]);
    expect((await text(from, 'START')).body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    await text(from, 'END');
    expect((await text(from, 'unstop')).body).toContain('resubscribed');
  });

  it("HELP answers every time with the location's name and number", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await text(customer(231), ' HELP');
      expect(res.body).toBe(
        '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Smith &amp; Sons Motors: for help, call us at (505) 266-1234. Reply STOP to unsubscribe.</Message></Response>',
      );
    }
  });

  it('a repeated delivery of the same text changes nothing and answers nothing', async () => {
    const messageSid = sid('SM');
    expect((await text(customer(232), 'STOP', messageSid)).body).toContain('<Message>');
    // Were the replay handled again, this opt-out would come back with a second confirmation.
    await t.db.delete(optOuts).where(eq(optOuts.phoneNumber, customer(232)));
    const replay = await text(customer(232), 'STOP', messageSid);
    expect(replay.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await t.db.select().from(messages).where(eq(messages.messageSid, messageSid))).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(optOuts)
        .where(eq(optOuts.phoneNumber, customer(232))),
    ).toEqual([]);
  });
});

describe('message status callbacks', () => {
  async function outbound(status: string) {
    const messageSid = sid('SM');
    await t.db.insert(messages).values({
      messageSid,
      phoneId: line.id,
      locationId: line.locationId,
      direction: 'outbound',
      purpose: 'marketing',
      from: line.phoneNumber,
      to: customer(300),
      body: 'Oil change special',
      status: status as 'queued',
      updatedAt: new Date('2026-11-01T00:00:00Z'),
    });
    return messageSid;
  }
  const status = (messageSid: string, value: string, extra: Record<string, string> = {}) =>
    postWebhook(t, '/webhooks/twilio/message-status', {
      MessageSid: messageSid,
      MessageStatus: value,
      AccountSid: `AC${'0'.repeat(32)}`,
      ...extra,
    });
  const row = async (messageSid: string) =>
    (await t.db.select().from(messages).where(eq(messages.messageSid, messageSid)))[0];

  it('moves a text forward, and a repeated or late status changes nothing', async () => {
    const messageSid = await outbound('queued');
    expect((await status(messageSid, 'sent')).status).toBe(200);
    const sent = await row(messageSid);
    expect(sent.status).toBe('sent');
    await status(messageSid, 'sent');
    expect(await row(messageSid)).toEqual(sent);
    setClock(t, '2026-11-02T18:00:04Z');
    await status(messageSid, 'delivered');
    const delivered = await row(messageSid);
    expect(delivered).toMatchObject({ status: 'delivered', statusAt: new Date('2026-11-02T18:00:04Z') });
    await status(messageSid, 'sent');
    await status(messageSid, 'delivered');
    expect(await row(messageSid)).toEqual(delivered);
  });

  it('never overwrites a final error', async () => {
    for (const error of ['failed', 'undelivered']) {
      const messageSid = await outbound('sent');
      await status(messageSid, error, { ErrorCode: '30003' });
      const failed = await row(messageSid);
      expect(failed).toMatchObject({ status: error, errorCode: 30003 });
      for (const later of ['delivered', 'sent', 'read', 'queued']) await status(messageSid, later);
      expect(await row(messageSid)).toEqual(failed);
    }
  });

  it('ignores a status for a text it never sent', async () => {
    const before = await countOf(messages);
    expect((await status(sid('SM'), 'delivered')).status).toBe(200);
    expect(await countOf(messages)).toBe(before);
  });
});

describe('call status callbacks', () => {
  async function call(status: string) {
    const callSid = sid('CA');
    await t.db.insert(calls).values({
      callSid,
      phoneId: line.id,
      locationId: line.locationId,
      direction: 'inbound',
      from: customer(400),
      to: line.phoneNumber,
      status: status as 'ringing',
      startedAt: new Date('2026-11-02T17:59:50Z'),
    });
    return callSid;
  }
  const status = (callSid: string, value: string, extra: Record<string, string> = {}) =>
    postWebhook(t, '/webhooks/twilio/call-status', { CallSid: callSid, CallStatus: value, ...extra });
  const row = async (callSid: string) => (await t.db.select().from(calls).where(eq(calls.callSid, callSid)))[0];

  it('records the answer, the end and the duration; replays and late statuses change nothing', async () => {
    const callSid = await call('ringing');
    await status(callSid, 'in-progress', { Timestamp: 'Mon, 02 Nov 2026 18:00:00 +0000' });
    const answered = await row(callSid);
    expect(answered).toMatchObject({ status: 'in-progress', answeredAt: new Date('2026-11-02T18:00:00Z') });
    await status(callSid, 'in-progress', { Timestamp: 'Mon, 02 Nov 2026 18:00:09 +0000' });
    await status(callSid, 'ringing');
    expect(await row(callSid)).toEqual(answered);
    await status(callSid, 'completed', { CallDuration: '95', Timestamp: 'Mon, 02 Nov 2026 18:01:35 +0000' });
    const completed = await row(callSid);
    expect(completed).toMatchObject({
      status: 'completed',
      durationSeconds: 95,
      endedAt: new Date('2026-11-02T18:01:35Z'),
    });
    await status(callSid, 'completed', { CallDuration: '95' });
    await status(callSid, 'in-progress');
    expect(await row(callSid)).toEqual(completed);
    // The recording arrives after the call ended, once.
    await postWebhook(t, '/webhooks/twilio/call-status', {
      CallSid: callSid,
      RecordingUrl: 'https://api.twilio.com/recordings/RE1',
      RecordingStatus: 'completed',
    });
    await postWebhook(t, '/webhooks/twilio/call-status', {
      CallSid: callSid,
      RecordingUrl: 'https://api.twilio.com/recordings/RE2',
      RecordingStatus: 'completed',
    });
    expect(await row(callSid)).toEqual({
      ...completed,
      recordingUrl: 'https://api.twilio.com/recordings/RE1',
      updatedAt: expect.any(Date),
    });
  });

  it('keeps busy, no-answer, failed and canceled', async () => {
    for (const final of ['busy', 'no-answer', 'failed', 'canceled']) {
      const callSid = await call('ringing');
      await status(callSid, final);
      const ended = await row(callSid);
      expect(ended).toMatchObject({ status: final, durationSeconds: 0 });
      await status(callSid, 'completed', { CallDuration: '30' });
      await status(callSid, 'in-progress');
      expect(await row(callSid)).toEqual(ended);
    }
  });
});

describe('inbound calls', () => {
  let planned: typeof phones.$inferSelect;
  let agentId: number;
  beforeAll(async () => {
    ({ line: planned } = await createLine(t, { bridge: '+15052669999' }));
    const agent = await t.createUser({ phone: '+15055551800' });
    agentId = agent.id;
    await t.db.insert(phoneActions).values([
      { phoneId: planned.id, kind: 'hours', position: 0, hours: { mon: ['08:00', '18:00'], tue: ['08:00', '18:00'] } },
      {
        phoneId: planned.id,
        kind: 'ring-group',
        position: 1,
        targets: ['+15055551801'],
        userIds: [agent.id],
        timeoutSeconds: 15,
      },
      { phoneId: planned.id, kind: 'voicemail', position: 2, greeting: 'Leave us a message.' },
    ]);
  });
  const voice = (callSid: string, query = '', extra: Record<string, string> = {}, to = planned.phoneNumber) =>
    postWebhook(t, `/webhooks/twilio/voice${query}`, {
      CallSid: callSid,
      From: customer(500),
      To: to,
      CallStatus: 'ringing',
      Direction: 'inbound',
      ...extra,
    });
  const base = () => t.config.PUBLIC_URL;

  it('rings the ring group during opening hours, recording the call once', async () => {
    const callSid = sid('CA');
    const res = await voice(callSid);
    expect(res.status).toBe(200);
    expect(res.body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial timeout="15" action="${base()}/webhooks/twilio/voice?step=2" method="POST">` +
        '<Number>+15055551801</Number>' +
        `<Number url="${base()}/webhooks/twilio/voice-answered?userId=${agentId}" method="POST">+15055551800</Number></Dial></Response>`,
    );
    await voice(callSid);
    const rows = await t.db.select().from(calls).where(eq(calls.callSid, callSid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      direction: 'inbound',
      status: 'ringing',
      phoneId: planned.id,
      from: customer(500),
      userId: null,
    });

    const answered = await postWebhook(t, `/webhooks/twilio/voice-answered?userId=${agentId}`, {
      CallSid: sid('CA'),
      ParentCallSid: callSid,
    });
    expect(answered.status).toBe(200);
    expect((await t.db.select().from(calls).where(eq(calls.callSid, callSid)))[0].userId).toBe(agentId);
  });

  it('moves on to voicemail when nobody answers, then to the bridge, and hangs up once answered', async () => {
    const callSid = sid('CA');
    await voice(callSid);
    const voicemail = await voice(callSid, '?step=2', { DialCallStatus: 'no-answer' });
    expect(voicemail.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Leave us a message.</Say>' +
        `<Record maxLength="180" playBeep="true" action="${base()}/webhooks/twilio/voice?done=1" method="POST" recordingStatusCallback="${base()}/webhooks/twilio/call-status" recordingStatusCallbackMethod="POST"/><Hangup/></Response>`,
    );
    const done = await voice(callSid, '?done=1');
    expect(done.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    const answered = await voice(callSid, '?step=2', { DialCallStatus: 'completed' });
    expect(answered.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    expect(await t.db.select().from(calls).where(eq(calls.callSid, callSid))).toHaveLength(1);
  });

  it('skips to voicemail outside the opening hours', async () => {
    setClock(t, '2026-11-04T18:00:00Z'); // a Wednesday: no hours that day
    const res = await voice(sid('CA'));
    expect(res.body).toContain('<Say>Leave us a message.</Say><Record');
  });

  it('says a number is not in service when it is not ours or not active, and records nothing for a stranger', async () => {
    const before = await countOf(calls);
    const stranger = await voice(sid('CA'), '', {}, '+15052660000');
    expect(stranger.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>The number you have called is not in service.</Say><Hangup/></Response>',
    );
    expect(await countOf(calls)).toBe(before);
    const { line: idle } = await createLine(t, { active: false });
    expect((await voice(sid('CA'), '', {}, idle.phoneNumber)).body).toContain('not in service');
  });
});
