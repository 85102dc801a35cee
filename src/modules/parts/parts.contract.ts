import { z } from 'zod';
import {
  choice,
  date,
  flag,
  id,
  money,
  optionalChoice,
  optionalDate,
  optionalId,
  optionalText,
  text,
  yesNo,
} from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';

/**
 * What a parts counter bills (seed 001 names the field, not its values: docs/parts.md): a customer
 * paying at the counter or on a repair order, a warranty claim, the dealership's own shop, a sale to
 * another shop, and parts a customer brought back.
 */
export const invoiceTypes = ['counter', 'repair order', 'warranty', 'internal', 'wholesale', 'return'] as const;
export type InvoiceType = (typeof invoiceTypes)[number];
export const invoiceTypeLabels: Record<InvoiceType, string> = {
  counter: 'Counter sale',
  'repair order': 'Repair order',
  warranty: 'Warranty',
  internal: 'Internal',
  wholesale: 'Wholesale',
  return: 'Return',
};

const INVOICE_NUMBER_MAX = 20;
export const NOTES_MAX = 2_000;

/** The add and update form (seed 001, "Parts invoice"); the amount is typed in dollars and kept in cents. */
export const invoiceInput = z.object({
  locationId: id,
  invoiceNumber: text(INVOICE_NUMBER_MAX),
  invoiceType: choice(invoiceTypes),
  invoiceDate: date,
  name: text(120).meta({ title: 'Customer' }),
  account: optionalText(40),
  amount: money(),
  collected: flag,
  notes: optionalText(NOTES_MAX),
});
export type InvoiceInput = z.infer<typeof invoiceInput>;
const updateInvoiceInput = invoiceInput.extend({ invoiceId: id });
const invoiceIdInput = z.object({ invoiceId: id });

export const invoiceFilters = {
  /** Part of an invoice number, a customer's name or an account. */
  query: optionalText(40).meta({ title: 'Search' }),
  locationId: optionalId,
  invoiceType: optionalChoice(invoiceTypes).meta({ title: 'Type' }),
  collected: yesNo.meta({ title: 'Payment' }),
  minInvoiceDate: optionalDate.meta({ title: 'From' }),
  maxInvoiceDate: optionalDate.meta({ title: 'To' }),
};

/** The list's columns, and the CSV's. */
export const invoiceColumns: ColumnSpec[] = [
  { key: 'invoiceNumber', label: 'Invoice', sortable: true },
  { key: 'invoiceDate', label: 'Date', sortable: true, format: 'date' },
  { key: 'invoiceTypeLabel', label: 'Type' },
  { key: 'name', label: 'Customer' },
  { key: 'account', label: 'Account' },
  { key: 'amount', label: 'Amount', sortable: true },
  { key: 'collected', label: 'Collected', format: 'flag' },
  { key: 'locationName', label: 'Location' },
];

const invoiceRow = z.object({
  invoiceId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  invoiceNumber: z.string(),
  invoiceType: z.enum(invoiceTypes),
  invoiceTypeLabel: z.string(),
  invoiceDate: z.string(),
  name: z.string(),
  account: z.string(),
  /** Dollars as a plain decimal ("1234.50"), exact; `amountCents` is the same in whole cents. */
  amount: z.string(),
  amountCents: z.number().int(),
  collected: z.boolean(),
});
export type InvoiceRow = z.output<typeof invoiceRow>;

const invoice = invoiceRow.extend({
  notes: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceRecord = z.output<typeof invoice>;

const EXPORT_ROUTE = '/tools/parts-invoices/export';

/**
 * Parts invoices within reach, newest invoice date first (seed 001 does not show the reply: an
 * `invoiceCount`, the rows and `html` as every list, and `amountTotal`, the matching invoices' sum in cents, or
 * null past 1,000 invoices).
 */
export const loadInvoices = listContract({
  path: 'service/parts-invoices/load-all',
  filters: invoiceFilters,
  row: invoiceRow,
  countKey: 'invoiceCount',
  exportRoute: EXPORT_ROUTE,
});
export const loadInvoice = defineContract({
  path: 'service/parts-invoices/load',
  input: invoiceIdInput,
  output: z.object({ invoice }),
});
export const addInvoice = defineContract({
  path: 'service/parts-invoices/add',
  input: invoiceInput,
  output: z.object({ invoiceId: z.number().int() }),
});
export const updateInvoice = defineContract({
  path: 'service/parts-invoices/update',
  input: updateInvoiceInput,
  output: z.object({ invoiceId: z.number().int() }),
});

// Not in the spec (its form only reports success): docs/parts.md.
export const INVOICE_ADDED = 'Parts invoice added.';
export const INVOICE_UPDATED = 'Parts invoice saved.';

/** The catalogue's categories, as the parts counter shelves them (docs/parts.md). */
export const partCategories = [
  'Brakes',
  'Filters',
  'Fluids',
  'Electrical',
  'Engine',
  'Wipers',
  'Tires',
  'Suspension',
] as const;
export type PartCategory = (typeof partCategories)[number];

const partFilters = {
  /** Part of a part number or description. */
  query: optionalText(60).meta({ title: 'Search' }),
  category: optionalChoice(partCategories),
};

export const partColumns: ColumnSpec[] = [
  { key: 'partNumber', label: 'Part number', sortable: true },
  { key: 'description', label: 'Description' },
  { key: 'category', label: 'Category' },
  { key: 'price', label: 'Price', sortable: true },
];

const partRow = z.object({
  partId: z.number().int(),
  partNumber: z.string(),
  description: z.string(),
  category: z.enum(partCategories),
  /** Dollars as an exact decimal; `priceCents` the same in cents. */
  price: z.string(),
  priceCents: z.number().int(),
});
export type PartRow = z.output<typeof partRow>;

/** The parts catalogue, by part number (not in the spec's calls: parts-select needs a source; docs/parts.md). */
export const loadParts = listContract({
  path: 'service/parts/load-parts',
  filters: partFilters,
  row: partRow,
  countKey: 'partCount',
});
