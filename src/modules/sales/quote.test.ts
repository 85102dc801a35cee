import { describe, expect, it } from 'vitest';
import { quoteFigures, type QuoteLines } from './quote';

const lines = (values: Partial<QuoteLines>): QuoteLines => ({
  price: 0,
  discounts: [],
  addenda: [],
  taxes: [],
  incentives: [],
  ...values,
});

describe('the price builder quote (seed 000, section 9)', () => {
  it('the estimated payment is 72 months at 4.0 percent, to whole dollars', () => {
    // bc -l: i=0.04/12; 30000*i/(1-(1+i)^-72) = 469.3554914711 → $469.
    expect(quoteFigures(lines({ price: 3_000_000 }))).toMatchObject({ total: 3_000_000, payment: 46_900, savings: 0 });
  });

  it('discounts subtract and add to savings, optional ones only when chosen; addenda add; taxes multiply by their rate', () => {
    const figures = quoteFigures(
      lines({
        price: 3_249_500,
        discounts: [
          { name: 'Dealer discount', amount: 150_000, optional: false, applied: false },
          { name: 'Military', amount: 50_000, optional: true, applied: false },
        ],
        addenda: [{ name: 'Paint protection', amount: 79_900 }],
        incentives: [
          { incentiveId: 1, name: 'Customer cash', amount: 100_000, applied: true },
          { incentiveId: 2, name: 'Conquest', amount: 75_000, applied: false },
        ],
        taxes: [{ name: 'Motor vehicle excise tax', rate: 4 }],
      }),
    );
    // Savings 1500 + 1000 = 2500 (the military discount is not chosen, the conquest cash is off).
    // Subtotal 32495 − 2500 + 799 = 30794; tax 4 % = 1231.76; 32025.76 → $32,026.
    // bc -l: i=0.04/12; 32026*i/(1-(1+i)^-72) = 501.0526… → $501.
    expect(figures).toMatchObject({
      savings: 250_000,
      addenda: 79_900,
      subtotal: 3_079_400,
      total: 3_202_600,
      payment: 50_100,
    });
    expect(figures.taxes).toEqual([{ name: 'Motor vehicle excise tax', rate: 4, amount: 123_176 }]);
  });

  it('a chosen optional discount counts', () => {
    const figures = quoteFigures(
      lines({ price: 2_000_000, discounts: [{ name: 'Military', amount: 50_000, optional: true, applied: true }] }),
    );
    expect(figures).toMatchObject({ savings: 50_000, total: 1_950_000 });
  });

  it('the total rounds half up to whole dollars', () => {
    // 100.00 at 8.5 % = 108.50 → 109; at 8.49 % = 108.49 → 108.
    expect(quoteFigures(lines({ price: 10_000, taxes: [{ name: 'Tax', rate: 8.5 }] })).total).toBe(10_900);
    expect(quoteFigures(lines({ price: 10_000, taxes: [{ name: 'Tax', rate: 8.49 }] })).total).toBe(10_800);
  });
});
