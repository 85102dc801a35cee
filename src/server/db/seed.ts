import { count, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from './client';
import { seal } from '../platform/sealed';
import { hashPassword } from '../../modules/users/auth.server';
import { userFactors, users } from '../../modules/users/users.db';
import { jobCodes } from '../../modules/access/access.db';
import { locations } from '../../modules/locations/locations.db';
import { employees } from '../../modules/employees/employees.db';
import { seedPhones } from '../../modules/phones/phones.seed';
import { allFlags, type JobCodeFlag } from '../../shared/permissions';

/** The first start creates the admin from ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_TOTP_SECRET. */
export async function ensureAdmin(db: Db, config: Config): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(sql`lower(${users.email}) = ${config.ADMIN_EMAIL.toLowerCase()}`);
  if (n > 0) return;
  const [admin] = await db.insert(users).values({
    username: 'admin',
    email: config.ADMIN_EMAIL.toLowerCase(),
    firstName: 'Group',
    lastName: 'Administrator',
    passwordHash: await hashPassword(config.ADMIN_PASSWORD),
    flags: [...allFlags],
    groupWide: true,
  }).returning();
  if (config.ADMIN_TOTP_SECRET) {
    await db.insert(userFactors).values({ userId: admin.id, type: 'totp', secret: seal(config.SESSION_SECRET, config.ADMIN_TOTP_SECRET), confirmed: true });
  }
}

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

const demoJobCodes: { jobCode: string; longName: string; flags: JobCodeFlag[] }[] = [
  { jobCode: 'GM', longName: 'General Manager', flags: ['phoneLookup', 'stockNumberManager', 'messenger', 'marketing', 'careerPathAdmin'] },
  { jobCode: 'SVCMGR', longName: 'Service Manager', flags: ['phoneLookup', 'messenger', 'careerPathEditor'] },
  { jobCode: 'ADVISOR', longName: 'Service Advisor', flags: ['phoneLookup', 'messenger'] },
  { jobCode: 'SALES', longName: 'Sales Consultant', flags: ['phoneLookup', 'messenger', 'stockNumberManager'] },
  { jobCode: 'BDC', longName: 'Business Development Center', flags: ['phoneLookup', 'messenger', 'messengerDeploy'] },
  { jobCode: 'MKT', longName: 'Marketing', flags: ['marketing', 'marketingEditor', 'marketingOfferEditor', 'emailBuilder'] },
  { jobCode: 'IT', longName: 'IT and Telephony', flags: ['userAdmin', 'accessAdmin', 'phoneAdmin', 'phoneLookup', 'developer'] },
  { jobCode: 'HR', longName: 'Human Resources', flags: ['userAdmin', 'careerPathAdmin', 'careerPathEditor'] },
  { jobCode: 'INV', longName: 'Inventory Manager', flags: ['stockNumberAdmin', 'stockNumberManager', 'stockNumberUserAdmin'] },
];

const firstNames = ['Maria', 'James', 'Sofia', 'Daniel', 'Ana', 'Michael', 'Elena', 'Robert', 'Lucia', 'David', 'Carmen', 'Joseph', 'Rosa', 'Thomas', 'Isabel', 'Kevin', 'Teresa', 'Brian', 'Angela', 'Steven'];
const lastNames = ['Garcia', 'Martinez', 'Chavez', 'Lopez', 'Baca', 'Romero', 'Sanchez', 'Smith', 'Johnson', 'Montoya', 'Trujillo', 'Gonzales', 'Lucero', 'Archuleta', 'Vigil', 'Jaramillo', 'Armijo', 'Padilla', 'Gallegos', 'Otero'];
const titles: [string, string, string][] = [
  ['General Manager', 'Management', 'GM'], ['Service Manager', 'Service', 'SVCMGR'], ['Service Advisor', 'Service', 'ADVISOR'],
  ['Sales Consultant', 'Sales', 'SALES'], ['BDC Representative', 'BDC', 'BDC'], ['Marketing Coordinator', 'Marketing', 'MKT'],
  ['Technician', 'Service', 'ADVISOR'], ['Finance Manager', 'Finance', 'SALES'], ['Parts Specialist', 'Parts', 'ADVISOR'],
];

/** A small, fixed demo group so every screen has something to show on first start. */
export async function seedDemo(db: Db, config: Config): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(locations);
  if (n > 0) return false;
  const inserted = await db.insert(locations).values(demoLocations.map((l) => ({
    ...l,
    url: `https://www.${l.name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
    servicePhone: l.phone.replace(/\d{2}$/, '50'),
    serviceEmail: `service@${l.code.toLowerCase()}.forecourt.test`,
    serviceUrl: `https://www.${l.name.toLowerCase().replace(/[^a-z]+/g, '')}.example/service`,
    serviceHours: 'Mon–Fri 7:00–18:00, Sat 8:00–16:00',
  }))).returning({ id: locations.id, code: locations.code });
  await db.insert(jobCodes).values(demoJobCodes);

  const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
  const people = Array.from({ length: 60 }, (_, i) => {
    // Offset per round so each location gets a mix of jobs.
    const [title, department, jobCode] = titles[(i + Math.floor(i / inserted.length)) % titles.length];
    const location = inserted[i % inserted.length];
    return {
      number: String(10_400 + i * 7),
      firstName: firstNames[i % firstNames.length],
      lastName: lastNames[(i * 7) % lastNames.length],
      title, department, jobCode, locationId: location.id,
      phone: `+1505555${String(1000 + i).padStart(4, '0')}`,
    };
  });
  await db.insert(employees).values(people.map((p, i) => ({
    employeeNumber: p.number, firstName: p.firstName, lastName: p.lastName, title: p.title, department: p.department,
    locationId: p.locationId, primaryPhone: p.phone, email: `${p.firstName}.${p.lastName}${i}@forecourt.test`.toLowerCase(),
    hiredOn: `${2012 + (i % 12)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
    active: i % 17 !== 5,
  })));
  const staff = await db.insert(users).values(people.slice(0, 24).map((p) => ({
    username: `${p.firstName[0]}${p.lastName}${p.number.slice(-2)}`.toLowerCase(),
    email: `${p.firstName}.${p.lastName}.${p.number}@forecourt.test`.toLowerCase(),
    firstName: p.firstName, lastName: p.lastName, phone: p.phone, passwordHash, jobCode: p.jobCode, locationId: p.locationId,
    flags: p.jobCode === 'GM' ? ['seoPlannerCreate'] : [],
    regions: ['New Mexico'],
    accountLocked: p.number === '10547',
  }))).returning({ id: users.id, email: users.email });
  // Demo staff sign in with an email code: the code shows on the Outbox screen.
  await db.insert(userFactors).values(staff.map((u) => ({ userId: u.id, type: 'email' as const, target: u.email, confirmed: true })));
  await db.update(users).set({ locationId: inserted.find((l) => l.code === 'ABG')!.id }).where(eq(users.username, 'admin'));
  await seedPhones(db);
  return true;
}
