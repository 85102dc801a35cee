import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { plausibleMoment } from '../../server/db/demo-times';
import { seededRandom } from '../../server/scale/random';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { vinCheckDigit, vinProblem } from '../vehicles/vehicles.api';
import type { VehicleType } from './acquisition.contract';
import { acquisitionVehicles } from './acquisition.db';

/**
 * A VIN from its other sixteen characters, `_` standing for the check digit (position 9): the demo's
 * VINs are laid out like their makers' (world manufacturer code, model, year, plant, serial) and pass
 * the check the forms apply.
 */
function withCheckDigit(draft: string): string {
  const vin = `${draft.slice(0, 8)}${vinCheckDigit(draft.replace('_', '0'))}${draft.slice(9)}`;
  const problem = vinProblem(vin);
  if (problem) throw new Error(`Demo VIN ${draft}: ${problem}`);
  return vin;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * What each store's acquisition team is bringing in: bought in the service lane (with the visit's
 * service tag) or at auction (none). `ago`: how long before the seed ran it was added, all within
 * two weeks, so the list's default week shows some and hides others.
 */
const demoVehicles: {
  code: string;
  draft: string;
  type: VehicleType;
  tag?: string;
  active?: boolean;
  ago: number;
  notes?: string;
}[] = [
  {
    code: 'ABG',
    draft: '3TMCZ5AN_MM412733',
    type: 'truck',
    tag: '41127',
    ago: 2 * HOUR,
    notes: '2021 Tacoma TRD Off-Road, bought from a service customer; offer accepted at $33,400.',
  },
  { code: 'ABG', draft: '5J6RW2H8_KL003218', type: 'suv', tag: '41093', ago: 1 * DAY + 3 * HOUR },
  {
    code: 'ABG',
    draft: '4T1B11HK_KU718245',
    type: 'car',
    ago: 9 * DAY,
    notes: 'Bought at the Albuquerque dealer auction, lane 4; arrives Thursday.',
  },
  {
    code: 'ABH',
    draft: '1HGCV1F3_JA091734',
    type: 'car',
    tag: '22810',
    ago: 3 * DAY,
    active: false,
    notes: 'Stock number issued; recon done.',
  },
  { code: 'ABH', draft: '1FTEW1E4_LFA22817', type: 'truck', tag: '22871', ago: 5 * DAY + 2 * HOUR },
  { code: 'SFS', draft: '4S4BSANC_H3263158', type: 'suv', tag: '7754', ago: 4 * DAY },
  {
    code: 'SFS',
    draft: 'JF2GTHMC_N8234511',
    type: 'suv',
    ago: 11 * DAY,
    notes: 'Lease return, customer buying out elsewhere.',
  },
  { code: 'LCF', draft: '1FTYR2CM_GKA44610', type: 'van', tag: '3302', ago: 6 * DAY },
  {
    code: 'LCF',
    draft: '1HD1KTC1_LB612345',
    type: 'motorcycle',
    ago: 13 * DAY,
    active: false,
    notes: 'Customer kept it; purchase fell through.',
  },
  { code: 'DNC', draft: '1GCUYDED_KZ198234', type: 'truck', tag: '90417', ago: 1 * DAY },
  { code: 'CSK', draft: '5XYP3DHC_MG140556', type: 'suv', tag: '6120', ago: 8 * DAY },
  { code: 'PHX', draft: '5NPEL4JA_LH012788', type: 'car', tag: '15562', ago: 2 * DAY + 5 * HOUR },
  {
    code: 'PHX',
    draft: '1FDXE4FS_JDC37711',
    type: 'rv',
    ago: 12 * DAY,
    notes: 'Class C motorhome on an E-450 chassis; needs roof reseal.',
  },
];

/** The job codes of staff who buy vehicles (those the demo has hold stockNumberManager): who adds a demo vehicle. */
const BUYER_CODES = ['INV', 'GSM', 'GM', 'SALES'];

/**
 * About a dozen vehicles under way at stores in New Mexico, Colorado and Arizona (reach.test.ts needs
 * some outside New Mexico), two of them finished, each added by a buyer of its store when it has one.
 */
export async function seedAcquisitionVehicles(db: Db): Promise<void> {
  const now = new Date();
  const random = seededRandom(9);
  const stores = new Map(
    (await db.select({ id: locations.id, code: locations.code, timeZone: locations.timeZone }).from(locations)).map(
      (l) => [l.code, l],
    ),
  );
  const buyers = await db
    .select({ id: users.id, locationId: users.locationId })
    .from(users)
    .where(and(inArray(users.jobCode, BUYER_CODES), eq(users.accountLocked, false)))
    .orderBy(asc(users.id));
  const rows = demoVehicles.flatMap((demo) => {
    const store = stores.get(demo.code);
    if (!store) return [];
    const locationId = store.id;
    const at = (ago: number) =>
      plausibleMoment(random, new Date(now.getTime() - ago), { now, timeZone: store.timeZone });
    const createdAt = at(demo.ago);
    return [
      {
        vin: withCheckDigit(demo.draft),
        serviceTagNumber: demo.tag ?? '',
        vehicleType: demo.type,
        locationId,
        active: demo.active ?? true,
        notes: demo.notes ?? '',
        createdBy: buyers.find((u) => u.locationId === locationId)?.id ?? null,
        createdAt,
        updatedAt: demo.active === false ? at(demo.ago / 2) : createdAt,
      },
    ];
  });
  if (rows.length) await db.insert(acquisitionVehicles).values(rows);
}
