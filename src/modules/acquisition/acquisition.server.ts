import { and, eq, ne, sql } from 'drizzle-orm';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { defineListAction, equals, fromDay, matches, toDay, yesNo } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { insertRecord, loadRecord, refusingDuplicate, updateRecord } from '../../server/platform/records';
import { searchText } from '../../server/platform/search';
import { locationRecords, locations } from '../locations/locations.db';
import { userName, users } from '../users/users.db';
import { acquisitionVehicles as vehicles, vehicleRecords } from './acquisition.db';
import {
  ACQUISITION_EXPORT_LIMIT,
  addVehicle,
  editVehicle,
  loadVehicle,
  loadVehicles,
  vehicleColumns,
  vehicleTypeLabels,
  type VehicleInput,
  type VehicleRecord,
} from './acquisition.contract';

const vehicleSearch = searchText(vehicles.vin, vehicles.serviceTagNumber);

/** The type's label in SQL: the html table and the CSV read only selected fields. */
const vehicleTypeLabel = sql<string>`(case ${vehicles.vehicleType} ${sql.join(
  Object.entries(vehicleTypeLabels).map(([value, label]) => sql`when ${value} then ${label}`),
  sql` `,
)} else ${vehicles.vehicleType} end)`;

defineListAction({
  contract: loadVehicles,
  summary:
    'Acquisition vehicles within reach, newest first: by location, days added (minCreatedAt, maxCreatedAt), state and part of a VIN or service tag; also the CSV export (1,000 rows unless a limit is given).',
  permission: 'stockNumberManager',
  reach: vehicles.locationId,
  export: { filename: 'acquisition-vehicles', defaultLimit: ACQUISITION_EXPORT_LIMIT },
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    // The screen's first view: the last seven days (here the sample's window) at one store.
    { name: 'location, 30 days', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'active, 30 days', filters: { active: '1', minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'location, deep pages', filters: { locationId: s.locationId }, depth: 5 },
    // The last six characters of a VIN, as read off a windshield (the scale data's serials run from 200000).
    { name: 'VIN search', filters: { query: '212345' } },
  ],
  columns: vehicleColumns,
  sorts: { createdAt: vehicles.createdAt, vin: vehicles.vin, serviceTagNumber: vehicles.serviceTagNumber },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'vehicleId', column: vehicles.id },
  filters: {
    locationId: equals(vehicles.locationId),
    active: yesNo(vehicles.active),
    // Days on the wall clock of the store filtered by: a vehicle added at 20:00 in Phoenix is that day's.
    minCreatedAt: fromDay(vehicles.createdAt),
    maxCreatedAt: toDay(vehicles.createdAt),
    query: matches(vehicleSearch),
  },
  query: ({ db }) => ({
    select: db
      .select({
        vehicleId: vehicles.id,
        vin: vehicles.vin,
        serviceTagNumber: vehicles.serviceTagNumber,
        vehicleType: vehicles.vehicleType,
        vehicleTypeLabel: vehicleTypeLabel.as('vehicle_type_label'),
        locationId: vehicles.locationId,
        locationName: locations.name,
        active: vehicles.active,
        createdAt: vehicles.createdAt,
        createdByName: userName.as('created_by_name'),
      })
      .from(vehicles)
      .innerJoin(locations, eq(locations.id, vehicles.locationId))
      .leftJoin(users, eq(users.id, vehicles.createdBy))
      .$dynamic(),
  }),
});

type Ctx = ActionContext<unknown>;

/**
 * What add-vehicle and edit-vehicle both check: the location exists (reach has refused one outside
 * it already), and no other vehicle under way at that store has the VIN. A finished one (inactive)
 * may share it: the same car can be bought, sold and bought back.
 */
async function checkVehicle(ctx: Ctx, input: VehicleInput, vehicleId?: number): Promise<{ locationName: string }> {
  const location = await loadRecord(ctx, locationRecords, input.locationId);
  if (!input.active) return { locationName: location.name };
  const [clash] = await ctx.db
    .select({ serviceTagNumber: vehicles.serviceTagNumber })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.locationId, input.locationId),
        eq(vehicles.vin, input.vin),
        eq(vehicles.active, true),
        vehicleId ? ne(vehicles.id, vehicleId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw duplicateVin(input.vin, location.name, clash.serviceTagNumber);
  return { locationName: location.name };
}

const duplicateVin = (vin: string, locationName: string, serviceTagNumber = '') =>
  AppError.conflict(
    `VIN ${vin} is already an active acquisition vehicle at ${locationName}${serviceTagNumber ? ` (service tag ${serviceTagNumber})` : ''}.`,
    ['vin'],
  );

const vehicleValues = (input: VehicleInput) => ({
  vin: input.vin,
  serviceTagNumber: input.serviceTagNumber ?? '',
  vehicleType: input.vehicleType,
  locationId: input.locationId,
  active: input.active,
  notes: input.notes ?? '',
});

defineAction({
  contract: loadVehicle,
  summary: 'One acquisition vehicle, for the add-or-edit modal.',
  permission: 'stockNumberManager',
  reach: { vehicleId: vehicleRecords },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, vehicleRecords, ctx.input.vehicleId);
    const [[location], [creator]] = await Promise.all([
      ctx.db.select({ name: locations.name }).from(locations).where(eq(locations.id, row.locationId)),
      row.createdBy ? ctx.db.select({ name: userName }).from(users).where(eq(users.id, row.createdBy)) : [],
    ]);
    const vehicle: VehicleRecord = {
      vehicleId: row.id,
      vin: row.vin,
      serviceTagNumber: row.serviceTagNumber,
      vehicleType: row.vehicleType,
      vehicleTypeLabel: vehicleTypeLabels[row.vehicleType],
      locationId: row.locationId,
      locationName: location.name,
      active: row.active,
      notes: row.notes,
      createdBy: row.createdBy,
      createdByName: creator?.name ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
    return { vehicle };
  },
});

defineAction({
  contract: addVehicle,
  summary: 'Adds an acquisition vehicle at a location, by VIN (checked) and service tag.',
  permission: 'stockNumberManager',
  reach: {},
  async handler(ctx) {
    const { locationName } = await checkVehicle(ctx, ctx.input);
    const created = await refusingDuplicate(
      () => insertRecord(ctx, vehicleRecords, { ...vehicleValues(ctx.input), createdBy: ctx.user.id }),
      () => duplicateVin(ctx.input.vin, locationName),
    );
    return { vehicleId: created.id };
  },
});

defineAction({
  contract: editVehicle,
  summary: 'Saves an acquisition vehicle: its VIN, service tag, type, location, state and notes.',
  permission: 'stockNumberManager',
  reach: { vehicleId: vehicleRecords },
  async handler(ctx) {
    const { input } = ctx;
    // Outside reach answers the vehicle's own 404 before anything about its new values is said.
    await loadRecord(ctx, vehicleRecords, input.vehicleId);
    const { locationName } = await checkVehicle(ctx, input, input.vehicleId);
    await refusingDuplicate(
      () => updateRecord(ctx, vehicleRecords, input.vehicleId, vehicleValues(input)),
      () => duplicateVin(input.vin, locationName),
    );
    return { vehicleId: input.vehicleId };
  },
});
