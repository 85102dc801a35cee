import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { type ActInput, type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { incentives } from './incentives.db';
import { deleteIncentive, listIncentivesForVehicle, loadIncentive, loadIncentives } from './incentives.contract';

let t: TestApp;
let manager: Caller;
let seller: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  manager = await t.signedIn(['sales', 'salesManager']);
  seller = await t.signedIn(['sales']);
  loc = await locationsByCode(t.db);
});
afterEach(() => {
  t.app.services.clock.now = () => new Date();
});
afterAll(async () => {
  await t?.close();
});

const year = new Date().getFullYear();
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sienna spring cash',
  amount: '1,250.50',
  type: 'cash',
  locationId: loc.ABG,
  minYear: year,
  maxYear: year + 1,
  make: 'Toyota',
  model: 'Sienna',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  description: 'From Toyota; not with subvented finance.',
  active: 1,
  enabledByDefault: 0,
  ...overrides,
});
const byName = async (name: string) => (await t.db.select().from(incentives).where(eq(incentives.name, name)))[0];
const tableCounts = async () => {
  const [[{ i }], [{ a }]] = await Promise.all([
    t.db.select({ i: count() }).from(incentives),
    t.db.select({ a: count() }).from(auditLog),
  ]);
  return { i, a };
};
type Row = {
  incentiveId: number;
  name: string;
  locationId: number | null;
  locationName: string;
  vehicle: string;
  amountCents: number;
};

