import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { locationsByCode, testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { careerGoals, careerPaths, careerPositions, careerRequirements } from './career-paths.db';
import {
  approveGoals,
  createPath,
  deletePath,
  deletePosition,
  loadApprovals,
  loadLeaderboard,
  loadMyPaths,
  loadPosition,
  loadPositions,
  saveGoals,
  savePosition,
} from './career-paths.contract';

let t: TestApp;
let admin: Caller;
let employee: Caller;
let manager: Caller;
let loc: Record<string, number>;
beforeAll(async () => {
  t = await testApp();
  loc = await locationsByCode(t.db);
  admin = await t.signedIn(['careerPathAdmin']);
  employee = await t.signedIn([], {
    groupWide: false,
    regions: [],
    locationId: loc.ABG,
    firstName: 'Ana',
    lastName: 'Aguilar',
  });
  manager = await t.signedIn(['careerPathEditor'], { groupWide: false, regions: ['New Mexico'], locationId: loc.ABG });
});
afterAll(async () => {
  await t?.close();
});

const goalsOf = async (pathId: number) =>
  Object.fromEntries(
    (await t.db.select().from(careerGoals).where(eq(careerGoals.pathId, pathId))).map((g) => [
      g.requirementId,
      g.status,
    ]),
  );

describe('employees/career-paths: positions', () => {
  it('lists the positions with their counts and the positions they lead to', async () => {
    const res = await employee.act(loadPositions, {});
    const advisor = res.body.data.positions.find((p) => p.name === 'Service Advisor')!;
    expect(advisor).toMatchObject({
      department: 'Service',
      requirementCount: 3,
      children: [{ name: 'Service Manager', order: 0 }],
    });
    expect(res.body.data.positions.find((p) => p.name === 'Service Manager')!.pathCount).toBe(2);
  });

  it('adds a position with requirements and children, then edits it keeping, changing and removing requirements', async () => {
    const [gm] = await t.db.select().from(careerPositions).where(eq(careerPositions.name, 'General Manager'));
    const add = await admin.act(savePosition, {
      name: 'Used Car Manager',
      department: 'Sales',
      requirements: [
        { name: 'Appraise 100 trades', order: 0 },
        { name: 'Recon course', description: 'Two days', order: 1 },
      ],
      children: [{ positionId: gm.id, order: 0 }],
    });
    expect(add.status).toBe(200);
    const { positionId, requirementIds } = add.body.data;
    expect(requirementIds).toHaveLength(2);
    const loaded = await admin.act(loadPosition, { positionId });
    expect(loaded.body.data.position).toMatchObject({
      name: 'Used Car Manager',
      requirements: [
        { requirementId: requirementIds[0], name: 'Appraise 100 trades', order: 0 },
        { requirementId: requirementIds[1], description: 'Two days', order: 1 },
      ],
      children: [{ positionId: gm.id, name: 'General Manager' }],
    });
    const edit = await admin.act(savePosition, {
      positionId,
      name: 'Pre-owned Manager',
      department: 'Sales',
      requirements: [
        { name: 'Auction certification', order: 0 },
        { requirementId: requirementIds[0], name: 'Appraise 150 trades', order: 1 },
      ],
      children: [],
    });
    expect(edit.body.data.requirementIds[1]).toBe(requirementIds[0]);
    const stored = await t.db.select().from(careerRequirements).where(eq(careerRequirements.positionId, positionId));
    expect(stored.map((r) => r.name).sort()).toEqual(['Appraise 150 trades', 'Auction certification']);
    expect((await admin.act(loadPosition, { positionId })).body.data.position.children).toEqual([]);
  });

  it('refuses bad positions with sentences naming the fields, and changes nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(careerPositions))[0].n;
    const blank = await admin.actRaw(savePosition, { name: '', department: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual(['Name is required.', 'Department is required.']);
    const [advisor] = await t.db.select().from(careerPositions).where(eq(careerPositions.name, 'Service Advisor'));
    const [foreign] = await t.db
      .select()
      .from(careerRequirements)
      .where(eq(careerRequirements.positionId, advisor.id + 1));
    const stolen = await admin.act(savePosition, {
      positionId: advisor.id,
      name: 'Service Advisor',
      department: 'Service',
      requirements: [{ requirementId: foreign.id, name: 'x', order: 0 }],
      children: [],
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors).toEqual(['A requirement does not belong to this position.']);
    const loop = await admin.act(savePosition, {
      positionId: advisor.id,
      name: 'Service Advisor',
      department: 'Service',
      requirements: [],
      children: [{ positionId: advisor.id, order: 0 }],
    });
    expect(loop.body.errors).toEqual(['A position cannot lead to itself.']);
    expect((await t.db.select({ n: count() }).from(careerPositions))[0].n).toBe(before);
    expect(
      (await t.db.select().from(careerRequirements).where(eq(careerRequirements.positionId, advisor.id))).length,
    ).toBe(3);
    expect(
      (await employee.act(savePosition, { name: 'Boss', department: 'Sales', requirements: [], children: [] })).status,
    ).toBe(403);
  });

  it('deletes a position nobody aims for, and refuses one with paths', async () => {
    const { positionId } = (
      await admin.act(savePosition, {
        name: 'Porter',
        department: 'Service',
        requirements: [{ name: 'Drive', order: 0 }],
        children: [],
      })
    ).body.data;
    const [manager_] = await t.db.select().from(careerPositions).where(eq(careerPositions.name, 'Service Manager'));
    const refused = await admin.act(deletePosition, { positionId: manager_.id });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual(['2 employees have paths to this position; the paths must be deleted first.']);
    expect((await admin.act(deletePosition, { positionId })).status).toBe(200);
    expect(await t.db.select().from(careerPositions).where(eq(careerPositions.id, positionId))).toEqual([]);
    expect(await t.db.select().from(careerRequirements).where(eq(careerRequirements.positionId, positionId))).toEqual(
      [],
    );
  });
});

describe('employees/career-paths: paths, goals and approvals', () => {
  let pathId: number;
  let tasks: number[];
  it('creates a path for the caller, once per position', async () => {
    const [sm] = await t.db.select().from(careerPositions).where(eq(careerPositions.name, 'Service Manager'));
    const res = await employee.act(createPath, { positionId: sm.id });
    expect(res.status).toBe(200);
    pathId = res.body.data.pathId;
    const [row] = await t.db.select().from(careerPaths).where(eq(careerPaths.id, pathId));
    expect(row).toMatchObject({ userId: employee.userId, positionId: sm.id, willingToRelocate: false });
    const again = await employee.act(createPath, { positionId: sm.id });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual(['You already have a path to Service Manager.']);
    const [mine] = (await employee.act(loadMyPaths, {})).body.data.paths;
    expect(mine).toMatchObject({ pathId, positionName: 'Service Manager', checkedPercent: 0, approvedPercent: 0 });
    tasks = mine.tasks.map((task) => task.requirementId);
    expect(tasks).toHaveLength(4);
  });

  it('lets the employee check tasks (save-goals), and a manager approve them (approve-goals)', async () => {
    const me = { userId: employee.userId!, pathId };
    const saved = await employee.act(saveGoals, { ...me, goals: [tasks[0], tasks[1]], willingToRelocate: 1 });
    expect(saved.status).toBe(200);
    expect(await goalsOf(pathId)).toEqual({ [tasks[0]]: 'checked', [tasks[1]]: 'checked' });
    const waiting = (await manager.act(loadApprovals, { waiting: 1 })).body.data.paths;
    expect(waiting.map((p) => p.pathId)).toContain(pathId);
    const approved = await manager.act(approveGoals, { ...me, goals: [tasks[0]], willingToRelocate: 1 });
    expect(approved.status).toBe(200);
    expect(await goalsOf(pathId)).toEqual({ [tasks[0]]: 'approved', [tasks[1]]: 'checked' });
    const [mine] = (await employee.act(loadMyPaths, {})).body.data.paths;
    expect(mine).toMatchObject({ willingToRelocate: true, checkedPercent: 50, approvedPercent: 25 });
    // The employee cannot uncheck an approved task; the manager can take the approval back.
    const uncheck = await employee.act(saveGoals, { ...me, goals: [tasks[1]], willingToRelocate: 1 });
    expect(uncheck.status).toBe(409);
    expect(uncheck.body.errors).toEqual(['An approved task cannot be unchecked.']);
    expect(await goalsOf(pathId)).toEqual({ [tasks[0]]: 'approved', [tasks[1]]: 'checked' });
    await manager.act(approveGoals, { ...me, goals: [tasks[1]], willingToRelocate: 0 });
    expect(await goalsOf(pathId)).toEqual({ [tasks[0]]: 'checked', [tasks[1]]: 'approved' });
    const [row] = await t.db
      .select()
      .from(careerGoals)
      .where(and(eq(careerGoals.pathId, pathId), eq(careerGoals.requirementId, tasks[1])));
    expect(row.approvedBy).toBe(manager.userId);
  });

  it("refuses goals on someone else's path, self-approval and goals of another position", async () => {
    const me = { userId: employee.userId!, pathId };
    const other = await t.signedIn([], { locationId: loc.ABG });
    expect((await other.act(saveGoals, { ...me, goals: [], willingToRelocate: 0 })).status).toBe(403);
    const [foreign] = await t.db.select().from(careerRequirements).limit(1);
    const wrong = await employee.act(saveGoals, {
      ...me,
      goals: [tasks[0], tasks[1], foreign.id],
      willingToRelocate: 0,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(['A goal is not a task of this path.']);
    const { pathId: own } = (
      await manager.act(createPath, {
        positionId: (
          await t.db.select().from(careerPositions).where(eq(careerPositions.name, 'General Manager'))
        )[0].id,
      })
    ).body.data;
    const self = await manager.act(approveGoals, {
      userId: manager.userId!,
      pathId: own,
      goals: [],
      willingToRelocate: 0,
    });
    expect(self.status).toBe(403);
    expect(self.body.errors).toEqual(['You cannot approve tasks of your own path.']);
    const bad = await employee.actRaw(saveGoals, { ...me, goals: ['x'] });
    expect(bad.status).toBe(400);
  });

  it('shows the leaderboard within reach as html', async () => {
    const res = await manager.act(loadLeaderboard, {});
    expect(res.status).toBe(200);
    expect(res.body.data.html).toContain('<table class="leaderboard">');
    expect(res.body.data.html).toContain('Ana Aguilar');
    expect(res.body.data.leaders[0].approvedCount).toBeGreaterThanOrEqual(1);
    const names = res.body.data.leaders.map((l) => l.locationName);
    expect(names.every((n) => !n.startsWith('Denver'))).toBe(true);
  });

  it('deletes a path: the employee their own, nobody else but an approver', async () => {
    const other = await t.signedIn([], { locationId: loc.ABG });
    expect((await other.act(deletePath, { pathId })).status).toBe(403);
    expect((await employee.act(deletePath, { pathId })).status).toBe(200);
    expect(await t.db.select().from(careerPaths).where(eq(careerPaths.id, pathId))).toEqual([]);
    expect(await goalsOf(pathId)).toEqual({});
  });
});
