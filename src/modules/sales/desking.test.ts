import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amortizationRows,
  amortize,
  amortizedPayment,
  dealProblem,
  deskDeal,
  financeColumn,
  leaseColumn,
  tax,
  type Deal,
} from './desking';

const deal = (values: Partial<Deal>): Deal => ({
  dealType: 'Finance',
  sellingPrice: 0,
  msrp: 0,
  dealerFees: 0,
  governmentFees: 0,
  acquisitionFee: 0,
  rebates: 0,
  downPayment: 0,
  tradeAllowance: 0,
  tradePayoff: 0,
  taxRate: 0,
  tradeTaxCredit: false,
  taxMethod: 'payment',
  columns: [],
  ...values,
});

describe('worked examples (each figure computed outside this code, as its comment says)', () => {
  it('a $20,000 loan at 6 % over 60 months is $386.66 a month', () => {
    // The textbook example; bc -l: i=0.06/12; 20000*i/(1-(1+i)^-60) = 386.6560305222.
    expect(amortizedPayment(2_000_000, 60, 6)).toBe(38_666);
  });

  it('at 0 % the payment is the principal over the term', () => {
    // 10000 / 72 = 138.888…, to the cent 138.89.
    expect(amortizedPayment(1_000_000, 72, 0)).toBe(13_889);
  });

  it('a finance deal with fees, rebate, down payment, a trade with equity, taxed less the trade', () => {
    // Taxed: 30000 + 499 − 8000 = 22499; × 7 % = 1574.93.
    // Financed: 30000 + 499 + 350 + 1574.93 − 1000 − 2000 − (8000 − 5000) = 26423.93.
    // bc -l: i=0.0999/12; 26423.93*i/(1-1/(1+i)^72) = 489.3921998909.
    const figures = financeColumn(
      deal({
        sellingPrice: 3_000_000,
        dealerFees: 49_900,
        governmentFees: 35_000,
        rebates: 100_000,
        downPayment: 200_000,
        tradeAllowance: 800_000,
        tradePayoff: 500_000,
        taxRate: 7,
        tradeTaxCredit: true,
      }),
      { term: 72, rate: 9.99 },
    );
    // The lender's schedule (interest to the cent each month, the last payment clearing the balance),
    // month by month in bc -l: total of payments 35236.22, so the finance charge is 8812.29, not the
    // 8812.15 that 489.39 × 72 would say.
    expect(figures).toMatchObject({
      salesTax: 157_493,
      amountFinanced: 2_642_393,
      payment: 48_939,
      totalOfPayments: 3_523_622,
      financeCharge: 3_523_622 - 2_642_393,
    });
  });

  const lease = deal({
    dealType: 'Lease',
    msrp: 3_500_000,
    sellingPrice: 3_200_000,
    acquisitionFee: 69_500,
    downPayment: 200_000,
  });
  const column = { term: 36, rate: 0.0029, residual: 58 };

  it('a lease: residual, depreciation and rent charge', () => {
    // Residual 35000 × 58 % = 20300. Adjusted cap cost 32000 + 695 − 2000 = 30695.
    // Depreciation (30695 − 20300) / 36 = 288.75; rent (30695 + 20300) × 0.0029 = 147.8855 → 147.89.
    expect(leaseColumn(lease, column)).toMatchObject({
      grossCapCost: 3_269_500,
      capCostReduction: 200_000,
      adjustedCapCost: 3_069_500,
      residualValue: 2_030_000,
      depreciation: 28_875,
      rentCharge: 14_789,
      basePayment: 43_664,
      monthlyTax: 0,
      payment: 43_664,
      dueAtSigning: 243_664,
    });
  });

  it('a lease taxed on the monthly payment', () => {
    // 436.64 × 7.75 % = 33.8396 → 33.84; 436.64 + 33.84 = 470.48.
    expect(leaseColumn({ ...lease, taxRate: 7.75 }, column)).toMatchObject({
      monthlyTax: 3_384,
      payment: 47_048,
      upfrontTax: 0,
    });
  });

  it('a lease taxed on the selling price, capitalised', () => {
    // 32000 × 6.25 % = 2000 capitalised: adjusted 32695; depreciation (32695 − 20300) / 36 = 344.3055… → 344.31;
    // rent (32695 + 20300) × 0.0029 = 153.6855 → 153.69; payment 498.00, untaxed each month.
    expect(leaseColumn({ ...lease, taxRate: 6.25, taxMethod: 'price' }, column)).toMatchObject({
      upfrontTax: 200_000,
      adjustedCapCost: 3_269_500,
      depreciation: 34_431,
      rentCharge: 15_369,
      monthlyTax: 0,
      payment: 49_800,
    });
  });

  it('a lease taxed on the payment and the cap cost reduction, due at signing', () => {
    // 2000 × 7.25 % = 145.00 at signing; 436.64 × 7.25 % = 31.6564 → 31.66; payment 468.30;
    // due at signing 468.30 + 2000 + 145 = 2613.30.
    expect(leaseColumn({ ...lease, taxRate: 7.25, taxMethod: 'reduction' }, column)).toMatchObject({
      upfrontTax: 14_500,
      monthlyTax: 3_166,
      payment: 46_830,
      dueAtSigning: 261_330,
    });
  });

  it('a tax of four decimals is exact to the cent', () => {
    // 123.45 × 7.8125 % = 9.64453125 → 9.64; 0.10 × 5 % = 0.005 → 0.01 (half away from zero).
    expect(tax(12_345, 7.8125)).toBe(964);
    expect(tax(10, 5)).toBe(1);
  });

  it('answers each figure by its field name, column by column', () => {
    const items = deskDeal({
      ...lease,
      columns: [{ term: 24, rate: 0.0029, residual: 64 }, column, { term: 48, rate: 0.0029, residual: 52 }],
    });
    expect(items).toMatchObject({
      payment2: '436.64',
      residualValue2: '20300.00',
      rentCharge2: '147.89',
      apr2: '6.96',
      tradeEquity: '0.00',
    });
    expect(Object.keys(items)).toContain('payment3');
    const finance = deskDeal(deal({ sellingPrice: 2_000_000, columns: [{ term: 60, rate: 6 }] }));
    expect(finance).toMatchObject({ payment1: '386.66', amountFinanced1: '20000.00', financeCharge1: '3199.35' });
    // bc -l, the schedule month by month: 23199.35 in all, the last payment 386.41.
  });
});

