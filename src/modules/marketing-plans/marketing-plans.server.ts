import { and, eq, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { defineListAction, equals, matches, yesNo } from '../../server/platform/lists';
import { deleteRecord, insertRecord, loadRecord, updateRecord } from '../../server/platform/records';
import { searchText } from '../../server/platform/search';
import { locations } from '../locations/locations.db';
import {
  createFacebookAd,
  deletePlan,
  loadPlan,
  loadPlans,
  planColumns,
  savePlan,
  type PlanInput,
} from './marketing-plans.contract';
import { loadPlanRecord } from './marketing-plans.api';
import {
  marketingPlans,
  planAdRecords,
  planAds,
  planCouponRecords,
  planCoupons,
  planRecords,
  planVehicleRecords,
  planVehicles,
} from './marketing-plans.db';
import './coupons.server';

const planSearch = searchText(marketingPlans.name);
const countOf = (table: typeof planVehicles | typeof planCoupons) =>
  sql<number>`(select count(*)::int from ${table} where ${table.planId} = ${marketingPlans.id})`;

defineListAction({
  contract: loadPlans,
  summary: "A store's marketing plans, the active one marked.",
  permission: 'marketing',
  reach: marketingPlans.locationId,
  bench: (s) => [
    { name: 'location', filters: { locationId: s.locationId } },
    { name: "all, a region's user", filters: {}, regional: true },
    { name: 'search', filters: { query: 'plan' } },
  ],
  columns: planColumns,
  sorts: { name: marketingPlans.name, updatedAt: marketingPlans.updatedAt },
  defaultSort: 'updatedAt',
  defaultDir: 'desc',
  id: { key: 'planId', column: marketingPlans.id },
  filters: {
    locationId: equals(marketingPlans.locationId),
    query: matches(planSearch),
    current: yesNo(marketingPlans.current),
  },
  query: ({ db }) => ({
    select: db
      .select({
        planId: marketingPlans.id,
        name: marketingPlans.name,
        location: locations.name,
        locationId: marketingPlans.locationId,
        current: marketingPlans.current,
        vehicleCount: countOf(planVehicles).as('vehicle_count'),
        couponCount: countOf(planCoupons).as('coupon_count'),
        updatedAt: marketingPlans.updatedAt,
      })
      .from(marketingPlans)
      .innerJoin(locations, eq(locations.id, marketingPlans.locationId))
      .$dynamic(),
  }),
});

defineAction({
  contract: loadPlan,
  summary: 'One plan with its vehicles, coupons and campaigns, for the editor.',
  permission: 'marketing',
  reach: { planId: planRecords },
  readOnly: true,
  async handler(ctx) {
    return { plan: await loadPlanRecord(ctx, ctx.input.planId) };
  },
});

type Items = typeof planVehicles | typeof planCoupons;
type ItemKey = 'vehicleId' | 'couponId';

/**
 * Makes a plan's items the list given, in its order: an item naming one of the plan's own ids is
 * updated in place (ads and emails made from it keep pointing at it), the others are added, and the
 * plan's items left out are deleted. Answers the ids in order.
 */
async function syncItems<T extends Partial<Record<ItemKey, unknown>>>(
  db: Db,
  table: Items,
  key: ItemKey,
  plan: { id: number; locationId: number },
  items: T[],
): Promise<number[]> {
  const mine = new Set(
    (
      await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.planId, plan.id))
    ).map((r) => r.id),
  );
  const kept = items.map((i) => i[key]).filter((id): id is number => typeof id === 'number' && mine.has(id));
  await db.delete(table).where(and(eq(table.planId, plan.id), kept.length ? notInArray(table.id, kept) : undefined));
  const ids: number[] = [];
  for (const [position, item] of items.entries()) {
    const { [key]: itemId, ...fields } = item;
    const values = { ...fields, planId: plan.id, locationId: plan.locationId, position } as never;
    if (typeof itemId === 'number' && mine.has(itemId)) {
      await db.update(table).set(values).where(eq(table.id, itemId));
      ids.push(itemId);
    } else {
      const [row] = await db.insert(table).values(values).returning({ id: table.id });
      ids.push(row.id);
    }
  }
  return ids;
}

