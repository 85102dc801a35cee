/**
 * The lane's leads, vehicles, deliveries and delivery updates (seed 000, section 7; seed 001,
 * section 7). Quotes are in quotes.server.ts, the lane's users in lane-users.server.ts.
 */
import { and, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import {
  defineListAction,
  equals,
  fromDay,
  labelOf,
  matches,
  toDay,
  type BenchSample,
  type ListFilters,
} from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { dayIn } from '../../server/platform/days';
import { toE164 } from '../../server/platform/phone';
import { deleteRecord, insertRecord, loadRecord, refusingDuplicate, updateRecord } from '../../server/platform/records';
import { searchText } from '../../server/platform/search';
import { locationRecords, locations } from '../locations/locations.db';
import { userName, users } from '../users/users.db';
import {
  deliveryRecords,
  laneDeliveries as deliveries,
  laneLeads as leads,
  laneUpdates as updates,
  laneVehicleRecords,
  laneVehicles as vehicles,
  leadRecords,
  updateRecords,
} from './clicklane.db';
import {
  addLead,
  addUpdate,
  addVehicle,
  deleteUpdate,
  deliveryColumns,
  deliveryStatusLabels,
  laneVehicleColumns,
  laneVehicleStatusLabels,
  leadColumns,
  leadSourceLabels,
  leadStatusLabels,
  loadDeliveries,
  loadDelivery,
  loadLead,
  loadLeads,
  loadLocationLeads,
  loadVehicle,
  loadVehicles,
  locationLeadColumns,
  saveDelivery,
  saveLead,
  saveVehicle,
  UPDATES_SHOWN,
  type LaneVehicleInput,
  type LeadInput,
  type LeadStatus,
  type SaveDeliveryInput,
} from './clicklane.contract';

type Ctx = ActionContext<unknown>;

const vehicleSearch = searchText(vehicles.vin, vehicles.stockNumber, vehicles.description);

/** Money as the lists show it ("$31,450.00"), written by PostgreSQL. */
export const dollars = (cents: AnyPgColumn) => sql<string>`to_char(${cents}::numeric / 100, 'FM$999,999,990.00')`;

// Leads -----------------------------------------------------------------------------------------------

const leadFilters: ListFilters<typeof loadLeads.filters> = {
  locationId: equals(leads.locationId),
  status: equals(leads.status),
  source: equals(leads.source),
  minCreatedAt: fromDay(leads.createdAt),
  maxCreatedAt: toDay(leads.createdAt),
  query: matches(leads.search),
};

/**
 * `completed` and `sold` (seed 001): the listed leads in each state, counted as the list's own count
 * is: exactly up to 1,000, past that (or on a search for a common name) the planner's estimate
 * (docs/clicklane.md).
 */
const leadCounts = () => ({
  completed: eq(leads.status, 'completed' satisfies LeadStatus),
  sold: eq(leads.status, 'sold' satisfies LeadStatus),
});

const leadSelect = (ctx: Ctx) =>
  ctx.db
    .select({
      leadId: leads.id,
      customerName: leads.customerName,
      email: leads.email,
      phone: leads.phone,
      vehicleWanted: leads.vehicleWanted,
      locationId: leads.locationId,
      locationName: locations.name,
      source: leads.source,
      sourceLabel: labelOf(leads.source, leadSourceLabels).as('source_label'),
      status: leads.status,
      statusLabel: labelOf(leads.status, leadStatusLabels).as('status_label'),
      deliveryId: deliveries.id,
      deliveryLabel:
        sql<string>`coalesce(${labelOf(deliveries.status, deliveryStatusLabels)} || ' ' || ${deliveries.scheduledDate}::text, '')`.as(
          'delivery_label',
        ),
      createdAt: leads.createdAt,
      updatedAt: leads.updatedAt,
    })
    .from(leads)
    .innerJoin(locations, eq(locations.id, leads.locationId))
    .leftJoin(deliveries, eq(deliveries.leadId, leads.id))
    .$dynamic();

const leadBench = (s: BenchSample) => [
  { name: 'newest', filters: {} },
  { name: "newest, a region's user", filters: {}, regional: true },
  { name: 'location, 30 days', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
  { name: 'new leads', filters: { status: 'new' } },
  { name: 'location, deep pages', filters: { locationId: s.locationId }, depth: 5 },
  { name: 'search', filters: { query: 'garcia' } },
];

defineListAction({
  contract: loadLeads,
  summary:
    'Leads of the click-to-buy lane within reach, newest first: by store, status, source, days created and part of the customer, contact or vehicle; counted as vrLeads, completed and sold.',
  permission: 'marketing',
  reach: leads.locationId,
  bench: leadBench,
  columns: leadColumns,
  sorts: { createdAt: leads.createdAt, customerName: leads.customerName },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'leadId', column: leads.id },
  filters: leadFilters,
  counts: leadCounts,
  query: (ctx) => ({ select: leadSelect(ctx) }),
});

defineListAction({
  contract: loadLocationLeads,
  summary:
    "One store's lane leads (the location selector), latest activity first, with their delivery; counted as vrLeads, completed and sold.",
  permission: 'marketing',
  reach: leads.locationId,
  bench: (s) => [
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'location, 30 days', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'location, completed', filters: { locationId: s.locationId, status: 'completed' } },
    { name: "a region's user", filters: {}, regional: true },
  ],
  columns: locationLeadColumns,
  sorts: { updatedAt: leads.updatedAt, customerName: leads.customerName },
  defaultSort: 'updatedAt',
  defaultDir: 'desc',
  id: { key: 'leadId', column: leads.id },
  filters: leadFilters,
  counts: leadCounts,
  query: (ctx) => ({ select: leadSelect(ctx) }),
});

