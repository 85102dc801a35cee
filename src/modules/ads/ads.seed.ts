import { inArray } from 'drizzle-orm';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/client';
import { localFacebook } from '../../server/providers/facebook/facebook';
import { locations } from '../locations/locations.db';
import { fetchStoreAds } from './ads.server';

/** The last 30 days of ads of stores in and outside New Mexico, from the local social-platform driver. */
export async function seedAds(db: Db, config: Config): Promise<void> {
  const stores = await db
    .select()
    .from(locations)
    .where(inArray(locations.code, ['ABG', 'SFS', 'DNC', 'PHX']));
  const facebook = localFacebook(config.FACEBOOK_PIXEL_ID);
  for (const store of stores) await fetchStoreAds(db, facebook, store, new Date());
}
