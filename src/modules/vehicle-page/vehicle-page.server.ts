/**
 * The vehicle page (docs/vehicles.md, "One vehicle"): every record of every module that carries a VIN,
 * found by that VIN through each table's index, each kind only for holders of the flag its own list
 * asks for and only within their reach (docs/decisions/037-vehicle-page-joined-by-vin.md).
 */
import { and, desc, eq, fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client';
import { runStatement, statementOf, type Statement } from '../../server/db/statements';
import { defineAction } from '../../server/platform/actions';
import { withinReach } from '../../server/platform/reach';
import { formatMoney } from '../../shared/format';
import type { Reach } from '../../shared/session';
import { acquisitionVehicles } from '../acquisition/acquisition.db';
import { appraisals } from '../appraisals/appraisals.db';
import { laneVehicles } from '../clicklane/clicklane.db';
import { conditionLabels, type Condition } from '../inventory/inventory.contract';
import { inventoryVehicles } from '../inventory/inventory.db';
import { locations } from '../locations/locations.db';
import { payments } from '../payments/payments.db';
import { questionnaires } from '../questionnaire/questionnaire.db';
import { dealSummary } from '../sales/desking.contract';
import { deskingDeals } from '../sales/desking.db';
import { purchases } from '../sales/purchases.db';
import { salesQuotes } from '../sales/quotes.db';
import { shipmentOrders } from '../shipping/shipping.db';
import { stockNumbers } from '../stock/stock.db';
import { vinProblem } from '../vehicles/vehicles.api';
import { decodeVin } from '../vehicles/vpic.db';
import {
  COUNT_CAP,
  kindListHref,
  loadVehicle,
  RECORD_LIMIT,
  recordHref,
  vehicleKindFlags,
  vehicleKinds,
  type VehicleFacts,
  type VehicleKind,
  type VehicleRecordRow,
} from './vehicle-page.contract';

/** What one record says of the vehicle itself, for the page's header. */
interface Facts {
  description?: string;
  stock?: string | null;
  status?: string;
  price?: number | null;
  mileage?: number | null;
}

/** A record as a kind's query reads it: its line, its facts and its store. */
type Found = { recordId: number; at: Date; locationId: number; locationName: string; counted: number } & Record<
  string,
  unknown
>;
interface Kind {
  table: PgTable;
  id: AnyPgColumn;
  vin: AnyPgColumn;
  location: AnyPgColumn;
  at: AnyPgColumn;
  fields: SelectedFields;
  summary(row: Found): string;
  facts?(row: Found): Facts;
  /** A stock number to address the record by, where its list finds it by one. */
  stock?(row: Found): string | null;
}

const described = (...parts: unknown[]) =>
  parts
    .filter((p) => p !== null && p !== undefined && p !== '')
    .join(' ')
    .trim();
const line = (...parts: unknown[]) => parts.filter((p) => p !== null && p !== undefined && p !== '').join(' · ');
const dollars = (whole: unknown) => (typeof whole === 'number' ? `$${whole.toLocaleString('en-US')}` : null);

const kinds: Record<VehicleKind, Kind> = {
  inventory: {
    table: inventoryVehicles,
    ...columnsOf(inventoryVehicles),
    fields: {
      stock: inventoryVehicles.stock,
      year: inventoryVehicles.year,
      make: inventoryVehicles.make,
      model: inventoryVehicles.model,
      trim: inventoryVehicles.trim,
      condition: inventoryVehicles.condition,
      status: inventoryVehicles.status,
      price: inventoryVehicles.price,
      mileage: inventoryVehicles.mileage,
    },
    summary: (r) =>
      line(
        r.stock,
        conditionLabels[r.condition as Condition],
        r.status === 'sold' ? 'Sold' : 'In stock',
        dollars(r.price),
      ),
    facts: (r) => ({
      description: described(r.year, r.make, r.model, r.trim),
      stock: r.stock as string | null,
      status: r.status === 'sold' ? 'Sold' : 'In stock',
      price: r.price as number | null,
      mileage: r.mileage as number | null,
    }),
  },
  stock: {
    table: stockNumbers,
    ...columnsOf(stockNumbers),
    fields: {
      stock: stockNumbers.stock,
      acquiredBy: stockNumbers.acquiredBy,
      year: stockNumbers.year,
      make: stockNumbers.make,
      model: stockNumbers.model,
      trim: stockNumbers.trim,
    },
    summary: (r) => line(r.stock, r.acquiredBy),
    facts: (r) => ({
      description: described(r.year, r.make, r.model, r.trim),
      stock: r.stock as string,
      status: 'Numbered',
    }),
    stock: (r) => r.stock as string,
  },
  acquisition: {
    table: acquisitionVehicles,
    ...columnsOf(acquisitionVehicles),
    fields: {
      active: acquisitionVehicles.active,
      tag: acquisitionVehicles.serviceTagNumber,
      type: acquisitionVehicles.vehicleType,
    },
    summary: (r) => line(r.active ? 'Being acquired' : 'Finished', r.type, r.tag ? `service tag ${r.tag}` : null),
    facts: (r) => (r.active ? { status: 'Being acquired' } : {}),
  },
  appraisal: {
    table: appraisals,
    ...columnsOf(appraisals),
    fields: {
      customerName: appraisals.customerName,
      status: appraisals.status,
      offerCents: appraisals.offerCents,
      year: appraisals.year,
      make: appraisals.make,
      model: appraisals.model,
      trim: appraisals.trim,
    },
    summary: (r) => line(r.customerName, r.status, `offer ${formatMoney(r.offerCents as number)}`),
    facts: (r) => ({ description: described(r.year, r.make, r.model, r.trim) }),
  },
  shipment: {
    table: shipmentOrders,
    ...columnsOf(shipmentOrders),
    fields: {
      origin: shipmentOrders.originName,
      destination: shipmentOrders.destinationName,
      pickupDate: shipmentOrders.pickupDate,
      reference: shipmentOrders.reference,
    },
    summary: (r) => line(`${r.origin} to ${r.destination}`, `pickup ${r.pickupDate}`, r.reference),
  },
  quote: {
    table: salesQuotes,
    ...columnsOf(salesQuotes),
    fields: { customerName: salesQuotes.customerName, total: salesQuotes.total, stock: salesQuotes.stock },
    summary: (r) => line(r.customerName || 'No customer named', formatMoney(r.total as number)),
  },
  deal: {
    table: deskingDeals,
    ...columnsOf(deskingDeals, deskingDeals.updatedAt),
    fields: {
      customerName: deskingDeals.customerName,
      dealType: deskingDeals.dealType,
      sellingPrice: sql<number>`(${deskingDeals.inputs}->>'sellingPrice')::int`,
    },
    summary: (r) =>
      line(r.customerName, dealSummary(r.dealType as Parameters<typeof dealSummary>[0], r.sellingPrice as number)),
  },
  purchase: {
    table: purchases,
    ...columnsOf(purchases),
    fields: {
      firstName: purchases.firstName,
      lastName: purchases.lastName,
      priceCents: purchases.priceCents,
      soldDate: purchases.soldDate,
    },
    summary: (r) => line(`${r.firstName} ${r.lastName}`, formatMoney(r.priceCents as number), `sold ${r.soldDate}`),
    facts: () => ({ status: 'Sold' }),
  },
  payment: {
    table: payments,
    ...columnsOf(payments),
    fields: { payee: payments.payeeName, amountCents: payments.amountCents, state: payments.state },
    summary: (r) => line(r.payee, formatMoney(r.amountCents as number), r.state),
  },
  questionnaire: {
    table: questionnaires,
    ...columnsOf(questionnaires, questionnaires.createdAt, questionnaires.vehicleVin),
    fields: { firstName: questionnaires.firstName, lastName: questionnaires.lastName },
    summary: (r) => `${r.firstName} ${r.lastName}`,
  },
  laneVehicle: {
    table: laneVehicles,
    ...columnsOf(laneVehicles),
    fields: {
      stock: laneVehicles.stockNumber,
      status: laneVehicles.status,
      priceCents: laneVehicles.priceCents,
    },
    summary: (r) => line(r.stock, r.status, formatMoney(r.priceCents as number)),
  },
};

/** The columns every kind is read by: its key, VIN, store and date (its creation unless given). */
function columnsOf(
  table: { id: AnyPgColumn; locationId: AnyPgColumn; createdAt: AnyPgColumn; vin?: AnyPgColumn },
  at: AnyPgColumn = table.createdAt,
  vin: AnyPgColumn | undefined = table.vin,
) {
  if (!vin) throw new Error('A kind of vehicle record is read by its VIN column.');
  return { id: table.id, vin, location: table.locationId, at };
}

/**
 * A kind's records of the VIN within reach, newest first, with how many there are (through the
 * table's VIN index), as a branch of the page's one statement: each row one JSON text in the
 * select's own keys.
 */
function recordsOf(db: Db, reach: Reach, kind: VehicleKind, vin: Placeholder<'vin'>): SQL {
  const { table, id, at, location, fields } = kinds[kind];
  const selected = {
    ...fields,
    recordId: id,
    at,
    locationId: location,
    locationName: locations.name,
    counted: sql<number>`least(count(*) over (), ${COUNT_CAP})::int`,
  };
  const select = db
    .select(selected)
    .from(table)
    .innerJoin(locations, eq(locations.id, location))
    // Always true of the VIN asked for; written out (not a parameter), it lets the plan made for any
    // VIN read the index of the VINs given where most are blank (migration 0050).
    .where(and(eq(kinds[kind].vin, vin), sql`${kinds[kind].vin} <> ''`, withinReach(reach, location)))
    .orderBy(desc(at), desc(id))
    .limit(RECORD_LIMIT);
  const keys = sql.raw(
    Object.keys(selected)
      .map((key) => `"${key}"`)
      .join(', '),
  );
  return sql`(select ${kind} as kind, row_to_json(r)::text as row from (${select}) as r(${keys}))`;
}

/** The page's statement for each set of kinds seen within each reach, rendered once (below). */
const statements = new Map<string, Statement>();

/**
 * Every kind's records in one statement: one round trip instead of one per kind (eleven queries
 * at once per page had twenty staff waiting on the pool, 132 ms at p95). Rendered once for the kinds
 * and reach, the VIN a parameter: building eleven selects took the server more CPU than PostgreSQL
 * took to run them. Prepared and planned once per connection, for any VIN, as a list page is:
 * planning the eleven branches for each VIN took three times as long as running them (2.8 ms
 * against 1.0 on the small profile).
 */
async function recordsByKind(db: Db, reach: Reach, seen: VehicleKind[], vin: string) {
  const found = new Map<VehicleKind, Found[]>(seen.map((kind) => [kind, []]));
  if (seen.length === 0) return found;
  const key = `${seen.join()} ${reach}`;
  let statement = statements.get(key);
  if (!statement) {
    // Bounded: kinds follow the flags and reach the regions, so few sets ever meet.
    if (statements.size >= 500) statements.clear();
    const vinParameter = sql.placeholder('vin');
    statement = statementOf(
      sql.join(
        seen.map((kind) => recordsOf(db, reach, kind, vinParameter)),
        sql` union all `,
      ),
    );
    statements.set(key, statement);
  }
  const rows = await runStatement<{ kind: VehicleKind; row: string }>(db, {
    ...statement,
    params: fillPlaceholders(statement.params, { vin }),
  });
  for (const { kind, row } of rows) {
    const record = JSON.parse(row) as Found;
    found.get(kind)!.push({ ...record, at: new Date(record.at) });
  }
  for (const rows of found.values()) rows.sort((a, b) => b.at.getTime() - a.at.getTime() || b.recordId - a.recordId);
  return found;
}

/** The header: the first kind (in the page's order) that says each fact wins; the store from the lot, else acquisition, else the number. */
function factsOf(vin: string, found: Map<VehicleKind, Found[]>): VehicleFacts {
  const decoded = decodeVin(vin);
  const pick = <K extends keyof Facts>(key: K): Facts[K] | undefined => {
    for (const kind of vehicleKinds)
      for (const row of found.get(kind) ?? []) {
        const value = kinds[kind].facts?.(row)[key];
        if (value !== undefined && value !== null && value !== '') return value;
      }
    return undefined;
  };
  const home = (['inventory', 'acquisition', 'stock'] as const)
    .map((k) => found.get(k)?.find((r) => k !== 'acquisition' || r.active))
    .find(Boolean);
  const lot = found.get('inventory')?.[0];
  return {
    vin,
    description: pick('description') ?? (described(decoded.year, decoded.make, decoded.model) || null),
    decoded: {
      year: decoded.year,
      make: decoded.make,
      model: decoded.model,
      body: decoded.body,
      plantCountry: decoded.plantCountry,
    },
    vinProblem: vinProblem(vin),
    stock: pick('stock') ?? null,
    locationId: home?.locationId ?? null,
    locationName: home?.locationName ?? null,
    status: pick('status') ?? null,
    price: lot?.status === 'in stock' ? ((lot.price as number | null) ?? null) : null,
    mileage: (lot?.mileage as number | null) ?? null,
  };
}

const rowOf = (kind: VehicleKind, vin: string, r: Found): VehicleRecordRow => ({
  recordId: r.recordId,
  at: r.at.toISOString(),
  summary: kinds[kind].summary(r),
  locationId: r.locationId,
  locationName: r.locationName,
  href: recordHref(kind, r.recordId, vin, kinds[kind].stock?.(r) ?? null),
});

defineAction({
  contract: loadVehicle,
  summary:
    "One vehicle by its VIN: what it decodes to, what its records say (stock number, store, status, price), and its records of each kind (inventory, stock numbers, acquisition, appraisals, shipping orders, quotes, deals, purchases, payments, questionnaires, ClickLane vehicles) within reach, each kind only for holders of its list's flag.",
  permission: 'signedIn',
  reach: 'query',
  readOnly: true,
  bench: () => [
    { name: 'a vehicle on a lot', input: { vin: '1HGCV1F3XJA091734' }, p95Ms: 50 },
    { name: "a vehicle on a lot, a region's user", input: { vin: '1HGCV1F3XJA091734' }, p95Ms: 50, regional: true },
  ],
  async handler({ db, input, user }) {
    const { vin } = input;
    const seen = vehicleKinds.filter((kind) => user.flags.includes(vehicleKindFlags[kind]));
    const found = await recordsByKind(db, user.reach, seen, vin);
    return {
      vehicle: factsOf(vin, found),
      records: seen.flatMap((kind) => {
        const rows = found.get(kind) ?? [];
        if (rows.length === 0) return [];
        return [
          {
            kind,
            count: rows[0].counted,
            rows: rows.map((r) => rowOf(kind, vin, r)),
            listHref: kindListHref(kind, vin),
          },
        ];
      }),
    };
  },
});
