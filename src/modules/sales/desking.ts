/**
 * The desking tool's arithmetic (seed 000, "Desk deal"; docs/sales.md, "Desking"): a finance deal by
 * amortisation, a lease by adjusted capitalised cost, residual, depreciation and rent charge, for up
 * to three term and rate columns side by side. Isomorphic and pure: the server answers
 * `vehicles/desk-deal` with it and the tests hold it to worked examples and properties.
 *
 * Money is whole cents throughout; a figure rounds to the cent (half away from zero) where a deal
 * sheet shows it, and later figures are worked from the rounded one, so what is shown adds up.
 * Tax rates are percents with up to four decimals (7.8125), kept as millionths so a tax is exact.
 */
import { centsToDecimal } from '../../shared/format';

export const dealTypes = ['Finance', 'Lease'] as const;
export type DealType = (typeof dealTypes)[number];

/**
 * How a lease is taxed, the three common state methods: each monthly payment; the selling price,
 * taxed once and capitalised; each monthly payment and the capitalised cost reduction, the latter due
 * at signing.
 */
export const leaseTaxMethods = ['payment', 'price', 'reduction'] as const;
export type LeaseTaxMethod = (typeof leaseTaxMethods)[number];
export const leaseTaxMethodLabels: Record<LeaseTaxMethod, string> = {
  payment: 'On the monthly payment',
  price: 'On the selling price',
  reduction: 'On the payment and the cap cost reduction',
};

/** Seed 000, section 9: the columns' defaults for each kind of deal. */
export const DEAL_DEFAULTS: Record<DealType, { terms: [number, number, number]; rate: number }> = {
  Lease: { terms: [24, 36, 48], rate: 0.0029 },
  Finance: { terms: [60, 72, 84], rate: 9.99 },
};
/** Ours: what a lease's residual percent starts at for each default term (typical of mainstream brands). */
export const DEFAULT_RESIDUALS: [number, number, number] = [64, 58, 52];

export interface DealColumn {
  /** Months. */
  term: number;
  /** Finance: the APR in percent (9.99). Lease: the money factor (0.0029). */
  rate: number;
  /** Lease: the residual value as a percent of MSRP. */
  residual?: number;
}

export interface Deal {
  dealType: DealType;
  sellingPrice: number;
  /** Lease: the residual is a percent of it. */
  msrp: number;
  /** The dealer's documentation and other fees: taxed, and financed or capitalised. */
  dealerFees: number;
  /** Title and registration: not taxed; financed or capitalised. */
  governmentFees: number;
  /** Lease: the lessor's acquisition fee, capitalised. */
  acquisitionFee: number;
  /** The maker's cash rebates applied to the deal (taxed before they come off, as most states do). */
  rebates: number;
  downPayment: number;
  tradeAllowance: number;
  tradePayoff: number;
  /** Percent, up to four decimals. */
  taxRate: number;
  /** Finance, and a lease taxed on its price: the trade's allowance comes off the taxed amount. */
  tradeTaxCredit: boolean;
  taxMethod: LeaseTaxMethod;
  columns: DealColumn[];
}

/** Dollars and cents as the fields show them: 123456 -> "1234.56". */
export type Items = Record<string, string>;

/** a / b rounded half away from zero, for whole a and b (b > 0): exact while |a| stays under 2^52. */
export function divideRound(a: number, b: number): number {
  const q = Math.floor(Math.abs(a) / b);
  const r = Math.abs(a) - q * b;
  const rounded = 2 * r >= b ? q + 1 : q;
  return a < 0 ? -rounded : rounded;
}

/** A fraction of cents (interest, a money factor's rent) to the cent. */
const roundCents = (cents: number): number => {
  const rounded = Math.round(Math.abs(cents) + 1e-9);
  return cents < 0 ? -rounded : rounded;
};

/** A tax on `cents` at `percent` (four decimals at most), to the cent. */
export function tax(cents: number, percent: number): number {
  return divideRound(Math.max(0, cents) * Math.round(percent * 10_000), 1_000_000);
}

