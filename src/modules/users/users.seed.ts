import { asc, eq } from 'drizzle-orm';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/client';
import { employees } from '../employees/employees.db';
import { demoEmail, titles } from '../employees/employees.api';
import { locations } from '../locations/locations.db';
import { DEFAULT_LOCATION_CODE } from '../locations/locations.contract';
import { hashPassword } from '../../server/platform/passwords';
import { userFactors, users } from './users.db';

const jobCodeOf = new Map(titles.map(([title, , jobCode]) => [title, jobCode]));

/**
 * The first 24 employees as users of New Mexico, with their job's code and the demo password; they
 * sign in with an email code, which the Outbox screen shows. One account is locked. The first admin
 * works at the default location.
 */
export async function seedUsers(db: Db, config: Config): Promise<void> {
  const people = await db.select().from(employees).orderBy(asc(employees.employeeNumber)).limit(24);
  const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
  const staff = await db
    .insert(users)
    .values(
      people.map((p) => {
        const jobCode = jobCodeOf.get(p.title) ?? null;
        return {
          username: `${p.firstName[0]}${p.lastName}${p.employeeNumber.slice(-2)}`.toLowerCase(),
          email: demoEmail(p),
          firstName: p.firstName,
          lastName: p.lastName,
          phone: p.primaryPhone,
          passwordHash,
          jobCode,
          locationId: p.locationId,
          flags: jobCode === 'GM' ? ['seoPlannerCreate'] : [],
          regions: ['New Mexico'],
          accountLocked: p.employeeNumber === '10547',
        };
      }),
    )
    .returning({ id: users.id, email: users.email });
  await db
    .insert(userFactors)
    .values(staff.map((u) => ({ userId: u.id, type: 'email' as const, target: u.email, confirmed: true })));
  const [home] = await db.select({ id: locations.id }).from(locations).where(eq(locations.code, DEFAULT_LOCATION_CODE));
  if (home) await db.update(users).set({ locationId: home.id }).where(eq(users.username, 'admin'));
}
