import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { defineListAction, equals, givenFilters, matches, yesNo, type ListFilters } from '../../server/platform/lists';
import { hundredthsAsDecimal } from '../../server/platform/money';
import { withinReach } from '../../server/platform/reach';
import { insertRecord, loadRecord, refusingDuplicate, updateRecord } from '../../server/platform/records';
import { AppError } from '../../server/platform/errors';
import { searchText } from '../../server/platform/search';
import { centsToDecimal } from '../../shared/format';
import { locationRecords, locations } from '../locations/locations.db';
import { userName, users } from '../users/users.db';
import { invoiceRecords, partsCatalog as catalog, partsInvoices as invoices } from './parts.db';
import {
  addInvoice,
  invoiceColumns,
  invoiceFilters,
  invoiceTypeLabels,
  loadInvoice,
  loadInvoices,
  loadParts,
  partColumns,
  updateInvoice,
  type InvoiceInput,
  type InvoiceRecord,
} from './parts.contract';

/** The most invoices the list sums (docs/parts.md). */
const TOTAL_LIMIT = 1_000;

/** The type's label and the amount in dollars, in SQL: the html table and the CSV read only selected fields. */
const invoiceTypeLabel = sql<string>`(case ${invoices.invoiceType} ${sql.join(
  Object.entries(invoiceTypeLabels).map(([value, label]) => sql`when ${value} then ${label}`),
  sql` `,
)} else ${invoices.invoiceType} end)`;
const amountDecimal = hundredthsAsDecimal(invoices.amount);

/** The filters as SQL: the page, and the sum of the amounts beside its count. */
const invoiceConditions: ListFilters<typeof invoiceFilters> = {
  locationId: equals(invoices.locationId),
  invoiceType: equals(invoices.invoiceType),
  collected: yesNo(invoices.collected),
  // Calendar days, first and last included: an invoice's date is the day printed on it.
  minInvoiceDate: (day) => gte(invoices.invoiceDate, day),
  maxInvoiceDate: (day) => lte(invoices.invoiceDate, day),
  query: matches(invoices.search),
};

defineListAction({
  contract: loadInvoices,
  summary:
    'Parts invoices within reach, newest first: by location, type, payment, invoice dates and part of a number, name or account; with the sum of their amounts; also the CSV export.',
  permission: 'serviceAdvisor',
  reach: invoices.locationId,
  export: { filename: 'parts-invoices' },
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location, 30 days', filters: { locationId: s.locationId, minInvoiceDate: s.from, maxInvoiceDate: s.to } },
    { name: 'not collected', filters: { collected: '0' } },
    { name: 'search', filters: { query: 'garcia' } },
  ],
  columns: invoiceColumns,
  sorts: { invoiceDate: invoices.invoiceDate, invoiceNumber: invoices.invoiceNumber, amount: invoices.amount },
  defaultSort: 'invoiceDate',
  defaultDir: 'desc',
  id: { key: 'invoiceId', column: invoices.id },
  // What the matching invoices come to, in cents, summed as integers by PostgreSQL: exact. Like the
  // count it reads at most 1,001 rows, so a request costs the same however many match; past 1,000
  // invoices (the group's three years) there is no total, and the screen shows none. Read in the
  // page's own order, so from the index the page reads (a generic plan, not knowing how rare unpaid
  // invoices are, would scan the table for them); a search is planned for its term and needs no order.
  // A search the planner expects in thousands of invoices, whose count is its estimate, has no total.
  figures: ({ input, user }, { counted }) => {
    if (!counted) return { amountTotal: sql<number>`null::bigint` };
    const where = and(
      withinReach(user.reach, invoices.locationId),
      ...givenFilters(invoiceConditions, { input: input as Record<string, unknown>, user }),
    );
    return {
      amountTotal: sql<number>`(select case when count(*) <= ${sql.raw(String(TOTAL_LIMIT))} then coalesce(sum(capped.amount), 0)::bigint end
        from (select ${invoices.amount} as amount from ${invoices}${where ? sql` where ${where}` : sql``}
          ${input.query ? sql`` : sql`order by ${invoices.invoiceDate} desc, ${invoices.id} desc`} limit ${sql.raw(String(TOTAL_LIMIT + 1))}) as capped)`,
    };
  },
  filters: invoiceConditions,
  query: ({ db }) => ({
    select: db
      .select({
        invoiceId: invoices.id,
        locationId: invoices.locationId,
        locationName: locations.name,
        invoiceNumber: invoices.invoiceNumber,
        invoiceType: invoices.invoiceType,
        invoiceTypeLabel: invoiceTypeLabel.as('invoice_type_label'),
        invoiceDate: invoices.invoiceDate,
        name: invoices.name,
        account: invoices.account,
        amount: amountDecimal.as('amount_decimal'),
        amountCents: invoices.amount,
        collected: invoices.collected,
      })
      .from(invoices)
      .innerJoin(locations, eq(locations.id, invoices.locationId))
      .$dynamic(),
  }),
});

