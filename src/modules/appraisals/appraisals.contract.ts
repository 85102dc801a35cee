import { z } from 'zod';
import {
  choice,
  flag,
  id,
  int,
  money,
  optionalChoice,
  optionalDate,
  optionalEmail,
  optionalId,
  optionalPhone,
  optionalText,
  text,
} from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { modelYear, vinCheckedUnlessKept, vinOverride, vinText } from '../vehicles/vehicles.contract';
import {
  adjustmentTypes,
  appraisalSources,
  appraisalStatuses,
  vehicleConditions,
  workingStatuses,
} from './appraisals.values';
import { OFFER_MAX_CENTS } from './offer';

export * from './appraisals.values';

/** Seed 000, sections 2 and 7: the two CSV downloads. */
const EXPORT_ROUTE = '/clicklane/appraisals/export';
const EXPORT_LOCATIONS_ROUTE = '/clicklane/appraisals/export-locations';

// Seed 000, section 8, word for word.
export const RULE_ADDED = 'Rule has been added!';
export const RULE_UPDATED = 'Appraisal rule updated!';
export const RULE_DELETED = 'Rule has been deleted!';
export const APPRAISAL_UPDATED = 'Appraisal Updated!';
// Seed 000, section 5: "a rule" (the question is not given: worded as the phone's).
export const DELETE_RULE_QUESTION = 'Are you sure you want to delete this rule?';
export const UPDATE_APPRAISAL_QUESTION = 'Are you sure you want to update this appraisal?';

/** The clock the rules' days are read on (the group's): docs/appraisals.md. */
const RULE_TIME_ZONE = 'America/Denver';
export const NOTES_MAX = 2_000;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: RULE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of a moment given in unix seconds, on the group's clock. */
export const dayOfUnix = (seconds: number) => DAY_FORMAT.format(new Date(seconds * 1000));
/**
 * A day as the unix seconds the rules' dates are sent as: noon UTC of that day, which is the same day
 * on every clock from Hawaii to Maine (so any US store reads it back as the day shown).
 */
export const unixOfDay = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

/**
 * A rule's start or end date (seed 000: unix seconds on the wire, shown as YYYY-MM-DD): any second of
 * the day on the group's clock; blank for no limit. Parsed to the day.
 */
const unixDay = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : blankToUndefined(v)),
  z
    .number({ error: 'must be a date (unix seconds)' })
    .int({ error: 'must be a date (unix seconds)' })
    .min(0, { error: 'must be a date after 1970' })
    .max(4_102_444_800, { error: 'must be a date before 2100' })
    .transform(dayOfUnix)
    .optional(),
);

/**
 * A signed amount with up to two decimals ("-500", "-2.5", "+1,250.00", "$-75"), as whole hundredths:
 * cents for an amount, hundredths of a percent for a percent.
 */
const signedHundredths = z.preprocess(
  (v) => {
    if (typeof v === 'number') v = String(v);
    if (typeof v !== 'string') return v;
    const typed = v
      .trim()
      .replaceAll(',', '')
      .replace(/^\$/, '')
      .replace(/^([+-])\$/, '$1')
      .replace(/%$/, '');
    if (typed === '') return undefined;
    const m = /^([+-]?)(\d+)(?:\.(\d{0,2}))?$/.exec(typed);
    if (!m) return v;
    const whole = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
    return m[1] === '-' ? -whole : whole;
  },
  z
    .number({
      error: (i) =>
        i.input === undefined ? 'is required' : 'must be a number with at most two decimals, such as -500 or -2.5',
    })
    .int({ error: 'must be a number with at most two decimals, such as -500 or -2.5' })
    .min(-10_000_000, { error: 'must be at least -100,000' })
    .max(10_000_000, { error: 'must be at most 100,000' }),
);

const optionalYear = z.preprocess(blankToUndefined, modelYear.optional());

