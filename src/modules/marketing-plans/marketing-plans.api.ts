import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { Reach } from '../../shared/session';
import { loadRecord } from '../../server/platform/records';
import { locations } from '../locations/locations.db';
import type { Plan } from './marketing-plans.contract';
import { planCoupons, planRecords, planVehicles } from './marketing-plans.db';

/** One plan within the caller's reach, whole, as the editor and the API read it. */
export async function loadPlanRecord(ctx: { db: Db; user: { reach: Reach } }, planId: number): Promise<Plan> {
  const plan = await loadRecord(ctx, planRecords, planId);
  const [[store], vehicles, coupons] = await Promise.all([
    ctx.db.select({ name: locations.name }).from(locations).where(eq(locations.id, plan.locationId)),
    ctx.db
      .select()
      .from(planVehicles)
      .where(eq(planVehicles.planId, planId))
      .orderBy(asc(planVehicles.position), asc(planVehicles.id)),
    ctx.db
      .select()
      .from(planCoupons)
      .where(eq(planCoupons.planId, planId))
      .orderBy(asc(planCoupons.position), asc(planCoupons.id)),
  ]);
  return {
    planId: plan.id,
    name: plan.name,
    locationId: plan.locationId,
    location: store.name,
    current: plan.current,
    vehicles: vehicles.map(({ id, planId: _p, locationId: _l, position: _o, ...v }) => ({
      vehicleId: id,
      ...v,
      type: v.type as Plan['vehicles'][number]['type'],
    })),
    coupons: coupons.map(({ id, planId: _p, locationId: _l, position: _o, ...c }) => ({ couponId: id, ...c })),
    campaigns: plan.campaigns,
  };
}