describe("a lender's schedule, against published figures", () => {
  it("Excel's PMT example: $10,000 over 10 months at 8 % a year is $1,037.03 a month", () => {
    // Microsoft's PMT function page: =PMT(8%/12, 10, 10000) returns ($1,037.03).
    expect(amortizedPayment(1_000_000, 10, 8)).toBe(103_703);
  });

  it("numpy-financial's pmt example: $200,000 over 15 years at 7.5 % is $1,854.02 a month", () => {
    // numpy_financial.pmt's documentation: pmt(0.075/12, 12*15, 200000) = -1854.0247200054619.
    expect(amortizedPayment(20_000_000, 180, 7.5)).toBe(185_402);
  });

  it("Excel's CUMIPMT examples: a $125,000 30-year loan at 9 % pays $937.50 of interest in its first month and $11,135.23 in its second year", () => {
    // Microsoft's CUMIPMT function page: =CUMIPMT(9%/12, 360, 125000, 13, 24, 0) returns -11135.23 and
    // =CUMIPMT(9%/12, 360, 125000, 1, 1, 0) returns -937.50. Excel carries the balance unrounded; a
    // lender rounds each month's interest to the cent, which may move the year's sum by a few cents.
    const rows = amortizationRows(12_500_000, 360, 9);
    expect(rows[0]!.interest).toBe(93_750);
    const secondYear = rows.slice(12, 24).reduce((sum, row) => sum + row.interest, 0);
    expect(Math.abs(secondYear - 1_113_523)).toBeLessThanOrEqual(5);
    // The last payment leaves nothing owed.
    expect(rows.at(-1)!.balance).toBe(0);
  });

  it('at 0 % there is no finance charge: $25,000 over 60 months is 59 payments of $416.67 and a last of $416.47', () => {
    // Regulation Z (12 CFR 1026.4): the finance charge is the cost of credit; at 0 % there is none,
    // so the total of payments is the amount financed.
    expect(amortize(2_500_000, 60, 0)).toEqual({
      payment: 41_667,
      lastPayment: 41_647,
      totalOfPayments: 2_500_000,
      financeCharge: 0,
    });
  });

  it('the total of payments is the schedule, not the payment times the term', () => {
    // $50,000 over 84 months at 6.99 %, month by month in bc -l: 63368.70 in all; 1 × 754.39 + … the
    // level payment times 84 would say 63368.76.
    expect(amortize(5_000_000, 84, 6.99)).toMatchObject({ payment: 75_439, totalOfPayments: 6_336_870 });
    expect(amortize(5_000_000, 72, 9.99).totalOfPayments).toBe(6_667_484);
  });
});

describe('deals that cannot be worked are refused with a sentence', () => {
  it('a down payment above the cash price with tax', () => {
    // $21,000 at 8 % tax is $22,680 with tax: $25,000 down leaves nothing to finance.
    const problem = dealProblem(deal({ sellingPrice: 2_100_000, taxRate: 8, downPayment: 2_500_000 }));
    expect(problem).toBe(
      'The down payment, rebates and trade equity ($25,000.00) are more than the cash price with tax and fees ($22,680.00); lower the down payment to at most $22,680.00.',
    );
    expect(dealProblem(deal({ sellingPrice: 2_100_000, taxRate: 8, downPayment: 2_268_000 }))).toBeNull();
  });

  it('a lease whose cap cost reduction exceeds its cap cost', () => {
    const problem = dealProblem(
      deal({ dealType: 'Lease', msrp: 3_000_000, sellingPrice: 2_800_000, downPayment: 2_000_000, rebates: 1_000_000 }),
    );
    expect(problem).toBe(
      'The cap cost reduction (down payment, rebates and trade equity: $30,000.00) is more than the gross cap cost ($28,000.00); lower the down payment to at most $18,000.00.',
    );
  });
});

