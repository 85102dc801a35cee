import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq, sql, sum } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp, userById } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { locations } from '../locations/locations.db';
import { partsInvoices as invoices } from './parts.db';
import { addInvoice, loadInvoice, loadInvoices, loadParts, updateInvoice } from './parts.contract';

let t: TestApp;
let advisor: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  advisor = await t.signedIn(['serviceAdvisor']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const byNumber = async (invoiceNumber: string) =>
  (await t.db.select().from(invoices).where(eq(invoices.invoiceNumber, invoiceNumber)).orderBy(desc(invoices.id)))[0];
const tableCounts = async () => {
  const [[{ i }], [{ a }]] = await Promise.all([
    t.db.select({ i: count() }).from(invoices),
    t.db.select({ a: count() }).from(auditLog),
  ]);
  return { i, a };
};
const form = (overrides: Record<string, unknown> = {}) => ({
  locationId: loc.ABG,
  invoiceNumber: 'p-200001',
  invoiceType: 'counter',
  invoiceDate: '2026-11-20',
  name: 'Carmen Ortiz',
  account: '',
  amount: '1,234.56',
  collected: 1,
  notes: 'Brake pads, 2020 Camry.',
  ...overrides,
});

describe('parts invoices', () => {
  it('lists the demo invoices newest first, counted and summed to the cent, in html too', async () => {
    const res = await advisor.act(loadInvoices, {});
    expect(res.status).toBe(200);
    const [{ n, total }] = await t.db.select({ n: count(), total: sum(invoices.amount) }).from(invoices);
    expect(res.body.data.invoiceCount).toBe(n);
    expect(res.body.data.amountTotal).toBe(Number(total));
    const dates = res.body.data.rows.map((r: { invoiceDate: string }) => r.invoiceDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const pump = res.body.data.rows.find((r: { invoiceNumber: string }) => r.invoiceNumber === 'P-104207');
    expect(pump).toMatchObject({
      locationId: loc.ABG,
      locationName: 'Albuquerque Toyota',
      invoiceType: 'warranty',
      invoiceTypeLabel: 'Warranty',
      name: 'Toyota Motor Sales',
      account: 'WTY-TMS',
      amount: '1189.50',
      amountCents: 118_950,
      collected: false,
    });
    expect(res.body.data.html).toContain('<th data-key="invoiceTypeLabel">Type</th>');
    expect(res.body.data.html).toContain('1189.50');

    // By store, type, payment and part of a customer's name; each narrows, and the sum with it.
    const abg = await advisor.act(loadInvoices, { locationId: loc.ABG, collected: '0' });
    expect(abg.body.data.rows.map((r: { invoiceNumber: string }) => r.invoiceNumber).sort()).toEqual([
      'P-104207',
      'P-104212',
    ]);
    expect(abg.body.data.amountTotal).toBe(118_950 + 41_236);
    const warranty = await advisor.act(loadInvoices, { invoiceType: 'warranty' });
    expect(warranty.body.data.rows.every((r: { invoiceType: string }) => r.invoiceType === 'warranty')).toBe(true);
    expect(warranty.body.data.invoiceCount).toBe(3);
    const rosa = await advisor.act(loadInvoices, { query: 'rosa mart' });
    expect(rosa.body.data.rows.map((r: { invoiceNumber: string }) => r.invoiceNumber).sort()).toEqual([
      'P-104190',
      'P-104211',
    ]);
    const byAmount = await advisor.act(loadInvoices, { sort: 'amount', dir: 'desc', limit: 3 });
    expect(byAmount.body.data.rows.map((r: { amountCents: number }) => r.amountCents)).toEqual([
      412_560, 263_410, 153_025,
    ]);
  });

  it('reads the invoice dates as calendar days, first and last included, and names a bad one as labelled', async () => {
    await t.db.insert(invoices).values([
      {
        locationId: loc.SFS,
        invoiceNumber: 'DAY-1',
        invoiceType: 'counter',
        invoiceDate: '2025-03-09',
        name: 'A',
        amount: 100,
      },
      {
        locationId: loc.SFS,
        invoiceNumber: 'DAY-2',
        invoiceType: 'counter',
        invoiceDate: '2025-03-10',
        name: 'B',
        amount: 200,
      },
      {
        locationId: loc.SFS,
        invoiceNumber: 'DAY-3',
        invoiceType: 'counter',
        invoiceDate: '2025-03-11',
        name: 'C',
        amount: 300,
      },
    ]);
    const numbers = async (filters: Record<string, string>) =>
      (await advisor.act(loadInvoices, { locationId: loc.SFS, ...filters })).body.data.rows
        .map((r: { invoiceNumber: string }) => r.invoiceNumber)
        .filter((n: string) => n.startsWith('DAY'));
    expect(await numbers({ minInvoiceDate: '2025-03-10', maxInvoiceDate: '2025-03-10' })).toEqual(['DAY-2']);
    expect(await numbers({ minInvoiceDate: '2025-03-10', maxInvoiceDate: '2025-03-11' })).toEqual(['DAY-3', 'DAY-2']);
    const bad = await advisor.act(loadInvoices, { minInvoiceDate: '03/10/2025', collected: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Payment must be 1 or 0.', 'From must be a date as YYYY-MM-DD.']);
  });

  it('adds an invoice from the form: the amount typed in dollars is kept in cents, the number upper case, with who recorded it, audited', async () => {
    const add = await advisor.call('service/parts-invoices/add', form({ amount: '$1,234.5' }), { form: true });
    expect(add.status).toBe(200);
    const stored = await byNumber('P-200001');
    expect(add.body.data).toEqual({ invoiceId: stored.id });
    expect(stored).toMatchObject({
      locationId: loc.ABG,
      invoiceType: 'counter',
      invoiceDate: '2026-11-20',
      name: 'Carmen Ortiz',
      account: '',
      amount: 123_450,
      collected: true,
      notes: 'Brake pads, 2020 Camry.',
      createdBy: advisor.userId,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'service/parts-invoices/add'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      recordType: 'partsInvoice',
      recordId: String(stored.id),
      after: { invoiceNumber: 'P-200001', amount: 123_450 },
    });

    const loaded = await advisor.act(loadInvoice, { invoiceId: stored.id });
    const me = await userById(t.db, advisor.userId!);
    expect(loaded.body.data.invoice).toEqual({
      invoiceId: stored.id,
      locationId: loc.ABG,
      locationName: 'Albuquerque Toyota',
      invoiceNumber: 'P-200001',
      invoiceType: 'counter',
      invoiceTypeLabel: 'Counter sale',
      invoiceDate: '2026-11-20',
      name: 'Carmen Ortiz',
      account: '',
      amount: '1234.50',
      amountCents: 123_450,
      collected: true,
      notes: 'Brake pads, 2020 Camry.',
      createdByName: `${me.firstName} ${me.lastName}`,
      createdAt: stored.createdAt.toISOString(),
      updatedAt: stored.updatedAt.toISOString(),
    });
  });

  it('sums to the cent where floating point would not: ten invoices of 0.10 are 1.00, 0.1 plus 0.2 is 0.30', async () => {
    for (let i = 0; i < 10; i++) {
      expect(
        (await advisor.act(addInvoice, form({ locationId: loc.DNC, invoiceNumber: `DIME-${i}`, amount: '0.10' })))
          .status,
      ).toBe(200);
    }
    await advisor.act(addInvoice, form({ locationId: loc.PHX, invoiceNumber: 'TENTH', amount: '0.1' }));
    await advisor.act(addInvoice, form({ locationId: loc.PHX, invoiceNumber: 'FIFTH', amount: 0.2 }));
    const dimes = await advisor.act(loadInvoices, { locationId: loc.DNC, query: 'dime' });
    expect(dimes.body.data.amountTotal).toBe(100);
    const both = await advisor.act(loadInvoices, {
      locationId: loc.PHX,
      minInvoiceDate: '2026-11-20',
      maxInvoiceDate: '2026-11-20',
    });
    expect(both.body.data.amountTotal).toBe(30);
    expect(both.body.data.rows.map((r: { amount: string }) => r.amount).sort()).toEqual(['0.10', '0.20']);
  });

  it('has no total for a search the planner expects in thousands of invoices, and totals a rarer one', async () => {
    // 4,000 invoices of one fleet account's name, and statistics as a settled table has.
    await t.db.execute(sql`insert into parts_invoices (location_id, invoice_number, invoice_type, invoice_date, name, amount)
      select ${loc.ABG}, 'QF-' || n, 'counter', date '2026-11-01', 'Quintero Fleet ' || n, 1000 + n
      from generate_series(1, 4000) as n`);
    await t.db.execute(sql`analyze parts_invoices`);

    const common = await advisor.act(loadInvoices, { query: 'quintero' });
    expect(common.status).toBe(200);
    expect(common.body.data).toMatchObject({ countEstimated: true, amountTotal: null });
    expect(common.body.data.invoiceCount).toBeGreaterThan(2000);
    expect(common.body.data.rows).toHaveLength(100);

    const rare = await advisor.act(loadInvoices, { query: 'quintero fleet 3999' });
    expect(rare.body.data).toMatchObject({ countEstimated: false, invoiceCount: 1, amountTotal: 4999 });

    await t.db.execute(sql`delete from parts_invoices where name like 'Quintero Fleet %'`);
  });

  it('saves an edited invoice, and refuses a number the store has already recorded (409 at the field), changing nothing', async () => {
    const first = await advisor.act(addInvoice, form({ invoiceNumber: 'P-300001' }));
    const second = await advisor.act(addInvoice, form({ invoiceNumber: 'P-300002' }));
    const invoiceId = second.body.data.invoiceId;
    const saved = await advisor.act(
      updateInvoice,
      form({
        invoiceId,
        invoiceNumber: 'P-300002',
        invoiceType: 'repair order',
        account: 'RO-1',
        amount: '99.99',
        collected: 0,
      }),
    );
    expect(saved).toMatchObject({ status: 200, body: { data: { invoiceId } } });
    expect(await byNumber('P-300002')).toMatchObject({
      invoiceType: 'repair order',
      account: 'RO-1',
      amount: 9_999,
      collected: false,
    });

    const before = await tableCounts();
    const taken = await advisor.act(updateInvoice, form({ invoiceId, invoiceNumber: 'p-300001' }));
    expect(taken).toMatchObject({
      status: 409,
      body: {
        errors: ['Invoice P-300001 is already recorded at Albuquerque Toyota.'],
        data: { fields: ['invoiceNumber'] },
      },
    });
    const again = await advisor.act(addInvoice, form({ invoiceNumber: 'P-300001' }));
    expect(again.status).toBe(409);
    expect(await tableCounts()).toEqual(before);
    expect(await byNumber('P-300002')).toMatchObject({ amount: 9_999 });
    // Another store prints its own series: the same number is another invoice there.
    expect((await advisor.act(addInvoice, form({ locationId: loc.ABH, invoiceNumber: 'P-300001' }))).status).toBe(200);
    expect(first.status).toBe(200);
  });

  it('names every field at fault as the form labels it, and stores nothing', async () => {
    const before = await tableCounts();
    const blank = await advisor.act(addInvoice, {
      locationId: '',
      invoiceNumber: ' ',
      invoiceType: '',
      invoiceDate: '',
      name: '',
      amount: '',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      'Location is required.',
      'Invoice number is required.',
      'Invoice type is required.',
      'Invoice date must be a date as YYYY-MM-DD.',
      'Customer is required.',
      'Amount is required.',
    ]);
    const wrong = await advisor.act(
      addInvoice,
      form({ invoiceType: 'gift', invoiceDate: '2026-02-30', amount: '12.345' }),
    );
    expect(wrong.body.errors).toEqual([
      'Invoice type must be one of: counter, repair order, warranty, internal, wholesale, return.',
      'Invoice date must be a real date.',
      'Amount must be an amount in dollars, such as 1,234.56.',
    ]);
    const negative = await advisor.act(addInvoice, form({ amount: '-5' }));
    expect(negative.body.data.fields).toEqual(['amount']);
    expect(await tableCounts()).toEqual(before);
  });

  it('keeps a New Mexico advisor to New Mexico invoices, in the list, its sum and a record', async () => {
    const nm = await t.signedIn(['serviceAdvisor'], { groupWide: false, regions: ['New Mexico'] });
    const mine = await nm.act(loadInvoices, {});
    const names = new Set(mine.body.data.rows.map((r: { locationName: string }) => r.locationName));
    expect(names.has('Denver Chevrolet')).toBe(false);
    expect(names.has('Albuquerque Toyota')).toBe(true);
    const [{ total }] = await t.db
      .select({ total: sum(invoices.amount) })
      .from(invoices)
      .innerJoin(locations, eq(locations.id, invoices.locationId))
      .where(eq(locations.region, 'New Mexico'));
    expect(mine.body.data.amountTotal).toBe(Number(total));
    const denver = await byNumber('C-71230');
    expect((await nm.act(loadInvoice, { invoiceId: denver.id })).status).toBe(404);
    expect((await nm.act(addInvoice, form({ locationId: loc.DNC, invoiceNumber: 'NM-1' }))).status).toBe(404);
  });

  it('downloads the list as CSV with its filters', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: `/tools/parts-invoices/export?locationId=${loc.LCF}&sort=amount&dir=desc`,
      cookies: { forecourt_session: advisor.cookie! },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Invoice,Date,Type,Customer,Account,Amount,Collected,Location');
    expect(lines[1]).toMatch(
      /^F-30149,\d{4}-\d{2}-\d{2},Wholesale,Mesilla Valley Fleet,W-118,4125.60,No,Las Cruces Ford$/,
    );
  });

  it('finds catalogue parts by part of a number or description and by category, priced to the cent', async () => {
    const all = await advisor.act(loadParts, {});
    expect(all.status).toBe(200);
    const numbers = all.body.data.rows.map((r: { partNumber: string }) => r.partNumber);
    expect(numbers).toEqual([...numbers].sort());
    expect(all.body.data.partCount).toBe(22);
    const filters = await advisor.act(loadParts, { query: 'oil filter' });
    expect(filters.body.data.rows.map((r: { partNumber: string }) => r.partNumber)).toEqual([
      '04152-YZZA1',
      '15400-PLM-A02',
      'FL-500S',
      'SOA635071',
    ]);
    const brakes = await advisor.act(loadParts, { category: 'Brakes', sort: 'price', dir: 'desc' });
    expect(brakes.body.data.rows[0]).toMatchObject({
      partNumber: '43512-42070',
      description: 'Front brake rotor, RAV4',
      price: '114.75',
      priceCents: 11_475,
    });
    const bad = await advisor.act(loadParts, { category: 'Gifts' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual(['category']);
  });
});
