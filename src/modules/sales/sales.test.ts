import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog, outbox } from '../../server/platform/platform.db';
import { SESSION_COOKIE } from '../../server/platform/session';
import { inventoryVehicles } from '../inventory/inventory.db';
import { incentives } from './incentives.db';
import { salesQuotes } from './quotes.db';
import { sendText } from '../messenger/messenger.contract';
import { deskDealContract } from './desking.contract';
import { listIncentivesForVehicle } from './incentives.contract';
import { findQuoteVehicles, loadQuotes, saveQuote } from './price-builder.contract';

let t: TestApp;
let sales: Caller;
let loc: Record<string, number>;
let rav4: typeof inventoryVehicles.$inferSelect;
let incentiveId: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  sales = await t.signedIn(['sales', 'messenger']);
  loc = await locationsByCode(t.db);
  // The demo's new RAV4 on the Albuquerque Toyota lot, and this month's incentives by name.
  [rav4] = await t.db
    .select()
    .from(inventoryVehicles)
    .where(
      and(
        eq(inventoryVehicles.locationId, loc.ABG),
        eq(inventoryVehicles.model, 'RAV4'),
        eq(inventoryVehicles.condition, 'new'),
        eq(inventoryVehicles.status, 'in stock'),
      ),
    );
  incentiveId = Object.fromEntries(
    (await t.db.select({ id: incentives.id, name: incentives.name }).from(incentives)).map((i) => [i.name, i.id]),
  );
});
afterAll(async () => {
  await t?.close();
});

const counts = async () => {
  const [[{ q }], [{ a }]] = await Promise.all([
    t.db.select({ q: count() }).from(salesQuotes),
    t.db.select({ a: count() }).from(auditLog),
  ]);
  return { q, a };
};

