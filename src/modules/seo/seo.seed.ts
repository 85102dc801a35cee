import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/client';
import { localCms } from '../../server/providers/cms/cms';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { contentItems } from '../content/content.db';
import { compilePage } from '../content/content.api';
import type { ContentPageType } from '../content/content.contract';
import { seoPages } from './seo.db';

/** SEO pages at stores in and outside New Mexico over the last two weeks; `day`: days before the seed ran. */
const demo: {
  code: string;
  pageUrl: string;
  displayText: string;
  pageType: ContentPageType;
  serviceName?: string;
  day: number;
  helpful?: boolean;
}[] = [
  {
    code: 'ABG',
    pageUrl: '/service/oil-change',
    displayText: 'Oil change in Albuquerque',
    pageType: 'service',
    serviceName: 'Oil change',
    day: 1,
    helpful: true,
  },
  {
    code: 'ABG',
    pageUrl: '/service/alignment',
    displayText: 'Wheel alignment',
    pageType: 'service',
    serviceName: 'Alignment',
    day: 3,
  },
  {
    code: 'ABG',
    pageUrl: '/blog/winter-driving',
    displayText: 'Getting ready for winter driving',
    pageType: 'article',
    day: 9,
  },
  {
    code: 'SFS',
    pageUrl: '/service/brakes',
    displayText: 'Brake service in Santa Fe',
    pageType: 'service',
    serviceName: 'Brake service',
    day: 2,
  },
  {
    code: 'DNC',
    pageUrl: '/service/tire-rotation',
    displayText: 'Tire rotation in Denver',
    pageType: 'service',
    serviceName: 'Tire rotation',
    day: 4,
  },
  {
    code: 'PHX',
    pageUrl: '/about-us',
    displayText: 'About our Phoenix store',
    pageType: 'article',
    day: 6,
    helpful: true,
  },
];

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/**
 * The hand-made demo pages, and one built through the local CMS from ABG's published RAV4 content
 * item (when the CMS is local), so the list shows both kinds and the builder's to-do list one done.
 */
export async function seedSeo(db: Db, config: Config): Promise<void> {
  const stores = await db
    .select()
    .from(locations)
    .where(inArray(locations.code, ['ABG', 'SFS', 'DNC', 'PHX']));
  const store = new Map(stores.map((s) => [s.code, s]));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  await db.insert(seoPages).values(
    demo.map((d) => ({
      locationId: store.get(d.code)!.id,
      pageUrl: d.pageUrl,
      displayText: d.displayText,
      pageType: d.pageType,
      serviceName: d.serviceName ?? '',
      helpful: d.helpful ?? false,
      createdBy: admin?.id ?? null,
      createdAt: daysAgo(d.day),
      updatedAt: daysAgo(d.day),
    })),
  );
  if (config.CMS !== 'local') return;
  const abg = store.get('ABG')!;
  const [item] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.locationId, abg.id), eq(contentItems.pageUrl, '/new/2025-toyota-rav4-xle')));
  if (!item) return;
  const words = compilePage(item, abg);
  const built = await localCms(config.PUBLIC_URL).createPage(db, {
    pageUrl: item.pageUrl,
    title: words.title,
    description: words.description,
    html: words.html,
    pageType: item.pageType,
    serviceName: item.serviceName,
    vehicle: { year: item.vehicleYear, make: item.vehicleMake, model: item.vehicleModel, trim: item.vehicleTrim },
    store: { code: abg.code, name: abg.name, url: abg.url },
  });
  await db.insert(seoPages).values({
    locationId: abg.id,
    pageUrl: item.pageUrl,
    displayText: words.title,
    pageType: item.pageType,
    vehicleYear: item.vehicleYear,
    vehicleMake: item.vehicleMake,
    vehicleModel: item.vehicleModel,
    vehicleTrim: item.vehicleTrim,
    createdBy: admin?.id ?? null,
    createdWithDdcApi: true,
    cmsPageId: built.cmsPageId,
    previewUrl: built.previewUrl,
    createdAt: daysAgo(0),
    updatedAt: daysAgo(0),
  });
}
