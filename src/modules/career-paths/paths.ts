/** Reading paths with their tasks, as the paths, approvals and leaderboard screens show them. */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { userName, users } from '../users/users.db';
import { careerGoals, careerPaths, careerPositions, careerRequirements } from './career-paths.db';
import type { GoalStatus, PathRecord, Task } from './career-paths.contract';

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** Paths matching `where` (at most `limit`), each with every task of its position and the task's state. */
export async function readPaths(db: Db, where: SQL | undefined, limit = 200): Promise<PathRecord[]> {
  const paths = await db
    .select({
      pathId: careerPaths.id,
      userId: careerPaths.userId,
      userName: userName,
      positionId: careerPaths.positionId,
      positionName: careerPositions.name,
      department: careerPositions.department,
      willingToRelocate: careerPaths.willingToRelocate,
    })
    .from(careerPaths)
    .innerJoin(users, eq(users.id, careerPaths.userId))
    .innerJoin(careerPositions, eq(careerPositions.id, careerPaths.positionId))
    .where(where)
    .orderBy(asc(users.lastName), asc(careerPaths.id))
    .limit(limit);
  if (paths.length === 0) return [];
  const [requirements, goals] = await Promise.all([
    db
      .select()
      .from(careerRequirements)
      .where(inArray(careerRequirements.positionId, [...new Set(paths.map((p) => p.positionId))]))
      .orderBy(asc(careerRequirements.order), asc(careerRequirements.id)),
    db
      .select()
      .from(careerGoals)
      .where(
        inArray(
          careerGoals.pathId,
          paths.map((p) => p.pathId),
        ),
      ),
  ]);
  const status = new Map(goals.map((g) => [`${g.pathId}:${g.requirementId}`, g.status]));
  return paths.map((p) => {
    const tasks: Task[] = requirements
      .filter((r) => r.positionId === p.positionId)
      .map((r) => ({
        requirementId: r.id,
        name: r.name,
        description: r.description,
        order: r.order,
        status: status.get(`${p.pathId}:${r.id}`) ?? 'unchecked',
      }));
    const checked = tasks.filter((t) => t.status !== 'unchecked').length;
    const approved = tasks.filter((t) => t.status === 'approved').length;
    return {
      ...p,
      userName: p.userName ?? '',
      tasks,
      checkedPercent: percent(checked, tasks.length),
      approvedPercent: percent(approved, tasks.length),
    };
  });
}

/** The goals of a path as stored: requirement id to state. */
export async function storedGoals(db: Db, pathId: number): Promise<Map<number, GoalStatus>> {
  const rows = await db
    .select({ requirementId: careerGoals.requirementId, status: careerGoals.status })
    .from(careerGoals)
    .where(eq(careerGoals.pathId, pathId));
  return new Map(rows.map((r) => [r.requirementId, r.status]));
}

/** The requirement ids of a position. */
export async function requirementIdsOf(db: Db, positionId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: careerRequirements.id })
    .from(careerRequirements)
    .where(and(eq(careerRequirements.positionId, positionId)));
  return new Set(rows.map((r) => r.id));
}
