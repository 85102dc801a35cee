import { z } from 'zod';
import {
  choice,
  flag,
  id,
  int,
  optionalChoice,
  optionalDate,
  optionalId,
  optionalText,
  text,
} from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { modelYear, vinText } from '../vehicles/vehicles.contract';
import { normalizeVin } from '../vehicles/vehicles.api';

/**
 * How a store came by the vehicle (seed 002 names Early Trade, Manual Entry and Trade; the rest are
 * the other ways stores take vehicles in, docs/stock.md). It decides the form's fields.
 */
export const acquiredByValues = [
  'Purchase',
  'Trade',
  'Early Trade',
  'Auction',
  'Lease Return',
  'Dealer Trade',
  'New',
  'Manual Entry',
] as const;
export type AcquiredBy = (typeof acquiredByValues)[number];

/** What each way of acquiring a vehicle asks for beyond the VIN (seed 002, section 5). */
export const acquiredByHints: Record<AcquiredBy, string> = {
  Purchase: 'Bought from a customer outright',
  Trade: 'Traded in on a vehicle we sold: numbered after that vehicle',
  'Early Trade': 'Taken in before the deal closes: give the VIN of the vehicle being bought',
  Auction: 'Bought at auction',
  'Lease Return': 'A lease that came back to us',
  'Dealer Trade': 'Swapped with another dealer',
  New: 'New from the maker',
  'Manual Entry': 'A VIN that cannot be checked (before 1981, or not 17 characters): give the vehicle by hand',
};

/** A batch holds at most this many VINs, one per line (the issue's limit; all or nothing). */
export const MAX_BATCH = 500;
/** Trades of one deal take the letters A to Z after their parent's number. */
export const MAX_TRADE_ORDER = 26;
const STOCK_EXPORT_ROUTE = '/tools/stock-numbers/export';
const STOCK_REPORT_EXPORT_ROUTE = '/tools/stock-numbers/export-report';
export const STOCK_EXPORT_LIMIT = 5_000;

export const STOCK_GENERATED = 'Stock number generated!';
export const STOCKS_GENERATED = (count: number) => `${count} stock numbers generated!`;
export const STOCK_UPDATED = 'Stock number updated!';
export const STOCK_DELETED = 'Stock number deleted!';
export const TRADE_ADDED = 'Trade added!';

/** Lines of a batch box or the reader: trimmed, upper-cased, spaces and dashes dropped, blank lines left out (seed 002: split by line breaks). */
export const splitLines = (text: string | undefined): string[] =>
  (text ?? '').split(/\r?\n/).map(normalizeVin).filter(Boolean);
/** The reader's lines, each once, at most a batch's worth. */
export const readerTerms = (terms: string | undefined) => [...new Set(splitLines(terms))].slice(0, MAX_BATCH);
/** The reader's lines that name none of the rows read: not a stock number, a VIN or a VIN's last eight characters of any. */
export const unmatchedTerms = (terms: string[], rows: { stock: string; vin: string }[]) =>
  terms.filter(
    (term) => !rows.some((r) => r.stock === term || r.vin === term || (term.length === 8 && r.vin.endsWith(term))),
  );

/** The batch box: VINs one per line, as pasted from a spreadsheet or a scanner. */
const batchText = z
  .preprocess((v) => (Array.isArray(v) ? v.join('\n') : v), optionalText(MAX_BATCH * 20))
  .meta({ title: 'VINs' });

const optionalVin = z
  .preprocess((v) => (v === '' || v === null ? undefined : v), vinText.optional())
  .meta({ title: 'VIN' });
const stockText = z
  .preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), text(20))
  .meta({ title: 'Stock number' });

/** The vehicle by hand (Manual Entry) or as the VIN names it; the catalogue's picker fills it. */
const vehicleFields = {
  year: z.preprocess((v) => (v === '' || v === null ? undefined : v), modelYear.optional()),
  make: optionalText(60),
  model: optionalText(80),
  trim: optionalText(60),
};

/** The generate form (seed 002): one VIN, or a batch (`batchUpload`, `vins`). */
const generateInput = z.object({
  locationId: id,
  acquiredBy: choice(acquiredByValues).meta({ title: 'Acquired by' }),
  batchUpload: flag.meta({ title: 'Batch' }),
  vin: optionalVin,
  vins: batchText,
  purchaseVin: optionalVin.meta({ title: 'Purchase VIN' }),
  parent: z
    .preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v), optionalText(20))
    .meta({ title: 'Parent stock number' }),
  tradeOrder: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), int(1, MAX_TRADE_ORDER).optional())
    .meta({ title: 'Trade order' }),
  ...vehicleFields,
  /** The user saw the VIN check's warning and chose to generate anyway. */
  vinOverride: flag.meta({ title: 'Generate anyway' }),
});
export type GenerateInput = z.output<typeof generateInput>;

/** The add-trade modal: a vehicle traded in on the parent stock number. */
const addTradeInput = z.object({
  parent: stockText.meta({ title: 'Parent stock number' }),
  tradeOrder: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), int(1, MAX_TRADE_ORDER).optional())
    .meta({ title: 'Trade order' }),
  vin: vinText,
  ...vehicleFields,
  vinOverride: flag.meta({ title: 'Generate anyway' }),
});

/** The update-stock modal (payload not shown in the spec): the number and location stay; the rest may change. */
const updateStockInput = z.object({
  stockId: id,
  vin: vinText,
  acquiredBy: choice(acquiredByValues).meta({ title: 'Acquired by' }),
  purchaseVin: optionalVin.meta({ title: 'Purchase VIN' }),
  ...vehicleFields,
  vinOverride: flag.meta({ title: 'Generate anyway' }),
});

