import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { jobCodes } from '../access/access.db';
import { locations } from '../locations/locations.db';
import { searchIndex } from '../../server/platform/search';
import { defineRecords } from '../../server/platform/records';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 60 }).notNull(),
    email: varchar('email', { length: 200 }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    jobCode: varchar('job_code', { length: 20 }).references(() => jobCodes.jobCode, { onUpdate: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id),
    flags: text('flags').array().notNull().default([]),
    regions: text('regions').array().notNull().default([]),
    /** Reaches every location of the group, whatever the regions (docs/permissions.md, "Reach"). */
    groupWide: boolean('group_wide').notNull().default(false),
    accountLocked: boolean('account_locked').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_last_name_idx').on(t.lastName, t.id),
    index('users_username_idx').on(t.username, t.id),
    index('users_job_code_idx').on(t.jobCode),
    index('users_location_idx').on(t.locationId),
    searchIndex('users_search_idx', t.firstName, t.lastName, t.username, t.email),
  ],
);

/** A user reaches the locations of their home location: users without one are the group's (group-wide callers only). */
export const userRecords = defineRecords({
  table: users,
  type: 'user',
  key: users.id,
  location: users.locationId,
  missing: 'That user does not exist.',
});

/** A second factor: an authenticator app (TOTP), or a code sent by text or email. */
export const userFactors = pgTable(
  'user_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 10 }).$type<'totp' | 'sms' | 'email'>().notNull(),
    secret: text('secret'),
    target: text('target'),
    confirmed: boolean('confirmed').notNull().default(false),
    /** The last TOTP time step accepted: a code is good once, never replayed. */
    lastStep: integer('last_step').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_factors_user_idx').on(t.userId)],
);

/** Everything that happened to an account: sign-ins, failures, locks, changes. */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 30 }).notNull(),
    detail: text('detail').notNull().default(''),
    ip: text('ip').notNull().default(''),
    byUserId: integer('by_user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_events_user_at_idx').on(t.userId, t.at, t.id)],
);

export const userPhotos = pgTable('user_photos', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  contentType: text('content_type').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's API key for integrations, with its notification settings (seed 000, "API key"). */
export const apiKeys = pgTable('api_keys', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash'),
  keyPrefix: text('key_prefix'),
  label: text('label').notNull().default(''),
  active: boolean('active').notNull().default(false),
  deployNotifications: boolean('deploy_notifications').notNull().default(false),
  sendServiceConfirmationEmail: boolean('send_service_confirmation_email').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's name ("Ana Johnson"), from the users table or an alias of it (a row's second user). */
export const nameOf = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn } = users) =>
  sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

/** A left-joined user's name, or null when no user is joined. */
export const userName = nameOf() as SQL<string | null>;
