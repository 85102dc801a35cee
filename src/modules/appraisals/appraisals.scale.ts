/**
 * Group-scale appraisals for `npm run seed:scale` and the bench: 200,000 trade-ins over two years,
 * a few hundred offer rules, and the rules each offer got. Appraisal n (id n) is at location
 * ((n - 1) mod locations) + 1, created oldest first, so every store has some in any month.
 *
 * The tallies (`appraisal_tallies`) fill from the COPY itself: the statement-level insert trigger of
 * the migration runs once for the whole COPY (FREEZE included) and upserts every store, source and
 * day at once, as `appointment_tallies` fill from the appointments' COPY (`derived` below has them
 * vacuumed and analysed with the appraisals).
 */
import { defineGenerator, spreadOldestFirst } from '../../server/scale/generators';
import { seededRandom, usPhone, type Random } from '../../server/scale/random';
import { firstNames, lastNames } from '../../server/scale/pools';
import { computeOffer, type OfferRule } from './offer';
import { vehicleConditions, type AppraisalSource, type AppraisalStatus, type WorkingStatus } from './appraisals.values';

const FULL_APPRAISALS = 200_000;
const RULES = 300;
const SPAN_SECONDS = 2 * 365 * 86_400;
/** The scale data's today (src/server/scale/load.ts). */
const NOW_YEAR = 2026;

/** The trade-ins a group of this size sees: [make, model, trims]. */
const VEHICLES: [string, string, string[]][] = [
  ['Toyota', 'Camry', ['LE', 'SE', 'XLE']],
  ['Toyota', 'RAV4', ['LE', 'XLE', 'Limited']],
  ['Toyota', 'Tacoma', ['SR5', 'TRD Off-Road', 'Limited']],
  ['Toyota', 'Corolla', ['L', 'LE', 'SE']],
  ['Toyota', 'Highlander', ['LE', 'XLE']],
  ['Toyota', 'Tundra', ['SR5', 'Limited']],
  ['Honda', 'Civic', ['LX', 'Sport', 'EX']],
  ['Honda', 'Accord', ['LX', 'Sport', 'EX-L']],
  ['Honda', 'CR-V', ['LX', 'EX', 'EX-L']],
  ['Honda', 'Pilot', ['EX', 'Touring']],
  ['Ford', 'F-150', ['XL', 'XLT', 'Lariat']],
  ['Ford', 'Escape', ['S', 'SE', 'Titanium']],
  ['Ford', 'Explorer', ['XLT', 'Limited']],
  ['Chevrolet', 'Silverado 1500', ['WT', 'LT', 'LTZ']],
  ['Chevrolet', 'Equinox', ['LS', 'LT']],
  ['Chevrolet', 'Malibu', ['LS', 'LT']],
  ['Subaru', 'Outback', ['Premium', 'Limited']],
  ['Subaru', 'Forester', ['Base', 'Premium', 'Sport']],
  ['Kia', 'Sorento', ['LX', 'EX']],
  ['Kia', 'Telluride', ['LX', 'EX', 'SX']],
  ['Hyundai', 'Sonata', ['SE', 'SEL']],
  ['Hyundai', 'Tucson', ['SE', 'SEL', 'Limited']],
  ['Nissan', 'Rogue', ['S', 'SV', 'SL']],
  ['Nissan', 'Altima', ['S', 'SV']],
  ['Jeep', 'Grand Cherokee', ['Laredo', 'Limited']],
  ['Jeep', 'Wrangler', ['Sport', 'Sahara', 'Rubicon']],
  ['Ram', '1500', ['Tradesman', 'Big Horn', 'Laramie']],
  ['Mazda', 'CX-5', ['Sport', 'Touring']],
  ['GMC', 'Sierra 1500', ['SLE', 'SLT']],
  ['Volkswagen', 'Jetta', ['S', 'SE']],
];

// Where a lead comes from, and where its offer and the desk's work stand: a website instant offer is
// the most common; most offers are given, few trade-ins end bought; the desk has worked most leads.
const SOURCES: [AppraisalSource, number][] = [
  ['website', 0.5],
  ['walk-in', 0.2],
  ['service-lane', 0.2],
  ['phone', 0.1],
];
const SETTLED: [AppraisalStatus, number][] = [
  ['offered', 0.25],
  ['accepted', 0.1],
  ['declined', 0.25],
  ['purchased', 0.12],
  ['expired', 0.28],
];
const WORKED: [WorkingStatus, number][] = [
  ['contacted', 0.45],
  ['appointment', 0.15],
  ['inspected', 0.2],
  ['dead', 0.2],
];

/** One of the items, as often as its weight among theirs. */
const weighted = <T>(random: Random, items: [T, number][]): T => {
  let left = random.next() * items.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [item, weight] of items) if ((left -= weight) < 0) return item;
  return items[items.length - 1][0];
};