const invoiceValues = (input: InvoiceInput) => ({
  locationId: input.locationId,
  invoiceNumber: input.invoiceNumber.toUpperCase(),
  invoiceType: input.invoiceType,
  invoiceDate: input.invoiceDate,
  name: input.name,
  account: input.account ?? '',
  amount: input.amount,
  collected: input.collected,
  notes: input.notes ?? '',
});

type Ctx = Parameters<typeof loadRecord>[0];

/** An invoice number is printed once per store: a second one is a 409 naming the field. */
async function refuseTakenNumber(ctx: Ctx, input: InvoiceInput, invoiceId?: number): Promise<string> {
  const location = await loadRecord(ctx, locationRecords, input.locationId);
  const number = input.invoiceNumber.toUpperCase();
  const [clash] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.locationId, input.locationId),
        eq(invoices.invoiceNumber, number),
        invoiceId ? ne(invoices.id, invoiceId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw takenNumber(number, location.name);
  return location.name;
}

const takenNumber = (number: string, locationName: string) =>
  AppError.conflict(`Invoice ${number} is already recorded at ${locationName}.`, ['invoiceNumber']);

defineAction({
  contract: loadInvoice,
  summary: 'One parts invoice, for the edit modal.',
  permission: 'serviceAdvisor',
  reach: { invoiceId: invoiceRecords },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, invoiceRecords, ctx.input.invoiceId);
    const [[location], [creator]] = await Promise.all([
      ctx.db.select({ name: locations.name }).from(locations).where(eq(locations.id, row.locationId)),
      row.createdBy ? ctx.db.select({ name: userName }).from(users).where(eq(users.id, row.createdBy)) : [],
    ]);
    const invoice: InvoiceRecord = {
      invoiceId: row.id,
      locationId: row.locationId,
      locationName: location.name,
      invoiceNumber: row.invoiceNumber,
      invoiceType: row.invoiceType,
      invoiceTypeLabel: invoiceTypeLabels[row.invoiceType],
      invoiceDate: row.invoiceDate,
      name: row.name,
      account: row.account,
      amount: centsToDecimal(row.amount),
      amountCents: row.amount,
      collected: row.collected,
      notes: row.notes,
      createdByName: creator?.name ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
    return { invoice };
  },
});

defineAction({
  contract: addInvoice,
  summary: 'Records a parts invoice at a location; its number is unique within the store.',
  permission: 'serviceAdvisor',
  reach: {},
  async handler(ctx) {
    const locationName = await refuseTakenNumber(ctx, ctx.input);
    const created = await refusingDuplicate(
      () => insertRecord(ctx, invoiceRecords, { ...invoiceValues(ctx.input), createdBy: ctx.user.id }),
      () => takenNumber(ctx.input.invoiceNumber.toUpperCase(), locationName),
    );
    return { invoiceId: created.id };
  },
});

defineAction({
  contract: updateInvoice,
  summary: 'Saves a parts invoice: its number, type, date, customer, account, amount, payment and notes.',
  permission: 'serviceAdvisor',
  reach: { invoiceId: invoiceRecords },
  async handler(ctx) {
    const { input } = ctx;
    await loadRecord(ctx, invoiceRecords, input.invoiceId);
    const locationName = await refuseTakenNumber(ctx, input, input.invoiceId);
    await refusingDuplicate(
      () => updateRecord(ctx, invoiceRecords, input.invoiceId, invoiceValues(input)),
      () => takenNumber(input.invoiceNumber.toUpperCase(), locationName),
    );
    return { invoiceId: input.invoiceId };
  },
});

const partSearch = searchText(catalog.partNumber, catalog.description);

defineListAction({
  contract: loadParts,
  summary:
    "The group's parts catalogue by part number: by category and part of a number or description, with list prices.",
  permission: 'serviceAdvisor',
  reach: 'group',
  bench: () => [
    { name: 'all', filters: {} },
    { name: 'category', filters: { category: 'Brakes' } },
    { name: 'search', filters: { query: 'filter' } },
  ],
  columns: partColumns,
  sorts: { partNumber: catalog.partNumber, price: catalog.priceCents },
  defaultSort: 'partNumber',
  id: { key: 'partId', column: catalog.id },
  filters: { category: equals(catalog.category), query: matches(partSearch) },
  query: ({ db }) => ({
    select: db
      .select({
        partId: catalog.id,
        partNumber: catalog.partNumber,
        description: catalog.description,
        category: catalog.category,
        price: hundredthsAsDecimal(catalog.priceCents).as('price_decimal'),
        priceCents: catalog.priceCents,
      })
      .from(catalog)
      .$dynamic(),
  }),
});
