import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { defineAction } from '../../server/platform/actions';
import { defineListAction, equals, matches } from '../../server/platform/lists';
import { insertRecord, loadRecord, updateRecord } from '../../server/platform/records';
import { searchText } from '../../server/platform/search';
import { centsToDecimal, formatMoney } from '../../shared/format';
import { appraisalRecords, appraisals } from '../appraisals/appraisals.db';
import { locations } from '../locations/locations.db';
import { userName, users } from '../users/users.db';
import { deskDeal, type DealType } from './desking';
import {
  dealColumns,
  dealFieldNames,
  dealSummary,
  deskDealContract,
  loadDeal,
  loadDeals,
  saveDeal,
  startDeal,
  type DealSource,
  type DeskDealInput,
  type SavedDeal,
} from './desking.contract';
import { dealRecords, deskingDeals as deals } from './desking.db';
import { formatDollars, quoteDealTerms, vehicleName } from './quote';
import { quoteRecords, salesQuotes } from './quotes.db';

const columns = (input: DeskDealInput) =>
  ([1, 2, 3] as const).map((n) => ({
    term: input[`term${n}`],
    rate: input[`rate${n}`],
    residual: input[`residual${n}`],
  }));

defineAction({
  contract: deskDealContract,
  permission: 'sales',
  reach: 'group',
  readOnly: true,
  summary: 'Works out a finance or lease deal in three term and rate columns (docs/sales.md, "Desking").',
  bench: () => [
    {
      name: 'a taxed lease, three columns',
      p95Ms: 20,
      input: {
        dealType: 'Lease',
        sellingPrice: '32000',
        msrp: '35000',
        acquisitionFee: '695',
        downPayment: '2000',
        tradeAllowance: '8000',
        tradePayoff: '5000',
        taxRate: '7.75',
        taxMethod: 'payment',
        term1: 24,
        term2: 36,
        term3: 48,
        rate1: '0.0029',
        rate2: '0.0029',
        rate3: '0.0029',
        residual1: 64,
        residual2: 58,
        residual3: 52,
      },
    },
  ],
  async handler({ input }) {
    return { items: deskDeal({ ...input, columns: columns(input) }) };
  },
});

// ---------------------------------------------------------------------------------------------------
// Saved deals (docs/sales.md, "Saved deals")

/** Money fields: kept in cents, shown in dollars. */
const moneyFields: ReadonlySet<string> = new Set([
  'sellingPrice',
  'msrp',
  'dealerFees',
  'governmentFees',
  'acquisitionFee',
  'rebates',
  'downPayment',
  'tradeAllowance',
  'tradePayoff',
]);

/** The tool's form values of a kept deal: every field, money back in dollars, rates and terms as typed, a blank one blank. */
function formValues(inputs: DeskDealInput): SavedDeal['values'] {
  return Object.fromEntries(
    dealFieldNames.map((name) => {
      const value = inputs[name];
      if (typeof value === 'boolean') return [name, value];
      if (value === undefined || value === null) return [name, ''];
      return [name, moneyFields.has(name) ? centsToDecimal(Number(value)) : String(value)];
    }),
  );
}

type Quote = typeof salesQuotes.$inferSelect;
type Appraisal = typeof appraisals.$inferSelect;

const quoteSource = (quote: Quote): NonNullable<DealSource> => ({
  id: quote.id,
  label: `Quote ${quote.id} · ${vehicleName(quote)} · ${formatDollars(quote.total)}`,
  href: null,
});
const appraisalSource = (appraisal: Appraisal): NonNullable<DealSource> => ({
  id: appraisal.id,
  label: `Trade-in appraisal ${appraisal.id} · ${vehicleName(appraisal)} · offered ${formatMoney(appraisal.offerCents)}`,
  href: `/clicklane/appraisals/vehicle?id=${appraisal.id}`,
});

defineAction({
  contract: startDeal,
  summary:
    'Ours: a deal started from a quote (its vehicle, customer, store, selling price, rebates and tax rate) or a trade-in appraisal (its offer as the trade allowance), for the desking tool to fill in; nothing is kept until the deal is saved.',
  permission: 'sales',
  reach: { quoteId: quoteRecords, appraisalId: appraisalRecords },
  readOnly: true,
  async handler(ctx) {
    const { quoteId, appraisalId } = ctx.input;
    const quote = quoteId ? await loadRecord(ctx, quoteRecords, quoteId) : undefined;
    const appraisal = appraisalId ? await loadRecord(ctx, appraisalRecords, appraisalId) : undefined;
    const terms = quote && quoteDealTerms(quote.lines);
    const values: Record<string, string> = {};
    if (terms) {
      values.sellingPrice = centsToDecimal(terms.sellingPrice);
      if (terms.rebates) values.rebates = centsToDecimal(terms.rebates);
      if (terms.taxRate) values.taxRate = String(terms.taxRate);
    }
    if (appraisal) values.tradeAllowance = centsToDecimal(appraisal.offerCents);
    return {
      start: {
        // The contract asks for one of the two.
        locationId: (quote ?? appraisal)!.locationId,
        customerName: quote?.customerName || appraisal?.customerName || '',
        vin: quote?.vin ?? '',
        stock: quote?.stock ?? '',
        vehicle: quote ? vehicleName(quote) : '',
        values,
        quote: quote ? quoteSource(quote) : null,
        appraisal: appraisal ? appraisalSource(appraisal) : null,
      },
    };
  },
});

