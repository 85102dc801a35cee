import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { type ActInput, type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { inventoryVehicles as vehicles, vehicleLibrary } from './inventory.db';
import { importLibrary, listVehicleLibrary, loadInventory } from './inventory.contract';
import { PICTURE } from './library-pictures';
import sharp from 'sharp';

let t: TestApp;
let manager: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  manager = await t.signedIn(['stockNumberManager']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const inStockAt = async (locationId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(vehicles)
      .where(and(eq(vehicles.locationId, locationId), eq(vehicles.status, 'in stock')))
  )[0].n;
const rowsOf = async (filters: ActInput<typeof loadInventory>) =>
  (await manager.act(loadInventory, { ...filters, view: 'rows', limit: 500 })).body.data;

describe('store inventory', () => {
  it('lists the vehicles in stock, newest arrivals first, counted as cars and the locations they are at', async () => {
    const res = await manager.act(loadInventory, { status: 'in stock' });
    expect(res.status).toBe(200);
    const [{ n }] = await t.db.select({ n: count() }).from(vehicles).where(eq(vehicles.status, 'in stock'));
    expect(res.body.data.totalCarCountFormatted).toBe(n.toLocaleString('en-US'));
    expect(res.body.data.locationCountFormatted).toBe('6');
    expect(res.body.data.html).toContain('<th data-key="daysInStock">Days in stock</th>');

    const abg = await rowsOf({ locationId: loc.ABG, status: 'in stock' });
    expect(abg.rows).toHaveLength(await inStockAt(loc.ABG));
    expect(abg.locationCountFormatted).toBe('1');
    const dates = abg.rows.map((r: { createdAt: string }) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(abg.rows[0]).toMatchObject({ locationName: 'Albuquerque Toyota', status: 'in stock', source: 'stock' });

    const used = await rowsOf({ condition: 'used', status: 'in stock' });
    expect(
      used.rows.every(
        (r: { condition: string; conditionLabel: string }) => r.condition === 'used' && r.conditionLabel === 'Used',
      ),
    ).toBe(true);
    const camrys = await rowsOf({ make: 'Toyota', model: 'Camry' });
    expect(camrys.rows.length).toBeGreaterThan(0);
    expect(camrys.rows.every((r: { vehicle: string }) => r.vehicle.includes('Toyota Camry'))).toBe(true);
  });

  it('finds a vehicle by its whole VIN, its stock number, or part of either (the vehicle search)', async () => {
    const [one] = await t.db.select().from(vehicles).where(eq(vehicles.locationId, loc.SFS)).limit(1);
    expect((await rowsOf({ vin: one.vin!.toLowerCase() })).rows.map((r: { id: number }) => r.id)).toEqual([one.id]);
    expect((await rowsOf({ stock: one.stock!.toLowerCase() })).rows.map((r: { id: number }) => r.id)).toEqual([one.id]);
    expect((await rowsOf({ query: one.vin!.slice(-6) })).rows.map((r: { id: number }) => r.id)).toEqual([one.id]);
    expect(
      (await rowsOf({ year: one.year, make: one.make, model: one.model, locationId: loc.SFS })).rows.map(
        (r: { id: number }) => r.id,
      ),
    ).toContain(one.id);
    const bad = await manager.act(loadInventory, { condition: 'damaged' });
    expect(bad).toMatchObject({ status: 400, body: { errors: ['Condition must be one of: new, used, certified.'] } });
  });

  it("downloads a store's inventory as CSV", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/tools/inventory/export?locationId=${loc.PHX}&status=in stock`,
      cookies: { forecourt_session: manager.cookie! },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Vehicle,Stock number,VIN,Condition,Miles,Price,Days in stock,Location,Arrived');
    expect(lines).toHaveLength(1 + (await inStockAt(loc.PHX)));
    expect(lines[1]).toContain('Phoenix');
  });

  it('keeps a New Mexico user to New Mexico lots, and is for stock number managers', async () => {
    const nm = await t.signedIn(['stockNumberManager'], { groupWide: false, regions: ['New Mexico'] });
    const mine = (await nm.act(loadInventory, { view: 'rows', limit: 500 })).body.data;
    expect(mine.rows.some((r: { locationId: number }) => r.locationId === loc.PHX || r.locationId === loc.DNC)).toBe(
      false,
    );
    expect(mine.locationCountFormatted).toBe('4');
    expect((await nm.act(loadInventory, { locationId: loc.PHX })).status).toBe(404);
    expect((await nm.act(importLibrary, { locationId: loc.DNC, libraryIds: [1] })).status).toBe(404);
    const nobody = await t.signedIn([]);
    for (const contract of [loadInventory, listVehicleLibrary, importLibrary])
      expect((await nobody.actRaw(contract, {})).status, contract.path).toBe(403);
  });
});

describe('the vehicle library', () => {
  it('answers the library as a table (html) and as rows whose pictures are on the assets host', async () => {
    const res = await manager.act(listVehicleLibrary, {});
    expect(res.status).toBe(200);
    const [first] = res.body.data.vehicles;
    expect(res.body.data.vehicles.length).toBe((await t.db.select({ n: count() }).from(vehicleLibrary))[0].n);
    expect(first).toMatchObject({
      make: 'Chevrolet',
      image: expect.stringMatching(new RegExp(`^${t.config.ASSETS_BASE_URL}/library/\\d{4}-chevrolet-`)),
    });
    expect(res.body.data.html).toContain(`<td>${first.description}</td>`);
    expect(res.body.data.html).toContain(
      `<img src="${first.image}" alt="${first.year} Chevrolet ${first.model}" width="96"/>`,
    );
  });

  it('serves each library picture it names, drawn for its model, with no assets host set up; any other name is 404', async () => {
    const { vehicles: library } = (await manager.act(listVehicleLibrary, {})).body.data;
    expect(library.length).toBeGreaterThan(30);
    const sizes = new Set<number>();
    for (const v of library) {
      const res = await t.app.inject({ method: 'GET', url: v.image });
      expect([res.statusCode, res.headers['content-type']], v.image).toEqual([200, 'image/jpeg']);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', ...PICTURE });
      sizes.add(res.rawPayload.length);
    }
    // Each drawn for its own model (its name, body and paint), not one picture for all.
    expect(sizes.size).toBe(library.length);
    for (const url of ['/static/library/1999-yugo-gv.jpg', '/static/library/..%2f..%2fpackage.json'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it("imports library vehicles into a store's inventory, all or none", async () => {
    const [a, b] = await t.db.select().from(vehicleLibrary).limit(2);
    const before = await inStockAt(loc.LCF);
    const refused = await manager.act(importLibrary, { locationId: loc.LCF, libraryIds: [a.id, 999_999] });
    expect(refused).toMatchObject({ status: 400, body: { errors: ['There is no library vehicle 999999.'] } });
    expect((await manager.act(importLibrary, { locationId: loc.LCF, libraryIds: [] })).body.errors).toEqual([
      'Vehicles must name at least one vehicle.',
    ]);
    expect(await inStockAt(loc.LCF)).toBe(before);

    const res = await manager.act(importLibrary, { locationId: loc.LCF, libraryIds: [a.id, b.id], price: 38500 });
    expect(res.body.data.added).toBe(2);
    expect(await inStockAt(loc.LCF)).toBe(before + 2);
    const [added] = await t.db.select().from(vehicles).where(eq(vehicles.id, res.body.data.vehicleIds[0]));
    expect(added).toMatchObject({
      year: a.year,
      make: a.make,
      model: a.model,
      condition: 'new',
      price: 38500,
      source: 'library',
      vin: null,
      description: a.description,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordType, 'inventoryImport'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit.after).toEqual({ libraryIds: [a.id, b.id], vehicleIds: res.body.data.vehicleIds, price: 38500 });
  });
});
