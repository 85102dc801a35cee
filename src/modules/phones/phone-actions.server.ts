import { desc, eq, inArray, sql } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { defineListAction, equals } from '../../server/platform/lists';
import { AppError, assertUnreachable } from '../../server/platform/errors';
import { deleteRecord, insertRecord, loadRecord, updateRecord } from '../../server/platform/records';
import { nameOf, userRecords, users } from '../users/users.db';
import { phoneActionRecords, phoneActions, phoneRecords, phones } from './phones.db';
import {
  addPhoneAction,
  deletePhoneAction,
  loadPhoneAction,
  loadPhoneActions,
  phoneActionColumns,
  savePhoneAction,
  type PhoneActionInput,
  type PhoneActionListRow,
  type PhoneActionRecord,
} from './phones.contract';
import { stepSummary } from './plan-summary';
import { e164 } from './phones.queries';

defineListAction({
  contract: loadPhoneActions,
  summary: 'The phone actions: what a call to each line does, step by step (ring groups, forwards, hours, voicemail).',
  permission: 'phoneLookup',
  reach: phones.locationId,
  records: { phoneId: phoneRecords },
  bench: (s) => [
    { name: 'all', filters: {} },
    { name: 'location', filters: { locationId: s.locationId } },
  ],
  columns: phoneActionColumns,
  sorts: { position: phoneActions.position },
  defaultSort: 'position',
  id: { key: 'actionId', column: phoneActions.id },
  // Each step in words, its ring group's members named (plan-summary.ts, as the screens write it).
  rowFields: (row) => {
    const step = row as unknown as PhoneActionListRow;
    return { summary: stepSummary(step, (id) => step.memberNames[id] ?? `user #${id}`) };
  },
  filters: {
    phoneId: equals(phoneActions.phoneId),
    locationId: equals(phones.locationId),
    kind: equals(phoneActions.kind),
  },
  query: ({ db }) => ({
    select: db
      .select({
        actionId: phoneActions.id,
        phoneId: phoneActions.phoneId,
        phoneDescription: phones.description,
        phoneNumber: phones.phoneNumber,
        locationId: phones.locationId,
        kind: phoneActions.kind,
        label: phoneActions.label,
        targets: phoneActions.targets,
        userIds: phoneActions.userIds,
        hours: phoneActions.hours,
        greeting: phoneActions.greeting,
        timeoutSeconds: phoneActions.timeoutSeconds,
        position: phoneActions.position,
        memberNames: sql<
          Record<string, string>
        >`(select coalesce(json_object_agg(u.id, u.first_name || ' ' || u.last_name), '{}')
          from ${users} u where u.id = any(${phoneActions.userIds}))`.as('member_names'),
      })
      .from(phoneActions)
      .innerJoin(phones, eq(phones.id, phoneActions.phoneId))
      .$dynamic(),
  }),
});

function record(row: typeof phoneActions.$inferSelect): PhoneActionRecord {
  return {
    actionId: row.id,
    phoneId: row.phoneId,
    kind: row.kind,
    label: row.label,
    targets: row.targets,
    userIds: row.userIds,
    hours: row.hours ?? null,
    greeting: row.greeting,
    timeoutSeconds: row.timeoutSeconds,
    position: row.position,
  };
}

type Ctx = Parameters<typeof loadRecord>[0];

/** The checks each kind of step needs, and its stored values. */
/**
 * A voicemail ends the call: no step may follow it in the plan (it would never run, yet read as if it
 * did). Checked against the line's other steps wherever this one would stand.
 */
async function refuseStepsAfterVoicemail(
  db: Ctx['db'],
  input: { phoneId: number; kind: string; position: number },
  actionId?: number,
) {
  const others = (
    await db
      .select({ id: phoneActions.id, kind: phoneActions.kind, position: phoneActions.position })
      .from(phoneActions)
      .where(eq(phoneActions.phoneId, input.phoneId))
  ).filter((s) => s.id !== actionId);
  if (others.some((s) => s.kind === 'voicemail' && s.position <= input.position)) {
    throw AppError.conflict(
      'Nothing can follow a voicemail step: it ends the call. Place this step before the voicemail, or remove the voicemail first.',
      ['position'],
    );
  }
  const after = others.filter((s) => s.position >= input.position).length;
  if (input.kind === 'voicemail' && after > 0) {
    throw AppError.conflict(
      `A voicemail step ends the call, so it must be the last step: ${after === 1 ? '1 step comes' : `${after} steps come`} after this one.`,
      ['position'],
    );
  }
}

