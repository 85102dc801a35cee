import { and, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { deleteRecord, insertRecord, loadRecord, refusingDuplicate } from '../../server/platform/records';
import { withinReach } from '../../server/platform/reach';
import { locations } from '../locations/locations.db';
import { userName, userRecords, users } from '../users/users.db';
import { careerGoals, careerPathRecords, careerPaths, careerPositionRecords } from './career-paths.db';
import {
  approveGoals,
  createPath,
  deletePath,
  goalsInput,
  LEADERBOARD_SIZE,
  loadApprovals,
  loadLeaderboard,
  loadMyPaths,
  saveGoals,
  type Leader,
} from './career-paths.contract';
import { readPaths, requirementIdsOf, storedGoals } from './paths';
import type { z } from 'zod';

/** Who may act on anyone's path within reach: the approvers. */
const APPROVER = 'careerPathEditor';

defineAction({
  contract: loadMyPaths,
  summary: "The caller's own paths, each with its tasks and progress (the paths screen).",
  permission: 'signedIn',
  reach: 'group',
  readOnly: true,
  async handler({ db, user }) {
    return { paths: await readPaths(db, eq(careerPaths.userId, user.id)) };
  },
});

defineAction({
  contract: loadApprovals,
  summary:
    "Paths within reach with tasks waiting for approval (waiting), or one employee's paths (the approvals screen).",
  permission: APPROVER,
  reach: { userId: userRecords },
  readOnly: true,
  async handler({ db, input, user }) {
    const waiting = exists(
      db
        .select({ one: sql`1` })
        .from(careerGoals)
        .where(and(eq(careerGoals.pathId, careerPaths.id), eq(careerGoals.status, 'checked'))),
    );
    const where = and(
      withinReach(user.reach, users.locationId),
      input.userId ? eq(careerPaths.userId, input.userId) : undefined,
      input.waiting ? waiting : undefined,
    );
    return { paths: await readPaths(db, where) };
  },
});

defineAction({
  contract: createPath,
  summary: 'Starts a path for the caller toward a position; answers its id.',
  permission: 'signedIn',
  reach: { positionId: careerPositionRecords },
  async handler(ctx) {
    const position = await loadRecord(ctx, careerPositionRecords, ctx.input.positionId);
    const taken = () => AppError.conflict(`You already have a path to ${position.name}.`, ['positionId']);
    const [existing] = await ctx.db
      .select({ id: careerPaths.id })
      .from(careerPaths)
      .where(and(eq(careerPaths.userId, ctx.user.id), eq(careerPaths.positionId, position.id)));
    if (existing) throw taken();
    const row = await refusingDuplicate(
      () => insertRecord(ctx, careerPathRecords, { userId: ctx.user.id, positionId: position.id }),
      taken,
    );
    return { pathId: row.id };
  },
});

type GoalsCtx = ActionContext<z.output<typeof goalsInput>>;

/** The path named, the employee's, with the goals given all being its position's requirements. */
async function goalsPath(ctx: GoalsCtx) {
  const { input } = ctx;
  await loadRecord(ctx, userRecords, input.userId);
  const path = await loadRecord(ctx, careerPathRecords, input.pathId);
  if (path.userId !== input.userId) throw AppError.invalid("That path is not this employee's.", ['pathId']);
  const requirements = await requirementIdsOf(ctx.db, path.positionId);
  if (input.goals.some((g) => !requirements.has(g)))
    throw AppError.invalid('A goal is not a task of this path.', ['goals']);
  return { path, before: await storedGoals(ctx.db, path.id) };
}

async function saveRelocate(ctx: GoalsCtx, before: unknown) {
  const [after] = await ctx.db
    .update(careerPaths)
    .set({ willingToRelocate: ctx.input.willingToRelocate, updatedAt: sql`now()` })
    .where(eq(careerPaths.id, ctx.input.pathId))
    .returning();
  ctx.audit({ recordType: careerPathRecords.type, recordId: ctx.input.pathId, before, after });
}

defineAction({
  contract: saveGoals,
  summary: 'The employee checks and unchecks tasks of their own path; an approved task stays approved.',
  permission: 'signedIn',
  reach: { userId: userRecords, pathId: careerPathRecords },
  async handler(ctx) {
    const { input, user, db } = ctx;
    if (input.userId !== user.id) throw AppError.forbidden('You can check tasks only on your own paths.');
    const { path, before } = await goalsPath(ctx);
    const goals = new Set(input.goals);
    if ([...before].some(([id, status]) => status === 'approved' && !goals.has(id)))
      throw AppError.conflict('An approved task cannot be unchecked.', ['goals']);
    const unchecked = [...before.keys()].filter((id) => !goals.has(id));
    if (unchecked.length)
      await db
        .delete(careerGoals)
        .where(and(eq(careerGoals.pathId, path.id), inArray(careerGoals.requirementId, unchecked)));
    const added = input.goals.filter((id) => !before.has(id));
    if (added.length)
      await db
        .insert(careerGoals)
        .values(added.map((requirementId) => ({ pathId: path.id, requirementId, status: 'checked' as const })));
    await saveRelocate(ctx, { ...path, goals: Object.fromEntries(before) });
    return { pathId: path.id };
  },
});

defineAction({
  contract: approveGoals,
  summary:
    "A manager approves tasks of an employee's path within reach: the goals given become approved, approved ones left out go back to checked.",
  permission: APPROVER,
  reach: { userId: userRecords, pathId: careerPathRecords },
  async handler(ctx) {
    const { input, user, db } = ctx;
    if (input.userId === user.id) throw AppError.forbidden('You cannot approve tasks of your own path.');
    const { path, before } = await goalsPath(ctx);
    const goals = new Set(input.goals);
    const unapproved = [...before].filter(([id, status]) => status === 'approved' && !goals.has(id)).map(([id]) => id);
    if (unapproved.length)
      await db
        .update(careerGoals)
        .set({ status: 'checked', approvedAt: null, approvedBy: null })
        .where(and(eq(careerGoals.pathId, path.id), inArray(careerGoals.requirementId, unapproved)));
    const approve = input.goals.filter((id) => before.get(id) !== 'approved');
    if (approve.length)
      await db
        .insert(careerGoals)
        .values(
          approve.map((requirementId) => ({
            pathId: path.id,
            requirementId,
            status: 'approved' as const,
            approvedAt: new Date(),
            approvedBy: user.id,
          })),
        )
        .onConflictDoUpdate({
          target: [careerGoals.pathId, careerGoals.requirementId],
          set: { status: 'approved', approvedAt: sql`now()`, approvedBy: user.id },
        });
    await saveRelocate(ctx, { ...path, goals: Object.fromEntries(before) });
    return { pathId: path.id };
  },
});

defineAction({
  contract: deletePath,
  summary: 'Deletes a path with its checked tasks: the employee their own, an approver any within reach.',
  permission: 'signedIn',
  reach: { pathId: careerPathRecords },
  async handler(ctx) {
    const path = await loadRecord(ctx, careerPathRecords, ctx.input.pathId);
    if (path.userId !== ctx.user.id && !ctx.user.flags.includes(APPROVER))
      throw AppError.forbidden('You can delete only your own paths.');
    await deleteRecord(ctx, careerPathRecords, path.id);
    return {};
  },
});

const count = (status?: 'approved') =>
  sql<number>`count(${careerGoals.requirementId}) filter (where ${status ? sql`${careerGoals.status} = 'approved'` : sql`true`})::int`;

function leaderboardHtml(leaders: Leader[]): string {
  const head = ['#', 'Employee', 'Location', 'Paths', 'Tasks approved', 'Tasks checked'];
  return renderToStaticMarkup(
    h(
      'table',
      { className: 'leaderboard' },
      h('thead', null, h('tr', null, ...head.map((c) => h('th', { key: c, scope: 'col' }, c)))),
      h(
        'tbody',
        null,
        ...leaders.map((l, i) =>
          h(
            'tr',
            { key: l.userId },
            ...[i + 1, l.name, l.locationName, l.pathCount, l.approvedCount, l.checkedCount].map((c, j) =>
              h('td', { key: j }, c),
            ),
          ),
        ),
      ),
    ),
  );
}

defineAction({
  contract: loadLeaderboard,
  summary: 'The employees within reach with the most approved tasks, then checked ones (seed 000: `html`).',
  permission: 'signedIn',
  reach: 'query',
  readOnly: true,
  async handler({ db, user }) {
    const leaders = await db
      .select({
        userId: users.id,
        name: sql<string>`coalesce(${userName}, '')`,
        locationName: sql<string>`coalesce(${locations.name}, '')`,
        pathCount: sql<number>`count(distinct ${careerPaths.id})::int`,
        approvedCount: count('approved'),
        checkedCount: count(),
      })
      .from(careerPaths)
      .innerJoin(users, eq(users.id, careerPaths.userId))
      .leftJoin(locations, eq(locations.id, users.locationId))
      .leftJoin(careerGoals, eq(careerGoals.pathId, careerPaths.id))
      .where(withinReach(user.reach, users.locationId))
      .groupBy(users.id, locations.name)
      .orderBy(desc(count('approved')), desc(count()), users.id)
      .limit(LEADERBOARD_SIZE);
    return { leaders, html: leaderboardHtml(leaders) };
  },
});