/**
 * The level monthly payment that repays `principal` cents over `term` months at `apr` percent a year,
 * interest monthly on the balance: P·i / (1 − (1 + i)^−n) with i = apr / 1200; at 0 %, P / n.
 */
export function amortizedPayment(principal: number, term: number, apr: number): number {
  if (principal <= 0) return 0;
  if (apr === 0) return divideRound(principal, term);
  const i = apr / 1200;
  return roundCents((principal * i) / (1 - (1 + i) ** -term));
}

/**
 * A loan's schedule as a lender discloses it (Regulation Z, 12 CFR 1026.18): the level payment, then
 * each month's interest on the balance to the cent, and a last payment that clears what is left, so
 * the total of payments is what the borrower really pays and the finance charge is that total less
 * the amount financed. At 0 % there is no finance charge: the payments add up to the principal.
 */
export interface Schedule {
  payment: number;
  /** The last month's payment: the balance left, with its interest. */
  lastPayment: number;
  totalOfPayments: number;
  financeCharge: number;
}

/** Each month of a loan: its interest (to the cent), its payment and the balance after it. */
export function amortizationRows(principal: number, term: number, apr: number) {
  const payment = amortizedPayment(principal, term, apr);
  const i = apr / 1200;
  const rows: { interest: number; payment: number; balance: number }[] = [];
  let balance = principal;
  for (let month = 1; month <= term; month += 1) {
    const interest = roundCents(balance * i);
    // The last payment clears the balance, whatever the level payment's rounding left (and no payment
    // is more than is owed: a few cents lent over many months are repaid early).
    const owed = Math.max(0, balance + interest);
    const paid = month === term ? owed : Math.min(payment, owed);
    balance += interest - paid;
    rows.push({ interest, payment: paid, balance });
  }
  return rows;
}

export function amortize(principal: number, term: number, apr: number): Schedule {
  if (principal <= 0) return { payment: 0, lastPayment: 0, totalOfPayments: 0, financeCharge: 0 };
  const rows = amortizationRows(principal, term, apr);
  const totalOfPayments = rows.reduce((sum, row) => sum + row.payment, 0);
  return {
    payment: rows[0]!.payment,
    lastPayment: rows.at(-1)!.payment,
    totalOfPayments,
    financeCharge: totalOfPayments - principal,
  };
}

export interface FinanceFigures {
  salesTax: number;
  amountFinanced: number;
  payment: number;
  lastPayment: number;
  totalOfPayments: number;
  financeCharge: number;
  dueAtSigning: number;
}

export interface LeaseFigures {
  grossCapCost: number;
  capCostReduction: number;
  adjustedCapCost: number;
  residualValue: number;
  depreciation: number;
  rentCharge: number;
  basePayment: number;
  monthlyTax: number;
  upfrontTax: number;
  payment: number;
  totalOfPayments: number;
  dueAtSigning: number;
}

/** The trade's equity: what it is worth less what is owed on it (negative when upside down). */
const tradeEquity = (deal: Pick<Deal, 'tradeAllowance' | 'tradePayoff'>) => deal.tradeAllowance - deal.tradePayoff;

/** What a finance deal costs before the buyer's money: price, fees and sales tax (the taxed amount less the trade where credited). */
function financeCost(deal: Deal) {
  const taxed = deal.sellingPrice + deal.dealerFees - (deal.tradeTaxCredit ? deal.tradeAllowance : 0);
  const salesTax = tax(taxed, deal.taxRate);
  return { salesTax, cost: deal.sellingPrice + deal.dealerFees + deal.governmentFees + salesTax };
}

/** What the buyer puts in before anything is financed: the down payment, the rebates and the trade's equity. */
const buyersMoney = (deal: Deal) => deal.downPayment + deal.rebates + tradeEquity(deal);

export function financeColumn(deal: Deal, column: DealColumn): FinanceFigures {
  const { salesTax, cost } = financeCost(deal);
  const amountFinanced = Math.max(0, cost - buyersMoney(deal));
  return {
    salesTax,
    amountFinanced,
    ...amortize(amountFinanced, column.term, column.rate),
    dueAtSigning: deal.downPayment,
  };
}

