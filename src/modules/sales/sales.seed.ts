import type { Db } from '../../server/db/client';
import { seedIncentives } from './incentives.seed';

/** The sales tools' demo: this month's incentives. */
export async function seedSales(db: Db): Promise<void> {
  const now = new Date();
  await seedIncentives(db, now);
}
