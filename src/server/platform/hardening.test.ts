import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { tableFingerprint } from '../../../tests/fingerprint';
import { multipartBody } from '../../../tests/multipart';
import { createLine, postWebhook, setClock } from '../../../tests/telephony';
import { actionRegistry } from './actions';
import { cursorColumnTypes, EXPORT_BATCH, exportRegistry } from './lists';
import { outbox, sessions } from './platform.db';
import { SESSION_COOKIE } from './session';
import { jobCodes } from '../../modules/access/access.db';
import { locations } from '../../modules/locations/locations.db';
import { calls, messages } from '../../modules/phones/phones.db';
import { allFlags } from '../../shared/permissions';
import { addAccess } from '../../modules/access/access.contract';
import { saveLocation } from '../../modules/locations/locations.contract';
import { simulateInboundText } from '../../modules/phones/phones.contract';
import { userActivity } from '../../modules/phones/phones.contract';
import { authenticate, saveUser } from '../../modules/users/users.contract';
import { registeredLists, registeredExports } from '../../../tests/registries';

/**
 * The findings of the outside security review, each kept as a test: inputs that made the server
 * answer 500 (or do something worse) are refused with 400 and a sentence, and store nothing.
 */
let t: TestApp;
let all: Caller;
beforeAll(async () => {
  t = await testApp();
  all = await t.signedIn([...allFlags], { groupWide: true });
});
afterAll(async () => {
  await t?.close();
});

type Body = { success: boolean; data: Record<string, unknown>; errors: string[] };

function expectRefusal(res: { status: number; body: Body }, sentence: RegExp | string) {
  expect(res.status).toBe(400);
  expect(res.body.success).toBe(false);
  expect(typeof res.body.data).toBe('object');
  if (typeof sentence === 'string') expect(res.body.errors[0]).toBe(sentence);
  else expect(res.body.errors[0]).toMatch(sentence);
}

const post = (caller: Caller | null, path: string, payload: string | Buffer, contentType: string) =>
  (caller ?? t.anonymous()).send<Record<string, unknown>>({
    method: 'POST',
    url: `/api/actions/${path}`,
    headers: { 'content-type': contentType, ...(caller ? { 'x-csrf-token': caller.csrfToken! } : {}) },
    payload,
  }) as Promise<{ status: number; body: Body }>;

/** What a list needs besides paging (a user's events are of one user). */
const needs = (path: string): Record<string, unknown> => (path === 'users/load-events' ? { userId: all.userId } : {});

const jobCodeCount = async () => (await t.db.select({ n: count() }).from(jobCodes))[0].n;
const cookieOf = (caller: Caller) => ({ [SESSION_COOKIE]: caller.cookie! });

describe('finding 1: prototype keys in a form', () => {
  const unreadable = /^The request could not be read/;

  it('refuses __proto__, constructor, prototype and other inherited names as form keys, signed in or not', async () => {
    const bodies = [
      '__proto__[]=1',
      '__proto__=1',
      'constructor[]=1',
      'prototype=1',
      'toString[]=1',
      'hasOwnProperty[]=x&username=a',
      'valueOf[]=1&valueOf[]=2',
    ];
    for (const body of bodies) {
      expectRefusal(
        await post(
          null,
          'users/authenticate',
          `${body}&username=admin&password=x`,
          'application/x-www-form-urlencoded',
        ),
        unreadable,
      );
    }
    const before = await jobCodeCount();
    for (const body of bodies) {
      expectRefusal(
        await post(
          all,
          'sandbox-access/add-access',
          `${body}&jobCode=PROTO1&longName=Proto`,
          'application/x-www-form-urlencoded',
        ),
        unreadable,
      );
    }
    expect(await jobCodeCount()).toBe(before);
  });

  it('refuses them in JSON bodies, at any depth', async () => {
    const bodies = [
      '{"__proto__": {"isAdmin": true}, "username": "admin", "password": "x"}',
      '{"constructor": {"prototype": {"isAdmin": true}}, "username": "admin", "password": "x"}',
      '{"prototype": 1, "username": "admin", "password": "x"}',
      '{"username": "admin", "password": "x", "nested": [{"constructor": 1}]}',
    ];
    for (const body of bodies)
      expectRefusal(await post(null, 'users/authenticate', body, 'application/json'), unreadable);
  });

  it('refuses them as multipart field names', async () => {
    for (const name of ['constructor', 'prototype', '__proto__', 'toString']) {
      const { payload, headers } = multipartBody({ [name]: '1' });
      expectRefusal(await post(all, 'users/upload', payload, headers['content-type']), unreadable);
    }
  });
});