/** Writes the plan's own row (added or changed, audited); only one plan of a store is active. */
async function writePlan(ctx: ActionContext<PlanInput & { planId?: number; locationId: number; current: boolean }>) {
  const { input } = ctx;
  const values = {
    name: input.name as string,
    locationId: input.locationId,
    current: input.current,
    campaigns: input.campaigns as never,
    // A save without one (the old API) keeps the stored revision.
    ...(input.revision === undefined ? {} : { revision: input.revision as number }),
  };
  if (input.current) {
    const others = and(eq(marketingPlans.locationId, input.locationId), eq(marketingPlans.current, true));
    await ctx.db
      .update(marketingPlans)
      .set({ current: false })
      .where(input.planId ? and(others, ne(marketingPlans.id, input.planId)) : others);
  }
  if (input.planId) return (await updateRecord(ctx, planRecords, input.planId, values)).after;
  return insertRecord(ctx, planRecords, values);
}

defineAction({
  contract: savePlan,
  summary:
    'Saves a whole plan (the editor autosaves on each change); the first save answers its planId; a save of an older change than the stored one is not written.',
  permission: 'marketingEditor',
  reach: { planId: planRecords },
  async handler(ctx) {
    const { planId, revision } = ctx.input;
    if (planId && revision !== undefined) {
      // The plan is held until this save ends: a second save of it waits, then reads this one's revision.
      await ctx.db.execute(sql`select 1 from ${marketingPlans} where ${marketingPlans.id} = ${planId} for update`);
      const stored = await loadRecord(ctx, planRecords, planId);
      if (stored.revision > revision)
        return { planId, vehicleIds: [], couponIds: [], revision: stored.revision, written: false };
    }
    const plan = await writePlan(ctx);
    const vehicleIds = await syncItems(ctx.db, planVehicles, 'vehicleId', plan, ctx.input.vehicles);
    const couponIds = await syncItems(ctx.db, planCoupons, 'couponId', plan, ctx.input.coupons);
    return { planId: plan.id, vehicleIds, couponIds, revision: plan.revision, written: true };
  },
});

defineAction({
  contract: deletePlan,
  summary: 'Deletes a plan with its vehicles, coupons and ads; answers its store, whose list the screen shows next.',
  permission: 'marketingEditor',
  reach: { planId: planRecords },
  async handler(ctx) {
    const plan = await deleteRecord(ctx, planRecords, ctx.input.planId);
    return { locationId: plan.locationId };
  },
});

/**
 * The plan item an ad is made from: one vehicle or one coupon of the plan, named in words. Locked
 * until the claim's part ends, so two requests for an ad of it check for each other in turn.
 */
async function lockAdItem(db: Db, planId: number, input: { vehicleId?: number; couponId?: number }) {
  if (!input.vehicleId === !input.couponId)
    throw AppError.invalid('Choose one vehicle or one coupon of the plan for the ad.', ['vehicleId']);
  const pick = (table: Items, id: number, where: SQL | undefined = and(eq(table.id, id), eq(table.planId, planId))) =>
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .limit(1)
      .for('update');
  const [row] = (
    input.vehicleId ? await pick(planVehicles, input.vehicleId) : await pick(planCoupons, input.couponId!)
  ) as {
    year?: number;
    make?: string;
    model?: string;
    product?: string;
    image: string;
  }[];
  if (!row)
    throw AppError.notFound(input.vehicleId ? 'That plan vehicle does not exist.' : 'That coupon does not exist.');
  return { title: row.product ?? `${row.year} ${row.make} ${row.model}`, image: row.image || null };
}

type AdInput = z.infer<typeof createFacebookAd.input>;
type Part = ActionContext<AdInput>;

/** The reference of an ad Facebook has been asked for and has not answered yet. */
const PENDING_REFERENCE = '';
/**
 * A pending ad older than this was left by a process that died (Facebook answers within its 15 s
 * timeout): it no longer stops an ad of its item.
 */
const abandonedBefore = () => sql`now() - interval '2 minutes'`;