/** YYYY-MM-DD on the group's clock (seven hours behind UTC: close enough for the scale data's rules). */
const groupDay = (at: Date) => new Date(at.getTime() - 7 * 3_600_000).toISOString().slice(0, 10);
const dayAfter = (now: Date, days: number) => groupDay(new Date(now.getTime() + days * 86_400_000));

type ScaleRule = OfferRule & { description: string };

/** The standing rules every desk has: age and mileage (ids 1–4). */
const STANDING: Omit<ScaleRule, 'id'>[] = [
  {
    name: 'High mileage',
    description: 'At 100,000 miles or more.',
    mileage: 100_000,
    adjustmentType: 'percent',
    priceAdjustment: -800,
  },
  {
    name: 'Very high mileage',
    description: 'At 150,000 miles or more: wholesale only.',
    mileage: 150_000,
    adjustmentType: 'amount',
    priceAdjustment: -75_000,
  },
  {
    name: 'Older than ten years',
    description: 'Priced to auction.',
    maxVehicleYear: NOW_YEAR - 11,
    adjustmentType: 'amount',
    priceAdjustment: -50_000,
  },
  {
    name: 'Late-model bonus',
    description: 'Three years old or newer.',
    minVehicleYear: NOW_YEAR - 3,
    adjustmentType: 'amount',
    priceAdjustment: 25_000,
  },
].map(
  (r) =>
    ({
      minVehicleYear: null,
      maxVehicleYear: null,
      startDate: null,
      endDate: null,
      vehicleMake: '',
      vehicleModel: '',
      vehicleTrim: '',
      mileage: null,
      ...r,
    }) as Omit<ScaleRule, 'id'>,
);

/**
 * Rule k (id k, 1-based): after the standing ones, a make's, a model's or a trim's, nearly all dated
 * events of one to six weeks over the two years (a few standing), about one in four a percent; an
 * offer gets one or two on most days. Pure: the appraisals and the adjustments generators both read it.
 */
function ruleAt(k: number, now: Date): ScaleRule {
  if (k <= STANDING.length) return { id: k, ...STANDING[k - 1] };
  const random = seededRandom(k * 7919);
  const [make, model, trims] = VEHICLES[k % VEHICLES.length];
  const scope = k % 3;
  const percent = k % 4 === 0;
  const start = k % 20 === 0 ? null : -random.int(0, 2 * 365);
  return {
    id: k,
    name: `${[make, `${make} ${model}`, `${make} ${model} ${trims[0]}`][scope]} ${start === null ? 'standing' : 'event'} #${k}`,
    description: start === null ? 'A standing adjustment.' : 'A dated trade-in event.',
    minVehicleYear: k % 5 === 0 ? NOW_YEAR - random.int(3, 8) : null,
    maxVehicleYear: null,
    startDate: start === null ? null : dayAfter(now, start),
    endDate: start === null ? null : dayAfter(now, start + random.int(7, 42)),
    vehicleMake: make,
    vehicleModel: scope >= 1 ? model : '',
    vehicleTrim: scope === 2 ? trims[0] : '',
    mileage: k % 7 === 0 ? random.int(6, 12) * 10_000 : null,
    adjustmentType: percent ? 'percent' : 'amount',
    priceAdjustment: percent ? random.int(-8, 6) * 50 || -100 : random.int(-20, 15) * 2_500 || -5_000,
  };
}

/** The rules, and by make the ones that may match it (those for any make and those for it): offer.ts reads fewer. */
const rulesCache = new Map<number, { all: ScaleRule[]; byMake: Map<string, ScaleRule[]> }>();
const rulesAt = (now: Date) => {
  let rules = rulesCache.get(now.getTime());
  if (!rules) {
    const all = Array.from({ length: RULES }, (_, i) => ruleAt(i + 1, now));
    const byMake = new Map(
      VEHICLES.map(([make]) => [make, all.filter((r) => r.vehicleMake === '' || r.vehicleMake === make)]),
    );
    rules = { all, byMake };
    rulesCache.set(now.getTime(), rules);
  }
  return rules;
};

/**
 * Appraisal i (0-based, id i + 1) of `rows`: its vehicle, base value, day, offer, lead and seller,
 * from its own seed, so the adjustments generator works out the very offer the appraisals generator
 * stored, and the payments generator pays the sellers of accepted and bought ones as stored.
 */