describe('finding 2: inherited names as a sort', () => {
  const sorts = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

  it('every list answers with its default order', async () => {
    for (const [path, list] of registeredLists()) {
      for (const sort of sorts) {
        const res = await all.call(path, { ...needs(path), sort, view: 'rows' });
        expect(res.status, `${path} sort=${sort}`).toBe(200);
        expect(res.body.data.sort).toBe(list.defaultSort);
        expect((await all.call(path, { ...needs(path), sort }, { form: true })).status).toBe(200);
      }
    }
  });

  it('every CSV export answers with its default order', async () => {
    expect(exportRegistry.size).toBeGreaterThan(0);
    for (const route of registeredExports().keys()) {
      for (const sort of sorts) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${route}?sort=${encodeURIComponent(sort)}`,
          cookies: cookieOf(all),
        });
        expect(res.statusCode, `${route} sort=${sort}`).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      }
    }
  });
});

describe('finding 3: NUL and unpaired surrogates', () => {
  it('refuses a NUL in a text field with a sentence naming the field, storing nothing', async () => {
    const before = await tableFingerprint(t.db);
    const res = await all.act(addAccess, { jobCode: 'NUL1', longName: 'Bad\u0000name' });
    expectRefusal(res, 'Long name contains a character that is not allowed.');
    expect(res.body.data.fields).toEqual(['longName']);
    const form = await all.call(
      'sandbox-access/add-access',
      { jobCode: 'NUL1', longName: 'Bad\u0000name' },
      { form: true },
    );
    expectRefusal(form, 'Long name contains a character that is not allowed.');
    expect(await tableFingerprint(t.db)).toEqual(before);
  });

  it('refuses an unpaired surrogate in an audited field, and in nested values', async () => {
    const before = await tableFingerprint(t.db);
    expectRefusal(
      await all.act(addAccess, { jobCode: 'SUR1', longName: 'Half \ud800 a pair' }),
      'Long name contains a character that is not allowed.',
    );
    expectRefusal(
      await all.act(addAccess, { jobCode: 'SUR2', longName: 'Half \udc00' }),
      'Long name contains a character that is not allowed.',
    );
    const nested = await all.act(saveUser, { userId: all.userId, regions: ['Arizona', 'New\u0000Mexico'] });
    expectRefusal(nested, 'Regions contains a character that is not allowed.');
    expect(nested.body.data.fields).toEqual(['regions']);
    expectRefusal(
      await all.actRaw(addAccess, { jobCode: 'SUR3', longName: 'Fine', extra: { deep: ['\ud83d'] } }),
      'Deep contains a character that is not allowed.',
    );
    expect(await tableFingerprint(t.db)).toEqual(before);
  });

  it('keeps whole surrogate pairs (emoji) and other unicode', async () => {
    const res = await all.act(addAccess, { jobCode: 'EMOJI1', longName: 'Service 🚗 عربى é' });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(jobCodes).where(eq(jobCodes.jobCode, 'EMOJI1'));
    expect(row.longName).toBe('Service 🚗 عربى é');
  });

  it("refuses a NUL in the sign-in form and in an export's query string", async () => {
    expectRefusal(
      await t.anonymous().act(authenticate, { username: 'admin\u0000', password: 'x' }),
      'Username contains a character that is not allowed.',
    );
    for (const route of registeredExports().keys()) {
      const res = await t.app.inject({ method: 'GET', url: `${route}?query=a%00b`, cookies: cookieOf(all) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        data: { fields: ['query'], fieldErrors: { query: 'Query contains a character that is not allowed.' } },
        errors: ['Query contains a character that is not allowed.'],
      });
    }
  });
});

describe('finding 4: a crafted list cursor', () => {
  const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const invalid = 'The page cursor is not valid; reload the list.';

  it("is checked against the types of the list's sort and id columns", async () => {
    for (const [path, list] of registeredLists()) {
      const textual = (c: { dataType: string }) => c.dataType === 'string';
      const sortColumn = list.sorts[list.defaultSort];
      const strings = await all.call(path, { ...needs(path), cursor: cursorOf(['abc', 'xyz']) });
      if (textual(sortColumn) && textual(list.id.column)) expect(strings.status, path).toBe(200);
      else {
        expectRefusal(strings, invalid);
        expect(strings.body.data.fields).toEqual(['cursor']);
      }
      const typed =
        textual(sortColumn) && textual(list.id.column)
          ? []
          : [
              ['2026-13-45', '99999999999999999999'],
              ['2026-02-30 10:00:00+00', '1.5'],
            ];
      for (const bad of [
        [{ a: 1 }, null],
        [[], []],
        ['\u0000', '\u0000'],
        [1e308, -1e308],
        [null, null],
        'abc',
        ...typed,
      ]) {
        expectRefusal(await all.call(path, { ...needs(path), cursor: cursorOf(bad) }), invalid);
      }
    }
  });

  it("knows the type of every list's sort and id columns", () => {
    for (const [path, list] of registeredLists()) {
      for (const column of [list.id.column, ...Object.values(list.sorts)]) {
        expect(cursorColumnTypes.has(column.columnType), `${path}: ${column.name} is ${column.columnType}`).toBe(true);
      }
    }
  });

  it('lets an export longer than one batch page on with its own cursors', async () => {
    await t.db.execute(
      sql`insert into outbox (channel, "to", body) select 'email', 'batch' || g || '@forecourt.test', 'Batch' from generate_series(1, ${EXPORT_BATCH + 5}) g`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/tools/outbox/export?query=batch', cookies: cookieOf(all) });
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\n')).toHaveLength(1 + EXPORT_BATCH + 5);
    await t.db.execute(sql`delete from outbox where body = 'Batch'`);
  });

  it('still pages with the cursors the lists hand out', async () => {
    for (const [path] of registeredLists()) {
      const first = await all.call(path, { ...needs(path), limit: 1, view: 'rows' });
      expect(first.status, path).toBe(200);
      if (first.body.data.nextCursor) {
        const next = await all.call(path, {
          ...needs(path),
          limit: 1,
          view: 'rows',
          cursor: first.body.data.nextCursor,
        });
        expect(next.status, path).toBe(200);
      }
    }
  });
});

describe('finding 5: signed telephony webhooks with values out of range', () => {
  let line: Awaited<ReturnType<typeof createLine>>['line'];
  let seq = 0;
  const sid = (prefix: 'SM' | 'CA') => `${prefix}${String((seq += 1)).padStart(32, '7')}`;
  beforeAll(async () => {
    ({ line } = await createLine(t));
    setClock(t, '2026-11-02T18:00:00Z');
  });
  afterAll(() => setClock(t, null));

  async function liveCall() {
    const callSid = sid('CA');
    await t.db.insert(calls).values({
      callSid,
      phoneId: line.id,
      locationId: line.locationId,
      direction: 'inbound',
      from: '+15055550199',
      to: line.phoneNumber,
      status: 'in-progress',
      startedAt: new Date('2026-11-02T17:59:50Z'),
      answeredAt: new Date('2026-11-02T17:59:55Z'),
    });
    return callSid;
  }

  it('refuses an out-of-range Timestamp or CallDuration with 400, changing nothing', async () => {
    const callSid = await liveCall();
    const [before] = await t.db.select().from(calls).where(eq(calls.callSid, callSid));
    const cases: Record<string, string>[] = [
      { CallStatus: 'completed', Timestamp: '-271821' },
      { CallStatus: 'completed', Timestamp: '275760' },
      { CallStatus: 'completed', Timestamp: '+275760-09-13T00:00:00.000Z' },
      { CallStatus: 'completed', CallDuration: '99999999999' },
      { CallStatus: 'completed', CallDuration: '-5' },
    ];
    for (const params of cases) {
      const res = await postWebhook(t, '/webhooks/twilio/call-status', { CallSid: callSid, ...params });
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({
        success: false,
        data: {},
        errors: [expect.stringMatching(/^[A-Z].*\.$/)],
      });
    }
    expect((await t.db.select().from(calls).where(eq(calls.callSid, callSid)))[0]).toEqual(before);
    // A good callback still ends the call.
    const ok = await postWebhook(t, '/webhooks/twilio/call-status', {
      CallSid: callSid,
      CallStatus: 'completed',
      CallDuration: '15',
      Timestamp: 'Mon, 02 Nov 2026 18:00:10 +0000',
    });
    expect(ok.status).toBe(200);
    expect((await t.db.select().from(calls).where(eq(calls.callSid, callSid)))[0]).toMatchObject({
      status: 'completed',
      durationSeconds: 15,
    });
  });

  it('refuses a NUL in any webhook value with 400, storing nothing', async () => {
    const before = await tableFingerprint(t.db);
    const attempts = [
      postWebhook(t, '/webhooks/twilio/sms', {
        MessageSid: sid('SM'),
        From: '+15055550198',
        To: line.phoneNumber,
        Body: 'Hi\u0000there',
      }),
      postWebhook(t, '/webhooks/twilio/sms', {
        MessageSid: sid('SM'),
        From: '+1505555\u00000198',
        To: line.phoneNumber,
        Body: 'Hi',
      }),
      postWebhook(t, '/webhooks/twilio/voice', {
        CallSid: sid('CA'),
        From: '+15055550198',
        To: `${line.phoneNumber}\u0000`,
      }),
      postWebhook(t, '/webhooks/twilio/message-status', { MessageSid: sid('SM'), MessageStatus: 'deliv\u0000ered' }),
      postWebhook(t, '/webhooks/twilio/call-status', {
        CallSid: sid('CA'),
        CallStatus: 'completed',
        RecordingUrl: 'https://x\u0000',
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).errors[0]).toMatch(/contains a character that is not allowed\.$/);
    }
    expect(await tableFingerprint(t.db)).toEqual(before);
  });

  it('ignores a ring-group answer for a user id out of range', async () => {
    const callSid = await liveCall();
    const res = await postWebhook(t, '/webhooks/twilio/voice-answered?userId=99999999999', { CallSid: callSid });
    expect(res.status).toBe(200);
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });
});

describe('finding 6: CSV formula injection', () => {
  it('exports cells that start like a formula with a leading quote, numbers untouched', async () => {
    const { line } = await createLine(t);
    for (const body of ["=cmd|' /C calc'!A0", '+SUM(1+1)', '-2+3+cmd|x', '@SUM(A1)']) {
      const res = await all.act(simulateInboundText, { from: '+15055550142', to: line.phoneNumber, body });
      expect(res.status, body).toBe(200);
    }
    // Forms trim what people type: a leading tab or carriage return comes from elsewhere (a provider).
    await t.db.insert(outbox).values([
      {
        channel: 'sms',
        direction: 'inbound',
        from: '+15055550142',
        to: line.phoneNumber,
        body: '\tTabbed',
        status: 'received',
      },
      {
        channel: 'sms',
        direction: 'inbound',
        from: '+15055550142',
        to: line.phoneNumber,
        body: '\rReturned',
        status: 'received',
      },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/tools/outbox/export?channel=sms', cookies: cookieOf(all) });
    expect(res.statusCode).toBe(200);
    const csv = res.body;
    expect(csv).toContain(`'=cmd|' /C calc'!A0`);
    expect(csv).toContain(`'+SUM(1+1)`);
    expect(csv).toContain(`'-2+3+cmd|x`);
    expect(csv).toContain(`'@SUM(A1)`);
    expect(csv).toContain(`'\tTabbed`);
    expect(csv).toContain(`"'\rReturned"`);
    expect(csv).not.toMatch(/(^|,)[=+\-@]\D/m);
    // A phone number is a number: it keeps its plus sign.
    expect(csv).toContain(',+15055550142,');
    expect(csv).not.toContain("'+15055550142");
  });
});

describe('finding 7: web addresses', () => {
  it("accepts only http and https addresses for a location's web pages", async () => {
    const [abg] = await t.db.select().from(locations).where(eq(locations.code, 'ABG'));
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'http:example.com',
      'ftp://example.com',
    ]) {
      for (const field of ['url', 'serviceUrl']) {
        const res = await all.act(saveLocation, { locationId: abg.id, [field]: url });
        expect(res.status, `${field}=${url}`).toBe(400);
        expect(res.body.data.fields).toEqual([field]);
      }
    }
    const ok = await all.act(saveLocation, {
      locationId: abg.id,
      url: 'https://www.example.com/honda',
      serviceUrl: 'http://service.example.com',
    });
    expect(ok.status).toBe(200);
    const [after] = await t.db.select().from(locations).where(eq(locations.id, abg.id));
    expect(after).toMatchObject({ url: 'https://www.example.com/honda', serviceUrl: 'http://service.example.com' });
  });
});

