import { and, eq, ne, notInArray, sql, type SQL } from 'drizzle-orm';
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

/** The plan item an ad is made from: one vehicle or one coupon of the plan, named in words. */
async function adItem(db: Db, planId: number, input: { vehicleId?: number; couponId?: number }) {
  if (!input.vehicleId === !input.couponId)
    throw AppError.invalid('Choose one vehicle or one coupon of the plan for the ad.', ['vehicleId']);
  const pick = (table: Items, id: number, where: SQL | undefined = and(eq(table.id, id), eq(table.planId, planId))) =>
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .limit(1);
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

defineAction({
  contract: createFacebookAd,
  summary: "Creates a paused Facebook ad from one of a plan's vehicles or coupons, through the Facebook provider.",
  permission: 'marketingEditor',
  reach: { planId: planRecords, vehicleId: planVehicleRecords, couponId: planCouponRecords },
  async handler(ctx) {
    const { input } = ctx;
    const plan = await loadRecord(ctx, planRecords, input.planId);
    const item = await adItem(ctx.db, plan.id, input);
    const [store] = await ctx.db
      .select({ code: locations.code, name: locations.name })
      .from(locations)
      .where(eq(locations.id, plan.locationId));
    const { reference } = await ctx.services.facebook.createAd(ctx.db, {
      store,
      name: `${store.code} · ${item.title}`,
      headline: input.headline,
      message: input.message,
      link: input.link,
      image: item.image,
      dailyBudget: input.budget,
    });
    const ad = await insertRecord(ctx, planAdRecords, {
      planId: plan.id,
      locationId: plan.locationId,
      vehicleId: input.vehicleId ?? null,
      couponId: input.couponId ?? null,
      headline: input.headline,
      message: input.message,
      link: input.link,
      budget: input.budget,
      reference,
      createdBy: ctx.user.id,
    });
    return { adId: ad.id, reference };
  },
});
