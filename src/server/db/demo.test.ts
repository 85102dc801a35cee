/**
 * The demo group is believable: different people, the same person alike in every record, numbers in
 * each store's own area, calls while the stores are open, and same-named people told apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testApp, type TestApp } from '../../../tests/helpers';
import { allFlags } from '../../shared/permissions';
import { employees } from '../../modules/employees/employees.db';
import { locations } from '../../modules/locations/locations.db';
import { calls, phones } from '../../modules/phones/phones.db';
import { users } from '../../modules/users/users.db';
import { createLine } from '../../../tests/telephony';
import { userActivity } from '../../modules/phones/phones.contract';
import { appraisals } from '../../modules/appraisals/appraisals.db';
import { customers } from '../../modules/customers/customers.db';
import { inventoryVehicles } from '../../modules/inventory/inventory.db';
import { salesQuotes } from '../../modules/sales/quotes.db';
import { deskingDeals } from '../../modules/sales/desking.db';
import { stockNumbers } from '../../modules/stock/stock.db';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

const areaCode = (e164: string) => e164.slice(2, 5);

/** The wall clock of a time zone at a moment: weekday (0 = Sunday) and minutes past midnight. */
function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

describe('the demo group', () => {
  it('has no two employees of the same name, and each user who works there is the same person in both', async () => {
    const staff = await t.db.select().from(employees);
    expect(new Set(staff.map((e) => `${e.firstName} ${e.lastName}`)).size).toBe(staff.length);
    const accounts = await t.db.select().from(users);
    const matched = accounts.filter((u) => staff.some((e) => e.email === u.email));
    expect(matched.length).toBe(24);
    for (const user of matched) {
      const person = staff.find((e) => e.email === user.email)!;
      expect({ name: `${user.firstName} ${user.lastName}`, locationId: user.locationId, phone: user.phone }).toEqual({
        name: `${person.firstName} ${person.lastName}`,
        locationId: person.locationId,
        phone: person.primaryPhone,
      });
    }
  });

  it("gives staff, lines and customers numbers in their store's own area", async () => {
    const stores = new Map((await t.db.select().from(locations)).map((l) => [l.id, l]));
    for (const e of await t.db.select().from(employees))
      expect(areaCode(e.primaryPhone), e.email).toBe(areaCode(stores.get(e.locationId!)!.phone));
    for (const p of await t.db.select().from(phones))
      expect(areaCode(p.phoneNumber), p.description).toBe(areaCode(stores.get(p.locationId!)!.phone));
    const byState: Record<string, string[]> = {
      NM: ['575'],
      CO: ['303', '720', '719'],
      AZ: ['602', '520'],
      TX: ['915'],
    };
    for (const c of await t.db.select().from(calls)) {
      const customer = c.direction === 'inbound' ? c.from : c.to;
      expect(byState[stores.get(c.locationId!)!.state]).toContain(areaCode(customer));
    }
  });

  it("has every call start while its store is open, on the store's own clock", async () => {
    const stores = new Map((await t.db.select().from(locations)).map((l) => [l.id, l]));
    const seeded = await t.db.select().from(calls);
    expect(seeded.length).toBeGreaterThan(100);
    for (const call of seeded) {
      const { weekday, minutes } = wallClock(call.startedAt, stores.get(call.locationId!)!.timeZone);
      const [open, close] = weekday === 6 ? [9 * 60, 17 * 60] : [8 * 60, 19 * 60];
      expect(weekday, call.callSid).not.toBe(0);
      expect(minutes, call.callSid).toBeGreaterThanOrEqual(open);
      expect(minutes, call.callSid).toBeLessThan(close);
    }
  });

  it('tells two people of the same name apart by username in the activity reports', async () => {
    const admin = await t.signedIn([...allFlags]);
    const store = await createLine(
      t,
      { description: 'Twins line' },
      { name: 'Twin Motors', timeZone: 'America/Denver' },
    );
    const [one, two] = [
      await t.createUser({ firstName: 'Maria', lastName: 'Garcia', username: 'mgarcia.twin1' }),
      await t.createUser({ firstName: 'Maria', lastName: 'Garcia', username: 'mgarcia.twin2' }),
    ];
    await t.db.insert(calls).values(
      [one, two].map((u, i) => ({
        callSid: `CA${'0'.repeat(31)}${i}`,
        phoneId: store.line.id,
        locationId: store.location.id,
        direction: 'inbound' as const,
        status: 'completed' as const,
        userId: u.id,
        durationSeconds: 60,
        startedAt: new Date('2026-11-02T17:00:00Z'),
        from: '+15755550188',
        to: store.line.phoneNumber,
      })),
    );
    const res = await admin.act(userActivity, {
      locationId: store.location.id,
      minCreatedAt: '2026-11-01',
      maxCreatedAt: '2026-11-04',
    });
    expect(res.body.data.rows.map((r: { name: string }) => r.name).sort()).toEqual([
      'Maria Garcia (mgarcia.twin1)',
      'Maria Garcia (mgarcia.twin2)',
    ]);
    const [denver] = await t.db.select().from(locations).where(eq(locations.code, 'DNC'));
    expect(areaCode(denver.phone)).toBe('303');
  });

  it('has no two customers of the same name: one person carries one phone or email everywhere', async () => {
    const named = await t.db
      .select({ name: customers.name, n: sql<number>`count(*)::int` })
      .from(customers)
      .where(sql`${customers.mergedInto} is null and ${customers.name} <> ''`)
      .groupBy(customers.name)
      .having(sql`count(*) > 1`);
    expect(named).toEqual([]);
    const staffNames = new Set((await t.db.select().from(employees)).map((e) => `${e.firstName} ${e.lastName}`));
    const people = await t.db.select({ name: customers.name }).from(customers);
    expect(people.filter((c) => staffNames.has(c.name))).toEqual([]);
  });

  it('gives each used vehicle its own miles, more the older it is', async () => {
    const used = (await t.db.select().from(inventoryVehicles)).filter((v) => v.condition !== 'new');
    for (const year of new Set(used.map((v) => v.year))) {
      const miles = used.filter((v) => v.year === year).map((v) => v.mileage);
      expect(new Set(miles).size, `${year}`).toBe(miles.length);
    }
    // Driven since its model year went on sale (the October before) at a pace owners keep.
    for (const v of used) {
      const years = (v.createdAt.getTime() - Date.UTC(v.year - 1, 9, 1)) / (365.25 * 86_400_000);
      expect(v.mileage! / years, `${v.stock}: ${v.mileage} miles in ${years.toFixed(1)} years`).toBeGreaterThan(5_000);
      expect(v.mileage! / years, `${v.stock}: ${v.mileage} miles in ${years.toFixed(1)} years`).toBeLessThan(18_000);
    }
  });

  it("stamps the staff's records at moments of their own while the store is open", async () => {
    const stores = new Map((await t.db.select().from(locations)).map((l) => [l.id, l]));
    const stamped = [
      ...(await t.db.select({ at: stockNumbers.createdAt, locationId: stockNumbers.locationId }).from(stockNumbers)),
      ...(await t.db.select({ at: salesQuotes.createdAt, locationId: salesQuotes.locationId }).from(salesQuotes)),
      ...(await t.db.select({ at: deskingDeals.createdAt, locationId: deskingDeals.locationId }).from(deskingDeals)),
    ];
    expect(stamped.length).toBeGreaterThan(150);
    // Not the minute and second the demo was made at, over and over.
    const minuteAndSecond = new Set(stamped.map(({ at }) => at.toISOString().slice(14, 19)));
    expect(minuteAndSecond.size).toBeGreaterThan(stamped.length * 0.9);
    for (const { at, locationId } of stamped) {
      const { weekday, minutes } = wallClock(at, stores.get(locationId)!.timeZone);
      expect(weekday).not.toBe(0);
      expect(minutes).toBeGreaterThanOrEqual(9 * 60);
      expect(minutes).toBeLessThan(18 * 60);
    }
  });

  it('has every quote signed by its salesperson and every worked appraisal assigned', async () => {
    expect((await t.db.select().from(salesQuotes)).filter((q) => q.userId === null)).toEqual([]);
    const worked = (await t.db.select().from(appraisals)).filter((a) => a.workingStatus !== 'unworked');
    expect(worked.filter((a) => a.assignedUserId === null).map((a) => a.customerName)).toEqual([]);
  });
});
