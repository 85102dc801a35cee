import { and, asc, eq, exists, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { contains, defineListAction, equals, labelOf, yesNo } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { deleteRecord, insertRecord, loadRecord, updateRecord } from '../../server/platform/records';
import { withinReach } from '../../server/platform/reach';
import { formatPhone } from '../../shared/format';
import type { Reach } from '../../shared/session';
import { locationRecords, locations } from '../locations/locations.db';
import { userName, userRecords, users } from '../users/users.db';
import { contactName, contactRecords, contacts } from '../contacts/contacts.db';
import {
  groupRecords,
  notificationGroupMembers as members,
  notificationGroups as groups,
} from './notification-groups.db';
import {
  addGroup,
  deleteGroup,
  editGroup,
  groupColumns,
  loadGroup,
  loadGroupMembers,
  loadGroups,
  memberColumns,
  memberKindLabels,
  MAX_MEMBERS,
  NOTIFICATION_EXPORT_LIMIT,
  topicLabels,
  type GroupInput,
  type GroupRecord,
} from './notification-groups.contract';

// Qualified by hand: inside a subquery Drizzle would leave the outer table's column unqualified.
const memberCount = sql<number>`(select count(*)::int from notification_group_members m where m.group_id = notification_groups.id)`;
/** A contact's name, or their number or email when the store has not named them. */
const contactCalled = sql<string>`coalesce(nullif(${contactName}, ''), ${contacts.mobilePhone}, nullif(${contacts.email}, ''), '')`;
/** A user's name, or a contact's. */
const memberName = sql<string>`coalesce(${userName}, ${contactCalled})`;
const memberContact = alias(contacts, 'member_contact');
/**
 * A contact member shows only to those who reach its store (it is always the group's store, so this
 * holds whenever the group shows; it keeps holding should a contact ever move).
 */
function memberWithinReach(db: Db, reach: Reach): SQL | undefined {
  const reached = withinReach(reach, memberContact.locationId);
  // Asked of each contact member alone (an index lookup), not of the joined contact: the page then
  // reads members in order and joins the others' names for its rows only.
  const ownContact = db
    .select({ one: sql`1` })
    .from(memberContact)
    .where(and(eq(memberContact.id, members.contactId), reached));
  return reached && or(isNull(members.contactId), exists(ownContact));
}

defineListAction({
  contract: loadGroups,
  summary:
    'Notification groups: who at each location is told of leads, texts, calls, service appointments or payments.',
  permission: 'messenger',
  reach: groups.locationId,
  bench: (s) => [
    { name: 'all', filters: {} },
    { name: "all, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'search', filters: { query: 'lead' } },
  ],
  columns: groupColumns,
  sorts: { name: groups.name },
  defaultSort: 'name',
  id: { key: 'groupId', column: groups.id },
  filters: {
    query: contains(groups.name),
    locationId: equals(groups.locationId),
    topic: equals(groups.topic),
    active: yesNo(groups.active),
  },
  query: ({ db }) => ({
    select: db
      .select({
        groupId: groups.id,
        name: groups.name,
        locationId: groups.locationId,
        locationName: locations.name,
        topic: groups.topic,
        topicLabel: labelOf(groups.topic, topicLabels).as('topic_label'),
        active: groups.active,
        memberCount: memberCount.as('member_count'),
      })
      .from(groups)
      .innerJoin(locations, eq(locations.id, groups.locationId))
      .$dynamic(),
  }),
});

defineListAction({
  contract: loadGroupMembers,
  summary:
    "One notification group's members in the order they were added, or every membership within reach; also the CSV export (100 rows unless a limit is given).",
  permission: 'messenger',
  reach: groups.locationId,
  records: { groupId: groupRecords },
  export: { filename: 'notification-group', defaultLimit: NOTIFICATION_EXPORT_LIMIT },
  bench: (s) => [
    // The scale data puts group n at location n, so the busiest location's id names a group too.
    { name: 'group', filters: { groupId: s.locationId } },
    { name: 'all', filters: {} },
    { name: "all, a region's user", filters: {}, regional: true },
  ],
  columns: memberColumns,
  sorts: { added: members.id },
  defaultSort: 'added',
  id: { key: 'memberId', column: members.id },
  filters: { groupId: equals(members.groupId) },
  query: ({ db, user }) => ({
    // Each row is a user or a contact: the other's join is empty, so each field is the one side's.
    select: db
      .select({
        memberId: members.id,
        groupId: members.groupId,
        groupName: groups.name,
        kind: members.kind,
        kindLabel: labelOf(members.kind, memberKindLabels).as('kind_label'),
        userId: members.userId,
        contactId: members.contactId,
        name: memberName.as('member_name'),
        email: sql<string | null>`coalesce(${users.email}, nullif(${contacts.email}, ''))`.as('member_email'),
        phone: sql<string | null>`coalesce(${users.phone}, ${contacts.mobilePhone})`.as('member_phone'),
        jobCode: users.jobCode,
        locationName: locations.name,
        accountLocked: users.accountLocked,
      })
      .from(members)
      .innerJoin(groups, eq(groups.id, members.groupId))
      .leftJoin(users, eq(users.id, members.userId))
      .leftJoin(contacts, eq(contacts.id, members.contactId))
      .leftJoin(locations, eq(locations.id, sql`coalesce(${users.locationId}, ${contacts.locationId})`))
      .$dynamic(),
    where: memberWithinReach(db, user.reach),
  }),
});

type Ctx = ActionContext<unknown>;

/** A group's members by kind, each in the order they were added. */
interface Members {
  userIds: number[];
  contactIds: number[];
}

async function membersOf(ctx: Pick<Ctx, 'db'>, groupId: number): Promise<Members> {
  const rows = await ctx.db
    .select({ userId: members.userId, contactId: members.contactId })
    .from(members)
    .where(eq(members.groupId, groupId))
    .orderBy(asc(members.id));
  return {
    userIds: rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    contactIds: rows.flatMap((r) => (r.contactId ? [r.contactId] : [])),
  };
}

/**
 * What add-group and edit-group both check: the location exists, no other group of it has the name,
 * every member is a user or a contact of the group's store, and there are at most 100 (reach has
 * refused users and contacts outside it already).
 */
async function checkGroup(ctx: Ctx, input: GroupInput, groupId?: number): Promise<Members> {
  const location = await loadRecord(ctx, locationRecords, input.locationId);
  const [clash] = await ctx.db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.locationId, input.locationId),
        sql`lower(${groups.name}) = lower(${input.name})`,
        groupId ? ne(groups.id, groupId) : undefined,
      ),
    )
    .limit(1);
  if (clash)
    throw AppError.conflict(`${location.name} already has a notification group named ${input.name}.`, ['name']);
  const userIds = [...new Set(input.userIds)];
  const contactIds = [...new Set(input.contactIds)];
  if (userIds.length + contactIds.length > MAX_MEMBERS) {
    throw AppError.invalid(`A notification group holds at most ${MAX_MEMBERS} members, staff and contacts together.`, [
      'contactIds',
    ]);
  }
  if (userIds.length) {
    const found = await ctx.db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
    const missing = userIds.find((userId) => !found.some((u) => u.id === userId));
    if (missing) throw AppError.invalid(`There is no user ${missing}.`, ['userIds']);
  }
  if (contactIds.length) {
    const found = await ctx.db
      .select({ id: contacts.id, name: contactCalled, locationId: contacts.locationId, store: locations.name })
      .from(contacts)
      .innerJoin(locations, eq(locations.id, contacts.locationId))
      .where(inArray(contacts.id, contactIds));
    const missing = contactIds.find((contactId) => !found.some((c) => c.id === contactId));
    if (missing) throw AppError.invalid(`There is no contact ${missing}.`, ['contactIds']);
    // A contact is a customer of one store: a group tells only its own store's contacts.
    const elsewhere = found.find((c) => c.locationId !== input.locationId);
    if (elsewhere) {
      const name = elsewhere.name.startsWith('+') ? formatPhone(elsewhere.name) : elsewhere.name;
      throw AppError.invalid(`${name} is a contact of ${elsewhere.store}, not of ${location.name}.`, ['contactIds']);
    }
  }
  return { userIds, contactIds };
}

