import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { AppError } from '../../server/platform/errors';
import { formatPhone } from '../../shared/format';
import { locations } from './locations.db';
import type { Shortcode } from './locations.contract';

type Location = typeof locations.$inferSelect;

const addressOf = (l: Location) =>
  [l.street, [l.city, l.state].filter(Boolean).join(', '), l.zip].filter(Boolean).join(' ');

/** The `[code]`s templates, texts and shortcuts may use: each code, its label and its value for a store. */
const SHORTCODES: [string, string, (l: Location) => string][] = [
  ['location_name', 'Location name', (l) => l.name],
  ['location_code', 'Location code', (l) => l.code],
  ['dealership', 'Dealership', (l) => l.dealership],
  ['location_phone', 'Phone', (l) => formatPhone(l.phone)],
  ['location_url', 'Website', (l) => l.url],
  ['location_address', 'Address', addressOf],
  ['location_city', 'City', (l) => l.city],
  ['location_state', 'State', (l) => l.state],
  ['service_phone', 'Service phone', (l) => formatPhone(l.servicePhone)],
  ['service_email', 'Service email', (l) => l.serviceEmail],
  ['service_url', 'Service scheduling page', (l) => l.serviceUrl],
  ['service_hours', 'Service hours', (l) => l.serviceHours],
];

/** Every shortcode as written (`[location_name]`). */
const shortcodeNames = SHORTCODES.map(([code]) => `[${code}]`);

/** The `[code]`s templates, texts and shortcuts may use, with one store's values. */
export function shortcodesOf(l: Location): Shortcode[] {
  return SHORTCODES.map(([code, label, value]) => ({ shortcode: `[${code}]`, label, value: value(l) }));
}

/** The shortcodes of a text no store has a value for (a typo such as `[locaton_name]`). */
export const unknownShortcodes = (text: string): string[] =>
  [...new Set(text.match(/\[[a-z_]+\]/gi) ?? [])].filter((code) => !shortcodeNames.includes(code.toLowerCase()));

/** The text with each known shortcode replaced by its value; unknown ones are left as written. */
export function fillShortcodes(text: string, codes: Shortcode[]): string {
  const values = new Map(codes.map((c) => [c.shortcode.toLowerCase(), c.value]));
  return text.replace(/\[[a-z_]+\]/gi, (code) => values.get(code.toLowerCase()) ?? code);
}

/**
 * The location a form names, or a 400 on its field: reach lets a group-wide user name any id, so one
 * that no location has is refused here, as the form's own mistake.
 */
export async function requireLocation(db: Db, locationId: number) {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, timeZone: locations.timeZone })
    .from(locations)
    .where(eq(locations.id, locationId));
  if (!row) throw AppError.invalid('That location does not exist.', ['locationId']);
  return row;
}
