import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { landingPages } from './page-builder.db';
import type { PageModule } from './page-builder.contract';

const springModules: PageModule[] = [
  {
    id: 'hero0000001',
    type: 'hero',
    heading: 'Spring Sales Event',
    subheading: 'Every Tacoma and RAV4 priced to move, this weekend only.',
  },
  {
    id: 'text0000001',
    type: 'text',
    heading: 'Why buy from Albuquerque Toyota',
    body: 'Free oil changes for two years.\nA 150-point inspection on every used vehicle.',
  },
  { id: 'btn00000001', type: 'button', label: 'See the inventory', link: '/inventory' },
];

/** A published page in Albuquerque and a draft in Denver (outside a New Mexico user's reach). */
export async function seedLandingPages(db: Db): Promise<void> {
  const byCode = async (code: string) =>
    (await db.select({ id: locations.id }).from(locations).where(eq(locations.code, code)))[0]?.id;
  const [abg, dnc] = [await byCode('ABG'), await byCode('DNC')];
  if (!abg || !dnc) return;
  await db.insert(landingPages).values([
    {
      locationId: abg,
      title: 'Spring Sales Event',
      slug: 'spring-sales-event',
      description: 'Spring deals at Albuquerque Toyota.',
      published: true,
      modules: springModules,
    },
    {
      locationId: dnc,
      title: 'Truck Month',
      slug: 'denver-truck-month',
      modules: [{ id: 'hero0000002', type: 'hero', heading: 'Truck Month at Denver Chevrolet' }],
    },
  ]);
}
