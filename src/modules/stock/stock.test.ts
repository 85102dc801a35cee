import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm';
import { type ActInput, type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { makeVin } from '../vehicles/vehicles.api';
import { stockNumbers as stock, stockSequences } from './stock.db';
import {
  readerTerms,
  unmatchedTerms,
  addTrade,
  checkExisting,
  deleteStock,
  generateStock,
  loadReport,
  loadStock,
  loadStocks,
  readStocks,
  updateStock,
  vinCheck,
} from './stock.contract';
import { dayIn } from '../../server/platform/days';

let t: TestApp;
let manager: Caller;
let admin: Caller;
let loc: Record<string, number>;
let serial = 500_000;
/** A VIN no stock number holds, with a good check digit. */
const freshVin = (wmi = '4T1', descriptor = 'B11HK', year = 2024) => makeVin(wmi, descriptor, year, 'U', (serial += 1));
/** The same VIN with its check digit changed: what a typo looks like to the check. */
const mistyped = (vin: string) => `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}`;

beforeAll(async () => {
  t = await testApp();
  manager = await t.signedIn(['stockNumberManager']);
  admin = await t.signedIn(['stockNumberManager', 'stockNumberAdmin', 'stockNumberUserAdmin']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const byStock = async (value: string) => (await t.db.select().from(stock).where(eq(stock.stock, value)))[0];
const stockCount = async () => (await t.db.select({ n: count() }).from(stock))[0].n;
const lastNumber = async (code: string) =>
  (
    await t.db
      .select({ last: stockSequences.last })
      .from(stockSequences)
      .where(eq(stockSequences.locationId, loc[code]))
  )[0]?.last ?? 0;
const generate = (caller: Caller, input: ActInput<typeof generateStock>) =>
  caller.act(generateStock, { locationId: loc.ABG, acquiredBy: 'Purchase', ...input });

describe('generating stock numbers', () => {
  it("gives the location's next number to one VIN, with the year and make the VIN names", async () => {
    const vin = freshVin();
    const next = (await lastNumber('ABG')) + 1;
    const res = await generate(manager, { vin: vin.toLowerCase().replace(/(.{4})/g, '$1 ') });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ stock: `ABG${String(next).padStart(5, '0')}` });
    const row = await byStock(res.body.data.stock as string);
    expect(row).toMatchObject({
      locationId: loc.ABG,
      vin,
      acquiredBy: 'Purchase',
      year: 2024,
      make: 'Toyota',
      vinOverride: false,
      batchId: null,
      createdBy: manager.userId,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'stockNumber'), eq(auditLog.recordId, String(row.id))));
    expect(audit.action).toBe('stock-numbers/generate');
    expect(audit.after).toMatchObject({ stock: row.stock, vin });
  });

  it('numbers a batch in the order of its lines, all in one batch', async () => {
    const vins = [freshVin(), freshVin('1FT', 'FW1E5', 2021), freshVin('JF2', 'SKAJC', 2020)];
    const next = (await lastNumber('DNC')) + 1;
    const res = await generate(manager, {
      locationId: loc.DNC,
      acquiredBy: 'Auction',
      batchUpload: 1,
      vins: `${vins[0]}\n\n ${vins[1]} \r\n${vins[2]}\n`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.stock).toEqual([0, 1, 2].map((i) => `DNC${String(next + i).padStart(5, '0')}`));
    const rows = await t.db.select().from(stock).where(like(stock.stock, 'DNC%')).orderBy(desc(stock.id)).limit(3);
    expect(rows.reverse().map((r) => [r.vin, r.make, r.batchId])).toEqual([
      [vins[0], 'Toyota', rows[0].id],
      [vins[1], 'Ford', rows[0].id],
      [vins[2], 'Subaru', rows[0].id],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordType, 'stockNumberBatch'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit.after).toMatchObject({
      acquiredBy: 'Auction',
      stocks: (res.body.data.stock as string[]).map((s: string, i: number) => `${s} ${vins[i]}`),
    });
  });

  it('generates all of a batch or none: a VIN that has a number refuses the whole batch, and no number is used up', async () => {
    const taken = (await byStock('ABG00001')).vin;
    const before = { rows: await stockCount(), last: await lastNumber('ABG') };
    const res = await generate(manager, { batchUpload: 1, vins: `${freshVin()}\n${taken}` });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([`VIN ${taken} already has stock number ABG00001 (Albuquerque Toyota).`]);
    expect(res.body.data.fields).toEqual(['vins']);
    expect({ rows: await stockCount(), last: await lastNumber('ABG') }).toEqual(before);
    // The next number is the one after the last given: the failed batch left no gap.
    const next = await generate(manager, { vin: freshVin() });
    expect(next.body.data.stock).toBe(`ABG${String(before.last + 1).padStart(5, '0')}`);
  });

  it('refuses a batch of more than 500 VINs, a VIN twice and an empty box, naming the box', async () => {
    const before = await stockCount();
    const big = Array.from({ length: 501 }, () => freshVin()).join('\n');
    expect((await generate(manager, { batchUpload: 1, vins: big })).body.errors).toEqual([
      'A batch holds at most 500 VINs; this one has 501.',
    ]);
    const vin = freshVin();
    const twice = await generate(manager, { batchUpload: 1, vins: `${vin}\n${freshVin()}\n${vin}` });
    expect(twice).toMatchObject({
      status: 400,
      body: { errors: [`VIN ${vin} is in the batch twice (lines 1 and 3).`], data: { fields: ['vins'] } },
    });
    expect((await generate(manager, { batchUpload: 1, vins: '\n \n' })).body.errors).toEqual([
      'VINs: paste at least one VIN, one per line.',
    ]);
    expect((await generate(manager, {})).body.errors).toEqual(['VIN is required.']);
    expect((await generate(manager, { vin: freshVin(), acquiredBy: 'Gift' })).body.errors).toEqual([
      'Acquired by must be one of: Purchase, Trade, Early Trade, Auction, Lease Return, Dealer Trade, New, Manual Entry.',
    ]);
    expect(await stockCount()).toBe(before);
  });

  it('refuses a VIN that fails its check unless the user chose to generate anyway, which the record and the audit keep', async () => {
    const bad = mistyped(freshVin());
    const before = await stockCount();
    const refused = await generate(manager, { vin: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatch(
      new RegExp(
        `^VIN ${bad}: The check digit \\(9th character\\) should be \\w, not ${bad[8]}: a character is mistyped\\. Correct it, or generate anyway\\.$`,
      ),
    );
    expect(refused.body.data.fields).toEqual(['vin']);
    expect(await stockCount()).toBe(before);

    const forced = await generate(manager, { vin: bad, vinOverride: 1 });
    expect(forced.status).toBe(200);
    const row = await byStock(forced.body.data.stock as string);
    expect(row).toMatchObject({ vin: bad, vinOverride: true, year: null, make: null });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'stockNumber'), eq(auditLog.recordId, String(row.id))));
    expect((audit.after as { vinProblems: string[] }).vinProblems).toEqual([
      expect.stringMatching(new RegExp(`^${bad}: The check digit`)),
    ]);
  });

  it('asks each way of acquiring for its own fields: Early Trade the purchase VIN, Manual Entry the vehicle, Trade its parent', async () => {
    const early = await generate(manager, { acquiredBy: 'Early Trade', vin: freshVin() });
    expect(early).toMatchObject({
      status: 400,
      body: { errors: ['Purchase VIN is required for an Early Trade.'], data: { fields: ['purchaseVin'] } },
    });
    const purchaseVin = freshVin('5TD', 'KRFHX', 2026);
    const ok = await generate(manager, { acquiredBy: 'Early Trade', vin: freshVin(), purchaseVin });
    expect((await byStock(ok.body.data.stock as string)).purchaseVin).toBe(purchaseVin);

    // Manual Entry: a VIN that cannot be checked (a 1978 truck's), and the vehicle by hand.
    const manual = await generate(manager, { acquiredBy: 'Manual Entry', vin: 'CCL148F123456', year: 1978 });
    expect(manual.body.errors).toEqual(['Manual Entry needs the vehicle: Make, Model are required.']);
    expect(manual.body.data.fields).toEqual(['make', 'model']);
    const entered = await generate(manager, {
      acquiredBy: 'Manual Entry',
      vin: 'CCL148F123456',
      year: 1978,
      make: 'Chevrolet',
      model: 'C10',
      trim: 'Custom Deluxe',
    });
    expect(await byStock(entered.body.data.stock as string)).toMatchObject({
      vin: 'CCL148F123456',
      year: 1978,
      make: 'Chevrolet',
      model: 'C10',
      trim: 'Custom Deluxe',
      vinOverride: false,
    });

    const noParent = await generate(manager, { acquiredBy: 'Trade', vin: freshVin() });
    expect(noParent.body.errors).toEqual(['Parent stock number is required for a trade.']);
    const trade = await generate(manager, { acquiredBy: 'Trade', vin: freshVin(), parent: 'abg00003' });
    expect(trade.body.data).toEqual({ stock: 'ABG00003A' });
    expect(await byStock('ABG00003A')).toMatchObject({
      parent: 'ABG00003',
      tradeOrder: 1,
      acquiredBy: 'Trade',
      locationId: loc.ABG,
    });
  });

  it('never gives one number twice: 20 calls at once for one location get 20 consecutive numbers', async () => {
    const first = (await lastNumber('SFS')) + 1;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => generate(manager, { locationId: loc.SFS, vin: freshVin() })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    const numbers = replies.map((r) => Number(r.body.data.stock.slice(3))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
    expect(await lastNumber('SFS')).toBe(first + 19);
  });

  it('gives one VIN one number: 10 calls at once for the same VIN get one number, the rest a 409 naming the VIN', async () => {
    const vin = freshVin();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => generate(manager, { locationId: i % 2 ? loc.SFS : loc.ABG, vin })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of replies.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.data.fields).toEqual(['vin']);
      expect(refused.body.errors[0]).toContain(vin);
    }
    expect(await t.db.select().from(stock).where(eq(stock.vin, vin))).toHaveLength(1);
  });
});

describe('trades', () => {
  it("numbers a trade after its parent with the next free letter, at the parent's location", async () => {
    const res = await manager.act(addTrade, { parent: 'ABG00002', vin: freshVin('1HG', 'CV1F3', 2017) });
    expect(res.body.data).toEqual({ stock: 'ABG00002C' });
    expect(await byStock('ABG00002C')).toMatchObject({
      parent: 'ABG00002',
      tradeOrder: 3,
      acquiredBy: 'Trade',
      make: 'Honda',
      year: 2017,
    });

    const taken = await manager.act(addTrade, { parent: 'ABG00002', tradeOrder: 1, vin: freshVin() });
    expect(taken).toMatchObject({
      status: 409,
      body: { errors: ['ABG00002 already has trade 1 (ABG00002A).'], data: { fields: ['tradeOrder'] } },
    });
    const ofTrade = await manager.act(addTrade, { parent: 'ABG00002A', vin: freshVin() });
    expect(ofTrade.body.errors).toEqual([
      'ABG00002A is itself a trade; a trade is numbered after the vehicle sold (ABG00002).',
    ]);
    const none = await manager.act(addTrade, { parent: 'ZZZ99999', vin: freshVin() });
    expect(none).toMatchObject({ status: 404, body: { errors: ['There is no stock number ZZZ99999.'] } });
  });
});

describe('checking before generating', () => {
  it('finds the stock number a VIN has (a perfect match) and VINs that end alike, in html and as a list', async () => {
    const abg1 = await byStock('ABG00001');
    const perfect = await manager.act(checkExisting, { vin: abg1.vin });
    expect(perfect.body.data.perfectMatch).toBe(true);
    expect(perfect.body.data.matches[0]).toMatchObject({
      vin: abg1.vin,
      stock: 'ABG00001',
      locationName: 'Albuquerque Toyota',
      perfect: true,
      elsewhere: false,
    });
    expect(perfect.body.data.html).toContain('<td>ABG00001</td>');
    expect(perfect.body.data.html).toContain('Same VIN');

    // A typo before the serial: the same last eight characters, not the same VIN.
    const nearly = `1${abg1.vin.slice(1)}`;
    const near = await manager.act(checkExisting, { vin: nearly });
    expect(near.body.data).toMatchObject({
      perfectMatch: false,
      matches: [{ vin: abg1.vin, stock: 'ABG00001', perfect: false }],
    });
    expect(near.body.data.html).toContain('Same last 8 characters');
    expect((await manager.act(checkExisting, { vin: freshVin() })).body.data).toEqual({
      html: '',
      perfectMatch: false,
      matches: [],
    });

    const batch = await manager.act(checkExisting, { batchUpload: 1, vins: `${freshVin()}\n${abg1.vin}` });
    expect(batch.body.data.perfectMatch).toBe(true);
  });

  it('checks each VIN and says what it decodes to', async () => {
    const good = freshVin('1C4', 'HJXEG', 2022);
    const bad = mistyped(freshVin());
    const res = await manager.act(vinCheck, { batchUpload: 1, vins: `${good}\n${bad}\nABC` });
    expect(res.body.data.problemCount).toBe(2);
    expect(res.body.data.vins).toEqual([
      { vin: good, line: 1, problem: null, year: 2022, make: 'Jeep' },
      { vin: bad, line: 2, problem: expect.stringMatching(/^The check digit/), year: null, make: null },
      { vin: 'ABC', line: 3, problem: 'A VIN has 17 characters; this one has 3.', year: null, make: null },
    ]);
  });
});

describe('loading, correcting and deleting', () => {
  it('loads a stock number by its number with who generated it and its trades', async () => {
    const res = await manager.act(loadStock, { stock: 'abg00002' });
    expect(res.body.data.stockNumber).toMatchObject({
      stock: 'ABG00002',
      locationName: 'Albuquerque Toyota',
      trades: ['ABG00002A', 'ABG00002B', 'ABG00002C'],
    });
    expect(res.body.data.stockNumber.createdByName).toMatch(/\w+ \w+/);
    expect((await manager.act(loadStock, { stock: 'NOPE1' })).status).toBe(404);
  });

  it("corrects the VIN and the vehicle, checking the new VIN; the number, its location and a trade's kind stay", async () => {
    const row = await byStock('ABG00004');
    const vin = freshVin('2HK', 'RW2H8', 2024);
    const refused = await manager.act(updateStock, { stockId: row.id, vin: mistyped(vin), acquiredBy: 'Purchase' });
    expect(refused.status).toBe(400);
    expect((await byStock('ABG00004')).vin).toBe(row.vin);
    const taken = await manager.act(updateStock, {
      stockId: row.id,
      vin: (await byStock('ABG00001')).vin,
      acquiredBy: 'Purchase',
    });
    expect(taken).toMatchObject({
      status: 409,
      body: {
        errors: [`VIN ${(await byStock('ABG00001')).vin} already has stock number ABG00001 (Albuquerque Toyota).`],
      },
    });

    const res = await manager.act(updateStock, {
      stockId: row.id,
      vin,
      acquiredBy: 'Lease Return',
      year: 2024,
      make: 'Honda',
      model: 'CR-V',
      trim: 'EX-L',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.stockNumber).toMatchObject({
      stock: 'ABG00004',
      vin,
      acquiredBy: 'Lease Return',
      model: 'CR-V',
    });
    expect(await byStock('ABG00004')).toMatchObject({
      vin,
      acquiredBy: 'Lease Return',
      year: 2024,
      make: 'Honda',
      model: 'CR-V',
      trim: 'EX-L',
      locationId: loc.ABG,
    });

    const trade = await byStock('ABG00002A');
    const untraded = await manager.act(updateStock, { stockId: trade.id, vin: trade.vin, acquiredBy: 'Purchase' });
    expect(untraded.body.errors).toEqual(['ABG00002A is a trade on ABG00002; it stays a trade.']);
  });

  it("deletes a stock number (an admin's), never one with trades; its number is not given again", async () => {
    const parent = await byStock('ABG00002');
    const refused = await admin.act(deleteStock, { stockId: parent.id });
    expect(refused).toMatchObject({
      status: 409,
      body: { errors: ['ABG00002 has trades, ABG00002A, ABG00002B, ABG00002C; delete them first.'] },
    });
    expect((await manager.act(deleteStock, { stockId: parent.id })).status).toBe(403);

    const made = await generate(manager, { locationId: loc.PHX, vin: freshVin() });
    const row = await byStock(made.body.data.stock as string);
    expect((await admin.act(deleteStock, { stockId: row.id })).status).toBe(200);
    expect(await byStock(made.body.data.stock as string)).toBeUndefined();
    const again = await generate(manager, { locationId: loc.PHX, vin: row.vin });
    // The deleted number's gap stays: the audit's delete row says why.
    expect(Number(again.body.data.stock.slice(3))).toBe(Number(made.body.data.stock.slice(3)) + 1);
  });
});

describe('lists, the report, the reader and the exports', () => {
  it('lists stock numbers newest first, by location, the start of the number, part of the VIN and how acquired', async () => {
    const all = await manager.act(loadStocks, { view: 'rows' });
    expect(all.body.data.stockCount).toBeGreaterThan(30);
    const dates = all.body.data.rows.map((r: { createdAt: string }) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());

    const prefix = await manager.act(loadStocks, { stock: 'abg00002', sort: 'stock', dir: 'asc' });
    expect(prefix.body.data.rows.map((r: { stock: string }) => r.stock)).toEqual([
      'ABG00002',
      'ABG00002A',
      'ABG00002B',
      'ABG00002C',
    ]);
    expect(prefix.body.data.rows[1]).toMatchObject({
      parent: 'ABG00002',
      acquiredBy: 'Trade',
      vehicle: '2018 Honda Accord EX-L',
      locationName: 'Albuquerque Toyota',
    });
    expect(prefix.body.data.html).toContain('<th data-key="acquiredBy">Acquired by</th>');

    const { vin } = await byStock('ABG00001');
    const stocksOf = async (filters: ActInput<typeof loadStocks>) =>
      (await manager.act(loadStocks, filters)).body.data.rows.map((r: { stock: string }) => r.stock);
    expect(await stocksOf({ query: vin.slice(-6).toLowerCase() })).toEqual(['ABG00001']);
    expect(await stocksOf({ vin: vin.slice(-8) })).toEqual(['ABG00001']);
    expect(await stocksOf({ vin })).toEqual(['ABG00001']);
    expect(await stocksOf({ vin: vin.slice(-6) })).toEqual([]);
    const trades = await manager.act(loadStocks, { acquiredBy: 'Trade', locationId: loc.ABG });
    expect(trades.body.data.rows.every((r: { acquiredBy: string }) => r.acquiredBy === 'Trade')).toBe(true);
    expect((await manager.act(loadStocks, { acquiredBy: 'Gift' })).status).toBe(400);
  });

  it('reports who generated what in a span of days, for stock number user admins', async () => {
    // Today on Santa Fe's clock, as the report reads its days (in UTC it is already tomorrow each evening).
    const today = dayIn('America/Denver', new Date());
    const res = await admin.act(loadReport, {
      minCreatedAt: today,
      maxCreatedAt: today,
      locationId: loc.SFS,
      view: 'rows',
    });
    // This file's 20, and the one of the same-VIN race above when a Santa Fe call won it.
    const [{ made }] = await t.db
      .select({ made: count() })
      .from(stock)
      .where(
        and(eq(stock.locationId, loc.SFS), sql`(${stock.createdAt} at time zone 'America/Denver')::date = ${today}`),
      );
    expect([20, 21]).toContain(made);
    expect(res.body.data.stockCount).toBe(made);
    expect(res.body.data.rows[0]).toMatchObject({
      locationName: 'Santa Fe Subaru',
      vinOverride: false,
      createdByName: 'Test User ' + res.body.data.rows[0].createdByName.split(' ').pop(),
    });
    const overridden = await admin.act(loadReport, { locationId: loc.ABG, view: 'rows' });
    expect(
      overridden.body.data.rows
        .filter((r: { vinOverride: boolean }) => r.vinOverride)
        .map((r: { stock: string }) => r.stock),
    ).toContain('ABG00010');
    expect((await manager.act(loadReport, {})).status).toBe(403);
  });

  it('reads lines of stock numbers, VINs or last eight characters; the lines that match nothing are told apart', async () => {
    const abg1 = await byStock('ABG00001');
    const res = await manager.act(readStocks, { terms: `abg00002a\n${abg1.vin.slice(-8)}\nNOSUCH01\n`, view: 'rows' });
    expect(res.body.data.rows.map((r: { stock: string }) => r.stock)).toEqual(['ABG00001', 'ABG00002A']);
    // The lines that named nothing, as the screen works them out from the rows.
    expect(unmatchedTerms(readerTerms('abg00002a\nNOSUCH01'), res.body.data.rows)).toEqual(['NOSUCH01']);
    expect((await manager.act(readStocks, {})).body.data.rows).toEqual([]);
  });

  it('downloads the list and the report as CSV with their filters', async () => {
    const get = (caller: Caller, url: string) =>
      t.app.inject({ method: 'GET', url, cookies: { forecourt_session: caller.cookie! } });
    const list = await get(manager, `/tools/stock-numbers/export?locationId=${loc.ABG}&stock=ABG00002&limit=2`);
    expect(list.statusCode).toBe(200);
    const lines = list.body.trim().split('\n');
    expect(lines[0]).toBe('Stock number,VIN,Vehicle,Acquired by,Location,Created');
    expect(lines).toHaveLength(3);
    const report = await get(admin, `/tools/stock-numbers/export-report?acquiredBy=Trade&locationId=${loc.ABG}`);
    expect(report.statusCode).toBe(200);
    // Every CSV starts with the UTF-8 byte-order mark (docs/architecture.md, "Lists").
    expect(report.body.startsWith('\uFEFF')).toBe(true);
    expect(report.body.slice(1).split('\n')[0]).toBe(
      'Created,Stock number,VIN,Vehicle,Acquired by,Location,Generated by,VIN check overridden',
    );
    expect(report.body).toContain('ABG00002B');
    expect((await get(manager, '/tools/stock-numbers/export-report')).statusCode).toBe(403);
  });

  it("writes each moment in the CSV on the group's clock, as the screens show it", async () => {
    // 03:30 UTC on the 24th is 20:30 on the 23rd in Albuquerque.
    await t.db
      .update(stock)
      .set({ createdAt: new Date('2026-11-24T03:30:00Z') })
      .where(like(stock.stock, 'ABG00002%'));
    const csv = await t.app.inject({
      method: 'GET',
      url: `/tools/stock-numbers/export?locationId=${loc.ABG}&stock=ABG00002&limit=1`,
      cookies: { forecourt_session: manager.cookie! },
    });
    expect(csv.body.trim().split('\n')[1]).toMatch(/,2026-11-23 20:30$/);
  });
});

describe('reach and permissions', () => {
  it('keeps a New Mexico user to New Mexico stock numbers, naming others only as another store', async () => {
    const nm = await t.signedIn(['stockNumberManager', 'stockNumberAdmin'], {
      groupWide: false,
      regions: ['New Mexico'],
    });
    const phx = (
      await t.db.select().from(stock).where(eq(stock.locationId, loc.PHX)).orderBy(asc(stock.id)).limit(1)
    )[0];
    expect((await nm.act(loadStock, { stock: phx.stock })).status).toBe(404);
    expect((await nm.act(deleteStock, { stockId: phx.id })).status).toBe(404);
    expect((await nm.act(addTrade, { parent: phx.stock, vin: freshVin() })).status).toBe(404);
    expect((await generate(nm, { locationId: loc.PHX, vin: freshVin() })).body.errors).toEqual([
      'That location does not exist.',
    ]);
    const check = await nm.act(checkExisting, { vin: phx.vin });
    expect(check.body.data.matches).toEqual([
      { vin: phx.vin, stock: null, locationName: null, createdAt: null, perfect: true, elsewhere: true },
    ]);
    const refused = await generate(nm, { vin: phx.vin });
    expect(refused.body.errors).toEqual([`VIN ${phx.vin} already has a stock number at another store.`]);
    const listed = await nm.act(loadStocks, { view: 'rows', limit: 500 });
    expect(listed.body.data.rows.some((r: { locationId: number }) => r.locationId === loc.PHX)).toBe(false);
  });

  it('is for stock number managers', async () => {
    const nobody = await t.signedIn([]);
    const before = await stockCount();
    for (const contract of [
      generateStock,
      addTrade,
      checkExisting,
      vinCheck,
      loadStocks,
      readStocks,
      loadStock,
      updateStock,
    ]) {
      expect((await nobody.actRaw(contract, {})).status, contract.path).toBe(403);
    }
    expect(await stockCount()).toBe(before);
  });
});
