import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { localReviews } from '../../server/providers/reviews/reviews';
import { locations } from '../locations/locations.db';
import { fetchStoreReviews } from './reputation.server';

/** The last 90 days of reviews of stores in and outside New Mexico, from the local reviews driver. */
export async function seedReviews(db: Db): Promise<void> {
  const stores = await db
    .select({ id: locations.id, code: locations.code, name: locations.name })
    .from(locations)
    .where(inArray(locations.code, ['ABG', 'SFS', 'DNC', 'PHX']));
  const provider = localReviews();
  for (const store of stores) await fetchStoreReviews(db, provider, store, new Date());
}
