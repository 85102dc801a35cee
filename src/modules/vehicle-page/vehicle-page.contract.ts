import { z } from 'zod';
import { defineContract } from '../../shared/contract';
import type { Flag } from '../../shared/permissions';
import { vinText } from '../vehicles/vehicles.contract';

/** The kinds of record that carry a VIN, in the order the vehicle page shows them (docs/vehicles.md). */
export const vehicleKinds = [
  'inventory',
  'stock',
  'acquisition',
  'appraisal',
  'shipment',
  'quote',
  'deal',
  'purchase',
  'payment',
  'questionnaire',
  'laneVehicle',
] as const;
export type VehicleKind = (typeof vehicleKinds)[number];

/** Each kind in words, one record and many. */
export const vehicleKindLabels: Record<VehicleKind, [string, string]> = {
  inventory: ['Inventory vehicle', 'Inventory'],
  stock: ['Stock number', 'Stock numbers'],
  acquisition: ['Acquisition vehicle', 'Acquisition'],
  appraisal: ['Appraisal', 'Appraisals'],
  shipment: ['Shipping order', 'Shipping orders'],
  quote: ['Quote', 'Quotes'],
  deal: ['Deal', 'Deals'],
  purchase: ['Purchase', 'Purchases'],
  payment: ['Payment', 'Payments'],
  questionnaire: ['Questionnaire', 'Questionnaires'],
  laneVehicle: ['ClickLane vehicle', 'ClickLane vehicles'],
};

/** The flag each kind's own list asks for: a kind is counted and listed only for its holders. */
export const vehicleKindFlags: Record<VehicleKind, Flag> = {
  inventory: 'stockNumberManager',
  stock: 'stockNumberManager',
  acquisition: 'stockNumberManager',
  appraisal: 'appraiser',
  shipment: 'stockNumberManager',
  quote: 'sales',
  deal: 'sales',
  purchase: 'sales',
  payment: 'appraiser',
  questionnaire: 'appraiser',
  laneVehicle: 'stockNumberManager',
};

/** Records of one kind the page lists; "Show all in …" opens the kind's own list searched for the VIN. */
export const RECORD_LIMIT = 20;
/** Counts past this are shown as "1,000+". */
export const COUNT_CAP = 1000;

/** Each kind's own list, searched for a VIN (the lists find a record by its whole VIN or its last characters). */
export function kindListHref(kind: VehicleKind, vin: string): string {
  const v = encodeURIComponent(vin);
  switch (kind) {
    case 'inventory':
      // Sold vehicles too: the list shows those in stock unless told otherwise.
      return `/inventory/?query=${v}&status=`;
    case 'stock':
      return `/stock-numbers/?query=${v}`;
    case 'acquisition':
      // Whenever it was added: the list starts at the last seven days.
      return `/acquisition/?query=${v}&minCreatedAt=`;
    case 'appraisal':
      return `/clicklane/appraisals/?search=${v}`;
    case 'shipment':
      return `/shipping/?query=${v}`;
    case 'quote':
      return `/sales/quotes/?query=${v}`;
    case 'deal':
      return `/sales/desking?vin=${v}`;
    case 'purchase':
      return `/sales/purchases/?query=${v}`;
    case 'payment':
      return `/clicklane/appraisals/payments?query=${v}`;
    case 'questionnaire':
      return `/reports/vehicle-questionnaire/?query=${v}`;
    case 'laneVehicle':
      return `/clicklane/vehicles/?query=${v}`;
  }
}

/** The screen of one record: its own where it has one (an appraisal, a payment, a deal), else its list searched for it. */
export function recordHref(kind: VehicleKind, recordId: number, vin: string, stock: string | null): string {
  switch (kind) {
    case 'appraisal':
      return `/clicklane/appraisals/vehicle?id=${recordId}`;
    case 'payment':
      return `/clicklane/appraisals/payments?query=${encodeURIComponent(vin)}&payment=${recordId}`;
    case 'deal':
      return `/sales/desking?dealId=${recordId}`;
    case 'stock':
      return stock ? `/stock-numbers/?query=${encodeURIComponent(stock)}` : kindListHref(kind, vin);
    default:
      return kindListHref(kind, vin);
  }
}

const recordRow = z.object({
  recordId: z.number().int(),
  at: z.string(),
  /** What the record says of the vehicle, in a line ("ABG00012 · Purchase"). */
  summary: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  /** The record's own screen. */
  href: z.string(),
});
export type VehicleRecordRow = z.output<typeof recordRow>;

const kindRecords = z.object({
  kind: z.enum(vehicleKinds),
  /** Within reach, up to COUNT_CAP. */
  count: z.number().int(),
  /** The newest RECORD_LIMIT. */
  rows: z.array(recordRow),
  /** The kind's own list, searched for the VIN. */
  listHref: z.string(),
});

const vehicle = z.object({
  vin: z.string(),
  /** "2021 Toyota Tacoma TRD Off-Road" as the records name it, else as the VIN decodes, else null. */
  description: z.string().nullable(),
  /** What NHTSA's vPIC data says of the VIN (docs/vehicles.md, "Decoding"). */
  decoded: z.object({
    year: z.number().int().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    body: z.string().nullable(),
    plantCountry: z.string().nullable(),
  }),
  /** Why the VIN cannot be right (a stock number kept as typed), or null. */
  vinProblem: z.string().nullable(),
  stock: z.string().nullable(),
  /** The store that has it: its lot, else the one acquiring it, else the one that numbered it. */
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  /** "In stock", "Sold", "Being acquired", "Numbered", or null when no record the caller sees says. */
  status: z.string().nullable(),
  /** Whole dollars, from the lot. */
  price: z.number().int().nullable(),
  mileage: z.number().int().nullable(),
});
export type VehicleFacts = z.output<typeof vehicle>;

/** One vehicle: what its VIN decodes to, what its records say, and its records of each kind the caller may see. */
export const loadVehicle = defineContract({
  path: 'vehicle-page/load-vehicle',
  input: z.object({ vin: vinText }),
  output: z.object({ vehicle, records: z.array(kindRecords) }),
});