export function appraisalAt(i: number, rows: number, now: Date) {
  const random = seededRandom(i * 2654435761);
  const [make, model, trims] = VEHICLES[random.int(0, VEHICLES.length - 1)];
  const age = random.int(0, 14);
  const createdAt = spreadOldestFirst(now, SPAN_SECONDS, i, rows);
  // Model years run a year ahead of the calendar.
  const year = createdAt.getUTCFullYear() + 1 - age;
  const mileage = Math.max(500, Math.round((age * random.int(8_000, 16_000) + random.int(0, 9_000)) / 100) * 100);
  const condition = vehicleConditions[Math.min(3, Math.floor(random.next() * 2 + age / 6))];
  // A new vehicle's value less its age and miles, in whole dollars.
  const base = Math.max(1_500, Math.round(random.int(26_000, 48_000) * 0.88 ** age - mileage * 0.04)) * 100;
  const vehicle = { year, make, model, trim: random.pick(trims), mileage };
  const offer = computeOffer(base, vehicle, groupDay(createdAt), rulesAt(now).byMake.get(make)!);
  const ageDays = (now.getTime() - createdAt.getTime()) / 86_400_000;
  const source = weighted(random, SOURCES);
  // Last week's leads are partly still new and unworked; older ones have all been offered.
  const fresh = ageDays < 7 && random.next() < 0.6;
  const status: AppraisalStatus = fresh
    ? 'new'
    : ageDays < 30
      ? weighted(random, SETTLED.slice(0, 4))
      : weighted(random, SETTLED);
  const working: WorkingStatus = fresh && random.next() < 0.7 ? 'unworked' : weighted(random, WORKED);
  const name = `${random.pick(firstNames)} ${random.pick(lastNames)}`;
  const email =
    source === 'website' || random.next() < 0.3
      ? `${name.toLowerCase().replace(/[^a-z]+/g, '.')}${i % 1000}@example.com`
      : '';
  const phone = source === 'website' && random.next() < 0.2 ? '' : usPhone(random);
  return {
    vehicle,
    condition,
    base,
    createdAt,
    offer,
    source,
    status,
    working,
    name,
    email,
    phone,
    locationOf: (locations: number) => (i % locations) + 1,
  };
}

defineGenerator({
  table: 'vehicle_offer_rules',
  columns: [
    'name',
    'min_vehicle_year',
    'max_vehicle_year',
    'start_date',
    'end_date',
    'vehicle_make',
    'vehicle_model',
    'vehicle_trim',
    'mileage',
    'adjustment_type',
    'price_adjustment',
    'description',
    'created_at',
    'updated_at',
  ],
  fullRows: RULES,
  minRows: RULES,
  *rows({ now }) {
    for (const r of rulesAt(now).all) {
      const created = new Date(now.getTime() - 2 * 365 * 86_400_000);
      yield [
        r.name,
        r.minVehicleYear,
        r.maxVehicleYear,
        r.startDate,
        r.endDate,
        r.vehicleMake,
        r.vehicleModel,
        r.vehicleTrim,
        r.mileage,
        r.adjustmentType,
        r.priceAdjustment,
        r.description,
        created,
        created,
      ];
    }
  },
});

defineGenerator({
  table: 'appraisals',
  columns: [
    'location_id',
    'source',
    'customer_name',
    'phone',
    'email',
    'vin',
    'year',
    'make',
    'model',
    'trim',
    'mileage',
    'condition',
    'base_value_cents',
    'offer_cents',
    'offered_at',
    'status',
    'working_status',
    'assigned_user_id',
    'notes',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL_APPRAISALS,
  minRows: 60 * 20,
  after: ['locations', 'users', 'vehicle_offer_rules'],
  derived: ['appraisal_tallies'],
  *rows({ random, rows, counts, now }) {
    for (let i = 0; i < rows; i++) {
      const { vehicle, condition, base, createdAt, offer, source, status, working, name, email, phone, locationOf } =
        appraisalAt(i, rows, now);
      const updatedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(0, 10) * 86_400_000));
      yield [
        locationOf(counts.locations),
        source,
        name,
        phone,
        email,
        '',
        vehicle.year,
        vehicle.make,
        vehicle.model,
        vehicle.trim,
        vehicle.mileage,
        condition,
        base,
        offer.offerCents,
        createdAt,
        status,
        working,
        working === 'unworked' ? null : random.int(1, counts.users),
        working === 'dead' && random.next() < 0.5 ? 'Sold it privately.' : '',
        createdAt,
        updatedAt,
      ];
    }
  },
});

/** The rules each scale offer got, in order: the same computation as the offers' (appraisalAt). */
defineGenerator({
  table: 'appraisal_adjustments',
  columns: ['appraisal_id', 'position', 'rule_id', 'rule_name', 'adjustment_type', 'price_adjustment', 'amount_cents'],
  // About two rules per offer (418,628 at full scale).
  fullRows: FULL_APPRAISALS * 2,
  approximate: true,
  minRows: 1,
  after: ['appraisals', 'vehicle_offer_rules'],
  *rows({ counts, now }) {
    const appraisals = counts.appraisals;
    for (let i = 0; i < appraisals; i++) {
      for (const a of appraisalAt(i, appraisals, now).offer.adjustments) {
        yield [i + 1, a.position, a.ruleId, a.ruleName, a.adjustmentType, a.priceAdjustment, a.amountCents];
      }
    }
  },
});
