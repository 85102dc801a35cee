import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { users } from '../users/users.db';
import { appraisalAdjustments, appraisals, vehicleOfferRules as rules } from './appraisals.db';
import {
  unixOfDay,
  addRule,
  deleteRule,
  listAppraisers,
  loadAppraisal,
  loadAppraisals,
  loadLocations,
  loadRule,
  loadRules,
  saveAppraisal,
  saveRule,
} from './appraisals.contract';

let t: TestApp;
let manager: Caller;
let appraiser: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  manager = await t.signedIn(['appraisalManager', 'appraiser']);
  appraiser = await t.signedIn(['appraiser']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const tableCounts = async () => {
  const [[{ r }], [{ a }], [{ j }], [{ audit }]] = await Promise.all([
    t.db.select({ r: count() }).from(rules),
    t.db.select({ a: count() }).from(appraisals),
    t.db.select({ j: count() }).from(appraisalAdjustments),
    t.db.select({ audit: count() }).from(auditLog),
  ]);
  return { r, a, j, audit };
};
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Denver' });
const download = (caller: Caller, route: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/clicklane/appraisals/${route}${query}`,
    cookies: caller.cookie ? { forecourt_session: caller.cookie } : {},
  });

/** A fresh appraisal at a store, priced by nothing yet (the tests price it through the actions). */
async function newAppraisal(values: Partial<typeof appraisals.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(appraisals)
    .values({
      locationId: loc.ABG,
      source: 'walk-in',
      customerName: 'Carmen Ortiz',
      year: 2020,
      make: 'Zephyr',
      model: 'Breeze',
      trim: 'LX',
      mileage: 40_000,
      condition: 'good',
      baseValueCents: 2_000_000,
      offerCents: 2_000_000,
      ...values,
    })
    .returning();
  return row;
}
const saveForm = (a: typeof appraisals.$inferSelect, overrides: Record<string, unknown> = {}) => ({
  appraisalId: a.id,
  customerName: a.customerName,
  phone: a.phone,
  email: a.email,
  vin: a.vin,
  year: a.year,
  make: a.make,
  model: a.model,
  trim: a.trim,
  mileage: a.mileage,
  condition: a.condition,
  baseValue: (a.baseValueCents / 100).toFixed(2),
  appraisalStatus: a.status,
  workingStatus: a.workingStatus,
  assignedUserId: a.assignedUserId ?? '',
  notes: a.notes,
  reprice: 0,
  ...overrides,
});
const ruleForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Zephyr Breeze bonus',
  minVehicleYear: 2018,
  maxVehicleYear: 2022,
  startDate: unixOfDay(today()),
  endDate: unixOfDay('2099-12-31'),
  vehicleMake: 'Zephyr',
  vehicleModel: 'Breeze',
  vehicleTrim: '',
  mileage: '',
  adjustmentType: 'amount',
  description: 'Test rule',
  priceAdjustment: '500.00',
  ...overrides,
});

describe('offer rules', () => {
  it('adds, loads, lists, saves and deletes a rule, exactly as typed', async () => {
    const added = await manager.act(addRule, ruleForm({ priceAdjustment: '-1,250.50', mileage: '60000' }));
    expect(added.status).toBe(200);
    const ruleId = added.body.data.ruleId;
    const [stored] = await t.db.select().from(rules).where(eq(rules.id, ruleId));
    expect(stored).toMatchObject({
      name: 'Zephyr Breeze bonus',
      minVehicleYear: 2018,
      maxVehicleYear: 2022,
      startDate: today(),
      endDate: '2099-12-31',
      vehicleMake: 'Zephyr',
      vehicleModel: 'Breeze',
      vehicleTrim: '',
      mileage: 60_000,
      adjustmentType: 'amount',
      priceAdjustment: -125_050,
    });
    const loaded = await manager.act(loadRule, { ruleId });
    expect(loaded.body.data.vehicleOfferRule).toMatchObject({
      ruleId,
      startDate: unixOfDay(today()),
      endDate: unixOfDay('2099-12-31'),
      priceAdjustment: -125_050,
      priceAdjustmentText: '-1250.50',
      mileage: 60_000,
    });

    const list = await manager.act(loadRules, { search: 'breeze' });
    expect(list.body.data.ruleCount).toBe(1);
    expect(list.body.data.rows[0]).toMatchObject({
      ruleId,
      vehicle: 'Zephyr Breeze',
      years: '2018–2022',
      mileageLabel: '60,000 or more',
      dates: `${today()} to 2099-12-31`,
      adjustment: '-$1,250.50',
    });
    expect(list.body.data.html).toContain('-$1,250.50');
    const all = await manager.act(loadRules, {});
    expect(all.body.data.ruleCount).toBe(6);
    expect(
      (await manager.act(loadRules, { adjustmentType: 'percent' })).body.data.rows.map((r: { name: string }) => r.name),
    ).toEqual(['High mileage', 'Toyota trucks in demand']);

    const saved = await manager.act(saveRule, {
      ...ruleForm({ adjustmentType: 'percent', priceAdjustment: '-2.5', startDate: '', endDate: '' }),
      ruleId,
    });
    expect(saved.status).toBe(200);
    const [after] = await t.db.select().from(rules).where(eq(rules.id, ruleId));
    expect(after).toMatchObject({
      adjustmentType: 'percent',
      priceAdjustment: -250,
      startDate: null,
      endDate: null,
      mileage: null,
    });

    const deleted = await manager.act(deleteRule, { ruleId });
    expect(deleted.status).toBe(200);
    expect(await t.db.select().from(rules).where(eq(rules.id, ruleId))).toEqual([]);
    expect((await manager.act(loadRule, { ruleId })).body).toMatchObject({
      errors: ['That appraisal rule does not exist.'],
    });
  });

  it('answers bad input with the field as labelled, and stores nothing', async () => {
    const before = await tableCounts();
    const bad = await manager.act(
      addRule,
      ruleForm({
        name: '',
        minVehicleYear: 2022,
        maxVehicleYear: 2018,
        startDate: unixOfDay('2026-05-01'),
        endDate: unixOfDay('2026-04-01'),
        adjustmentType: 'percent',
        priceAdjustment: '-150',
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      'Name is required.',
      'Maximum year must not be before the minimum year.',
      'End date must not be before the start date.',
      'Price adjustment must be a percent between -100 and 100.',
    ]);
    expect(bad.body.data.fields).toEqual(['name', 'maxVehicleYear', 'endDate', 'priceAdjustment']);
    const words = await manager.act(
      addRule,
      ruleForm({ priceAdjustment: 'five hundred', startDate: 'tomorrow', adjustmentType: 'bribe' }),
    );
    expect(words.body.errors).toEqual([
      'Start date must be a date (unix seconds).',
      'Adjustment type must be one of: amount, percent.',
      'Price adjustment must be a number with at most two decimals, such as -500 or -2.5.',
    ]);
    const trimOnly = await manager.act(addRule, ruleForm({ vehicleMake: '', vehicleModel: '', vehicleTrim: 'LX' }));
    expect(trimOnly.body.errors).toEqual(['Make is required with a model or trim.', 'Model is required with a trim.']);
    expect((await manager.act(saveRule, { ...ruleForm(), ruleId: 999_999 })).body).toMatchObject({
      errors: ['That appraisal rule does not exist.'],
    });
    expect((await manager.act(deleteRule, { ruleId: 'x' })).body.errors).toEqual(['Rule must be a record number.']);
    expect(await tableCounts()).toEqual(before);
  });

  it('need appraisalManager; an appraiser alone cannot touch them', async () => {
    const [rule] = await t.db.select().from(rules).limit(1);
    const before = await tableCounts();
    for (const [contract, body] of [
      [addRule, ruleForm()],
      [saveRule, { ...ruleForm(), ruleId: rule.id }],
      [loadRule, { ruleId: rule.id }],
      [deleteRule, { ruleId: rule.id }],
      [loadRules, {}],
    ] as const) {
      expect((await appraiser.actRaw(contract, body)).status, contract.path).toBe(403);
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe('appraisals', () => {
  it('lists the demo appraisals newest first with offerCountFormatted, filtered and limited', async () => {
    const res = await appraiser.act(loadAppraisals, {});
    const [{ n }] = await t.db.select({ n: count() }).from(appraisals);
    expect(res.body.data.offerCountFormatted).toBe(String(n));
    const created = res.body.data.rows.map((r: { createdAt: string }) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const tacoma = res.body.data.rows.find((r: { customerName: string }) => r.customerName === 'David Chavez')!;
    expect(tacoma).toMatchObject({
      locationId: loc.ABG,
      locationName: 'Albuquerque Toyota',
      source: 'walk-in',
      sourceLabel: 'Walk-in',
      vehicle: '2021 Toyota Tacoma TRD Off-Road',
      baseValue: '33100.00',
      baseValueCents: 3_310_000,
      appraisalStatus: 'accepted',
      statusLabel: 'Accepted',
      workingStatusLabel: 'Inspected',
    });
    // The seed's rules in force: +3.5 % of the base for a Tacoma (115,850 ¢); a late model in the event window: +$500.
    expect(tacoma.offerCents).toBe(3_310_000 + 115_850 + 50_000);
    expect(res.body.data.html).toContain('2021 Toyota Tacoma TRD Off-Road');

    const abg = await appraiser.act(loadAppraisals, { locationId: loc.ABG, appraisalStatus: 'offered' });
    expect(abg.body.data.rows.map((r: { customerName: string }) => r.customerName)).toEqual(['Rosa Martinez']);
    const web = await appraiser.act(loadAppraisals, { source: 'website', workingStatus: 'contacted' });
    expect(
      web.body.data.rows.every(
        (r: { source: string; workingStatus: string }) => r.source === 'website' && r.workingStatus === 'contacted',
      ),
    ).toBe(true);
    expect(web.body.data.offerCountFormatted).toBe(String(web.body.data.rows.length));
    const search = await appraiser.act(loadAppraisals, { search: 'subaru' });
    expect(search.body.data.rows).toHaveLength(3);
    const two = await appraiser.act(loadAppraisals, { limit: 25 });
    expect(two.body.data.rows).toHaveLength(25);
    expect(two.body.data.nextCursor).toEqual(expect.any(String));
    const old = await appraiser.act(loadAppraisals, {
      maxCreatedAt: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(old.body.data.rows.map((r: { customerName: string }) => r.customerName).sort()).toEqual([
      'Maria Gallegos',
      'Mark Saiz',
    ]);
    const bad = await appraiser.act(loadAppraisals, { appraisalStatus: 'sold', minCreatedAt: 'June', limit: 1000 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      'Appraisal status must be one of: new, offered, accepted, declined, purchased, expired.',
      'From must be a date as YYYY-MM-DD.',
      'Limit must be at most 500.',
    ]);
  });

  it('loads one appraisal with the rules that made its offer', async () => {
    const [tacoma] = await t.db.select().from(appraisals).where(eq(appraisals.customerName, 'David Chavez'));
    const res = await appraiser.act(loadAppraisal, { appraisalId: tacoma.id });
    expect(res.body.data.appraisal).toMatchObject({
      appraisalId: tacoma.id,
      offer: '34758.50',
      offerCents: 3_475_850,
      baseValueCents: 3_310_000,
    });
    expect(
      res.body.data.appraisal.adjustments.map((a: { ruleName: string; amount: string; adjustmentLabel: string }) => [
        a.ruleName,
        a.adjustmentLabel,
        a.amount,
      ]),
    ).toEqual([
      ['Toyota trucks in demand', '+3.50%', '+$1,158.50'],
      ['Spring trade-in event', '+$500.00', '+$500.00'],
    ]);
  });

  it('a rule added prices the offer when the appraisal is saved; the offer given stands otherwise until repriced', async () => {
    const a = await newAppraisal({ status: 'new', offerCents: 1_000_000 });
    // Given to the customer while new, with no rule for it: priced again, the offer is the base value ($20,000.00).
    let res = await appraiser.act(saveAppraisal, saveForm(a, { appraisalStatus: 'offered' }));
    expect(res.body.data).toMatchObject({ offerCents: 2_000_000, repriced: true });

    // A rule for Zephyr Breezes 2018–2022 from today: +$500.00; another at 35,000 miles and more: -4 % of the base (-80,000 ¢).
    await manager.act(addRule, ruleForm());
    await manager.act(
      addRule,
      ruleForm({
        name: 'Zephyr miles',
        vehicleModel: '',
        mileage: 35_000,
        adjustmentType: 'percent',
        priceAdjustment: '-4',
      }),
    );
    // Now offered to the customer: saving a note keeps the offer given.
    res = await appraiser.act(saveAppraisal, saveForm(a, { appraisalStatus: 'offered', notes: 'Called back.' }));
    expect(res.body.data).toMatchObject({ offerCents: 2_000_000, repriced: false });
    // Asked to reprice: 2,000,000 - 80,000 (percent first) + 50,000 = 1,970,000 ¢.
    res = await appraiser.act(saveAppraisal, saveForm(a, { appraisalStatus: 'offered', reprice: 1 }));
    expect(res.body.data).toMatchObject({ offerCents: 1_970_000, offer: '19700.00', repriced: true });
    const [stored] = await t.db.select().from(appraisals).where(eq(appraisals.id, a.id));
    expect(stored).toMatchObject({ offerCents: 1_970_000, status: 'offered', notes: '' });
    const recorded = await t.db
      .select()
      .from(appraisalAdjustments)
      .where(eq(appraisalAdjustments.appraisalId, a.id))
      .orderBy(asc(appraisalAdjustments.position));
    expect(recorded.map((r) => [r.ruleName, r.amountCents])).toEqual([
      ['Zephyr miles', -80_000],
      ['Zephyr Breeze bonus', 50_000],
    ]);

    // A changed mileage (under 35,000) is a changed vehicle: priced again without the percent rule.
    res = await appraiser.act(saveAppraisal, saveForm(stored, { mileage: 30_000 }));
    expect(res.body.data).toMatchObject({ offerCents: 2_050_000, repriced: true });
    // A deleted rule leaves its name on the offers it moved.
    const [bonus] = await t.db.select().from(rules).where(eq(rules.name, 'Zephyr Breeze bonus'));
    await manager.act(deleteRule, { ruleId: bonus.id });
    const shown = await appraiser.act(loadAppraisal, { appraisalId: a.id });
    expect(shown.body.data.appraisal.adjustments).toMatchObject([
      { ruleId: null, ruleName: 'Zephyr Breeze bonus', amountCents: 50_000 },
    ]);
  });

  it('saves the customer, statuses, assignment and notes as sent', async () => {
    const a = await newAppraisal({ status: 'offered', offerCents: 1_900_000 });
    const [gm] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.locationId, loc.ABG), eq(users.jobCode, 'GM')))
      .limit(1);
    const appraisers = await appraiser.act(listAppraisers, { appraisalId: a.id });
    expect(appraisers.body.data.appraisers.map((u: { userId: number }) => u.userId)).toContain(gm.id);
    const res = await appraiser.act(
      saveAppraisal,
      saveForm(a, {
        customerName: 'Carmen Ortiz-Baca',
        phone: '(505) 555-0188',
        email: 'Carmen@Example.com',
        vin: '1hgcm82633a004352',
        appraisalStatus: 'accepted',
        workingStatus: 'appointment',
        assignedUserId: gm.id,
        notes: 'Inspection Friday 10:00.',
      }),
    );
    expect(res.status).toBe(200);
    const [stored] = await t.db.select().from(appraisals).where(eq(appraisals.id, a.id));
    expect(stored).toMatchObject({
      customerName: 'Carmen Ortiz-Baca',
      phone: '+15055550188',
      email: 'carmen@example.com',
      vin: '1HGCM82633A004352',
      status: 'accepted',
      workingStatus: 'appointment',
      assignedUserId: gm.id,
      notes: 'Inspection Friday 10:00.',
      offerCents: 1_900_000,
    });
  });

  it('answers bad input with the field as labelled and changes nothing', async () => {
    const a = await newAppraisal();
    const [phoenixUser] = await t.db.select().from(users).where(eq(users.locationId, loc.PHX)).limit(1);
    const before = await tableCounts();
    const bad = await appraiser.act(
      saveAppraisal,
      saveForm(a, {
        customerName: ' ',
        vin: '1HGCM82643A004352',
        mileage: -5,
        baseValue: '12.345',
        appraisalStatus: 'sold',
        condition: '',
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      'Customer is required.',
      'VIN: The check digit (9th character) should be 3, not 4: a character is mistyped.',
      'Mileage must be at least 0.',
      'Condition is required.',
      'Base value must be an amount in dollars, such as 1,234.56.',
      'Appraisal status must be one of: new, offered, accepted, declined, purchased, expired.',
    ]);
    const phone = await appraiser.act(saveAppraisal, saveForm(a, { phone: '555-555-55555' }));
    expect(phone).toMatchObject({
      status: 400,
      body: { errors: ['Phone must be a phone number such as (505) 555-0142.'] },
    });
    const stranger = await appraiser.act(saveAppraisal, saveForm(a, { assignedUserId: phoenixUser.id }));
    expect(stranger).toMatchObject({
      status: 400,
      body: {
        errors: ["Assigned to must be an appraiser at the appraisal's store."],
        data: { fields: ['assignedUserId'] },
      },
    });
    expect((await appraiser.act(saveAppraisal, saveForm(a, { appraisalId: 999_999 }))).body).toMatchObject({
      errors: ['That appraisal does not exist.'],
    });
    expect(await tableCounts()).toEqual(before);
    expect((await t.db.select().from(appraisals).where(eq(appraisals.id, a.id)))[0]).toEqual(a);
  });

  it('saves a VIN that fails its check once the appraiser says it is right as typed', async () => {
    const a = await newAppraisal();
    const kept = await appraiser.act(saveAppraisal, saveForm(a, { vin: '1HGCM82643A004352', vinOverride: 1 }));
    expect(kept.status).toBe(200);
    expect((await t.db.select().from(appraisals).where(eq(appraisals.id, a.id)))[0].vin).toBe('1HGCM82643A004352');
  });

  it('keeps a New Mexico appraiser to New Mexico: 404 outside, nothing changed', async () => {
    const nm = await t.signedIn(['appraiser'], { groupWide: false, regions: ['New Mexico'] });
    const [phoenix] = await t.db.select().from(appraisals).where(eq(appraisals.locationId, loc.PHX)).limit(1);
    const before = await tableCounts();
    const missing = { status: 404, body: { errors: ['That appraisal does not exist.'] } };
    expect(await nm.act(loadAppraisal, { appraisalId: phoenix.id })).toMatchObject(missing);
    // Both the appraisal and the user assigned are outside reach: the reply names the first declared, every time.
    const [phoenixUser] = await t.db.select().from(users).where(eq(users.locationId, loc.PHX)).limit(1);
    for (let i = 0; i < 5; i++)
      expect(
        await nm.act(saveAppraisal, saveForm(phoenix, { notes: 'x', assignedUserId: phoenixUser.id })),
      ).toMatchObject(missing);
    expect(await nm.act(listAppraisers, { appraisalId: phoenix.id })).toMatchObject(missing);
    const list = await nm.act(loadAppraisals, {});
    expect(
      list.body.data.rows.every((r: { locationId: number }) =>
        [loc.ABG, loc.ABH, loc.SFS, loc.LCF].includes(r.locationId),
      ),
    ).toBe(true);
    expect((await nm.act(loadAppraisals, { locationId: loc.PHX })).status).toBe(404);
    const stores = await nm.act(loadLocations, {});
    expect(stores.body.data.rows.map((r: { locationName: string }) => r.locationName)).not.toContain('Phoenix Hyundai');
    const csv = await download(nm, 'export');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Phoenix');
    expect((await download(nm, 'export-locations', `?locationId=${loc.PHX}`)).statusCode).toBe(404);
    expect(await tableCounts()).toEqual({ ...before, audit: before.audit + 1 });
    expect((await t.db.select().from(appraisals).where(eq(appraisals.id, phoenix.id)))[0]).toEqual(phoenix);
  });

  it('need appraiser for the lists, save and the downloads', async () => {
    const other = await t.signedIn(['sales', 'appraisalManager']);
    const [a] = await t.db.select().from(appraisals).limit(1);
    const before = await tableCounts();
    expect((await other.act(loadAppraisals, {})).status).toBe(403);
    expect((await other.act(loadLocations, {})).status).toBe(403);
    expect((await other.act(saveAppraisal, saveForm(a))).status).toBe(403);
    expect((await download(other, 'export')).statusCode).toBe(403);
    expect((await download(other, 'export-locations')).statusCode).toBe(403);
    expect(await tableCounts()).toEqual(before);
    const inventory = await t.signedIn([], { jobCode: 'INV' });
    expect((await inventory.act(loadAppraisals, {})).status).toBe(200);
  });
});

describe('appraisal locations and the downloads', () => {
  it('one row per store: counts by status and the offers total, to the cent, as the appraisals add up', async () => {
    const res = await appraiser.act(loadLocations, {});
    const counted = (
      (await t.db.execute(sql`select location_id, count(*)::int as n, (count(*) filter (where status <> 'new'))::int as offers,
      coalesce(sum(offer_cents) filter (where status <> 'new'), 0)::bigint as cents, (count(*) filter (where status = 'purchased'))::int as purchased
      from appraisals group by location_id`)) as unknown as {
        rows: { location_id: number; n: number; offers: number; cents: string; purchased: number }[];
      }
    ).rows;
    for (const c of counted) {
      const row = res.body.data.rows.find((r: { locationId: number }) => r.locationId === c.location_id)!;
      expect(row).toMatchObject({
        appraisals: c.n,
        offers: c.offers,
        offerTotalCents: Number(c.cents),
        purchased: c.purchased,
      });
      expect(row.offerTotal).toBe((Number(c.cents) / 100).toFixed(2));
    }
    const total = counted.reduce((n, c) => n + c.n, 0);
    expect(res.body.data.totalAppraisals).toBe(total);
    expect(res.body.data.offerCountFormatted).toBe(String(counted.reduce((n, c) => n + c.offers, 0)));
    // Stores without appraisals are listed with zeros (Tucson's collision center).
    expect(
      res.body.data.rows.find((r: { locationName: string }) => r.locationName === 'Tucson Collision Center'),
    ).toMatchObject({ appraisals: 0, offerTotal: '0.00' });

    // The days created, on the store's clock: an appraisal made on 2 March 2025 at 23:30 in Albuquerque (06:30 UTC the 3rd).
    await newAppraisal({
      locationId: loc.LCF,
      source: 'phone',
      status: 'purchased',
      offerCents: 1_234_501,
      createdAt: new Date('2025-03-03T06:30:00Z'),
    });
    const march2 = await appraiser.act(loadLocations, {
      locationId: loc.LCF,
      minCreatedAt: '2025-03-02',
      maxCreatedAt: '2025-03-02',
    });
    expect(march2.body.data.rows).toMatchObject([
      { locationName: 'Las Cruces Ford', appraisals: 1, purchased: 1, offerTotal: '12345.01' },
    ]);
    expect(march2.body.data.totalAppraisals).toBe(1);
    const year = await appraiser.act(loadLocations, {
      locationId: loc.LCF,
      minCreatedAt: '2025-01-15',
      maxCreatedAt: '2025-12-31',
      source: 'phone',
    });
    expect(year.body.data.rows[0].appraisals).toBe(1);
    expect(
      (
        await appraiser.act(loadLocations, {
          locationId: loc.LCF,
          minCreatedAt: '2025-03-03',
          maxCreatedAt: '2025-04-30',
        })
      ).body.data.totalAppraisals,
    ).toBe(0);
    // Days the wrong way round are a sentence, not a report of nothing.
    const reversed = await appraiser.act(loadLocations, { minCreatedAt: '2025-04-01', maxCreatedAt: '2025-03-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual(['To must be on or after From.']);

    // Any days add up as the appraisals do, each on its store's clock: days alone, a month less the
    // days outside, whole months, open either side.
    await newAppraisal({
      locationId: loc.LCF,
      source: 'website',
      status: 'offered',
      offerCents: 50_000,
      createdAt: new Date('2025-03-31T18:00:00Z'),
    });
    await newAppraisal({
      locationId: loc.LCF,
      source: 'walk-in',
      status: 'new',
      offerCents: 0,
      createdAt: new Date('2025-02-01T07:30:00Z'),
    });
    const ranges: [string | undefined, string | undefined][] = [
      ['2025-03-02', '2025-03-30'],
      ['2025-03-03', '2025-03-31'],
      ['2025-02-01', '2025-03-02'],
      ['2025-01-20', '2026-03-26'],
      ['2025-02-02', undefined],
      [undefined, '2025-03-29'],
      ['2025-03-01', '2025-03-31'],
    ];
    for (const [from, to] of ranges) {
      const [expected] = (
        (await t.db.execute(sql`select count(*)::int as n, (count(*) filter (where a.status <> 'new'))::int as offers
        from appraisals a join locations l on l.id = a.location_id
        where (a.created_at at time zone l.time_zone)::date between coalesce(${from ?? null}::date, '-infinity') and coalesce(${to ?? null}::date, 'infinity')`)) as unknown as {
          rows: { n: number; offers: number }[];
        }
      ).rows;
      const res = await appraiser.act(loadLocations, { minCreatedAt: from, maxCreatedAt: to, limit: 100 });
      const summed = res.body.data.rows.reduce((n: number, r: { appraisals: number }) => n + r.appraisals, 0);
      expect([from, to, summed, res.body.data.totalAppraisals, res.body.data.offerCountFormatted]).toEqual([
        from,
        to,
        expected.n,
        expected.n,
        String(expected.offers),
      ]);
    }
    const csv = await download(
      appraiser,
      'export-locations',
      `?locationId=${loc.LCF}&minCreatedAt=2025-03-02&maxCreatedAt=2025-03-02&source=phone`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toEqual([
      'Store,Appraisals,New,Offered,Accepted,Declined,Purchased,Expired,Offers made,Offers total',
      'Las Cruces Ford,1,0,0,0,0,1,0,1,12345.01',
    ]);
  });

  it("downloads the appraisals as CSV with the manager's filters", async () => {
    const csv = await download(appraiser, 'export', `?locationId=${loc.ABG}&appraisalStatus=accepted&source=walk-in`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="appraisals-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Created,Customer,Phone,Email,Vehicle,VIN,Mileage,Condition,Base value,Offer,Status,Working status,Source,Assigned to,Store',
    );
    // The demo's walk-in accepted at Albuquerque Toyota, and the one an earlier test accepted there.
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[1])
        .sort(),
    ).toEqual(['Carmen Ortiz-Baca', 'David Chavez']);
    expect(
      lines
        .slice(1)
        .every((l) => l.includes(',Accepted,') && l.includes(',Walk-in,') && l.endsWith(',Albuquerque Toyota')),
    ).toBe(true);
    const [tacoma] = await t.db.select().from(appraisals).where(eq(appraisals.customerName, 'David Chavez'));
    expect(lines.find((l) => l.includes('David Chavez'))).toContain(
      `2021 Toyota Tacoma TRD Off-Road,${tacoma.vin},31900,Excellent,33100.00,34758.50,Accepted,Inspected,Walk-in`,
    );
    const bad = await download(appraiser, 'export', '?workingStatus=asleep');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      'Working status must be one of: unworked, contacted, appointment, inspected, dead.',
    ]);
  });
});
