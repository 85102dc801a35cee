import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex, storedSearch, storedSearchIndex } from '../../server/platform/search';
import type { InvoiceType, PartCategory } from './parts.contract';

/**
 * A parts invoice (seed 001: invoiceId, locationId, invoiceNumber, invoiceType, collected, amount,
 * account, invoiceDate, name, notes): what a store's parts counter billed, and whether it has been paid.
 */
export const partsInvoices = pgTable(
  'parts_invoices',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** As printed by the store's dealer system; unique within the store. */
    invoiceNumber: varchar('invoice_number', { length: 20 }).notNull(),
    invoiceType: varchar('invoice_type', { length: 20 }).$type<InvoiceType>().notNull(),
    /** The day on the invoice: a calendar day, not a moment. */
    invoiceDate: date('invoice_date').notNull(),
    name: text('name').notNull(),
    account: text('account').notNull().default(''),
    /** Whole cents: money is never a floating-point number. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    collected: boolean('collected').notNull().default(false),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: storedSearch((): AnyPgColumn[] => [partsInvoices.invoiceNumber, partsInvoices.name, partsInvoices.account]),
  },
  (t) => [
    uniqueIndex('parts_invoices_number_key').on(t.locationId, t.invoiceNumber),
    // The list's sorts, each with the id after it; by store and by payment for the filters used most.
    index('parts_invoices_date_idx').on(t.invoiceDate, t.id),
    index('parts_invoices_location_date_idx').on(t.locationId, t.invoiceDate, t.id),
    index('parts_invoices_collected_date_idx').on(t.collected, t.invoiceDate, t.id),
    index('parts_invoices_number_idx').on(t.invoiceNumber, t.id),
    index('parts_invoices_amount_idx').on(t.amount, t.id),
    storedSearchIndex('parts_invoices_search_idx', t.search),
  ],
);

export const invoiceRecords = defineRecords({
  table: partsInvoices,
  type: 'partsInvoice',
  key: partsInvoices.id,
  location: partsInvoices.locationId,
  missing: 'That parts invoice does not exist.',
});

/**
 * The group's parts catalogue (designed for seed 002's parts-select: docs/parts.md): what a repair
 * order's items may be chosen from, each with its list price in cents.
 */
export const partsCatalog = pgTable(
  'parts_catalog',
  {
    id: serial('id').primaryKey(),
    partNumber: varchar('part_number', { length: 30 }).notNull(),
    description: text('description').notNull(),
    category: varchar('category', { length: 30 }).$type<PartCategory>().notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('parts_catalog_number_key').on(t.partNumber),
    index('parts_catalog_number_idx').on(t.partNumber, t.id),
    index('parts_catalog_category_idx').on(t.category, t.partNumber, t.id),
    index('parts_catalog_price_idx').on(t.priceCents, t.id),
    searchIndex('parts_catalog_search_idx', t.partNumber, t.description),
  ],
);

export const catalogRecords = defineRecords({
  table: partsCatalog,
  type: 'part',
  key: partsCatalog.id,
  missing: 'That part is not in the catalogue.',
});
