import { and, asc, eq, exists, isNotNull, like, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client';
import { defineFind } from '../../server/platform/modules';
import { withinReach } from '../../server/platform/reach';
import { foundFields, searchText, startingWith } from '../../server/platform/search';
import type { Reach } from '../../shared/session';
import { acquisitionVehicles as acquiring } from '../acquisition/acquisition.db';
import { inventoryVehicles as lot } from '../inventory/inventory.db';
import { locations } from '../locations/locations.db';
import { stockNumbers } from '../stock/stock.db';
import { normalizeVin, vehiclePageHref, vinTail } from '../vehicles/vehicles.api';

/** Where a VIN has a stock number, that record stands for the vehicle: the others would repeat it. */
const numbered = (db: Db, vin: AnyPgColumn) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(stockNumbers)
      .where(eq(stockNumbers.vin, sql`${vin}`)),
  );

/** Stock numbers by their start or their VIN's last characters (stock_numbers_stock_prefix_idx, stock_numbers_vin_trgm_idx). */
function byStockNumber(db: Db, reach: Reach, stock: string | null, tail: string | null, limit: number) {
  return db
    .select({
      vin: stockNumbers.vin,
      stock: stockNumbers.stock,
      vehicle: sql<string>`concat_ws(' ', ${stockNumbers.year}::text, ${stockNumbers.make}, ${stockNumbers.model})`.as(
        'vehicle',
      ),
      state: sql<string>`'Stock number'`.as('state'),
      locationId: stockNumbers.locationId,
    })
    .from(stockNumbers)
    .where(
      and(
        or(
          stock ? like(stockNumbers.stock, startingWith(stock)) : undefined,
          tail ? like(stockNumbers.vin, `%${tail}`) : undefined,
        ) ?? sql`false`,
        withinReach(reach, stockNumbers.locationId),
      ),
    )
    .orderBy(asc(stockNumbers.stock))
    .limit(limit);
}

/** Lot vehicles with no stock number, by the VIN's last characters (inventory_vehicles_search_idx: the VIN, a space, the stock number). */
function onTheLot(db: Db, reach: Reach, tail: string, limit: number) {
  return db
    .select({
      vin: sql<string>`${lot.vin}`.as('vin'),
      stock: lot.stock,
      vehicle: sql<string>`concat_ws(' ', ${lot.year}::text, ${lot.make}, ${lot.model})`.as('vehicle'),
      state: sql<string>`case when ${lot.status} = 'sold' then 'Sold' else 'In stock' end`.as('state'),
      locationId: lot.locationId,
    })
    .from(lot)
    .where(
      and(
        sql`(coalesce(${lot.vin}, '') || ' ' || coalesce(${lot.stock}, '')) like ${`%${tail} %`}`,
        isNotNull(lot.vin),
        sql`not ${numbered(db, lot.vin)}`,
        withinReach(reach, lot.locationId),
      ),
    )
    .orderBy(asc(lot.vin))
    .limit(limit);
}

/** Vehicles being acquired with no stock number yet, by the VIN's last characters (acquisition_vehicles_search_idx). */
function beingAcquired(db: Db, reach: Reach, tail: string, limit: number) {
  return db
    .select({
      vin: acquiring.vin,
      stock: sql<string | null>`null`.as('stock'),
      vehicle: sql<string>`''`.as('vehicle'),
      state: sql<string>`'Being acquired'`.as('state'),
      locationId: acquiring.locationId,
    })
    .from(acquiring)
    .where(
      and(
        like(searchText(acquiring.vin, acquiring.serviceTagNumber), `%${tail.toLowerCase()} %`),
        eq(acquiring.active, true),
        sql`not ${numbered(db, acquiring.vin)}`,
        withinReach(reach, acquiring.locationId),
      ),
    )
    .orderBy(asc(acquiring.vin))
    .limit(limit);
}

/**
 * Vehicles in the command palette by stock number (its start: "ABG0001") or by the last six or more
 * characters of the VIN (or all of it), opening the vehicle page: stock numbers first, then vehicles on
 * a lot or being acquired that have none yet, one match per VIN where a stock number holds it.
 */
export const findVehicles = defineFind({
  kind: 'vehicle',
  label: 'Vehicles',
  access: 'stockNumberManager',
  query({ db, reach }, term, limit) {
    const typed = normalizeVin(term);
    const stock = /^[A-Z0-9]{2,20}$/.test(typed) ? typed : null;
    const tail = vinTail(term);
    const branches = [
      byStockNumber(db, reach, stock, tail, limit),
      ...(tail ? [onTheLot(db, reach, tail, limit), beingAcquired(db, reach, tail, limit)] : []),
    ];
    const v = (column: string) => sql.raw(`v.${column}`);
    return db
      .select({
        found: foundFields({
          vin: sql<string>`${v('vin')}`,
          stock: sql<string | null>`${v('stock')}`,
          vehicle: sql<string>`${v('vehicle')}`,
          state: sql<string>`${v('state')}`,
          location: locations.name,
        }),
      })
      .from(
        sql`(${sql.join(
          branches.map((b) => sql`(${b})`),
          sql` union all `,
        )}) as v join ${locations} on ${locations.id} = v.location_id`,
      )
      .orderBy(sql`v.stock nulls last, v.vin`)
      .limit(limit);
  },
  present: (r) => ({
    id: r.vin,
    title: r.stock ?? r.vin,
    detail: [r.vehicle, r.stock ? `VIN ${r.vin}` : null, r.state, r.location].filter(Boolean).join(' · '),
    href: vehiclePageHref(r.vin),
  }),
});
