import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors';

/** A vehicle to move, as a carrier is told it: both ends, the vehicle and when it can be picked up. */
export interface ShipmentRequest {
  origin: ShipmentEnd;
  destination: ShipmentEnd & { customer: boolean };
  vehicle: { vin: string; year: number | null; make: string | null; model: string | null; stock: string | null };
  pickupDate: string;
  notes: string;
}
export interface ShipmentEnd {
  name: string;
  addressOne: string;
  city: string;
  state: string;
  zipcode: string;
}

/**
 * Orders a vehicle moved. `local` takes the order without sending it anywhere (the order, with what
 * would have been sent, is kept and shown on the shipments screen); `http` posts it as JSON to the
 * carrier's order endpoint with the group's key.
 */
export interface ShippingProvider {
  readonly name: 'local' | 'http';
  placeOrder(order: ShipmentRequest): Promise<{ reference: string }>;
}

export function localShipping(): ShippingProvider {
  return {
    name: 'local',
    async placeOrder() {
      return { reference: `LOCAL-${randomBytes(4).toString('hex').toUpperCase()}` };
    },
  };
}

const CARRIER_DOWN = 'The carrier did not take the order; try again in a few minutes.';

export function httpShipping(url: string, apiKey: string, fetcher: typeof fetch = fetch): ShippingProvider {
  return {
    name: 'http',
    async placeOrder(order) {
      let res: Response;
      try {
        res = await fetcher(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
          body: JSON.stringify(order),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw AppError.upstream(CARRIER_DOWN, error);
      }
      const reply = (await res.json().catch(() => null)) as { reference?: unknown; id?: unknown } | null;
      const reference = reply?.reference ?? reply?.id;
      if (!res.ok || (typeof reference !== 'string' && typeof reference !== 'number')) {
        throw AppError.upstream(CARRIER_DOWN, new Error(`carrier answered ${res.status}`));
      }
      return { reference: String(reference) };
    },
  };
}
