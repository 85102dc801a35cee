import { z } from 'zod';
import {
  choice,
  date,
  id,
  money,
  optionalDate,
  optionalEmail,
  optionalId,
  optionalText,
  phone,
  text,
} from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { modelYear, vinText } from '../vehicles/vehicles.contract';

/** How the customer paid (docs/sales.md). */
export const dealTypes = ['cash', 'finance', 'lease'] as const;
export type DealType = (typeof dealTypes)[number];
export const dealTypeLabels: Record<DealType, string> = { cash: 'Cash', finance: 'Finance', lease: 'Lease' };

// Seed 000, section 8, word for word.
export const PURCHASE_ADDED = 'Purchase has been added!';
/** The most a purchase's price may be, in dollars. */
const PURCHASE_PRICE_MAX = 2_000_000;

const optionalYear = z.preprocess((v) => (v === '' || v === null ? undefined : v), modelYear.optional());
const optionalVin = z
  .preprocess((v) => (v === '' || v === null ? undefined : v), vinText.optional())
  .meta({ title: 'VIN' });

/**
 * vehicles/add-purchase (seed 000: the squad-purchase form): a vehicle the store's sales squad sold.
 * A stock number or VIN found in the store's inventory fills the year, make and model; otherwise
 * they are typed (the server says so on `year`).
 */
const purchaseInput = z
  .object({
    locationId: id,
    stock: optionalText(20).meta({ title: 'Stock number' }),
    vin: optionalVin,
    year: optionalYear,
    make: optionalText(60),
    model: optionalText(80),
    firstName: text(60),
    lastName: text(60),
    mobilePhone: phone,
    email: optionalEmail,
    salespersonId: id.meta({ title: 'Salesperson' }),
    /** A split deal credits a second salesperson. */
    secondSalespersonId: optionalId.meta({ title: 'Split with' }),
    price: money(PURCHASE_PRICE_MAX).meta({ title: 'Sale price' }),
    soldDate: date.meta({ title: 'Sold on' }),
    dealType: choice(dealTypes).meta({ title: 'Deal type' }),
  })
  .refine((p) => p.stock || p.vin, { error: 'or VIN is required', path: ['stock'] })
  .refine((p) => !p.secondSalespersonId || p.secondSalespersonId !== p.salespersonId, {
    error: 'must be another salesperson',
    path: ['secondSalespersonId'],
  });
export type PurchaseInput = z.infer<typeof purchaseInput>;

export const addPurchase = defineContract({
  path: 'vehicles/add-purchase',
  input: purchaseInput,
  output: z.object({ purchaseId: z.number().int(), contactId: z.number().int(), fromInventory: z.boolean() }),
});

const purchaseFilters = {
  /** Part of a stock number, VIN or customer's name. */
  query: optionalText(40).meta({ title: 'Search' }),
  locationId: optionalId,
  /** Credited, alone or on a split. */
  salespersonId: optionalId.meta({ title: 'Salesperson' }),
  minSoldDate: optionalDate.meta({ title: 'From' }),
  maxSoldDate: optionalDate.meta({ title: 'To' }),
};

export const purchaseColumns: ColumnSpec[] = [
  { key: 'soldDate', label: 'Sold', sortable: true, format: 'date' },
  { key: 'customerName', label: 'Customer' },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'stock', label: 'Stock' },
  { key: 'salespeople', label: 'Salespeople' },
  { key: 'dealTypeLabel', label: 'Deal' },
  { key: 'price', label: 'Price', sortable: true },
  { key: 'locationName', label: 'Location' },
];

const purchaseRow = z.object({
  purchaseId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  soldDate: z.string(),
  stock: z.string(),
  vin: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  vehicle: z.string(),
  customerName: z.string(),
  mobilePhone: z.string(),
  email: z.string(),
  contactId: z.number().int().nullable(),
  salespersonId: z.number().int(),
  secondSalespersonId: z.number().int().nullable(),
  salespeople: z.string(),
  dealType: z.enum(dealTypes),
  dealTypeLabel: z.string(),
  /** Dollars as an exact decimal; `priceCents` the same in cents. */
  price: z.string(),
  priceCents: z.number().int(),
});
export type PurchaseRow = z.output<typeof purchaseRow>;

/** The store's purchases, newest sale first (not in the spec's calls: the squad-purchase modal needs a home; docs/sales.md). */
export const loadPurchases = listContract({
  path: 'vehicles/load-purchases',
  filters: purchaseFilters,
  row: purchaseRow,
  countKey: 'purchaseCount',
});

/** A purchase's own page: its row, and who recorded it when (designed: docs/sales.md). */
const purchaseRecord = purchaseRow.extend({
  /** Filled from the store's inventory (the vehicle was marked sold there), or typed. */
  fromInventory: z.boolean(),
  recordedByName: z.string().nullable(),
  recordedAt: z.string(),
});
export type PurchaseRecord = z.output<typeof purchaseRecord>;

/** One purchase within reach, for its page. */
export const loadPurchase = defineContract({
  path: 'vehicles/load-purchase',
  input: z.object({ purchaseId: id }),
  output: z.object({ purchase: purchaseRecord }),
});

/** The address of a purchase's page. */
export const purchaseHref = (purchaseId: number) => `/sales/purchases/purchase?id=${purchaseId}`;
