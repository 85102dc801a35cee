import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { contacts } from '../contacts/contacts.db';
import { inventoryVehicles } from '../inventory/inventory.db';
import { purchases } from './purchases.db';
import { loadPurchase, loadPurchases } from './purchases.contract';

let t: TestApp;
let seller: Caller;
let loc: Record<string, number>;
let abgStaff: number[];
let denverStaff: number;

beforeAll(async () => {
  t = await testApp();
  seller = await t.signedIn(['sales']);
  loc = await locationsByCode(t.db);
  abgStaff = await Promise.all(
    [1, 2].map(async (n) => (await t.createUser({ locationId: loc.ABG, lastName: `Seller ${n}` })).id),
  );
  denverStaff = (await t.createUser({ locationId: loc.DNC })).id;
});
afterAll(async () => {
  await t?.close();
});

const form = (overrides: Record<string, unknown> = {}) => ({
  locationId: loc.ABG,
  stock: '',
  vin: '',
  year: '',
  make: '',
  model: '',
  firstName: 'Carmen',
  lastName: 'Ortiz',
  mobilePhone: '(505) 555-0199',
  email: 'carmen@example.com',
  salespersonId: abgStaff[0],
  secondSalespersonId: '',
  price: '31,450.00',
  soldDate: '2026-11-20',
  dealType: 'finance',
  ...overrides,
});
const counts = async () => {
  const [[{ p }], [{ c }], [{ a }]] = await Promise.all([
    t.db.select({ p: count() }).from(purchases),
    t.db.select({ c: count() }).from(contacts),
    t.db.select({ a: count() }).from(auditLog),
  ]);
  return { p, c, a };
};

