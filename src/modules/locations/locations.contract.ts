import { z } from 'zod';
import { email, flag, id, optionalId, optionalText, phone, text, webUrl, yesNo } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';

/** The location every tool uses when none is selected (seed 001, section 9). */
export const DEFAULT_LOCATION_CODE = 'ABG';

export const US_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

const code = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: 'is required' }).regex(/^[A-Z0-9]{2,8}$/, { error: 'must be 2 to 8 letters or digits' }),
);
const optional = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
/** A field that may be emptied: '' clears it, absent leaves it as it is. */
const clearable = <T extends z.ZodType>(s: T) => z.preprocess(trimmed, z.union([z.literal(''), s]).optional());
const clearText = (max: number) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: 'must be text' })
      .max(max, { error: `must be at most ${max} characters` })
      .optional(),
  );
const url = clearable(webUrl(300));

/**
 * One form for both screens: location edit sends the location fields, location service edit the
 * service fields. Only the fields sent are changed (a blank one is emptied); a new location needs
 * a code and a name.
 */
const saveLocationInput = z.object({
  locationId: optionalId,
  code: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), code.optional()),
  name: text(120).optional(),
  active: optional(flag),
  region: clearText(60),
  dealership: clearText(120),
  collision: optional(flag).meta({ title: 'Collision center' }),
  collisionOnly: optional(flag),
  url: url.meta({ title: 'Website' }),
  phone: clearable(phone),
  street: clearText(120),
  city: clearText(80),
  state: clearable(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.toUpperCase() : v),
      z.string().regex(/^[A-Z]{2}$/, { error: 'must be a two-letter state code' }),
    ),
  ),
  zip: clearable(z.string().regex(/^\d{5}(-\d{4})?$/, { error: 'must be five digits, such as 87109' })).meta({
    title: 'ZIP code',
  }),
  timeZone: optional(z.enum(US_TIME_ZONES, { error: 'must be a US time zone' })),
  serviceActive: optional(flag).meta({ title: 'Service department open' }),
  servicePhone: clearable(phone),
  serviceEmail: clearable(email),
  serviceUrl: url.meta({ title: 'Service scheduling page' }),
  serviceHours: clearText(500),
});
export type SaveLocationInput = z.infer<typeof saveLocationInput>;

const locationIdInput = z.object({ locationId: id });

const locationFilters = {
  query: optionalText(100).meta({ title: 'Search' }),
  region: optionalText(60),
  active: yesNo.meta({ title: 'Status' }),
};

export const locationColumns: ColumnSpec[] = [
  { key: 'code', label: 'Code', sortable: true },
  { key: 'name', label: 'Name', sortable: true },
  { key: 'dealership', label: 'Dealership' },
  { key: 'region', label: 'Region', sortable: true },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'phone', label: 'Phone', format: 'phone' },
  { key: 'active', label: 'Active', format: 'flag' },
];

const location = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  region: z.string(),
  dealership: z.string(),
  collision: z.boolean(),
  collisionOnly: z.boolean(),
  url: z.string(),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  timeZone: z.string(),
  serviceActive: z.boolean(),
  servicePhone: z.string(),
  serviceEmail: z.string(),
  serviceUrl: z.string(),
  serviceHours: z.string(),
});
export type Location = z.output<typeof location>;
const locationOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  region: z.string(),
  state: z.string(),
  active: z.boolean(),
});
export type LocationOption = z.output<typeof locationOption>;
const shortcode = z.object({ shortcode: z.string(), label: z.string(), value: z.string() });
export type Shortcode = z.output<typeof shortcode>;

/** Locations of the group (within reach), by code, name, region or city. */
export const loadLocations = listContract({
  path: 'locations/load-locations',
  filters: locationFilters,
  countKey: 'locationCount',
  row: location.pick({
    id: true,
    code: true,
    name: true,
    dealership: true,
    region: true,
    city: true,
    state: true,
    phone: true,
    active: true,
  }),
});
/** Every location within reach for pickers, their regions and the default location code. */
export const locationOptions = defineContract({
  path: 'locations/list-options',
  input: z.object({}),
  output: z.object({ locations: z.array(locationOption), defaultCode: z.string(), regions: z.array(z.string()) }),
});
export type LocationOptions = z.output<typeof locationOptions.output>;
export const loadLocation = defineContract({
  path: 'locations/load-location',
  input: locationIdInput,
  output: z.object({ location }),
});
/** Adds a location (no locationId) or changes the fields sent. */
export const saveLocation = defineContract({
  path: 'locations/save-location',
  input: saveLocationInput,
  output: z.object({ locationId: z.number().int() }),
});
export const loadShortcodes = defineContract({
  path: 'locations/load-shortcodes',
  input: locationIdInput,
  output: z.object({ shortcodes: z.array(shortcode) }),
});
