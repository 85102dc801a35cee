import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { addDays, dayIn } from '../../server/platform/days';
import { locations } from '../locations/locations.db';
import type { IncentiveType } from './incentives.contract';
import { incentives } from './incentives.db';

/**
 * This month's programmes: makers' cash, finance and lease money at their brands' stores, and the
 * group's own loyalty cash at every store. `code` null: the whole group; days around today.
 */
const demoIncentives: {
  code: string | null;
  name: string;
  type: IncentiveType;
  amount: number;
  years: [number, number];
  make?: string;
  model?: string;
  from: number;
  to: number;
  active?: boolean;
  byDefault?: boolean;
  terms?: string;
}[] = [
  {
    code: null,
    name: 'Group loyalty cash',
    type: 'cash',
    amount: 50_000,
    years: [0, 1],
    from: -20,
    to: 40,
    byDefault: true,
    terms: "Returning customers of any of the group's stores; one per household.",
  },
  {
    code: null,
    name: 'Military appreciation',
    type: 'cash',
    amount: 75_000,
    years: [-1, 1],
    from: -60,
    to: 120,
    terms: 'Active duty, reserve and veterans with proof of service.',
  },
  {
    code: 'ABG',
    name: 'Toyota RAV4 customer cash',
    type: 'cash',
    amount: 150_000,
    years: [0, 0],
    make: 'Toyota',
    model: 'RAV4',
    from: -10,
    to: 20,
    byDefault: true,
    terms: 'From Toyota Motor Sales; not with subvented finance.',
  },
  {
    code: 'ABG',
    name: 'Toyota Camry lease cash',
    type: 'lease',
    amount: 100_000,
    years: [0, 1],
    make: 'Toyota',
    model: 'Camry',
    from: -5,
    to: 25,
    terms: 'Through Toyota Financial Services, 36 months.',
  },
  {
    code: 'ABG',
    name: 'Toyota Tacoma finance bonus',
    type: 'finance',
    amount: 125_050,
    years: [-1, 0],
    make: 'Toyota',
    model: 'Tacoma',
    from: -40,
    to: -2,
    terms: 'Ended: the programme closed two days ago.',
  },
  {
    code: 'ABH',
    name: 'Honda CR-V finance cash',
    type: 'finance',
    amount: 100_000,
    years: [0, 1],
    make: 'Honda',
    model: 'CR-V',
    from: -15,
    to: 15,
    byDefault: true,
  },
  {
    code: 'ABH',
    name: 'Honda college graduate',
    type: 'cash',
    amount: 50_000,
    years: [0, 1],
    make: 'Honda',
    from: -30,
    to: 60,
    terms: 'Graduates within two years, with proof of degree.',
  },
  {
    code: 'SFS',
    name: 'Subaru Outback lease support',
    type: 'lease',
    amount: 75_000,
    years: [0, 0],
    make: 'Subaru',
    model: 'Outback',
    from: -7,
    to: 23,
  },
  {
    code: 'LCF',
    name: 'Ford F-150 retail cash',
    type: 'cash',
    amount: 250_000,
    years: [-1, 0],
    make: 'Ford',
    model: 'F-150',
    from: -12,
    to: 18,
    byDefault: true,
  },
  {
    code: 'LCF',
    name: 'Ford Escape spring cash',
    type: 'cash',
    amount: 125_000,
    years: [0, 0],
    make: 'Ford',
    model: 'Escape',
    from: 30,
    to: 60,
    active: false,
    terms: 'Not yet announced to the floor.',
  },
  {
    code: 'DNC',
    name: 'Chevrolet Silverado finance cash',
    type: 'finance',
    amount: 300_000,
    years: [-1, 0],
    make: 'Chevrolet',
    model: 'Silverado 1500',
    from: -10,
    to: 20,
    byDefault: true,
  },
  {
    code: 'PHX',
    name: 'Hyundai Tucson lease cash',
    type: 'lease',
    amount: 150_000,
    years: [0, 1],
    make: 'Hyundai',
    model: 'Tucson',
    from: -3,
    to: 27,
  },
  {
    code: 'PHX',
    name: 'Hyundai loyalty',
    type: 'cash',
    amount: 75_000,
    years: [0, 1],
    make: 'Hyundai',
    from: -30,
    to: 30,
  },
];

export async function seedIncentives(db: Db, now: Date): Promise<void> {
  const codes = [...new Set(demoIncentives.flatMap((i) => (i.code ? [i.code] : [])))];
  const stores = Object.fromEntries(
    (
      await db.select({ id: locations.id, code: locations.code }).from(locations).where(inArray(locations.code, codes))
    ).map((s) => [s.code, s.id]),
  );
  const today = dayIn('America/Denver', now);
  const year = Number(today.slice(0, 4));
  await db.insert(incentives).values(
    demoIncentives.map((i) => ({
      locationId: i.code ? stores[i.code] : null,
      name: i.name,
      type: i.type,
      amountCents: i.amount,
      minYear: year + i.years[0],
      maxYear: year + i.years[1],
      make: i.make ?? '',
      model: i.model ?? '',
      startDate: addDays(today, i.from),
      endDate: addDays(today, i.to),
      description: i.terms ?? '',
      active: i.active ?? true,
      enabledByDefault: i.byDefault ?? false,
    })),
  );
}
