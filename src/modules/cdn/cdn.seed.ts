import { eq } from 'drizzle-orm';
import { images } from '../../server/platform/when-used';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/client';
import { storageFor } from '../../server/providers/storage/storage';
import { locations } from '../locations/locations.db';
import { cdnUploads } from './cdn.db';
import { storageKey } from './store-file';

/** Banners of a few stores, New Mexico's and one in Denver (outside a New Mexico user's reach). */
const demo = [
  {
    code: 'ABG',
    filename: 'spring-sales-event.png',
    description: 'Spring sales event banner',
    tags: 'spring, banner',
    rgb: '#1c7ed6',
  },
  {
    code: 'ABG',
    filename: 'service-special.png',
    description: 'Service special: oil change',
    tags: 'service',
    rgb: '#2f9e44',
  },
  {
    code: 'SFS',
    filename: 'santa-fe-storefront.png',
    description: 'Santa Fe storefront',
    tags: 'store',
    rgb: '#e8590c',
  },
  {
    code: 'DNC',
    filename: 'denver-trucks.png',
    description: 'Denver truck month',
    tags: 'trucks, banner',
    rgb: '#862e9c',
  },
];

/** A plain banner image of one colour, drawn here so the demo needs no files of its own. */
const banner = (background: string) =>
  images()({ create: { width: 1200, height: 400, channels: 3, background } })
    .png()
    .toBuffer();

export async function seedUploads(db: Db, config: Config): Promise<void> {
  const storage = storageFor(config);
  for (const item of demo) {
    const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.code, item.code));
    if (!location) continue;
    const data = await banner(item.rgb);
    const key = storageKey('image/png');
    await storage.put(key, { data, contentType: 'image/png' });
    await db.insert(cdnUploads).values({
      locationId: location.id,
      storageKey: key,
      filename: item.filename,
      contentType: 'image/png',
      contentSize: data.length,
      originalSize: data.length,
      tags: item.tags,
      description: item.description,
    });
  }
}
