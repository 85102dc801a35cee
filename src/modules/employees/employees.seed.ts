import { asc } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { employees } from './employees.db';
import { demoEmail, titles } from './employees.api';

const firstNames = [
  'Maria',
  'James',
  'Sofia',
  'Daniel',
  'Ana',
  'Michael',
  'Elena',
  'Robert',
  'Lucia',
  'David',
  'Carmen',
  'Joseph',
  'Rosa',
  'Thomas',
  'Isabel',
  'Kevin',
  'Teresa',
  'Brian',
  'Angela',
  'Steven',
];
const lastNames = [
  'Garcia',
  'Martinez',
  'Chavez',
  'Lopez',
  'Baca',
  'Romero',
  'Sanchez',
  'Smith',
  'Johnson',
  'Montoya',
  'Trujillo',
  'Gonzales',
  'Lucero',
  'Archuleta',
  'Vigil',
  'Jaramillo',
  'Armijo',
  'Padilla',
  'Gallegos',
  'Otero',
];

/**
 * Sixty different people spread over the demo locations, each location with a mix of jobs; a few no
 * longer active. Each has a phone in their location's own area code.
 */
export async function seedEmployees(db: Db): Promise<void> {
  const stores = await db
    .select({ id: locations.id, phone: locations.phone })
    .from(locations)
    .orderBy(asc(locations.id));
  await db.insert(employees).values(
    Array.from({ length: 60 }, (_, i) => {
      // Offset per round so each location gets a mix of jobs.
      const [title, department] = titles[(i + Math.floor(i / stores.length)) % titles.length];
      const firstName = firstNames[i % firstNames.length];
      // Each round of first names moves the last names on by one, so no two people share a name.
      const lastName = lastNames[(i * 7 + Math.floor(i / firstNames.length)) % lastNames.length];
      const employeeNumber = String(10_400 + i * 7);
      const store = stores[i % stores.length];
      return {
        employeeNumber,
        firstName,
        lastName,
        title,
        department,
        locationId: store.id,
        primaryPhone: `${store.phone.slice(0, 5)}555${String(1000 + i).padStart(4, '0')}`,
        email: demoEmail({ firstName, lastName, employeeNumber }),
        hiredOn: `${2012 + (i % 12)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
        active: i % 17 !== 5,
      };
    }),
  );
}
