import type { Db } from '../../server/db/client';
import { seedIncentives } from './incentives.seed';
import { seedPurchases } from './purchases.seed';

/** The sales tools' demo: this month's incentives, and what the squads sold lately. */
export async function seedSales(db: Db): Promise<void> {
  const now = new Date();
  await seedIncentives(db, now);
  await seedPurchases(db, now);
}
