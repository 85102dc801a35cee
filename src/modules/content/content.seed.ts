import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { contentItems } from './content.db';
import type { ContentPageType } from './content.contract';

/** Service and model pages for stores in and outside New Mexico; some published (on the builder's to-do list), one locked. */
const demo: {
  code: string;
  title: string;
  pageType: ContentPageType;
  pageUrl: string;
  serviceName?: string;
  vehicle?: [number, string, string, string];
  published: boolean;
  locked?: boolean;
}[] = [
  {
    code: 'ABG',
    title: 'Oil change at [location_name]',
    pageType: 'service',
    pageUrl: '/service/oil-change',
    serviceName: 'Oil change',
    published: true,
    locked: true,
  },
  {
    code: 'ABG',
    title: 'Brake service in [location_city]',
    pageType: 'service',
    pageUrl: '/service/brakes',
    serviceName: 'Brake service',
    published: true,
  },
  {
    code: 'ABG',
    title: '2025 Toyota RAV4 XLE for sale in [location_city]',
    pageType: 'vehicle',
    pageUrl: '/new/2025-toyota-rav4-xle',
    vehicle: [2025, 'Toyota', 'RAV4', 'XLE'],
    published: true,
  },
  {
    code: 'ABG',
    title: 'Tire rotation at [location_name]',
    pageType: 'service',
    pageUrl: '/service/tire-rotation',
    serviceName: 'Tire rotation',
    published: false,
  },
  {
    code: 'SFS',
    title: '2025 Subaru Outback for sale in [location_city]',
    pageType: 'vehicle',
    pageUrl: '/new/2025-subaru-outback',
    vehicle: [2025, 'Subaru', 'Outback', 'Premium'],
    published: true,
  },
  {
    code: 'DNC',
    title: 'Battery replacement at [location_name]',
    pageType: 'service',
    pageUrl: '/service/battery',
    serviceName: 'Battery replacement',
    published: true,
  },
  {
    code: 'PHX',
    title: 'How often should I rotate my tires?',
    pageType: 'article',
    pageUrl: '/blog/how-often-rotate-tires',
    published: false,
  },
];

const bodyOf = (title: string) =>
  `${title.replace(/ at \[location_name\]| in \[location_city\]/, '')} from the team at [location_name], [location_address].\n\nCall [service_phone] or book online at [service_url]; we are open [service_hours].`;

export async function seedContent(db: Db): Promise<void> {
  const stores = await db
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(inArray(locations.code, [...new Set(demo.map((d) => d.code))]));
  const idOf = new Map(stores.map((s) => [s.code, s.id]));
  await db.insert(contentItems).values(
    demo.map((d) => ({
      locationId: idOf.get(d.code)!,
      title: d.title,
      description: `${d.title.replace(/\[[a-z_]+\]/g, 'town')}: prices, hours and booking.`,
      content: bodyOf(d.title),
      published: d.published,
      locked: d.locked ?? false,
      serviceName: d.serviceName ?? '',
      pageType: d.pageType,
      vehicleYear: d.vehicle?.[0] ?? null,
      vehicleMake: d.vehicle?.[1] ?? '',
      vehicleModel: d.vehicle?.[2] ?? '',
      vehicleTrim: d.vehicle?.[3] ?? '',
      pageUrl: d.pageUrl,
    })),
  );
}
