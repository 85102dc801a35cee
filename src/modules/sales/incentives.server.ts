import { and, desc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { dayIn } from '../../server/platform/days';
import { defineListAction, equals, labelOf, matches, yesNo } from '../../server/platform/lists';
import { hundredthsAsDecimal } from '../../server/platform/money';
import { withinReach } from '../../server/platform/reach';
import { deleteRecord, insertRecord, loadRecord, updateRecord } from '../../server/platform/records';
import { searchText } from '../../server/platform/search';
import type { Db } from '../../server/db/client';
import type { Reach } from '../../shared/session';
import { locationRecords, locations } from '../locations/locations.db';
import { userName, users } from '../users/users.db';
import {
  addIncentive,
  deleteIncentive,
  incentiveColumns,
  incentiveTypeLabels,
  listIncentivesForVehicle,
  loadIncentive,
  loadIncentives,
  saveIncentive,
  type IncentiveInput,
  type IncentiveRecord,
} from './incentives.contract';
import { incentiveRecords, incentives } from './incentives.db';

/** What a row without a store says in the Location column. */
const WHOLE_GROUP = 'Whole group';

const incentiveSearch = searchText(incentives.name);

/** The vehicles an incentive applies to, in words (the list's column and its CSV). */
const vehicleLabel = sql<string>`(case when ${incentives.minYear} = ${incentives.maxYear} then ${incentives.minYear}::text
  else ${incentives.minYear}::text || '–' || ${incentives.maxYear}::text end
  || case when ${incentives.make} = '' then ', any make'
     else ' ' || ${incentives.make} || case when ${incentives.model} = '' then ' (any model)' else ' ' || ${incentives.model} end end)`;

/** An incentive as the list and the edit modal read it. */
const incentiveFields = {
  incentiveId: incentives.id,
  name: incentives.name,
  type: incentives.type,
  typeLabel: labelOf(incentives.type, incentiveTypeLabels).as('type_label'),
  amount: hundredthsAsDecimal(incentives.amountCents).as('amount_decimal'),
  amountCents: incentives.amountCents,
  minYear: incentives.minYear,
  maxYear: incentives.maxYear,
  make: incentives.make,
  model: incentives.model,
  vehicle: vehicleLabel.as('vehicle'),
  locationId: incentives.locationId,
  locationName: sql<string>`coalesce(${locations.name}, ${WHOLE_GROUP})`.as('location_name'),
  startDate: incentives.startDate,
  endDate: incentives.endDate,
  active: incentives.active,
  enabledByDefault: incentives.enabledByDefault,
};

/** A store's and the group's incentives: the rows a user of some stores sees (the group's are everyone's). */
const reachable = (reach: Reach): SQL | undefined => {
  const stores = withinReach(reach, incentives.locationId);
  return stores ? or(isNull(incentives.locationId), stores) : undefined;
};

defineListAction({
  contract: loadIncentives,
  summary:
    "Vehicle incentives: a store's own and the group's, by store, status, type, a day they run on and part of their name; newest start first.",
  permission: 'sales',
  // The group's incentives (no store) are everyone's; a store's only within reach (the query's own condition).
  reach: 'group',
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'location, current', filters: { locationId: s.locationId, currentOn: s.to, active: '1' } },
    { name: 'active, by amount', filters: { active: '1', sort: 'amount', dir: 'desc' } },
    { name: 'search', filters: { query: 'loyalty' } },
  ],
  columns: incentiveColumns,
  sorts: {
    startDate: incentives.startDate,
    endDate: incentives.endDate,
    name: incentives.name,
    amount: incentives.amountCents,
  },
  defaultSort: 'startDate',
  defaultDir: 'desc',
  id: { key: 'incentiveId', column: incentives.id },
  filters: {
    // A store's own incentives and the group's.
    locationId: (locationId) => or(eq(incentives.locationId, locationId), isNull(incentives.locationId)),
    active: yesNo(incentives.active),
    type: equals(incentives.type),
    currentOn: (day) => and(lte(incentives.startDate, day), gte(incentives.endDate, day)),
    query: matches(incentiveSearch),
  },
  query: ({ db, user }) => ({
    select: db
      .select(incentiveFields)
      .from(incentives)
      .leftJoin(locations, eq(locations.id, incentives.locationId))
      .$dynamic(),
    where: reachable(user.reach),
  }),
});

type Ctx = Parameters<typeof loadRecord>[0];

/**
 * The group's incentives apply at every store: only a manager who reaches every store sets one (a
 * store's manager sets their own store's). A store outside reach is the platform's 404 before this.
 */
function refuseGroupWide(ctx: Ctx, input: IncentiveInput) {
  if (input.locationId === undefined && ctx.user.reach !== 'group') {
    throw new AppError(403, 'Choose your store: an incentive for the whole group is set by a manager of every store.', [
      'locationId',
    ]);
  }
}

