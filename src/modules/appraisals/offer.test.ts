import { describe, expect, it } from 'vitest';
import { computeOffer, OFFER_MAX_CENTS, percentOf, ruleMatches, type OfferRule, type OfferVehicle } from './offer';

/** A rule that matches everything, adjusted by `overrides`. */
const rule = (id: number, overrides: Partial<OfferRule> = {}): OfferRule => ({
  id,
  name: `Rule ${id}`,
  minVehicleYear: null,
  maxVehicleYear: null,
  startDate: null,
  endDate: null,
  vehicleMake: '',
  vehicleModel: '',
  vehicleTrim: '',
  mileage: null,
  adjustmentType: 'amount',
  priceAdjustment: -10_000,
  ...overrides,
});
const tacoma: OfferVehicle = { year: 2021, make: 'Toyota', model: 'Tacoma', trim: 'TRD Off-Road', mileage: 31_900 };
const DAY = '2026-04-15';

describe('which rules match', () => {
  it('years: both bounds included, either may be open', () => {
    expect(ruleMatches(rule(1, { minVehicleYear: 2021, maxVehicleYear: 2021 }), tacoma, DAY)).toBe(true);
    expect(ruleMatches(rule(1, { minVehicleYear: 2022 }), tacoma, DAY)).toBe(false);
    expect(ruleMatches(rule(1, { maxVehicleYear: 2020 }), tacoma, DAY)).toBe(false);
    expect(ruleMatches(rule(1, { maxVehicleYear: 2021 }), tacoma, DAY)).toBe(true);
  });

  it('dates: the day the offer is made, start and end days included', () => {
    expect(ruleMatches(rule(1, { startDate: '2026-04-15', endDate: '2026-04-15' }), tacoma, DAY)).toBe(true);
    expect(ruleMatches(rule(1, { startDate: '2026-04-16' }), tacoma, DAY)).toBe(false);
    expect(ruleMatches(rule(1, { endDate: '2026-04-14' }), tacoma, DAY)).toBe(false);
  });

  it('make, model and trim when set, ignoring case and spaces; blank matches any', () => {
    expect(ruleMatches(rule(1, { vehicleMake: ' toyota ', vehicleModel: 'TACOMA' }), tacoma, DAY)).toBe(true);
    expect(ruleMatches(rule(1, { vehicleMake: 'Toyota', vehicleModel: 'Tundra' }), tacoma, DAY)).toBe(false);
    expect(
      ruleMatches(rule(1, { vehicleMake: 'Toyota', vehicleModel: 'Tacoma', vehicleTrim: 'SR5' }), tacoma, DAY),
    ).toBe(false);
    expect(ruleMatches(rule(1, { vehicleMake: 'Honda' }), tacoma, DAY)).toBe(false);
  });

  it('mileage: the vehicle has at least that many miles', () => {
    expect(ruleMatches(rule(1, { mileage: 31_900 }), tacoma, DAY)).toBe(true);
    expect(ruleMatches(rule(1, { mileage: 31_901 }), tacoma, DAY)).toBe(false);
    expect(ruleMatches(rule(1, { mileage: 0 }), tacoma, DAY)).toBe(true);
  });
});

describe('the offer', () => {
  it('percent of the base to the cent, halves away from zero', () => {
    // 12,345 ¢ × 2.5 % = 308.625 ¢ → 309 ¢; the deduction -308.625 → -309.
    expect(percentOf(12_345, 250)).toBe(309);
    expect(percentOf(12_345, -250)).toBe(-309);
    // 10,001 ¢ × 0.01 % = 1.0001 ¢ → 1 ¢.
    expect(percentOf(10_001, 1)).toBe(1);
    // 149 ¢ × 0.01 % = 0.0149 ¢ → 0.
    expect(percentOf(149, 1)).toBe(0);
    // The largest offer the form takes ($1,000,000) at 100 %: exact in a double.
    expect(percentOf(100_000_000, 10_000)).toBe(100_000_000);
  });

  it('percent rules first (each on the base), then amounts, each kind by rule id', () => {
    // Base $33,100.00 = 3,310,000 ¢.
    // Rule 3, +3.5 % of the base: 3,310,000 × 0.035 = 115,850 ¢ (+$1,158.50).
    // Rule 5, -8 % of the base (not of the adjusted figure): 3,310,000 × 0.08 = 264,800 ¢ (-$2,648.00).
    // Rule 1, -$750.00 = -75,000 ¢; rule 4, +$500.00 = +50,000 ¢.
    // Offer: 3,310,000 + 115,850 - 264,800 - 75,000 + 50,000 = 3,136,050 ¢ ($31,360.50).
    const offer = computeOffer(3_310_000, tacoma, DAY, [
      rule(4, { priceAdjustment: 50_000 }),
      rule(1, { priceAdjustment: -75_000 }),
      rule(5, { adjustmentType: 'percent', priceAdjustment: -800 }),
      rule(3, { adjustmentType: 'percent', priceAdjustment: 350 }),
      rule(2, { vehicleMake: 'Honda', priceAdjustment: -99_999 }),
    ]);
    expect(offer.offerCents).toBe(3_136_050);
    expect(offer.adjustments.map((a) => [a.position, a.ruleId, a.amountCents])).toEqual([
      [1, 3, 115_850],
      [2, 5, -264_800],
      [3, 1, -75_000],
      [4, 4, 50_000],
    ]);
    expect(offer.adjustments.reduce((n, a) => n + a.amountCents, 0)).toBe(offer.offerCents - 3_310_000);
  });

  it('never goes below zero: the deduction that would is cut to what reaches zero', () => {
    // Base $480.00 = 48,000 ¢; -$750.00 would leave -27,000 ¢: it takes 48,000 ¢ and the next one nothing.
    const offer = computeOffer(48_000, tacoma, DAY, [
      rule(1, { priceAdjustment: -75_000 }),
      rule(2, { priceAdjustment: -5_000 }),
    ]);
    expect(offer.offerCents).toBe(0);
    expect(offer.adjustments.map((a) => a.amountCents)).toEqual([-48_000, 0]);
  });

  it('never goes above the most an offer can be: 22 rules of +100 % on a $1,000,000 base stop at $1,000,000', () => {
    const rules = Array.from({ length: 22 }, (_, i) =>
      rule(i + 1, { adjustmentType: 'percent', priceAdjustment: 10_000 }),
    );
    const offer = computeOffer(60_000_000, tacoma, DAY, rules);
    expect(offer.offerCents).toBe(OFFER_MAX_CENTS);
    expect(offer.adjustments[0].amountCents).toBe(40_000_000);
    expect(offer.adjustments.slice(1).every((a) => a.amountCents === 0)).toBe(true);
    expect(offer.adjustments.reduce((sum, a) => sum + a.amountCents, 0)).toBe(OFFER_MAX_CENTS - 60_000_000);
  });

  it('with no matching rule, the offer is the base value and nothing is recorded', () => {
    expect(computeOffer(1_234_567, tacoma, DAY, [rule(1, { vehicleMake: 'Ford' })])).toEqual({
      offerCents: 1_234_567,
      adjustments: [],
    });
  });
});
