import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { type ActInput, type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { loadVehicle } from '../vehicle-page/vehicle-page.contract';
import { appraisals } from '../appraisals/appraisals.db';
import { loadDeal, loadDeals, saveDeal, startDeal } from './desking.contract';
import { deskingDeals } from './desking.db';
import { quoteFigures, type QuoteLines } from './quote';
import { salesQuotes } from './quotes.db';

/** David Chavez's Tacoma, being acquired at Albuquerque Toyota (the acquisition and appraisal demos). */
const TACOMA = '3TMCZ5AN1MM412733';

let t: TestApp;
let sales: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  sales = await t.signedIn(['sales']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** A finance deal on the Tacoma at Albuquerque Toyota, as the desking tool sends it. */
const deal = (overrides: Partial<ActInput<typeof saveDeal>> = {}): ActInput<typeof saveDeal> => ({
  locationId: loc.ABG,
  customerName: 'David Chavez',
  vin: TACOMA.toLowerCase(),
  stock: '',
  vehicle: '2021 Toyota Tacoma TRD Off-Road',
  dealType: 'Finance',
  sellingPrice: '34,900',
  msrp: '',
  dealerFees: '499',
  governmentFees: '350',
  acquisitionFee: '',
  rebates: '',
  downPayment: '3,000',
  tradeAllowance: '',
  tradePayoff: '',
  taxRate: '7.5',
  taxMethod: 'payment',
  tradeTaxCredit: true,
  term1: 60,
  term2: 72,
  term3: 84,
  rate1: '6.99',
  rate2: '7.49',
  rate3: '7.99',
  residual1: '',
  residual2: '',
  residual3: '',
  ...overrides,
});

const stored = async (dealId: number) => (await t.db.select().from(deskingDeals).where(eq(deskingDeals.id, dealId)))[0];

describe('saved deals', () => {
  it('keeps a deal with its vehicle, customer, store and every field, audited, and opens it again as typed', async () => {
    const res = await sales.act(saveDeal, deal());
    expect(res.status).toBe(200);
    const { dealId } = res.body.data;
    const row = await stored(dealId);
    expect(row).toMatchObject({
      locationId: loc.ABG,
      vin: TACOMA,
      stock: '',
      vehicle: '2021 Toyota Tacoma TRD Off-Road',
      customerName: 'David Chavez',
      dealType: 'Finance',
      createdBy: sales.userId,
    });
    expect(row.inputs).toMatchObject({
      sellingPrice: 3_490_000,
      dealerFees: 49_900,
      downPayment: 300_000,
      taxRate: 7.5,
      term2: 72,
      rate2: 7.49,
      tradeTaxCredit: true,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'deskingDeal'), eq(auditLog.recordId, String(dealId))));
    expect(audit.action).toBe('sales/desking/save-deal');

    const opened = await sales.act(loadDeal, { dealId });
    expect(opened.body.data.deal).toMatchObject({
      dealId,
      locationName: 'Albuquerque Toyota',
      vin: TACOMA,
      customerName: 'David Chavez',
      createdByName: expect.stringMatching(/^Test User/),
    });
    expect(opened.body.data.deal.values).toMatchObject({
      dealType: 'Finance',
      sellingPrice: '34900.00',
      dealerFees: '499.00',
      msrp: '0.00',
      taxRate: '7.5',
      term1: '60',
      rate3: '7.99',
      residual1: '',
      tradeTaxCredit: true,
    });
  });

  it('keeps a deal again under its own number, as a lease, stamped anew', async () => {
    const { dealId } = (await sales.act(saveDeal, deal())).body.data;
    const before = await stored(dealId);
    const again = await sales.act(
      saveDeal,
      deal({
        dealId,
        dealType: 'Lease',
        msrp: '36,500',
        rate1: '0.0029',
        rate2: '0.0029',
        rate3: '0.0029',
        residual1: '64',
        residual2: '58',
        residual3: '52',
        stock: 'abg00031',
      }),
    );
    expect(again.body.data).toEqual({ dealId });
    const after = await stored(dealId);
    expect(after).toMatchObject({ dealType: 'Lease', stock: 'ABG00031', createdBy: sales.userId });
    expect(after.inputs).toMatchObject({ msrp: 3_650_000, residual2: 58 });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect((await t.db.select().from(deskingDeals).where(eq(deskingDeals.id, dealId))).length).toBe(1);
  });

  it('lists the deals within reach, last saved first, by VIN, by maker and by name; the vehicle page lists its deals', async () => {
    const other = await t.signedIn(['sales']);
    const mine = (await other.act(saveDeal, deal({ customerName: 'Grace Kim', sellingPrice: '29,995' }))).body.data;
    const byVin = await sales.act(loadDeals, { vin: TACOMA.toLowerCase(), view: 'rows' });
    expect(byVin.body.data.rows[0]).toMatchObject({
      dealId: mine.dealId,
      customerName: 'Grace Kim',
      summary: 'Finance · $29,995',
      sellingPriceCents: 2_999_500,
      locationName: 'Albuquerque Toyota',
    });
    const dates = byVin.body.data.rows.map((r: { updatedAt: string }) => r.updatedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(byVin.body.data.dealCount).toBe(byVin.body.data.rows.length);
    const own = await other.act(loadDeals, { mine: '1', view: 'rows' });
    expect(own.body.data.rows.map((r: { dealId: number }) => r.dealId)).toEqual([mine.dealId]);
    const named = await sales.act(loadDeals, { query: 'grace', view: 'rows' });
    expect(named.body.data.rows.map((r: { dealId: number }) => r.dealId)).toEqual([mine.dealId]);
    const tail = await sales.act(loadDeals, { query: TACOMA.slice(-6), view: 'rows' });
    expect(tail.body.data.rows.length).toBe(byVin.body.data.rows.length);

    const page = await sales.act(loadVehicle, { vin: TACOMA });
    const deals = page.body.data.records.find((r) => r.kind === 'deal')!;
    expect(deals.count).toBe(byVin.body.data.rows.length);
    expect(deals.rows[0]).toMatchObject({
      recordId: mine.dealId,
      summary: 'Grace Kim · Finance · $29,995',
      href: `/sales/desking?dealId=${mine.dealId}`,
    });
  });

  it('is for the sales flag, within reach', async () => {
    const { dealId } = (await sales.act(saveDeal, deal())).body.data;
    const nobody = await t.signedIn(['stockNumberManager']);
    expect((await nobody.actRaw(saveDeal, deal())).status).toBe(403);
    expect((await nobody.actRaw(loadDeal, { dealId })).status).toBe(403);
    expect((await nobody.actRaw(loadDeals, {})).status).toBe(403);

    const phoenix = (await sales.act(saveDeal, deal({ locationId: loc.PHX, customerName: 'Ivan Padilla' }))).body.data;
    const nm = await t.signedIn(['sales'], { groupWide: false, regions: ['New Mexico'] });
    expect((await nm.act(loadDeal, { dealId: phoenix.dealId })).status).toBe(404);
    expect((await nm.act(saveDeal, deal({ dealId: phoenix.dealId }))).status).toBe(404);
    expect((await nm.act(saveDeal, deal({ locationId: loc.PHX }))).status).toBe(404);
    const listed = await nm.act(loadDeals, { view: 'rows', limit: 500 });
    expect(listed.body.data.rows.some((r: { locationId: number }) => r.locationId === loc.PHX)).toBe(false);
    expect((await stored(phoenix.dealId)).customerName).toBe('Ivan Padilla');
  });

  it('refuses a deal without its customer or with a bad VIN or figures, naming each field, and keeps nothing', async () => {
    const [{ id: last }] = await t.db
      .select({ id: deskingDeals.id })
      .from(deskingDeals)
      .orderBy(desc(deskingDeals.id))
      .limit(1);
    expect(await sales.actRaw(saveDeal, deal({ customerName: '' }))).toMatchObject({
      status: 400,
      body: { errors: ['Customer is required.'], data: { fields: ['customerName'] } },
    });
    expect((await sales.actRaw(saveDeal, deal({ vin: 'TAC$OMA' }))).body.errors).toEqual([
      'VIN holds only letters and digits.',
    ]);
    expect((await sales.actRaw(saveDeal, deal({ dealType: 'Lease' }))).body.errors).toEqual(
      expect.arrayContaining([
        'MSRP is required for a lease.',
        'Rate 1 must be a money factor such as 0.0029 for a lease.',
      ]),
    );
    expect((await sales.actRaw(saveDeal, deal({ sellingPrice: '12,34' }))).body.errors).toEqual([
      'Selling price must be an amount in dollars, such as 1,234.56.',
    ]);
    expect((await sales.actRaw(loadDeal, { dealId: 999_999 })).body.errors).toEqual(['That deal does not exist.']);
    const [{ id: now }] = await t.db
      .select({ id: deskingDeals.id })
      .from(deskingDeals)
      .orderBy(desc(deskingDeals.id))
      .limit(1);
    expect(now).toBe(last);
  });
});

describe('a deal started from a quote or a trade-in appraisal', () => {
  /**
   * A quote on a $41,250 RAV4: a $1,500 discount, an optional $300 one not applied, $895 of addenda,
   * a $750 incentive applied and a $500 one not, taxed at 4 % and 1.3125 %.
   */
  const lines: QuoteLines = {
    price: 4_125_000,
    discounts: [
      { name: 'Dealer discount', amount: 150_000, optional: false, applied: true },
      { name: 'Loyalty', amount: 30_000, optional: true, applied: false },
    ],
    addenda: [{ name: 'Protection package', amount: 89_500 }],
    taxes: [
      { name: 'State', rate: 4 },
      { name: 'County', rate: 1.3125 },
    ],
    incentives: [
      { incentiveId: 1, name: 'Toyota cash', amount: 75_000, applied: true },
      { incentiveId: 2, name: 'Military', amount: 50_000, applied: false },
    ],
  };
  const figures = quoteFigures(lines);
  const quote = async (locationId: number) => {
    const [row] = await t.db
      .insert(salesQuotes)
      .values({
        token: `start-deal-${locationId}-${Math.random().toString(36).slice(2, 10)}`,
        locationId,
        userId: sales.userId,
        year: 2025,
        make: 'Toyota',
        model: 'RAV4',
        trim: 'XLE',
        stock: 'T25R204',
        vin: '2T3P1RFV5SW512345',
        customerName: 'Rosa Martinez',
        lines,
        figures,
        total: figures.total,
        expiresAt: new Date(Date.now() + 14 * 86_400_000),
      })
      .returning();
    return row;
  };
  const appraisalAt = async (locationId: number) =>
    (
      await t.db.select().from(appraisals).where(eq(appraisals.locationId, locationId)).orderBy(appraisals.id).limit(1)
    )[0];

  it("fills the tool from a quote's vehicle, customer, price, rebates and taxes, and an appraisal's offer as the trade", async () => {
    const q = await quote(loc.ABG);
    const a = await appraisalAt(loc.ABG);
    const res = await sales.act(startDeal, { quoteId: q.id, appraisalId: a.id });
    expect(res.status).toBe(200);
    expect(res.body.data.start).toEqual({
      locationId: loc.ABG,
      customerName: 'Rosa Martinez',
      vin: '2T3P1RFV5SW512345',
      stock: 'T25R204',
      vehicle: '2025 Toyota RAV4 XLE',
      // 41,250 − 1,500 + 895 = 40,645; the $750 incentive is a rebate; 4 + 1.3125 = 5.3125 %.
      values: {
        sellingPrice: '40645.00',
        rebates: '750.00',
        taxRate: '5.3125',
        tradeAllowance: (a.offerCents / 100).toFixed(2),
      },
      quote: { id: q.id, label: `Quote ${q.id} · 2025 Toyota RAV4 XLE · $42,014`, href: null },
      appraisal: {
        id: a.id,
        label: expect.stringMatching(
          new RegExp(`^Trade-in appraisal ${a.id} · ${a.year} ${a.make} ${a.model}.* · offered \\$[\\d,]+\\.\\d\\d$`),
        ),
        href: `/clicklane/appraisals/vehicle?id=${a.id}`,
      },
    });

    // An appraisal alone: its customer and store, the trade, and no vehicle yet.
    const alone = (await sales.act(startDeal, { appraisalId: a.id })).body.data.start;
    expect(alone).toMatchObject({
      locationId: a.locationId,
      customerName: a.customerName,
      vin: '',
      vehicle: '',
      values: { tradeAllowance: (a.offerCents / 100).toFixed(2) },
      quote: null,
    });
  });

  it('keeps the quote and the appraisal with the saved deal, and names them when it opens again', async () => {
    const q = await quote(loc.ABG);
    const a = await appraisalAt(loc.ABG);
    const { dealId } = (await sales.act(saveDeal, deal({ quoteId: q.id, appraisalId: a.id }))).body.data;
    expect(await stored(dealId)).toMatchObject({ quoteId: q.id, appraisalId: a.id });
    const opened = (await sales.act(loadDeal, { dealId })).body.data.deal;
    expect(opened.quote).toEqual({ id: q.id, label: `Quote ${q.id} · 2025 Toyota RAV4 XLE · $42,014`, href: null });
    expect(opened.appraisal).toMatchObject({ id: a.id, href: `/clicklane/appraisals/vehicle?id=${a.id}` });

    // Saved again without them (the salesperson started over): the deal no longer names them.
    await sales.act(saveDeal, deal({ dealId }));
    expect(await stored(dealId)).toMatchObject({ quoteId: null, appraisalId: null });
    // A quote deleted later leaves the deal, naming nothing.
    await sales.act(saveDeal, deal({ dealId, quoteId: q.id }));
    await t.db.delete(salesQuotes).where(eq(salesQuotes.id, q.id));
    expect((await sales.act(loadDeal, { dealId })).body.data.deal.quote).toBeNull();
  });

  it('is for the sales flag, within reach; a missing source or none at all is named and nothing is kept', async () => {
    const phoenix = await quote(loc.PHX);
    const nobody = await t.signedIn(['appraiser']);
    expect((await nobody.actRaw(startDeal, { quoteId: phoenix.id })).status).toBe(403);
    const nm = await t.signedIn(['sales'], { groupWide: false, regions: ['New Mexico'] });
    expect((await nm.act(startDeal, { quoteId: phoenix.id })).status).toBe(404);
    expect((await nm.act(saveDeal, deal({ quoteId: phoenix.id }))).status).toBe(404);

    const [{ id: last }] = await t.db
      .select({ id: deskingDeals.id })
      .from(deskingDeals)
      .orderBy(desc(deskingDeals.id))
      .limit(1);
    expect(await sales.actRaw(startDeal, {})).toMatchObject({
      status: 400,
      body: { errors: ['Quote or a trade-in appraisal is required.'], data: { fields: ['quoteId'] } },
    });
    expect((await sales.actRaw(startDeal, { quoteId: 999_999 })).body.errors).toEqual(['That quote does not exist.']);
    expect((await sales.actRaw(saveDeal, deal({ appraisalId: 999_999 }))).body.errors).toEqual([
      'That appraisal does not exist.',
    ]);
    const [{ id: now }] = await t.db
      .select({ id: deskingDeals.id })
      .from(deskingDeals)
      .orderBy(desc(deskingDeals.id))
      .limit(1);
    expect(now).toBe(last);
  });
});
