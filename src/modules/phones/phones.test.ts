import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { type ActInput, testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { createLine } from '../../../tests/telephony';
import { auditLog } from '../../server/platform/platform.db';
import { locations } from '../locations/locations.db';
import { calls, phoneActions, phones } from './phones.db';
import {
  addPhone,
  deactivatePhones,
  deletePhone,
  loadLocalNumbers,
  loadPhone,
  loadPhones,
  phoneOptions,
  replaceOutboundNumber,
  savePhone,
} from './phones.contract';

let t: TestApp;
let admin: Caller;
let lookup: Caller;
let abg: number;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signedIn(['phoneAdmin', 'phoneLookup']);
  lookup = await t.signedIn(['phoneLookup']);
  [{ id: abg }] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'ABG'));
});
afterAll(async () => {
  await t?.close();
});

const phoneCount = async () => (await t.db.select({ n: count() }).from(phones))[0].n;
const form = (values: Record<string, unknown>) => ({
  description: 'Used car hotline',
  phoneNumber: '(505) 266-7001',
  locationId: abg,
  bridge: '505-265-0100',
  phoneType: 'sales',
  directRing: 0,
  active: 1,
  autopilot: 1,
  squad: 0,
  ...values,
});

describe('phones/load-phones', () => {
  it('lists the demo lines with phoneCount and html, by description', async () => {
    const res = await lookup.call('phones/load-phones.php', {});
    expect(res.status).toBe(200);
    expect(res.body.data.phoneCount).toBe(await phoneCount());
    const main = res.body.data.rows.find((r: { phoneNumber: string }) => r.phoneNumber === '+15052650100');
    expect(main).toMatchObject({
      description: 'Albuquerque Toyota main line',
      phoneNumberFormatted: '(505) 265-0100',
      locationName: 'Albuquerque Toyota',
      phoneType: 'main',
      phoneTypeLabel: 'Main line',
      outbound: true,
      active: true,
    });
    expect(res.body.data.html).toContain('<td>(505) 265-0100</td>');
    const descriptions = res.body.data.rows.map((r: { description: string }) => r.description);
    expect(descriptions).toEqual([...descriptions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters by location, type, state and a search on description or digits', async () => {
    const byLocation = await lookup.act(loadPhones, { locationId: abg });
    expect(byLocation.body.data.rows.every((r: { locationId: number }) => r.locationId === abg)).toBe(true);
    expect(byLocation.body.data.phoneCount).toBe(4);
    const service = await lookup.call('phones/load-phones', { phoneType: 'service' }, { form: true });
    expect(service.body.data.rows.every((r: { phoneType: string }) => r.phoneType === 'service')).toBe(true);
    const inactive = await lookup.act(loadPhones, { active: '0' });
    expect(inactive.body.data.rows.map((r: { locationName: string }) => r.locationName)).toEqual([
      'El Paso Nissan',
      'El Paso Nissan',
      'El Paso Nissan',
    ]);
    const byText = await lookup.act(loadPhones, { query: 'GUEST engagement' });
    expect(byText.body.data.rows.map((r: { phoneNumber: string }) => r.phoneNumber)).toEqual(['+15052650190']);
    const byDigits = await lookup.act(loadPhones, { query: '(505) 265-01' });
    expect(byDigits.body.data.rows.map((r: { phoneNumber: string }) => r.phoneNumber).sort()).toEqual([
      '+15052650100',
      '+15052650110',
      '+15052650150',
      '+15052650190',
    ]);
    expect((await lookup.act(loadPhones, { query: '_' })).body.data.phoneCount).toBe(0);
  });

  it('pages with the cursor and sorts by number', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await lookup.act(loadPhones, { sort: 'phoneNumber', dir: 'desc', limit: 5, cursor });
      seen.push(...res.body.data.rows.map((r: { phoneNumber: string }) => r.phoneNumber));
      cursor = res.body.data.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(await phoneCount());
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it('refuses a bad filter with a sentence', async () => {
    const res = await lookup.act(loadPhones, { phoneType: 'fax' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['Type must be one of: main, sales, service, parts, collision, bdc, tracking.']);
  });
});

describe('phones/list-options', () => {
  const numbers = (res: { body: { data: Record<string, any> } }) =>
    res.body.data.phones.map((p: { phoneNumber: string }) => p.phoneNumber);

  it('finds lines by description or number digits, in description order, as pickers show them', async () => {
    const res = await lookup.act(phoneOptions, { search: 'ALBUQUERQUE toyota' });
    expect(res.status).toBe(200);
    expect(res.body.data.phones).toEqual([
      {
        phoneId: expect.any(Number),
        phoneNumber: '+15052650100',
        phoneNumberFormatted: '(505) 265-0100',
        description: 'Albuquerque Toyota main line',
        locationId: abg,
        active: true,
        outbound: true,
      },
      {
        phoneId: expect.any(Number),
        phoneNumber: '+15052650110',
        phoneNumberFormatted: '(505) 265-0110',
        description: 'Albuquerque Toyota sales',
        locationId: abg,
        active: true,
        outbound: false,
      },
      {
        phoneId: expect.any(Number),
        phoneNumber: '+15052650150',
        phoneNumberFormatted: '(505) 265-0150',
        description: 'Albuquerque Toyota service',
        locationId: abg,
        active: true,
        outbound: false,
      },
    ]);
    expect(numbers(await lookup.act(phoneOptions, { search: '(505) 265-01' }))).toEqual([
      '+15052650100',
      '+15052650110',
      '+15052650150',
      '+15052650190',
    ]);
    expect(numbers(await lookup.act(phoneOptions, { search: '2650190' }))).toEqual(['+15052650190']);
    // Two digits are too few to search numbers by; a LIKE wildcard is a character.
    expect(numbers(await lookup.act(phoneOptions, { search: '26' }))).toEqual([]);
    expect(numbers(await lookup.act(phoneOptions, { search: '%' }))).toEqual([]);
  });

  it('narrows by location, state and outbound, and names chosen lines by id, inactive ones included', async () => {
    const outbound = await lookup.call('phones/list-options', { locationId: abg, outbound: '1' }, { form: true });
    expect(numbers(outbound)).toEqual(['+15052650100']);
    expect(numbers(await lookup.act(phoneOptions, { locationId: abg, outbound: '0', search: 'service' }))).toEqual([
      '+15052650150',
    ]);
    const inactive = await lookup.act(phoneOptions, { active: '0' });
    expect(inactive.body.data.phones.map((p: { description: string }) => p.description)).toEqual([
      'El Paso Nissan main line',
      'El Paso Nissan sales',
      'El Paso Nissan service',
    ]);
    const chosen = [inactive.body.data.phones[2].phoneId, outbound.body.data.phones[0].phoneId];
    const byIds = await lookup.call('phones/list-options', { ids: chosen, active: '1' }, { form: true });
    // Filters still apply to ids: only the active one of the two comes back.
    expect(numbers(byIds)).toEqual(['+15052650100']);
    expect(numbers(await lookup.act(phoneOptions, { ids: chosen }))).toEqual([
      '+15052650100',
      inactive.body.data.phones[2].phoneNumber,
    ]);
  });

  it('reads one page: 20 lines by default, at most 50', async () => {
    expect(await phoneCount()).toBeGreaterThan(20);
    const first = await lookup.act(phoneOptions, {});
    expect(first.body.data.phones).toHaveLength(20);
    const descriptions = first.body.data.phones.map((p: { description: string }) => p.description);
    expect(descriptions).toEqual([...descriptions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await lookup.act(phoneOptions, { limit: 3 })).body.data.phones).toHaveLength(3);
  });

  it("needs phoneLookup, the phone screens' own permission, and refuses bad input with a sentence, writing nothing", async () => {
    const [{ n: audits }] = await t.db.select({ n: count() }).from(auditLog);
    for (const flags of [[], ['messenger'], ['phoneAdmin']] as const) {
      const res = await (await t.signedIn([...flags])).act(phoneOptions, { search: 'toyota' });
      expect(res.status, flags.join() || 'no flags').toBe(403);
      expect(res.body.data).toEqual({});
    }
    expect((await t.anonymous().act(phoneOptions, {})).status).toBe(401);
    const cases: [Record<string, unknown>, string][] = [
      [{ limit: 51 }, 'Limit must be at most 50.'],
      [{ active: 'yes' }, 'Active must be 1 or 0.'],
      [{ outbound: 'maybe' }, 'Outbound must be 1 or 0.'],
      [{ ids: ['x'] }, 'Ids must be a record number.'],
      [{ locationId: -3 }, 'Location must be a record number.'],
      [{ search: '5'.repeat(101) }, 'Search must be at most 100 characters.'],
    ];
    for (const [body, message] of cases) {
      const res = await lookup.actRaw(phoneOptions, body);
      expect(res.status, message).toBe(400);
      expect(res.body.errors).toEqual([message]);
    }
    const [{ n: after }] = await t.db.select({ n: count() }).from(auditLog);
    expect(after).toBe(audits);
  });
});

describe('phones/add-phone, load-phone, save-phone, delete-phone', () => {
  let phoneId: number;

  it("adds a phone from the form (flags as 1 or 0), stores E.164, says the spec's message and audits", async () => {
    const res = await admin.call('phones/add-phone.php', form({}), { form: true });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('Phone has been added!');
    phoneId = res.body.data.phoneId;
    const [row] = await t.db.select().from(phones).where(eq(phones.id, phoneId));
    expect(row).toMatchObject({
      description: 'Used car hotline',
      phoneNumber: '+15052667001',
      locationId: abg,
      bridge: '+15052650100',
      phoneType: 'sales',
      directRing: false,
      active: true,
      autopilot: true,
      squad: false,
      sid: null,
      bought: false,
      outbound: false,
    });
    const [audit] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: 'phones/add-phone',
      recordType: 'phone',
      recordId: String(phoneId),
      userId: admin.userId,
    });
  });

  it('loads it as data.phone with every field of the spec', async () => {
    const res = await lookup.call('phones/load-phone.php', { phoneId });
    expect(res.body.data.phone).toEqual({
      phoneId,
      description: 'Used car hotline',
      phoneNumber: '+15052667001',
      phoneNumberFormatted: '(505) 266-7001',
      locationId: abg,
      locationName: 'Albuquerque Toyota',
      bridge: '+15052650100',
      bridgeFormatted: '(505) 265-0100',
      phoneType: 'sales',
      directRing: false,
      sid: null,
      messagingServiceSid: null,
      bought: false,
      outbound: false,
      active: true,
      autopilot: true,
      squad: false,
      actionCount: 0,
      planSummary: 'Rings the bridge (505) 265-0100',
    });
    const missing = await lookup.act(loadPhone, { phoneId: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual(['That phone does not exist; it may have been deleted.']);
  });

  it("saves settings, records before and after, and says the spec's message", async () => {
    const sid = `PN${'ab'.repeat(16)}`;
    const res = await admin.call(
      'phones/save-phone.php',
      form({ phoneId, description: 'Hotline', active: 0, autopilot: 0, squad: 1, directRing: 1, sid, bridge: '' }),
      { form: true },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('Phone settings updated!');
    expect(res.body.data.phone).toMatchObject({
      description: 'Hotline',
      active: false,
      autopilot: false,
      squad: true,
      directRing: true,
      sid,
      bridge: '',
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'phones/save-phone'), eq(auditLog.recordId, String(phoneId))));
    expect(audit.before).toMatchObject({ description: 'Used car hotline', active: true, squad: false });
    expect(audit.after).toMatchObject({ description: 'Hotline', active: false, squad: true });
    // A blank provider id keeps the one on file.
    await admin.act(savePhone, form({ phoneId, description: 'Hotline', sid: '' }));
    expect((await t.db.select().from(phones).where(eq(phones.id, phoneId)))[0].sid).toBe(sid);
  });

  it('refuses a taken number or sid (409), bad fields (400) and an unknown phone (404), changing nothing', async () => {
    const before = await phoneCount();
    const [{ updatedAt }] = await t.db.select().from(phones).where(eq(phones.id, phoneId));
    const taken = await admin.act(addPhone, form({ phoneNumber: '505-265-0100' }));
    expect(taken).toMatchObject({
      status: 409,
      body: {
        errors: ['(505) 265-0100 is already a phone here ("Albuquerque Toyota main line").'],
        data: { fields: ['phoneNumber'] },
      },
    });
    const takenSid = await admin.act(addPhone, form({ phoneNumber: '505-266-7002', sid: `PN${'ab'.repeat(16)}` }));
    expect(takenSid.body.errors).toEqual([`Provider id PN${'ab'.repeat(16)} already belongs to "Hotline".`]);
    const cases: [Record<string, unknown>, string][] = [
      [form({ phoneNumber: '505-555' }), 'Phone number must be a phone number such as (505) 555-0142.'],
      [form({ phoneNumber: '+1 555 123 4567' }), 'Phone number "+1 555 123 4567" is not a valid phone number.'],
      [form({ description: '' }), 'Description is required.'],
      [form({ locationId: 'abc' }), 'Location must be a record number.'],
      [form({ locationId: 999_999 }), 'That location does not exist.'],
      [form({ phoneType: 'fax' }), 'Phone type must be one of: main, sales, service, parts, collision, bdc, tracking.'],
      [form({ active: 'yes' }), 'Active must be 1 or 0.'],
      [form({ sid: 'PN123' }), 'Provider id must be a provider id starting with PN.'],
      [form({ messagingServiceSid: 'nope' }), 'Messaging service id must be a provider id starting with MG.'],
      [form({ bridge: '12' }), 'Bridge must be a phone number such as (505) 555-0142.'],
      [
        form({ phoneNumber: '505-266-7003', buy: 1, sid: `PN${'cd'.repeat(16)}` }),
        'Leave the provider id empty when buying a number: the purchase gives it.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await admin.actRaw(addPhone, body);
      expect(res.status, message).toBe(400);
      expect(res.body.errors[0]).toBe(message);
    }
    const unknown = await admin.act(savePhone, form({ phoneId: 999_999 }));
    expect(unknown.status).toBe(404);
    expect(await phoneCount()).toBe(before);
    expect((await t.db.select().from(phones).where(eq(phones.id, phoneId)))[0].updatedAt).toEqual(updatedAt);
  });

  it('buys a number through the provider with buy=1, and will not let its number change', async () => {
    const res = await admin.call(
      'phones/add-phone',
      form({ phoneNumber: '505-555-0188', description: 'Bought', buy: 1 }),
      { form: true },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.phone).toMatchObject({ bought: true, sid: expect.stringMatching(/^PN[0-9a-f]{32}$/) });
    const change = await admin.act(
      savePhone,
      form({ phoneId: res.body.data.phoneId, phoneNumber: '505-555-0189', description: 'Bought' }),
    );
    expect(change.status).toBe(409);
    expect(change.body.errors).toEqual([
      'This number was bought through the provider and cannot change; add the new number as a phone of its own.',
    ]);
    const removed = await admin.act(deletePhone, { phoneId: res.body.data.phoneId });
    expect(removed.body.data).toMatchObject({ released: true, message: 'Phone has been deleted!' });
  });

  it('deletes a phone with its actions; its calls stay in the history', async () => {
    await t.db.insert(phoneActions).values({ phoneId, kind: 'voicemail' });
    const [call] = await t.db
      .insert(calls)
      .values({
        callSid: `CA${'9'.repeat(32)}`,
        phoneId,
        locationId: abg,
        direction: 'inbound',
        from: '+15055550160',
        to: '+15052667001',
        status: 'completed',
      })
      .returning();
    const res = await admin.call('phones/delete-phone.php', { phoneId });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ phoneId, released: false, message: 'Phone has been deleted!' });
    expect(await t.db.select().from(phones).where(eq(phones.id, phoneId))).toEqual([]);
    expect(await t.db.select().from(phoneActions).where(eq(phoneActions.phoneId, phoneId))).toEqual([]);
    expect((await t.db.select().from(calls).where(eq(calls.id, call.id)))[0]).toMatchObject({
      phoneId: null,
      locationId: abg,
    });
    expect((await admin.act(deletePhone, { phoneId })).status).toBe(404);
  });

  it('lets phoneLookup load but not change, and phoneAdmin change', async () => {
    expect((await lookup.act(loadPhone, { phoneId: 1 })).status).toBe(200);
    const denied = await lookup.act(addPhone, form({ phoneNumber: '505-266-7009' }));
    expect(denied.status).toBe(403);
    expect(denied.body.errors).toEqual(['You do not have permission to do that.']);
    expect((await lookup.act(deletePhone, { phoneId: 1 })).status).toBe(403);
    expect(await t.db.select().from(phones).where(eq(phones.id, 1))).toHaveLength(1);
  });
});

describe('phones/deactivate-phones (bulk)', () => {
  const line = async (number: string, active = true) =>
    (
      await t.db
        .insert(phones)
        .values({
          description: `Line ${number}`,
          phoneNumber: number,
          locationId: abg,
          phoneType: 'sales',
          active,
        })
        .returning()
    )[0];

  it('deactivates each line, audited; one already inactive is not counted', async () => {
    const [one, two, off] = [await line('+15052667101'), await line('+15052667102'), await line('+15052667103', false)];
    const res = await admin.act(deactivatePhones, { phoneIds: [one.id, two.id, off.id] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deactivatedCount: 2 });
    const stored = await t.db
      .select({ id: phones.id, active: phones.active })
      .from(phones)
      .where(eq(phones.locationId, abg));
    for (const phone of [one, two, off]) expect(stored.find((p) => p.id === phone.id)?.active).toBe(false);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'phone'), eq(auditLog.recordId, String(one.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      before: expect.objectContaining({ active: true }),
      after: expect.objectContaining({ active: false }),
    });
  });

  it('refuses without phone admin, an empty choice and a line that does not exist, and changes nothing', async () => {
    const kept = await line('+15052667104');
    expect((await lookup.act(deactivatePhones, { phoneIds: [kept.id] })).status).toBe(403);
    expect((await admin.act(deactivatePhones, { phoneIds: [] })).body.errors[0]).toBe(
      'Lines must name at least one line.',
    );
    const missing = await admin.act(deactivatePhones, { phoneIds: [kept.id, 999999] });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toBe('That phone does not exist; it may have been deleted.');
    expect((await t.db.select({ active: phones.active }).from(phones).where(eq(phones.id, kept.id)))[0].active).toBe(
      true,
    );
  });
});

describe('phones/twilio/load-local-numbers', () => {
  it('offers numbers for sale in an area code, leaving out ours, as rows and html', async () => {
    await createLine(t, { phoneNumber: '+15755550101' });
    const res = await admin.call('phones/twilio/load-local-numbers.php', { areaCode: '575' }, { form: true });
    expect(res.status).toBe(200);
    expect(res.body.data.numberCount).toBe(res.body.data.rows.length);
    expect(res.body.data.rows[0]).toEqual({
      phoneNumber: '+15755550100',
      phoneNumberFormatted: '(575) 555-0100',
      locality: '',
      region: '',
    });
    expect(res.body.data.rows.map((r: { phoneNumber: string }) => r.phoneNumber)).not.toContain('+15755550101');
    expect(res.body.data.html).toContain('(575) 555-0102');
    const contains = await admin.act(loadLocalNumbers, { areaCode: 575, contains: '0177' });
    expect(contains.body.data.rows.map((r: { phoneNumber: string }) => r.phoneNumber)).toEqual(['+15755550177']);
  });

  it('refuses a bad area code or pattern', async () => {
    expect((await admin.act(loadLocalNumbers, { areaCode: '05' })).body.errors).toEqual([
      'Area code must be a three-digit area code.',
    ]);
    expect((await admin.act(loadLocalNumbers, {})).body.errors).toEqual(['Area code is required.']);
    expect((await admin.act(loadLocalNumbers, { areaCode: '505', contains: 'a b' })).body.errors).toEqual([
      'Contains may use digits, letters and * only, up to 10.',
    ]);
  });
});

describe('phones/replace-outbound-number', () => {
  it('makes another line of the location the outbound one, by id or by number', async () => {
    const { location, line: first } = await createLine(t, { outbound: true });
    const [second] = await t.db
      .insert(phones)
      .values({ description: 'Fresh number', phoneNumber: '+15052668001', locationId: location.id })
      .returning();
    const res = await admin.call(
      'phones/replace-outbound-number',
      { phoneId: first.id, newPhoneId: second.id },
      { form: true },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      previousPhoneId: first.id,
      phone: { phoneId: second.id, outbound: true },
      message: `Outbound calls of ${location.name} now show (505) 266-8001.`,
    });
    const outbound = await t.db
      .select({ id: phones.id })
      .from(phones)
      .where(and(eq(phones.locationId, location.id), eq(phones.outbound, true)));
    expect(outbound).toEqual([{ id: second.id }]);
    const back = await admin.act(replaceOutboundNumber, { phoneId: second.id, number: first.phoneNumber });
    expect(back.body.data.phone.phoneId).toBe(first.id);
  });

  it('refuses a line of another location, an inactive line, an unknown number or no choice', async () => {
    const { line } = await createLine(t, { outbound: true });
    const { line: elsewhere } = await createLine(t);
    const { line: idle } = await createLine(t, { active: false }, { id: line.locationId });
    const cases: [ActInput<typeof replaceOutboundNumber>, number, string][] = [
      [{ phoneId: line.id, newPhoneId: elsewhere.id }, 400, 'The new outbound line must belong to the same location.'],
      [
        { phoneId: line.id, newPhoneId: idle.id },
        409,
        `${idle.phoneNumber.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3')} is not active; activate it before making it the outbound line.`,
      ],
      [
        { phoneId: line.id, number: '505-266-0000' },
        404,
        '(505) 266-0000 is not a line of the group; add it as a phone first.',
      ],
      [{ phoneId: line.id }, 400, 'Choose the new outbound line or type its number.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.act(replaceOutboundNumber, body);
      expect(res.status, message).toBe(status);
      expect(res.body.errors).toEqual([message]);
    }
    expect((await t.db.select().from(phones).where(eq(phones.id, line.id)))[0].outbound).toBe(true);
  });
});