/** The add-rule and edit-rule form (seed 000, "Appraisal offer rule"). */
const ruleShape = z.object({
  name: text(120),
  minVehicleYear: optionalYear.meta({ title: 'Minimum year' }),
  maxVehicleYear: optionalYear.meta({ title: 'Maximum year' }),
  startDate: unixDay.meta({ title: 'Start date' }),
  endDate: unixDay.meta({ title: 'End date' }),
  vehicleMake: optionalText(60).meta({ title: 'Make' }),
  vehicleModel: optionalText(80).meta({ title: 'Model' }),
  vehicleTrim: optionalText(80).meta({ title: 'Trim' }),
  /** The rule applies from this many miles up. */
  mileage: z.preprocess(blankToUndefined, int(0, 2_000_000).optional()).meta({ title: 'Mileage' }),
  adjustmentType: choice(adjustmentTypes).meta({ title: 'Adjustment type' }),
  description: optionalText(500),
  /** Dollars for an amount, percent for a percent; signed (a deduction is negative). */
  priceAdjustment: signedHundredths.meta({ title: 'Price adjustment' }),
});
function checkRule(r: z.output<typeof ruleShape>, ctx: z.RefinementCtx) {
  if (r.minVehicleYear !== undefined && r.maxVehicleYear !== undefined && r.minVehicleYear > r.maxVehicleYear) {
    ctx.addIssue({ code: 'custom', path: ['maxVehicleYear'], message: 'must not be before the minimum year' });
  }
  if (r.startDate !== undefined && r.endDate !== undefined && r.startDate > r.endDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before the start date' });
  }
  if (r.adjustmentType === 'percent' && Math.abs(r.priceAdjustment) > 10_000) {
    ctx.addIssue({ code: 'custom', path: ['priceAdjustment'], message: 'must be a percent between -100 and 100' });
  }
  if (r.priceAdjustment === 0) ctx.addIssue({ code: 'custom', path: ['priceAdjustment'], message: 'must not be zero' });
  if (!r.vehicleMake && (r.vehicleModel || r.vehicleTrim))
    ctx.addIssue({ code: 'custom', path: ['vehicleMake'], message: 'is required with a model or trim' });
  if (!r.vehicleModel && r.vehicleTrim)
    ctx.addIssue({ code: 'custom', path: ['vehicleModel'], message: 'is required with a trim' });
}
export const ruleInput = ruleShape.superRefine(checkRule);
export type RuleInput = z.output<typeof ruleInput>;
const saveRuleInput = ruleShape.extend({ ruleId: id }).superRefine(checkRule);
const ruleIdInput = z.object({ ruleId: id });

const ruleFilters = {
  /** Part of a rule's name, description, make or model. */
  search: optionalText(60),
  adjustmentType: optionalChoice(adjustmentTypes).meta({ title: 'Adjustment type' }),
};

export const ruleColumns: ColumnSpec[] = [
  { key: 'name', label: 'Name', sortable: true },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'years', label: 'Years' },
  { key: 'mileageLabel', label: 'Mileage' },
  { key: 'dates', label: 'Dates' },
  { key: 'adjustment', label: 'Adjustment' },
  { key: 'description', label: 'Description' },
];

