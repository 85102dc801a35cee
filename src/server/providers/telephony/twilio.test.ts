import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { testApp, type Caller, type TestApp } from '../../../../tests/helpers';
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  FakeTwilio,
  LocalRequestClient,
  apiPath,
  callJson,
  messageJson,
  page,
  twilioError,
} from '../../../../tests/fake-twilio';
import { createLine, setClock } from '../../../../tests/telephony';
import { calls, messages, phones } from '../../../modules/phones/phones.db';
import { users } from '../../../modules/users/users.db';
import { ConfigError, loadConfig } from '../../config';
import { postWebhook } from '../../../../tests/telephony';
import { PROVIDER_UNAVAILABLE, twilioTelephony } from './twilio';
import type { TelephonyProvider } from './telephony';
import {
  addPhone,
  deletePhone,
  simulateInboundText,
  endCall,
  loadProviderCalls,
  makeCall,
  transferCall,
} from '../../../modules/phones/phones.contract';

const PUBLIC_URL = 'https://forecourt.example.com';
const db = {} as Db;
const sid = (prefix: string, n: number) => `${prefix}${String(n).padStart(32, '0')}`;
const now = new Date('2026-11-02T18:00:00Z');

/** A local address where nothing listens: connecting to it is refused at once, as when Twilio cannot be reached. */
async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

let fake: FakeTwilio;
let driver: TelephonyProvider;
beforeAll(async () => {
  fake = await FakeTwilio.start();
  driver = twilioTelephony({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    publicUrl: PUBLIC_URL,
    defaultFrom: '+15055550100',
    clock: { now: () => now },
    httpClient: new LocalRequestClient(fake.baseUrl),
  });
});
afterAll(async () => {
  await fake?.close();
});

describe('configuration', () => {
  const env = { DATA_DIR: '.tmp/test-data', SESSION_SECRET: 'a-session-secret-of-enough-length-000' };
  it('stops with one sentence when TELEPHONY=twilio lacks its credentials, or they are malformed', () => {
    expect(() => loadConfig({ ...env, TELEPHONY: 'twilio' })).toThrow(
      new ConfigError('TELEPHONY=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN, both from the Twilio console.'),
    );
    expect(() => loadConfig({ ...env, TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT_SID })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...env, TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: AUTH_TOKEN }),
    ).toThrow(new ConfigError('TWILIO_ACCOUNT_SID must be an account sid: AC and 32 hex digits'));
    expect(() => loadConfig({ ...env, TELEPHONY: 'carrier-pigeon' })).toThrow(
      new ConfigError('TELEPHONY must be local or twilio'),
    );
    expect(
      loadConfig({ ...env, TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN }),
    ).toMatchObject({ TELEPHONY: 'twilio', TWILIO_AUTH_TOKEN: AUTH_TOKEN });
  });

  it('gives the local driver a webhook token of its own, stable for a session secret', () => {
    const local = loadConfig(env);
    expect(local).toMatchObject({ TELEPHONY: 'local', TWILIO_AUTH_TOKEN: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(loadConfig(env).TWILIO_AUTH_TOKEN).toBe(local.TWILIO_AUTH_TOKEN);
    expect(loadConfig({ ...env, SESSION_SECRET: 'another-session-secret-of-enough-len' }).TWILIO_AUTH_TOKEN).not.toBe(
      local.TWILIO_AUTH_TOKEN,
    );
  });
});