/** The lead's phone as E.164, or 400; and at least one way to reach the customer. */
function leadContact(input: LeadInput): { email: string; phone: string } {
  const phone = input.phone ? toE164(input.phone) : '';
  if (phone === null) throw AppError.invalid('Phone must be a phone number such as (505) 555-0142.', ['phone']);
  if (!input.email && !phone) throw AppError.invalid('Give the customer’s email or phone.', ['email', 'phone']);
  return { email: input.email ?? '', phone };
}

/** The vehicle picked, at the lead's store (reach has refused one outside it already). */
async function checkLeadVehicle(ctx: Ctx, locationId: number, laneVehicleId: number | undefined) {
  if (!laneVehicleId) return;
  const vehicle = await loadRecord(ctx, laneVehicleRecords, laneVehicleId);
  if (vehicle.locationId !== locationId) {
    throw AppError.invalid(`Lane vehicle ${vehicle.stockNumber} is at another store.`, ['laneVehicleId']);
  }
}

const leadValues = async (ctx: Ctx, input: LeadInput) => {
  await loadRecord(ctx, locationRecords, input.locationId);
  await checkLeadVehicle(ctx, input.locationId, input.laneVehicleId);
  return {
    locationId: input.locationId,
    customerName: input.customerName,
    ...leadContact(input),
    vehicleWanted: input.vehicleWanted ?? '',
    laneVehicleId: input.laneVehicleId ?? null,
    source: input.source,
  };
};

defineAction({
  contract: addLead,
  summary: 'Adds a lead taken by phone or at the store: the customer, how to reach them, the car and the source.',
  permission: 'marketing',
  reach: { laneVehicleId: laneVehicleRecords },
  async handler(ctx) {
    const created = await insertRecord(ctx, leadRecords, await leadValues(ctx, ctx.input));
    return { leadId: created.id };
  },
});

/** The moments a status change stamps: the first time a lead is completed, and sold. */
const statusStamps = (before: { completedAt: Date | null; soldAt: Date | null }, status: LeadStatus) => {
  const now = new Date();
  return {
    ...(status === 'completed' || status === 'sold' ? { completedAt: before.completedAt ?? now } : {}),
    ...(status === 'sold' ? { soldAt: before.soldAt ?? now } : {}),
  };
};

defineAction({
  contract: saveLead,
  summary: "Saves a lead: the customer's details, the car, the store and the status from new to sold.",
  permission: 'marketing',
  reach: { leadId: leadRecords, laneVehicleId: laneVehicleRecords },
  async handler(ctx) {
    const before = await loadRecord(ctx, leadRecords, ctx.input.leadId);
    const values = await leadValues(ctx, ctx.input);
    await updateRecord(ctx, leadRecords, ctx.input.leadId, {
      ...values,
      status: ctx.input.status,
      ...statusStamps(before, ctx.input.status),
    });
    return { leadId: ctx.input.leadId };
  },
});

defineAction({
  contract: loadLead,
  summary: 'One lead, for its edit modal.',
  permission: 'marketing',
  reach: { leadId: leadRecords },
  readOnly: true,
  async handler(ctx) {
    const [row] = await leadSelect(ctx).where(eq(leads.id, ctx.input.leadId));
    const stored = await loadRecord(ctx, leadRecords, ctx.input.leadId);
    return {
      lead: {
        ...row,
        createdAt: stored.createdAt.toISOString(),
        updatedAt: stored.updatedAt.toISOString(),
        laneVehicleId: stored.laneVehicleId,
        laneUserId: stored.laneUserId,
        completedAt: stored.completedAt?.toISOString() ?? null,
        soldAt: stored.soldAt?.toISOString() ?? null,
      },
    };
  },
});