/** Makes the group's members these (members kept keep their place, new ones come last), and audits the change. */
async function setMembers(ctx: Ctx, groupId: number, before: Members, after: Members) {
  const removedUsers = before.userIds.filter((id) => !after.userIds.includes(id));
  const removedContacts = before.contactIds.filter((id) => !after.contactIds.includes(id));
  const addedUsers = after.userIds.filter((id) => !before.userIds.includes(id));
  const addedContacts = after.contactIds.filter((id) => !before.contactIds.includes(id));
  if (removedUsers.length + removedContacts.length + addedUsers.length + addedContacts.length === 0) return;
  if (removedUsers.length)
    await ctx.db.delete(members).where(and(eq(members.groupId, groupId), inArray(members.userId, removedUsers)));
  if (removedContacts.length)
    await ctx.db.delete(members).where(and(eq(members.groupId, groupId), inArray(members.contactId, removedContacts)));
  const added = [
    ...addedUsers.map((userId) => ({ groupId, kind: 'user' as const, userId })),
    ...addedContacts.map((contactId) => ({ groupId, kind: 'contact' as const, contactId })),
  ];
  if (added.length) await ctx.db.insert(members).values(added);
  ctx.audit({
    recordType: 'notificationGroupMembers',
    recordId: groupId,
    before: { ...before },
    after: {
      userIds: [...before.userIds.filter((id) => !removedUsers.includes(id)), ...addedUsers],
      contactIds: [...before.contactIds.filter((id) => !removedContacts.includes(id)), ...addedContacts],
    },
  });
}

