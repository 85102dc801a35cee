import type { Db } from '../../server/db/client';
import { locations } from './locations.db';

const demoLocations = [
  { code: 'ABG', name: 'Albuquerque Toyota', dealership: 'Toyota', region: 'New Mexico', city: 'Albuquerque', state: 'NM', zip: '87110', street: '8001 Lomas Blvd NE', phone: '+15052650100', timeZone: 'America/Denver', collision: true },
  { code: 'ABH', name: 'Albuquerque Honda', dealership: 'Honda', region: 'New Mexico', city: 'Albuquerque', state: 'NM', zip: '87109', street: '5901 Pan American Fwy NE', phone: '+15052650200', timeZone: 'America/Denver' },
  { code: 'SFS', name: 'Santa Fe Subaru', dealership: 'Subaru', region: 'New Mexico', city: 'Santa Fe', state: 'NM', zip: '87507', street: '3965 Cerrillos Rd', phone: '+15054710300', timeZone: 'America/Denver' },
  { code: 'LCF', name: 'Las Cruces Ford', dealership: 'Ford', region: 'New Mexico', city: 'Las Cruces', state: 'NM', zip: '88011', street: '1500 S Valley Dr', phone: '+15755240400', timeZone: 'America/Denver', collision: true },
  { code: 'DNC', name: 'Denver Chevrolet', dealership: 'Chevrolet', region: 'Colorado', city: 'Denver', state: 'CO', zip: '80231', street: '9595 E Arapahoe Rd', phone: '+13035550500', timeZone: 'America/Denver' },
  { code: 'CSK', name: 'Colorado Springs Kia', dealership: 'Kia', region: 'Colorado', city: 'Colorado Springs', state: 'CO', zip: '80918', street: '1590 Academy Blvd', phone: '+17195550600', timeZone: 'America/Denver' },
  { code: 'PHX', name: 'Phoenix Hyundai', dealership: 'Hyundai', region: 'Arizona', city: 'Phoenix', state: 'AZ', zip: '85016', street: '4150 E Camelback Rd', phone: '+16025550700', timeZone: 'America/Phoenix' },
  { code: 'TUC', name: 'Tucson Collision Center', dealership: 'Collision', region: 'Arizona', city: 'Tucson', state: 'AZ', zip: '85711', street: '4220 E 22nd St', phone: '+15205550800', timeZone: 'America/Phoenix', collision: true, collisionOnly: true, active: true },
  { code: 'ELP', name: 'El Paso Nissan', dealership: 'Nissan', region: 'Texas', city: 'El Paso', state: 'TX', zip: '79925', street: '7400 Gateway Blvd E', phone: '+19155550900', timeZone: 'America/Denver', active: false },
];

/** The demo group's stores: New Mexico, Colorado, Arizona and Texas, one of them inactive. */
export async function seedLocations(db: Db): Promise<void> {
  await db.insert(locations).values(demoLocations.map((l) => ({
    ...l,
    url: `https://www.${l.name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
    servicePhone: l.phone.replace(/\d{2}$/, '50'),
    serviceEmail: `service@${l.code.toLowerCase()}.forecourt.test`,
    serviceUrl: `https://www.${l.name.toLowerCase().replace(/[^a-z]+/g, '')}.example/service`,
    serviceHours: 'Mon–Fri 7:00–18:00, Sat 8:00–16:00',
  })));
}
