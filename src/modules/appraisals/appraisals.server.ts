/**
 * The trade-in desk (seed 000): the offer rules, the appraisal manager with its edit screen, and the
 * appraisal locations report, with their CSV downloads (docs/appraisals.md).
 */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../server/db/client';
import { defineAction } from '../../server/platform/actions';
import { defineListAction, equals, fromDay, labelOf, matches, toDay } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { hundredthsAsDecimal } from '../../server/platform/money';
import { toE164 } from '../../server/platform/phone';
import { withinReach } from '../../server/platform/reach';
import { deleteRecord, insertRecord, loadRecord, updateRecord } from '../../server/platform/records';
import { searchText } from '../../server/platform/search';
import { tallyRanges, tallyUnion } from '../../server/platform/tallies';
import { addDays } from '../../server/platform/days';
import { centsToDecimal, formatNumber } from '../../shared/format';
import { jobCodes } from '../access/access.db';
import { locations } from '../locations/locations.db';
import { nameOf, userName, userRecords, users } from '../users/users.db';
import {
  appraisalAdjustments,
  appraisalRecords,
  appraisals,
  appraisalTallies as t,
  ruleRecords,
  vehicleOfferRules as rules,
} from './appraisals.db';
import {
  addRule,
  appraisalColumns,
  appraisalSourceLabels,
  appraisalStatusLabels,
  deleteRule,
  listAppraisers,
  loadAppraisal,
  loadAppraisals,
  loadLocations,
  loadRule,
  loadRules,
  locationColumns,
  ruleColumns,
  saveAppraisal,
  saveRule,
  unixOfDay,
  vehicleConditionLabels,
  workingStatusLabels,
  type AppraisalRecord,
  type RuleInput,
  type RuleRow,
  type VehicleOfferRuleRecord,
} from './appraisals.contract';
import type { AppraisalSource } from './appraisals.values';
import { computeOffer } from './offer';
import { loadOfferRules, offerDay, writeAdjustments } from './pricing.server';

// ---------------------------------------------------------------------------------------------------
// Offer rules