describe('finding 8: uploads', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (files: { field: string; filename: string; data: Buffer }[], requestId: string) => {
    const { payload, headers } = multipartBody(
      { csrfToken: all.csrfToken! },
      files.map((f) => ({ ...f, type: 'image/png' })),
    );
    return all.send<Record<string, unknown>>({
      method: 'POST',
      url: '/api/actions/users/upload',
      headers: { ...headers, 'x-request-id': requestId },
      payload,
    });
  };
  const leftovers = (requestId: string) => readdirSync(tmpdir()).filter((name) => name.includes(requestId));

  it('takes one file per action unless it says more, refusing the rest before reading them', async () => {
    const big = Buffer.alloc(7.5 * 1024 * 1024, 1);
    const many = Array.from({ length: 20 }, (_, i) => ({ field: 'file', filename: `photo${i}.png`, data: big }));
    const res = await upload(many, 'upload-many-files-1');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['Send at most 1 file.']);
    expect(res.body.data.fields).toEqual(['file']);
    const two = await upload(
      [
        { field: 'file', filename: 'a.png', data: png },
        { field: 'file', filename: 'b.png', data: png },
      ],
      'upload-two-files-1',
    );
    expect(two.status).toBe(400);
    expect(two.body.errors).toEqual(['Send at most 1 file.']);
    expect(leftovers('upload-many-files-1')).toEqual([]);
  });

  it('still takes one image, and leaves no temporary file behind', async () => {
    const res = await upload([{ field: 'file', filename: 'me.png', data: png }], 'upload-one-file-1');
    expect(res.status).toBe(200);
    expect(leftovers('upload-one-file-1')).toEqual([]);
    const tooLarge = await upload(
      [{ field: 'file', filename: 'big.png', data: Buffer.alloc(9 * 1024 * 1024, 1) }],
      'upload-too-large-1',
    );
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors[0]).toMatch(/too large/);
    expect(leftovers('upload-too-large-1')).toEqual([]);
    expect(existsSync(tmpdir())).toBe(true);
  });
});

