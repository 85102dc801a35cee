import { formatPhone } from '../../shared/format';
import type { locations } from './locations.db';
import type { Shortcode } from './locations.contract';

/** The `[code]`s templates, texts and shortcuts may use, with one store's values. */
export function shortcodesOf(l: typeof locations.$inferSelect): Shortcode[] {
  const address = [l.street, [l.city, l.state].filter(Boolean).join(', '), l.zip].filter(Boolean).join(' ');
  const list: [string, string, string][] = [
    ['location_name', 'Location name', l.name],
    ['location_code', 'Location code', l.code],
    ['dealership', 'Dealership', l.dealership],
    ['location_phone', 'Phone', formatPhone(l.phone)],
    ['location_url', 'Website', l.url],
    ['location_address', 'Address', address],
    ['location_city', 'City', l.city],
    ['location_state', 'State', l.state],
    ['service_phone', 'Service phone', formatPhone(l.servicePhone)],
    ['service_email', 'Service email', l.serviceEmail],
    ['service_url', 'Service scheduling page', l.serviceUrl],
    ['service_hours', 'Service hours', l.serviceHours],
  ];
  return list.map(([code, label, value]) => ({ shortcode: `[${code}]`, label, value }));
}

/** The text with each known shortcode replaced by its value; unknown ones are left as written. */
export function fillShortcodes(text: string, codes: Shortcode[]): string {
  const values = new Map(codes.map((c) => [c.shortcode.toLowerCase(), c.value]));
  return text.replace(/\[[a-z_]+\]/gi, (code) => values.get(code.toLowerCase()) ?? code);
}
