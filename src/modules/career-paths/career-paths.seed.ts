import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import {
  careerGoals,
  careerPaths,
  careerPositionChildren,
  careerPositions,
  careerRequirements,
} from './career-paths.db';

/** Positions of a dealership, each leading to the next, with what each asks. */
const positions = [
  {
    name: 'Service Advisor',
    department: 'Service',
    requirements: ['ASE customer service course', 'Six months without a comeback', 'Write 300 repair orders'],
  },
  {
    name: 'Service Manager',
    department: 'Service',
    requirements: [
      'Lead the morning huddle for a month',
      'Manufacturer service management course',
      'Hit the CSI target for a quarter',
      'Train a new advisor',
    ],
  },
  {
    name: 'Sales Consultant',
    department: 'Sales',
    requirements: ['Product certification', 'Sell 10 vehicles in a month', 'Complete a desking course'],
  },
  {
    name: 'Finance Manager',
    department: 'Finance',
    requirements: ['F&I certification', 'Compliance training', 'Shadow a finance manager for 20 deals'],
  },
  {
    name: 'General Manager',
    department: 'Management',
    requirements: ['Run a department for two years', 'Dealer academy', 'Own a store budget'],
  },
];
const leadsTo: [string, string][] = [
  ['Service Advisor', 'Service Manager'],
  ['Service Manager', 'General Manager'],
  ['Sales Consultant', 'Finance Manager'],
  ['Finance Manager', 'General Manager'],
];

async function seedPositions(db: Db): Promise<Map<string, { id: number; requirements: number[] }>> {
  const made = new Map<string, { id: number; requirements: number[] }>();
  for (const p of positions) {
    const [row] = await db.insert(careerPositions).values({ name: p.name, department: p.department }).returning();
    const reqs = await db
      .insert(careerRequirements)
      .values(p.requirements.map((name, order) => ({ positionId: row.id, name, order })))
      .returning({ id: careerRequirements.id });
    made.set(p.name, { id: row.id, requirements: reqs.map((r) => r.id) });
  }
  await db
    .insert(careerPositionChildren)
    .values(
      leadsTo.map(([from, to], order) => ({ parentId: made.get(from)!.id, positionId: made.get(to)!.id, order })),
    );
  return made;
}

/**
 * Paths of three New Mexico employees (one checked task waiting for approval, one approved) and of one
 * employee outside New Mexico, so reach has a path to refuse.
 */
export async function seedCareerPaths(db: Db): Promise<void> {
  const made = await seedPositions(db);
  const nm = await db.select({ id: locations.id }).from(locations).where(eq(locations.region, 'New Mexico'));
  const staff = await db
    .select({ id: users.id, locationId: users.locationId })
    .from(users)
    .where(
      and(
        ne(users.username, 'admin'),
        inArray(
          users.locationId,
          nm.map((l) => l.id),
        ),
      ),
    )
    .orderBy(asc(users.id))
    .limit(3);
  const [outside] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(ne(locations.region, 'New Mexico'))
    .limit(1);
  const targets = [...staff.map((s) => s.id), ...(outside ? [outside.id] : [])];
  const plan = ['Service Manager', 'Finance Manager', 'General Manager', 'Service Manager'];
  for (const [i, userId] of targets.entries()) {
    const position = made.get(plan[i])!;
    const [path] = await db
      .insert(careerPaths)
      .values({ userId, positionId: position.id, willingToRelocate: i === 1 })
      .returning();
    const [first, second] = position.requirements;
    if (i === 3) continue;
    await db
      .insert(careerGoals)
      .values([
        { pathId: path.id, requirementId: first, status: 'approved', approvedAt: new Date() },
        ...(i === 0 ? [{ pathId: path.id, requirementId: second, status: 'checked' as const }] : []),
      ]);
  }
}