describe('finding 9: the API documentation needs a signed-in session', () => {
  it('answers 401 to anonymous and half-signed-in callers, and sends the page to the sign-in screen', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(401);
    expect(json.json()).toEqual({ success: false, data: {}, errors: ['Please sign in to continue.'] });
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/login?p=%2Fapi%2Fdocs');
    const user = await t.createUser();
    await t.db.insert(sessions).values({
      id: createHash('sha256').update('half-signed-in').digest('hex'),
      userId: user.id,
      stage: 'password',
      csrfToken: 'x'.repeat(32),
    });
    const half = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      cookies: { [SESSION_COOKIE]: 'half-signed-in' },
    });
    expect(half.statusCode).toBe(401);
    for (const url of ['/api/docs/yaml', '/api/docs/static/index.html']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).not.toBe(200);
    }
  });

  it('serves them to a signed-in user', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json', cookies: cookieOf(all) });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths).length).toBeGreaterThanOrEqual(actionRegistry.size);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs', cookies: cookieOf(all) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('found by the fuzz test (fuzz.suite.ts)', () => {
  it('refuses a multipart body without a boundary on an upload with 400', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const res = await post(all, 'users/upload', contentType.endsWith('x') ? '--x\r\n' : '', contentType);
      expectRefusal(res, 'The upload could not be read; choose the file again.');
    }
  });

  it('refuses a day the calendar does not have (2026-02-30) as a date filter', async () => {
    const res = await all.act(userActivity, { minCreatedAt: '2026-02-30' });
    expectRefusal(res, 'From must be a real date.');
    expect((await all.act(userActivity, { minCreatedAt: '2024-02-29' })).status).toBe(200);
  });
});

describe('messages stay untouched by refusals', () => {
  it('has stored no message with a NUL', async () => {
    const rows = await t.db.select({ body: messages.body }).from(messages);
    expect(rows.some((r) => r.body.includes('\u0000'))).toBe(false);
  });
});
