import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { defineAction } from '../../server/platform/actions';
import { withinReach } from '../../server/platform/reach';
import { containing } from '../../server/platform/search';
import { inventoryVehicles } from '../inventory/inventory.db';
import { locationRecords, locations } from '../locations/locations.db';
import {
  marketingPlans,
  planCouponRecords,
  planCoupons,
  planVehicleRecords,
  planVehicles,
} from '../marketing-plans/marketing-plans.db';
import {
  listPlanCoupons,
  listPlanVehicles,
  planCouponImport,
  planVehicleImport,
  vehicleImport,
  type CouponItem,
  type PlanItem,
  type VehicleItem,
} from './email-builder.contract';

const blank = (s: string | null | undefined) => s || undefined;

defineAction({
  contract: vehicleImport,
  summary: "A store's vehicles in stock as email vehicle items, newest first, by condition, make and model.",
  permission: 'emailBuilder',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, user }) {
    const [store] = await db.select({ url: locations.url }).from(locations).where(eq(locations.id, input.locationId));
    const where: (SQL | undefined)[] = [
      eq(inventoryVehicles.locationId, input.locationId),
      eq(inventoryVehicles.status, 'in stock'),
      withinReach(user.reach, inventoryVehicles.locationId),
      input.condition ? eq(inventoryVehicles.condition, input.condition) : undefined,
      input.make ? ilike(inventoryVehicles.make, containing(input.make)) : undefined,
      input.model ? ilike(inventoryVehicles.model, containing(input.model)) : undefined,
    ];
    const rows = await db
      .select()
      .from(inventoryVehicles)
      .where(and(...where))
      .orderBy(desc(inventoryVehicles.createdAt), desc(inventoryVehicles.id))
      .limit(input.limit);
    const site = store?.url.replace(/\/$/, '') ?? '';
    const vehicles: VehicleItem[] = rows.map((v) => ({
      type: v.condition === 'used' ? 'used' : v.condition === 'certified' ? 'certified' : 'new',
      inventoryUrl: site && v.stock ? `${site}/inventory/?stock=${encodeURIComponent(v.stock)}` : undefined,
      image: blank(v.image && /^https?:\/\//.test(v.image) ? v.image : undefined),
      year: v.year,
      make: v.make,
      model: [v.model, v.trim].filter(Boolean).join(' '),
      amount: v.price ? `$${v.price.toLocaleString('en-US')}` : undefined,
      term: undefined,
      down: undefined,
      description: blank(v.description),
      disclaimer: undefined,
      ctaLabel: 'View vehicle',
    }));
    return { vehicles };
  },
});

/**
 * A store's active plan (seed 001: imports read "the plan" of the location chosen) and its vehicles
 * or coupons in the plan's order, each as a choice for an import.
 */
async function activePlanChoices<T extends typeof planVehicles | typeof planCoupons>(
  db: Db,
  location: number,
  table: T,
  choice: (row: T['$inferSelect']) => PlanItem,
) {
  const [plan] = await db
    .select({ id: marketingPlans.id, name: marketingPlans.name })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.locationId, location), eq(marketingPlans.current, true)));
  if (!plan) return { planId: null, plan: '', items: [] };
  // Drizzle's select does not take a union of tables; the rows read are the given table's.
  const rows = await db
    .select()
    .from(table as typeof planVehicles)
    .where(eq(table.planId, plan.id))
    .orderBy(asc(table.position), asc(table.id));
  return { planId: plan.id, plan: plan.name, items: (rows as T['$inferSelect'][]).map(choice) };
}

defineAction({
  contract: listPlanVehicles,
  summary: "The vehicles of a store's active marketing plan, to choose from for an import.",
  permission: 'emailBuilder',
  reach: { location: locationRecords },
  readOnly: true,
  handler: ({ db, input }) =>
    activePlanChoices(db, input.location, planVehicles, (v) => ({
      itemId: v.id,
      label: `${v.year} ${v.make} ${v.model}`,
      detail: [v.type, v.amount, v.term].filter(Boolean).join(' · '),
      live: v.live,
    })),
});

defineAction({
  contract: listPlanCoupons,
  summary: "The coupons of a store's active marketing plan, to choose from for an import.",
  permission: 'emailBuilder',
  reach: { location: locationRecords },
  readOnly: true,
  handler: ({ db, input }) =>
    activePlanChoices(db, input.location, planCoupons, (c) => ({
      itemId: c.id,
      label: c.product,
      detail: [c.leadingText, c.price, c.trailingText].filter(Boolean).join(' '),
      live: c.live,
    })),
});

/** The plan's vehicles or coupons of the ids asked for, in the order asked (reach has refused any outside it). */
async function picked<T extends typeof planVehicles | typeof planCoupons>(db: Db, table: T, ids: number[]) {
  if (!ids.length) return [];
  const rows = (await db
    .select()
    .from(table as typeof planVehicles)
    .where(inArray(table.id, ids))) as T['$inferSelect'][];
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined);
}

defineAction({
  contract: planVehicleImport,
  summary: 'Plan vehicles as email vehicle items, in the order chosen.',
  permission: 'emailBuilder',
  reach: { vehicleIds: planVehicleRecords },
  readOnly: true,
  async handler({ db, input }) {
    const vehicles: VehicleItem[] = (await picked(db, planVehicles, input.vehicleIds)).map((v) => ({
      type: v.type as VehicleItem['type'],
      inventoryUrl: blank(v.inventoryUrl),
      image: blank(v.image),
      year: v.year,
      make: v.make,
      model: v.model,
      amount: blank(v.amount),
      term: blank(v.term),
      down: blank(v.down),
      description: blank(v.description),
      disclaimer: blank(v.disclaimer),
      ctaLabel: 'View offer',
    }));
    return { vehicles };
  },
});

defineAction({
  contract: planCouponImport,
  summary: 'Plan coupons as email coupon items, in the order chosen.',
  permission: 'emailBuilder',
  reach: { couponIds: planCouponRecords },
  readOnly: true,
  async handler({ db, input }) {
    const coupons: CouponItem[] = (await picked(db, planCoupons, input.couponIds)).map((c) => ({
      leadingText: blank(c.leadingText),
      price: blank(c.price),
      trailingText: blank(c.trailingText),
      product: c.product,
      image: blank(c.image),
      description: blank(c.description),
      disclaimer: blank(c.disclaimer),
      standalone: false,
    }));
    return { coupons };
  },
});