describe('purchases', () => {
  it('adds a purchase of a vehicle on the lot: filled from inventory and marked sold there; the customer added as a sold contact', async () => {
    const [onLot] = await t.db
      .select()
      .from(inventoryVehicles)
      .where(and(eq(inventoryVehicles.locationId, loc.ABG), eq(inventoryVehicles.status, 'in stock')))
      .limit(1);
    const add = await seller.call(
      'vehicles/add-purchase',
      form({ stock: onLot.stock!.toLowerCase(), secondSalespersonId: abgStaff[1] }),
      { form: true },
    );
    expect(add.status).toBe(200);
    const [stored] = await t.db.select().from(purchases).where(eq(purchases.id, add.body.data.purchaseId));
    expect(add.body.data).toEqual({ purchaseId: stored.id, contactId: stored.contactId, fromInventory: true });
    expect(stored).toMatchObject({
      locationId: loc.ABG,
      stock: onLot.stock,
      vin: onLot.vin,
      year: onLot.year,
      make: onLot.make,
      model: onLot.model,
      inventoryVehicleId: onLot.id,
      firstName: 'Carmen',
      lastName: 'Ortiz',
      mobilePhone: '+15055550199',
      email: 'carmen@example.com',
      salespersonId: abgStaff[0],
      secondSalespersonId: abgStaff[1],
      priceCents: 3_145_000,
      soldDate: '2026-11-20',
      dealType: 'finance',
      createdBy: seller.userId,
    });
    const [vehicle] = await t.db.select().from(inventoryVehicles).where(eq(inventoryVehicles.id, onLot.id));
    expect(vehicle.status).toBe('sold');
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, stored.contactId!));
    expect(contact).toMatchObject({
      locationId: loc.ABG,
      firstName: 'Carmen',
      lastName: 'Ortiz',
      mobilePhone: '+15055550199',
      email: 'carmen@example.com',
      sold: true,
      source: 'staff',
    });

    // In the list, with both salespeople named; found by either of them.
    const list = await seller.act(loadPurchases, { locationId: loc.ABG, salespersonId: abgStaff[1] });
    expect(list.body.data.purchaseCount).toBe(1);
    expect(list.body.data.rows[0]).toMatchObject({
      purchaseId: stored.id,
      customerName: 'Carmen Ortiz',
      vehicle: `${onLot.year} ${onLot.make} ${onLot.model}`,
      salespeople: 'Test Seller 1 and Test Seller 2',
      price: '31450.00',
      priceCents: 3_145_000,
      dealTypeLabel: 'Finance',
      locationName: 'Albuquerque Toyota',
    });
  });

  it("marks the store's contact with that number sold, keeping what the store had; a vehicle not on the lot needs its year, make and model", async () => {
    const [existing] = await t.db
      .insert(contacts)
      .values({ locationId: loc.ABG, firstName: 'Ray', lastName: '', mobilePhone: '+15055550168' })
      .returning();
    const before = await counts();
    const missing = await seller.call(
      'vehicles/add-purchase',
      form({ vin: '1HGCM82633A004352', mobilePhone: '505-555-0168', firstName: 'Raymond', lastName: 'Chavez' }),
      { form: true },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      "Year is required: 1HGCM82633A004352 is not in Albuquerque Toyota's inventory.",
    ]);
    expect(missing.body.data.fields).toEqual(['year']);
    expect(await counts()).toEqual(before);

    const add = await seller.call(
      'vehicles/add-purchase',
      form({
        vin: '1HGCM82633A004352',
        year: 2023,
        make: 'Honda',
        model: 'Accord',
        mobilePhone: '505-555-0168',
        firstName: 'Raymond',
        lastName: 'Chavez',
        email: '',
      }),
      { form: true },
    );
    expect(add.status).toBe(200);
    expect(add.body.data).toMatchObject({ contactId: existing.id, fromInventory: false });
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, existing.id));
    expect(contact).toMatchObject({ firstName: 'Ray', lastName: 'Chavez', sold: true });
    const after = await counts();
    expect(after).toEqual({ p: before.p + 1, c: before.c, a: before.a + 2 });
  });

  it('refuses bad input naming the field as labelled, and changes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ stock: '', vin: '' }, 'Stock number or VIN is required.', 'stock'],
      [
        { stock: 'X1', mobilePhone: '(123) 456-7890' },
        'Mobile phone must be a phone number such as (505) 555-0142.',
        'mobilePhone',
      ],
      [{ stock: 'X1', price: 'lots' }, 'Sale price must be an amount in dollars, such as 1,234.56.', 'price'],
      [{ stock: 'X1', dealType: 'barter' }, 'Deal type must be one of: cash, finance, lease.', 'dealType'],
      [{ stock: 'X1', secondSalespersonId: 'same' }, 'Split with must be a record number.', 'secondSalespersonId'],
      [
        { stock: 'X1', year: 2023, make: 'Honda', model: 'Fit', salespersonId: 'DENVER' },
        'Salesperson must be on the staff of Albuquerque Toyota: Test User is not.',
        'salespersonId',
      ],
      [{ stock: 'X1', soldDate: '2026-13-01' }, 'Sold on must be a real date.', 'soldDate'],
    ];
    for (const [overrides, sentence, field] of cases) {
      const input: Record<string, unknown> = form(overrides);
      if (input.salespersonId === 'DENVER') input.salespersonId = denverStaff;
      if (input.secondSalespersonId === 'same') input.secondSalespersonId = 'x';
      const res = await seller.call('vehicles/add-purchase', input, { form: true });
      expect(res.status, sentence).toBe(400);
      expect(res.body.errors[0].replace(/Test User \d+/, 'Test User')).toBe(sentence);
      expect(res.body.data.fields).toContain(field);
    }
    const same = await seller.call('vehicles/add-purchase', form({ stock: 'X1', secondSalespersonId: abgStaff[0] }), {
      form: true,
    });
    expect(same.body.errors).toEqual(['Split with must be another salesperson.']);
    expect(await counts()).toEqual(before);
  });

  it('lists purchases newest first, by store, sale days and search; keeps a New Mexico user to New Mexico stores', async () => {
    const all = await seller.act(loadPurchases, {});
    const dates = all.body.data.rows.map((r: { soldDate: string }) => r.soldDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const denver = await seller.act(loadPurchases, { locationId: loc.DNC });
    expect(denver.body.data.purchaseCount).toBeGreaterThan(0);
    const day = await seller.act(loadPurchases, {
      minSoldDate: '2026-11-20',
      maxSoldDate: '2026-11-20',
      query: 'ortiz',
    });
    expect(day.body.data.rows.map((r: { customerName: string }) => r.customerName)).toEqual(['Carmen Ortiz']);

    const nm = await t.signedIn(['sales'], { groupWide: false, regions: ['New Mexico'] });
    const mine = await nm.act(loadPurchases, { limit: 200 });
    expect(
      mine.body.data.rows.some((r: { locationId: number }) => r.locationId === loc.DNC || r.locationId === loc.PHX),
    ).toBe(false);
    expect((await nm.act(loadPurchases, { locationId: loc.DNC })).status).toBe(404);
    const before = await counts();
    const far = await nm.call(
      'vehicles/add-purchase',
      form({
        locationId: loc.DNC,
        stock: 'X1',
        year: 2024,
        make: 'Chevrolet',
        model: 'Tahoe',
        salespersonId: denverStaff,
      }),
      { form: true },
    );
    expect(far.status).toBe(404);
    expect(await counts()).toEqual(before);
    expect(
      (await (await t.signedIn([])).call('vehicles/add-purchase', form({ stock: 'X1' }), { form: true })).status,
    ).toBe(403);
  });

  it('reads one purchase for its page: its row, whether it came from inventory, and who recorded it', async () => {
    const added = await seller.call(
      'vehicles/add-purchase',
      form({ stock: 'P-PAGE', year: 2023, make: 'Toyota', model: 'Camry', soldDate: '2026-11-21' }),
      { form: true },
    );
    expect(added.status).toBe(200);
    const { purchaseId } = added.body.data;
    const res = await seller.act(loadPurchase, { purchaseId });
    expect(res.status).toBe(200);
    const { purchase } = res.body.data;
    expect(purchase).toMatchObject({ purchaseId, stock: 'P-PAGE', fromInventory: false, customerName: 'Carmen Ortiz' });
    expect(purchase.recordedByName).toEqual(expect.any(String));
    expect(new Date(purchase.recordedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const listed = (await seller.act(loadPurchases, { query: 'P-PAGE', view: 'rows' })).body.data.rows[0];
    expect(purchase).toMatchObject(listed);

    const [denver] = await t.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.locationId, loc.DNC));
    const nm = await t.signedIn(['sales'], { groupWide: false, regions: ['New Mexico'] });
    expect((await nm.act(loadPurchase, { purchaseId: denver.id })).status).toBe(404);
    expect((await (await t.signedIn([])).act(loadPurchase, { purchaseId })).status).toBe(403);
    const missing = await seller.act(loadPurchase, { purchaseId: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual(['That purchase does not exist.']);
  });
});
