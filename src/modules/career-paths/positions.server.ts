import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { deleteRecord, insertRecord, loadRecord, updateRecord } from '../../server/platform/records';
import {
  careerPaths,
  careerPositionChildren,
  careerPositionRecords,
  careerPositions,
  careerRequirements,
} from './career-paths.db';
import {
  deletePosition,
  loadPosition,
  loadPositions,
  savePosition,
  type PositionSummary,
  type SavePositionInput,
} from './career-paths.contract';
import type { Db } from '../../server/db/client';

// Qualified by hand: Drizzle leaves columns unqualified in one-table selects, which would bind inside the subquery.
/** Every position (or one), with its counts and the positions it leads to, in order. */
async function positionSummaries(db: Db, positionId?: number): Promise<PositionSummary[]> {
  const where = positionId ? eq(careerPositions.id, positionId) : undefined;
  const [positions, children] = await Promise.all([
    db
      .select({
        positionId: careerPositions.id,
        name: careerPositions.name,
        department: careerPositions.department,
        description: careerPositions.description,
        requirementCount: sql<number>`(select count(*)::int from career_requirements r where r.position_id = career_positions.id)`,
        pathCount: sql<number>`(select count(*)::int from career_paths p where p.position_id = career_positions.id)`,
      })
      .from(careerPositions)
      .where(where)
      .orderBy(asc(careerPositions.department), asc(careerPositions.name)),
    db
      .select({
        parentId: careerPositionChildren.parentId,
        positionId: careerPositions.id,
        name: careerPositions.name,
        order: careerPositionChildren.order,
      })
      .from(careerPositionChildren)
      .innerJoin(careerPositions, eq(careerPositions.id, careerPositionChildren.positionId))
      .where(positionId ? eq(careerPositionChildren.parentId, positionId) : undefined)
      .orderBy(asc(careerPositionChildren.order)),
  ]);
  return positions.map((p) => ({
    ...p,
    children: children
      .filter((c) => c.parentId === p.positionId)
      .map(({ positionId, name, order }) => ({ positionId, name, order })),
  }));
}

defineAction({
  contract: loadPositions,
  summary:
    'Every position of the group with its requirement and path counts and the positions it leads to (the career paths home).',
  permission: 'signedIn',
  reach: 'group',
  readOnly: true,
  async handler({ db }) {
    return { positions: await positionSummaries(db) };
  },
});

defineAction({
  contract: loadPosition,
  summary: 'One position with its requirements, in order, and the positions it leads to (edit-position).',
  permission: 'signedIn',
  reach: { positionId: careerPositionRecords },
  readOnly: true,
  async handler(ctx) {
    await loadRecord(ctx, careerPositionRecords, ctx.input.positionId);
    const [[summary], requirements] = await Promise.all([
      positionSummaries(ctx.db, ctx.input.positionId),
      ctx.db
        .select({
          requirementId: careerRequirements.id,
          name: careerRequirements.name,
          description: careerRequirements.description,
          order: careerRequirements.order,
        })
        .from(careerRequirements)
        .where(eq(careerRequirements.positionId, ctx.input.positionId))
        .orderBy(asc(careerRequirements.order), asc(careerRequirements.id)),
    ]);
    return { position: { ...summary, requirements } };
  },
});

type Ctx = ActionContext<SavePositionInput>;

/** The positions it leads to exist, and are not itself. */
async function checkChildren(ctx: Ctx, positionId?: number) {
  const ids = ctx.input.children.map((c) => c.positionId);
  if (positionId && ids.includes(positionId)) throw AppError.invalid('A position cannot lead to itself.', ['children']);
  if (new Set(ids).size !== ids.length) throw AppError.invalid('Each next position may be named once.', ['children']);
  if (ids.length === 0) return;
  const [{ n }] = await ctx.db.select({ n: count() }).from(careerPositions).where(inArray(careerPositions.id, ids));
  if (n !== ids.length) throw AppError.invalid('A next position does not exist.', ['children']);
}

/**
 * The position's requirements become the list given: those named by id are changed (they must be the
 * position's), new ones added, the rest removed with the employees' checks of them. Answers the ids in
 * the order given.
 */
async function saveRequirements(ctx: Ctx, positionId: number): Promise<number[]> {
  const { db, input } = ctx;
  const kept = input.requirements.flatMap((r) => (r.requirementId ? [r.requirementId] : []));
  const own = await db
    .select({ id: careerRequirements.id })
    .from(careerRequirements)
    .where(eq(careerRequirements.positionId, positionId));
  const ownIds = new Set(own.map((r) => r.id));
  if (kept.some((id) => !ownIds.has(id)))
    throw AppError.invalid('A requirement does not belong to this position.', ['requirements']);
  await db
    .delete(careerRequirements)
    .where(
      and(
        eq(careerRequirements.positionId, positionId),
        kept.length ? notInArray(careerRequirements.id, kept) : undefined,
      ),
    );
  const ids: number[] = [];
  for (const r of input.requirements) {
    const values = { name: r.name, description: r.description ?? '', order: r.order };
    const [row] = r.requirementId
      ? await db
          .update(careerRequirements)
          .set(values)
          .where(eq(careerRequirements.id, r.requirementId))
          .returning({ id: careerRequirements.id })
      : await db
          .insert(careerRequirements)
          .values({ ...values, positionId })
          .returning({ id: careerRequirements.id });
    ids.push(row.id);
  }
  return ids;
}

defineAction({
  contract: savePosition,
  summary:
    'Adds or saves a position with its requirements and the positions it leads to; answers its id and its requirement ids.',
  permission: 'careerPathAdmin',
  reach: { positionId: careerPositionRecords },
  async handler(ctx) {
    const { input } = ctx;
    await checkChildren(ctx, input.positionId);
    const values = { name: input.name, department: input.department, description: input.description ?? '' };
    const positionId = input.positionId
      ? (await updateRecord(ctx, careerPositionRecords, input.positionId, values)).after.id
      : (await insertRecord(ctx, careerPositionRecords, values)).id;
    const requirementIds = await saveRequirements(ctx, positionId);
    await ctx.db.delete(careerPositionChildren).where(eq(careerPositionChildren.parentId, positionId));
    if (input.children.length)
      await ctx.db
        .insert(careerPositionChildren)
        .values(input.children.map((c) => ({ parentId: positionId, positionId: c.positionId, order: c.order })));
    return { positionId, requirementIds };
  },
});

defineAction({
  contract: deletePosition,
  summary: 'Deletes a position nobody has a path to, with its requirements.',
  permission: 'careerPathAdmin',
  reach: { positionId: careerPositionRecords },
  async handler(ctx) {
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(careerPaths)
      .where(eq(careerPaths.positionId, ctx.input.positionId));
    if (n > 0)
      throw AppError.conflict(
        `${n} employee${n === 1 ? ' has a path' : 's have paths'} to this position; the path${n === 1 ? '' : 's'} must be deleted first.`,
      );
    await deleteRecord(ctx, careerPositionRecords, ctx.input.positionId);
    return {};
  },
});