describe('incentives', () => {
  it("lists a store's incentives with the group's, counted, with the vehicles in words, in html too", async () => {
    const res = await seller.act(loadIncentives, { locationId: loc.ABG });
    expect(res.status).toBe(200);
    const names = res.body.data.rows.map((r: Row) => r.name).sort();
    expect(names).toEqual([
      'Group loyalty cash',
      'Military appreciation',
      'Toyota Camry lease cash',
      'Toyota RAV4 customer cash',
      'Toyota Tacoma finance bonus',
    ]);
    expect(res.body.data.incentiveCount).toBe(5);
    const rav4 = res.body.data.rows.find((r: Row) => r.name === 'Toyota RAV4 customer cash');
    expect(rav4).toMatchObject({
      type: 'cash',
      typeLabel: 'Cash',
      amount: '1500.00',
      amountCents: 150_000,
      minYear: year,
      maxYear: year,
      make: 'Toyota',
      model: 'RAV4',
      vehicle: `${year} Toyota RAV4`,
      locationId: loc.ABG,
      locationName: 'Albuquerque Toyota',
      active: true,
      enabledByDefault: true,
    });
    const loyalty = res.body.data.rows.find((r: Row) => r.name === 'Group loyalty cash');
    expect(loyalty).toMatchObject({
      locationId: null,
      locationName: 'Whole group',
      vehicle: `${year}–${year + 1}, any make`,
    });
    expect(res.body.data.html).toContain('<th data-key="vehicle">Vehicles</th>');

    // Running today, by type, by part of a name; ordered by amount.
    const today = new Date().toISOString().slice(0, 10);
    const current = await seller.act(loadIncentives, { locationId: loc.ABG, currentOn: today, active: '1' });
    expect(current.body.data.rows.map((r: Row) => r.name)).not.toContain('Toyota Tacoma finance bonus');
    expect(current.body.data.incentiveCount).toBe(4);
    const lease = await seller.act(loadIncentives, { type: 'lease' });
    expect(lease.body.data.rows.map((r: Row) => r.name).sort()).toEqual([
      'Hyundai Tucson lease cash',
      'Subaru Outback lease support',
      'Toyota Camry lease cash',
    ]);
    const search = await seller.act(loadIncentives, { query: 'LOYAL' });
    expect(search.body.data.rows.map((r: Row) => r.name).sort()).toEqual(['Group loyalty cash', 'Hyundai loyalty']);
    const byAmount = await seller.act(loadIncentives, { sort: 'amount', dir: 'desc', limit: 2 });
    expect(byAmount.body.data.rows.map((r: Row) => r.amountCents)).toEqual([300_000, 250_000]);
    const inactive = await seller.act(loadIncentives, { active: '0' });
    expect(inactive.body.data.rows.map((r: Row) => r.name)).toEqual(['Ford Escape spring cash']);

    const bad = await seller.act(loadIncentives, { currentOn: '2026-02-30', type: 'gift' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Type must be one of: cash, finance, lease.', 'Current on must be a real date.']);
  });

  it('adds an incentive from the form: dollars kept in cents, flags as 1 or 0, who added it, audited; loads it back', async () => {
    const before = await tableCounts();
    const add = await manager.call('vehicles/incentives/add-incentive', form(), { form: true });
    expect(add.status).toBe(200);
    const stored = await byName('Sienna spring cash');
    expect(add.body.data).toEqual({ incentiveId: stored.id });
    expect(stored).toMatchObject({
      locationId: loc.ABG,
      type: 'cash',
      amountCents: 125_050,
      minYear: year,
      maxYear: year + 1,
      make: 'Toyota',
      model: 'Sienna',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      description: 'From Toyota; not with subvented finance.',
      active: true,
      enabledByDefault: false,
      createdBy: manager.userId,
    });
    expect(await tableCounts()).toEqual({ i: before.i + 1, a: before.a + 1 });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'incentive'), eq(auditLog.recordId, String(stored.id))));
    expect(audit.action).toBe('vehicles/incentives/add-incentive');

    const load = await seller.act(loadIncentive, { incentiveId: stored.id });
    expect(load.body.data.incentive).toMatchObject({
      incentiveId: stored.id,
      amount: '1250.50',
      vehicle: `${year}–${year + 1} Toyota Sienna`,
      locationName: 'Albuquerque Toyota',
    });
    expect(load.body.data.incentive.createdByName).toMatch(/^Test User/);

    // The whole group: no location.
    const group = await manager.call(
      'vehicles/incentives/add-incentive',
      form({ name: 'Group first responders', locationId: '', make: '', model: '', type: 'finance' }),
      { form: true },
    );
    expect(group.status).toBe(200);
    expect(await byName('Group first responders')).toMatchObject({
      locationId: null,
      make: '',
      model: '',
      type: 'finance',
    });
  });

  it('saves and deletes an incentive, each audited', async () => {
    const [{ id }] = await t.db
      .insert(incentives)
      .values({
        locationId: loc.SFS,
        name: 'To change',
        type: 'lease',
        amountCents: 100,
        minYear: year,
        maxYear: year,
        startDate: '2026-01-01',
        endDate: '2026-01-31',
      })
      .returning({ id: incentives.id });
    const save = await manager.call(
      'vehicles/incentives/save-incentive',
      form({
        incentiveId: id,
        name: 'Changed',
        locationId: loc.SFS,
        make: 'Subaru',
        model: '',
        amount: '900',
        active: 0,
        enabledByDefault: 1,
      }),
      { form: true },
    );
    expect(save.status).toBe(200);
    expect(save.body.data).toEqual({ incentiveId: id });
    expect(await byName('Changed')).toMatchObject({
      id,
      amountCents: 90_000,
      make: 'Subaru',
      model: '',
      active: false,
      enabledByDefault: true,
    });

    const before = await tableCounts();
    const del = await manager.act(deleteIncentive, { incentiveId: id });
    expect(del.status).toBe(200);
    expect(await byName('Changed')).toBeUndefined();
    expect(await tableCounts()).toEqual({ i: before.i - 1, a: before.a + 1 });
    const again = await manager.act(deleteIncentive, { incentiveId: id });
    expect(again.status).toBe(404);
    expect(again.body.errors).toEqual(['That incentive does not exist; it may have been deleted.']);
  });

  it('refuses bad input naming the field as labelled, and changes nothing', async () => {
    const before = await tableCounts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'Name is required.', 'name'],
      [{ amount: '12.345' }, 'Amount must be an amount in dollars, such as 1,234.56.', 'amount'],
      [{ type: 'gift' }, 'Type must be one of: cash, finance, lease.', 'type'],
      [{ maxYear: year - 1 }, 'Model year to must not be before Model year from.', 'maxYear'],
      [{ endDate: '2026-02-28' }, 'Ends must not be before Starts.', 'endDate'],
      [{ make: '' }, 'Make is required when a model is chosen.', 'make'],
      [{ active: 'yes' }, 'Active must be 1 or 0.', 'active'],
    ];
    for (const [overrides, sentence, field] of cases) {
      const res = await manager.call('vehicles/incentives/add-incentive', form({ name: 'Refused', ...overrides }), {
        form: true,
      });
      expect(res.status, sentence).toBe(400);
      expect(res.body.errors[0]).toBe(sentence);
      expect(res.body.data.fields).toContain(field);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('needs the sales manager flag to change incentives; a salesperson may read them', async () => {
    const add = await seller.call('vehicles/incentives/add-incentive', form({ name: 'Not allowed' }), { form: true });
    expect(add.status).toBe(403);
    expect(await byName('Not allowed')).toBeUndefined();
    const list = await seller.act(listIncentivesForVehicle, { locationId: loc.ABG, year });
    expect(list.status).toBe(200);
    const nobody = await t.signedIn([]);
    expect((await nobody.act(listIncentivesForVehicle, { locationId: loc.ABG, year })).status).toBe(403);
  });

  it("keeps a New Mexico manager to New Mexico stores and the group's incentives; the group's are set by a manager of every store", async () => {
    const nm = await t.signedIn(['sales', 'salesManager'], { groupWide: false, regions: ['New Mexico'] });
    const list = await nm.act(loadIncentives, { limit: 100 });
    const locations = new Set(list.body.data.rows.map((r: Row) => r.locationId));
    expect(locations.has(loc.DNC) || locations.has(loc.PHX)).toBe(false);
    expect(locations.has(null)).toBe(true);
    expect(locations.has(loc.ABG)).toBe(true);

    const denver = await byName('Chevrolet Silverado finance cash');
    const before = await tableCounts();
    expect((await nm.act(loadIncentive, { incentiveId: denver.id })).status).toBe(404);
    expect((await nm.act(deleteIncentive, { incentiveId: denver.id })).status).toBe(404);
    expect(
      (
        await nm.call('vehicles/incentives/save-incentive', form({ incentiveId: denver.id, locationId: loc.ABG }), {
          form: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await nm.call('vehicles/incentives/add-incentive', form({ name: 'In Denver', locationId: loc.DNC }), {
          form: true,
        })
      ).status,
    ).toBe(404);
    expect((await nm.act(listIncentivesForVehicle, { locationId: loc.PHX, year })).status).toBe(404);
    // The group's: read, but not changed, by a manager of some stores.
    const group = await byName('Group loyalty cash');
    expect((await nm.act(loadIncentive, { incentiveId: group.id })).status).toBe(200);
    expect((await nm.act(deleteIncentive, { incentiveId: group.id })).status).toBe(404);
    const groupWide = await nm.call(
      'vehicles/incentives/add-incentive',
      form({ name: 'Group by NM', locationId: '' }),
      { form: true },
    );
    expect(groupWide.status).toBe(403);
    expect(groupWide.body.data.fields).toEqual(['locationId']);
    expect(await tableCounts()).toEqual(before);
    expect(
      await t.db
        .select()
        .from(incentives)
        .where(and(isNull(incentives.locationId), eq(incentives.name, 'Group by NM'))),
    ).toEqual([]);
  });

  it("answers the price builder: the store's and the group's running incentives for the vehicle, largest first", async () => {
    const answer = async (input: ActInput<typeof listIncentivesForVehicle>) => {
      const res = await seller.act(listIncentivesForVehicle, input);
      expect(res.status).toBe(200);
      return res.body.data.incentives as {
        name: string;
        type: string;
        amountCents: number;
        enabledByDefault: boolean;
        incentiveId: number;
      }[];
    };
    const rav4 = await answer({ locationId: loc.ABG, year, make: 'toyota', model: 'RAV4' });
    expect(rav4.map((i) => i.name)).toEqual([
      'Toyota RAV4 customer cash',
      'Military appreciation',
      'Group loyalty cash',
    ]);
    expect(rav4[0]).toEqual({
      incentiveId: (await byName('Toyota RAV4 customer cash')).id,
      name: 'Toyota RAV4 customer cash',
      type: 'cash',
      amountCents: 150_000,
      enabledByDefault: true,
    });
    // Next year's RAV4: out of the RAV4 cash's years. Last year's: out of the group loyalty's too.
    expect(
      (await answer({ locationId: loc.ABG, year: year + 1, make: 'Toyota', model: 'RAV4' })).map((i) => i.name),
    ).toEqual(['Military appreciation', 'Group loyalty cash']);
    expect(
      (await answer({ locationId: loc.ABG, year: year - 1, make: 'Toyota', model: 'RAV4' })).map((i) => i.name),
    ).toEqual(['Military appreciation']);
    // Another store's incentive never; a make's any-model incentive for each of its models; ended or inactive ones never.
    expect((await answer({ locationId: loc.ABH, year, make: 'Toyota', model: 'RAV4' })).map((i) => i.name)).toEqual([
      'Military appreciation',
      'Group loyalty cash',
    ]);
    expect((await answer({ locationId: loc.ABH, year, make: 'Honda', model: 'Pilot' })).map((i) => i.name)).toEqual([
      'Military appreciation',
      'Group loyalty cash',
      'Honda college graduate',
    ]);
    expect(
      (await answer({ locationId: loc.ABG, year: year - 1, make: 'Toyota', model: 'Tacoma' })).map((i) => i.name),
    ).toEqual(['Military appreciation']);
    expect((await answer({ locationId: loc.LCF, year, make: 'Ford', model: 'Escape' })).map((i) => i.name)).toEqual([
      'Military appreciation',
      'Group loyalty cash',
    ]);
    // Without a make: only those for any vehicle.
    expect((await answer({ locationId: loc.ABG, year })).map((i) => i.name)).toEqual([
      'Military appreciation',
      'Group loyalty cash',
    ]);

    // Today is the store's day: the RAV4 cash ends 20 days from now, so 21 days on it is over.
    t.app.services.clock.now = () => new Date(Date.now() + 21 * 86_400_000);
    expect(
      (await answer({ locationId: loc.ABG, year, make: 'Toyota', model: 'RAV4' })).map((i) => i.name),
    ).not.toContain('Toyota RAV4 customer cash');

    const bad = await seller.act(listIncentivesForVehicle, { locationId: loc.ABG, year: 'new' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Year must be a whole number.']);
  });
});
