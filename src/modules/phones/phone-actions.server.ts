import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { defineListAction } from '../../server/platform/lists';
import { AppError, assertUnreachable } from '../../server/platform/errors';
import type { Db } from '../../server/db/client';
import { userRecords, users } from '../users/users.db';
import { phoneActionRecords, phoneActions, phoneRecords, phones } from './phones.db';
import {
  actionIdInput, addPhoneActionInput, phoneActionColumns, phoneActionFilters, savePhoneActionInput,
  type PhoneActionInput, type PhoneActionListRow, type PhoneActionRecord,
} from './phones.contract';
import { stepSummary } from './plan-summary';
import { e164, findPhone } from './phones.queries';

defineListAction({
  path: 'phones/actions/load-actions',
  summary: 'The phone actions: what a call to each line does, step by step (ring groups, forwards, hours, voicemail).',
  permission: 'phoneLookup',
  reach: phones.locationId,
  records: { phoneId: phoneRecords },
  filters: phoneActionFilters,
  countKey: 'actionCount',
  bench: (s) => [{ name: 'all', filters: {} }, { name: 'location', filters: { locationId: s.locationId } }],
  columns: phoneActionColumns,
  sorts: { position: phoneActions.position },
  defaultSort: 'position',
  id: { key: 'actionId', column: phoneActions.id },
  // Each step in words, its ring group's members named (plan-summary.ts, as the screens write it).
  rowFields: (row) => {
    const step = row as unknown as PhoneActionListRow;
    return { summary: stepSummary(step, (id) => step.memberNames[id] ?? `user #${id}`) };
  },
  query: ({ db, input }) => {
    const where: SQL[] = [];
    if (input.phoneId) where.push(eq(phoneActions.phoneId, input.phoneId));
    if (input.locationId) where.push(eq(phones.locationId, input.locationId));
    if (input.kind) where.push(eq(phoneActions.kind, input.kind));
    return {
      select: db.select({
        actionId: phoneActions.id, phoneId: phoneActions.phoneId, phoneDescription: phones.description, phoneNumber: phones.phoneNumber,
        locationId: phones.locationId, kind: phoneActions.kind, label: phoneActions.label, targets: phoneActions.targets,
        userIds: phoneActions.userIds, hours: phoneActions.hours, greeting: phoneActions.greeting,
        timeoutSeconds: phoneActions.timeoutSeconds, position: phoneActions.position,
        memberNames: sql<Record<string, string>>`(select coalesce(json_object_agg(u.id, u.first_name || ' ' || u.last_name), '{}')
          from ${users} u where u.id = any(${phoneActions.userIds}))`.as('member_names'),
      }).from(phoneActions).innerJoin(phones, eq(phones.id, phoneActions.phoneId)).$dynamic(),
      where: where.length ? and(...where) : undefined,
    };
  },
});

function record(row: typeof phoneActions.$inferSelect): PhoneActionRecord {
  return {
    actionId: row.id, phoneId: row.phoneId, kind: row.kind, label: row.label, targets: row.targets, userIds: row.userIds,
    hours: row.hours ?? null, greeting: row.greeting, timeoutSeconds: row.timeoutSeconds, position: row.position,
  };
}

async function findAction(db: Db, actionId: number) {
  const [row] = await db.select().from(phoneActions).where(eq(phoneActions.id, actionId));
  if (!row) throw AppError.notFound('That phone action does not exist; it may have been deleted.');
  return row;
}

/** The checks each kind of step needs, and its stored values. */
async function values(db: Db, input: PhoneActionInput) {
  await findPhone(db, input.phoneId);
  const targets = input.targets.map((t) => e164(t, 'targets', 'Number'));
  const userIds = [...new Set(input.userIds)];
  if (userIds.length) {
    const found = await db.select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, phone: users.phone })
      .from(users).where(inArray(users.id, userIds));
    const missing = userIds.find((id) => !found.some((u) => u.id === id));
    if (missing) throw AppError.invalid(`There is no user ${missing}.`, ['userIds']);
    const noPhone = found.find((u) => !u.phone);
    if (noPhone) throw AppError.invalid(`${noPhone.name} has no phone number on their profile, so a ring group cannot ring them.`, ['userIds']);
  }
  switch (input.kind) {
    case 'ring-group':
      if (targets.length + userIds.length === 0) throw AppError.invalid('A ring group needs at least one number or user to ring.', ['targets', 'userIds']);
      break;
    case 'forward':
      if (targets.length !== 1 || userIds.length) throw AppError.invalid('A forward needs exactly one number to forward to.', ['targets']);
      break;
    case 'hours':
      if (!input.hours || Object.values(input.hours).every((d) => !d)) throw AppError.invalid('An hours step needs the opening hours of at least one day.', ['hours']);
      break;
    case 'voicemail':
      break;
    default:
      assertUnreachable(input.kind);
  }
  const position = input.position ?? (await db.select({ next: sql<number>`coalesce(max(${phoneActions.position}) + 1, 0)::int` })
    .from(phoneActions).where(eq(phoneActions.phoneId, input.phoneId)))[0].next;
  return {
    phoneId: input.phoneId, kind: input.kind, label: input.label ?? '', targets, userIds,
    hours: input.kind === 'hours' ? input.hours ?? null : null, greeting: input.greeting ?? '',
    timeoutSeconds: input.timeoutSeconds ?? 20, position,
  };
}

defineAction({
  path: 'phones/actions/load-action',
  summary: 'One phone action (its edit modal).',
  permission: 'phoneLookup',
  reach: { actionId: phoneActionRecords },
  readOnly: true,
  input: actionIdInput,
  handler: async ({ db, input }) => ({ action: record(await findAction(db, input.actionId)) }),
});

defineAction({
  path: 'phones/actions/add-action',
  summary: 'Adds a step to what a call to a line does; without a position it goes last.',
  permission: 'phoneAdmin',
  reach: { phoneId: phoneRecords, userIds: userRecords },
  input: addPhoneActionInput,
  async handler({ db, input, audit }) {
    const row = await values(db, input);
    const [created] = await db.insert(phoneActions).values(row).returning();
    audit({ recordType: 'phoneAction', recordId: created.id, after: row });
    return { actionId: created.id, action: record(created), message: 'Phone action added.' };
  },
});

defineAction({
  path: 'phones/actions/save-action',
  summary: 'Saves a phone action.',
  permission: 'phoneAdmin',
  reach: { actionId: phoneActionRecords, phoneId: phoneRecords, userIds: userRecords },
  input: savePhoneActionInput,
  async handler({ db, input, audit }) {
    const before = await findAction(db, input.actionId);
    const row = await values(db, { ...input, position: input.position ?? before.position });
    const [saved] = await db.update(phoneActions).set({ ...row, updatedAt: sql`now()` }).where(eq(phoneActions.id, before.id)).returning();
    audit({ recordType: 'phoneAction', recordId: before.id, before: record(before), after: row });
    return { actionId: saved.id, action: record(saved), message: 'Phone action saved.' };
  },
});

defineAction({
  path: 'phones/actions/delete-action',
  summary: 'Deletes a phone action.',
  permission: 'phoneAdmin',
  reach: { actionId: phoneActionRecords },
  input: actionIdInput,
  async handler({ db, input, audit }) {
    const before = await findAction(db, input.actionId);
    await db.delete(phoneActions).where(eq(phoneActions.id, before.id));
    audit({ recordType: 'phoneAction', recordId: before.id, before: record(before) });
    return { actionId: before.id, message: 'Phone action deleted.' };
  },
});
