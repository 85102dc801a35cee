import { shortcodesOf } from './locations.api';
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../server/db/client';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { contains, defineListAction, equals, yesNo } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { insertRecord, loadRecord, refuseTaken, updateRecord } from '../../server/platform/records';
import { toE164 } from '../../server/platform/phone';
import { withinReach } from '../../server/platform/reach';
import { mayGiveRegion } from '../../shared/permissions';
import { locationRecords, locations } from './locations.db';
import {
  DEFAULT_LOCATION_CODE,
  loadLocation,
  loadLocations,
  loadShortcodes,
  locationColumns,
  locationOptions,
  saveLocation,
  type Location,
} from './locations.contract';

defineListAction({
  contract: loadLocations,
  summary: 'Locations of the group, by code, name, region or city.',
  permission: 'signedIn',
  reach: locations.id,
  bench: () => [
    { name: 'all', filters: {} },
    { name: 'region', filters: { region: 'New Mexico' } },
    { name: 'search', filters: { query: 'toy' } },
  ],
  columns: locationColumns,
  sorts: { code: locations.code, name: locations.name, region: locations.region },
  defaultSort: 'name',
  id: { key: 'id', column: locations.id },
  filters: {
    query: contains(locations.code, locations.name, locations.dealership, locations.city),
    region: equals(locations.region),
    active: yesNo(locations.active),
  },
  query: ({ db }) => ({
    select: db
      .select({
        id: locations.id,
        code: locations.code,
        name: locations.name,
        dealership: locations.dealership,
        region: locations.region,
        city: locations.city,
        state: locations.state,
        phone: locations.phone,
        active: locations.active,
      })
      .from(locations)
      .$dynamic(),
  }),
});

defineAction({
  contract: locationOptions,
  summary: 'Every location for pickers, with the default location code.',
  permission: 'signedIn',
  reach: 'query',
  readOnly: true,
  async handler({ db, user }) {
    const rows = await db
      .select({
        id: locations.id,
        code: locations.code,
        name: locations.name,
        region: locations.region,
        state: locations.state,
        active: locations.active,
      })
      .from(locations)
      .where(withinReach(user.reach, locations.id))
      .orderBy(asc(locations.name));
    const regions = [...new Set(rows.map((r) => r.region).filter(Boolean))].sort();
    return { locations: rows, defaultCode: DEFAULT_LOCATION_CODE, regions };
  },
});

const locationOf = ({ updatedAt: _updated, ...location }: typeof locations.$inferSelect): Location => location;

defineAction({
  contract: loadLocation,
  summary: 'One location with its service settings.',
  permission: 'signedIn',
  reach: {},
  readOnly: true,
  handler: async (ctx) => ({ location: locationOf(await loadRecord(ctx, locationRecords, ctx.input.locationId)) }),
});

type LocationValues = Partial<typeof locations.$inferInsert>;

/** The fields sent, and only those (a field left out keeps its value), with phone numbers as E.164. */
function locationValues(fields: Omit<z.output<typeof saveLocation.input>, 'locationId'>): LocationValues {
  const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as LocationValues;
  for (const key of ['phone', 'servicePhone'] as const) {
    if (values[key]) {
      const e164 = toE164(values[key]!);
      if (!e164)
        throw AppError.invalid(`${key === 'phone' ? 'Phone' : 'Service phone'} must be a valid phone number.`, [key]);
      values[key] = e164;
    }
  }
  return values;
}

/** No two locations share a code (the location being saved may keep its own). */
async function refuseTakenCode(db: Db, code: string, locationId: number | undefined) {
  await refuseTaken(
    db,
    locations.code,
    code,
    `Another location already uses the code ${code}.`,
    'code',
    locationId ? { key: locations.id, value: locationId } : undefined,
  );
}

/** A location added or moved stays within its maker's reach: a region of theirs. */
function refuseRegionBeyond(
  user: ActionContext<unknown>['user'],
  before: typeof locations.$inferSelect | undefined,
  region: string,
) {
  if ((!before || region !== before.region) && !mayGiveRegion(user, region)) {
    throw new AppError(
      403,
      `You can add or move locations only within your own regions (${user.regions.join(', ') || 'you have none'}).`,
      ['region'],
    );
  }
}

defineAction({
  contract: saveLocation,
  summary: 'Adds a location (no locationId) or changes the fields sent.',
  permission: 'accessAdmin',
  reach: {},
  async handler(ctx) {
    const { locationId, ...fields } = ctx.input;
    const { user } = ctx;
    const values = locationValues(fields);
    if (values.code) await refuseTakenCode(ctx.db, values.code, locationId);
    const before = locationId ? await loadRecord(ctx, locationRecords, locationId) : undefined;
    refuseRegionBeyond(user, before, values.region ?? before?.region ?? '');
    if (!before) {
      if (!values.code || !values.name) {
        throw AppError.invalid('A new location needs a code and a name.', [!values.code ? 'code' : 'name']);
      }
      const created = await insertRecord(ctx, locationRecords, values as typeof locations.$inferInsert);
      return { locationId: created.id };
    }
    await updateRecord(ctx, locationRecords, before.id, values);
    return { locationId: before.id };
  },
});

defineAction({
  contract: loadShortcodes,
  summary: 'The shortcodes templates and texts can use for a location, with their values.',
  permission: 'signedIn',
  reach: {},
  readOnly: true,
  async handler(ctx) {
    return { shortcodes: shortcodesOf(await loadRecord(ctx, locationRecords, ctx.input.locationId)) };
  },
});
