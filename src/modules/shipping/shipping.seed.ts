import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { ShipmentRequest } from '../../server/providers/shipping/shipping';
import { locations } from '../locations/locations.db';
import { stockNumbers } from '../stock/stock.db';
import { shipmentOrders } from './shipping.db';

/** A few orders of the last days: stores swapping vehicles off their lots, and one delivered to a customer's home. */
export async function seedShipping(db: Db): Promise<void> {
  const stores = Object.fromEntries(
    (
      await db
        .select()
        .from(locations)
        .where(inArray(locations.code, ['ABG', 'ABH', 'SFS', 'DNC', 'PHX']))
    ).map((l) => [l.code, l]),
  );
  if (!stores.ABG) return;
  const now = Date.now();
  const end = (l: typeof stores.ABG) => ({
    name: l.name,
    addressOne: l.street,
    city: l.city,
    state: l.state,
    zipcode: l.zip,
  });
  const customer = {
    name: 'Maria Gallegos',
    addressOne: '2210 Calle de Sebastian',
    city: 'Santa Fe',
    state: 'NM',
    zipcode: '87505',
  };
  // Vehicles on the lots (their stock numbers, stock.seed.ts): the newest of the model at the store it leaves.
  const routes = [
    { from: stores.ABG, to: stores.SFS, model: 'Highlander', daysAgo: 1 },
    { from: stores.DNC, to: stores.ABG, model: 'Silverado 1500', daysAgo: 3 },
    { from: stores.PHX, to: stores.ABH, model: 'Palisade', daysAgo: 6 },
    { from: stores.SFS, to: null, model: 'Forester', daysAgo: 2 },
  ].filter((r) => r.from);
  const demo = [];
  for (const route of routes) {
    const [vehicle] = await db
      .select()
      .from(stockNumbers)
      .where(and(eq(stockNumbers.locationId, route.from.id), eq(stockNumbers.model, route.model)))
      .orderBy(desc(stockNumbers.createdAt))
      .limit(1);
    if (vehicle) demo.push({ ...route, vehicle });
  }
  if (demo.length === 0) return;
  await db.insert(shipmentOrders).values(
    demo.map((d, i) => {
      const destination = d.to ? { ...end(d.to), customer: false } : { ...customer, customer: true };
      const request: ShipmentRequest = {
        origin: end(d.from),
        destination,
        vehicle: {
          vin: d.vehicle.vin,
          year: d.vehicle.year,
          make: d.vehicle.make,
          model: d.vehicle.model,
          stock: d.vehicle.stock,
        },
        pickupDate: new Date(now + 86_400_000).toISOString().slice(0, 10),
        notes: d.to ? '' : 'Customer delivery: call ahead.',
      };
      return {
        locationId: d.from.id,
        originLocationId: d.from.id,
        originName: request.origin.name,
        originAddressOne: request.origin.addressOne,
        originCity: request.origin.city,
        originState: request.origin.state,
        originZipcode: request.origin.zipcode,
        customerAddress: !d.to,
        destinationLocationId: d.to?.id ?? null,
        destinationName: destination.name,
        destinationAddressOne: destination.addressOne,
        destinationCity: destination.city,
        destinationState: destination.state,
        destinationZipcode: destination.zipcode,
        vin: d.vehicle.vin,
        stock: d.vehicle.stock,
        year: d.vehicle.year,
        make: d.vehicle.make,
        model: d.vehicle.model,
        pickupDate: request.pickupDate,
        notes: request.notes,
        carrier: 'local',
        reference: `LOCAL-DEMO${i + 1}`,
        request,
        createdAt: new Date(now - d.daysAgo * 86_400_000),
      };
    }),
  );
}
