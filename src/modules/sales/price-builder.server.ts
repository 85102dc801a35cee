import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { defineListAction, equals, fromDay, matches, present, toDay } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { loadRecord } from '../../server/platform/records';
import { withinReach } from '../../server/platform/reach';
import { containing } from '../../server/platform/search';
import { inventoryRecords, inventoryVehicles as vehicles } from '../inventory/inventory.db';
import { locationRecords, locations } from '../locations/locations.db';
import { userName, users } from '../users/users.db';
import { publicAddress } from '../../shared/address';
import { normalizeVin } from '../vehicles/vehicles.api';
import { incentivesForVehicle } from './incentives.server';
import { findQuoteVehicles, loadQuotes, quoteColumns, saveQuote } from './price-builder.contract';
import { formatDollars, QUOTE_DAYS, QUOTE_PATH, quotedVehicle, quoteFigures, quoteMessage, vehicleName } from './quote';
import { salesQuotes } from './quotes.db';

defineAction({
  contract: findQuoteVehicles,
  summary:
    "The price builder's search: vehicles in stock whose stock number or VIN contains the text, at a store or any within reach.",
  permission: 'sales',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, user }) {
    const found = await db
      .select({
        inventoryVehicleId: vehicles.id,
        year: vehicles.year,
        make: vehicles.make,
        model: vehicles.model,
        trim: sql<string>`coalesce(${vehicles.trim}, '')`,
        stock: sql<string>`coalesce(${vehicles.stock}, '')`,
        vin: sql<string>`coalesce(${vehicles.vin}, '')`,
        condition: vehicles.condition,
        mileage: vehicles.mileage,
        price: vehicles.price,
        locationId: vehicles.locationId,
        locationName: locations.name,
      })
      .from(vehicles)
      .innerJoin(locations, eq(locations.id, vehicles.locationId))
      .where(
        and(
          eq(vehicles.status, 'in stock'),
          sql`(coalesce(${vehicles.vin}, '') || ' ' || coalesce(${vehicles.stock}, '')) like ${containing(normalizeVin(input.query))}`,
          input.locationId ? eq(vehicles.locationId, input.locationId) : undefined,
          withinReach(user.reach, vehicles.locationId),
        ),
      )
      .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
      .limit(10);
    // Inventory prices are whole dollars; the quote works in cents.
    return {
      vehicles: found.map((v) => ({ ...v, vehicle: vehicleName(v), price: v.price === null ? null : v.price * 100 })),
    };
  },
});

/**
 * The incentives a quote applies: their amounts are the group's, never the screen's; one the vehicle
 * does not qualify for is refused, and each counts once.
 */
async function quotedIncentives(
  ctx: ActionContext<z.output<typeof saveQuote.input>>,
  store: { id: number; name: string; timeZone: string },
  described: Parameters<typeof vehicleName>[0],
) {
  const { db, input, services } = ctx;
  const twice = input.incentives.find(
    (given, i) => input.incentives.findIndex((other) => other.incentiveId === given.incentiveId) !== i,
  );
  if (twice)
    throw AppError.invalid(`Incentive ${twice.incentiveId} is in the quote twice; an incentive counts once.`, [
      'incentives',
    ]);
  const offered = new Map(
    (await incentivesForVehicle(db, store, described, services.clock.now())).map((i) => [i.incentiveId, i]),
  );
  return input.incentives.map(({ incentiveId, applied }) => {
    const incentive = offered.get(incentiveId);
    if (!incentive)
      throw AppError.invalid(
        `Incentive ${incentiveId} does not apply to the ${vehicleName(described)} at ${store.name} today.`,
        ['incentives'],
      );
    return { incentiveId, name: incentive.name, amount: incentive.amountCents, applied };
  });
}

type QuoteCtx = ActionContext<z.output<typeof saveQuote.input>>;
type Store = { id: number; name: string; timeZone: string };

/** The vehicle from stock the quote is for, if one was chosen: it is in stock, at the quote's store. */
async function quotedStockVehicle(ctx: QuoteCtx, store: Store) {
  const { input } = ctx;
  const vehicle = input.inventoryVehicleId ? await loadRecord(ctx, inventoryRecords, input.inventoryVehicleId) : null;
  if (vehicle && vehicle.status !== 'in stock')
    throw AppError.invalid(`That vehicle is ${vehicle.status}; quote one in stock.`, ['inventoryVehicleId']);
  if (vehicle && vehicle.locationId !== input.locationId)
    throw AppError.invalid(`That vehicle is at another store; choose ${store.name}'s or enter the vehicle by hand.`, [
      'inventoryVehicleId',
    ]);
  return vehicle;
}

type StockVehicle = Awaited<ReturnType<typeof quotedStockVehicle>>;

/** The vehicle as the quote keeps it: the stock record's when one was chosen, else as typed. */
const describedVehicle = (vehicle: StockVehicle, input: QuoteCtx['input']) => quotedVehicle(vehicle ?? input);

type Described = ReturnType<typeof describedVehicle>;

/** The quote's lines and figures; a quote whose savings are more than the price is refused. */
function pricedQuote(input: QuoteCtx['input'], incentives: Awaited<ReturnType<typeof quotedIncentives>>) {
  const lines = {
    price: input.price,
    discounts: input.discounts,
    addenda: input.addenda,
    taxes: input.taxes,
    incentives,
  };
  const figures = quoteFigures(lines);
  if (figures.total < 0)
    throw AppError.invalid(
      `The quote comes to ${formatDollars(figures.total)}: its discounts and incentives are more than the price.`,
      ['discounts'],
    );
  return { lines, figures };
}

