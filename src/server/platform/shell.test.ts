import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { allFlags } from '../../shared/permissions';
import { locations } from '../../modules/locations/locations.db';
import { calls, phones } from '../../modules/phones/phones.db';
import { DEFAULT_TIME_ZONE, dayIn } from './days';
import { loadCalls } from '../../modules/phones/phones.contract';
import { loadProfile } from '../../modules/users/users.contract';
import { findRecords, todayFigures } from '../../shared/shell.contract';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signedIn([...allFlags]);
});
afterAll(async () => {
  await t?.close();
});

type Groups = { kind: string; label: string; results: { id: string; title: string; detail: string; href: string }[] }[];
const find = async (caller: Caller, query: string) => (await caller.act(findRecords, { query })).body.data.groups;
const titles = (groups: Groups, kind: string) => groups.find((g) => g.kind === kind)?.results.map((r) => r.title) ?? [];

describe('search/find (the command palette)', () => {
  it('finds users, employees, locations and lines by name, code, number or id, each with where it opens', async () => {
    const users = await find(admin, 'garcia');
    expect(titles(users, 'user').every((name) => /garcia/i.test(name))).toBe(true);
    expect(titles(users, 'user').length).toBeGreaterThan(0);
    expect(titles(users, 'employee').every((name) => /garcia/i.test(name))).toBe(true);

    const [abg] = await t.db.select().from(locations).where(eq(locations.code, 'ABG'));
    const location = (await find(admin, 'abg')).find((g) => g.kind === 'location')!.results[0];
    expect(location).toMatchObject({ id: String(abg.id), title: abg.name, href: `/locations/edit?id=${abg.id}` });

    const [line] = await t.db.select().from(phones).where(eq(phones.phoneNumber, '+15052650100'));
    const phone = (await find(admin, '265-0100')).find((g) => g.kind === 'phone')!.results;
    expect(phone).toEqual([
      expect.objectContaining({
        id: String(line.id),
        detail: expect.stringContaining('(505) 265-0100'),
        href: '/phones/?query=(505)%20265-0100',
      }),
    ]);

    const self = (await admin.act(loadProfile, {})).body.data.user;
    const byId = (await find(admin, String(self.userId))).find((g) => g.kind === 'user')!.results;
    expect(byId.map((r) => r.href)).toContain(`/users/edit?id=${self.userId}`);
  });

  it('gives only the kinds the caller may open, and nothing outside their reach', async () => {
    const lookup = await t.signedIn(['phoneLookup']);
    const kinds = (await find(lookup, 'albuquerque')).map((g) => g.kind);
    expect(kinds).not.toContain('user');
    expect(kinds).toContain('phone');

    const [denver] = await t.db.select().from(locations).where(eq(locations.region, 'Colorado')).limit(1);
    const newMexico = await t.signedIn([...allFlags], { groupWide: false, regions: ['New Mexico'] });
    expect(titles(await find(newMexico, denver.name.toLowerCase()), 'location')).toEqual([]);
    expect(titles(await find(admin, denver.name.toLowerCase()), 'location')).toEqual([denver.name]);
  });

  it('refuses a search too short to mean anything, with a sentence', async () => {
    const res = await admin.act(findRecords, { query: 'a' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toBe('Search must be at least 2 characters.');
    expect((await t.anonymous().act(findRecords, { query: 'garcia' })).status).toBe(401);
  });
});

describe('home/today (the figures of the day)', () => {
  it("counts today's missed calls and the live ones as their lists do, with links to those lists", async () => {
    const [line] = await t.db.select().from(phones).where(eq(phones.phoneNumber, '+15052650100'));
    const now = Date.now();
    await t.db.insert(calls).values([
      {
        callSid: `CAmissed${now}`,
        phoneId: line.id,
        locationId: line.locationId,
        direction: 'inbound',
        from: '+15055550111',
        to: line.phoneNumber,
        status: 'no-answer',
        startedAt: new Date(),
      },
      {
        callSid: `CAlive${now}`,
        phoneId: line.id,
        locationId: line.locationId,
        direction: 'inbound',
        from: '+15055550112',
        to: line.phoneNumber,
        status: 'in-progress',
        startedAt: new Date(),
      },
    ]);
    const day = dayIn(DEFAULT_TIME_ZONE, new Date());
    const start = sql`((${day}::date)::timestamp at time zone ${DEFAULT_TIME_ZONE})`;
    const end = sql`(((${day}::date) + 1)::timestamp at time zone ${DEFAULT_TIME_ZONE})`;
    const [{ missed }] = await t.db
      .select({ missed: count() })
      .from(calls)
      .where(
        and(
          eq(calls.direction, 'inbound'),
          eq(calls.status, 'no-answer'),
          gte(calls.startedAt, start),
          lt(calls.startedAt, end),
        ),
      );
    const [{ live }] = await t.db
      .select({ live: count() })
      .from(calls)
      .where(inArray(calls.status, ['queued', 'initiated', 'ringing', 'in-progress']));

    const res = await admin.act(todayFigures, {});
    expect(res.status).toBe(200);
    // The phones' figures (the service department's have tests of their own).
    expect(res.body.data.figures.filter((f: { key: string }) => f.key.endsWith('Calls'))).toEqual([
      {
        key: 'missedCalls',
        label: 'Missed calls today',
        value: missed,
        href: `/phones/calls/?direction=inbound&status=no-answer&minCreatedAt=${day}&maxCreatedAt=${day}`,
      },
      { key: 'liveCalls', label: 'Calls on the line now', value: live, href: '/phones/calls/twilio' },
    ]);
    expect(missed).toBeGreaterThan(0);
    expect(live).toBeGreaterThan(0);

    // The same list answers the same count.
    const list = await admin.act(loadCalls, {
      direction: 'inbound',
      status: 'no-answer',
      minCreatedAt: day,
      maxCreatedAt: day,
    });
    expect(list.body.data.callCount).toBe(missed);
  });

  it('shows a user only the figures their flags cover, and counts only their reach', async () => {
    expect((await (await t.signedIn([])).act(todayFigures, {})).body.data.figures).toEqual([]);
    const nowhere = await t.signedIn(['phoneLookup'], { groupWide: false });
    // Only the phones' two: no service manager flag.
    expect((await nowhere.act(todayFigures, {})).body.data.figures.map((f: { value: number }) => f.value)).toEqual([
      0, 0,
    ]);
  });
});