// Lane vehicles ------------------------------------------------------------------------------------------

const vehicleSelect = (ctx: Ctx) =>
  ctx.db
    .select({
      vehicleId: vehicles.id,
      locationId: vehicles.locationId,
      locationName: locations.name,
      vin: vehicles.vin,
      stockNumber: vehicles.stockNumber,
      description: vehicles.description,
      price: dollars(vehicles.priceCents).as('price'),
      priceCents: vehicles.priceCents,
      photosUrl: vehicles.photosUrl,
      status: vehicles.status,
      statusLabel: labelOf(vehicles.status, laneVehicleStatusLabels).as('status_label'),
      createdAt: vehicles.createdAt,
    })
    .from(vehicles)
    .innerJoin(locations, eq(locations.id, vehicles.locationId))
    .$dynamic();

defineListAction({
  contract: loadVehicles,
  summary: 'Lane vehicles within reach, newest first: by store, status and part of the VIN, stock number or vehicle.',
  permission: 'stockNumberManager',
  reach: vehicles.locationId,
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: 'location available', filters: { locationId: s.locationId, status: 'available' } },
    { name: "a region's user", filters: {}, regional: true },
    { name: 'search', filters: { query: '212345' } },
  ],
  columns: laneVehicleColumns,
  sorts: { createdAt: vehicles.createdAt, price: vehicles.priceCents, stockNumber: vehicles.stockNumber },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'vehicleId', column: vehicles.id },
  filters: {
    locationId: equals(vehicles.locationId),
    status: equals(vehicles.status),
    query: matches(vehicleSearch),
  },
  query: (ctx) => ({ select: vehicleSelect(ctx) }),
});

const duplicateVin = (vin: string) => AppError.conflict(`VIN ${vin} is already on the lane.`, ['vin']);

/** The store exists (and is within reach), and no other live listing has the VIN. */
async function checkVehicle(ctx: Ctx, input: LaneVehicleInput, vehicleId?: number) {
  await loadRecord(ctx, locationRecords, input.locationId);
  if (input.status === 'withdrawn') return;
  const [clash] = await ctx.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.vin, input.vin),
        ne(vehicles.status, 'withdrawn'),
        vehicleId ? ne(vehicles.id, vehicleId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw duplicateVin(input.vin);
}

const vehicleValues = (input: LaneVehicleInput) => ({
  locationId: input.locationId,
  vin: input.vin,
  stockNumber: input.stockNumber,
  description: input.description ?? '',
  priceCents: input.price,
  photosUrl: input.photosUrl ?? '',
  status: input.status,
});

defineAction({
  contract: addVehicle,
  summary:
    "Adds a lane vehicle at a store by VIN (checked), stock number and price; from a delivery, it becomes that delivery's vehicle.",
  permission: 'stockNumberAdmin',
  reach: { deliveryId: deliveryRecords },
  async handler(ctx) {
    const { input } = ctx;
    await checkVehicle(ctx, input);
    const delivery = input.deliveryId ? await loadRecord(ctx, deliveryRecords, input.deliveryId) : null;
    if (delivery && delivery.locationId !== input.locationId) {
      throw AppError.invalid('A delivery’s vehicle comes from the delivering store.', ['locationId']);
    }
    const created = await refusingDuplicate(
      () => insertRecord(ctx, laneVehicleRecords, vehicleValues(input)),
      () => duplicateVin(input.vin),
    );
    if (delivery) await updateRecord(ctx, deliveryRecords, delivery.id, { laneVehicleId: created.id });
    return { vehicleId: created.id };
  },
});

defineAction({
  contract: saveVehicle,
  summary: 'Saves a lane vehicle: its VIN, stock number, description, price, photos link, store and status.',
  permission: 'stockNumberAdmin',
  reach: { vehicleId: laneVehicleRecords },
  async handler(ctx) {
    const { input } = ctx;
    await loadRecord(ctx, laneVehicleRecords, input.vehicleId);
    await checkVehicle(ctx, input, input.vehicleId);
    await refusingDuplicate(
      () => updateRecord(ctx, laneVehicleRecords, input.vehicleId, vehicleValues(input)),
      () => duplicateVin(input.vin),
    );
    return { vehicleId: input.vehicleId };
  },
});

