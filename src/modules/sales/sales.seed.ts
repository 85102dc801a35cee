import type { Db } from '../../server/db/client';
import { seedDeskingDeals } from './desking.seed';
import { seedIncentives } from './incentives.seed';
import { seedPurchases } from './purchases.seed';
import { seedQuotes } from './quotes.seed';
import { salespeopleByStore } from './salespeople.seed';

/**
 * The sales tools' demo: this month's incentives, what the squads sold lately, the quotes they sent
 * and the deals they saved, some of them from those quotes.
 */
export async function seedSales(db: Db): Promise<void> {
  const now = new Date();
  const salespeople = await salespeopleByStore(db);
  await seedIncentives(db, now);
  await seedPurchases(db, now, salespeople);
  const quotes = await seedQuotes(db, now, salespeople);
  await seedDeskingDeals(db, now, salespeople, quotes);
}
