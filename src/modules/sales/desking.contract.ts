import { z } from 'zod';
import { defineContract } from '../../shared/contract';
import { choice, decimal, flag, int, money } from '../../shared/fields';
import { dealProblem, dealTypes, leaseTaxMethods } from './desking';

/** A money field of the deal: blank is nothing ($0), as on a deal sheet. */
const amount = (title: string) =>
  z.preprocess((v) => (v === '' || v == null ? 0 : v), money(1_000_000)).meta({ title });

const columnFields = Object.fromEntries(
  [1, 2, 3].flatMap((n) => [
    [`term${n}`, int(1, 120).meta({ title: `Term ${n}` })],
    [`rate${n}`, decimal(0, 40, 6).meta({ title: `Rate ${n}` })],
    [
      `residual${n}`,
      z.preprocess((v) => (v === '' ? undefined : v), decimal(1, 100, 2).optional()).meta({ title: `Residual ${n}` }),
    ],
  ]),
) as Record<`term${1 | 2 | 3}` | `rate${1 | 2 | 3}`, ReturnType<typeof int>> &
  Record<`residual${1 | 2 | 3}`, z.ZodType<number | undefined>>;

/** The highest money factor a lease takes (an APR of 24 %); a rate above it is an APR typed by mistake. */
const MAX_MONEY_FACTOR = 0.01;

export const deskDealInput = z
  .object({
    dealType: choice(dealTypes).meta({ title: 'Deal type' }),
    sellingPrice: amount('Selling price'),
    msrp: amount('MSRP'),
    dealerFees: amount('Dealer fees'),
    governmentFees: amount('Title and registration'),
    acquisitionFee: amount('Acquisition fee'),
    rebates: amount('Rebates'),
    downPayment: amount('Down payment'),
    tradeAllowance: amount('Trade allowance'),
    tradePayoff: amount('Trade payoff'),
    taxRate: z.preprocess((v) => (v === '' || v == null ? 0 : v), decimal(0, 15, 4)).meta({ title: 'Tax rate' }),
    taxMethod: z
      .preprocess((v) => (v === '' || v == null ? 'payment' : v), choice(leaseTaxMethods))
      .meta({ title: 'Lease tax' }),
    tradeTaxCredit: flag.meta({ title: 'Tax credit for the trade' }),
    ...columnFields,
  })
  .superRefine((deal, check) => {
    // More money down than the deal costs is refused with the sentence, not shown as $0.00 a month.
    const problem = dealProblem(deal);
    if (problem) check.addIssue({ code: 'custom', path: ['downPayment'], message: problem });
    if (deal.dealType !== 'Lease') return;
    if (deal.msrp === 0) check.addIssue({ code: 'custom', path: ['msrp'], message: 'is required for a lease' });
    for (const n of [1, 2, 3] as const) {
      if (deal[`rate${n}`] > MAX_MONEY_FACTOR)
        check.addIssue({
          code: 'custom',
          path: [`rate${n}`],
          message: 'must be a money factor such as 0.0029 for a lease',
        });
      if (deal[`residual${n}`] === undefined)
        check.addIssue({ code: 'custom', path: [`residual${n}`], message: 'is required for a lease' });
    }
  });
export type DeskDealInput = z.output<typeof deskDealInput>;

/** Seed 000: the serialized desking form in, every computed figure out by the name of its field. */
export const deskDealContract = defineContract({
  path: 'vehicles/desk-deal',
  input: deskDealInput,
  output: z.object({ items: z.record(z.string(), z.string()) }),
});
