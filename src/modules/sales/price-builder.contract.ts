import { z } from 'zod';
import { defineContract, listContract } from '../../shared/contract';
import type { ColumnSpec } from '../../shared/lists';
import {
  decimal,
  flag,
  id,
  list,
  money,
  optionalDate,
  optionalId,
  optionalText,
  text,
  yesNo,
} from '../../shared/fields';
import { modelYear } from '../vehicles/vehicles.contract';

/** Seed 000, section 9: what the quote modal and the copy button say. */
export const QUOTE_SENT = 'Quote sent!';
export const TEXT_COPIED = 'Text saved to clipboard.';

/** The search form (it submits on Enter): part of a stock number or VIN, at one store or any within reach. */
export const findQuoteVehicles = defineContract({
  path: 'sales/price-builder/find-vehicles',
  input: z.object({ query: text(20).meta({ title: 'Stock number or VIN' }), locationId: optionalId }),
  output: z.object({
    vehicles: z.array(
      z.object({
        inventoryVehicleId: z.number().int(),
        vehicle: z.string(),
        year: z.number().int(),
        make: z.string(),
        model: z.string(),
        trim: z.string(),
        stock: z.string(),
        vin: z.string(),
        condition: z.string(),
        mileage: z.number().int().nullable(),
        /** Cents; null when the store has not priced it. */
        price: z.number().int().nullable(),
        locationId: z.number().int(),
        locationName: z.string(),
      }),
    ),
  }),
});

const lineName = text(60).meta({ title: 'Name' });

/** What the salesperson built; the server works the figures out again and keeps them with the quote. */
export const quoteInput = z.object({
  locationId: id.meta({ title: 'Location' }),
  inventoryVehicleId: optionalId,
  year: modelYear,
  make: text(60),
  model: text(80),
  trim: optionalText(80),
  stock: optionalText(20).meta({ title: 'Stock number' }),
  vin: optionalText(17).meta({ title: 'VIN' }),
  customerName: optionalText(80).meta({ title: 'Customer' }),
  price: money(1_000_000),
  discounts: list(z.object({ name: lineName, amount: money(1_000_000), optional: flag, applied: flag }), 20),
  addenda: list(z.object({ name: lineName, amount: money(1_000_000) }), 20),
  taxes: list(z.object({ name: lineName, rate: decimal(0, 15, 4).meta({ title: 'Rate' }) }), 5),
  /** The incentives the vehicle qualifies for and whether each is applied; amounts are the server's. */
  incentives: list(z.object({ incentiveId: id, applied: flag }), 20),
});
export type QuoteInput = z.input<typeof quoteInput>;

/** Keeps the quote and answers its customer page's address and the text that goes with it. */
export const saveQuote = defineContract({
  path: 'sales/price-builder/save-quote',
  input: quoteInput,
  output: z.object({
    quoteId: z.number().int(),
    quoteUrl: z.string(),
    expiresAt: z.string(),
    message: z.string(),
    total: z.number().int(),
    payment: z.number().int(),
  }),
});

/** The quotes made (docs/sales.md): who made which, for whom, and whether the customer has opened it. */
const quoteFilters = {
  query: optionalText(40).meta({ title: 'Search' }),
  locationId: optionalId,
  mine: yesNo.meta({ title: 'Made by' }),
  viewed: yesNo.meta({ title: 'Opened' }),
  minCreatedAt: optionalDate.meta({ title: 'From' }),
  maxCreatedAt: optionalDate.meta({ title: 'To' }),
};

export const quoteColumns: ColumnSpec[] = [
  { key: 'createdAt', label: 'Made', format: 'datetime', sortable: true },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'stock', label: 'Stock number' },
  { key: 'customerName', label: 'Customer' },
  { key: 'total', label: 'Total', sortable: true },
  { key: 'userName', label: 'Made by' },
  { key: 'views', label: 'Opened', format: 'number' },
  { key: 'expiresAt', label: 'Good until', format: 'date' },
  { key: 'locationName', label: 'Location' },
];

const quoteRow = z.object({
  quoteId: z.number().int(),
  token: z.string(),
  createdAt: z.string(),
  vehicle: z.string(),
  stock: z.string(),
  /** '' when quoted from a model without a VIN. */
  vin: z.string(),
  customerName: z.string(),
  /** Whole dollars as the customer saw it ("$32,240"); `totalCents` the same in cents. */
  total: z.string(),
  totalCents: z.number().int(),
  userName: z.string().nullable(),
  views: z.number().int(),
  firstViewedAt: z.string().nullable(),
  expiresAt: z.string(),
  expired: z.boolean(),
  locationId: z.number().int(),
  locationName: z.string(),
});

export const loadQuotes = listContract({
  path: 'sales/price-builder/load-quotes',
  filters: quoteFilters,
  row: quoteRow,
  countKey: 'quoteCount',
});