/** check-existing and vin-check take the form as it stands: one VIN or the batch. */
const vinsInput = z.object({ batchUpload: flag, vin: optionalVin, vins: batchText, locationId: optionalId });

const match = z.object({
  vin: z.string(),
  stock: z.string().nullable(),
  locationName: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** The same VIN (not only the same last eight characters). */
  perfect: z.boolean(),
  /** Outside the caller's reach: named only as "another store". */
  elsewhere: z.boolean(),
});
export type StockMatch = z.output<typeof match>;

/** A perfect match in words, the same from the server's refusal and the form's check. */
export const matchSentence = (m: StockMatch) =>
  `VIN ${m.vin} already has ${m.elsewhere ? 'a stock number at another store' : `stock number ${m.stock} (${m.locationName})`}.`;

const vinVerdict = z.object({
  vin: z.string(),
  line: z.number().int(),
  problem: z.string().nullable(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
});
export type VinVerdict = z.output<typeof vinVerdict>;

export const stockColumns: ColumnSpec[] = [
  { key: 'stock', label: 'Stock number', sortable: true },
  { key: 'vin', label: 'VIN' },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'acquiredBy', label: 'Acquired by' },
  { key: 'locationName', label: 'Location' },
  { key: 'createdAt', label: 'Created', format: 'datetime', sortable: true },
];

export const reportColumns: ColumnSpec[] = [
  { key: 'createdAt', label: 'Created', format: 'datetime', sortable: true },
  { key: 'stock', label: 'Stock number' },
  { key: 'vin', label: 'VIN' },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'acquiredBy', label: 'Acquired by' },
  { key: 'locationName', label: 'Location' },
  { key: 'createdByName', label: 'Generated by' },
  { key: 'vinOverride', label: 'VIN check overridden', format: 'flag' },
];

const stockRow = z.object({
  id: z.number().int(),
  stock: z.string(),
  vin: z.string(),
  vehicle: z.string(),
  acquiredBy: z.enum(acquiredByValues),
  locationId: z.number().int(),
  locationName: z.string(),
  parent: z.string().nullable(),
  createdAt: z.string(),
});
export type StockRow = z.output<typeof stockRow>;
const reportRow = stockRow.extend({ createdByName: z.string(), vinOverride: z.boolean() });

const stockNumber = z.object({
  id: z.number().int(),
  stock: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  vin: z.string(),
  acquiredBy: z.enum(acquiredByValues),
  purchaseVin: z.string().nullable(),
  parent: z.string().nullable(),
  tradeOrder: z.number().int().nullable(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  trim: z.string().nullable(),
  vinOverride: z.boolean(),
  batchId: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The vehicles traded in on it, by trade order. */
  trades: z.array(z.string()),
});
export type StockNumber = z.output<typeof stockNumber>;

const stockFilters = {
  /** Part of a stock number or VIN, as people read them off a windshield or a title. */
  query: optionalText(20).meta({ title: 'Search' }),
  locationId: optionalId,
  /** The start of a stock number: "ABG000" finds ABG00012 and ABG00042A. */
  stock: optionalText(20).meta({ title: 'Stock number' }),
  /** A whole VIN, or its last eight characters. */
  vin: optionalText(17).meta({ title: 'VIN' }),
  acquiredBy: optionalChoice(acquiredByValues).meta({ title: 'Acquired by' }),
};
const reportFilters = {
  locationId: optionalId,
  acquiredBy: optionalChoice(acquiredByValues).meta({ title: 'Acquired by' }),
  minCreatedAt: optionalDate.meta({ title: 'From' }),
  maxCreatedAt: optionalDate.meta({ title: 'To' }),
};
/** The reader: stock numbers, VINs or their last eight characters, one per line (docs/stock.md). */
const readerFilters = {
  terms: z
    .preprocess((v) => (Array.isArray(v) ? v.join('\n') : v), optionalText(MAX_BATCH * 20))
    .meta({ title: 'Stock numbers or VINs' }),
  locationId: optionalId,
};

export const loadStocks = listContract({
  path: 'stock-numbers/load-stocks',
  filters: stockFilters,
  row: stockRow,
  countKey: 'stockCount',
  exportRoute: STOCK_EXPORT_ROUTE,
});
export const loadReport = listContract({
  path: 'stock-numbers/load-report',
  filters: reportFilters,
  row: reportRow,
  countKey: 'stockCount',
  exportRoute: STOCK_REPORT_EXPORT_ROUTE,
});
export const readStocks = listContract({
  path: 'stock-numbers/read-stocks',
  filters: readerFilters,
  row: stockRow,
  countKey: 'stockCount',
});

export const checkExisting = defineContract({
  path: 'stock-numbers/check-existing',
  input: vinsInput,
  output: z.object({ html: z.string(), perfectMatch: z.boolean(), matches: z.array(match) }),
});
export const vinCheck = defineContract({
  path: 'stock-numbers/vin-check',
  input: vinsInput,
  output: z.object({ vins: z.array(vinVerdict), problemCount: z.number().int() }),
});
export const generateStock = defineContract({
  path: 'stock-numbers/generate',
  input: generateInput,
  output: z.object({ stock: z.union([z.string(), z.array(z.string())]) }),
});
export const addTrade = defineContract({
  path: 'stock-numbers/add-trade',
  input: addTradeInput,
  output: z.object({ stock: z.string() }),
});
export const updateStock = defineContract({
  path: 'stock-numbers/update-stock',
  input: updateStockInput,
  output: z.object({ stockNumber }),
});
export const loadStock = defineContract({
  path: 'stock-numbers/load-stock',
  input: z.object({ stock: stockText }),
  output: z.object({ stockNumber }),
});
export const deleteStock = defineContract({
  path: 'stock-numbers/delete-stock',
  input: z.object({ stockId: id }),
  output: z.object({}),
});