/** How a rule's adjustment reads: "-8.00%", "-$750.00", "+$500.00". */
export function adjustmentText(type: 'amount' | 'percent', hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '+';
  const size = centsToDecimal(Math.abs(hundredths));
  return type === 'percent'
    ? `${sign}${size}%`
    : `${sign}$${Number(size).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
}

/** The rule's criteria in words, from its own fields (the list's row and its html). */
function ruleLabels(
  r: Pick<
    RuleRow,
    | 'minVehicleYear'
    | 'maxVehicleYear'
    | 'startDay'
    | 'endDay'
    | 'vehicleMake'
    | 'vehicleModel'
    | 'vehicleTrim'
    | 'mileage'
    | 'adjustmentType'
    | 'priceAdjustment'
  >,
) {
  const years =
    r.minVehicleYear && r.maxVehicleYear
      ? r.minVehicleYear === r.maxVehicleYear
        ? `${r.minVehicleYear}`
        : `${r.minVehicleYear}–${r.maxVehicleYear}`
      : r.minVehicleYear
        ? `${r.minVehicleYear} and newer`
        : r.maxVehicleYear
          ? `${r.maxVehicleYear} and older`
          : 'Any';
  const dates =
    r.startDay && r.endDay
      ? `${r.startDay} to ${r.endDay}`
      : r.startDay
        ? `From ${r.startDay}`
        : r.endDay
          ? `Until ${r.endDay}`
          : 'Always';
  return {
    vehicle: [r.vehicleMake, r.vehicleModel, r.vehicleTrim].filter(Boolean).join(' ') || 'Any',
    years,
    dates,
    mileageLabel: r.mileage === null ? 'Any' : `${formatNumber(r.mileage)} or more`,
    adjustment: adjustmentText(r.adjustmentType, r.priceAdjustment),
  };
}

const ruleSearch = searchText(rules.name, rules.description, rules.vehicleMake, rules.vehicleModel);

defineListAction({
  contract: loadRules,
  summary: 'The offer rules, by name: by adjustment type and part of a name, description, make or model.',
  permission: 'appraisalManager',
  reach: 'group',
  bench: () => [
    { name: 'all', filters: {} },
    { name: 'search', filters: { search: 'toyota' } },
  ],
  columns: ruleColumns,
  sorts: { name: rules.name },
  defaultSort: 'name',
  id: { key: 'ruleId', column: rules.id },
  rowFields: (row) => ruleLabels(row as unknown as RuleRow),
  filters: { adjustmentType: equals(rules.adjustmentType), search: matches(ruleSearch) },
  query: ({ db }) => ({
    select: db
      .select({
        ruleId: rules.id,
        name: rules.name,
        minVehicleYear: rules.minVehicleYear,
        maxVehicleYear: rules.maxVehicleYear,
        startDay: rules.startDate,
        endDay: rules.endDate,
        vehicleMake: rules.vehicleMake,
        vehicleModel: rules.vehicleModel,
        vehicleTrim: rules.vehicleTrim,
        mileage: rules.mileage,
        adjustmentType: rules.adjustmentType,
        priceAdjustment: rules.priceAdjustment,
        description: rules.description,
      })
      .from(rules)
      .$dynamic(),
  }),
});

const ruleValues = (input: RuleInput) => ({
  name: input.name,
  minVehicleYear: input.minVehicleYear ?? null,
  maxVehicleYear: input.maxVehicleYear ?? null,
  startDate: input.startDate ?? null,
  endDate: input.endDate ?? null,
  vehicleMake: input.vehicleMake ?? '',
  vehicleModel: input.vehicleModel ?? '',
  vehicleTrim: input.vehicleTrim ?? '',
  mileage: input.mileage ?? null,
  adjustmentType: input.adjustmentType,
  priceAdjustment: input.priceAdjustment,
  description: input.description ?? '',
});

defineAction({
  contract: addRule,
  summary: 'Adds an offer rule; it prices offers worked out from now on (docs/appraisals.md).',
  permission: 'appraisalManager',
  reach: 'group',
  async handler(ctx) {
    const rule = await insertRecord(ctx, ruleRecords, { ...ruleValues(ctx.input), createdBy: ctx.user.id });
    return { ruleId: rule.id };
  },
});

defineAction({
  contract: saveRule,
  summary: 'Saves an offer rule: its name, criteria, dates and adjustment.',
  permission: 'appraisalManager',
  reach: { ruleId: ruleRecords },
  async handler(ctx) {
    await updateRecord(ctx, ruleRecords, ctx.input.ruleId, ruleValues(ctx.input));
    return { ruleId: ctx.input.ruleId };
  },
});

defineAction({
  contract: loadRule,
  summary: 'One offer rule, for the edit-rule modal; its dates as unix seconds.',
  permission: 'appraisalManager',
  reach: { ruleId: ruleRecords },
  readOnly: true,
  async handler(ctx) {
    const r = await loadRecord(ctx, ruleRecords, ctx.input.ruleId);
    const vehicleOfferRule: VehicleOfferRuleRecord = {
      ruleId: r.id,
      name: r.name,
      minVehicleYear: r.minVehicleYear,
      maxVehicleYear: r.maxVehicleYear,
      startDate: r.startDate ? unixOfDay(r.startDate) : null,
      endDate: r.endDate ? unixOfDay(r.endDate) : null,
      vehicleMake: r.vehicleMake,
      vehicleModel: r.vehicleModel,
      vehicleTrim: r.vehicleTrim,
      mileage: r.mileage,
      adjustmentType: r.adjustmentType,
      priceAdjustment: r.priceAdjustment,
      priceAdjustmentText: `${r.priceAdjustment < 0 ? '-' : ''}${centsToDecimal(Math.abs(r.priceAdjustment))}`,
      description: r.description,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
    return { vehicleOfferRule };
  },
});

defineAction({
  contract: deleteRule,
  summary: 'Deletes an offer rule; offers it already moved keep its name and amount.',
  permission: 'appraisalManager',
  reach: { ruleId: ruleRecords },
  async handler(ctx) {
    const before = await deleteRecord(ctx, ruleRecords, ctx.input.ruleId);
    return { ruleId: before.id };
  },
});

// ---------------------------------------------------------------------------------------------------
// Appraisals

const vehicleText = sql<string>`(${appraisals.year}::text || ' ' || ${appraisals.make} || ' ' || ${appraisals.model}
  || case when ${appraisals.trim} <> '' then ' ' || ${appraisals.trim} else '' end)`;

defineListAction({
  contract: loadAppraisals,
  summary:
    "Appraisals within reach, newest first: by store, source, appraisal and working status, days created and part of a name, phone, email, VIN, make or model; `limit` from the screen's select (25, 50, 100, 250); also the CSV export.",
  permission: 'appraiser',
  reach: appraisals.locationId,
  export: { filename: 'appraisals', bench: true },
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location, 30 days', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'offered, 100 rows', filters: { appraisalStatus: 'offered', limit: 100 } },
    { name: 'unworked website leads', filters: { workingStatus: 'unworked', source: 'website' } },
    { name: 'location and status', filters: { locationId: s.locationId, appraisalStatus: 'accepted' } },
    { name: 'location, deep pages', filters: { locationId: s.locationId }, depth: 5 },
    { name: 'highest offers', filters: { sort: 'offer', dir: 'desc' } },
    { name: 'search', filters: { search: 'garcia' } },
  ],
  columns: appraisalColumns,
  sorts: { createdAt: appraisals.createdAt, customerName: appraisals.customerName, offer: appraisals.offerCents },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'appraisalId', column: appraisals.id },
  filters: {
    locationId: equals(appraisals.locationId),
    source: equals(appraisals.source),
    appraisalStatus: equals(appraisals.status),
    workingStatus: equals(appraisals.workingStatus),
    // Days on the wall clock of the store filtered by (the group's otherwise), both included.
    minCreatedAt: fromDay(appraisals.createdAt),
    maxCreatedAt: toDay(appraisals.createdAt),
    search: matches(appraisals.search),
  },
  query: ({ db }) => ({
    select: db
      .select({
        appraisalId: appraisals.id,
        locationId: appraisals.locationId,
        locationName: locations.name,
        createdAt: appraisals.createdAt,
        source: appraisals.source,
        sourceLabel: labelOf(appraisals.source, appraisalSourceLabels).as('source_label'),
        customerName: appraisals.customerName,
        phone: appraisals.phone,
        email: appraisals.email,
        vin: appraisals.vin,
        vehicle: vehicleText.as('vehicle'),
        mileage: appraisals.mileage,
        condition: appraisals.condition,
        conditionLabel: labelOf(appraisals.condition, vehicleConditionLabels).as('condition_label'),
        baseValue: hundredthsAsDecimal(appraisals.baseValueCents).as('base_value'),
        baseValueCents: appraisals.baseValueCents,
        offer: hundredthsAsDecimal(appraisals.offerCents).as('offer'),
        offerCents: appraisals.offerCents,
        appraisalStatus: appraisals.status,
        statusLabel: labelOf(appraisals.status, appraisalStatusLabels).as('status_label'),
        workingStatus: appraisals.workingStatus,
        workingStatusLabel: labelOf(appraisals.workingStatus, workingStatusLabels).as('working_status_label'),
        assignedUserId: appraisals.assignedUserId,
        assignedName: userName.as('assigned_name'),
      })
      .from(appraisals)
      .innerJoin(locations, eq(locations.id, appraisals.locationId))
      .leftJoin(users, eq(users.id, appraisals.assignedUserId))
      .$dynamic(),
  }),
});

/** Users who hold `appraiser` (their own flags or their job code's), not locked, whose home is the store. */
function appraisersAt(locationId: number): SQL {
  const holds = sql`('appraiser' = any(${users.flags}) or exists (select 1 from ${jobCodes} j where j.job_code = ${users.jobCode} and 'appraiser' = any(j.flags)))`;
  return and(eq(users.locationId, locationId), eq(users.accountLocked, false), holds)!;
}

defineAction({
  contract: listAppraisers,
  summary: 'Who an appraisal may be assigned to: the appraisers of its store, by name.',
  permission: 'appraiser',
  reach: { appraisalId: appraisalRecords },
  readOnly: true,
  async handler(ctx) {
    const a = await loadRecord(ctx, appraisalRecords, ctx.input.appraisalId);
    const rows = await ctx.db
      .select({ userId: users.id, name: nameOf() })
      .from(users)
      .where(appraisersAt(a.locationId))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    return { appraisers: rows };
  },
});

async function appraisalRecord(ctx: Parameters<typeof loadRecord>[0], appraisalId: number): Promise<AppraisalRecord> {
  const a = await loadRecord(ctx, appraisalRecords, appraisalId);
  const [[location], [assigned], adjustments] = await Promise.all([
    ctx.db.select({ name: locations.name }).from(locations).where(eq(locations.id, a.locationId)),
    a.assignedUserId ? ctx.db.select({ name: nameOf() }).from(users).where(eq(users.id, a.assignedUserId)) : [],
    ctx.db
      .select()
      .from(appraisalAdjustments)
      .where(eq(appraisalAdjustments.appraisalId, a.id))
      .orderBy(asc(appraisalAdjustments.position)),
  ]);
  return {
    appraisalId: a.id,
    locationId: a.locationId,
    locationName: location.name,
    source: a.source,
    customerName: a.customerName,
    phone: a.phone,
    email: a.email,
    vin: a.vin,
    year: a.year,
    make: a.make,
    model: a.model,
    trim: a.trim,
    mileage: a.mileage,
    condition: a.condition,
    baseValue: centsToDecimal(a.baseValueCents),
    baseValueCents: a.baseValueCents,
    offer: centsToDecimal(a.offerCents),
    offerCents: a.offerCents,
    offeredAt: a.offeredAt.toISOString(),
    appraisalStatus: a.status,
    workingStatus: a.workingStatus,
    assignedUserId: a.assignedUserId,
    assignedName: assigned?.name ?? null,
    notes: a.notes,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    adjustments: adjustments.map((j) => ({
      position: j.position,
      ruleId: j.ruleId,
      ruleName: j.ruleName,
      adjustmentType: j.adjustmentType,
      priceAdjustment: j.priceAdjustment,
      amountCents: j.amountCents,
      adjustmentLabel: adjustmentText(j.adjustmentType, j.priceAdjustment),
      amount: adjustmentText('amount', j.amountCents),
    })),
  };
}

defineAction({
  contract: loadAppraisal,
  summary:
    'One appraisal, for the appraisal vehicle edit screen: the vehicle, the customer, the statuses and the offer with the rules that made it.',
  permission: 'appraiser',
  reach: { appraisalId: appraisalRecords },
  readOnly: true,
  handler: async (ctx) => ({ appraisal: await appraisalRecord(ctx, ctx.input.appraisalId) }),
});

type SaveAppraisalInput = z.output<typeof saveAppraisal.input>;
type StoredAppraisal = typeof appraisals.$inferSelect;

/** Someone newly assigned must be an appraiser at the appraisal's store (within reach is not enough). */
async function refuseNonAppraiser(db: Db, assignedUserId: number, locationId: number) {
  const [appraiser] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, assignedUserId), appraisersAt(locationId)));
  if (!appraiser)
    throw AppError.invalid("Assigned to must be an appraiser at the appraisal's store.", ['assignedUserId']);
}

/** The vehicle as saved and as the offer rules read it (no trim is an empty one). */
const vehicleOf = (input: SaveAppraisalInput) => ({
  year: input.year,
  make: input.make,
  model: input.model,
  trim: input.trim ?? '',
  mileage: input.mileage,
});
type AppraisedVehicle = ReturnType<typeof vehicleOf>;

/** What the offer was worked out from has changed: the vehicle or its base value. */
function offerBasisChanged(before: StoredAppraisal, vehicle: AppraisedVehicle, baseValueCents: number) {
  return (
    vehicle.year !== before.year ||
    vehicle.make !== before.make ||
    vehicle.model !== before.model ||
    vehicle.trim !== before.trim ||
    vehicle.mileage !== before.mileage ||
    baseValueCents !== before.baseValueCents
  );
}

/** The offer by today's rules, "today" on the store's own wall clock. */
async function offerNow(db: Db, baseValueCents: number, vehicle: AppraisedVehicle, locationId: number, now: Date) {
  return computeOffer(baseValueCents, vehicle, await offerDay(db, locationId, now), await loadOfferRules(db));
}

/** The appraisal's fields as the screen saves them (the offer apart: it moves only when repriced). */
const appraisalValues = (input: SaveAppraisalInput, phone: string, vehicle: AppraisedVehicle) => ({
  customerName: input.customerName,
  phone,
  email: input.email ?? '',
  vin: input.vin ?? '',
  ...vehicle,
  condition: input.condition,
  baseValueCents: input.baseValue,
  status: input.appraisalStatus,
  workingStatus: input.workingStatus,
  assignedUserId: input.assignedUserId ?? null,
  notes: input.notes ?? '',
});

defineAction({
  contract: saveAppraisal,
  summary:
    "Saves an appraisal (behind the screen's confirmation). The offer is worked out again with today's rules when the appraisal is still new, when its vehicle or base value changed, or when asked (reprice); otherwise the offer given stands.",
  permission: 'appraiser',
  // The user assigned must be within the caller's reach too (then an appraiser at the appraisal's store).
  reach: { appraisalId: appraisalRecords, assignedUserId: userRecords },
  async handler(ctx) {
    const { input } = ctx;
    const before = await loadRecord(ctx, appraisalRecords, input.appraisalId);
    const phone = input.phone ? toE164(input.phone) : '';
    if (phone === null) throw AppError.invalid('Phone must be a phone number such as (505) 555-0142.', ['phone']);
    if (input.assignedUserId && input.assignedUserId !== before.assignedUserId)
      await refuseNonAppraiser(ctx.db, input.assignedUserId, before.locationId);
    const vehicle = vehicleOf(input);
    const repriced = input.reprice || offerBasisChanged(before, vehicle, input.baseValue) || before.status === 'new';
    const now = ctx.services.clock.now();
    const offer = repriced ? await offerNow(ctx.db, input.baseValue, vehicle, before.locationId, now) : null;
    await updateRecord(ctx, appraisalRecords, input.appraisalId, {
      ...appraisalValues(input, phone, vehicle),
      ...(offer ? { offerCents: offer.offerCents, offeredAt: now } : {}),
    });
    if (offer) await writeAdjustments(ctx.db, input.appraisalId, offer);
    const offerCents = offer?.offerCents ?? before.offerCents;
    return { appraisalId: input.appraisalId, offerCents, offer: centsToDecimal(offerCents), repriced };
  },
});

// ---------------------------------------------------------------------------------------------------
// Appraisal locations

/** The tally rows of every source together (kept beside each source's by the same trigger). */
const ALL_SOURCES = '' as AppraisalSource;

/** Each store's sums, from its tallies' index alone (it holds the counts). */
const storeCounts = {
  appraisals: t.appraisals,
  new: t.new,
  offered: t.offered,
  accepted: t.accepted,
  declined: t.declined,
  purchased: t.purchased,
  expired: t.expired,
  offers: t.offers,
  offer_cents: t.offerCents,
};

/** A count summed over a store's tally rows, 0 when it has none; the offers' cents as a bigint. */
const summed = (name: keyof typeof storeCounts, as: string = name) =>
  sql<number>`coalesce(sum(r.${sql.identifier(name)}), 0)::${sql.raw(name === 'offer_cents' ? 'bigint' : 'int')}`.as(
    as,
  );

/** One store's sums over the days and source asked for, joined laterally to each store. */
function storeSums(db: Db, input: { source?: AppraisalSource; minCreatedAt?: string; maxCreatedAt?: string }) {
  const rows = tallyUnion(
    t,
    tallyRanges(t, input.minCreatedAt, input.maxCreatedAt),
    storeCounts,
    and(eq(t.locationId, locations.id), eq(t.source, input.source ?? ALL_SOURCES)),
  );
  return db
    .select({
      appraisals: summed('appraisals'),
      newCount: summed('new', 'new_count'),
      offered: summed('offered'),
      accepted: summed('accepted'),
      declined: summed('declined'),
      purchased: summed('purchased'),
      expired: summed('expired'),
      offers: summed('offers'),
      offerCents: summed('offer_cents'),
    })
    .from(sql`(${rows}) as r`)
    .as('sums');
}

/** Active stores, and any other that has appraisals (the count reads the locations alone, so not the sums). */
const storesListed = or(
  eq(locations.active, true),
  sql`exists (select 1 from ${t} where ${t.locationId} = ${locations.id})`,
);

defineListAction({
  contract: loadLocations,
  summary:
    'One row per store within reach: its appraisals over the days created (all time without dates), by appraisal status, the offers made and their total; from the tallies kept by triggers. Also the CSV export.',
  permission: 'appraiser',
  reach: locations.id,
  export: { filename: 'appraisal-locations' },
  bench: (s) => [
    { name: 'all stores, all time', filters: {} },
    { name: 'all stores, a year', filters: { minCreatedAt: addDays(s.to, -364), maxCreatedAt: s.to } },
    {
      name: "a region's user, a year",
      filters: { minCreatedAt: addDays(s.to, -364), maxCreatedAt: s.to },
      regional: true,
    },
    {
      name: 'location, 30 days, website',
      filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to, source: 'website' },
    },
  ],
  columns: locationColumns,
  sorts: { locationName: locations.name },
  defaultSort: 'locationName',
  id: { key: 'locationId', column: locations.id },
  filters: { locationId: equals(locations.id) },
  // Both totals in one pass over the ranges, read from the period index alone.
  figures: ({ input, user }) => {
    const narrowed = and(
      eq(t.source, input.source ?? ALL_SOURCES),
      withinReach(user.reach, t.locationId),
      input.locationId ? eq(t.locationId, input.locationId) : undefined,
    );
    const rows = tallyUnion(
      t,
      tallyRanges(t, input.minCreatedAt, input.maxCreatedAt),
      { appraisals: t.appraisals, offers: t.offers },
      narrowed,
    );
    return sql`(select json_build_object('totalAppraisals', coalesce(sum(r.appraisals), 0)::int, 'offerCountFormatted', coalesce(sum(r.offers), 0)::int) from (${rows}) as r)`;
  },
  query: ({ db, input }) => {
    const sums = storeSums(db, input);
    return {
      select: db
        .select({
          locationId: locations.id,
          locationName: locations.name,
          appraisals: sums.appraisals,
          newCount: sums.newCount,
          offered: sums.offered,
          accepted: sums.accepted,
          declined: sums.declined,
          purchased: sums.purchased,
          expired: sums.expired,
          offers: sums.offers,
          offerTotal: sql<string>`((${sums.offerCents}::numeric / 100)::numeric(14, 2))::text`.as('offer_total'),
          offerTotalCents: sums.offerCents,
        })
        .from(locations)
        .leftJoinLateral(sums, sql`true`)
        .$dynamic(),
      where: storesListed,
    };
  },
});
