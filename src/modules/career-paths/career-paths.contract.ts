import { z } from 'zod';
import { flag, id, int, list, optionalId, optionalText, text } from '../../shared/fields';
import { defineContract } from '../../shared/contract';

/** A task of a path (seed 000, section 4): unchecked has no stored row. */
export const goalStatuses = ['checked', 'approved'] as const;
export type GoalStatus = (typeof goalStatuses)[number];

const order = int(0, 1000);
const requirementInput = z.object({
  requirementId: optionalId,
  name: text(120),
  description: optionalText(1000),
  order,
});
const childInput = z.object({ positionId: id, order });

/** The edit-position form: the position, its requirements and the positions it leads to. */
export const savePositionInput = z.object({
  positionId: optionalId,
  name: text(120),
  department: text(60),
  description: optionalText(2000),
  requirements: list(requirementInput, 100),
  children: list(childInput, 50),
});
export type SavePositionInput = z.output<typeof savePositionInput>;

/** Goals are the requirement ids the employee checked (save-goals) or the manager approved (approve-goals). */
export const goalsInput = z.object({
  goals: list(id, 100),
  userId: id.meta({ title: 'Employee' }),
  pathId: id,
  willingToRelocate: flag,
});

const requirement = z.object({
  requirementId: z.number().int(),
  name: z.string(),
  description: z.string(),
  order: z.number().int(),
});
const positionSummary = z.object({
  positionId: z.number().int(),
  name: z.string(),
  department: z.string(),
  description: z.string(),
  requirementCount: z.number().int(),
  pathCount: z.number().int(),
  children: z.array(z.object({ positionId: z.number().int(), name: z.string(), order: z.number().int() })),
});
export type PositionSummary = z.output<typeof positionSummary>;
const position = positionSummary.extend({ requirements: z.array(requirement) });
export type PositionRecord = z.output<typeof position>;

const task = requirement.extend({ status: z.enum(['unchecked', ...goalStatuses]) });
export type Task = z.output<typeof task>;
const path = z.object({
  pathId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  positionId: z.number().int(),
  positionName: z.string(),
  department: z.string(),
  willingToRelocate: z.boolean(),
  tasks: z.array(task),
  /** Percent of all tasks checked (approved ones included) and approved, 0 to 100. */
  checkedPercent: z.number(),
  approvedPercent: z.number(),
});
export type PathRecord = z.output<typeof path>;

const leader = z.object({
  userId: z.number().int(),
  name: z.string(),
  locationName: z.string(),
  pathCount: z.number().int(),
  approvedCount: z.number().int(),
  checkedCount: z.number().int(),
});
export type Leader = z.output<typeof leader>;
export const LEADERBOARD_SIZE = 25;

export const loadPositions = defineContract({
  path: 'employees/career-paths/load-positions',
  input: z.object({}),
  output: z.object({ positions: z.array(positionSummary) }),
});
export const loadPosition = defineContract({
  path: 'employees/career-paths/load-position',
  input: z.object({ positionId: id }),
  output: z.object({ position }),
});
export const savePosition = defineContract({
  path: 'employees/career-paths/save-position',
  input: savePositionInput,
  output: z.object({ positionId: z.number().int(), requirementIds: z.array(z.number().int()) }),
});
export const deletePosition = defineContract({
  path: 'employees/career-paths/delete-position',
  input: z.object({ positionId: id }),
  output: z.object({}),
});
/** The caller's own paths (the paths screen). */
export const loadMyPaths = defineContract({
  path: 'employees/career-paths/load-my-paths',
  input: z.object({}),
  output: z.object({ paths: z.array(path) }),
});
/** Paths within reach with tasks waiting for approval, or every path of one employee (the approvals screen). */
export const loadApprovals = defineContract({
  path: 'employees/career-paths/load-approvals',
  input: z.object({ userId: optionalId.meta({ title: 'Employee' }), waiting: flag }),
  output: z.object({ paths: z.array(path) }),
});
export const createPath = defineContract({
  path: 'employees/career-paths/create-path',
  input: z.object({ positionId: id }),
  output: z.object({ pathId: z.number().int() }),
});
export const saveGoals = defineContract({
  path: 'employees/career-paths/save-goals',
  input: goalsInput,
  output: z.object({ pathId: z.number().int() }),
});
export const approveGoals = defineContract({
  path: 'employees/career-paths/approve-goals',
  input: goalsInput,
  output: z.object({ pathId: z.number().int() }),
});
export const deletePath = defineContract({
  path: 'employees/career-paths/delete-path',
  input: z.object({ pathId: id }),
  output: z.object({}),
});
export const loadLeaderboard = defineContract({
  path: 'employees/career-paths/load-leaderboard',
  input: z.object({}),
  output: z.object({ html: z.string(), leaders: z.array(leader) }),
});

// Seed 000, sections 5 and 8, word for word.
export const POSITION_SAVED = 'Position saved.';
export const POSITION_SAVE_FAILED = 'There was an error saving this position: ';
export const POSITION_DELETE_FAILED = 'This position could not be deleted: ';
export const PATH_DELETE_FAILED = 'This path could not be deleted: ';
export const DELETE_POSITION_QUESTION = 'Are you sure you want to delete this position?';
export const DELETE_PATH_QUESTION = 'Are you sure you want to delete this path?';
