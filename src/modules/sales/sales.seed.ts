import type { Db } from '../../server/db/client';
import { seedDeskingDeals } from './desking.seed';
import { seedIncentives } from './incentives.seed';
import { seedPurchases } from './purchases.seed';

/** The sales tools' demo: this month's incentives, what the squads sold lately, and the deals they saved. */
export async function seedSales(db: Db): Promise<void> {
  const now = new Date();
  await seedIncentives(db, now);
  await seedPurchases(db, now);
  await seedDeskingDeals(db, now);
}
