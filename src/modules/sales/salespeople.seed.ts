import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { users } from '../users/users.db';

/**
 * Who sells at a store, first first: its sales consultants, then its general manager; where it has
 * neither, its business development (who answer its leads), else whoever works there.
 */
const SELLING_ORDER = sql<number>`case ${users.jobCode} when 'SALES' then 0 when 'GM' then 1 when 'BDC' then 2 else 3 end`;

/** Each store's salespeople for the sales demos (quotes, deals, purchases), in SELLING_ORDER. */
export async function salespeopleByStore(db: Db): Promise<Map<number, number[]>> {
  const staff = await db
    .select({ id: users.id, locationId: users.locationId, selling: SELLING_ORDER })
    .from(users)
    .where(and(eq(users.accountLocked, false), isNotNull(users.locationId)))
    .orderBy(asc(SELLING_ORDER), asc(users.id));
  const byStore = new Map<number, number[]>();
  for (const person of staff) {
    const here = byStore.get(person.locationId!) ?? [];
    // Those who sell only, where the store has any.
    if (here.length === 0 || person.selling < 2) byStore.set(person.locationId!, [...here, person.id]);
  }
  return byStore;
}