describe('the Twilio driver against a local Twilio', () => {
  it('sends a text from a number with the status callback, authenticated as the account', async () => {
    fake.on('POST', /\/Messages\.json$/, (r) => ({
      status: 201,
      body: messageJson({
        sid: sid('SM', 1),
        to: r.form.get('To')!,
        from: r.form.get('From'),
        body: r.form.get('Body')!,
        status: 'queued',
      }),
    }));
    const sent = await driver.sendText(db, { to: '+15055550142', body: 'Your car is ready.', from: '+15052650110' });
    expect(sent).toEqual({ sid: sid('SM', 1), status: 'queued', events: [{ status: 'queued', at: now }] });
    const r = fake.last();
    expect(r.method).toBe('POST');
    expect(r.path).toBe(`${apiPath}/Messages.json`);
    expect(r.auth).toBe(`${ACCOUNT_SID}:${AUTH_TOKEN}`);
    expect(Object.fromEntries(r.form)).toEqual({
      To: '+15055550142',
      Body: 'Your car is ready.',
      From: '+15052650110',
      StatusCallback: `${PUBLIC_URL}/webhooks/twilio/message-status`,
    });
  });

  it('sends through a messaging service instead of a number when the line has one', async () => {
    const service = `MG${'b2'.repeat(16)}`;
    await driver.sendText(db, { to: '+15055550142', body: 'Hi', messagingServiceSid: service });
    expect(fake.last().form.get('MessagingServiceSid')).toBe(service);
    expect(fake.last().form.has('From')).toBe(false);
  });

  it("turns a refusal into a sentence with Twilio's error code", async () => {
    fake.on('POST', /\/Messages\.json$/, () =>
      twilioError(400, 21211, "The 'To' number +15005550001 is not a valid phone number."),
    );
    const refused = driver.sendText(db, { to: '+15005550001', body: 'Hi' });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      message:
        "Twilio refused the request: The 'To' number +15005550001 is not a valid phone number. (Twilio error 21211)",
    });
  });

  it('turns an outage or no answer at all into a 502 saying to try again, keeping the cause', async () => {
    fake.on('POST', /\/Messages\.json$/, () => twilioError(503, 20503, 'Service Unavailable'));
    const down = driver.sendText(db, { to: '+15055550142', body: 'Hi' });
    await expect(down).rejects.toBeInstanceOf(AppError);
    await expect(down).rejects.toMatchObject({
      status: 502,
      message: PROVIDER_UNAVAILABLE,
      cause: expect.objectContaining({ status: 503 }),
    });
    fake.on('POST', /\/Messages\.json$/, () => twilioError(429, 20429, 'Too Many Requests'));
    await expect(driver.sendText(db, { to: '+15055550142', body: 'Hi' })).rejects.toMatchObject({
      status: 502,
      message: PROVIDER_UNAVAILABLE,
    });

    const unreachable = twilioTelephony({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      publicUrl: PUBLIC_URL,
      defaultFrom: '+15055550100',
      clock: { now: () => now },
      httpClient: new LocalRequestClient(await deadAddress()),
    });
    const refused = unreachable.placeCall(db, { to: '+15055550142', from: '+15052650100', twiml: '<Response/>' });
    await expect(refused).rejects.toMatchObject({
      status: 502,
      message: PROVIDER_UNAVAILABLE,
      cause: expect.objectContaining({ code: 'ECONNREFUSED' }),
    });
    // Even where a missing record means null, no answer is still a failure, never "not found".
    await expect(unreachable.fetchCall(db, sid('CA', 9))).rejects.toMatchObject({ status: 502 });
  });

  it('places a call with TwiML and every status callback event', async () => {
    fake.on('POST', /\/Calls\.json$/, (r) => ({
      status: 201,
      body: callJson({ sid: sid('CA', 1), to: r.form.get('To')!, from: r.form.get('From')!, status: 'queued' }),
    }));
    const placed = await driver.placeCall(db, {
      to: '+15055550142',
      from: '+15052650100',
      twiml: '<Response><Dial>+15055551000</Dial></Response>',
    });
    expect(placed).toMatchObject({
      sid: sid('CA', 1),
      status: 'queued',
      direction: 'outbound',
      events: [{ status: 'queued', at: now }],
    });
    const form = fake.last().form;
    expect(form.get('To')).toBe('+15055550142');
    expect(form.get('From')).toBe('+15052650100');
    expect(form.get('Twiml')).toBe('<Response><Dial>+15055551000</Dial></Response>');
    expect(form.get('StatusCallback')).toBe(`${PUBLIC_URL}/webhooks/twilio/call-status`);
    expect(form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
  });

  it('ends a call by setting its status to completed, and says null for a call Twilio does not know', async () => {
    const callSid = sid('CA', 2);
    fake.on('POST', new RegExp(`/Calls/${callSid}\\.json$`), (r) => ({
      status: 200,
      body: callJson({
        sid: callSid,
        to: '+15055550142',
        from: '+15052650100',
        status: r.form.get('Status') ?? 'in-progress',
        duration: '42',
      }),
    }));
    const ended = await driver.endCall(db, callSid);
    expect(Object.fromEntries(fake.last().form)).toEqual({ Status: 'completed' });
    expect(ended).toMatchObject({
      status: 'completed',
      durationSeconds: 42,
      events: [{ status: 'completed', at: now, durationSeconds: 42 }],
    });
    expect(await driver.endCall(db, sid('CA', 404))).toBeNull();
  });

  it('transfers a call with new TwiML dialling the target under our caller id', async () => {
    const callSid = sid('CA', 3);
    fake.on('POST', new RegExp(`/Calls/${callSid}\\.json$`), () => ({
      status: 200,
      body: callJson({ sid: callSid, to: '+15055550142', from: '+15052650100', status: 'in-progress' }),
    }));
    const moved = await driver.transferCall(db, callSid, '+15055551234', '+15052650100');
    expect(moved).toMatchObject({ sid: callSid, status: 'in-progress', events: [] });
    expect(fake.last().form.get('Twiml')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="+15052650100">+15055551234</Dial></Response>',
    );
  });

  it('searches local numbers by area code in the right country', async () => {
    fake.on('GET', /\/AvailablePhoneNumbers\/(US|CA)\/Local\.json$/, (r, m) => ({
      status: 200,
      body: page(
        'available_phone_numbers',
        [
          {
            friendly_name: '(505) 555-2277',
            phone_number: m[1] === 'CA' ? '+14035552277' : '+15055552277',
            lata: '664',
            locality: 'Albuquerque',
            rate_center: 'ALBUQUERQUE',
            latitude: '35.08',
            longitude: '-106.65',
            region: 'NM',
            postal_code: '87101',
            iso_country: m[1],
            address_requirements: 'none',
            beta: false,
            capabilities: { voice: true, SMS: true, MMS: true, fax: false },
          },
        ],
        r.path,
      ),
    }));
    const found = await driver.searchLocalNumbers(db, { areaCode: '505', contains: 'CARS' });
    expect(found).toEqual([{ phoneNumber: '+15055552277', locality: 'Albuquerque', region: 'NM' }]);
    const r = fake.last();
    expect(r.path).toBe(`${apiPath}/AvailablePhoneNumbers/US/Local.json`);
    expect(Object.fromEntries(r.query)).toMatchObject({
      AreaCode: '505',
      Contains: 'CARS',
      SmsEnabled: 'true',
      VoiceEnabled: 'true',
    });
    await driver.searchLocalNumbers(db, { areaCode: '403' });
    expect(fake.last().path).toBe(`${apiPath}/AvailablePhoneNumbers/CA/Local.json`);
  });

  it('buys a number pointed at our webhooks, and releases it', async () => {
    const pn = `PN${'c3'.repeat(16)}`;
    fake.on('POST', /\/IncomingPhoneNumbers\.json$/, (r) => ({
      status: 201,
      body: {
        sid: pn,
        account_sid: ACCOUNT_SID,
        phone_number: r.form.get('PhoneNumber'),
        friendly_name: r.form.get('FriendlyName'),
        sms_url: r.form.get('SmsUrl'),
        voice_url: r.form.get('VoiceUrl'),
        capabilities: { voice: true, sms: true, mms: true, fax: false },
        status: 'in-use',
        uri: `${apiPath}/IncomingPhoneNumbers/${pn}.json`,
      },
    }));
    fake.on('DELETE', new RegExp(`/IncomingPhoneNumbers/${pn}\\.json$`), () => ({ status: 204 }));
    expect(await driver.buyNumber(db, '+15055552277', 'Sales line')).toEqual({ sid: pn, phoneNumber: '+15055552277' });
    expect(Object.fromEntries(fake.last().form)).toEqual({
      PhoneNumber: '+15055552277',
      FriendlyName: 'Sales line',
      SmsUrl: `${PUBLIC_URL}/webhooks/twilio/sms`,
      SmsMethod: 'POST',
      VoiceUrl: `${PUBLIC_URL}/webhooks/twilio/voice`,
      VoiceMethod: 'POST',
      StatusCallback: `${PUBLIC_URL}/webhooks/twilio/call-status`,
      StatusCallbackMethod: 'POST',
    });
    await driver.releaseNumber(db, pn);
    expect(fake.last()).toMatchObject({ method: 'DELETE', path: `${apiPath}/IncomingPhoneNumbers/${pn}.json` });
    // Already released at Twilio (404) is not an error.
    await expect(driver.releaseNumber(db, `PN${'d4'.repeat(16)}`)).resolves.toBeUndefined();
  });

  it('fetches a call and a message, and lists calls with filters', async () => {
    const callSid = sid('CA', 5);
    const started = new Date('2026-11-02T17:00:00Z');
    fake.on('GET', new RegExp(`/Calls/${callSid}\\.json$`), () => ({
      status: 200,
      body: callJson({
        sid: callSid,
        to: '+15052650100',
        from: '+15055550142',
        status: 'completed',
        direction: 'inbound',
        duration: '65',
        startTime: started,
        endTime: new Date(started.getTime() + 65_000),
      }),
    }));
    expect(await driver.fetchCall(db, callSid)).toEqual({
      sid: callSid,
      direction: 'inbound',
      from: '+15055550142',
      to: '+15052650100',
      status: 'completed',
      startedAt: started,
      endedAt: new Date(started.getTime() + 65_000),
      durationSeconds: 65,
      events: [],
    });
    expect(await driver.fetchCall(db, sid('CA', 6))).toBeNull();
    const smSid = sid('SM', 7);
    fake.on('GET', new RegExp(`/Messages/${smSid}\\.json$`), () => ({
      status: 200,
      body: messageJson({
        sid: smSid,
        to: '+15055550142',
        from: '+15052650110',
        body: 'Hi',
        status: 'undelivered',
        errorCode: 30006,
      }),
    }));
    expect(await driver.fetchMessage(db, smSid)).toMatchObject({
      sid: smSid,
      status: 'undelivered',
      errorCode: 30006,
      direction: 'outbound',
    });
    expect(await driver.fetchMessage(db, sid('SM', 8))).toBeNull();

    fake.on('GET', /\/Calls\.json$/, (r) => ({
      status: 200,
      body: page(
        'calls',
        [
          callJson({
            sid: callSid,
            to: '+15052650100',
            from: '+15055550142',
            status: 'in-progress',
            direction: 'inbound',
          }),
        ],
        r.path,
      ),
    }));
    const listed = await driver.listCalls(db, {
      status: 'in-progress',
      after: new Date('2026-11-01T07:00:00Z'),
      limit: 20,
    });
    expect(listed.map((c) => [c.sid, c.status, c.direction])).toEqual([[callSid, 'in-progress', 'inbound']]);
    expect(Object.fromEntries(fake.last().query)).toMatchObject({
      Status: 'in-progress',
      'StartTime>': '2026-11-01T07:00:00Z',
      PageSize: '20',
    });
  });
});

