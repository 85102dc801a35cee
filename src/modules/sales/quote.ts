/**
 * The price builder's quote (seed 000, section 9; docs/sales.md, "Price builder"): isomorphic, so the
 * screen shows the figures as the salesperson types and the server stores the same ones.
 * Whole cents throughout; taxes to the cent, the total to whole dollars.
 */
import { amortizedPayment, divideRound, tax } from './desking';

/** Seed 000: the estimated payment is 72 months at 4.0 percent a year. */
export const QUOTE_TERM = 72;
export const QUOTE_APR = 4.0;
/** Ours: how long a texted quote's page stays open. */
export const QUOTE_DAYS = 14;
/** Where a quote's customer page is served: `/quote/<token>`. */
export const QUOTE_PATH = '/quote';

export interface QuoteDiscount {
  name: string;
  amount: number;
  optional: boolean;
  applied: boolean;
}
export interface QuoteAddendum {
  name: string;
  amount: number;
}
export interface QuoteTax {
  name: string;
  rate: number;
}
export interface QuoteIncentive {
  incentiveId: number;
  name: string;
  amount: number;
  applied: boolean;
}

export interface QuoteLines {
  price: number;
  discounts: QuoteDiscount[];
  addenda: QuoteAddendum[];
  taxes: QuoteTax[];
  incentives: QuoteIncentive[];
}

export interface QuoteFigures {
  /** Applied discounts and incentives. */
  savings: number;
  addenda: number;
  /** Price less savings plus addenda: what the taxes are taken on. */
  subtotal: number;
  taxes: { name: string; rate: number; amount: number }[];
  /** To whole dollars. */
  total: number;
  /** A month, to whole dollars: the total over QUOTE_TERM months at QUOTE_APR. */
  payment: number;
}

/** Whole dollars, half away from zero. */
const toDollars = (cents: number) => divideRound(cents, 100) * 100;

/** A discount counts unless it is optional and not chosen; an incentive counts when chosen (those enabled by default start so). */
export const discountApplies = (d: QuoteDiscount) => !d.optional || d.applied;

export function quoteFigures(lines: QuoteLines): QuoteFigures {
  const savings =
    lines.discounts.filter(discountApplies).reduce((sum, d) => sum + d.amount, 0) +
    lines.incentives.filter((i) => i.applied).reduce((sum, i) => sum + i.amount, 0);
  const addenda = lines.addenda.reduce((sum, a) => sum + a.amount, 0);
  const subtotal = lines.price - savings + addenda;
  const taxes = lines.taxes.map((t) => ({ ...t, amount: tax(subtotal, t.rate) }));
  const total = toDollars(subtotal + taxes.reduce((sum, t) => sum + t.amount, 0));
  return {
    savings,
    addenda,
    subtotal,
    taxes,
    total,
    payment: toDollars(amortizedPayment(total, QUOTE_TERM, QUOTE_APR)),
  };
}

/**
 * What a quote hands the desking tool when a deal starts from it (docs/sales.md, "Saved deals"): the
 * selling price is its price less its discounts, plus its addenda; its incentives applied are
 * rebates; its tax lines together are one tax rate (percent, to four places).
 */
export function quoteDealTerms(lines: QuoteLines): { sellingPrice: number; rebates: number; taxRate: number } {
  const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
  return {
    sellingPrice:
      lines.price -
      sum(lines.discounts.filter(discountApplies).map((d) => d.amount)) +
      sum(lines.addenda.map((a) => a.amount)),
    rebates: sum(lines.incentives.filter((i) => i.applied).map((i) => i.amount)),
    taxRate: Number(sum(lines.taxes.map((t) => t.rate)).toFixed(4)),
  };
}

/**
 * Ours: the state's motor vehicle tax to start a quote's tax line from, without county or city taxes
 * (the salesperson edits the rate to the store's): New Mexico's excise tax, the others' state rates.
 */
export const STATE_VEHICLE_TAX: Record<string, { name: string; rate: number }> = {
  NM: { name: 'Motor vehicle excise tax', rate: 4 },
  AZ: { name: 'State sales tax', rate: 5.6 },
  CO: { name: 'State sales tax', rate: 2.9 },
  TX: { name: 'Motor vehicle sales tax', rate: 6.25 },
  NV: { name: 'State sales tax', rate: 6.85 },
};

/** The vehicle as a customer reads it: "2024 Toyota RAV4 XLE". */
/** A vehicle's columns as a quote keeps them, blanks for what it lacks. */
export const quotedVehicle = (v: {
  year: number;
  make: string;
  model: string;
  trim?: string | null;
  stock?: string | null;
  vin?: string | null;
}) => ({ year: v.year, make: v.make, model: v.model, trim: v.trim ?? '', stock: v.stock ?? '', vin: v.vin ?? '' });

export const vehicleName = (v: { year: number; make: string; model: string; trim?: string | null }) =>
  [v.year, v.make, v.model, v.trim].filter(Boolean).join(' ');

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
/** 3202600 cents -> "$32,026": the quote's total and payment are whole dollars. */
export const formatDollars = (cents: number) => wholeDollars.format(cents / 100);

/** The text that goes with the quote's link (the link follows it on its own line). */
export function quoteMessage(quote: {
  customerName?: string;
  vehicle: string;
  stock?: string;
  total: number;
  payment: number;
  from: string;
  store: string;
}): string {
  const greeting = quote.customerName ? `Hi ${quote.customerName.split(' ')[0]}, here` : 'Here';
  const stock = quote.stock ? ` (stock ${quote.stock})` : '';
  return `${greeting} is your price quote for the ${quote.vehicle}${stock}: ${formatDollars(quote.total)}, or about ${formatDollars(quote.payment)} a month. ${quote.from}, ${quote.store}`;
}
