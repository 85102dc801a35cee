import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { formatMoney } from '../../shared/format';
import { findRecords } from '../../shared/shell.contract';
import { appraisals } from '../appraisals/appraisals.db';
import { loadInventory } from '../inventory/inventory.contract';
import { inventoryVehicles } from '../inventory/inventory.db';
import { loadQuotes } from '../sales/price-builder.contract';
import { salesQuotes } from '../sales/quotes.db';
import { stockNumbers } from '../stock/stock.db';
import { makeVin } from '../vehicles/vehicles.api';
import { loadVehicle } from './vehicle-page.contract';

/** The demo's 2018 Accord bought from Jessica Brown at Albuquerque Honda (stock.seed.ts). */
const ACCORD = '1HGCV1F3XJA091734';
/** David Chavez's Tacoma: appraised and being acquired at Albuquerque Toyota, no stock number yet. */
const TACOMA = '3TMCZ5AN1MM412733';

let t: TestApp;
let all: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  all = await t.signedIn(['stockNumberManager', 'appraiser', 'sales']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const kindsOf = (data: { records: { kind: string; count: number }[] }) =>
  Object.fromEntries(data.records.map((r) => [r.kind, r.count]));

describe('the demo data agree', () => {
  it('gives every lot vehicle with a VIN the stock number its VIN has in Stock numbers', async () => {
    const disagreeing = await t.db
      .select({ stock: inventoryVehicles.stock })
      .from(inventoryVehicles)
      .leftJoin(stockNumbers, eq(stockNumbers.vin, inventoryVehicles.vin))
      .where(
        and(
          isNotNull(inventoryVehicles.vin),
          sql`${stockNumbers.stock} is distinct from ${inventoryVehicles.stock}`,
          eq(inventoryVehicles.source, 'stock'),
        ),
      );
    expect(disagreeing).toEqual([]);
    const [abg10] = await t.db.select().from(inventoryVehicles).where(eq(inventoryVehicles.stock, 'ABG00010'));
    const [number10] = await t.db.select().from(stockNumbers).where(eq(stockNumbers.stock, 'ABG00010'));
    expect(abg10).toMatchObject({ vin: number10.vin, make: 'Toyota', model: 'Tundra', locationId: loc.ABG });
  });
});

describe('one vehicle', () => {
  it("joins the Accord's lot, stock number, acquisition and appraisal by its VIN, with what they say of it", async () => {
    const res = await all.act(loadVehicle, { vin: ACCORD.toLowerCase() });
    expect(res.status).toBe(200);
    const [lot] = await t.db.select().from(inventoryVehicles).where(eq(inventoryVehicles.vin, ACCORD));
    expect(res.body.data.vehicle).toEqual({
      vin: ACCORD,
      description: '2018 Honda Accord EX-L',
      decoded: {
        year: 2018,
        make: 'Honda',
        model: 'Accord',
        body: 'Sedan/Saloon',
        plantCountry: 'UNITED STATES (USA)',
      },
      vinProblem: null,
      stock: 'ABH00030',
      locationId: loc.ABH,
      locationName: 'Albuquerque Honda',
      status: 'In stock',
      price: lot.price,
      mileage: lot.mileage,
    });
    expect(kindsOf(res.body.data)).toEqual({ inventory: 1, stock: 1, acquisition: 1, appraisal: 1, deal: 1 });
    const [appraisal] = await t.db.select().from(appraisals).where(eq(appraisals.vin, ACCORD));
    const byKind = Object.fromEntries(res.body.data.records.map((r) => [r.kind, r]));
    expect(byKind.appraisal.rows).toEqual([
      {
        recordId: appraisal.id,
        at: appraisal.createdAt.toISOString(),
        summary: `Jessica Brown · purchased · offer ${formatMoney(appraisal.offerCents)}`,
        locationId: loc.ABH,
        locationName: 'Albuquerque Honda',
        href: `/clicklane/appraisals/vehicle?id=${appraisal.id}`,
      },
    ]);
    expect(byKind.stock.rows[0]).toMatchObject({
      summary: 'ABH00030 · Purchase',
      href: '/stock-numbers/?query=ABH00030',
    });
    expect(byKind.acquisition.rows[0].summary).toBe('Finished · car · service tag 22810');
    // Desked for a customer on the lot, at the price the lot asks.
    expect(byKind.deal.rows[0].summary).toBe(`Owen Baker · Finance · $${lot.price!.toLocaleString('en-US')}`);
    expect(byKind.deal.rows[0].href).toMatch(/^\/sales\/desking\?dealId=\d+$/);
    expect(byKind.acquisition.listHref).toBe(`/acquisition/?query=${ACCORD}&minCreatedAt=`);
    expect(byKind.inventory.listHref).toBe(`/inventory/?query=${ACCORD}&status=`);
  });

  it('says a vehicle being acquired is so, where, and that it has no stock number yet', async () => {
    const res = await all.act(loadVehicle, { vin: TACOMA });
    expect(res.body.data.vehicle).toMatchObject({
      description: '2021 Toyota Tacoma TRD Off-Road',
      stock: null,
      status: 'Being acquired',
      locationName: 'Albuquerque Toyota',
      price: null,
    });
    expect(kindsOf(res.body.data)).toEqual({ acquisition: 1, appraisal: 1 });
  });

  it('names a VIN that fails its check, and decodes a VIN no record carries', async () => {
    const [abg10] = await t.db.select().from(stockNumbers).where(eq(stockNumbers.stock, 'ABG00010'));
    const typo = await all.act(loadVehicle, { vin: abg10.vin });
    expect(typo.body.data.vehicle.vinProblem).toMatch(/^The check digit \(9th character\) should be/);
    expect(typo.body.data.vehicle).toMatchObject({ stock: 'ABG00010', description: '2019 Toyota Tundra SR5' });

    const unknown = makeVin('4T1', 'B11HK', 2024, 'U', 999_001);
    const none = await all.act(loadVehicle, { vin: unknown });
    expect(none.body.data).toMatchObject({
      vehicle: { description: '2024 Toyota Camry', stock: null, status: null, locationId: null },
      records: [],
    });
  });

  it('shows each kind only to holders of the flag its list needs', async () => {
    const appraiser = await t.signedIn(['appraiser']);
    const seen = (await appraiser.act(loadVehicle, { vin: ACCORD })).body.data;
    expect(kindsOf(seen)).toEqual({ appraisal: 1 });
    // The lot's facts are the lot's list's: no stock number, store or price for an appraiser.
    expect(seen.vehicle).toMatchObject({ stock: null, price: null, status: null, locationId: null });
    expect(seen.vehicle.description).toBe('2018 Honda Accord EX-L');

    const nobody = await t.signedIn([]);
    const bare = (await nobody.act(loadVehicle, { vin: ACCORD })).body.data;
    expect(bare.records).toEqual([]);
    expect(bare.vehicle.description).toBe('2018 Honda Accord');
    expect((await t.anonymous().actRaw(loadVehicle, { vin: ACCORD })).status).toBe(401);
  });

  it('counts and lists records within reach only', async () => {
    // The same VIN appraised at Phoenix too: a New Mexico user sees the Albuquerque records alone.
    const [abh] = await t.db.select().from(appraisals).where(eq(appraisals.vin, ACCORD));
    const { id: _id, ...copy } = abh;
    const [phoenix] = await t.db
      .insert(appraisals)
      .values({ ...copy, locationId: loc.PHX, customerName: 'Out Of Reach', createdAt: new Date() })
      .returning();
    const both = (await all.act(loadVehicle, { vin: ACCORD })).body.data;
    expect(kindsOf(both).appraisal).toBe(2);
    expect(both.records.find((r) => r.kind === 'appraisal')!.rows[0].recordId).toBe(phoenix.id);

    const nm = await t.signedIn(['stockNumberManager', 'appraiser', 'sales'], {
      groupWide: false,
      regions: ['New Mexico'],
    });
    const mine = (await nm.act(loadVehicle, { vin: ACCORD })).body.data;
    expect(kindsOf(mine)).toEqual({ inventory: 1, stock: 1, acquisition: 1, appraisal: 1, deal: 1 });
    expect(mine.records.find((r) => r.kind === 'appraisal')!.rows.map((r) => r.recordId)).toEqual([abh.id]);

    const [phx] = await t.db.select().from(stockNumbers).where(eq(stockNumbers.locationId, loc.PHX)).limit(1);
    const away = (await nm.act(loadVehicle, { vin: phx.vin })).body.data;
    expect(away.records).toEqual([]);
    expect(away.vehicle).toMatchObject({ stock: null, locationId: null, status: null });
  });

  it('refuses a VIN that is missing or holds more than letters and digits, naming the field', async () => {
    expect(await all.actRaw(loadVehicle, { vin: '' })).toMatchObject({
      status: 400,
      body: { errors: ['VIN is required.'], data: { fields: ['vin'] } },
    });
    expect((await all.actRaw(loadVehicle, { vin: '1HG$CV1F3' })).body.errors).toEqual([
      'VIN holds only letters and digits.',
    ]);
    expect((await all.actRaw(loadVehicle, { vin: `${ACCORD}X` })).body.errors).toEqual([
      'VIN must be at most 17 characters.',
    ]);
  });
});

describe('finding a vehicle by the end of its VIN or its stock number', () => {
  const vehicles = async (caller: Caller, query: string) =>
    (await caller.act(findRecords, { query })).body.data.groups.find((g) => g.kind === 'vehicle')?.results ?? [];

  it('finds the palette a stock number by its start, and a vehicle by the last characters of its VIN, opening its page', async () => {
    const byStock = await vehicles(all, 'abh0003');
    expect(byStock.map((r) => r.title)).toEqual(['ABH00030']);
    expect(byStock[0]).toEqual({
      id: ACCORD,
      title: 'ABH00030',
      detail: `2018 Honda Accord · VIN ${ACCORD} · Stock number · Albuquerque Honda`,
      href: `/vehicles/vehicle?vin=${ACCORD}`,
    });
    for (const tail of [ACCORD.slice(-6), ACCORD.slice(-8).toLowerCase(), ACCORD])
      expect((await vehicles(all, tail)).map((r) => r.title)).toEqual(['ABH00030']);
    // Being acquired, no stock number yet: found by its VIN, titled by it.
    expect(await vehicles(all, TACOMA.slice(-6))).toEqual([
      {
        id: TACOMA,
        title: TACOMA,
        detail: 'Being acquired · Albuquerque Toyota',
        href: `/vehicles/vehicle?vin=${TACOMA}`,
      },
    ]);
    // Five characters are not a VIN's end, and a name is not a stock number.
    expect(await vehicles(all, ACCORD.slice(-5))).toEqual([]);
    expect(await vehicles(all, 'garcia')).toEqual([]);
  });

  it('keeps the palette to stock number managers, within their reach', async () => {
    expect(await vehicles(await t.signedIn(['sales', 'appraiser']), ACCORD.slice(-6))).toEqual([]);
    const nm = await t.signedIn(['stockNumberManager'], { groupWide: false, regions: ['New Mexico'] });
    const [phx] = await t.db.select().from(stockNumbers).where(eq(stockNumbers.locationId, loc.PHX)).limit(1);
    expect(await vehicles(nm, phx.stock)).toEqual([]);
    expect(await vehicles(nm, phx.vin.slice(-8))).toEqual([]);
    expect((await vehicles(nm, ACCORD.slice(-8))).map((r) => r.title)).toEqual(['ABH00030']);
  });

  it('finds an inventory vehicle by its whole VIN or its last characters, and refuses fewer than six', async () => {
    const rows = async (vin: string) =>
      (await all.act(loadInventory, { vin, view: 'rows' })).body.data.rows.map((r) => r.stock);
    expect(await rows(ACCORD)).toEqual(['ABH00030']);
    expect(await rows(ACCORD.slice(-8))).toEqual(['ABH00030']);
    expect(await rows(ACCORD.slice(-6).toLowerCase())).toEqual(['ABH00030']);
    // Its end, not its middle: the VIN's first eight characters name no vehicle.
    expect(await rows(ACCORD.slice(0, 8))).toEqual([]);
    expect((await all.actRaw(loadInventory, { vin: '1734' })).body.errors).toEqual([
      'VIN must be the whole VIN or its last 6 characters or more.',
    ]);
  });

  it('finds a quote by the last characters of its VIN', async () => {
    const [quote] = await t.db
      .insert(salesQuotes)
      .values({
        token: 'vehicle-page-test-quote-token-01',
        locationId: loc.ABH,
        year: 2018,
        make: 'Honda',
        model: 'Accord',
        vin: ACCORD,
        stock: 'ABH00030',
        customerName: 'Lena Torres',
        lines: { discounts: [], addenda: [], incentives: [], taxes: [] } as never,
        figures: {} as never,
        total: 1_250_000,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const found = await all.act(loadQuotes, { query: ACCORD.slice(-6), view: 'rows' });
    expect(found.body.data.rows.map((r: { quoteId: number }) => r.quoteId)).toEqual([quote.id]);
    expect(found.body.data.rows[0]).toMatchObject({ vin: ACCORD, customerName: 'Lena Torres' });
    const page = (await all.act(loadVehicle, { vin: ACCORD })).body.data.records.find((r) => r.kind === 'quote')!;
    expect(page.rows[0]).toMatchObject({
      summary: 'Lena Torres · $12,500.00',
      href: `/sales/quotes/?query=${ACCORD}`,
    });
  });
});
