import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineAction } from '../../server/platform/actions';
import { defineListAction, equals, givenFilters, labelOf, type ListFilters } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { loadRecord } from '../../server/platform/records';
import { withinReach } from '../../server/platform/reach';
import { containing } from '../../server/platform/search';
import { locationRecords, locations } from '../locations/locations.db';
import { normalizeVin, VIN_LENGTH } from '../vehicles/vehicles.api';
import { inventoryVehicles as vehicles, vehicleLibrary as library } from './inventory.db';
import {
  conditionLabels,
  importLibrary,
  inventoryColumns,
  inventoryFilters,
  listVehicleLibrary,
  loadInventory,
  type LibraryVehicle,
} from './inventory.contract';

/** A library picture lives on the static assets host. */
const imageUrl = (assetsBaseUrl: string, path: string) => `${assetsBaseUrl.replace(/\/$/, '')}/${path}`;

/** What the search reads: the VIN, a space, the stock number (inventory_vehicles_search_idx). */
const vinAndStock = sql`(coalesce(${vehicles.vin}, '') || ' ' || coalesce(${vehicles.stock}, ''))`;

/** The filters' conditions, shared by the page and the count of locations. */
const filters: ListFilters<typeof inventoryFilters> = {
  locationId: equals(vehicles.locationId),
  status: equals(vehicles.status),
  condition: equals(vehicles.condition),
  // The whole VIN, or its last characters (the VIN ends where the space before the stock number is).
  vin: (vin) => {
    const typed = normalizeVin(vin);
    return typed.length === VIN_LENGTH ? eq(vehicles.vin, typed) : sql`${vinAndStock} like ${containing(`${typed} `)}`;
  },
  stock: (stock) => eq(vehicles.stock, stock.trim().toUpperCase()),
  year: equals(vehicles.year),
  make: equals(vehicles.make),
  model: equals(vehicles.model),
  query: (term) => sql`${vinAndStock} like ${containing(normalizeVin(term))}`,
};

defineListAction({
  contract: loadInventory,
  summary:
    'Vehicles in store inventories, newest arrivals first: by store, condition, status, VIN (whole, or its last six or more characters), stock number, year, make, model or part of a VIN or stock number; counted as cars and locations; also the CSV export.',
  permission: 'stockNumberManager',
  reach: vehicles.locationId,
  export: { filename: 'inventory' },
  bench: (s) => [
    { name: 'in stock', filters: { status: 'in stock' } },
    { name: 'a store in stock', filters: { locationId: s.locationId, status: 'in stock' } },
    { name: "in stock, a region's user", filters: { status: 'in stock' }, regional: true },
    { name: 'a make and model', filters: { make: 'Toyota', model: 'Camry', status: 'in stock' } },
    { name: 'search', filters: { query: '123457' } },
    { name: "a VIN's last eight, in stock", filters: { vin: 'MM412733', status: 'in stock' } },
  ],
  columns: inventoryColumns,
  sorts: { createdAt: vehicles.createdAt, price: vehicles.price },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'id', column: vehicles.id },
  // How many locations the vehicles are at: one probe of the store index per location within reach.
  figures: ({ input, user }) => {
    const where = givenFilters(filters, { input: input as Record<string, unknown>, user }).filter(
      (condition) => condition !== undefined,
    );
    const matching = sql`exists (select 1 from ${vehicles} where ${vehicles.locationId} = ${locations.id}${where.length ? sql` and ${and(...where)}` : sql``})`;
    return {
      locationCountFormatted: sql<number>`(select count(*)::int from ${locations} where ${and(withinReach(user.reach, locations.id), matching)})`,
    };
  },
  filters,
  query: ({ db }) => ({
    select: db
      .select({
        id: vehicles.id,
        vehicle:
          sql<string>`concat_ws(' ', ${vehicles.year}::text, ${vehicles.make}, ${vehicles.model}, ${vehicles.trim})`.as(
            'vehicle',
          ),
        stock: vehicles.stock,
        vin: vehicles.vin,
        condition: vehicles.condition,
        conditionLabel: labelOf(vehicles.condition, conditionLabels).as('condition_label'),
        mileage: vehicles.mileage,
        price: vehicles.price,
        daysInStock: sql<number>`(extract(day from (now() - ${vehicles.createdAt})))::int`.as('days_in_stock'),
        status: vehicles.status,
        source: vehicles.source,
        locationId: vehicles.locationId,
        locationName: locations.name,
        createdAt: vehicles.createdAt,
      })
      .from(vehicles)
      .innerJoin(locations, eq(locations.id, vehicles.locationId))
      .$dynamic(),
  }),
});

defineAction({
  contract: listVehicleLibrary,
  summary: "The vehicle library: models with a picture and a description, to import into a store's inventory.",
  permission: 'stockNumberManager',
  reach: 'group',
  readOnly: true,
  async handler({ db, services }) {
    const rows = await db.select().from(library).orderBy(asc(library.make), asc(library.model), asc(library.year));
    const found: LibraryVehicle[] = rows.map((r) => ({
      ...r,
      image: imageUrl(services.config.ASSETS_BASE_URL, r.image),
    }));
    const html = renderToStaticMarkup(
      h(
        'table',
        { className: 'vehicle-library' },
        h(
          'thead',
          null,
          h('tr', null, ...['Id', 'Image', 'Year', 'Make', 'Model', 'Description'].map((c) => h('th', { key: c }, c))),
        ),
        h(
          'tbody',
          null,
          ...found.map((v) =>
            h(
              'tr',
              { key: v.id, 'data-id': v.id },
              h('td', null, v.id),
              h('td', null, h('img', { src: v.image, alt: `${v.year} ${v.make} ${v.model}`, width: 96 })),
              h('td', null, v.year),
              h('td', null, v.make),
              h('td', null, v.model),
              h('td', null, v.description),
            ),
          ),
        ),
      ),
    );
    return { html, vehicles: found };
  },
});

defineAction({
  contract: importLibrary,
  summary: "Adds library vehicles to a store's inventory, all or none (not in the spec's detail: docs/inventory.md).",
  permission: 'stockNumberManager',
  // The library is the group's; the store (`locationId`) is checked as on every action.
  reach: 'group',
  async handler(ctx) {
    const { input } = ctx;
    await loadRecord(ctx, locationRecords, input.locationId);
    const ids = [...new Set(input.libraryIds)];
    const found = await ctx.db.select().from(library).where(inArray(library.id, ids));
    const missing = ids.find((libraryId) => !found.some((f) => f.id === libraryId));
    if (missing) throw AppError.invalid(`There is no library vehicle ${missing}.`, ['libraryIds']);
    const added = await ctx.db
      .insert(vehicles)
      .values(
        found.map((v) => ({
          locationId: input.locationId,
          year: v.year,
          make: v.make,
          model: v.model,
          condition: 'new' as const,
          price: input.price ?? null,
          source: 'library' as const,
          image: v.image,
          description: v.description,
        })),
      )
      .returning({ id: vehicles.id });
    ctx.audit({
      recordType: 'inventoryImport',
      recordId: input.locationId,
      after: { libraryIds: ids, vehicleIds: added.map((a) => a.id), price: input.price ?? null },
    });
    return { added: added.length, vehicleIds: added.map((a) => a.id) };
  },
});
