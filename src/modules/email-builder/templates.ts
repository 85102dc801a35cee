import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { fillShortcodes, shortcodesOf } from '../locations/locations.api';
import type { Shortcode } from '../locations/locations.contract';
import { locations } from '../locations/locations.db';
import { compileTemplate } from './compile';
import type { Template } from './email-builder.contract';
import type { emailTemplates } from './email-builder.db';

type Row = typeof emailTemplates.$inferSelect;
type Links = Pick<
  Row,
  | 'locationId'
  | 'inventoryUrlType'
  | 'customInventoryUrl'
  | 'serviceUrlType'
  | 'customServiceUrl'
  | 'xtime'
  | 'autoloop'
>;

/**
 * The shortcodes a template may use: its store's, then its own links. The inventory link is the
 * store's site or the template's custom address; the service link the store's scheduling page or the
 * custom one, tagged for the scheduler the template names (Xtime or AutoLoop) so its reports count it.
 */
export async function templateShortcodes(db: Db, t: Links) {
  const [store] = await db.select().from(locations).where(eq(locations.id, t.locationId));
  const codes = shortcodesOf(store);
  const site = store.url.replace(/\/$/, '');
  const inventory =
    t.inventoryUrlType === 'custom' ? fillShortcodes(t.customInventoryUrl ?? '', codes) : site && `${site}/inventory/`;
  const service = t.serviceUrlType === 'custom' ? fillShortcodes(t.customServiceUrl ?? '', codes) : store.serviceUrl;
  const scheduler = t.xtime ? 'xtime' : t.autoloop ? 'autoloop' : '';
  const tagged =
    service && scheduler ? `${service}${service.includes('?') ? '&' : '?'}utm_source=${scheduler}` : service;
  const shortcodes: Shortcode[] = [
    ...codes.filter((c) => c.shortcode !== '[service_url]'),
    { shortcode: '[inventory_url]', label: 'Inventory link', value: inventory },
    { shortcode: '[service_url]', label: 'Service link', value: tagged },
  ];
  const value = (code: string) => shortcodes.find((c) => c.shortcode === code)?.value ?? '';
  return {
    shortcodes,
    store: { name: store.name, phone: value('[location_phone]'), address: value('[location_address]') },
  };
}

/** A stored template as the builder and the API read it. */
export const templateOf = (row: Row, location: string): Template => ({
  templateId: row.id,
  name: row.name,
  locationId: row.locationId,
  location,
  locked: row.locked,
  promoScript: row.promoScript,
  showLocationHeader: row.showLocationHeader,
  xtime: row.xtime,
  autoloop: row.autoloop,
  themeType: row.themeType,
  customTheme: row.customTheme ?? undefined,
  inventoryUrlType: row.inventoryUrlType,
  customInventoryUrl: row.customInventoryUrl ?? undefined,
  serviceUrlType: row.serviceUrlType,
  customServiceUrl: row.customServiceUrl ?? undefined,
  revision: row.revision,
  pieces: row.pieces,
});

/** A stored template compiled, with its store's shortcodes filled. */
export async function compileStored(db: Db, row: Row) {
  const { shortcodes, store } = await templateShortcodes(db, row);
  return compileTemplate({ options: templateOf(row, store.name), pieces: row.pieces, store, shortcodes });
}