const ruleFields = {
  ruleId: z.number().int(),
  name: z.string(),
  minVehicleYear: z.number().int().nullable(),
  maxVehicleYear: z.number().int().nullable(),
  /** Days as YYYY-MM-DD (the row) or unix seconds (the record, as the spec sends them). */
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleTrim: z.string(),
  mileage: z.number().int().nullable(),
  adjustmentType: z.enum(adjustmentTypes),
  priceAdjustment: z.number().int(),
  description: z.string(),
};
const ruleRow = z.object({
  ...ruleFields,
  startDay: z.string().nullable(),
  endDay: z.string().nullable(),
  vehicle: z.string(),
  years: z.string(),
  mileageLabel: z.string(),
  dates: z.string(),
  adjustment: z.string(),
});
export type RuleRow = z.output<typeof ruleRow>;
const vehicleOfferRule = z.object({
  ...ruleFields,
  startDate: z.number().int().nullable(),
  endDate: z.number().int().nullable(),
  /** The adjustment as typed: dollars or percent, signed, two decimals ("-750.00", "3.50"). */
  priceAdjustmentText: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VehicleOfferRuleRecord = z.output<typeof vehicleOfferRule>;

export const addRule = defineContract({
  path: 'appraisals/rules/add-rule',
  input: ruleInput,
  output: z.object({ ruleId: z.number().int() }),
});
export const saveRule = defineContract({
  path: 'appraisals/rules/save-rule',
  input: saveRuleInput,
  output: z.object({ ruleId: z.number().int() }),
});
export const loadRule = defineContract({
  path: 'appraisals/rules/load-rule',
  input: ruleIdInput,
  output: z.object({ vehicleOfferRule }),
});
export const deleteRule = defineContract({
  path: 'appraisals/rules/delete-rule',
  input: ruleIdInput,
  output: z.object({ ruleId: z.number().int() }),
});
export const loadRules = listContract({
  path: 'appraisals/rules/load-rules',
  filters: ruleFilters,
  row: ruleRow,
  countKey: 'ruleCount',
});

// ---------------------------------------------------------------------------------------------------
// Appraisals

const appraisalFilters = {
  /** Part of a customer's name, phone, email, a VIN, a make or a model. */
  search: optionalText(60),
  locationId: optionalId.meta({ title: 'Store' }),
  source: optionalChoice(appraisalSources),
  appraisalStatus: optionalChoice(appraisalStatuses).meta({ title: 'Appraisal status' }),
  workingStatus: optionalChoice(workingStatuses).meta({ title: 'Working status' }),
  // Days, on the clock of the store filtered by (the group's otherwise), first and last included.
  minCreatedAt: optionalDate.meta({ title: 'From' }),
  maxCreatedAt: optionalDate.meta({ title: 'To' }),
};

/** The manager's columns, and the CSV's. */
export const appraisalColumns: ColumnSpec[] = [
  { key: 'createdAt', label: 'Created', sortable: true, format: 'datetime' },
  { key: 'customerName', label: 'Customer', sortable: true },
  { key: 'phone', label: 'Phone', format: 'phone' },
  { key: 'email', label: 'Email' },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'vin', label: 'VIN' },
  { key: 'mileage', label: 'Mileage', format: 'number' },
  { key: 'conditionLabel', label: 'Condition' },
  { key: 'baseValue', label: 'Base value' },
  { key: 'offer', label: 'Offer', sortable: true },
  { key: 'statusLabel', label: 'Status' },
  { key: 'workingStatusLabel', label: 'Working status' },
  { key: 'sourceLabel', label: 'Source' },
  { key: 'assignedName', label: 'Assigned to' },
  { key: 'locationName', label: 'Store' },
];

const appraisalRow = z.object({
  appraisalId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  createdAt: z.string(),
  source: z.enum(appraisalSources),
  sourceLabel: z.string(),
  customerName: z.string(),
  phone: z.string(),
  email: z.string(),
  vin: z.string(),
  vehicle: z.string(),
  mileage: z.number().int(),
  condition: z.enum(vehicleConditions),
  conditionLabel: z.string(),
  /** Dollars as exact decimals ("22400.00"); the `…Cents` fields the same in cents. */
  baseValue: z.string(),
  baseValueCents: z.number().int(),
  offer: z.string(),
  offerCents: z.number().int(),
  appraisalStatus: z.enum(appraisalStatuses),
  statusLabel: z.string(),
  workingStatus: z.enum(workingStatuses),
  workingStatusLabel: z.string(),
  assignedUserId: z.number().int().nullable(),
  assignedName: z.string().nullable(),
});
export type AppraisalRow = z.output<typeof appraisalRow>;

/**
 * The appraisal manager's list, newest first (seed 000: `offerCountFormatted`, `html`, and a `limit`
 * from a select of 25, 50, 100 or 250); also the CSV download.
 */
export const loadAppraisals = listContract({
  path: 'appraisals/load-appraisals',
  filters: appraisalFilters,
  row: appraisalRow,
  countKey: 'offerCountFormatted',
  exportRoute: EXPORT_ROUTE,
});

const adjustment = z.object({
  position: z.number().int(),
  ruleId: z.number().int().nullable(),
  ruleName: z.string(),
  adjustmentType: z.enum(adjustmentTypes),
  priceAdjustment: z.number().int(),
  amountCents: z.number().int(),
  /** The rule's adjustment as people read it ("-8.00%", "-$750.00"), and what it moved this offer by ("-$1,792.00"). */
  adjustmentLabel: z.string(),
  amount: z.string(),
});
const appraisal = z.object({
  appraisalId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  source: z.enum(appraisalSources),
  customerName: z.string(),
  phone: z.string(),
  email: z.string(),
  vin: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  mileage: z.number().int(),
  condition: z.enum(vehicleConditions),
  baseValue: z.string(),
  baseValueCents: z.number().int(),
  offer: z.string(),
  offerCents: z.number().int(),
  /** When the offer was worked out (the day the rules were read for). */
  offeredAt: z.string(),
  appraisalStatus: z.enum(appraisalStatuses),
  workingStatus: z.enum(workingStatuses),
  assignedUserId: z.number().int().nullable(),
  assignedName: z.string().nullable(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  adjustments: z.array(adjustment),
});
export type AppraisalRecord = z.output<typeof appraisal>;

/** The appraisal vehicle edit form (seed 000: `appraisals/save`, behind its confirmation). */
const saveAppraisalInput = z
  .object({
    appraisalId: id,
    customerName: text(120).meta({ title: 'Customer' }),
    phone: optionalPhone,
    email: optionalEmail,
    vin: z.preprocess(blankToUndefined, vinText.optional()).meta({ title: 'VIN' }),
    vinOverride,
    year: modelYear,
    make: text(60),
    model: text(80),
    trim: optionalText(80),
    mileage: int(0, 2_000_000),
    condition: choice(vehicleConditions),
    baseValue: money(OFFER_MAX_CENTS / 100).meta({ title: 'Base value' }),
    appraisalStatus: choice(appraisalStatuses).meta({ title: 'Appraisal status' }),
    workingStatus: choice(workingStatuses).meta({ title: 'Working status' }),
    assignedUserId: optionalId.meta({ title: 'Assigned to' }),
    notes: optionalText(NOTES_MAX),
    /** Work the offer out again with today's rules, whatever the status (docs/appraisals.md, "When offers change"). */
    reprice: flag.meta({ title: "Reprice with today's rules" }),
  })
  .superRefine(...vinCheckedUnlessKept);
export type SaveAppraisalInput = z.output<typeof saveAppraisalInput>;
const appraisalIdInput = z.object({ appraisalId: id });

export const saveAppraisal = defineContract({
  path: 'appraisals/save',
  input: saveAppraisalInput,
  output: z.object({
    appraisalId: z.number().int(),
    offerCents: z.number().int(),
    offer: z.string(),
    repriced: z.boolean(),
  }),
});
/** One appraisal with the rules that made its offer (not in the spec's calls: the edit screen needs it; docs/appraisals.md). */
export const loadAppraisal = defineContract({
  path: 'appraisals/load-appraisal',
  input: appraisalIdInput,
  output: z.object({ appraisal }),
});
/** The users an appraisal may be assigned to: appraisers who reach its store (docs/appraisals.md). */
export const listAppraisers = defineContract({
  path: 'appraisals/list-appraisers',
  input: appraisalIdInput,
  output: z.object({ appraisers: z.array(z.object({ userId: z.number().int(), name: z.string() })) }),
});

// ---------------------------------------------------------------------------------------------------
// Appraisal locations

const locationFilters = {
  locationId: optionalId.meta({ title: 'Store' }),
  source: optionalChoice(appraisalSources),
  minCreatedAt: optionalDate.meta({ title: 'From' }),
  maxCreatedAt: optionalDate.meta({ title: 'To' }),
};

export const locationColumns: ColumnSpec[] = [
  { key: 'locationName', label: 'Store', sortable: true },
  { key: 'appraisals', label: 'Appraisals', format: 'number' },
  { key: 'newCount', label: 'New', format: 'number' },
  { key: 'offered', label: 'Offered', format: 'number' },
  { key: 'accepted', label: 'Accepted', format: 'number' },
  { key: 'declined', label: 'Declined', format: 'number' },
  { key: 'purchased', label: 'Purchased', format: 'number' },
  { key: 'expired', label: 'Expired', format: 'number' },
  { key: 'offers', label: 'Offers made', format: 'number' },
  { key: 'offerTotal', label: 'Offers total' },
];

const locationRow = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  appraisals: z.number().int(),
  newCount: z.number().int(),
  offered: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  purchased: z.number().int(),
  expired: z.number().int(),
  offers: z.number().int(),
  /** The offers made, summed exactly: dollars ("123456.00") and cents. */
  offerTotal: z.string(),
  offerTotalCents: z.number().int(),
});
export type LocationRow = z.output<typeof locationRow>;

/**
 * appraisal-locations: one row per store in reach (seed 000: `offerCountFormatted`, the offers made,
 * and `totalAppraisals`), from the tallies; also the CSV download.
 */
export const loadLocations = listContract({
  path: 'appraisals/locations/load-locations',
  filters: locationFilters,
  row: locationRow,
  countKey: 'locationCount',
  exportRoute: EXPORT_LOCATIONS_ROUTE,
});