const groupValues = (input: GroupInput) => ({
  name: input.name,
  locationId: input.locationId,
  topic: input.topic,
  active: input.active,
});

defineAction({
  contract: loadGroup,
  summary: 'One notification group with its members.',
  permission: 'messenger',
  reach: { groupId: groupRecords },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, groupRecords, ctx.input.groupId);
    const [[location], list] = await Promise.all([
      ctx.db.select({ name: locations.name }).from(locations).where(eq(locations.id, row.locationId)),
      ctx.db
        .select({
          memberId: members.id,
          kind: members.kind,
          userId: members.userId,
          contactId: members.contactId,
          name: memberName,
          phone: sql<string | null>`coalesce(nullif(${users.phone}, ''), ${contacts.mobilePhone})`,
          accountLocked: users.accountLocked,
        })
        .from(members)
        .leftJoin(users, eq(users.id, members.userId))
        .leftJoin(contacts, eq(contacts.id, members.contactId))
        .where(and(eq(members.groupId, row.id), memberWithinReach(ctx.db, ctx.user.reach)))
        .orderBy(asc(members.id)),
    ]);
    const group: GroupRecord = {
      groupId: row.id,
      name: row.name,
      locationId: row.locationId,
      locationName: location.name,
      topic: row.topic,
      topicLabel: topicLabels[row.topic],
      active: row.active,
      members: list,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
    return { group };
  },
});

defineAction({
  contract: addGroup,
  summary: 'Adds a notification group at a location with its members: staff, and contacts of the store.',
  permission: 'messenger',
  reach: { userIds: userRecords, contactIds: contactRecords },
  async handler(ctx) {
    const chosen = await checkGroup(ctx, ctx.input);
    const created = await insertRecord(ctx, groupRecords, groupValues(ctx.input));
    await setMembers(ctx, created.id, { userIds: [], contactIds: [] }, chosen);
    return { groupId: created.id };
  },
});

defineAction({
  contract: editGroup,
  summary:
    'Saves a notification group: its name, location, topic, state and members (staff, and contacts of the store).',
  permission: 'messenger',
  reach: { groupId: groupRecords, userIds: userRecords, contactIds: contactRecords },
  async handler(ctx) {
    const { input } = ctx;
    const chosen = await checkGroup(ctx, input, input.groupId);
    await updateRecord(ctx, groupRecords, input.groupId, groupValues(input));
    await setMembers(ctx, input.groupId, await membersOf(ctx, input.groupId), chosen);
    return { groupId: input.groupId };
  },
});

defineAction({
  contract: deleteGroup,
  summary: "Deletes a notification group and its memberships (not in the spec: the groups list's row menu).",
  permission: 'messenger',
  reach: { groupId: groupRecords },
  async handler(ctx) {
    const before = await membersOf(ctx, ctx.input.groupId);
    await deleteRecord(ctx, groupRecords, ctx.input.groupId);
    if (before.userIds.length + before.contactIds.length)
      ctx.audit({ recordType: 'notificationGroupMembers', recordId: ctx.input.groupId, before: { ...before } });
    return {};
  },
});
