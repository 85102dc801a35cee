import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { daysAgo } from '../../server/db/demo-times';
import { seededRandom } from '../../server/scale/random';
import { dayIn } from '../../server/platform/days';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { testimonials } from './testimonials.db';

/**
 * A dozen testimonials from buyers on the click-to-buy lane, at stores in and outside New Mexico;
 * some published, some still waiting for marketing. `day`: how many days before the seed ran.
 */
const demo: {
  code: string;
  name: string;
  body: string;
  rating: number;
  day: number;
  year: number;
  make: string;
  model: string;
  active: boolean;
}[] = [
  {
    code: 'ABG',
    name: 'Rosa M.',
    body: 'Picked my RAV4 online on Sunday night and drove it home Monday at lunch. No haggling, and the trade-in offer was exactly what the site said.',
    rating: 5,
    day: 1,
    year: 2024,
    make: 'Toyota',
    model: 'RAV4',
    active: true,
  },
  {
    code: 'ABG',
    name: 'David C.',
    body: 'The paperwork was ready when I arrived. Twenty minutes start to finish.',
    rating: 5,
    day: 4,
    year: 2023,
    make: 'Toyota',
    model: 'Camry',
    active: true,
  },
  {
    code: 'ABG',
    name: 'Carmen O.',
    body: 'Good price, but the delivery slot moved twice. Staff made it right with a full tank and floor mats.',
    rating: 4,
    day: 9,
    year: 2022,
    make: 'Toyota',
    model: 'Tacoma',
    active: false,
  },
  {
    code: 'ABH',
    name: 'Kevin N.',
    body: 'Bought a Civic for my daughter entirely from my phone. The video walk-around answered every question.',
    rating: 5,
    day: 2,
    year: 2024,
    make: 'Honda',
    model: 'Civic',
    active: true,
  },
  {
    code: 'ABH',
    name: 'Angela B.',
    body: 'Smooth purchase. I would have liked a text when the car was washed and ready.',
    rating: 4,
    day: 12,
    year: 2023,
    make: 'Honda',
    model: 'CR-V',
    active: false,
  },
  {
    code: 'SFS',
    name: 'Thomas R.',
    body: 'Santa Fe Subaru had the Outback I wanted and held it while my loan cleared. Friendly and quick.',
    rating: 5,
    day: 3,
    year: 2024,
    make: 'Subaru',
    model: 'Outback',
    active: true,
  },
  {
    code: 'LCF',
    name: 'Maria G.',
    body: 'The F-150 was exactly as described, down to the scratch on the tailgate they disclosed.',
    rating: 5,
    day: 6,
    year: 2021,
    make: 'Ford',
    model: 'F-150',
    active: true,
  },
  {
    code: 'LCF',
    name: 'Luis A.',
    body: 'Easy online checkout; pickup took longer than promised.',
    rating: 3,
    day: 15,
    year: 2022,
    make: 'Ford',
    model: 'Escape',
    active: false,
  },
  {
    code: 'DNC',
    name: 'Jessica B.',
    body: 'Denver Chevrolet delivered my Equinox to my driveway in the snow. Above and beyond.',
    rating: 5,
    day: 2,
    year: 2024,
    make: 'Chevrolet',
    model: 'Equinox',
    active: true,
  },
  {
    code: 'DNC',
    name: 'Michael J.',
    body: 'Fair trade-in and no pressure at all.',
    rating: 4,
    day: 20,
    year: 2023,
    make: 'Chevrolet',
    model: 'Silverado 1500',
    active: false,
  },
  {
    code: 'CSK',
    name: 'Emily W.',
    body: 'First car I ever bought without a salesperson hovering. The Telluride is perfect.',
    rating: 5,
    day: 5,
    year: 2024,
    make: 'Kia',
    model: 'Telluride',
    active: true,
  },
  {
    code: 'PHX',
    name: 'Daniel L.',
    body: 'Reserved the Tucson online, signed at the store in fifteen minutes.',
    rating: 5,
    day: 7,
    year: 2024,
    make: 'Hyundai',
    model: 'Tucson',
    active: false,
  },
];

export async function seedTestimonials(db: Db): Promise<void> {
  const stores = await db
    .select({ id: locations.id, code: locations.code, timeZone: locations.timeZone })
    .from(locations)
    .where(inArray(locations.code, [...new Set(demo.map((t) => t.code))]));
  const store = Object.fromEntries(stores.map((s) => [s.code, s]));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const now = new Date();
  const random = seededRandom(13);
  await db.insert(testimonials).values(
    demo.map((t) => {
      const at = daysAgo(random, t.day, { now, timeZone: store[t.code].timeZone });
      return {
        locationId: store[t.code].id,
        creatorId: admin?.id ?? null,
        active: t.active,
        customerName: t.name,
        body: t.body,
        rating: t.rating,
        givenOn: dayIn(store[t.code].timeZone, at),
        vehicleYear: t.year,
        vehicleMake: t.make,
        vehicleModel: t.model,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
