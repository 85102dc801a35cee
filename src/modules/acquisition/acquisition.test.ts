import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, desc, eq } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp, userById } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { vinCheckDigit, vinProblem } from '../vehicles/vehicles.api';
import { acquisitionVehicles as vehicles } from './acquisition.db';
import { dayIn, DEFAULT_TIME_ZONE } from '../../server/platform/days';
import { addVehicle, editVehicle, loadVehicle, loadVehicles } from './acquisition.contract';

let t: TestApp;
let buyer: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  buyer = await t.signedIn(['stockNumberManager']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** A VIN that passes the check: a 2003 Honda Accord's pattern with serial `n`. */
function validVin(n: number): string {
  const draft = `1HGCM8263${'3A'}${String(n).padStart(6, '0')}`;
  const vin = `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
  expect(vinProblem(vin)).toBeNull();
  return vin;
}

const vehicleByVin = async (vin: string) =>
  (await t.db.select().from(vehicles).where(eq(vehicles.vin, vin)).orderBy(desc(vehicles.id)))[0];
const tableCounts = async () => {
  const [[{ v }], [{ a }]] = await Promise.all([
    t.db.select({ v: count() }).from(vehicles),
    t.db.select({ a: count() }).from(auditLog),
  ]);
  return { v, a };
};
const download = (caller: Caller, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/tools/acquisition-vehicles/export${query}`,
    cookies: caller.cookie ? { forecourt_session: caller.cookie } : {},
  });
/** Rows of a list call, as [vin, serviceTagNumber]. */
const listed = (rows: { vin: string; serviceTagNumber: string }[]) => rows.map((r) => [r.vin, r.serviceTagNumber]);