defineAction({
  contract: loadVehicle,
  summary: 'One lane vehicle, for the edit-vehicle modal.',
  permission: 'stockNumberManager',
  reach: { vehicleId: laneVehicleRecords },
  readOnly: true,
  async handler(ctx) {
    await loadRecord(ctx, laneVehicleRecords, ctx.input.vehicleId);
    const [row] = await vehicleSelect(ctx).where(eq(vehicles.id, ctx.input.vehicleId));
    const [{ updatedAt }] = await ctx.db
      .select({ updatedAt: vehicles.updatedAt })
      .from(vehicles)
      .where(eq(vehicles.id, ctx.input.vehicleId));
    return {
      vehicle: { ...row, createdAt: row.createdAt.toISOString(), updatedAt: updatedAt.toISOString() },
    };
  },
});

// Deliveries ---------------------------------------------------------------------------------------------

// Written out in full: the list's statement names its own columns without their table.
const updateCount = sql<number>`(select count(*)::int from "lane_updates" as u where u.delivery_id = "lane_deliveries"."id")`;

const deliverySelect = (ctx: Ctx) =>
  ctx.db
    .select({
      deliveryId: deliveries.id,
      leadId: deliveries.leadId,
      customerName: leads.customerName,
      vehicleId: deliveries.laneVehicleId,
      vehicle: sql<string>`coalesce(nullif(${vehicles.description}, ''), ${vehicles.vin}, ${leads.vehicleWanted})`.as(
        'vehicle',
      ),
      locationId: deliveries.locationId,
      locationName: locations.name,
      scheduledDate: deliveries.scheduledDate,
      deliveredDate: deliveries.deliveredDate,
      status: deliveries.status,
      statusLabel: labelOf(deliveries.status, deliveryStatusLabels).as('status_label'),
      address: deliveries.address,
      updateCount: updateCount.as('update_count'),
    })
    .from(deliveries)
    .innerJoin(leads, eq(leads.id, deliveries.leadId))
    .innerJoin(locations, eq(locations.id, deliveries.locationId))
    .leftJoin(vehicles, eq(vehicles.id, deliveries.laneVehicleId))
    .$dynamic();

defineListAction({
  contract: loadDeliveries,
  summary:
    "Deliveries within reach, latest scheduled first: by store, status, scheduled days and part of the customer's name, email or phone; with their updates counted.",
  permission: 'stockNumberManager',
  reach: deliveries.locationId,
  bench: (s) => [
    { name: 'latest', filters: {} },
    { name: "latest, a region's user", filters: {}, regional: true },
    {
      name: 'location, 30 days',
      filters: { locationId: s.locationId, minScheduledDate: s.from, maxScheduledDate: s.to },
    },
    { name: 'on their way', filters: { status: 'in-transit' } },
    { name: 'search', filters: { query: 'garcia' } },
  ],
  columns: deliveryColumns,
  sorts: { scheduledDate: deliveries.scheduledDate },
  defaultSort: 'scheduledDate',
  defaultDir: 'desc',
  id: { key: 'deliveryId', column: deliveries.id },
  filters: {
    locationId: equals(deliveries.locationId),
    status: equals(deliveries.status),
    minScheduledDate: (day) => gte(deliveries.scheduledDate, day),
    maxScheduledDate: (day) => lte(deliveries.scheduledDate, day),
    // The lead's text kept on the delivery (migration 0043): read in date order from the deliveries alone.
    query: matches(searchText(deliveries.leadSearch)),
  },
  query: (ctx) => ({ select: deliverySelect(ctx) }),
});

/** What save-delivery refuses: a delivery without its day, another lead's car, a car at another store. */
async function checkDelivery(ctx: Ctx, input: SaveDeliveryInput, lead: { locationId: number }) {
  if (input.status === 'delivered' && !input.deliveredDate) {
    throw AppError.invalid('Delivered on is required once the car is delivered.', ['deliveredDate']);
  }
  // A car may arrive before its day, never after today (on the clock furthest ahead in the group).
  if (input.deliveredDate && input.deliveredDate > dayIn('Pacific/Kiritimati', new Date())) {
    throw AppError.invalid('Delivered on cannot be a day still to come.', ['deliveredDate']);
  }
  if (!input.vehicleId) return;
  const vehicle = await loadRecord(ctx, laneVehicleRecords, input.vehicleId);
  if (vehicle.locationId !== lead.locationId) {
    throw AppError.invalid(`Lane vehicle ${vehicle.stockNumber} is at another store.`, ['vehicleId']);
  }
}