type Priced = ReturnType<typeof pricedQuote>;

/** Keeps the quote, with the token of its customer page, and audits it. */
async function keepQuote(
  ctx: QuoteCtx,
  vehicle: StockVehicle,
  described: Described,
  { lines, figures }: Priced,
  now: Date,
  expiresAt: Date,
) {
  const { db, input, user } = ctx;
  const [quote] = await db
    .insert(salesQuotes)
    .values({
      token: randomBytes(16).toString('base64url'),
      locationId: input.locationId,
      userId: user.id,
      inventoryVehicleId: vehicle?.id ?? null,
      ...described,
      customerName: input.customerName ?? '',
      lines,
      figures,
      total: figures.total,
      createdAt: now,
      expiresAt,
    })
    .returning();
  ctx.audit({
    recordType: 'quote',
    recordId: quote.id,
    after: { locationId: quote.locationId, vehicle: vehicleName(described), total: quote.total },
  });
  return quote;
}

/** The reply: where the customer's page is, until when, the figures and the text to send with the link. */
function quoteReply(
  ctx: QuoteCtx,
  store: Store,
  described: Described,
  { figures }: Priced,
  quote: { id: number; token: string },
  expiresAt: Date,
) {
  const { input, user, services } = ctx;
  return {
    quoteId: quote.id,
    quoteUrl: publicAddress(services.config.PUBLIC_URL, `${QUOTE_PATH}/${quote.token}`),
    expiresAt: expiresAt.toISOString(),
    total: figures.total,
    payment: figures.payment,
    message: quoteMessage({
      customerName: input.customerName,
      vehicle: vehicleName(described),
      stock: described.stock,
      total: figures.total,
      payment: figures.payment,
      from: user.firstName,
      store: store.name,
    }),
  };
}

defineAction({
  contract: saveQuote,
  summary:
    'Keeps a price builder quote, worked out again on the server, and answers the address of its customer page and its text.',
  permission: 'sales',
  reach: { inventoryVehicleId: inventoryRecords },
  async handler(ctx) {
    const store = await loadRecord(ctx, locationRecords, ctx.input.locationId);
    const vehicle = await quotedStockVehicle(ctx, store);
    const described = describedVehicle(vehicle, ctx.input);
    const priced = pricedQuote(ctx.input, await quotedIncentives(ctx, store, described));
    const now = ctx.services.clock.now();
    const expiresAt = new Date(now.getTime() + QUOTE_DAYS * 86_400_000);
    const quote = await keepQuote(ctx, vehicle, described, priced, now, expiresAt);
    return quoteReply(ctx, store, described, priced, quote, expiresAt);
  },
});

defineListAction({
  contract: loadQuotes,
  summary:
    "The price builder's quotes within reach, newest first: by store, made by the caller, opened by the customer or not, days made, and part of a customer's name, make, model, stock number or VIN.",
  permission: 'sales',
  reach: salesQuotes.locationId,
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location, 30 days', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'opened', filters: { viewed: '1' } },
    { name: "a VIN's last six", filters: { query: '412733' } },
  ],
  columns: quoteColumns,
  sorts: { createdAt: salesQuotes.createdAt, total: salesQuotes.total },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'quoteId', column: salesQuotes.id },
  filters: {
    locationId: equals(salesQuotes.locationId),
    // '0' (anyone's) narrows nothing.
    mine: (mine, { user }) => (mine === '1' ? eq(salesQuotes.userId, user.id) : undefined),
    viewed: present(salesQuotes.firstViewedAt),
    // Days on the wall clock of the store filtered by (the group's without one).
    minCreatedAt: fromDay(salesQuotes.createdAt),
    maxCreatedAt: toDay(salesQuotes.createdAt),
    query: matches(salesQuotes.search),
  },
  query: ({ db }) => ({
    select: db
      .select({
        quoteId: salesQuotes.id,
        token: salesQuotes.token,
        createdAt: salesQuotes.createdAt,
        vehicle:
          sql<string>`concat_ws(' ', ${salesQuotes.year}::text, ${salesQuotes.make}, ${salesQuotes.model}, nullif(${salesQuotes.trim}, ''))`.as(
            'vehicle',
          ),
        stock: salesQuotes.stock,
        vin: salesQuotes.vin,
        customerName: salesQuotes.customerName,
        total: sql<string>`'$' || to_char(${salesQuotes.total} / 100, 'FM999,999,990')`.as('total_dollars'),
        totalCents: salesQuotes.total,
        userName: userName.as('user_name'),
        views: salesQuotes.views,
        firstViewedAt: salesQuotes.firstViewedAt,
        expiresAt: salesQuotes.expiresAt,
        expired: sql<boolean>`${salesQuotes.expiresAt} <= now()`.as('expired'),
        locationId: salesQuotes.locationId,
        locationName: locations.name,
      })
      .from(salesQuotes)
      .innerJoin(locations, eq(locations.id, salesQuotes.locationId))
      .leftJoin(users, eq(users.id, salesQuotes.userId))
      .$dynamic(),
  }),
});
