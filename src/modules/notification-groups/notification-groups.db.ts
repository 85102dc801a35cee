import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { contacts } from '../contacts/contacts.db';
import { defineRecords } from '../../server/platform/records';
import type { MemberKind, NotificationTopic } from './notification-groups.contract';

/**
 * A notification group (seed 001, "Notification group": groupId, name): the staff of one location
 * who are told of one kind of event there, e.g. "ABG internet leads" (docs/notification-groups.md).
 */
export const notificationGroups = pgTable(
  'notification_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** What the group is told of (`notificationTopics`). */
    topic: varchar('topic', { length: 20 }).$type<NotificationTopic>().notNull(),
    /** An inactive group is kept with its members but notified of nothing. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One name per location, whatever its case: "Internet leads" can exist once at each store.
    uniqueIndex('notification_groups_location_name_key').on(t.locationId, sql`lower(${t.name})`),
    index('notification_groups_name_idx').on(t.name, t.id),
    index('notification_groups_location_idx').on(t.locationId, t.name, t.id),
  ],
);

/**
 * A member of a group: a user (staff, anywhere in the group) or a contact (seed 001, "Contact":
 * contactId, mobilePhone) of the group's own store, each row one kind with its one key.
 */
export const notificationGroupMembers = pgTable(
  'notification_group_members',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => notificationGroups.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<MemberKind>().notNull().default('user'),
    /** A user who leaves the group's staff (deleted) leaves its groups too. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A contact the store deletes leaves its groups too. */
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_group_members_kind_check',
      sql`(${t.kind} = 'user' and ${t.userId} is not null and ${t.contactId} is null) or (${t.kind} = 'contact' and ${t.contactId} is not null and ${t.userId} is null)`,
    ),
    uniqueIndex('notification_group_members_user_key').on(t.groupId, t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('notification_group_members_contact_key')
      .on(t.groupId, t.contactId)
      .where(sql`${t.contactId} is not null`),
    // The members list: one group's members in the order they were added.
    index('notification_group_members_group_idx').on(t.groupId, t.id),
    index('notification_group_members_user_idx').on(t.userId),
    index('notification_group_members_contact_idx').on(t.contactId),
  ],
);

export const groupRecords = defineRecords({
  table: notificationGroups,
  type: 'notificationGroup',
  key: notificationGroups.id,
  location: notificationGroups.locationId,
  missing: 'That notification group does not exist.',
});
