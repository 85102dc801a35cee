/**
 * The appraisal desk's words and constants (seed 000 names the fields; the values are designed:
 * docs/appraisals.md). Isomorphic: the tables, the server and the screens read them.
 */

/** Where a trade-in appraisal came from. */
export const appraisalSources = ['website', 'walk-in', 'service-lane', 'phone'] as const;
export type AppraisalSource = (typeof appraisalSources)[number];
export const appraisalSourceLabels: Record<AppraisalSource, string> = {
  website: 'Website instant offer',
  'walk-in': 'Walk-in',
  'service-lane': 'Service lane',
  phone: 'Phone',
};

/**
 * Where the offer stands with the customer: worked out but not yet given (`new`), given (`offered`),
 * taken or refused by the customer, the vehicle bought (`purchased`, where a payment to the seller
 * follows), or left to lapse (`expired`).
 */
export const appraisalStatuses = ['new', 'offered', 'accepted', 'declined', 'purchased', 'expired'] as const;
export type AppraisalStatus = (typeof appraisalStatuses)[number];
export const appraisalStatusLabels: Record<AppraisalStatus, string> = {
  new: 'New',
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
  purchased: 'Purchased',
  expired: 'Expired',
};

/** How far the desk has worked the lead, whatever the offer's state. */
export const workingStatuses = ['unworked', 'contacted', 'appointment', 'inspected', 'dead'] as const;
export type WorkingStatus = (typeof workingStatuses)[number];
export const workingStatusLabels: Record<WorkingStatus, string> = {
  unworked: 'Unworked',
  contacted: 'Contacted',
  appointment: 'Appointment set',
  inspected: 'Inspected',
  dead: 'Dead',
};

/** The vehicle's condition as the customer or the appraiser graded it. */
export const vehicleConditions = ['excellent', 'good', 'fair', 'poor'] as const;
export type VehicleCondition = (typeof vehicleConditions)[number];
export const vehicleConditionLabels: Record<VehicleCondition, string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};

/**
 * How an offer rule moves an offer: by an amount of money (`priceAdjustment` in cents, signed) or by a
 * percent of the base value (`priceAdjustment` in hundredths of a percent, signed: -250 is -2.5 %).
 */
export const adjustmentTypes = ['amount', 'percent'] as const;
export type AdjustmentType = (typeof adjustmentTypes)[number];
export const adjustmentTypeLabels: Record<AdjustmentType, string> = {
  amount: 'Amount ($)',
  percent: 'Percent of base value (%)',
};
