/**
 * Insurance quotes for the lane's leads (seed 001: the quotes manager, the add-insurance quote start
 * and its start-quote call, path not shown: `clicklane/start-quote`, docs/clicklane.md). The request
 * goes to the carrier through the insurance provider; its answer comes later, read by a job.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { defineJob, enqueue } from '../../server/jobs/jobs';
import type { Db } from '../../server/db/client';
import { defineAction } from '../../server/platform/actions';
import { defineListAction, equals, fromDay, labelOf, matches, planned, toDay } from '../../server/platform/lists';
import { insertRecord, loadRecord } from '../../server/platform/records';
import type { QuoteAnswer } from '../../server/providers/insurance/insurance';
import { locations } from '../locations/locations.db';
import {
  laneLeads as leads,
  laneQuotes as quotes,
  laneVehicles as vehicles,
  leadRecords,
  quoteRecords,
} from './clicklane.db';
import {
  carrierLabels,
  coverageLabels,
  loadQuotes,
  quoteColumns,
  quoteStatusLabels,
  startQuote,
  termOf,
} from './clicklane.contract';
import { searchText } from '../../server/platform/search';
import { dollars } from './clicklane.server';

defineListAction({
  contract: loadQuotes,
  summary:
    "Insurance quotes within reach, newest first: by store, status, carrier, days asked and part of the customer's name, email or phone.",
  permission: 'marketing',
  reach: quotes.locationId,
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location, 30 days', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'waiting', filters: { status: 'requested' } },
    { name: 'search', filters: { query: 'garcia' } },
  ],
  columns: quoteColumns,
  sorts: { createdAt: quotes.createdAt },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'quoteId', column: quotes.id },
  filters: {
    locationId: equals(quotes.locationId),
    // Few quotes wait for their carrier at any time: planned for the state asked for.
    status: planned(equals(quotes.status)),
    carrier: equals(quotes.carrier),
    minCreatedAt: fromDay(quotes.createdAt),
    maxCreatedAt: toDay(quotes.createdAt),
    // The lead's text kept on the quote (migration 0043).
    query: matches(searchText(quotes.leadSearch)),
  },
  query: ({ db }) => ({
    select: db
      .select({
        quoteId: quotes.id,
        leadId: quotes.leadId,
        customerName: leads.customerName,
        carrier: quotes.carrier,
        carrierLabel: labelOf(quotes.carrier, carrierLabels).as('carrier_label'),
        coverage: quotes.coverage,
        coverageLabel: labelOf(quotes.coverage, coverageLabels).as('coverage_label'),
        termMonths: quotes.termMonths,
        premium: sql<string>`coalesce(${dollars(quotes.premiumCents)}, '')`.as('premium'),
        locationId: quotes.locationId,
        locationName: locations.name,
        status: quotes.status,
        statusLabel: labelOf(quotes.status, quoteStatusLabels).as('status_label'),
        reference: quotes.reference,
        createdAt: quotes.createdAt,
      })
      .from(quotes)
      .innerJoin(leads, eq(leads.id, quotes.leadId))
      .innerJoin(locations, eq(locations.id, quotes.locationId))
      .$dynamic(),
  }),
});

/** A carrier that has not answered in this long will not: the quote is marked failed. */
const GIVE_UP_MS = 30 * 60_000;
/** How often the job asks again while the carrier is still working. */
const ASK_AGAIN_MS = 10_000;

/** The carrier's answer onto the quote; a premium moves a lead not yet further along to quoted. */
async function recordAnswer(
  db: Db,
  quote: typeof quotes.$inferSelect,
  answer: Exclude<QuoteAnswer, { status: 'pending' }>,
) {
  await db
    .update(quotes)
    .set({
      status: answer.status,
      premiumCents: answer.status === 'quoted' ? answer.premiumCents : null,
      quotedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(quotes.id, quote.id), eq(quotes.status, 'requested')));
  if (answer.status !== 'quoted') return;
  await db
    .update(leads)
    .set({ status: 'quoted', updatedAt: sql`now()` })
    .where(and(eq(leads.id, quote.leadId), inArray(leads.status, ['new', 'contacted'])));
}

/** Asks the insurance provider for a requested quote's answer until it comes (or the carrier gives up). */
export const answerQuote = defineJob<{ quoteId: number }>({
  kind: 'clicklane.answer-quote',
  async run({ payload, db, services }) {
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, payload.quoteId));
    if (!quote || quote.status !== 'requested') return;
    const answer = await services.insurance.fetchQuote(db, quote.reference);
    if (answer.status !== 'pending') return recordAnswer(db, quote, answer);
    if (Date.now() - quote.createdAt.getTime() > GIVE_UP_MS) {
      await db
        .update(quotes)
        .set({ status: 'failed', updatedAt: sql`now()` })
        .where(and(eq(quotes.id, quote.id), eq(quotes.status, 'requested')));
      return;
    }
    return { again: new Date(Date.now() + ASK_AGAIN_MS) };
  },
});

/** What the carrier is told: the form, the customer and the car the lead picked. */
async function quoteRequest(db: Db, lead: typeof leads.$inferSelect) {
  const [[store], [vehicle]] = await Promise.all([
    db.select({ name: locations.name }).from(locations).where(eq(locations.id, lead.locationId)),
    lead.laneVehicleId
      ? db
          .select({ vin: vehicles.vin, description: vehicles.description })
          .from(vehicles)
          .where(eq(vehicles.id, lead.laneVehicleId))
      : [],
  ]);
  return {
    customer: { name: lead.customerName, email: lead.email, phone: lead.phone },
    vehicle: vehicle ?? null,
    store: store.name,
  };
}

defineAction({
  contract: startQuote,
  summary:
    "Starts an insurance quote for a lead: the carrier, coverage, term, ZIP code and the driver's date of birth go to the insurance partner; the premium arrives later.",
  permission: 'marketingOfferEditor',
  reach: { leadId: leadRecords },
  // The partner is asked with no transaction open; its reference is kept, with the job that waits
  // for the premium, once it has answered.
  outside: true,
  async handler(ctx) {
    const { input, services } = ctx;
    const lead = await loadRecord(ctx, leadRecords, input.leadId);
    const { reference } = await services.insurance.requestQuote(ctx.db, {
      carrier: input.carrier,
      coverage: input.coverage,
      termMonths: termOf(input.termMonths),
      zip: input.zip,
      dateOfBirth: input.dateOfBirth,
      ...(await quoteRequest(ctx.db, lead)),
    });
    const quote = await ctx.change(async (c) => {
      const kept = await insertRecord(c, quoteRecords, {
        leadId: lead.id,
        locationId: lead.locationId,
        carrier: input.carrier,
        coverage: input.coverage,
        termMonths: termOf(input.termMonths),
        reference,
        requestedBy: c.user.id,
      });
      const runAt = new Date(Date.now() + services.insurance.answerAfterSeconds * 1000);
      await enqueue(c.db, answerQuote, { quoteId: kept.id }, { createdBy: c.user.id, runAt });
      return kept;
    });
    return { quoteId: quote.id, reference };
  },
});
