import { and, asc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { defineListAction, labelOf } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { deleteRecord, insertRecord, loadRecord, updateRecord } from '../../server/platform/records';
import { containing } from '../../server/platform/search';
import { locationRecords, locations } from '../locations/locations.db';
import { userName, userRecords, users } from '../users/users.db';
import { groupRecords, notificationGroupMembers as members, notificationGroups as groups } from './notification-groups.db';
import {
  addGroup, deleteGroup, editGroup, groupColumns, loadGroup, loadGroupMembers, loadGroups, memberColumns, memberKindLabels,
  NOTIFICATION_EXPORT_LIMIT, topicLabels, type GroupInput, type GroupRecord,
} from './notification-groups.contract';

// Qualified by hand: inside a subquery Drizzle would leave the outer table's column unqualified.
const memberCount = sql<number>`(select count(*)::int from notification_group_members m where m.group_id = notification_groups.id)`;
const memberName = sql<string>`coalesce(${userName}, '')`;

defineListAction({
  contract: loadGroups,
  summary: 'Notification groups: who at each location is told of leads, texts, calls, service appointments or payments.',
  permission: 'messenger',
  reach: groups.locationId,
  bench: (s) => [
    { name: 'all', filters: {} },
    { name: 'all, a region\'s user', filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'search', filters: { query: 'lead' } },
  ],
  columns: groupColumns,
  sorts: { name: groups.name },
  defaultSort: 'name',
  id: { key: 'groupId', column: groups.id },
  query: ({ db, input }) => {
    const where: SQL[] = [];
    if (input.query) where.push(ilike(groups.name, containing(input.query)));
    if (input.locationId) where.push(eq(groups.locationId, input.locationId));
    if (input.topic) where.push(eq(groups.topic, input.topic));
    if (input.active) where.push(eq(groups.active, input.active === '1'));
    return {
      select: db.select({
        groupId: groups.id, name: groups.name, locationId: groups.locationId, locationName: locations.name, topic: groups.topic,
        topicLabel: labelOf(groups.topic, topicLabels).as('topic_label'), active: groups.active, memberCount: memberCount.as('member_count'),
      }).from(groups).innerJoin(locations, eq(locations.id, groups.locationId)).$dynamic(),
      where: where.length ? and(...where) : undefined,
    };
  },
});

defineListAction({
  contract: loadGroupMembers,
  summary: 'One notification group\'s members in the order they were added, or every membership within reach; also the CSV export (100 rows unless a limit is given).',
  permission: 'messenger',
  reach: groups.locationId,
  records: { groupId: groupRecords },
  export: { filename: 'notification-group', defaultLimit: NOTIFICATION_EXPORT_LIMIT },
  bench: (s) => [
    // The scale data puts group n at location n, so the busiest location's id names a group too.
    { name: 'group', filters: { groupId: s.locationId } },
    { name: 'all', filters: {} },
    { name: 'all, a region\'s user', filters: {}, regional: true },
  ],
  columns: memberColumns,
  sorts: { added: members.id },
  defaultSort: 'added',
  id: { key: 'memberId', column: members.id },
  query: ({ db, input }) => ({
    select: db.select({
      memberId: members.id, groupId: members.groupId, groupName: groups.name, kind: members.kind,
      kindLabel: labelOf(members.kind, memberKindLabels).as('kind_label'), userId: members.userId, name: memberName.as('member_name'),
      email: users.email, phone: users.phone, jobCode: users.jobCode, locationName: locations.name, accountLocked: users.accountLocked,
    }).from(members).innerJoin(groups, eq(groups.id, members.groupId))
      .leftJoin(users, eq(users.id, members.userId)).leftJoin(locations, eq(locations.id, users.locationId)).$dynamic(),
    where: input.groupId ? eq(members.groupId, input.groupId) : undefined,
  }),
});

type Ctx = ActionContext<unknown>;

/** The group's user members, in the order they were added. */
async function memberUserIds(ctx: Pick<Ctx, 'db'>, groupId: number): Promise<number[]> {
  const rows = await ctx.db.select({ userId: members.userId }).from(members)
    .where(and(eq(members.groupId, groupId), eq(members.kind, 'user'))).orderBy(asc(members.id));
  return rows.map((r) => r.userId!);
}

/**
 * What add-group and edit-group both check: the location exists, no other group of it has the name,
 * and every member is a user (reach has refused those outside it already).
 */
async function checkGroup(ctx: Ctx, input: GroupInput, groupId?: number): Promise<number[]> {
  const location = await loadRecord(ctx, locationRecords, input.locationId);
  const [clash] = await ctx.db.select({ id: groups.id }).from(groups)
    .where(and(eq(groups.locationId, input.locationId), sql`lower(${groups.name}) = lower(${input.name})`, groupId ? ne(groups.id, groupId) : undefined)).limit(1);
  if (clash) throw AppError.conflict(`${location.name} already has a notification group named ${input.name}.`, ['name']);
  const userIds = [...new Set(input.userIds)];
  if (userIds.length) {
    const found = await ctx.db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
    const missing = userIds.find((userId) => !found.some((u) => u.id === userId));
    if (missing) throw AppError.invalid(`There is no user ${missing}.`, ['userIds']);
  }
  return userIds;
}

/** Makes the group's user members these (kept members keep their place), and audits the change. */
async function setMembers(ctx: Ctx, groupId: number, before: number[], after: number[]) {
  const removed = before.filter((userId) => !after.includes(userId));
  const added = after.filter((userId) => !before.includes(userId));
  if (removed.length === 0 && added.length === 0) return;
  if (removed.length) await ctx.db.delete(members).where(and(eq(members.groupId, groupId), inArray(members.userId, removed)));
  if (added.length) await ctx.db.insert(members).values(added.map((userId) => ({ groupId, kind: 'user' as const, userId })));
  ctx.audit({ recordType: 'notificationGroupMembers', recordId: groupId, before: { userIds: before }, after: { userIds: [...before.filter((u) => !removed.includes(u)), ...added] } });
}

const groupValues = (input: GroupInput) => ({ name: input.name, locationId: input.locationId, topic: input.topic, active: input.active });

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
      ctx.db.select({ memberId: members.id, kind: members.kind, userId: members.userId, name: memberName, accountLocked: users.accountLocked })
        .from(members).leftJoin(users, eq(users.id, members.userId)).where(eq(members.groupId, row.id)).orderBy(asc(members.id)),
    ]);
    const group: GroupRecord = {
      groupId: row.id, name: row.name, locationId: row.locationId, locationName: location.name, topic: row.topic, topicLabel: topicLabels[row.topic],
      active: row.active, members: list, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
    };
    return { group };
  },
});

