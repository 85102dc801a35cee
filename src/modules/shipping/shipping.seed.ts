import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { ShipmentRequest } from '../../server/providers/shipping/shipping';
import { locations } from '../locations/locations.db';
import { makeVin } from '../vehicles/vehicles.api';
import { shipmentOrders } from './shipping.db';

/** A few orders of the last days: stores swapping vehicles, and one delivered to a customer's home. */
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
  const demo = [
    {
      from: stores.ABG,
      to: stores.SFS,
      vin: makeVin('5TD', 'KRFHX', 2023, 'U', 610_001),
      year: 2023,
      make: 'Toyota',
      model: 'Highlander',
      daysAgo: 1,
    },
    {
      from: stores.DNC,
      to: stores.ABG,
      vin: makeVin('1GC', 'UYDED', 2022, 'U', 610_002),
      year: 2022,
      make: 'Chevrolet',
      model: 'Silverado 1500',
      daysAgo: 3,
    },
    {
      from: stores.PHX,
      to: stores.ABH,
      vin: makeVin('KNA', 'E55LC', 2024, 'U', 610_003),
      year: 2024,
      make: 'Kia',
      model: 'EV6',
      daysAgo: 6,
    },
    {
      from: stores.SFS,
      to: null,
      vin: makeVin('JF2', 'SKAJC', 2025, 'U', 610_004),
      year: 2025,
      make: 'Subaru',
      model: 'Forester',
      daysAgo: 2,
    },
  ].filter((d) => d.from);
  await db.insert(shipmentOrders).values(
    demo.map((d, i) => {
      const destination = d.to ? { ...end(d.to), customer: false } : { ...customer, customer: true };
      const request: ShipmentRequest = {
        origin: end(d.from),
        destination,
        vehicle: { vin: d.vin, year: d.year, make: d.make, model: d.model, stock: null },
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
        vin: d.vin,
        year: d.year,
        make: d.make,
        model: d.model,
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
