import { z } from 'zod';
import {
  choice,
  date,
  flag,
  id,
  money,
  optionalChoice,
  optionalDate,
  optionalId,
  optionalText,
  text,
  yesNo,
} from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { modelYear } from '../vehicles/vehicles.contract';

/**
 * Vehicle incentives (seed 000: "Incentive": active and enabledByDefault as 1 or 0; the other fields
 * are ours, docs/sales.md): money a maker or the group puts toward a deal, by how the customer pays.
 */
export const incentiveTypes = ['cash', 'finance', 'lease'] as const;
export type IncentiveType = (typeof incentiveTypes)[number];
export const incentiveTypeLabels: Record<IncentiveType, string> = { cash: 'Cash', finance: 'Finance', lease: 'Lease' };

const INCENTIVE_NAME_MAX = 120;
export const INCENTIVE_TERMS_MAX = 2_000;
/** The largest incentive a form takes, in dollars. */
const INCENTIVE_AMOUNT_MAX = 100_000;

// Seed 000, section 8, word for word.
export const INCENTIVE_ADDED = 'Incentive has been added!';
export const INCENTIVE_UPDATED = 'Incentive has been updated!';
export const INCENTIVE_DELETED = 'Incentive has been deleted!';
export const INCENTIVE_DELETE_QUESTION = 'Are you sure you want to delete this incentive?';

const incentiveFields = z.object({
  name: text(INCENTIVE_NAME_MAX),
  /** Dollars as typed; kept in cents. */
  amount: money(INCENTIVE_AMOUNT_MAX),
  type: choice(incentiveTypes),
  /** Blank: every store of the group (docs/sales.md). */
  locationId: optionalId,
  minYear: modelYear.meta({ title: 'Model year from' }),
  maxYear: modelYear.meta({ title: 'Model year to' }),
  /** Blank: any make (and then any model). */
  make: optionalText(60),
  /** Blank: any model of the make. */
  model: optionalText(80),
  startDate: date.meta({ title: 'Starts' }),
  endDate: date.meta({ title: 'Ends' }),
  description: optionalText(INCENTIVE_TERMS_MAX).meta({ title: 'Terms' }),
  active: flag,
  enabledByDefault: flag.meta({ title: 'Applied by default' }),
});

/** The checks across fields, each on the field the form marks. */
const checked = <T extends z.ZodType<z.output<typeof incentiveFields>>>(schema: T) =>
  schema
    .refine((i) => i.maxYear >= i.minYear, { error: 'must not be before Model year from', path: ['maxYear'] })
    .refine((i) => i.endDate >= i.startDate, { error: 'must not be before Starts', path: ['endDate'] })
    .refine((i) => !i.model || i.make, { error: 'is required when a model is chosen', path: ['make'] });

/** add-incentive (seed 000: the form). */
export const incentiveInput = checked(incentiveFields);
export type IncentiveInput = z.infer<typeof incentiveInput>;
/** save-incentive: the same form with the incentive's id. */
const saveIncentiveInput = checked(incentiveFields.extend({ incentiveId: id }));
const incentiveIdInput = z.object({ incentiveId: id });

const incentiveFilters = {
  /** Part of an incentive's name. */
  query: optionalText(60).meta({ title: 'Search' }),
  /** A store: its own incentives and the group's. */
  locationId: optionalId,
  active: yesNo.meta({ title: 'Status' }),
  type: optionalChoice(incentiveTypes),
  /** Running on this day: started on or before it, ending on or after it. */
  currentOn: optionalDate.meta({ title: 'Current on' }),
};

export const incentiveColumns: ColumnSpec[] = [
  { key: 'name', label: 'Incentive', sortable: true },
  { key: 'typeLabel', label: 'Type' },
  { key: 'amount', label: 'Amount', sortable: true },
  { key: 'vehicle', label: 'Vehicles' },
  { key: 'locationName', label: 'Location' },
  { key: 'startDate', label: 'Starts', sortable: true, format: 'date' },
  { key: 'endDate', label: 'Ends', sortable: true, format: 'date' },
  { key: 'active', label: 'Active', format: 'flag' },
  { key: 'enabledByDefault', label: 'By default', format: 'flag' },
];

const incentiveRow = z.object({
  incentiveId: z.number().int(),
  name: z.string(),
  type: z.enum(incentiveTypes),
  typeLabel: z.string(),
  /** Dollars as an exact decimal ("1500.00"); `amountCents` the same in cents. */
  amount: z.string(),
  amountCents: z.number().int(),
  minYear: z.number().int(),
  maxYear: z.number().int(),
  make: z.string(),
  model: z.string(),
  /** The vehicles it applies to, in words: "2025–2026 Toyota RAV4", "2026 Honda (any model)". */
  vehicle: z.string(),
  /** Null: the whole group. */
  locationId: z.number().int().nullable(),
  locationName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  active: z.boolean(),
  enabledByDefault: z.boolean(),
});
export type IncentiveRow = z.output<typeof incentiveRow>;

const incentive = incentiveRow.extend({
  description: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IncentiveRecord = z.output<typeof incentive>;

/** The incentives within reach (a store's and the group's), newest programme first. */
export const loadIncentives = listContract({
  path: 'vehicles/incentives/load-incentives',
  filters: incentiveFilters,
  row: incentiveRow,
  countKey: 'incentiveCount',
});
/** One incentive, for the edit modal. */
export const loadIncentive = defineContract({
  path: 'vehicles/incentives/load-incentive',
  input: incentiveIdInput,
  output: z.object({ incentive }),
});
export const addIncentive = defineContract({
  path: 'vehicles/incentives/add-incentive',
  input: incentiveInput,
  output: z.object({ incentiveId: z.number().int() }),
});
export const saveIncentive = defineContract({
  path: 'vehicles/incentives/save-incentive',
  input: saveIncentiveInput,
  output: z.object({ incentiveId: z.number().int() }),
});
export const deleteIncentive = defineContract({
  path: 'vehicles/incentives/delete-incentive',
  input: incentiveIdInput,
  output: z.object({}),
});

/** What the price builder asks: a vehicle at a store. Blank make or model: the incentives for any. */
const incentivesForVehicleInput = z.object({
  locationId: id,
  year: modelYear,
  make: optionalText(60),
  model: optionalText(80),
});

const applicableIncentive = z.object({
  incentiveId: z.number().int(),
  name: z.string(),
  type: z.enum(incentiveTypes),
  amountCents: z.number().int(),
  enabledByDefault: z.boolean(),
});
export type ApplicableIncentive = z.output<typeof applicableIncentive>;

/**
 * The active incentives that apply to this vehicle at this store today (on the store's clock): the
 * store's own and the group's, running today, the year within their range, their make and model the
 * vehicle's or left blank (any). Largest first. For the price builder (docs/sales.md).
 */
export const listIncentivesForVehicle = defineContract({
  path: 'vehicles/incentives/list-for-vehicle',
  input: incentivesForVehicleInput,
  output: z.object({ incentives: z.array(applicableIncentive) }),
});
