import { z } from 'zod';
import { id, int, list, optionalChoice, optionalId, optionalText } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { normalizeVin } from '../vehicles/vehicles.api';
import { modelYear } from '../vehicles/vehicles.contract';

export const conditions = ['new', 'used', 'certified'] as const;
export type Condition = (typeof conditions)[number];
export const conditionLabels: Record<Condition, string> = {
  new: 'New',
  used: 'Used',
  certified: 'Certified pre-owned',
};
export const inventoryStatuses = ['in stock', 'sold'] as const;
export type InventoryStatus = (typeof inventoryStatuses)[number];
export type InventorySource = 'stock' | 'library' | 'feed';

const INVENTORY_EXPORT_ROUTE = '/tools/inventory/export';
/** Seed 000, section 9: the library's loading message and its failure's prefix. */
export const LIBRARY_LOADING = 'Gathering vehicles...';
export const LIBRARY_FAILED = 'There was a problem loading the library: ';
export const MAX_IMPORT = 50;
export const IMPORTED = (added: number) => `${added} ${added === 1 ? 'vehicle' : 'vehicles'} added to inventory!`;

const optionalYear = z.preprocess((v) => (v === '' || v === null ? undefined : v), modelYear.optional());

/** Store inventory and vehicle search (seed 001: filters plus limit; seed 000: by VIN, stock number, year, make, model). */
export const inventoryFilters = {
  query: optionalText(20).meta({ title: 'Search' }),
  locationId: optionalId,
  condition: optionalChoice(conditions),
  status: optionalChoice(inventoryStatuses),
  /** The whole VIN, or its last six to sixteen characters (as read off a windshield or a title). */
  vin: optionalText(17)
    .refine((vin) => !vin || normalizeVin(vin).length >= 6, {
      error: 'must be the whole VIN or its last 6 characters or more',
    })
    .meta({ title: 'VIN' }),
  stock: optionalText(20).meta({ title: 'Stock number' }),
  year: optionalYear,
  make: optionalText(60),
  model: optionalText(80),
};

export const inventoryColumns: ColumnSpec[] = [
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'stock', label: 'Stock number' },
  { key: 'vin', label: 'VIN' },
  { key: 'conditionLabel', label: 'Condition' },
  { key: 'mileage', label: 'Miles', format: 'number', sortable: false },
  { key: 'price', label: 'Price', format: 'number', sortable: true },
  { key: 'daysInStock', label: 'Days in stock', format: 'number' },
  { key: 'locationName', label: 'Location' },
  { key: 'createdAt', label: 'Arrived', format: 'date', sortable: true },
];

const inventoryRow = z.object({
  id: z.number().int(),
  vehicle: z.string(),
  stock: z.string().nullable(),
  vin: z.string().nullable(),
  condition: z.enum(conditions),
  conditionLabel: z.string(),
  mileage: z.number().int().nullable(),
  price: z.number().int().nullable(),
  daysInStock: z.number().int(),
  status: z.enum(inventoryStatuses),
  source: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  createdAt: z.string(),
});
export type InventoryRow = z.output<typeof inventoryRow>;

/** Vehicles by store, condition and status, or as the vehicle search asks; counted as cars and the locations they are at. */
export const loadInventory = listContract({
  path: 'inventory/load-inventory',
  filters: inventoryFilters,
  row: inventoryRow,
  countKey: 'totalCarCountFormatted',
  exportRoute: INVENTORY_EXPORT_ROUTE,
});

const libraryVehicle = z.object({
  id: z.number().int(),
  image: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  description: z.string(),
});
export type LibraryVehicle = z.output<typeof libraryVehicle>;
/** Seed 000: the library as a table (`html`) and as rows for the import modal. */
export const listVehicleLibrary = defineContract({
  path: 'common/list-vehicle-library',
  input: z.object({}),
  output: z.object({ html: z.string(), vehicles: z.array(libraryVehicle) }),
});

/** Not in the spec's detail: library vehicles added to a store's inventory, all or none (docs/inventory.md). */
export const importLibrary = defineContract({
  path: 'inventory/import-library',
  input: z.object({
    locationId: id,
    libraryIds: list(id, MAX_IMPORT)
      .refine((ids) => ids.length > 0, { error: 'must name at least one vehicle' })
      .meta({ title: 'Vehicles' }),
    price: z.preprocess((v) => (v === '' || v === null ? undefined : v), int(0, 10_000_000).optional()),
  }),
  output: z.object({ added: z.number().int(), vehicleIds: z.array(z.number().int()) }),
});