describe('the app with TELEPHONY=twilio', () => {
  let t: TestApp;
  let admin: Caller;
  let agent: Caller;
  beforeAll(async () => {
    t = await testApp({
      env: { TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, PUBLIC_URL },
    });
    expect(t.app.services.telephony.name).toBe('twilio');
    // The same driver the app built, only its HTTP client points at the local Twilio.
    t.app.services.telephony = twilioTelephony({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      publicUrl: PUBLIC_URL,
      defaultFrom: t.config.SMS_FROM,
      clock: t.app.services.clock,
      httpClient: new LocalRequestClient(fake.baseUrl),
    });
    admin = await t.signedIn(['phoneAdmin', 'phoneLookup']);
    const user = await t.createUser({ flags: ['messenger'], phone: '+15055551777' });
    agent = await t.sessionFor(user.id);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => setClock(t, '2026-11-02T18:00:00Z'));

  it('buys a number on add-phone with buy=1, keeps its sid, and releases it on delete', async () => {
    const { location } = await createLine(t);
    const pn = `PN${'e5'.repeat(16)}`;
    fake.on('POST', /\/IncomingPhoneNumbers\.json$/, (r) => ({
      status: 201,
      body: { sid: pn, phone_number: r.form.get('PhoneNumber'), account_sid: ACCOUNT_SID },
    }));
    fake.on('DELETE', new RegExp(`/IncomingPhoneNumbers/${pn}\\.json$`), () => ({ status: 204 }));
    const added = await admin.call(
      'phones/add-phone',
      { description: 'Bought line', phoneNumber: '(505) 555-2288', locationId: location.id, active: 1, buy: 1 },
      { form: true },
    );
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      message: 'Phone has been added!',
      phone: { sid: pn, bought: true, phoneNumber: '+15055552288' },
    });
    expect(fake.last().form.get('PhoneNumber')).toBe('+15055552288');
    const deleted = await admin.act(deletePhone, { phoneId: added.body.data.phoneId });
    expect(deleted.body.data).toMatchObject({ message: 'Phone has been deleted!', released: true });
    expect(fake.last()).toMatchObject({ method: 'DELETE', path: `${apiPath}/IncomingPhoneNumbers/${pn}.json` });
  });

  it('keeps the phone when Twilio refuses to release its number', async () => {
    const { location } = await createLine(t);
    const pn = `PN${'f6'.repeat(16)}`;
    const [row] = await t.db
      .insert(phones)
      .values({ description: 'Stuck', phoneNumber: '+15055552299', locationId: location.id, sid: pn, bought: true })
      .returning();
    fake.on('DELETE', new RegExp(`/IncomingPhoneNumbers/${pn}\\.json$`), () =>
      twilioError(400, 21452, 'This number cannot be released right now.'),
    );
    const res = await admin.act(deletePhone, { phoneId: row.id });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toBe(
      'Twilio refused the request: This number cannot be released right now. (Twilio error 21452)',
    );
    expect(await t.db.select().from(phones).where(eq(phones.id, row.id))).toHaveLength(1);
  });

  it('makes, transfers and ends a call through Twilio, keeping the calls table current', async () => {
    const { line } = await createLine(t);
    const callSid = sid('CA', 77);
    fake.on('POST', /\/Calls\.json$/, (r) => ({
      status: 201,
      body: callJson({ sid: callSid, to: r.form.get('To')!, from: r.form.get('From')!, status: 'queued' }),
    }));
    fake.on('POST', new RegExp(`/Calls/${callSid}\\.json$`), (r) => ({
      status: 200,
      body: callJson({
        sid: callSid,
        to: '+15055550142',
        from: line.phoneNumber,
        status: r.form.get('Status') ?? 'in-progress',
        duration: r.form.get('Status') ? '30' : null,
      }),
    }));
    const made = await agent.act(makeCall, { phoneId: line.id, to: '505-555-0142' });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ callSid, status: 'queued', to: '+15055550142', from: line.phoneNumber });
    const twiml = fake.last().form.get('Twiml')!;
    expect(twiml).toContain(`<Dial callerId="${line.phoneNumber}">+15055551777</Dial>`);
    await t.db.update(calls).set({ status: 'in-progress' }).where(eq(calls.callSid, callSid));

    const moved = await admin.act(transferCall, { callSid, to: '+15055551234' });
    expect(moved.body.data.message).toBe('The call has been transferred to (505) 555-1234.');
    expect(fake.last().form.get('Twiml')).toContain(`<Dial callerId="${line.phoneNumber}">+15055551234</Dial>`);

    const ended = await admin.act(endCall, { callSid });
    expect(ended.body.data).toMatchObject({ status: 'completed' });
    const [row] = await t.db.select().from(calls).where(eq(calls.callSid, callSid));
    expect(row).toMatchObject({ status: 'completed', durationSeconds: 30, transferredTo: '+15055551234' });
  });

  it('sends sign-in codes as transactional texts through Twilio with the default number', async () => {
    fake.on('POST', /\/Messages\.json$/, (r) => ({
      status: 201,
      body: messageJson({
        sid: sid('SM', 99),
        to: r.form.get('To')!,
        from: r.form.get('From'),
        body: r.form.get('Body')!,
        status: 'queued',
      }),
    }));
    const [user] = await t.db.select().from(users).limit(1);
    const { sendText } = await import('../../outreach/send-gate');
    const sent = await sendText(t.db, t.app.services, {
      to: '5055550160',
      body: 'Your code is 123456.',
      purpose: 'transactional',
      userId: user.id,
      storedBody: 'Code (hidden)',
    });
    expect(sent).toMatchObject({ sid: sid('SM', 99), status: 'queued', to: '+15055550160' });
    expect(fake.last().form.get('From')).toBe(t.config.SMS_FROM);
    const [row] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.messageSid, sid('SM', 99)));
    expect(row).toMatchObject({
      body: 'Code (hidden)',
      purpose: 'transactional',
      direction: 'outbound',
      status: 'queued',
    });
  });

  it("lists the provider's calls on load-twilio-calls, with our lines named", async () => {
    const { line } = await createLine(t);
    fake.on('GET', /\/Calls\.json$/, (r) => ({
      status: 200,
      body: page(
        'calls',
        [
          callJson({
            sid: sid('CA', 81),
            to: line.phoneNumber,
            from: '+15055550142',
            status: 'in-progress',
            direction: 'inbound',
            startTime: new Date('2026-11-02T17:59:00Z'),
          }),
          callJson({
            sid: sid('CA', 82),
            to: '+15055550143',
            from: line.phoneNumber,
            status: 'completed',
            duration: '125',
          }),
        ],
        r.path,
      ),
    }));
    const res = await admin.act(loadProviderCalls, { status: '' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ callCount: 2, liveCount: 1, provider: 'twilio' });
    expect(res.body.data.rows[0]).toMatchObject({
      callSid: sid('CA', 81),
      live: true,
      phoneDescription: line.description,
    });
    expect(res.body.data.rows[1]).toMatchObject({ duration: '2:05', live: false });
    expect(res.body.data.html).toContain('(505) 555-0143');
  });

  it("checks webhook signatures with the account's auth token", async () => {
    const { line } = await createLine(t);
    const params = { MessageSid: sid('SM', 500), From: '+15055550142', To: line.phoneNumber, Body: 'HELP' };
    const good = await postWebhook(t, '/webhooks/twilio/sms', params, { token: AUTH_TOKEN });
    expect(good.status).toBe(200);
    expect(good.body).toContain('for help, call us at');
    const local = loadConfig({
      DATA_DIR: '.tmp/test-data',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-test-secret',
    });
    const forged = await postWebhook(
      t,
      '/webhooks/twilio/sms',
      { ...params, MessageSid: sid('SM', 501) },
      { token: local.TWILIO_AUTH_TOKEN },
    );
    expect(forged.status).toBe(403);
  });

  describe('when Twilio fails or cannot be reached', () => {
    const callRows = async () => (await t.db.select({ n: count() }).from(calls))[0].n;
    const phoneRows = async () => (await t.db.select({ n: count() }).from(phones))[0].n;
    let working: TelephonyProvider;
    beforeAll(() => {
      working = t.app.services.telephony;
    });
    afterAll(() => {
      t.app.services.telephony = working;
    });

    it('make-call answers 502 with a sentence and records no call', async () => {
      const { line } = await createLine(t);
      fake.on('POST', /\/Calls\.json$/, () => twilioError(500, 20500, 'Internal Server Error'));
      const before = await callRows();
      const res = await agent.act(makeCall, { phoneId: line.id, to: '505-555-0142' });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ success: false, data: {}, errors: [PROVIDER_UNAVAILABLE] });
      expect(await callRows()).toBe(before);
    });

    it("add-phone with buy=1, delete-phone of a bought number and the provider's call list answer 502 and change nothing", async () => {
      const { location } = await createLine(t);
      const pn = `PN${'a7'.repeat(16)}`;
      const [bought] = await t.db
        .insert(phones)
        .values({
          description: 'Bought earlier',
          phoneNumber: '+15055552311',
          locationId: location.id,
          sid: pn,
          bought: true,
        })
        .returning();
      t.app.services.telephony = twilioTelephony({
        accountSid: ACCOUNT_SID,
        authToken: AUTH_TOKEN,
        publicUrl: PUBLIC_URL,
        defaultFrom: t.config.SMS_FROM,
        clock: t.app.services.clock,
        httpClient: new LocalRequestClient(await deadAddress()),
      });
      const before = await phoneRows();
      const buy = await admin.act(addPhone, {
        description: 'New line',
        phoneNumber: '(505) 555-2312',
        locationId: location.id,
        active: 1,
        buy: 1,
      });
      expect(buy.status).toBe(502);
      expect(buy.body.errors).toEqual([PROVIDER_UNAVAILABLE]);
      const release = await admin.act(deletePhone, { phoneId: bought.id });
      expect(release.status).toBe(502);
      expect(release.body.errors).toEqual([PROVIDER_UNAVAILABLE]);
      expect(await phoneRows()).toBe(before);
      expect(await t.db.select().from(phones).where(eq(phones.id, bought.id))).toHaveLength(1);
      const live = await admin.act(loadProviderCalls, {});
      expect(live.status).toBe(502);
      expect(live.body.errors).toEqual([PROVIDER_UNAVAILABLE]);
    });
  });

  it('refuses the developer simulations: they belong to the local driver', async () => {
    const { line } = await createLine(t);
    const dev = await t.signedIn(['developer']);
    const res = await dev.act(simulateInboundText, { from: '5055550142', to: line.phoneNumber, body: 'STOP' });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual(['Simulations work with the local telephony driver only (TELEPHONY=local).']);
  });
});
