import { z } from 'zod';
import { choice, flag, id, list, optionalChoice, optionalId, optionalText, text, yesNo } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';

/** The notification-group export's default limit (seed 001, sections 2 and 9). */
export const NOTIFICATION_EXPORT_LIMIT = 100;
/** A group holds at most as many members as the export gives by default: the default export is the whole group. */
export const MAX_MEMBERS = NOTIFICATION_EXPORT_LIMIT;
export const EXPORT_ROUTE = '/tools/notification-groups/export';

/** What a group is told of at its location (not shown in the spec: docs/notification-groups.md). */
export const notificationTopics = ['leads', 'texts', 'calls', 'service', 'payments'] as const;
export type NotificationTopic = (typeof notificationTopics)[number];
export const topicLabels: Record<NotificationTopic, string> = {
  leads: 'Internet leads',
  texts: 'Inbound texts',
  calls: 'Missed calls',
  service: 'Service appointments',
  payments: 'Appraisal payments',
};

/** Staff (users, from anywhere in the group) and contacts of the group's store (docs/notification-groups.md). */
export const memberKinds = ['user', 'contact'] as const;
export type MemberKind = (typeof memberKinds)[number];
export const memberKindLabels: Record<MemberKind, string> = { user: 'Staff', contact: 'Contact' };

/**
 * The add-group and edit-group form: the group and its members, staff (`userIds`, picked by name) and
 * contacts of the group's store (`contactIds`, picked by name or number); at most 100 in all.
 */
export const groupInput = z.object({
  name: text(80),
  locationId: id,
  topic: choice(notificationTopics),
  active: flag,
  userIds: list(id, MAX_MEMBERS).meta({ title: 'Staff members' }),
  contactIds: list(id, MAX_MEMBERS).meta({ title: 'Contacts' }),
});
export type GroupInput = z.infer<typeof groupInput>;
const editGroupInput = groupInput.extend({ groupId: id });
const groupIdInput = z.object({ groupId: id });

const groupFilters = {
  query: optionalText(100).meta({ title: 'Search' }),
  locationId: optionalId,
  topic: optionalChoice(notificationTopics),
  active: yesNo.meta({ title: 'Status' }),
};

export const groupColumns: ColumnSpec[] = [
  { key: 'name', label: 'Name', sortable: true },
  { key: 'locationName', label: 'Location' },
  { key: 'topicLabel', label: 'Topic' },
  { key: 'memberCount', label: 'Members', format: 'number' },
  { key: 'active', label: 'Active', format: 'flag' },
];

/** The columns of the members list, and of the export. */
export const memberColumns: ColumnSpec[] = [
  { key: 'groupName', label: 'Group' },
  { key: 'name', label: 'Name' },
  { key: 'kindLabel', label: 'Member' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Mobile phone', format: 'phone' },
  { key: 'jobCode', label: 'Job code' },
  { key: 'locationName', label: 'Location' },
  { key: 'accountLocked', label: 'Locked', format: 'flag' },
];

const groupRow = z.object({
  groupId: z.number().int(),
  name: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  topic: z.enum(notificationTopics),
  topicLabel: z.string(),
  active: z.boolean(),
  memberCount: z.number().int(),
});
export type GroupRow = z.output<typeof groupRow>;

const member = z.object({
  memberId: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  kind: z.enum(memberKinds),
  kindLabel: z.string(),
  userId: z.number().int().nullable(),
  contactId: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  jobCode: z.string().nullable(),
  locationName: z.string().nullable(),
  accountLocked: z.boolean().nullable(),
});
export type MemberRow = z.output<typeof member>;

const group = groupRow.omit({ memberCount: true }).extend({
  members: z.array(
    member.pick({
      memberId: true,
      kind: true,
      userId: true,
      contactId: true,
      name: true,
      phone: true,
      accountLocked: true,
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupRecord = z.output<typeof group>;

/** Notification groups within reach, by name, location, topic and state (seed 001: html and a count). */
export const loadGroups = listContract({
  path: 'notification-groups/load-groups',
  filters: groupFilters,
  row: groupRow,
  countKey: 'groupCount',
});
/**
 * One group's members in the order they were added (without a group: every membership within reach);
 * also the CSV export.
 */
export const loadGroupMembers = listContract({
  path: 'notification-groups/load-group-members',
  filters: { groupId: optionalId },
  row: member,
  countKey: 'memberCount',
  exportRoute: EXPORT_ROUTE,
});
/** One group with its members (the edit-group modal, the members screen's header). */
export const loadGroup = defineContract({
  path: 'notification-groups/load-group',
  input: groupIdInput,
  output: z.object({ group }),
});
export const addGroup = defineContract({
  path: 'notification-groups/add-group',
  input: groupInput,
  output: z.object({ groupId: z.number().int() }),
});
export const editGroup = defineContract({
  path: 'notification-groups/edit-group',
  input: editGroupInput,
  output: z.object({ groupId: z.number().int() }),
});
/** Not in the spec: the groups list's row menu needs it (docs/notification-groups.md). */
export const deleteGroup = defineContract({
  path: 'notification-groups/delete-group',
  input: groupIdInput,
  output: z.object({}),
});

export const GROUP_ADDED = 'Notification group added!';
export const GROUP_UPDATED = 'Notification group updated!';
export const GROUP_DELETED = 'Notification group deleted!';