async function values(ctx: Ctx, input: PhoneActionInput, actionId?: number) {
  const { db } = ctx;
  await loadRecord(ctx, phoneRecords, input.phoneId);
  const targets = input.targets.map((t) => e164(t, 'targets', 'Number'));
  const userIds = [...new Set(input.userIds)];
  if (userIds.length) {
    const found = await db
      .select({ id: users.id, name: nameOf(), phone: users.phone })
      .from(users)
      .where(inArray(users.id, userIds));
    const missing = userIds.find((id) => !found.some((u) => u.id === id));
    if (missing) throw AppError.invalid(`There is no user ${missing}.`, ['userIds']);
    const noPhone = found.find((u) => !u.phone);
    if (noPhone)
      throw AppError.invalid(
        `${noPhone.name} has no phone number on their profile, so a ring group cannot ring them.`,
        ['userIds'],
      );
  }
  switch (input.kind) {
    case 'ring-group':
      if (targets.length + userIds.length === 0)
        throw AppError.invalid('A ring group needs at least one number or user to ring.', ['targets', 'userIds']);
      break;
    case 'forward':
      if (targets.length !== 1 || userIds.length)
        throw AppError.invalid('A forward needs exactly one number to forward to.', ['targets']);
      break;
    case 'hours':
      if (!input.hours || Object.values(input.hours).every((d) => !d))
        throw AppError.invalid('An hours step needs the opening hours of at least one day.', ['hours']);
      break;
    case 'voicemail':
      break;
    default:
      assertUnreachable(input.kind);
  }
  const position =
    input.position ??
    (
      await db
        .select({ next: sql<number>`coalesce(max(${phoneActions.position}) + 1, 0)::int` })
        .from(phoneActions)
        .where(eq(phoneActions.phoneId, input.phoneId))
    )[0].next;
  await refuseStepsAfterVoicemail(db, { phoneId: input.phoneId, kind: input.kind, position }, actionId);
  return {
    phoneId: input.phoneId,
    kind: input.kind,
    label: input.label ?? '',
    targets,
    userIds,
    hours: input.kind === 'hours' ? (input.hours ?? null) : null,
    greeting: input.greeting ?? '',
    timeoutSeconds: input.timeoutSeconds ?? 20,
    position,
  };
}

defineAction({
  contract: loadPhoneAction,
  summary: 'One phone action (its edit modal).',
  permission: 'phoneLookup',
  reach: { actionId: phoneActionRecords },
  readOnly: true,
  handler: async (ctx) => ({ action: record(await loadRecord(ctx, phoneActionRecords, ctx.input.actionId)) }),
});

defineAction({
  contract: addPhoneAction,
  summary:
    'Adds a step to what a call to a line does; without a position it goes last, or just before the voicemail that ends the plan.',
  permission: 'phoneAdmin',
  reach: { phoneId: phoneRecords, userIds: userRecords },
  async handler(ctx) {
    const { db, input } = ctx;
    if (input.position === undefined && input.kind !== 'voicemail') {
      // The voicemail ends the call and stays last: the new step takes its place and it moves one down.
      const [last] = await db
        .select()
        .from(phoneActions)
        .where(eq(phoneActions.phoneId, input.phoneId))
        .orderBy(desc(phoneActions.position), desc(phoneActions.id))
        .limit(1);
      if (last?.kind === 'voicemail') {
        await updateRecord(ctx, phoneActionRecords, last.id, { position: last.position + 1 });
        input.position = last.position;
      }
    }
    const created = await insertRecord(ctx, phoneActionRecords, await values(ctx, ctx.input));
    return { actionId: created.id, action: record(created), message: 'Phone action added.' };
  },
});

defineAction({
  contract: savePhoneAction,
  summary: 'Saves a phone action.',
  permission: 'phoneAdmin',
  reach: { actionId: phoneActionRecords, phoneId: phoneRecords, userIds: userRecords },
  async handler(ctx) {
    const { input } = ctx;
    const before = await loadRecord(ctx, phoneActionRecords, input.actionId);
    const row = await values(ctx, { ...input, position: input.position ?? before.position }, before.id);
    const { after: saved } = await updateRecord(ctx, phoneActionRecords, before.id, row);
    return { actionId: saved.id, action: record(saved), message: 'Phone action saved.' };
  },
});

defineAction({
  contract: deletePhoneAction,
  summary: 'Deletes a phone action.',
  permission: 'phoneAdmin',
  reach: { actionId: phoneActionRecords },
  async handler(ctx) {
    const before = await deleteRecord(ctx, phoneActionRecords, ctx.input.actionId);
    return { actionId: before.id, message: 'Phone action deleted.' };
  },
});
