/**
 * How an appraisal's offer is worked out from its base value and the offer rules (docs/appraisals.md,
 * "Offers"). Pure: no database, no clock; money in integer cents throughout.
 *
 * A rule matches a vehicle on a day when every criterion it sets holds (a blank one matches all):
 * - the vehicle's year is within minVehicleYear..maxVehicleYear, both included;
 * - the day is within startDate..endDate, both included (days as YYYY-MM-DD);
 * - make, model and trim equal the vehicle's, ignoring case and surrounding spaces;
 * - mileage: the vehicle has AT LEAST that many miles (a rule is a high-mileage deduction or bonus;
 *   a low-mileage bonus is a positive rule for everything less a deduction from that mileage up).
 *
 * The matching rules are applied in this order: every percent rule first, then every amount rule;
 * within each kind by rule id (the older rule first). A percent rule is a percent of the BASE value
 * (never of an already adjusted figure, so the order of percent rules cannot change the result),
 * rounded to the cent, halves away from zero. The offer never goes below zero nor above
 * OFFER_MAX_CENTS: an adjustment that would take it past either is cut to what takes it exactly
 * there, and is recorded so; the recorded amounts always add up to offer − base.
 */
import type { AdjustmentType } from './appraisals.values';

/** The most an offer can be, as a base value can ($1,000,000): rules that add up past it stop there. */
export const OFFER_MAX_CENTS = 100_000_000;

export interface OfferRule {
  id: number;
  name: string;
  minVehicleYear: number | null;
  maxVehicleYear: number | null;
  /** YYYY-MM-DD, or null for no limit. */
  startDate: string | null;
  endDate: string | null;
  vehicleMake: string;
  vehicleModel: string;
  vehicleTrim: string;
  mileage: number | null;
  adjustmentType: AdjustmentType;
  /** Signed: cents for an amount; hundredths of a percent for a percent (-250 = -2.5 %). */
  priceAdjustment: number;
}

export interface OfferVehicle {
  year: number;
  make: string;
  model: string;
  trim: string;
  mileage: number;
}

export interface OfferAdjustment {
  /** 1, 2, 3…: the order applied. */
  position: number;
  ruleId: number;
  ruleName: string;
  adjustmentType: AdjustmentType;
  priceAdjustment: number;
  /** What it moved the offer by, in cents (signed). */
  amountCents: number;
}

export interface Offer {
  offerCents: number;
  adjustments: OfferAdjustment[];
}

const same = (criterion: string, value: string) => {
  const want = criterion.trim().toLowerCase();
  return want === '' || want === value.trim().toLowerCase();
};

/** Whether `rule` applies to `vehicle` for an offer made on `day` (YYYY-MM-DD). */
export function ruleMatches(rule: OfferRule, vehicle: OfferVehicle, day: string): boolean {
  return (
    (rule.minVehicleYear === null || vehicle.year >= rule.minVehicleYear) &&
    (rule.maxVehicleYear === null || vehicle.year <= rule.maxVehicleYear) &&
    (rule.startDate === null || day >= rule.startDate) &&
    (rule.endDate === null || day <= rule.endDate) &&
    same(rule.vehicleMake, vehicle.make) &&
    same(rule.vehicleModel, vehicle.model) &&
    same(rule.vehicleTrim, vehicle.trim) &&
    (rule.mileage === null || vehicle.mileage >= rule.mileage)
  );
}

/** `cents × hundredthsOfAPercent / 10 000`, to the cent, halves away from zero; exact for any offer. */
export function percentOf(cents: number, hundredthsOfAPercent: number): number {
  const scaled = cents * hundredthsOfAPercent;
  const whole = Math.floor((Math.abs(scaled) + 5_000) / 10_000);
  return scaled < 0 ? -whole : whole;
}

/** The order matching rules are applied in: percent before amount, then by id. */
function applyOrder(a: OfferRule, b: OfferRule): number {
  if (a.adjustmentType !== b.adjustmentType) return a.adjustmentType === 'percent' ? -1 : 1;
  return a.id - b.id;
}

/** The offer for a vehicle valued at `baseValueCents`, made on `day`, and the rules that moved it. */
export function computeOffer(
  baseValueCents: number,
  vehicle: OfferVehicle,
  day: string,
  rules: readonly OfferRule[],
): Offer {
  let offerCents = baseValueCents;
  const adjustments: OfferAdjustment[] = [];
  for (const rule of rules.filter((r) => ruleMatches(r, vehicle, day)).sort(applyOrder)) {
    const wanted =
      rule.adjustmentType === 'percent' ? percentOf(baseValueCents, rule.priceAdjustment) : rule.priceAdjustment;
    const amountCents = Math.min(Math.max(wanted, -offerCents), OFFER_MAX_CENTS - offerCents) + 0; // + 0: never -0
    offerCents += amountCents;
    adjustments.push({
      position: adjustments.length + 1,
      ruleId: rule.id,
      ruleName: rule.name,
      adjustmentType: rule.adjustmentType,
      priceAdjustment: rule.priceAdjustment,
      amountCents,
    });
  }
  return { offerCents, adjustments };
}
