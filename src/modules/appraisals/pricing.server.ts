/**
 * Working out an appraisal's offer in the database: the rules as offer.ts wants them, the day on the
 * store's clock, and the applied rules written beside the appraisal (docs/appraisals.md, "Offers").
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { DEFAULT_TIME_ZONE, dayIn } from '../../server/platform/days';
import { locations } from '../locations/locations.db';
import { appraisalAdjustments, appraisals, vehicleOfferRules } from './appraisals.db';
import { computeOffer, type Offer, type OfferRule, type OfferVehicle } from './offer';

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

/**
 * Works the appraisal's offer out again from its stored vehicle and base value, dated now on its store's
 * clock, and stores the offer, the moment and the rules that applied. Answers the offer.
 */
export async function repriceAppraisal(db: Db, appraisalId: number, now = new Date()): Promise<Offer> {
  const [row] = await db
    .select({
      locationId: appraisals.locationId,
      baseValueCents: appraisals.baseValueCents,
      year: appraisals.year,
      make: appraisals.make,
      model: appraisals.model,
      trim: appraisals.trim,
      mileage: appraisals.mileage,
    })
    .from(appraisals)
    .where(eq(appraisals.id, appraisalId));
  const vehicle: OfferVehicle = row;
  const offer = computeOffer(
    row.baseValueCents,
    vehicle,
    await offerDay(db, row.locationId, now),
    await loadOfferRules(db),
  );
  await db
    .update(appraisals)
    .set({ offerCents: offer.offerCents, offeredAt: now, updatedAt: sql`now()` })
    .where(eq(appraisals.id, appraisalId));
  await writeAdjustments(db, appraisalId, offer);
  return offer;
}