describe('properties', () => {
  const cents = (max: number) => fc.integer({ min: 0, max });
  const finance = fc.record({
    sellingPrice: cents(20_000_000),
    dealerFees: cents(200_000),
    governmentFees: cents(200_000),
    rebates: cents(500_000),
    downPayment: cents(2_000_000),
    tradeAllowance: cents(3_000_000),
    tradePayoff: cents(3_000_000),
    taxRate: fc.integer({ min: 0, max: 120_000 }).map((n) => n / 10_000),
    tradeTaxCredit: fc.boolean(),
  });
  const term = fc.integer({ min: 12, max: 96 });

  it('payments repay the loan: payment × term ≥ amount financed when the rate is positive', () => {
    // Each payment is rounded to the nearest cent, so a loan whose interest comes to less than half a
    // cent a month (cents lent, or a rate near 0 %) could fall short by the rounding alone: from $100
    // at a dealer's rates (1 % and up) it never does, and at any rate it falls short by rounding only.
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 20_000_000 }),
        term,
        fc.integer({ min: 100, max: 3_000 }).map((n) => n / 100),
        (principal, n, apr) => {
          expect(amortizedPayment(principal, n, apr) * n).toBeGreaterThanOrEqual(principal);
        },
      ),
    );
    fc.assert(
      fc.property(
        cents(20_000_000),
        term,
        fc.integer({ min: 1, max: 3_000 }).map((n) => n / 100),
        (principal, n, apr) => {
          expect(amortizedPayment(principal, n, apr) * n).toBeGreaterThanOrEqual(principal - n / 2);
        },
      ),
    );
  });

  it('the schedule repays the loan exactly: the balance ends at 0, and at rate 0 the total is the principal', () => {
    fc.assert(
      fc.property(
        cents(20_000_000),
        term,
        fc.integer({ min: 0, max: 3_000 }).map((n) => n / 100),
        (p, n, apr) => {
          const rows = amortizationRows(p, n, apr);
          expect(rows.at(-1)!.balance).toBe(0);
          const schedule = amortize(p, n, apr);
          expect(schedule.financeCharge).toBeGreaterThanOrEqual(0);
          if (apr === 0 && p > 0) expect(schedule.totalOfPayments).toBe(p);
        },
      ),
    );
  });

  it('at rate 0 the payment is exactly the principal over the term, to the cent', () => {
    fc.assert(
      fc.property(cents(20_000_000), term, (principal, n) => {
        const payment = amortizedPayment(principal, n, 0);
        expect(Math.abs(payment * n - principal)).toBeLessThanOrEqual(n / 2);
        expect(payment).toBe(Math.round(principal / n));
      }),
    );
  });

  it('more down payment never raises the payment, financed or leased, however taxed', () => {
    fc.assert(
      fc.property(
        finance,
        cents(1_000_000),
        term,
        fc.constantFrom('payment', 'price', 'reduction') as fc.Arbitrary<Deal['taxMethod']>,
        fc.integer({ min: 0, max: 40 }).map((n) => n / 10_000),
        fc.integer({ min: 30, max: 75 }),
        (values, more, n, taxMethod, mf, residual) => {
          const base = deal({ ...values, taxMethod, msrp: values.sellingPrice });
          const richer = { ...base, downPayment: base.downPayment + more };
          expect(financeColumn(richer, { term: n, rate: 7.9 }).payment).toBeLessThanOrEqual(
            financeColumn(base, { term: n, rate: 7.9 }).payment,
          );
          const column = { term: n, rate: mf, residual };
          expect(leaseColumn({ ...richer, dealType: 'Lease' }, column).payment).toBeLessThanOrEqual(
            leaseColumn({ ...base, dealType: 'Lease' }, column).payment,
          );
        },
      ),
    );
  });

  it('every figure is a whole number of cents', () => {
    fc.assert(
      fc.property(
        finance,
        term,
        fc.integer({ min: 0, max: 2_500 }).map((n) => n / 100),
        (values, n, apr) => {
          for (const figure of Object.values(financeColumn(deal(values), { term: n, rate: apr })))
            expect(Number.isInteger(figure)).toBe(true);
          const leased = leaseColumn(deal({ ...values, dealType: 'Lease', msrp: values.sellingPrice }), {
            term: n,
            rate: apr / 2400,
            residual: 55.5,
          });
          for (const figure of Object.values(leased)) expect(Number.isInteger(figure)).toBe(true);
          for (const value of Object.values(deskDeal(deal({ ...values, columns: [{ term: n, rate: apr }] }))))
            expect(value).toMatch(/^-?\d+\.\d{2}$/);
        },
      ),
    );
  });
});
