import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers';
import { createLine, setClock } from '../../../tests/telephony';
import { authCodes, outbox } from '../platform/platform.db';
import { calls, messages, optOuts } from '../../modules/phones/phones.db';
import { userFactors } from '../../modules/users/users.db';
import { AppError } from '../platform/errors';
import { timeZonesFor } from '../providers/telephony/area-codes';
import {
  checkSend,
  keywordOf,
  localMinutes,
  optInKeywords,
  optOutKeywords,
  placeCall,
  recordOptOut,
  removeOptOut,
  sendText,
} from './send-gate';
import { authenticate, pushCode } from '../../modules/users/users.contract';

describe('the one way out', () => {
  it('no code but the gate sends texts or places calls through the provider', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const path = join(dir, f);
        return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(f) && !/\.test\.ts$/.test(f) ? [path] : [];
      });
    const offenders = files('src')
      .filter((f) => !f.endsWith(join('server', 'outreach', 'send-gate.ts')))
      .filter((f) => /telephony\s*\.\s*(sendTexts?|placeCall)\s*\(/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('keywords', () => {
  it.each(optOutKeywords.flatMap((k) => [k, k.toLowerCase(), `  ${k[0]}${k.slice(1).toLowerCase()} \n`]))(
    '"%s" opts out',
    (body) => {
      expect(keywordOf(body)).toEqual({ kind: 'opt-out', keyword: body.trim().toUpperCase() });
    },
  );
  it.each([...optInKeywords, 'start ', ' Unstop'])('"%s" opts back in', (body) => {
    expect(keywordOf(body)?.kind).toBe('opt-in');
  });
  it('knows HELP, and nothing that only contains a keyword', () => {
    expect(keywordOf(' help ')).toEqual({ kind: 'help', keyword: 'HELP' });
    for (const body of ['Please stop calling me at work', 'STOP!', 'stopp', '', 'Start my car', 'I need help'])
      expect(keywordOf(body)).toBeNull();
  });
});

describe('time zones from the number', () => {
  it('maps area codes to every zone they may be in, and knows nothing of toll-free or foreign numbers', () => {
    expect(timeZonesFor('+15055550142')).toEqual(['America/Denver']);
    expect(timeZonesFor('+16025550142')).toEqual(['America/Phoenix']);
    expect(timeZonesFor('+12125550142')).toEqual(['America/New_York']);
    expect(timeZonesFor('+18505550142').sort()).toEqual(['America/Chicago', 'America/New_York']);
    expect(timeZonesFor('+14165550142')).toEqual(['America/Toronto']);
    expect(timeZonesFor('+18005550142')).toEqual([]);
    expect(timeZonesFor('+442071838750')).toEqual([]);
  });
  it('reads the wall clock of a zone, daylight saving included', () => {
    expect(localMinutes('America/Denver', new Date('2026-07-01T14:30:00Z'))).toBe(8 * 60 + 30);
    expect(localMinutes('America/Denver', new Date('2026-12-01T14:30:00Z'))).toBe(7 * 60 + 30);
    expect(localMinutes('America/Phoenix', new Date('2026-07-01T14:30:00Z'))).toBe(7 * 60 + 30);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => setClock(t, null));

const at = (iso: string) => new Date(iso);

describe('checkSend', () => {
  it('refuses a number that is not one, with a sentence', async () => {
    const decision = await checkSend(t.db, {
      to: '555-12',
      channel: 'text',
      purpose: 'transactional',
      now: new Date(),
    });
    expect(decision).toEqual({
      allowed: false,
      code: 'invalid-number',
      status: 400,
      reason: 'The number "555-12" is not a valid phone number.',
    });
  });

  it('normalises to E.164 and allows transactional sends at any hour', async () => {
    const decision = await checkSend(t.db, {
      to: '(505) 555-0131',
      channel: 'text',
      purpose: 'transactional',
      now: at('2026-11-02T10:00:00Z'),
    });
    expect(decision).toEqual({ allowed: true, to: '+15055550131', timeZones: ['America/Denver'] });
  });

  it("holds marketing to 8:00 up to 21:00 in the recipient's zone, to the minute", async () => {
    const mkt = (iso: string, to = '+15055550131') =>
      checkSend(t.db, { to, channel: 'text', purpose: 'marketing', now: at(iso) });
    // Denver is UTC-7 in November.
    expect((await mkt('2026-11-02T14:59:00Z')).allowed).toBe(false);
    expect((await mkt('2026-11-02T15:00:00Z')).allowed).toBe(true);
    expect((await mkt('2026-11-03T03:59:00Z')).allowed).toBe(true);
    const late = await mkt('2026-11-03T04:00:00Z');
    expect(late).toEqual({
      allowed: false,
      code: 'quiet-hours',
      status: 409,
      to: '+15055550131',
      reason:
        "Marketing texts to (505) 555-0131 may only go out from 8:00 to 21:00 in the recipient's time zone (America/Denver), where it is now 21:00.",
      // The next 8:00 in Albuquerque: what a bulk send that waits for the morning waits for.
      opensAt: new Date('2026-11-03T15:00:00Z'),
    });
    // 15:30 UTC is 10:30 in New York but only 7:30 in Los Angeles.
    expect((await mkt('2026-11-02T15:30:00Z', '+12125550131')).allowed).toBe(true);
    const early = await mkt('2026-11-02T15:30:00Z', '+13105550131');
    expect(early.allowed).toBe(false);
    expect(!early.allowed && early.code === 'quiet-hours' && early.opensAt).toEqual(new Date('2026-11-02T16:00:00Z'));
  });

  it('requires the hour to be allowed in every zone an area code spans', async () => {
    // 850 is Tallahassee (Eastern) and Pensacola (Central): at 13:30 UTC it is 8:30 and 7:30.
    const decision = await checkSend(t.db, {
      to: '+18505550131',
      channel: 'call',
      purpose: 'marketing',
      now: at('2026-11-02T13:30:00Z'),
    });
    expect(decision).toMatchObject({ allowed: false, code: 'quiet-hours' });
    expect(decision.allowed ? '' : decision.reason).toBe(
      "Marketing calls to (850) 555-0131 may only go out from 8:00 to 21:00 in the recipient's time zone (America/New_York, America/Chicago), where it is now 8:30 and 7:30.",
    );
    expect(
      (
        await checkSend(t.db, {
          to: '+18505550131',
          channel: 'call',
          purpose: 'marketing',
          now: at('2026-11-02T14:30:00Z'),
        })
      ).allowed,
    ).toBe(true);
  });

  it("uses the sending location's zone when the area code does not tell", async () => {
    const { location } = await createLine(t, {}, { timeZone: 'America/New_York' });
    // 12:30 UTC: 7:30 in New York, 5:30 in Denver.
    const tollFree = (locationId?: number, iso = '2026-11-02T12:30:00Z') =>
      checkSend(t.db, { to: '+18005550131', channel: 'text', purpose: 'marketing', locationId, now: at(iso) });
    expect(await tollFree(location.id)).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('(America/New_York), where it is now 7:30'),
    });
    expect(await tollFree(location.id, '2026-11-02T13:00:00Z')).toMatchObject({
      allowed: true,
      timeZones: ['America/New_York'],
    });
    expect(await tollFree(undefined, '2026-11-02T13:00:00Z')).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('(America/Denver), where it is now 6:00'),
    });
  });

  it("dates an opt-out on the store's clock, not UTC's", async () => {
    // By the IANA time zone database, 2026-11-03 02:30 UTC is 19:30 on 2 November in Denver (MST,
    // UTC−7, from 1 November 2026): the STOP was that evening's, though UTC's day was the 3rd.
    await recordOptOut(t.db, {
      phoneNumber: '+15055550138',
      keyword: 'STOP',
      source: 'keyword',
      at: at('2026-11-03T02:30:00Z'),
    });
    const decision = await checkSend(t.db, {
      to: '+15055550138',
      channel: 'text',
      purpose: 'transactional',
      now: at('2026-11-03T03:00:00Z'),
    });
    expect(decision).toMatchObject({
      code: 'opted-out',
      reason: expect.stringContaining('(STOP on 2026-11-02)'),
    });
    expect(await removeOptOut(t.db, '+15055550138')).toBe(true);
  });

  it('refuses an opted-out number for every purpose and channel, until it opts back in', async () => {
    expect(
      await recordOptOut(t.db, {
        phoneNumber: '+15055550132',
        keyword: 'STOP',
        source: 'keyword',
        at: at('2026-10-30T18:00:00Z'),
      }),
    ).toBe(true);
    expect(
      await recordOptOut(t.db, { phoneNumber: '+15055550132', keyword: 'QUIT', source: 'keyword', at: new Date() }),
    ).toBe(false);
    for (const channel of ['text', 'call'] as const) {
      for (const purpose of ['transactional', 'marketing'] as const) {
        const decision = await checkSend(t.db, {
          to: '505.555.0132',
          channel,
          purpose,
          now: at('2026-11-02T18:00:00Z'),
        });
        expect(decision).toEqual({
          allowed: false,
          code: 'opted-out',
          status: 409,
          to: '+15055550132',
          reason:
            '(505) 555-0132 has opted out of texts and calls from the group (STOP on 2026-10-30); they can opt back in by texting START.',
        });
      }
    }
    expect(await removeOptOut(t.db, '+15055550132')).toBe(true);
    expect(await removeOptOut(t.db, '+15055550132')).toBe(false);
    expect(
      (
        await checkSend(t.db, {
          to: '5055550132',
          channel: 'text',
          purpose: 'marketing',
          now: at('2026-11-02T18:00:00Z'),
        })
      ).allowed,
    ).toBe(true);
  });
});

describe('sending through the gate with the local driver', () => {
  it('records the text and replays the simulated carrier statuses onto it', async () => {
    setClock(t, '2026-11-02T18:00:00Z');
    const { line } = await createLine(t);
    const sent = await sendText(t.db, t.app.services, {
      to: '505-555-0133',
      body: 'Your car is ready.',
      purpose: 'transactional',
      line,
    });
    expect(sent).toMatchObject({
      to: '+15055550133',
      status: 'delivered',
      sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
    });
    const [row] = await t.db.select().from(messages).where(eq(messages.id, sent.messageId));
    expect(row).toMatchObject({
      phoneId: line.id,
      locationId: line.locationId,
      direction: 'outbound',
      purpose: 'transactional',
      from: line.phoneNumber,
      to: '+15055550133',
      body: 'Your car is ready.',
      status: 'delivered',
      createdAt: at('2026-11-02T18:00:00Z'),
      statusAt: at('2026-11-02T18:00:02Z'),
    });
    const [local] = await t.db.select().from(outbox).where(eq(outbox.sid, sent.sid));
    expect(local).toMatchObject({ channel: 'sms', from: line.phoneNumber, status: 'delivered' });
    expect((local.meta as { events: { status: string; at: string }[] }).events).toEqual([
      { status: 'queued', at: '2026-11-02T18:00:00.000Z' },
      { status: 'sent', at: '2026-11-02T18:00:01.000Z' },
      { status: 'delivered', at: '2026-11-02T18:00:02.000Z' },
    ]);
  });

  it('keeps a carrier failure: the unreachable test number ends undelivered with its error code', async () => {
    setClock(t, '2026-11-02T18:00:00Z');
    const sent = await sendText(t.db, t.app.services, { to: '+15005550009', body: 'Hello', purpose: 'transactional' });
    const [row] = await t.db.select().from(messages).where(eq(messages.id, sent.messageId));
    expect(row).toMatchObject({ status: 'undelivered', errorCode: 30006, from: t.config.SMS_FROM });
  });

  it("refuses with the gate's sentence and sends nothing", async () => {
    setClock(t, '2026-11-03T05:00:00Z');
    const [{ n: before }] = await t.db.select({ n: count() }).from(outbox);
    const refused = sendText(t.db, t.app.services, { to: '+15055550134', body: 'Big sale!', purpose: 'marketing' });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      fields: ['to'],
      message: expect.stringMatching(/^Marketing texts to \(505\) 555-0134 may only go out/),
    });
    const [{ n: after }] = await t.db.select({ n: count() }).from(outbox);
    expect(after).toBe(before);
    expect(await t.db.select().from(messages).where(eq(messages.to, '+15055550134'))).toEqual([]);
  });

  it('sends nothing from a line that is not active', async () => {
    const { line } = await createLine(t, { active: false });
    await expect(
      sendText(t.db, t.app.services, { to: '5055550138', body: 'Hi', purpose: 'transactional', line }),
    ).rejects.toMatchObject({
      status: 409,
      message: `(505) ${line.phoneNumber.slice(5, 8)}-${line.phoneNumber.slice(8)} is not active; nothing can be sent from it.`,
    });
    await expect(
      placeCall(t.db, t.app.services, { to: '5055550138', purpose: 'transactional', line, twiml: '<Response/>' }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await t.db.select().from(outbox).where(eq(outbox.to, '+15055550138'))).toEqual([]);
  });

  it('places a call that rings and is answered five seconds in', async () => {
    setClock(t, '2026-11-02T18:00:00Z');
    const { line } = await createLine(t);
    const placed = await placeCall(t.db, t.app.services, {
      to: '5055550135',
      purpose: 'marketing',
      line,
      twiml: '<Response/>',
    });
    expect(placed).toMatchObject({ status: 'in-progress', to: '+15055550135', from: line.phoneNumber });
    const [row] = await t.db.select().from(calls).where(eq(calls.callSid, placed.callSid));
    expect(row).toMatchObject({
      direction: 'outbound',
      phoneId: line.id,
      answeredAt: at('2026-11-02T18:00:05Z'),
      endedAt: null,
    });
    await expect(
      placeCall(t.db, t.app.services, { to: '5055550135', purpose: 'marketing', line, twiml: '<Response/>' }).then(
        () => 'sent',
      ),
    ).resolves.toBe('sent');
    setClock(t, '2026-11-03T06:00:00Z');
    await expect(
      placeCall(t.db, t.app.services, { to: '5055550135', purpose: 'marketing', line, twiml: '<Response/>' }),
    ).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/^Marketing calls to/) });
  });
});