/** The item's ad Facebook is being asked for now, if any; one left by a process that died is dropped, audited. */
async function pendingAdOf(c: Part, planId: number, input: AdInput) {
  const item = input.vehicleId ? eq(planAds.vehicleId, input.vehicleId) : eq(planAds.couponId, input.couponId!);
  const pending = and(eq(planAds.planId, planId), item, eq(planAds.reference, PENDING_REFERENCE));
  const abandoned = await c.db
    .delete(planAds)
    .where(and(pending, lt(planAds.createdAt, abandonedBefore())))
    .returning();
  for (const before of abandoned) c.audit({ recordType: planAdRecords.type, recordId: before.id, before });
  const [waiting] = await c.db.select({ id: planAds.id }).from(planAds).where(pending).limit(1);
  return waiting;
}

/**
 * The ad as asked of Facebook, written before it is asked (its own part, audited) with no reference
 * yet; refused while another ad of the same item is being created, so two clicks or two editors
 * make one ad.
 */
async function claimAd(c: Part, plan: { id: number; locationId: number }) {
  const { input } = c;
  const item = await lockAdItem(c.db, plan.id, input);
  if (await pendingAdOf(c, plan.id, input))
    throw AppError.conflict(
      `An ad from this ${input.vehicleId ? 'vehicle' : 'coupon'} is already being created; wait a moment.`,
      [input.vehicleId ? 'vehicleId' : 'couponId'],
    );
  const ad = await insertRecord(c, planAdRecords, {
    planId: plan.id,
    locationId: plan.locationId,
    vehicleId: input.vehicleId ?? null,
    couponId: input.couponId ?? null,
    headline: input.headline,
    message: input.message,
    link: input.link,
    budget: input.budget,
    reference: PENDING_REFERENCE,
    createdBy: c.user.id,
  });
  return { ad, item };
}

/** Facebook refused or did not answer: the pending ad goes, and its audit row says why. */
async function dropPendingAd(c: Part, adId: number, error: unknown) {
  const [before] = await c.db
    .delete(planAds)
    .where(and(eq(planAds.id, adId), eq(planAds.reference, PENDING_REFERENCE)))
    .returning();
  const refused = error instanceof Error ? error.message : String(error);
  if (before) c.audit({ recordType: planAdRecords.type, recordId: adId, before, after: { refused } });
}

/** Facebook made the ad: its reference is kept. The plan may have been deleted meanwhile, with its ads. */
async function keepAdReference(c: Part, adId: number, reference: string) {
  const [after] = await c.db
    .update(planAds)
    .set({ reference })
    .where(and(eq(planAds.id, adId), eq(planAds.reference, PENDING_REFERENCE)))
    .returning();
  if (!after)
    throw AppError.conflict(
      `The plan was deleted while Facebook created the ad; it stays paused in Ads Manager (${reference}).`,
    );
  c.audit({ recordType: planAdRecords.type, recordId: adId, before: { reference: PENDING_REFERENCE }, after });
}

defineAction({
  contract: createFacebookAd,
  summary: "Creates a paused Facebook ad from one of a plan's vehicles or coupons, through the Facebook provider.",
  permission: 'marketingEditor',
  reach: { planId: planRecords, vehicleId: planVehicleRecords, couponId: planCouponRecords },
  // Facebook is asked with no transaction open: the ad is written as asked first, its reference after.
  outside: true,
  async handler(ctx) {
    const { input } = ctx;
    const plan = await loadRecord(ctx, planRecords, input.planId);
    const [store] = await ctx.db
      .select({ code: locations.code, name: locations.name })
      .from(locations)
      .where(eq(locations.id, plan.locationId));
    const { ad, item } = await ctx.change((c) => claimAd(c, plan));
    const { reference } = await ctx.services.facebook
      .createAd(ctx.db, {
        store,
        name: `${store.code} · ${item.title}`,
        headline: input.headline,
        message: input.message,
        link: input.link,
        image: item.image,
        dailyBudget: input.budget,
      })
      .catch(async (error: unknown) => {
        await ctx.change((c) => dropPendingAd(c, ad.id, error));
        throw error;
      });
    await ctx.change((c) => keepAdReference(c, ad.id, reference));
    return { adId: ad.id, reference };
  },
});
