/**
 * Who holds a job code. Users and job codes are the platform's kernel (eslint/boundaries.js, KERNEL):
 * users refer to job codes, never the other way round, so the access module asks here (before
 * deleting a job code, and to name its holders) instead of reading the users' table itself.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Reach } from '../../shared/session';
import { nameOf, users } from '../../modules/users/users.db';
import { withinReach } from './reach';

/** How many users hold the job code, wherever they are. */
export async function holderCount(db: Db, jobCode: string): Promise<number> {
  const [{ holders }] = await db.select({ holders: count() }).from(users).where(eq(users.jobCode, jobCode));
  return holders;
}

/** The first `limit` holders within reach, by last and first name. */
export function namedHolders(db: Db, jobCode: string, reach: Reach, limit: number) {
  return db
    .select({ userId: users.id, name: nameOf(), username: users.username })
    .from(users)
    .where(and(eq(users.jobCode, jobCode), withinReach(reach, users.locationId)))
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(limit);
}
