import { z } from 'zod';
import { defineContract, listContract } from '../../shared/contract';
import { choice, decimal, flag, id, int, money, optionalId, optionalText, text, yesNo } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { vinText } from '../vehicles/vehicles.contract';
import { dealProblem, dealTypes, leaseTaxMethods, type DealType } from './desking';

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

/** The tool's fields, worked out as typed and kept as they are in a saved deal. */
const dealFields = {
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
};
type DealFields = z.output<z.ZodObject<typeof dealFields>>;
/** The tool's field names, in the order a deal sheet reads. */
export const dealFieldNames = Object.keys(dealFields) as (keyof DealFields)[];

/** What a deal must hold to be worked out, each fault at its field. */
function checkDeal(deal: DealFields, check: z.RefinementCtx) {
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
}

export const deskDealInput = z.object(dealFields).superRefine(checkDeal);
export type DeskDealInput = z.output<typeof deskDealInput>;

/** Seed 000: the serialized desking form in, every computed figure out by the name of its field. */
export const deskDealContract = defineContract({
  path: 'vehicles/desk-deal',
  input: deskDealInput,
  output: z.object({ items: z.record(z.string(), z.string()) }),
});

// ---------------------------------------------------------------------------------------------------
// Saved deals (docs/sales.md, "Saved deals")

export const DEAL_SAVED = 'The deal is saved.';

/** The vehicle a deal is on, as the vehicle page hands it over (each part may be missing). */
const dealVehicle = {
  vin: z.preprocess((v) => (v === '' || v == null ? undefined : v), vinText.optional()).meta({ title: 'VIN' }),
  stock: optionalText(20).meta({ title: 'Stock number' }),
  vehicle: optionalText(120),
};

/** Where a deal was started from: a quote (its vehicle and figures), a trade-in appraisal (its offer). */
const dealSources = {
  quoteId: optionalId.meta({ title: 'Quote' }),
  appraisalId: optionalId.meta({ title: 'Trade-in appraisal' }),
};

/** A deal kept, or kept again (`dealId`): the tool's fields, its vehicle, its customer and store. */
export const saveDeal = defineContract({
  path: 'sales/desking/save-deal',
  input: z
    .object({
      dealId: optionalId.meta({ title: 'Deal' }),
      locationId: id.meta({ title: 'Store' }),
      customerName: text(80).meta({ title: 'Customer' }),
      ...dealVehicle,
      ...dealSources,
      ...dealFields,
    })
    .superRefine(checkDeal),
  output: z.object({ dealId: z.number().int() }),
});

/** A quote or appraisal a deal was started from, as the tool names it ("Quote 12 · 2025 Toyota RAV4 XLE · $38,412"). */
const dealSource = z.object({ id: z.number().int(), label: z.string(), href: z.string().nullable() }).nullable();
export type DealSource = z.output<typeof dealSource>;

/**
 * Ours: what a deal started from a quote or a trade-in appraisal begins with (docs/sales.md, "Saved
 * deals"): the quote's vehicle, customer and store, its price less discounts plus addenda as the
 * selling price, its applied incentives as rebates and its taxes as one rate; the appraisal's offer
 * as the trade allowance (and its customer and store, when there is no quote).
 */
export const startDeal = defineContract({
  path: 'sales/desking/start-deal',
  input: z.object(dealSources).refine((s) => s.quoteId !== undefined || s.appraisalId !== undefined, {
    path: ['quoteId'],
    message: 'or a trade-in appraisal is required',
  }),
  output: z.object({
    start: z.object({
      locationId: z.number().int(),
      customerName: z.string(),
      vin: z.string(),
      stock: z.string(),
      vehicle: z.string(),
      /** The tool's fields it fills, as its form holds them (dollars, a rate in percent). */
      values: z.record(z.string(), z.string()),
      quote: dealSource,
      appraisal: dealSource,
    }),
  }),
});

const savedDeal = z.object({
  dealId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  vin: z.string(),
  stock: z.string(),
  vehicle: z.string(),
  customerName: z.string(),
  quote: dealSource,
  appraisal: dealSource,
  /** The tool's fields as its form holds them: dollars and rates as text, the trade's tax credit yes or no. */
  values: z.record(z.string(), z.union([z.string(), z.boolean()])),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedDeal = z.output<typeof savedDeal>;

/** One saved deal, to open it again in the tool (`/sales/desking?dealId=`). */
export const loadDeal = defineContract({
  path: 'sales/desking/load-deal',
  input: z.object({ dealId: id.meta({ title: 'Deal' }) }),
  output: z.object({ deal: savedDeal }),
});

export const dealColumns: ColumnSpec[] = [
  { key: 'updatedAt', label: 'Saved', format: 'datetime', sortable: true },
  { key: 'customerName', label: 'Customer' },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'stock', label: 'Stock number' },
  { key: 'summary', label: 'Deal' },
  { key: 'createdByName', label: 'Made by' },
  { key: 'locationName', label: 'Store' },
];

const dealRow = z.object({
  dealId: z.number().int(),
  updatedAt: z.string(),
  customerName: z.string(),
  vehicle: z.string(),
  vin: z.string(),
  stock: z.string(),
  dealType: z.enum(dealTypes),
  sellingPriceCents: z.number().int(),
  /** "Finance · $30,000". */
  summary: z.string(),
  createdByName: z.string().nullable(),
  locationId: z.number().int(),
  locationName: z.string(),
});
export type DealRow = z.output<typeof dealRow>;

/** The saved deals within reach, last saved first: by store, by who made them, by VIN, or searched. */
export const loadDeals = listContract({
  path: 'sales/desking/load-deals',
  filters: {
    query: optionalText(40).meta({ title: 'Search' }),
    locationId: optionalId.meta({ title: 'Store' }),
    mine: yesNo.meta({ title: 'Made by' }),
    vin: z.preprocess((v) => (v === '' || v == null ? undefined : v), vinText.optional()).meta({ title: 'VIN' }),
  },
  row: dealRow,
  countKey: 'dealCount',
});

/** A deal's line in a list: its kind and selling price ("Lease · $32,000"). */
export const dealSummary = (dealType: DealType, sellingPriceCents: number) =>
  `${dealType} · $${Math.round(sellingPriceCents / 100).toLocaleString('en-US')}`;