describe('acquisition vehicles', () => {
  it('lists the demo vehicles newest first, with their store, type and buyer, in html and a count', async () => {
    const res = await buyer.act(loadVehicles, {});
    expect(res.status).toBe(200);
    const [{ n }] = await t.db.select({ n: count() }).from(vehicles);
    expect(res.body.data.vehicleCount).toBe(n);
    expect(n).toBeGreaterThanOrEqual(12);
    const created = res.body.data.rows.map((r: { createdAt: string }) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const tacoma = res.body.data.rows.find((r: { serviceTagNumber: string }) => r.serviceTagNumber === '41127')!;
    expect(tacoma).toMatchObject({
      locationId: loc.ABG,
      locationName: 'Albuquerque Toyota',
      vehicleType: 'truck',
      vehicleTypeLabel: 'Truck',
      active: true,
    });
    expect(vinProblem(tacoma.vin)).toBeNull();
    expect(tacoma.createdByName).toMatch(/^\S+ \S+$/);
    expect(res.body.data.html).toContain('<th data-key="vehicleTypeLabel">Type</th>');
    expect(res.body.data.html).toContain(tacoma.vin);

    const abg = await buyer.act(loadVehicles, { locationId: loc.ABG });
    expect(abg.body.data.rows.length).toBeGreaterThan(0);
    expect(abg.body.data.rows.every((r: { locationId: number }) => r.locationId === loc.ABG)).toBe(true);
    const finished = await buyer.act(loadVehicles, { active: '0' });
    expect(finished.body.data.rows.length).toBeGreaterThan(0);
    expect(finished.body.data.rows.every((r: { active: boolean }) => !r.active)).toBe(true);
    // Part of a VIN (its last six, lower case) or of a service tag.
    expect(
      listed((await buyer.act(loadVehicles, { query: tacoma.vin.slice(-6).toLowerCase() })).body.data.rows),
    ).toEqual([[tacoma.vin, '41127']]);
    expect(listed((await buyer.act(loadVehicles, { query: '41127' })).body.data.rows)).toEqual([[tacoma.vin, '41127']]);
    expect((await buyer.act(loadVehicles, { query: '%' })).body.data.vehicleCount).toBe(0);
    const byVin = await buyer.act(loadVehicles, { sort: 'vin', dir: 'asc', limit: 5 });
    const vins = byVin.body.data.rows.map((r: { vin: string }) => r.vin);
    expect(vins).toEqual([...vins].sort());
  });

  it('reads minCreatedAt and maxCreatedAt as whole days on the clock of the store filtered by', async () => {
    // 23:30 on 9 March in Phoenix (UTC-7 all year) is already 10 March in Denver (UTC-6 since 8 March) and in UTC.
    const lateEvening = new Date('2026-03-10T06:30:00Z');
    const [a, b, c] = [validVin(900001), validVin(900002), validVin(900003)];
    await t.db.insert(vehicles).values([
      { vin: a, serviceTagNumber: 'DAYS1', vehicleType: 'car', locationId: loc.PHX, createdAt: lateEvening },
      {
        vin: b,
        serviceTagNumber: 'DAYS2',
        vehicleType: 'car',
        locationId: loc.PHX,
        createdAt: new Date('2026-03-11T18:00:00Z'),
      },
      {
        vin: c,
        serviceTagNumber: 'DAYS3',
        vehicleType: 'van',
        locationId: loc.DNC,
        createdAt: new Date('2026-03-12T15:00:00Z'),
      },
    ]);
    const tags = async (filters: Record<string, unknown>) =>
      (await buyer.act(loadVehicles, { query: 'days', ...filters })).body.data.rows
        .map((r: { serviceTagNumber: string }) => r.serviceTagNumber)
        .sort();

    expect(await tags({})).toEqual(['DAYS1', 'DAYS2', 'DAYS3']);
    expect(await tags({ locationId: loc.PHX, minCreatedAt: '2026-03-09', maxCreatedAt: '2026-03-09' })).toEqual([
      'DAYS1',
    ]);
    expect(await tags({ locationId: loc.PHX, minCreatedAt: '2026-03-10' })).toEqual(['DAYS2']);
    // Without a store, days are the group's (Denver's): the same vehicle belongs to 10 March.
    expect(await tags({ minCreatedAt: '2026-03-10', maxCreatedAt: '2026-03-10' })).toEqual(['DAYS1']);
    expect(await tags({ minCreatedAt: '2026-03-11' })).toEqual(['DAYS2', 'DAYS3']);
    expect(await tags({ maxCreatedAt: '2026-03-11' })).toEqual(['DAYS1', 'DAYS2']);
    expect(await tags({ minCreatedAt: '2026-03-13' })).toEqual([]);

    const bad = await buyer.act(loadVehicles, { minCreatedAt: '03/10/2026', maxCreatedAt: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Added from must be a date as YYYY-MM-DD.', 'Added to must be a real date.']);
  });

  it('adds a vehicle from the form: the VIN as typed is stored normalized, with who added it, audited', async () => {
    const vin = validVin(100001);
    const typed = `${vin.slice(0, 3).toLowerCase()}-${vin.slice(3, 9)} ${vin.slice(9)}`;
    const add = await buyer.call(
      'acquisition/add-vehicle.php',
      {
        vin: typed,
        serviceTagNumber: ' 55012 ',
        vehicleType: 'car',
        locationId: loc.ABH,
        active: 1,
        notes: 'From the service lane.',
      },
      { form: true },
    );
    expect(add.status).toBe(200);
    const stored = await vehicleByVin(vin);
    expect(add.body.data).toEqual({ vehicleId: stored.id });
    expect(stored).toMatchObject({
      vin,
      serviceTagNumber: '55012',
      vehicleType: 'car',
      locationId: loc.ABH,
      active: true,
      notes: 'From the service lane.',
      createdBy: buyer.userId,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'acquisition/add-vehicle'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      recordType: 'acquisitionVehicle',
      recordId: String(stored.id),
      after: { vin, locationId: loc.ABH },
    });

    const loaded = await buyer.act(loadVehicle, { vehicleId: stored.id });
    const me = await userById(t.db, buyer.userId!);
    expect(loaded.body.data.vehicle).toEqual({
      vehicleId: stored.id,
      vin,
      serviceTagNumber: '55012',
      vehicleType: 'car',
      vehicleTypeLabel: 'Car',
      locationId: loc.ABH,
      locationName: 'Albuquerque Honda',
      active: true,
      notes: 'From the service lane.',
      createdBy: buyer.userId,
      createdByName: `${me.firstName} ${me.lastName}`,
      createdAt: stored.createdAt.toISOString(),
      updatedAt: stored.updatedAt.toISOString(),
    });

    // A service tag and notes may be left out; a checkbox left out is off.
    const auction = await buyer.act(addVehicle, { vin: validVin(100002), vehicleType: 'rv', locationId: loc.ABH });
    expect(auction.status).toBe(200);
    expect(await vehicleByVin(validVin(100002))).toMatchObject({
      serviceTagNumber: '',
      notes: '',
      active: false,
      vehicleType: 'rv',
    });
  });

  it('edits a vehicle: every field saved, updatedAt moved on, audited before and after', async () => {
    const vin = validVin(100003);
    const {
      body: {
        data: { vehicleId },
      },
    } = await buyer.act(addVehicle, {
      vin,
      serviceTagNumber: '7001',
      vehicleType: 'suv',
      locationId: loc.SFS,
      active: 1,
    });
    const before = await vehicleByVin(vin);
    const other = validVin(100004);
    const edit = await buyer.act(editVehicle, {
      vehicleId,
      vin: other.toLowerCase(),
      serviceTagNumber: '7002',
      vehicleType: 'truck',
      locationId: loc.LCF,
      active: '0',
      notes: 'Stock number issued.',
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toEqual({ vehicleId });
    const [after] = await t.db.select().from(vehicles).where(eq(vehicles.id, vehicleId));
    expect(after).toMatchObject({
      vin: other,
      serviceTagNumber: '7002',
      vehicleType: 'truck',
      locationId: loc.LCF,
      active: false,
      notes: 'Stock number issued.',
      createdBy: buyer.userId,
    });
    expect(after.createdAt).toEqual(before.createdAt);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'acquisition/edit-vehicle'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      recordType: 'acquisitionVehicle',
      recordId: String(vehicleId),
      before: { vin, active: true },
      after: { vin: other, active: false },
    });
  });

  it('refuses a second active vehicle with the same VIN at the same store (409 at the VIN), not elsewhere nor once finished', async () => {
    const vin = validVin(100005);
    const first = await buyer.act(addVehicle, {
      vin,
      serviceTagNumber: '8100',
      vehicleType: 'car',
      locationId: loc.ABG,
      active: 1,
    });
    expect(first.status).toBe(200);
    const before = await tableCounts();
    const again = await buyer.act(addVehicle, {
      vin: vin.toLowerCase(),
      vehicleType: 'car',
      locationId: loc.ABG,
      active: 1,
    });
    expect(again).toMatchObject({
      status: 409,
      body: {
        errors: [`VIN ${vin} is already an active acquisition vehicle at Albuquerque Toyota (service tag 8100).`],
        data: { fields: ['vin'] },
      },
    });
    expect(await tableCounts()).toEqual(before);
    // Another store, or a finished record (history), may hold the same VIN.
    expect((await buyer.act(addVehicle, { vin, vehicleType: 'car', locationId: loc.ABH, active: 1 })).status).toBe(200);
    const history = await buyer.act(addVehicle, { vin, vehicleType: 'car', locationId: loc.ABG, active: 0 });
    expect(history.status).toBe(200);
    // Reopening the finished one while the first is under way is the same clash; saving the first as it is, is not.
    const reopen = await buyer.act(editVehicle, {
      vehicleId: history.body.data.vehicleId,
      vin,
      vehicleType: 'car',
      locationId: loc.ABG,
      active: 1,
    });
    expect(reopen.status).toBe(409);
    expect(reopen.body.data.fields).toEqual(['vin']);
    const same = await buyer.act(editVehicle, {
      vehicleId: first.body.data.vehicleId,
      vin,
      serviceTagNumber: '8100',
      vehicleType: 'car',
      locationId: loc.ABG,
      active: 1,
    });
    expect(same.status).toBe(200);
  });
});

describe('what acquisition vehicles refuse', () => {
  it('needs stockNumberManager for every call and the export, and changes nothing without it', async () => {
    const other = await t.signedIn(['stockNumberAdmin', 'phoneAdmin', 'messenger']);
    const [vehicle] = await t.db.select().from(vehicles).limit(1);
    const before = await tableCounts();
    const denied = { status: 403, body: { success: false, errors: ['You do not have permission to do that.'] } };
    expect(
      await other.act(addVehicle, { vin: validVin(200001), vehicleType: 'car', locationId: loc.ABG, active: 1 }),
    ).toMatchObject(denied);
    expect(
      await other.act(editVehicle, {
        vehicleId: vehicle.id,
        vin: vehicle.vin,
        vehicleType: 'van',
        locationId: vehicle.locationId,
        active: 1,
      }),
    ).toMatchObject(denied);
    expect(await other.act(loadVehicle, { vehicleId: vehicle.id })).toMatchObject(denied);
    expect(await other.act(loadVehicles, {})).toMatchObject(denied);
    expect((await download(other, '')).statusCode).toBe(403);
    expect((await download(t.anonymous(), '')).statusCode).toBe(401);
    expect(await tableCounts()).toEqual(before);
    // The flag through a job code is as good: inventory managers hold it.
    const inventory = await t.signedIn([], { jobCode: 'INV' });
    expect((await inventory.act(loadVehicles, {})).status).toBe(200);
  });

  it('answers bad input with sentences naming the fields as the form labels them, and stores nothing', async () => {
    const before = await tableCounts();
    const typo = await buyer.act(addVehicle, {
      vin: '1HGCM82643A004352',
      vehicleType: 'car',
      locationId: loc.ABG,
      active: 1,
    });
    expect(typo).toMatchObject({
      status: 400,
      body: {
        errors: ['VIN: The check digit (9th character) should be 3, not 4: a character is mistyped.'],
        data: { fields: ['vin'] },
      },
    });
    const short = await buyer.act(addVehicle, { vin: '1HGCM82633A00435', vehicleType: 'car', locationId: loc.ABG });
    expect(short.body.errors).toEqual(['VIN: A VIN has 17 characters; this one has 16.']);
    const letterO = await buyer.act(addVehicle, { vin: '1HGCM82633AOO4352', vehicleType: 'car', locationId: loc.ABG });
    expect(letterO.body.errors).toEqual(['VIN: A VIN never contains the letters I, O or Q; this one has O.']);

    const blank = await buyer.act(addVehicle, { vin: ' ', vehicleType: '', locationId: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual(['VIN is required.', 'Vehicle type is required.', 'Location is required.']);
    expect(blank.body.data.fields).toEqual(['vin', 'vehicleType', 'locationId']);
    const wrong = await buyer.act(addVehicle, {
      vin: validVin(200002),
      serviceTagNumber: 'T'.repeat(21),
      vehicleType: 'boat',
      locationId: 'abg',
      notes: 'x'.repeat(2001),
    });
    expect(wrong.body.errors).toEqual([
      'Service tag must be at most 20 characters.',
      'Vehicle type must be one of: car, truck, suv, van, motorcycle, rv.',
      'Location must be a record number.',
      'Notes must be at most 2000 characters.',
    ]);
    const nowhere = await buyer.act(addVehicle, {
      vin: validVin(200003),
      vehicleType: 'car',
      locationId: 999_999,
      active: 1,
    });
    expect(nowhere).toMatchObject({ status: 404, body: { errors: ['That location does not exist.'] } });

    const [vehicle] = await t.db.select().from(vehicles).orderBy(asc(vehicles.id)).limit(1);
    const edit = await buyer.act(editVehicle, {
      vehicleId: vehicle.id,
      vin: 'NOT A VIN',
      vehicleType: vehicle.vehicleType,
      locationId: vehicle.locationId,
    });
    expect(edit).toMatchObject({ status: 400, body: { errors: ['VIN: A VIN has 17 characters; this one has 7.'] } });
    const gone = await buyer.act(editVehicle, {
      vehicleId: 999_999,
      vin: validVin(200004),
      vehicleType: 'car',
      locationId: loc.ABG,
    });
    expect(gone).toMatchObject({ status: 404, body: { errors: ['That acquisition vehicle does not exist.'] } });
    expect((await buyer.act(loadVehicle, { vehicleId: 999_999 })).status).toBe(404);
    expect((await buyer.act(loadVehicle, { vehicleId: 'x' })).body.errors).toEqual([
      'Vehicle must be a record number.',
    ]);
    expect(await tableCounts()).toEqual(before);
    expect(await t.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id))).toEqual([vehicle]);
  });

  it('keeps a VIN that fails its check when the buyer says it is right as typed; takes a VIN built for Europe without a check digit', async () => {
    const kept = await buyer.act(addVehicle, {
      vin: '1HGCM82643A004352',
      vinOverride: 1,
      vehicleType: 'car',
      locationId: loc.ABG,
      active: 1,
    });
    expect(kept.status).toBe(200);
    expect(await vehicleByVin('1HGCM82643A004352')).toMatchObject({ vehicleType: 'car', locationId: loc.ABG });
    // A 2005 Renault Megane: position 9 of a VIN for the European market is no check digit (issue 30).
    const renault = await buyer.act(addVehicle, { vin: 'VF14SRAP451234567', vehicleType: 'car', locationId: loc.ABG });
    expect(renault.status).toBe(200);
    expect(await vehicleByVin('VF14SRAP451234567')).toBeDefined();
  });

  it('keeps a New Mexico user to New Mexico vehicles: 404 for one elsewhere, nothing changed', async () => {
    const nm = await t.signedIn(['stockNumberManager'], { groupWide: false, regions: ['New Mexico'] });
    const [phoenix] = await t.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.locationId, loc.PHX))
      .orderBy(asc(vehicles.id))
      .limit(1);
    expect(phoenix).toBeDefined();
    const before = await tableCounts();
    const missing = { status: 404, body: { errors: ['That acquisition vehicle does not exist.'] } };
    expect(await nm.act(loadVehicle, { vehicleId: phoenix.id })).toMatchObject(missing);
    const moved = await nm.act(editVehicle, {
      vehicleId: phoenix.id,
      vin: phoenix.vin,
      vehicleType: phoenix.vehicleType,
      locationId: loc.ABG,
      active: 1,
    });
    expect(moved).toMatchObject(missing);
    const there = await nm.act(addVehicle, {
      vin: validVin(300001),
      vehicleType: 'car',
      locationId: loc.PHX,
      active: 1,
    });
    expect(there).toMatchObject({ status: 404, body: { errors: ['That location does not exist.'] } });
    // Its own vehicle cannot be moved out of reach either.
    const [mine] = await t.db.select().from(vehicles).where(eq(vehicles.locationId, loc.ABG)).limit(1);
    const away = await nm.act(editVehicle, {
      vehicleId: mine.id,
      vin: mine.vin,
      vehicleType: mine.vehicleType,
      locationId: loc.PHX,
      active: 1,
    });
    expect(away).toMatchObject({ status: 404, body: { errors: ['That location does not exist.'] } });

    const list = await nm.act(loadVehicles, {});
    const newMexico = [loc.ABG, loc.ABH, loc.SFS, loc.LCF];
    expect(list.body.data.rows.length).toBeGreaterThan(0);
    expect(list.body.data.rows.every((r: { locationId: number }) => newMexico.includes(r.locationId))).toBe(true);
    expect(list.body.data.html).not.toContain('Phoenix');
    expect((await nm.act(loadVehicles, { locationId: loc.PHX })).status).toBe(404);
    const csv = await download(nm, '?limit=100000');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Albuquerque Toyota');
    expect(csv.body).not.toContain('Phoenix');
    expect(csv.body).not.toContain(phoenix.vin);
    expect((await download(nm, `?locationId=${loc.PHX}`)).statusCode).toBe(404);
    // Nothing changed; the one download sent is audited, as every export is.
    expect(await tableCounts()).toEqual({ ...before, a: before.a + 1 });
    expect((await t.db.select().from(vehicles).where(eq(vehicles.id, phoenix.id)))[0]).toEqual(phoenix);
  });
});

describe('the acquisition vehicles export', () => {
  it('downloads the list as CSV with its filters, 1,000 rows unless a limit is given', async () => {
    const vin = validVin(400001);
    await buyer.act(addVehicle, {
      vin,
      serviceTagNumber: '=SUM(A1)',
      vehicleType: 'motorcycle',
      locationId: loc.CSK,
      active: 1,
    });
    const stored = await vehicleByVin(vin);
    const me = await userById(t.db, buyer.userId!);

    const one = await download(buyer, `?locationId=${loc.CSK}&limit=1`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(one.headers['content-disposition']).toMatch(
      /^attachment; filename="acquisition-vehicles-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // The newest first, as the list; a tag typed like a formula is written as text.
    expect(one.body.trim().split('\n')).toEqual([
      'VIN,Service tag,Type,Location,Added,Added by,Active',
      // The day it was added on the group's clock, as the screens show it.
      `${vin},'=SUM(A1),Motorcycle,Colorado Springs Kia,${dayIn(DEFAULT_TIME_ZONE, stored.createdAt)},${me.firstName} ${me.lastName},Yes`,
    ]);

    // More rows than the default limit at one store (Tucson, on Phoenix's clock: UTC-7), two minutes apart from
    // midnight UTC on 1 June 2025: the first 210 fall on 31 May there.
    const start = Date.parse('2025-06-01T00:00:00Z');
    await t.db.insert(vehicles).values(
      Array.from({ length: 1_005 }, (_, i) => ({
        vin: validVin(500_000 + i),
        vehicleType: 'car' as const,
        locationId: loc.TUC,
        active: false,
        createdAt: new Date(start + i * 120_000),
      })),
    );
    const lines = async (query: string) => (await download(buyer, query)).body.trim().split('\n');
    expect((await t.db.select({ n: count() }).from(vehicles))[0].n).toBeGreaterThan(1_000);
    expect(await lines('')).toHaveLength(1 + 1_000);
    expect(await lines(`?locationId=${loc.TUC}&limit=2000`)).toHaveLength(1 + 1_005);
    expect(await lines(`?locationId=${loc.TUC}&limit=3`)).toHaveLength(1 + 3);
    // The date filters, as the list reads them.
    const may = await lines(`?locationId=${loc.TUC}&maxCreatedAt=2025-05-31&limit=100000`);
    expect(may).toHaveLength(1 + 210);
    // PostgreSQL's COPY writes an empty text as "" and PGlite's writer as nothing: both read as empty.
    expect(may[1].split(',').map((field) => field.replace(/^"(.*)"$/, '$1'))).toEqual([
      validVin(500_209),
      '',
      'Car',
      'Tucson Collision Center',
      '2025-06-01',
      '',
      'No',
    ]);
    const list = await buyer.act(loadVehicles, { locationId: loc.TUC, maxCreatedAt: '2025-05-31' });
    expect(list.body.data.vehicleCount).toBe(210);
    // 1 June there holds the next 720 (until 07:00 UTC on 2 June); the rest are 2 June's.
    expect(await lines(`?locationId=${loc.TUC}&minCreatedAt=2025-06-02&limit=100000`)).toHaveLength(
      1 + 1_005 - 210 - 720,
    );
    const recent = await download(
      buyer,
      `?minCreatedAt=${new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)}&limit=100000`,
    );
    expect(recent.body).toContain(vin);
    expect(recent.body).not.toContain('Tucson Collision Center');

    const [{ input }] = await t.db
      .select({ input: auditLog.input })
      .from(auditLog)
      .where(eq(auditLog.action, 'export /tools/acquisition-vehicles/export'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(input).toMatchObject({ minCreatedAt: expect.any(String), limit: 100000 });
    const bad = await download(buyer, '?limit=0&minCreatedAt=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['Added from must be a date as YYYY-MM-DD.', 'Limit must be at least 1.']);
  });
});
