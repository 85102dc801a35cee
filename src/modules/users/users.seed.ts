import { asc, eq } from 'drizzle-orm';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/client';
import { hashPassword } from '../../server/platform/passwords';
import { employees } from '../employees/employees.db';
import { demoEmail, titles } from '../employees/employees.api';
import { locations } from '../locations/locations.db';
import { DEFAULT_LOCATION_CODE } from '../locations/locations.contract';
import { userFactors, users } from './users.db';

/** The staff's accounts, before the seeds that name them (quotes, appraisals); the first admin works at the default location. */
export async function seedUsers(db: Db, config: Config): Promise<void> {
  await seedStaffAccounts(db, config);
  const [home] = await db.select({ id: locations.id }).from(locations).where(eq(locations.code, DEFAULT_LOCATION_CODE));
  if (home) await db.update(users).set({ locationId: home.id }).where(eq(users.username, 'admin'));
}

const jobCodeOf = new Map(titles.map(([title, , jobCode]) => [title, jobCode]));
/** The demo's one locked account. */
const LOCKED_EMPLOYEE = '10547';

/** Job codes whose holders appraise trade-ins (they hold `appraiser`), and who does it where none works. */
const APPRAISING_CODES = new Set(['GM', 'GSM', 'INV']);
const STAND_IN_ORDER = ['SALES', 'ADVISOR'];

/**
 * Who appraises trade-ins at each store: its general manager; where it has none, its sales consultant
 * (else its service advisor, who sees the service lane's trade-ins) holds `appraiser` themselves, so
 * every store's worked appraisals have someone on them.
 */
function standInAppraisers(people: { employeeNumber: string; locationId: number | null; jobCode: string | null }[]) {
  const chosen = new Set<string>();
  for (const locationId of new Set(people.map((p) => p.locationId))) {
    const here = people.filter((p) => p.locationId === locationId);
    if (here.some((p) => p.jobCode && APPRAISING_CODES.has(p.jobCode))) continue;
    const standIn = STAND_IN_ORDER.map((code) => here.find((p) => p.jobCode === code)).find(Boolean);
    if (standIn) chosen.add(standIn.employeeNumber);
  }
  return chosen;
}

/**
 * The first 24 employees as users of New Mexico, with their job's code and the demo password; they
 * sign in with an email code, which the Outbox screen shows. One account is locked.
 */
async function seedStaffAccounts(db: Db, config: Config): Promise<void> {
  const people = (await db.select().from(employees).orderBy(asc(employees.employeeNumber)).limit(24)).map((p) => ({
    ...p,
    jobCode: jobCodeOf.get(p.title) ?? null,
    locked: p.employeeNumber === LOCKED_EMPLOYEE,
  }));
  const appraisers = standInAppraisers(people.filter((p) => !p.locked));
  const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
  const staff = await db
    .insert(users)
    .values(
      people.map((p) => ({
        username: `${p.firstName[0]}${p.lastName}${p.employeeNumber.slice(-2)}`.toLowerCase(),
        email: demoEmail(p),
        firstName: p.firstName,
        lastName: p.lastName,
        phone: p.primaryPhone,
        passwordHash,
        jobCode: p.jobCode,
        locationId: p.locationId,
        flags: [
          ...(p.jobCode === 'GM' ? (['seoPlannerCreate'] as const) : []),
          ...(appraisers.has(p.employeeNumber) ? (['appraiser'] as const) : []),
        ],
        regions: ['New Mexico'],
        accountLocked: p.locked,
      })),
    )
    .returning({ id: users.id, email: users.email });
  await db
    .insert(userFactors)
    .values(staff.map((u) => ({ userId: u.id, type: 'email' as const, target: u.email, confirmed: true })));
}
