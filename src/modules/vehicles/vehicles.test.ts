import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { testApp, userById, type Caller, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { vehicleCatalog as catalog } from './vehicles.db';
import {
  newestModelYear,
  addCatalog,
  deleteCatalogEntry,
  listMakes,
  listModels,
  listTrims,
  listYears,
  loadCatalog,
} from './vehicles.contract';

let t: TestApp;
let staff: Caller;
let admin: Caller;

beforeAll(async () => {
  t = await testApp({ demo: false });
  staff = await t.signedIn([]);
  admin = await t.signedIn(['stockNumberAdmin']);
});
afterAll(async () => {
  await t?.close();
});

const entries = async (make: string, model: string) =>
  await t.db
    .select({ year: catalog.year, trim: catalog.trim, shipped: catalog.shipped, addedBy: catalog.addedBy })
    .from(catalog)
    .where(and(eq(catalog.make, make), eq(catalog.model, model)))
    .orderBy(catalog.year, catalog.trim);
const catalogSize = async () => (await t.db.select({ n: count() }).from(catalog))[0].n;

describe('the catalogue the product ships', () => {
  it('answers years, makes, models and trims as options for any signed-in user, each narrowed by the one before', async () => {
    const years = await staff.act(listYears, {});
    expect(years.status).toBe(200);
    expect(years.body.data.years[0]).toBe(2027);
    expect(years.body.data.years.at(-1)).toBe(2000);
    expect(years.body.data.html).toMatch(
      /^<option value=""><\/option><option value="2027">2027<\/option><option value="2026">2026<\/option>/,
    );

    const makes = await staff.call('appraisals/rules/list-makes', { year: '2024' }, { form: true });
    expect(makes.body.data.makes).toContain('Toyota');
    expect(makes.body.data.makes).toContain('Mercedes-Benz');
    expect(makes.body.data.makes).toEqual([...makes.body.data.makes].sort());
    expect(makes.body.data.html).toContain('<option value="Land Rover">Land Rover</option>');

    // The Acura ILX was sold until 2022: offered for 2020, not for 2024.
    expect((await staff.act(listModels, { year: 2020, make: 'Acura' })).body.data.models).toContain('ILX');
    const acura2024 = await staff.act(listModels, { year: 2024, make: 'Acura' });
    expect(acura2024.body.data.models).toEqual(['Integra', 'MDX', 'RDX', 'TLX', 'ZDX']);

    const trims = await staff.act(listTrims, { year: 2024, make: 'Toyota', model: 'Camry' });
    expect(trims.body.data.trims).toEqual(['LE', 'SE', 'TRD', 'XLE', 'XSE']);
    expect(trims.body.data.html).toBe(
      '<option value=""></option><option value="LE">LE</option><option value="SE">SE</option><option value="TRD">TRD</option><option value="XLE">XLE</option><option value="XSE">XSE</option>',
    );

    // Without a year (the catalogue screen's filters): any year's makes and models.
    const fiat = await staff.act(listModels, { make: 'Fiat' });
    expect(fiat.body.data.models).toEqual(['500', '500X', '500e']);
  });

  it('refuses a year that is not a model year, and callers who are not signed in', async () => {
    const words = await staff.act(listMakes, { year: 'last year' });
    expect(words.status).toBe(400);
    expect(words.body.errors).toEqual(['Year must be a whole number.']);
    const future = await staff.act(listMakes, { year: newestModelYear() + 1 });
    expect(future.body.errors).toEqual([`Year must be at most ${newestModelYear()}.`]);
    const noMake = await staff.act(listTrims, { year: 2024, model: 'Camry' });
    expect(noMake.body.errors).toEqual(['Make is required.']);
    expect((await t.anonymous().act(listYears, {})).status).toBe(401);
  });
});

describe('extending the catalogue', () => {
  it('adds a model for each year and trim it lacks, named as added by the admin, and lists it', async () => {
    const before = await catalogSize();
    const res = await admin.act(addCatalog, {
      make: 'Scout',
      model: 'Traveler',
      firstYear: 2026,
      lastYear: 2027,
      trims: ['Base', 'Terra', 'Base'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ added: 4 });
    expect(await catalogSize()).toBe(before + 4);
    expect(await entries('Scout', 'Traveler')).toEqual([
      { year: 2026, trim: 'Base', shipped: false, addedBy: admin.userId },
      { year: 2026, trim: 'Terra', shipped: false, addedBy: admin.userId },
      { year: 2027, trim: 'Base', shipped: false, addedBy: admin.userId },
      { year: 2027, trim: 'Terra', shipped: false, addedBy: admin.userId },
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'vehicleCatalog'), eq(auditLog.recordId, 'Scout Traveler')));
    expect(audit.after).toEqual({
      make: 'Scout',
      model: 'Traveler',
      entries: ['2026 Base', '2026 Terra', '2027 Base', '2027 Terra'],
    });

    // The pickers offer it at once.
    expect((await staff.act(listMakes, { year: 2027 })).body.data.makes).toContain('Scout');

    // A new trim for a shipped model adds only what is missing.
    const more = await admin.act(addCatalog, {
      make: 'Toyota',
      model: 'Camry',
      firstYear: 2026,
      lastYear: 2027,
      trims: ['LE', 'Nightshade'],
    });
    expect(more.body.data).toEqual({ added: 2 });

    const list = await admin.act(loadCatalog, { make: 'Scout', view: 'rows' });
    expect(list.body.data.entryCount).toBe(4);
    expect(list.body.data.rows[0]).toMatchObject({
      make: 'Scout',
      model: 'Traveler',
      year: 2026,
      trim: 'Base',
      shipped: false,
      source: `Added by ${(await userById(t.db, admin.userId!)).firstName} ${(await userById(t.db, admin.userId!)).lastName}`,
    });
    const shipped = await admin.act(loadCatalog, { year: 2027, make: 'Toyota', model: 'Camry', source: 'shipped' });
    expect(shipped.body.data.rows.map((r: { trim: string }) => r.trim)).toEqual(['LE', 'SE', 'XLE', 'XSE', 'TRD']);
    expect(shipped.body.data.html).toContain('<td>Shipped</td>');
  });

  it('refuses what the catalogue holds already, a span that ends before it starts, and no trims, changing nothing', async () => {
    const before = await catalogSize();
    const held = await admin.act(addCatalog, {
      make: 'Toyota',
      model: 'Camry',
      firstYear: 2024,
      lastYear: 2025,
      trims: ['LE'],
    });
    expect(held.status).toBe(409);
    expect(held.body.errors).toEqual(['The catalogue already holds the Toyota Camry in those years with those trims.']);
    const backwards = await admin.act(addCatalog, {
      make: 'Scout',
      model: 'Terra',
      firstYear: 2027,
      lastYear: 2026,
      trims: ['Base'],
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual(['Last year must not be before the first year.']);
    const none = await admin.act(addCatalog, {
      make: 'Scout',
      model: 'Terra',
      firstYear: 2026,
      lastYear: 2027,
      trims: [],
    });
    expect(none.body.errors).toEqual(['Trims must name at least one trim.']);
    expect(await catalogSize()).toBe(before);
  });

  it('deletes an entry an admin added, never one the product ships', async () => {
    const [added] = await t.db
      .select()
      .from(catalog)
      .where(and(eq(catalog.make, 'Toyota'), eq(catalog.trim, 'Nightshade'), eq(catalog.year, 2026)));
    const [shipped] = await t.db
      .select()
      .from(catalog)
      .where(
        and(eq(catalog.make, 'Toyota'), eq(catalog.model, 'Camry'), eq(catalog.trim, 'LE'), eq(catalog.year, 2026)),
      );
    const refused = await admin.act(deleteCatalogEntry, { id: shipped.id });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual(['Entries the product ships cannot be deleted; only those added here can.']);
    expect((await admin.act(deleteCatalogEntry, { id: added.id })).status).toBe(200);
    expect(await t.db.select().from(catalog).where(eq(catalog.id, added.id))).toEqual([]);
    expect(await t.db.select().from(catalog).where(eq(catalog.id, shipped.id))).toHaveLength(1);
    expect((await admin.act(deleteCatalogEntry, { id: added.id })).status).toBe(404);
  });

  it('is for stock number admins only', async () => {
    const before = await catalogSize();
    for (const [contract, input] of [
      [loadCatalog, {}],
      [addCatalog, { make: 'Scout', model: 'Terra', firstYear: 2026, lastYear: 2027, trims: ['Base'] }],
      [deleteCatalogEntry, { id: 1 }],
    ] as const) {
      expect((await staff.actRaw(contract, input)).status, contract.path).toBe(403);
    }
    expect(await catalogSize()).toBe(before);
  });
});
