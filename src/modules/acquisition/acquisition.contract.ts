import { z } from 'zod';
import { choice, flag, id, optionalDate, optionalId, optionalText, yesNo } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { vinCheckedUnlessKept, vinOverride, vinText } from '../vehicles/vehicles.contract';

/** Seed 000, sections 2 and 7: the acquisition vehicles' CSV download. */
const EXPORT_ROUTE = '/tools/acquisition-vehicles/export';
/**
 * Rows the export sends when the caller names no limit (the spec names the parameter, not its
 * default): a busy store's month of acquisitions, so a default download is never the whole group's
 * history by accident (docs/acquisition.md).
 */
export const ACQUISITION_EXPORT_LIMIT = 1_000;
/** Seed 000, section 9: the list's minimum created date starts this many days before today. */
export const DEFAULT_CREATED_DAYS = 7;

/** The kinds of vehicle an acquisition team brings in (not shown in the spec: docs/acquisition.md). */
export const vehicleTypes = ['car', 'truck', 'suv', 'van', 'motorcycle', 'rv'] as const;
export type VehicleType = (typeof vehicleTypes)[number];
export const vehicleTypeLabels: Record<VehicleType, string> = {
  car: 'Car',
  truck: 'Truck',
  suv: 'SUV',
  van: 'Van',
  motorcycle: 'Motorcycle',
  rv: 'RV',
};

const SERVICE_TAG_MAX = 20;
export const NOTES_MAX = 2_000;

/** The add-vehicle and edit-vehicle form (seed 000, "Acquisition vehicle"). */
export const vehicleInput = z
  .object({
    vin: vinText,
    vinOverride,
    // The hang tag of the service visit the vehicle was bought from; an auction purchase has none.
    serviceTagNumber: optionalText(SERVICE_TAG_MAX).meta({ title: 'Service tag' }),
    vehicleType: choice(vehicleTypes),
    locationId: id,
    active: flag,
    notes: optionalText(NOTES_MAX),
  })
  .superRefine(...vinCheckedUnlessKept);
export type VehicleInput = z.infer<typeof vehicleInput>;
const editVehicleInput = vehicleInput.extend({ vehicleId: id });
const vehicleIdInput = z.object({ vehicleId: id });

const vehicleFilters = {
  /** Part of a VIN or a service tag. */
  query: optionalText(40).meta({ title: 'Search' }),
  locationId: optionalId,
  // Days, on the clock of the location filtered by (the group's otherwise), first and last included;
  // named in sentences as the screen labels them.
  minCreatedAt: optionalDate.meta({ title: 'Added from' }),
  maxCreatedAt: optionalDate.meta({ title: 'Added to' }),
  active: yesNo.meta({ title: 'Status' }),
};

/** The list's columns, and the CSV's. */
export const vehicleColumns: ColumnSpec[] = [
  { key: 'vin', label: 'VIN', sortable: true },
  { key: 'serviceTagNumber', label: 'Service tag', sortable: true },
  { key: 'vehicleTypeLabel', label: 'Type' },
  { key: 'locationName', label: 'Location' },
  { key: 'createdAt', label: 'Added', sortable: true, format: 'date' },
  { key: 'createdByName', label: 'Added by' },
  { key: 'active', label: 'Active', format: 'flag' },
];

const vehicleRow = z.object({
  vehicleId: z.number().int(),
  vin: z.string(),
  serviceTagNumber: z.string(),
  vehicleType: z.enum(vehicleTypes),
  vehicleTypeLabel: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type VehicleRow = z.output<typeof vehicleRow>;

const vehicle = vehicleRow.extend({
  notes: z.string(),
  createdBy: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type VehicleRecord = z.output<typeof vehicle>;

/** Acquisition vehicles within reach, newest first (seed 000: `vehicleCount`, `html`); also the CSV export. */
export const loadVehicles = listContract({
  path: 'acquisition/load-vehicles',
  filters: vehicleFilters,
  row: vehicleRow,
  countKey: 'vehicleCount',
  exportRoute: EXPORT_ROUTE,
});
/** One vehicle for the edit modal (seed 000: `data.vehicle`). */
export const loadVehicle = defineContract({
  path: 'acquisition/load-vehicle',
  input: vehicleIdInput,
  output: z.object({ vehicle }),
});
export const addVehicle = defineContract({
  path: 'acquisition/add-vehicle',
  input: vehicleInput,
  output: z.object({ vehicleId: z.number().int() }),
});
export const editVehicle = defineContract({
  path: 'acquisition/edit-vehicle',
  input: editVehicleInput,
  output: z.object({ vehicleId: z.number().int() }),
});

// Seed 000, section 8, word for word.
export const VEHICLE_ADDED = 'Vehicle Added!';
export const VEHICLE_UPDATED = 'Vehicle Updated!';