/** Delivered: the lead is sold and the car too. Until then the car is reserved for the customer. */
async function followDelivery(ctx: Ctx, input: SaveDeliveryInput, lead: typeof leads.$inferSelect) {
  if (input.vehicleId && input.status !== 'cancelled') {
    await updateRecord(ctx, laneVehicleRecords, input.vehicleId, {
      status: input.status === 'delivered' ? 'sold' : 'reserved',
    });
  }
  if (input.status === 'delivered' && lead.status !== 'sold') {
    await updateRecord(ctx, leadRecords, lead.id, { status: 'sold', ...statusStamps(lead, 'sold') });
  }
}

defineAction({
  contract: saveDelivery,
  summary:
    "Schedules a lead's delivery or saves it: the car, the day, the address and the status; delivered marks the lead and the car sold.",
  permission: 'stockNumberManager',
  reach: { deliveryId: deliveryRecords, leadId: leadRecords, vehicleId: laneVehicleRecords },
  async handler(ctx) {
    const { input } = ctx;
    const lead = await loadRecord(ctx, leadRecords, input.leadId);
    const current = input.deliveryId ? await loadRecord(ctx, deliveryRecords, input.deliveryId) : null;
    if (current && current.leadId !== lead.id) {
      throw AppError.invalid('A delivery stays with the lead it was scheduled for.', ['leadId']);
    }
    await checkDelivery(ctx, input, lead);
    const values = {
      leadId: lead.id,
      locationId: lead.locationId,
      laneVehicleId: input.vehicleId ?? null,
      scheduledDate: input.scheduledDate,
      deliveredDate: input.deliveredDate ?? null,
      status: input.status,
      address: input.address,
    };
    const deliveryId = current
      ? (await updateRecord(ctx, deliveryRecords, current.id, values)).after.id
      : await refusingDuplicate(
          async () => (await insertRecord(ctx, deliveryRecords, values)).id,
          () => AppError.conflict(`${lead.customerName} already has a delivery.`, ['leadId']),
        );
    await followDelivery(ctx, input, lead);
    return { deliveryId };
  },
});

const updateRows = (ctx: Ctx, deliveryId: number) =>
  ctx.db
    .select({
      updateId: updates.id,
      text: updates.text,
      photoUrl: updates.photoUrl,
      authorName: userName,
      createdAt: updates.createdAt,
    })
    .from(updates)
    .leftJoin(users, eq(users.id, updates.authorId))
    .where(eq(updates.deliveryId, deliveryId))
    .orderBy(desc(updates.createdAt), desc(updates.id))
    .limit(UPDATES_SHOWN);

defineAction({
  contract: loadDelivery,
  summary: 'One delivery for the edit-delivery screen: the customer, the car, the day and its updates, newest first.',
  permission: 'stockNumberManager',
  reach: { deliveryId: deliveryRecords },
  readOnly: true,
  async handler(ctx) {
    const stored = await loadRecord(ctx, deliveryRecords, ctx.input.deliveryId);
    const [[row], [lead], vehicleRows, updateList] = await Promise.all([
      deliverySelect(ctx).where(eq(deliveries.id, stored.id)),
      ctx.db.select().from(leads).where(eq(leads.id, stored.leadId)),
      stored.laneVehicleId ? vehicleSelect(ctx).where(eq(vehicles.id, stored.laneVehicleId)) : [],
      updateRows(ctx, stored.id),
    ]);
    const vehicle = vehicleRows[0];
    return {
      delivery: {
        ...row,
        email: lead.email,
        phone: lead.phone,
        leadStatus: lead.status,
        createdAt: stored.createdAt.toISOString(),
        updatedAt: stored.updatedAt.toISOString(),
      },
      vehicle: vehicle ? { ...vehicle, createdAt: vehicle.createdAt.toISOString() } : null,
      updates: updateList.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
    };
  },
});

defineAction({
  contract: addUpdate,
  summary: 'Posts an update on a delivery (text and an optional photo link) for the customer to read.',
  permission: 'stockNumberManager',
  reach: { deliveryId: deliveryRecords },
  async handler(ctx) {
    const delivery = await loadRecord(ctx, deliveryRecords, ctx.input.deliveryId);
    const created = await insertRecord(ctx, updateRecords, {
      deliveryId: delivery.id,
      text: ctx.input.text,
      photoUrl: ctx.input.photoUrl ?? '',
      authorId: ctx.user.id,
    });
    return { updateId: created.id };
  },
});

defineAction({
  contract: deleteUpdate,
  summary: 'Deletes an update from a delivery; the customer no longer sees it.',
  permission: 'stockNumberManager',
  reach: { updateId: updateRecords },
  async handler(ctx) {
    await deleteRecord(ctx, updateRecords, ctx.input.updateId);
    return { updateId: ctx.input.updateId };
  },
});