describe('sign-in codes by text', () => {
  async function atCodeStep(phone: string) {
    const user = await t.createUser();
    const [factor] = await t.db
      .insert(userFactors)
      .values({ userId: user.id, type: 'sms', target: phone, confirmed: true })
      .returning();
    const caller = t.anonymous();
    expect((await caller.act(authenticate, { username: user.username, password: TEST_PASSWORD })).status).toBe(200);
    return { caller, factor, user };
  }

  it('go through the gate as transactional texts, even at 3 in the morning, and the code is never stored', async () => {
    setClock(t, '2026-11-02T10:00:00Z');
    const { caller, factor, user } = await atCodeStep('+15055550136');
    const res = await caller.act(pushCode, { factorId: factor.id, factorType: 'sms' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sent: true, target: '•••-0136' });
    const [text] = await t.db.select().from(outbox).where(eq(outbox.to, '+15055550136')).orderBy(desc(outbox.id));
    expect(text.body).toMatch(/^Your Forecourt sign-in code is \d{6}\./);
    const [record] = await t.db.select().from(messages).where(eq(messages.to, '+15055550136'));
    expect(record).toMatchObject({
      purpose: 'transactional',
      userId: user.id,
      body: 'Forecourt sign-in code (the code is not stored).',
      status: 'delivered',
    });
  });

  it('are refused for a number that replied STOP, with a sentence, and nothing is kept', async () => {
    await recordOptOut(t.db, {
      phoneNumber: '+15055550137',
      keyword: 'STOP',
      source: 'keyword',
      at: at('2026-11-01T12:00:00Z'),
    });
    const { caller, factor } = await atCodeStep('+15055550137');
    const res = await caller.act(pushCode, { factorId: factor.id, factorType: 'sms' });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      '(505) 555-0137 has opted out of texts and calls from the group (STOP on 2026-11-01); they can opt back in by texting START.',
    ]);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, '+15055550137'))).toEqual([]);
    expect(await t.db.select().from(authCodes).where(eq(authCodes.factorId, factor.id))).toEqual([]);
    expect(await t.db.select().from(optOuts).where(eq(optOuts.phoneNumber, '+15055550137'))).toHaveLength(1);
  });
});