defineAction({
  contract: addGroup,
  summary: 'Adds a notification group at a location with its staff members.',
  permission: 'messenger',
  reach: { userIds: userRecords },
  async handler(ctx) {
    const userIds = await checkGroup(ctx, ctx.input);
    const created = await insertRecord(ctx, groupRecords, groupValues(ctx.input));
    await setMembers(ctx, created.id, [], userIds);
    return { groupId: created.id };
  },
});

defineAction({
  contract: editGroup,
  summary: 'Saves a notification group: its name, location, topic, state and staff members.',
  permission: 'messenger',
  reach: { groupId: groupRecords, userIds: userRecords },
  async handler(ctx) {
    const { input } = ctx;
    const userIds = await checkGroup(ctx, input, input.groupId);
    await updateRecord(ctx, groupRecords, input.groupId, groupValues(input));
    await setMembers(ctx, input.groupId, await memberUserIds(ctx, input.groupId), userIds);
    return { groupId: input.groupId };
  },
});

defineAction({
  contract: deleteGroup,
  summary: 'Deletes a notification group and its memberships (not in the spec: the groups list\'s row menu).',
  permission: 'messenger',
  reach: { groupId: groupRecords },
  async handler(ctx) {
    const userIds = await memberUserIds(ctx, ctx.input.groupId);
    await deleteRecord(ctx, groupRecords, ctx.input.groupId);
    if (userIds.length) ctx.audit({ recordType: 'notificationGroupMembers', recordId: ctx.input.groupId, before: { userIds } });
    return {};
  },
});