/** The lease's gross capitalised cost and its reduction (column-free). */
function capCost(deal: Deal) {
  const equity = tradeEquity(deal);
  // Taxed once on the price (less the trade where the state credits it) and capitalised.
  const priceTax =
    deal.taxMethod === 'price'
      ? tax(deal.sellingPrice - (deal.tradeTaxCredit ? deal.tradeAllowance : 0), deal.taxRate)
      : 0;
  return {
    priceTax,
    grossCapCost:
      deal.sellingPrice + deal.dealerFees + deal.governmentFees + deal.acquisitionFee + Math.max(0, -equity) + priceTax,
    capCostReduction: deal.downPayment + deal.rebates + Math.max(0, equity),
  };
}

/** $1,234.56 for the sentences below. */
const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Why a deal cannot be worked, as a sentence on the down payment, or null: the buyer's money is more
 * than a finance deal costs with tax, or a lease's cap cost reduction more than its cap cost. A lender
 * refunds neither, and a sheet showing $0.00 a month would hide it.
 */
export function dealProblem(deal: Omit<Deal, 'columns'>): string | null {
  const full = { ...deal, columns: [] };
  if (deal.dealType === 'Lease') {
    const { grossCapCost, capCostReduction } = capCost(full);
    return capCostReduction > grossCapCost
      ? `The cap cost reduction (down payment, rebates and trade equity: ${usd(capCostReduction)}) is more than the gross cap cost (${usd(grossCapCost)}); lower the down payment to at most ${usd(Math.max(0, deal.downPayment - (capCostReduction - grossCapCost)))}.`
      : null;
  }
  const { cost } = financeCost(full);
  const paid = buyersMoney(full);
  return paid > cost
    ? `The down payment, rebates and trade equity (${usd(paid)}) are more than the cash price with tax and fees (${usd(cost)}); lower the down payment to at most ${usd(Math.max(0, deal.downPayment - (paid - cost)))}.`
    : null;
}

export function leaseColumn(deal: Deal, column: DealColumn): LeaseFigures {
  const { priceTax, grossCapCost, capCostReduction } = capCost(deal);
  const adjustedCapCost = grossCapCost - capCostReduction;
  const residualValue = divideRound(deal.msrp * Math.round((column.residual ?? 0) * 100), 10_000);
  const depreciation = divideRound(adjustedCapCost - residualValue, column.term);
  const rentCharge = roundCents((adjustedCapCost + residualValue) * column.rate);
  const basePayment = Math.max(0, depreciation + rentCharge);
  const monthlyTax = deal.taxMethod === 'price' ? 0 : tax(basePayment, deal.taxRate);
  // The cash and rebates that reduce the cap cost are taxed at signing where the state says so.
  const reductionTax = deal.taxMethod === 'reduction' ? tax(deal.downPayment + deal.rebates, deal.taxRate) : 0;
  const payment = basePayment + monthlyTax;
  return {
    grossCapCost,
    capCostReduction,
    adjustedCapCost,
    residualValue,
    depreciation,
    rentCharge,
    basePayment,
    monthlyTax,
    upfrontTax: priceTax + reductionTax,
    payment,
    totalOfPayments: payment * column.term,
    dueAtSigning: payment + deal.downPayment + reductionTax,
  };
}

/**
 * The reply of `vehicles/desk-deal`: every figure by the name of the field that shows it, the
 * column's number after it (`payment1`), in dollars and cents.
 */
export function deskDeal(deal: Deal): Items {
  const items: Items = { tradeEquity: centsToDecimal(tradeEquity(deal)) };
  deal.columns.forEach((column, index) => {
    const figures: Record<string, number> =
      deal.dealType === 'Lease' ? { ...leaseColumn(deal, column) } : { ...financeColumn(deal, column) };
    for (const [name, cents] of Object.entries(figures)) items[`${name}${index + 1}`] = centsToDecimal(cents);
    // A money factor reads as an APR of 2,400 times it (0.0029 is 6.96 %).
    if (deal.dealType === 'Lease') items[`apr${index + 1}`] = (column.rate * 2400).toFixed(2);
  });
  return items;
}
