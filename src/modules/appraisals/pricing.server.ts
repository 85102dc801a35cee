/**
 * Working out an appraisal's offer in the database: the rules as offer.ts wants them, the day on the
 * store's clock, and the applied rules written beside the appraisal (docs/appraisals.md, "Offers").
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { DEFAULT_TIME_ZONE, dayIn } from '../../server/platform/days';
import { locations } from '../locations/locations.db';
import { appraisalAdjustments, vehicleOfferRules } from './appraisals.db';
import type { Offer, OfferRule } from './offer';

/** Every offer rule (the group has dozens, not thousands: offer.ts picks the ones that match). */
export async function loadOfferRules(db: Db): Promise<OfferRule[]> {
  return db
    .select({
      id: vehicleOfferRules.id,
      name: vehicleOfferRules.name,
      minVehicleYear: vehicleOfferRules.minVehicleYear,
      maxVehicleYear: vehicleOfferRules.maxVehicleYear,
      startDate: vehicleOfferRules.startDate,
      endDate: vehicleOfferRules.endDate,
      vehicleMake: vehicleOfferRules.vehicleMake,
      vehicleModel: vehicleOfferRules.vehicleModel,
      vehicleTrim: vehicleOfferRules.vehicleTrim,
      mileage: vehicleOfferRules.mileage,
      adjustmentType: vehicleOfferRules.adjustmentType,
      priceAdjustment: vehicleOfferRules.priceAdjustment,
    })
    .from(vehicleOfferRules);
}

/** The store's day at `at`: the day an offer made then is dated, for the rules' start and end dates. */
export async function offerDay(db: Db, locationId: number, at: Date): Promise<string> {
  const [store] = await db.select({ timeZone: locations.timeZone }).from(locations).where(eq(locations.id, locationId));
  return dayIn(store?.timeZone ?? DEFAULT_TIME_ZONE, at);
}

/** Replaces the appraisal's recorded adjustments with the offer's. */
export async function writeAdjustments(db: Db, appraisalId: number, offer: Offer): Promise<void> {
  await db.delete(appraisalAdjustments).where(eq(appraisalAdjustments.appraisalId, appraisalId));
  if (offer.adjustments.length) {
    await db.insert(appraisalAdjustments).values(offer.adjustments.map((a) => ({ appraisalId, ...a })));
  }
}
