import { and, arrayContains, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { plausibleMoment, STORE_HOURS, WAKING_HOURS } from '../../server/db/demo-times';
import { seededRandom } from '../../server/scale/random';
import { DEFAULT_TIME_ZONE, addDays, dayIn } from '../../server/platform/days';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { appraisalAdjustments, appraisals, vehicleOfferRules } from './appraisals.db';
import type {
  AdjustmentType,
  AppraisalSource,
  AppraisalStatus,
  VehicleCondition,
  WorkingStatus,
} from './appraisals.values';
import { vinCheckDigit } from '../vehicles/vehicles.api';
import { computeOffer, type OfferRule } from './offer';

/** The demo's VINs with their check digit (position 9) worked out, so they pass the edit form's check. */
const checked = (vin: string) =>
  `${vin.slice(0, 8)}${vinCheckDigit(`${vin.slice(0, 8)}0${vin.slice(9)}`)}${vin.slice(9)}`;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The desk's standing rules: `from` / `to` are days relative to the seed's today (null: open). Money
 * in cents; percents in hundredths of a percent.
 */
const demoRules: {
  name: string;
  description: string;
  type: AdjustmentType;
  adjustment: number;
  min?: number;
  max?: number;
  from?: number;
  to?: number;
  make?: string;
  model?: string;
  trim?: string;
  mileage?: number;
}[] = [
  {
    name: 'High mileage',
    description: 'Vehicles at 100,000 miles or more: retail buyers pay less, recon costs more.',
    type: 'percent',
    adjustment: -800,
    mileage: 100_000,
  },
  {
    name: 'Older than ten years',
    description: 'Wholesale-only age: priced to auction.',
    type: 'amount',
    adjustment: -75_000,
    max: new Date().getFullYear() - 11,
  },
  {
    name: 'Toyota trucks in demand',
    description: 'Tacoma and Tundra sell in days; bid strong this quarter.',
    type: 'percent',
    adjustment: 350,
    make: 'Toyota',
    model: 'Tacoma',
    from: -30,
    to: 60,
  },
  {
    name: 'Spring trade-in event',
    description: 'Flat bonus on every late-model trade during the event.',
    type: 'amount',
    adjustment: 50_000,
    min: new Date().getFullYear() - 5,
    from: -10,
    to: 20,
  },
  {
    name: "Last winter's AWD push",
    description: 'Ended: kept to show past offers.',
    type: 'amount',
    adjustment: 30_000,
    make: 'Subaru',
    from: -200,
    to: -110,
  },
];

/**
 * ~30 trade-ins at six stores in New Mexico, Colorado and Arizona (reach.test.ts needs some outside New
 * Mexico), from each source, in every state. `ago`: how long before the seed ran it came in; base
 * values in cents. A customer who also filled in a trade-in questionnaire gave the same phone or email
 * in both, so the customer page joins them (docs/customers.md).
 */
const demoAppraisals: {
  code: string;
  source: AppraisalSource;
  name: string;
  phone?: string;
  email?: string;
  vin?: string;
  year: number;
  make: string;
  model: string;
  trim?: string;
  miles: number;
  condition: VehicleCondition;
  base: number;
  status: AppraisalStatus;
  working: WorkingStatus;
  ago: number;
  notes?: string;
}[] = [
  {
    code: 'ABG',
    source: 'website',
    name: 'Rosa Martinez',
    phone: '+15055550111',
    email: 'rosa.martinez@example.com',
    vin: '2T3P1RFV8KW012345',
    year: 2019,
    make: 'Toyota',
    model: 'RAV4',
    trim: 'XLE',
    miles: 48_200,
    condition: 'good',
    base: 2_240_000,
    status: 'offered',
    working: 'contacted',
    ago: 2 * HOUR,
  },
  {
    code: 'ABG',
    source: 'walk-in',
    name: 'David Chavez',
    phone: '+15055550112',
    vin: '3TMCZ5AN2MM412733',
    year: 2021,
    make: 'Toyota',
    model: 'Tacoma',
    trim: 'TRD Off-Road',
    miles: 31_900,
    condition: 'excellent',
    base: 3_310_000,
    status: 'accepted',
    working: 'inspected',
    ago: 1 * DAY + 2 * HOUR,
    notes: 'Customer buying a 2025 Tundra; wants the trade settled today.',
  },
  {
    code: 'ABG',
    source: 'service-lane',
    name: 'Angela Baca',
    phone: '+15055550123',
    vin: '4T1B11HK5KU718245',
    year: 2019,
    make: 'Toyota',
    model: 'Camry',
    trim: 'SE',
    miles: 104_500,
    condition: 'fair',
    base: 1_485_000,
    status: 'new',
    working: 'unworked',
    ago: 5 * HOUR,
  },
  {
    code: 'ABG',
    source: 'phone',
    name: 'Thomas Romero',
    phone: '+15055550114',
    email: 'tromero@example.com',
    year: 2012,
    make: 'Toyota',
    model: 'Corolla',
    trim: 'LE',
    miles: 162_000,
    condition: 'poor',
    base: 520_000,
    status: 'declined',
    working: 'dead',
    ago: 9 * DAY,
    notes: 'Wanted $7,000; sold it privately.',
  },
  {
    code: 'ABG',
    source: 'website',
    name: 'Kevin Nguyen',
    email: 'kevin.nguyen@example.com',
    year: 2022,
    make: 'Honda',
    model: 'Civic',
    trim: 'Sport',
    miles: 18_400,
    condition: 'excellent',
    base: 2_150_000,
    status: 'purchased',
    working: 'inspected',
    ago: 12 * DAY,
  },
  {
    code: 'ABG',
    source: 'website',
    name: 'Maria Gallegos',
    phone: '+15055550116',
    email: 'maria.gallegos@example.com',
    year: 2020,
    make: 'Ford',
    model: 'F-150',
    trim: 'XLT',
    miles: 61_000,
    condition: 'good',
    base: 2_975_000,
    status: 'expired',
    working: 'contacted',
    ago: 40 * DAY,
  },
  {
    code: 'ABH',
    source: 'walk-in',
    name: 'Jessica Brown',
    phone: '+15055550121',
    vin: '1HGCV1F38JA091734',
    year: 2018,
    make: 'Honda',
    model: 'Accord',
    trim: 'EX-L',
    miles: 72_300,
    condition: 'good',
    base: 1_690_000,
    // Bought: its acquisition, stock number and place on the lot carry the same VIN (stock.seed.ts).
    status: 'purchased',
    working: 'inspected',
    ago: 3 * DAY,
  },
  {
    code: 'ABH',
    source: 'service-lane',
    name: 'Marcus Whitfield',
    phone: '+15055550122',
    vin: '5J6RW2H85KL003218',
    year: 2019,
    make: 'Honda',
    model: 'CR-V',
    trim: 'EX',
    miles: 55_800,
    condition: 'good',
    base: 2_060_000,
    status: 'new',
    working: 'unworked',
    ago: 7 * HOUR,
  },
  {
    code: 'ABH',
    source: 'website',
    name: 'Gregory Baird',
    email: 'gbaird@example.com',
    year: 2016,
    make: 'Honda',
    model: 'Pilot',
    trim: 'Touring',
    miles: 118_900,
    condition: 'fair',
    base: 1_320_000,
    status: 'offered',
    working: 'contacted',
    ago: 2 * DAY,
  },
  {
    code: 'ABH',
    source: 'phone',
    name: 'Laura Sanchez',
    phone: '+15055550124',
    email: 'laura.s@example.com',
    year: 2023,
    make: 'Honda',
    model: 'HR-V',
    trim: 'LX',
    miles: 9_800,
    condition: 'excellent',
    base: 2_310_000,
    status: 'accepted',
    working: 'appointment',
    ago: 4 * DAY,
  },
  {
    code: 'ABH',
    source: 'website',
    name: 'Brian Ortiz',
    phone: '+15055550125',
    year: 2017,
    make: 'Nissan',
    model: 'Rogue',
    trim: 'SV',
    miles: 88_000,
    condition: 'fair',
    base: 1_050_000,
    status: 'new',
    working: 'contacted',
    ago: 20 * HOUR,
  },
  {
    code: 'SFS',
    source: 'walk-in',
    name: 'Emily Trujillo',
    phone: '+15055550131',
    vin: '4S4BSANC5H3263158',
    year: 2017,
    make: 'Subaru',
    model: 'Outback',
    trim: 'Premium',
    miles: 97_600,
    condition: 'good',
    base: 1_540_000,
    status: 'offered',
    working: 'inspected',
    ago: 4 * DAY,
  },
  {
    code: 'SFS',
    source: 'website',
    name: 'Robert Vigil',
    email: 'rvigil@example.com',
    year: 2022,
    make: 'Subaru',
    model: 'Forester',
    trim: 'Sport',
    miles: 22_100,
    condition: 'excellent',
    base: 2_690_000,
    status: 'purchased',
    working: 'inspected',
    ago: 15 * DAY,
  },
  {
    code: 'SFS',
    source: 'service-lane',
    name: 'Sarah Montoya',
    phone: '+15055550133',
    year: 2015,
    make: 'Subaru',
    model: 'Crosstrek',
    trim: 'Limited',
    miles: 131_000,
    condition: 'fair',
    base: 860_000,
    status: 'declined',
    working: 'dead',
    ago: 6 * DAY,
  },
  {
    code: 'SFS',
    source: 'phone',
    name: 'James Archuleta',
    phone: '+15055550134',
    year: 2020,
    make: 'Toyota',
    model: '4Runner',
    trim: 'SR5',
    miles: 46_700,
    condition: 'good',
    base: 3_150_000,
    status: 'new',
    working: 'unworked',
    ago: 1 * HOUR,
  },
  {
    code: 'LCF',
    source: 'website',
    name: 'Patricia Herrera',
    phone: '+15755550141',
    vin: '1FTEW1E47LFA22817',
    year: 2020,
    make: 'Ford',
    model: 'F-150',
    trim: 'Lariat',
    miles: 58_300,
    condition: 'good',
    base: 3_420_000,
    status: 'offered',
    working: 'contacted',
    ago: 1 * DAY,
  },
  {
    code: 'LCF',
    source: 'walk-in',
    name: 'Christopher Lucero',
    phone: '+15755550142',
    year: 2018,
    make: 'Ford',
    model: 'Escape',
    trim: 'SE',
    miles: 101_200,
    condition: 'fair',
    base: 960_000,
    status: 'accepted',
    working: 'inspected',
    ago: 2 * DAY + 4 * HOUR,
  },
  {
    code: 'LCF',
    source: 'service-lane',
    name: 'Linda Padilla',
    phone: '+15755550143',
    year: 2021,
    make: 'Ford',
    model: 'Bronco Sport',
    trim: 'Big Bend',
    miles: 27_400,
    condition: 'excellent',
    base: 2_380_000,
    status: 'new',
    working: 'contacted',
    ago: 10 * HOUR,
  },
  {
    code: 'LCF',
    source: 'phone',
    name: 'Mark Saiz',
    phone: '+15755550144',
    year: 2011,
    make: 'Chevrolet',
    model: 'Silverado 1500',
    trim: 'LT',
    miles: 188_000,
    condition: 'poor',
    base: 690_000,
    status: 'expired',
    working: 'dead',
    ago: 35 * DAY,
  },
  {
    code: 'DNC',
    source: 'website',
    name: 'Ashley Miller',
    email: 'ashley.miller@example.com',
    vin: '1GCUYDED5KZ198234',
    year: 2019,
    make: 'Chevrolet',
    model: 'Silverado 1500',
    trim: 'LT Trail Boss',
    miles: 64_000,
    condition: 'good',
    base: 3_020_000,
    status: 'offered',
    working: 'appointment',
    ago: 1 * DAY,
  },
  {
    code: 'DNC',
    source: 'walk-in',
    name: 'Joshua Davis',
    phone: '+13035550152',
    year: 2022,
    make: 'Chevrolet',
    model: 'Equinox',
    trim: 'LT',
    miles: 24_500,
    condition: 'good',
    base: 1_980_000,
    status: 'purchased',
    working: 'inspected',
    ago: 8 * DAY,
  },
  {
    code: 'DNC',
    source: 'service-lane',
    name: 'Amanda Wilson',
    phone: '+13035550153',
    year: 2014,
    make: 'Jeep',
    model: 'Grand Cherokee',
    trim: 'Limited',
    miles: 139_800,
    condition: 'fair',
    base: 920_000,
    status: 'new',
    working: 'unworked',
    ago: 3 * HOUR,
  },
  {
    code: 'DNC',
    source: 'phone',
    name: 'Ryan Taylor',
    phone: '+13035550154',
    year: 2020,
    make: 'Toyota',
    model: 'Tacoma',
    trim: 'SR5',
    miles: 52_000,
    condition: 'good',
    base: 2_870_000,
    status: 'declined',
    working: 'dead',
    ago: 11 * DAY,
  },
  {
    code: 'CSK',
    source: 'website',
    name: 'Megan Anderson',
    email: 'megan.a@example.com',
    vin: '5XYP3DHC5MG140556',
    year: 2021,
    make: 'Kia',
    model: 'Telluride',
    trim: 'EX',
    miles: 33_000,
    condition: 'excellent',
    base: 3_560_000,
    status: 'offered',
    working: 'contacted',
    ago: 2 * DAY,
  },
  {
    code: 'CSK',
    source: 'walk-in',
    name: 'Justin Thomas',
    phone: '+17195550162',
    year: 2019,
    make: 'Kia',
    model: 'Sorento',
    trim: 'LX',
    miles: 79_000,
    condition: 'good',
    base: 1_610_000,
    status: 'new',
    working: 'unworked',
    ago: 6 * HOUR,
  },
  {
    code: 'CSK',
    source: 'service-lane',
    name: 'Stephanie Moore',
    phone: '+17195550163',
    year: 2016,
    make: 'Hyundai',
    model: 'Sonata',
    trim: 'SE',
    miles: 112_000,
    condition: 'fair',
    base: 640_000,
    status: 'accepted',
    working: 'appointment',
    ago: 5 * DAY,
  },
  {
    code: 'PHX',
    source: 'website',
    name: 'Daniel Garcia',
    phone: '+16025550171',
    vin: '5NPEL4JA5LH012788',
    year: 2020,
    make: 'Hyundai',
    model: 'Sonata',
    trim: 'SEL',
    miles: 41_200,
    condition: 'good',
    base: 1_790_000,
    status: 'offered',
    working: 'contacted',
    ago: 2 * DAY + 5 * HOUR,
  },
  {
    code: 'PHX',
    source: 'walk-in',
    name: 'Nicole Martinez',
    phone: '+16025550172',
    year: 2023,
    make: 'Hyundai',
    model: 'Tucson',
    trim: 'SEL',
    miles: 12_300,
    condition: 'excellent',
    base: 2_580_000,
    status: 'purchased',
    working: 'inspected',
    ago: 14 * DAY,
  },
  {
    code: 'PHX',
    source: 'phone',
    name: 'Anthony Robinson',
    phone: '+16025550173',
    year: 2013,
    make: 'Honda',
    model: 'Odyssey',
    trim: 'EX-L',
    miles: 171_500,
    condition: 'poor',
    base: 480_000,
    status: 'new',
    working: 'unworked',
    ago: 8 * HOUR,
  },
  {
    code: 'PHX',
    source: 'service-lane',
    name: 'Karen Clark',
    phone: '+16025550174',
    year: 2018,
    make: 'Toyota',
    model: 'Highlander',
    trim: 'XLE',
    miles: 89_900,
    condition: 'good',
    base: 2_120_000,
    status: 'offered',
    working: 'appointment',
    ago: 3 * DAY,
  },
];

/** Who may work a trade-in: the job codes that hold `appraiser` (decision 022), and those who hold it themselves. */
const APPRAISER_CODES = ['GM', 'GSM', 'INV'];

/** A few standing offer rules, then ~30 appraisals priced by them (offer.ts), each with the rules it got. */
export async function seedAppraisals(db: Db): Promise<void> {
  const now = Date.now();
  const today = dayIn(DEFAULT_TIME_ZONE, new Date(now));
  const rules: OfferRule[] = (
    await db
      .insert(vehicleOfferRules)
      .values(
        demoRules.map((r) => ({
          name: r.name,
          description: r.description,
          adjustmentType: r.type,
          priceAdjustment: r.adjustment,
          minVehicleYear: r.min ?? null,
          maxVehicleYear: r.max ?? null,
          startDate: r.from === undefined ? null : addDays(today, r.from),
          endDate: r.to === undefined ? null : addDays(today, r.to),
          vehicleMake: r.make ?? '',
          vehicleModel: r.model ?? '',
          vehicleTrim: r.trim ?? '',
          mileage: r.mileage ?? null,
          createdAt: new Date(now - 30 * DAY),
          updatedAt: new Date(now - 30 * DAY),
        })),
      )
      .returning()
  ).map((r) => ({ ...r }));

  const stores = new Map(
    (await db.select({ id: locations.id, code: locations.code, timeZone: locations.timeZone }).from(locations)).map(
      (l) => [l.code, l],
    ),
  );
  const appraisers = await db
    .select({ id: users.id, locationId: users.locationId })
    .from(users)
    .where(
      and(
        or(inArray(users.jobCode, APPRAISER_CODES), arrayContains(users.flags, ['appraiser'])),
        eq(users.accountLocked, false),
      ),
    )
    .orderBy(asc(users.id));
  const random = seededRandom(5);
  for (const demo of demoAppraisals) {
    const store = stores.get(demo.code);
    if (!store) continue;
    // A website lead comes in when the customer fills it in; the others while the store is open.
    const createdAt = plausibleMoment(random, new Date(now - demo.ago), {
      now: new Date(now),
      timeZone: store.timeZone,
      hours: demo.source === 'website' ? WAKING_HOURS : STORE_HOURS,
    });
    const vehicle = { year: demo.year, make: demo.make, model: demo.model, trim: demo.trim ?? '', mileage: demo.miles };
    const offer = computeOffer(demo.base, vehicle, dayIn(store.timeZone, createdAt), rules);
    const [row] = await db
      .insert(appraisals)
      .values({
        locationId: store.id,
        source: demo.source,
        customerName: demo.name,
        phone: demo.phone ?? '',
        email: demo.email ?? '',
        vin: demo.vin ? checked(demo.vin) : '',
        ...vehicle,
        condition: demo.condition,
        baseValueCents: demo.base,
        offerCents: offer.offerCents,
        offeredAt: createdAt,
        status: demo.status,
        workingStatus: demo.working,
        notes: demo.notes ?? '',
        assignedUserId:
          demo.working === 'unworked' ? null : (appraisers.find((u) => u.locationId === store.id)?.id ?? null),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: appraisals.id });
    if (offer.adjustments.length)
      await db.insert(appraisalAdjustments).values(offer.adjustments.map((a) => ({ appraisalId: row.id, ...a })));
  }
}
