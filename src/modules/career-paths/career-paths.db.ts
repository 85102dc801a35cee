import { eq } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import type { GoalStatus } from './career-paths.contract';

/** A position of the group an employee may aim for (seed 000, section 3 "Career position"). */
export const careerPositions = pgTable(
  'career_positions',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    department: varchar('department', { length: 60 }).notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('career_positions_name_idx').on(t.name, t.id),
    index('career_positions_department_idx').on(t.department, t.name, t.id),
  ],
);

/** What a position asks of whoever aims for it: the tasks of a path, in order. */
export const careerRequirements = pgTable(
  'career_requirements',
  {
    id: serial('id').primaryKey(),
    positionId: integer('position_id')
      .notNull()
      .references(() => careerPositions.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    order: integer('position_order').notNull().default(0),
  },
  (t) => [index('career_requirements_position_idx').on(t.positionId, t.order)],
);

/** The positions a position leads to next, in order. */
export const careerPositionChildren = pgTable(
  'career_position_children',
  {
    parentId: integer('parent_id')
      .notNull()
      .references(() => careerPositions.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => careerPositions.id, { onDelete: 'cascade' }),
    order: integer('position_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.positionId] }), index('career_children_position_idx').on(t.positionId)],
);

/** An employee aiming for a position (seed 000, section 3 "Career path"). */
export const careerPaths = pgTable(
  'career_paths',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => careerPositions.id),
    willingToRelocate: boolean('willing_to_relocate').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('career_paths_user_position_key').on(t.userId, t.positionId),
    index('career_paths_position_idx').on(t.positionId),
  ],
);

/** A task of a path the employee checked, and whether a manager approved it. Unchecked tasks have no row. */
export const careerGoals = pgTable(
  'career_goals',
  {
    pathId: integer('path_id')
      .notNull()
      .references(() => careerPaths.id, { onDelete: 'cascade' }),
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => careerRequirements.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).$type<GoalStatus>().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.pathId, t.requirementId] }),
    index('career_goals_requirement_idx').on(t.requirementId),
  ],
);

export const careerPositionRecords = defineRecords({
  table: careerPositions,
  type: 'careerPosition',
  key: careerPositions.id,
  missing: 'That position does not exist.',
});

/** A path reaches a location through its employee's home store. */
export const careerPathRecords = defineRecords({
  table: careerPaths,
  type: 'careerPath',
  key: careerPaths.id,
  location: users.locationId,
  join: { table: users, on: eq(users.id, careerPaths.userId) },
  missing: 'That path does not exist.',
});