/** A saved deal's quote and appraisal, named as the tool names them (each may since have been deleted). */
async function sourcesOf(db: Db, deal: { quoteId: number | null; appraisalId: number | null }) {
  const [quote] = deal.quoteId ? await db.select().from(salesQuotes).where(eq(salesQuotes.id, deal.quoteId)) : [];
  const [appraisal] = deal.appraisalId
    ? await db.select().from(appraisals).where(eq(appraisals.id, deal.appraisalId))
    : [];
  return { quote: quote ? quoteSource(quote) : null, appraisal: appraisal ? appraisalSource(appraisal) : null };
}

defineAction({
  contract: saveDeal,
  summary:
    "Keeps a desking deal (or keeps it again, `dealId`): the tool's fields, the vehicle it is on, the customer and the store; it opens again at `/sales/desking?dealId=`.",
  permission: 'sales',
  reach: { dealId: dealRecords, quoteId: quoteRecords, appraisalId: appraisalRecords },
  async handler(ctx) {
    const { dealId, locationId, customerName, vin, stock, vehicle, quoteId, appraisalId, ...deal } = ctx.input;
    if (quoteId) await loadRecord(ctx, quoteRecords, quoteId);
    if (appraisalId) await loadRecord(ctx, appraisalRecords, appraisalId);
    const values = {
      locationId,
      customerName,
      quoteId: quoteId ?? null,
      appraisalId: appraisalId ?? null,
      vin: vin ?? '',
      stock: stock?.toUpperCase() ?? '',
      vehicle: vehicle ?? '',
      dealType: deal.dealType,
      inputs: deal,
    };
    if (dealId) {
      await updateRecord(ctx, dealRecords, dealId, values);
      return { dealId };
    }
    const saved = await insertRecord(ctx, dealRecords, { ...values, createdBy: ctx.user.id });
    return { dealId: saved.id };
  },
});

defineAction({
  contract: loadDeal,
  summary: 'One saved desking deal within reach, with its fields as the tool shows them.',
  permission: 'sales',
  reach: { dealId: dealRecords },
  readOnly: true,
  async handler(ctx) {
    const deal = await loadRecord(ctx, dealRecords, ctx.input.dealId);
    const [{ locationName, createdByName }] = await ctx.db
      .select({ locationName: locations.name, createdByName: userName })
      .from(deals)
      .innerJoin(locations, eq(locations.id, deals.locationId))
      .leftJoin(users, eq(users.id, deals.createdBy))
      .where(eq(deals.id, deal.id));
    return {
      deal: {
        dealId: deal.id,
        locationId: deal.locationId,
        locationName,
        vin: deal.vin,
        stock: deal.stock,
        vehicle: deal.vehicle,
        customerName: deal.customerName,
        ...(await sourcesOf(ctx.db, deal)),
        values: formValues(deal.inputs),
        createdByName,
        createdAt: deal.createdAt.toISOString(),
        updatedAt: deal.updatedAt.toISOString(),
      },
    };
  },
});

const dealSearch = searchText(deals.customerName, deals.vin, deals.stock, deals.vehicle);

defineListAction({
  contract: loadDeals,
  summary:
    "Saved desking deals within reach, last saved first: by store, made by the caller, a VIN, or part of a customer's name, VIN, stock number or vehicle.",
  permission: 'sales',
  reach: deals.locationId,
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'mine', filters: { mine: '1' } },
    { name: 'a VIN', filters: { vin: '3TMCZ5AN1MM412733' } },
    { name: 'search', filters: { query: 'garcia' } },
  ],
  columns: dealColumns,
  sorts: { updatedAt: deals.updatedAt },
  defaultSort: 'updatedAt',
  defaultDir: 'desc',
  id: { key: 'dealId', column: deals.id },
  rowFields: (row) => ({ summary: dealSummary(row.dealType as DealType, Number(row.sellingPriceCents)) }),
  filters: {
    locationId: equals(deals.locationId),
    mine: (mine, { user }) => (mine === '1' ? eq(deals.createdBy, user.id) : undefined),
    vin: equals(deals.vin),
    query: matches(dealSearch),
  },
  query: ({ db }) => ({
    select: db
      .select({
        dealId: deals.id,
        updatedAt: deals.updatedAt,
        customerName: deals.customerName,
        vehicle: deals.vehicle,
        vin: deals.vin,
        stock: deals.stock,
        dealType: deals.dealType,
        sellingPriceCents: sql<number>`(${deals.inputs}->>'sellingPrice')::int`.as('selling_price_cents'),
        createdByName: userName.as('created_by_name'),
        locationId: deals.locationId,
        locationName: locations.name,
      })
      .from(deals)
      .innerJoin(locations, eq(locations.id, deals.locationId))
      .leftJoin(users, eq(users.id, deals.createdBy))
      .$dynamic(),
  }),
});