describe('vehicles/desk-deal', () => {
  const finance = {
    dealType: 'Finance',
    sellingPrice: '30,000',
    dealerFees: '499',
    governmentFees: '350',
    rebates: '1000',
    downPayment: '2000',
    tradeAllowance: '8000',
    tradePayoff: '5000',
    taxRate: '7',
    tradeTaxCredit: '1',
    term1: '60',
    term2: '72',
    term3: '84',
    rate1: '9.99',
    rate2: '9.99',
    rate3: '9.99',
  };

  it('works a finance deal from the serialized form, each figure by its field name', async () => {
    const res = await sales.call('vehicles/desk-deal', finance, { form: true });
    expect(res.status).toBe(200);
    // The worked example of desking.test.ts: financed 26,423.93, 72 months at 9.99 % → 489.39.
    expect(res.body.data.items).toMatchObject({
      tradeEquity: '3000.00',
      salesTax2: '1574.93',
      amountFinanced2: '26423.93',
      payment2: '489.39',
      dueAtSigning2: '2000.00',
    });
    expect(Number(res.body.data.items.payment1)).toBeGreaterThan(Number(res.body.data.items.payment3));
  });

  it('refuses a down payment above the cash price with tax, with a sentence, where it showed $0.00 a month', async () => {
    const res = await sales.act(deskDealContract, {
      dealType: 'Finance',
      sellingPrice: '21000',
      downPayment: '25000',
      taxRate: '8',
      term1: 60,
      term2: 72,
      term3: 84,
      rate1: '0',
      rate2: '3.9',
      rate3: '9.99',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual(['downPayment']);
    expect(res.body.errors).toEqual([
      'Down payment: The down payment, rebates and trade equity ($25,000.00) are more than the cash price with tax and fees ($22,680.00); lower the down payment to at most $22,680.00.',
    ]);
  });

  it('at 0 % shows no finance charge, and the last payment is the remainder', async () => {
    const res = await sales.act(deskDealContract, {
      dealType: 'Finance',
      sellingPrice: '25000',
      term1: 60,
      term2: 72,
      term3: 84,
      rate1: '0',
      rate2: '0',
      rate3: '0',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toMatchObject({
      payment1: '416.67',
      lastPayment1: '416.47',
      financeCharge1: '0.00',
      totalOfPayments1: '25000.00',
    });
  });

  it("works a lease at the spec's lease defaults, and changes nothing", async () => {
    const before = await counts();
    const res = await sales.act(deskDealContract, {
      dealType: 'Lease',
      sellingPrice: '32000',
      msrp: '35000',
      acquisitionFee: '695',
      downPayment: '2000',
      taxMethod: 'payment',
      term1: 24,
      term2: 36,
      term3: 48,
      rate1: '0.0029',
      rate2: '0.0029',
      rate3: '0.0029',
      residual1: '64',
      residual2: '58',
      residual3: '52',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toMatchObject({
      residualValue2: '20300.00',
      depreciation2: '288.75',
      rentCharge2: '147.89',
      payment2: '436.64',
      apr2: '6.96',
    });
    expect(await counts()).toEqual(before);
  });

  it('names the field at fault as the screen labels it', async () => {
    const lease = await sales.act(deskDealContract, {
      ...finance,
      dealType: 'Lease',
      msrp: '35000',
      residual1: '60',
      residual2: '55',
      residual3: '50',
    });
    expect(lease.status).toBe(400);
    expect(lease.body.errors).toContain('Rate 1 must be a money factor such as 0.0029 for a lease.');
    expect(lease.body.data.fields).toEqual(expect.arrayContaining(['rate1', 'rate2', 'rate3']));
    const bad = await sales.act(deskDealContract, { ...finance, term2: '', sellingPrice: '12.345' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining(['Term 2 is required.', 'Selling price must be an amount in dollars, such as 1,234.56.']),
    );
  });

  it('needs the Sales permission', async () => {
    const other = await t.signedIn(['messenger']);
    expect((await other.act(deskDealContract, finance)).status).toBe(403);
  });
});

describe('the price builder', () => {
  it('finds vehicles in stock by part of a stock number or VIN, priced in cents, within reach', async () => {
    const res = await sales.act(findQuoteVehicles, { query: rav4.stock!.slice(-5).toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.body.data.vehicles).toContainEqual(
      expect.objectContaining({
        inventoryVehicleId: rav4.id,
        vehicle: `${rav4.year} Toyota RAV4 XLE`,
        stock: rav4.stock,
        vin: rav4.vin,
        price: rav4.price! * 100,
        locationName: 'Albuquerque Toyota',
      }),
    );
    const byVin = await sales.act(findQuoteVehicles, { query: rav4.vin!.slice(-8), locationId: loc.ABG });
    expect(byVin.body.data.vehicles.map((v: { inventoryVehicleId: number }) => v.inventoryVehicleId)).toEqual([
      rav4.id,
    ]);
    // A New Mexico salesperson does not see Phoenix's lot, and may not name it.
    const nm = await t.signedIn(['sales'], { groupWide: false, regions: ['New Mexico'] });
    const [phoenix] = await t.db
      .select()
      .from(inventoryVehicles)
      .where(eq(inventoryVehicles.locationId, loc.PHX))
      .limit(1);
    expect((await nm.act(findQuoteVehicles, { query: phoenix.stock! })).body.data.vehicles).toEqual([]);
    expect((await nm.act(findQuoteVehicles, { query: phoenix.stock!, locationId: loc.PHX })).status).toBe(404);
    expect((await sales.act(findQuoteVehicles, { query: '' })).body.errors).toEqual([
      'Stock number or VIN is required.',
    ]);
  });

  const quote = (overrides: Record<string, unknown> = {}) => ({
    locationId: loc.ABG,
    inventoryVehicleId: rav4.id,
    year: rav4.year,
    make: 'Toyota',
    model: 'RAV4',
    customerName: 'Maria Sandoval',
    price: '34,500',
    discounts: [
      { name: 'Dealer discount', amount: '1,500', optional: 0, applied: 0 },
      { name: 'First responder', amount: '500', optional: 1, applied: 0 },
    ],
    addenda: [{ name: 'Paint protection', amount: '799' }],
    taxes: [{ name: 'Motor vehicle excise tax', rate: '4' }],
    incentives: [
      { incentiveId: incentiveId['Toyota RAV4 customer cash'], applied: 1 },
      { incentiveId: incentiveId['Military appreciation'], applied: 0 },
      { incentiveId: incentiveId['Group loyalty cash'], applied: 1 },
    ],
    ...overrides,
  });

  it('lists the incentives the vehicle qualifies for today, largest first, those on by default marked', async () => {
    const res = await sales.act(listIncentivesForVehicle, {
      locationId: loc.ABG,
      year: rav4.year,
      make: 'Toyota',
      model: 'RAV4',
    });
    expect(
      res.body.data.incentives.map((i: { name: string; enabledByDefault: boolean }) => [i.name, i.enabledByDefault]),
    ).toEqual([
      ['Toyota RAV4 customer cash', true],
      ['Military appreciation', false],
      ['Group loyalty cash', true],
    ]);
  });

  it("keeps a quote worked out on the server, with the incentives' own amounts, and answers its page and text", async () => {
    const before = await counts();
    const res = await sales.act(saveQuote, quote());
    expect(res.status).toBe(200);
    // Savings: 1,500 dealer + 1,500 RAV4 cash + 500 loyalty = 3,500 (first responder not chosen, military off).
    // Subtotal 34,500 − 3,500 + 799 = 31,799; tax 4 % = 1,271.96; 33,070.96 → $33,071.
    // bc -l: i=0.04/12; 33071*i/(1-(1+i)^-72) = 517.4018… → $517.
    expect(res.body.data).toMatchObject({ total: 3_307_100, payment: 51_700 });
    expect(res.body.data.message).toBe(
      `Hi Maria, here is your price quote for the ${rav4.year} Toyota RAV4 XLE (stock ${rav4.stock}): $33,071, or about $517 a month. Test, Albuquerque Toyota`,
    );
    const token = res.body.data.quoteUrl.split('/quote/')[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [stored] = await t.db.select().from(salesQuotes).where(eq(salesQuotes.id, res.body.data.quoteId));
    expect(stored).toMatchObject({
      token,
      locationId: loc.ABG,
      inventoryVehicleId: rav4.id,
      trim: 'XLE',
      vin: rav4.vin,
      total: 3_307_100,
      views: 0,
    });
    expect(stored.lines.incentives).toEqual([
      {
        incentiveId: incentiveId['Toyota RAV4 customer cash'],
        name: 'Toyota RAV4 customer cash',
        amount: 150_000,
        applied: true,
      },
      {
        incentiveId: incentiveId['Military appreciation'],
        name: 'Military appreciation',
        amount: 75_000,
        applied: false,
      },
      { incentiveId: incentiveId['Group loyalty cash'], name: 'Group loyalty cash', amount: 50_000, applied: true },
    ]);
    expect(stored.figures).toMatchObject({ savings: 350_000, subtotal: 3_179_900, taxes: [{ amount: 127_196 }] });
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(14 * 86_400_000);
    expect(await counts()).toEqual({ q: before.q + 1, a: before.a + 1 });

    // The customer's page: no sign-in, that quote alone, counted.
    const page = await t.app.inject({ method: 'GET', url: `/quote/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(`Your quote: ${rav4.year} Toyota RAV4 XLE`);
    expect(page.body).toContain('$33,071');
    expect(page.body).toContain('Toyota RAV4 customer cash');
    expect(page.body).not.toContain('Military appreciation');
    expect(page.body).toContain('$517 a month for 72 months at 4.0% APR');
    const [viewed] = await t.db.select().from(salesQuotes).where(eq(salesQuotes.id, stored.id));
    expect(viewed.views).toBe(1);
    expect(viewed.firstViewedAt).not.toBeNull();
    // A link checker's HEAD and a signed-in salesperson opening it are not the customer's views.
    expect((await t.app.inject({ method: 'HEAD', url: `/quote/${token}` })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/quote/${token}`, cookies: { [SESSION_COOKIE]: sales.cookie! } }))
        .statusCode,
    ).toBe(200);
    expect((await t.db.select().from(salesQuotes).where(eq(salesQuotes.id, stored.id)))[0].views).toBe(1);

    // Texted through the messenger's one call, the link on its own line.
    const sent = await sales.act(sendText, {
      to: '(505) 555-0177',
      message: res.body.data.message,
      quoteUrl: res.body.data.quoteUrl,
      locationId: loc.ABG,
    });
    expect(sent.body.errors).toEqual([]);
    const [text] = await t.db.select().from(outbox).where(eq(outbox.to, '+15055550177'));
    expect(text.body).toBe(`${res.body.data.message}\n${res.body.data.quoteUrl}`);
  });

  it("closes an expired quote's page, and a made-up address finds nothing", async () => {
    const res = await sales.act(saveQuote, quote({ customerName: '' }));
    const token = res.body.data.quoteUrl.split('/quote/')[1];
    await t.db
      .update(salesQuotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(salesQuotes.token, token));
    const expired = await t.app.inject({ method: 'GET', url: `/quote/${token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This quote has expired');
    expect(expired.body).not.toContain('RAV4');
    expect((await t.app.inject({ method: 'GET', url: `/quote/${'A'.repeat(22)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/quote/%27%3Cscript%3E' })).statusCode).toBe(404);
  });

  it('refuses an incentive the vehicle does not qualify for, a vehicle of another store, and bad lines, keeping nothing', async () => {
    const before = await counts();
    const honda = await sales.act(
      saveQuote,
      quote({ incentives: [{ incentiveId: incentiveId['Honda CR-V finance cash'], applied: 1 }] }),
    );
    expect(honda.status).toBe(400);
    expect(honda.body.errors).toEqual([
      `Incentive ${incentiveId['Honda CR-V finance cash']} does not apply to the ${rav4.year} Toyota RAV4 XLE at Albuquerque Toyota today.`,
    ]);
    const elsewhere = await sales.act(saveQuote, quote({ locationId: loc.ABH, incentives: [] }));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.data.fields).toEqual(['inventoryVehicleId']);
    const lines = await sales.act(
      saveQuote,
      quote({
        addenda: [{ name: '', amount: '12' }],
        discounts: [{ name: 'Loyalty', amount: '12.345', optional: 0, applied: 0 }],
        taxes: [{ name: 'Tax', rate: 'lots' }],
      }),
    );
    expect(lines.status).toBe(400);
    expect(lines.body.errors).toEqual(
      expect.arrayContaining([
        'Name is required.',
        'Amount must be an amount in dollars, such as 1,234.56.',
        'Rate must be a number with at most 4 decimals.',
      ]),
    );
    expect(await counts()).toEqual(before);
  });

  it('counts an incentive once, refuses a quote below zero or for a sold vehicle, and money with stray commas, keeping nothing', async () => {
    const before = await counts();
    const cash = incentiveId['Toyota RAV4 customer cash'];
    const twice = await sales.act(
      saveQuote,
      quote({ incentives: Array.from({ length: 20 }, () => ({ incentiveId: cash, applied: 1 })) }),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([`Incentive ${cash} is in the quote twice; an incentive counts once.`]);
    const below = await sales.act(
      saveQuote,
      quote({ discounts: [{ name: 'Everything off', amount: '1,000,000', optional: 0, applied: 0 }] }),
    );
    expect(below.status).toBe(400);
    expect(below.body.data.fields).toEqual(['discounts']);
    expect(below.body.errors[0]).toMatch(
      /^The quote comes to -\$\d{1,3}(,\d{3})*: its discounts and incentives are more than the price\.$/,
    );
    const commas = await sales.act(saveQuote, quote({ price: '3,4,5,0,0' }));
    expect(commas.status).toBe(400);
    expect(commas.body.errors).toEqual(['Price must be an amount in dollars, such as 1,234.56.']);
    await t.db.update(inventoryVehicles).set({ status: 'sold' }).where(eq(inventoryVehicles.id, rav4.id));
    try {
      const sold = await sales.act(saveQuote, quote());
      expect(sold.status).toBe(400);
      expect(sold.body.errors).toEqual(['That vehicle is sold; quote one in stock.']);
    } finally {
      await t.db.update(inventoryVehicles).set({ status: 'in stock' }).where(eq(inventoryVehicles.id, rav4.id));
    }
    expect(await counts()).toEqual(before);
  });

  it('quotes a vehicle entered by hand', async () => {
    const res = await sales.act(
      saveQuote,
      quote({
        inventoryVehicleId: '',
        year: 2026,
        make: 'Honda',
        model: 'CR-V',
        trim: 'EX-L',
        locationId: loc.ABH,
        price: '37,600',
        discounts: [],
        addenda: [],
        taxes: [],
        incentives: [{ incentiveId: incentiveId['Honda CR-V finance cash'], applied: 1 }],
      }),
    );
    expect(res.status).toBe(200);
    // 37,600 − 1,000 = $36,600, untaxed here.
    expect(res.body.data.total).toBe(3_660_000);
    const [stored] = await t.db.select().from(salesQuotes).where(eq(salesQuotes.id, res.body.data.quoteId));
    expect(stored).toMatchObject({ inventoryVehicleId: null, make: 'Honda', model: 'CR-V', trim: 'EX-L', stock: '' });
  });

  it('lists the quotes made, newest first: made by me, opened or not, with the total in whole dollars', async () => {
    const mine = await sales.act(loadQuotes, { mine: '1' });
    expect(mine.status).toBe(200);
    const stored = await t.db.select().from(salesQuotes);
    const made = stored.filter((q) => q.userId === sales.userId);
    expect(mine.body.data.quoteCount).toBe(made.length);
    const [newest] = mine.body.data.rows;
    expect(newest).toMatchObject({
      vehicle: '2026 Honda CR-V EX-L',
      total: '$36,600',
      totalCents: 3_660_000,
      locationName: 'Albuquerque Honda',
      views: 0,
      firstViewedAt: null,
      userName: 'Test User ' + newest.userName!.split(' ').pop(),
    });
    const opened = await sales.act(loadQuotes, { mine: '1', viewed: '1' });
    expect(opened.body.data.rows.map((r: { views: number }) => r.views)).toEqual(
      made.filter((q) => q.firstViewedAt).map((q) => q.views),
    );
    const search = await sales.act(loadQuotes, { query: 'sandoval', locationId: loc.ABG });
    expect(search.body.data.rows.length).toBeGreaterThan(0);
    expect(search.body.data.rows.every((r: { customerName: string }) => r.customerName === 'Maria Sandoval')).toBe(
      true,
    );
    // Another salesperson's "mine" is empty; a New Mexico one sees none of Phoenix's.
    const other = await t.signedIn(['sales']);
    expect((await other.act(loadQuotes, { mine: '1' })).body.data.quoteCount).toBe(0);
  });
});