const incentiveValues = (input: IncentiveInput) => ({
  locationId: input.locationId ?? null,
  name: input.name,
  type: input.type,
  amountCents: input.amount,
  minYear: input.minYear,
  maxYear: input.maxYear,
  make: input.make ?? '',
  model: input.model ?? '',
  startDate: input.startDate,
  endDate: input.endDate,
  description: input.description ?? '',
  active: input.active,
  enabledByDefault: input.enabledByDefault,
});

defineAction({
  contract: loadIncentive,
  summary: "One incentive, for the edit modal: a store's within reach, or the group's.",
  permission: 'sales',
  // The group's incentives are everyone's to read: the handler's own condition keeps a store's within reach.
  reach: 'query',
  readOnly: true,
  async handler(ctx) {
    const [row] = await ctx.db
      .select({
        ...incentiveFields,
        description: incentives.description,
        createdByName: userName,
        createdAt: incentives.createdAt,
        updatedAt: incentives.updatedAt,
      })
      .from(incentives)
      .leftJoin(locations, eq(locations.id, incentives.locationId))
      .leftJoin(users, eq(users.id, incentives.createdBy))
      .where(and(eq(incentives.id, ctx.input.incentiveId), reachable(ctx.user.reach)))
      .limit(1);
    if (!row) throw AppError.notFound(incentiveRecords.missing);
    const incentive: IncentiveRecord = {
      ...row,
      createdByName: row.createdByName ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
    return { incentive };
  },
});

defineAction({
  contract: addIncentive,
  summary: 'Adds an incentive at a store, or for the whole group (a manager of every store).',
  permission: 'salesManager',
  reach: {},
  async handler(ctx) {
    refuseGroupWide(ctx, ctx.input);
    if (ctx.input.locationId) await loadRecord(ctx, locationRecords, ctx.input.locationId);
    const created = await insertRecord(ctx, incentiveRecords, {
      ...incentiveValues(ctx.input),
      createdBy: ctx.user.id,
    });
    return { incentiveId: created.id };
  },
});

defineAction({
  contract: saveIncentive,
  summary: 'Saves an incentive: its name, amount, type, store, vehicles, days, terms and flags.',
  permission: 'salesManager',
  reach: { incentiveId: incentiveRecords },
  async handler(ctx) {
    const { input } = ctx;
    await loadRecord(ctx, incentiveRecords, input.incentiveId);
    refuseGroupWide(ctx, input);
    if (input.locationId) await loadRecord(ctx, locationRecords, input.locationId);
    await updateRecord(ctx, incentiveRecords, input.incentiveId, incentiveValues(input));
    return { incentiveId: input.incentiveId };
  },
});

defineAction({
  contract: deleteIncentive,
  summary: 'Deletes an incentive (after the screen has asked).',
  permission: 'salesManager',
  reach: { incentiveId: incentiveRecords },
  async handler(ctx) {
    await deleteRecord(ctx, incentiveRecords, ctx.input.incentiveId);
    return {};
  },
});

/**
 * The active incentives for a vehicle at a store on the store's today: the store's and the group's,
 * the year in range, make and model matching or left blank (any); largest first. The price builder's
 * question, and what its saved quote prices incentives by.
 */
export async function incentivesForVehicle(
  db: Db,
  location: { id: number; timeZone: string },
  vehicle: { year: number; make?: string; model?: string },
  now: Date,
) {
  const today = dayIn(location.timeZone, now);
  const make = (vehicle.make ?? '').toLowerCase();
  const model = (vehicle.model ?? '').toLowerCase();
  return db
    .select({
      incentiveId: incentives.id,
      name: incentives.name,
      type: incentives.type,
      amountCents: incentives.amountCents,
      enabledByDefault: incentives.enabledByDefault,
    })
    .from(incentives)
    .where(
      and(
        or(eq(incentives.locationId, location.id), isNull(incentives.locationId)),
        eq(incentives.active, true),
        lte(incentives.startDate, today),
        gte(incentives.endDate, today),
        lte(incentives.minYear, vehicle.year),
        gte(incentives.maxYear, vehicle.year),
        // Blank on the incentive: any. A vehicle without a make or model matches only those for any.
        or(eq(incentives.make, ''), make ? sql`lower(${incentives.make}) = ${make}` : sql`false`),
        or(eq(incentives.model, ''), model ? sql`lower(${incentives.model}) = ${model}` : sql`false`),
      ),
    )
    .orderBy(desc(incentives.amountCents), incentives.name, incentives.id);
}

defineAction({
  contract: listIncentivesForVehicle,
  summary:
    "The active incentives for a vehicle at a store today: the store's and the group's, the year in range, the make and model matching or left blank.",
  permission: 'sales',
  reach: {},
  readOnly: true,
  async handler(ctx) {
    const location = await loadRecord(ctx, locationRecords, ctx.input.locationId);
    return { incentives: await incentivesForVehicle(ctx.db, location, ctx.input, ctx.services.clock.now()) };
  },
});
