import { and, asc, eq, ilike, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { defineListAction, equals, renderTable, yesNo } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { deleteRecord, insertRecord, loadRecord, notFound, updateRecord } from '../../server/platform/records';
import { containing } from '../../server/platform/search';
import { withinReach } from '../../server/platform/reach';
import { formatPhone } from '../../shared/format';
import { locations } from '../locations/locations.db';
import { phoneRecords, phones } from './phones.db';
import {
  addPhone,
  deactivatePhones,
  deletePhone,
  loadLocalNumbers,
  loadPhone,
  loadPhones,
  localNumberColumns,
  PHONE_ADDED,
  PHONE_DELETED,
  PHONE_OPTIONS_DEFAULT,
  PHONE_UPDATED,
  phoneColumns,
  phoneOptions,
  replaceOutboundInput,
  replaceOutboundNumber,
  savePhone,
  type AvailableNumberRow,
} from './phones.contract';
import { e164, formattedPhoneSql, phoneRecord, phoneTypeLabelSql } from './phones.queries';
import { requireLocation } from '../locations/locations.api';
import type { Db } from '../../server/db/client';
import type { ActionContext } from '../../server/platform/actions';
import type { z } from 'zod';

defineListAction({
  contract: loadPhones,
  summary: "The group's lines, searchable by description or number, filtered by location, type and state.",
  permission: 'phoneLookup',
  reach: phones.locationId,
  bench: (s) => [
    { name: 'all', filters: {} },
    { name: "all, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'search', filters: { query: 'service' } },
    { name: 'number', filters: { query: '555' } },
  ],
  columns: phoneColumns,
  sorts: { description: phones.description, phoneNumber: phones.phoneNumber },
  defaultSort: 'description',
  id: { key: 'phoneId', column: phones.id },
  filters: {
    // The description, or digits of the number (three at least).
    query: (term) => {
      const digits = term.replace(/\D/g, '');
      const text = ilike(phones.description, containing(term));
      return digits.length >= 3 ? or(text, like(phones.phoneNumber, `%${digits}%`)) : text;
    },
    locationId: equals(phones.locationId),
    phoneType: equals(phones.phoneType),
    active: yesNo(phones.active),
  },
  query: ({ db }) => ({
    select: db
      .select({
        phoneId: phones.id,
        description: phones.description,
        phoneNumber: phones.phoneNumber,
        phoneNumberFormatted: formattedPhoneSql(phones.phoneNumber).as('phone_number_formatted'),
        locationId: phones.locationId,
        locationName: locations.name,
        phoneType: phones.phoneType,
        phoneTypeLabel: phoneTypeLabelSql.as('phone_type_label'),
        bridge: phones.bridge,
        directRing: phones.directRing,
        sid: phones.sid,
        outbound: phones.outbound,
        active: phones.active,
        autopilot: phones.autopilot,
        squad: phones.squad,
      })
      .from(phones)
      .innerJoin(locations, eq(locations.id, phones.locationId))
      .$dynamic(),
  }),
});

/**
 * The line pickers of the phone screens (call from, transfer to, the outbound line, simulations):
 * a page of matches from the database instead of every line. Its permission is the phone screens'
 * own, phoneLookup: every screen with a line picker needs it to open.
 */
defineAction({
  contract: phoneOptions,
  summary:
    'Lines for pickers: by description or number digits (search), location, active and outbound, or the lines with the given ids.',
  permission: 'phoneLookup',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, user }) {
    const where: (SQL | undefined)[] = [withinReach(user.reach, phones.locationId)];
    if (input.ids.length) where.push(inArray(phones.id, input.ids));
    if (input.search) {
      const description = ilike(phones.description, containing(input.search));
      const digits = input.search.replace(/\D/g, '');
      // "(505) 265-01" finds the numbers; two digits would match nearly every line.
      where.push(digits.length >= 3 ? or(description, like(phones.phoneNumber, `%${digits}%`))! : description);
    }
    if (input.locationId) where.push(eq(phones.locationId, input.locationId));
    if (input.active) where.push(eq(phones.active, input.active === '1'));
    if (input.outbound) where.push(eq(phones.outbound, input.outbound === '1'));
    const rows = await db
      .select({
        phoneId: phones.id,
        phoneNumber: phones.phoneNumber,
        description: phones.description,
        locationId: phones.locationId,
        active: phones.active,
        outbound: phones.outbound,
      })
      .from(phones)
      .where(and(...where))
      .orderBy(asc(phones.description), asc(phones.id))
      .limit(input.ids.length || (input.limit ?? PHONE_OPTIONS_DEFAULT));
    return { phones: rows.map((row) => ({ ...row, phoneNumberFormatted: formatPhone(row.phoneNumber) })) };
  },
});

defineAction({
  contract: loadPhone,
  summary: 'One line with all its settings (the edit-phone modal).',
  permission: 'phoneLookup',
  reach: { phoneId: phoneRecords },
  readOnly: true,
  handler: async ({ db, input }) => ({ phone: await phoneRecord(db, input.phoneId) }),
});

/**
 * 409 when another line holds the number or the provider id. Not the platform's refuseTaken: the
 * sentence names the line that holds it.
 */
async function refuseTaken(db: Db, values: { phoneNumber: string; sid?: string | null }, exceptId?: number) {
  const notSelf = exceptId ? ne(phones.id, exceptId) : undefined;
  const [number] = await db
    .select({ description: phones.description })
    .from(phones)
    .where(and(eq(phones.phoneNumber, values.phoneNumber), notSelf));
  if (number)
    throw AppError.conflict(`${formatPhone(values.phoneNumber)} is already a phone here ("${number.description}").`, [
      'phoneNumber',
    ]);
  if (values.sid) {
    const [sid] = await db
      .select({ description: phones.description })
      .from(phones)
      .where(and(eq(phones.sid, values.sid), notSelf));
    if (sid) throw AppError.conflict(`Provider id ${values.sid} already belongs to "${sid.description}".`, ['sid']);
  }
}

defineAction({
  contract: addPhone,
  summary: 'Adds a line; with buy=1 the number is first bought from the provider and its sid kept.',
  permission: 'phoneAdmin',
  reach: {},
  // The purchase is asked for with no transaction open; the line is then kept in its own change.
  outside: true,
  async handler(ctx) {
    const { db, input, services } = ctx;
    const phoneNumber = e164(input.phoneNumber, 'phoneNumber', 'Phone number');
    const bridge = input.bridge ? e164(input.bridge, 'bridge', 'Bridge') : '';
    await requireLocation(db, input.locationId);
    if (input.buy && input.sid)
      throw AppError.invalid('Leave the provider id empty when buying a number: the purchase gives it.', ['sid']);
    await refuseTaken(db, { phoneNumber, sid: input.sid });
    // Everything that can refuse has been checked: only now is money spent.
    const bought = input.buy ? await services.telephony.buyNumber(db, phoneNumber, input.description) : null;
    const row = await ctx
      .change((c) =>
        insertRecord(c, phoneRecords, {
          description: input.description,
          phoneNumber,
          locationId: input.locationId,
          bridge,
          phoneType: input.phoneType,
          directRing: input.directRing,
          sid: bought?.sid ?? input.sid ?? null,
          messagingServiceSid: input.messagingServiceSid ?? null,
          bought: !!bought,
          active: input.active,
          autopilot: input.autopilot,
          squad: input.squad,
        }),
      )
      .catch(async (error: unknown) => {
        // Taken meanwhile (the number's unique index) or refused: the number bought goes back.
        if (bought) await services.telephony.releaseNumber(db, bought.sid);
        throw error;
      });
    return { phoneId: row.id, phone: await phoneRecord(db, row.id), message: PHONE_ADDED };
  },
});

defineAction({
  contract: savePhone,
  summary: "Saves a line's settings (active, autopilot, squad and direct ring as 1 or 0).",
  permission: 'phoneAdmin',
  reach: { phoneId: phoneRecords },
  async handler(ctx) {
    const { db, input } = ctx;
    const before = await loadRecord(ctx, phoneRecords, input.phoneId);
    const phoneNumber = e164(input.phoneNumber, 'phoneNumber', 'Phone number');
    const bridge = input.bridge ? e164(input.bridge, 'bridge', 'Bridge') : '';
    if (before.bought && phoneNumber !== before.phoneNumber) {
      throw AppError.conflict(
        'This number was bought through the provider and cannot change; add the new number as a phone of its own.',
        ['phoneNumber'],
      );
    }
    await requireLocation(db, input.locationId);
    // A blank provider id keeps the one on file: the form never erases what a purchase gave.
    const sid = input.sid ?? before.sid;
    await refuseTaken(db, { phoneNumber, sid }, before.id);
    await updateRecord(ctx, phoneRecords, before.id, {
      description: input.description,
      phoneNumber,
      locationId: input.locationId,
      bridge,
      phoneType: input.phoneType,
      directRing: input.directRing,
      sid,
      messagingServiceSid: input.messagingServiceSid ?? null,
      active: input.active,
      autopilot: input.autopilot,
      squad: input.squad,
      // The outbound line belongs to its location: moving the line leaves the old location without one.
      outbound: before.outbound && before.locationId === input.locationId,
    });
    return { phoneId: before.id, phone: await phoneRecord(db, before.id), message: PHONE_UPDATED };
  },
});

defineAction({
  contract: deletePhone,
  summary:
    'Deletes a line and its phone actions; a number bought through the provider is released. Its calls stay in the history.',
  permission: 'phoneAdmin',
  reach: { phoneId: phoneRecords },
  // The provider is asked with no transaction open, before the line goes: a refusal leaves it in place.
  outside: true,
  async handler(ctx) {
    const phone = await loadRecord(ctx, phoneRecords, ctx.input.phoneId);
    if (phone.bought && phone.sid) await ctx.services.telephony.releaseNumber(ctx.db, phone.sid);
    const before = await ctx.change((c) => deleteRecord(c, phoneRecords, phone.id));
    return { phoneId: before.id, released: before.bought, message: PHONE_DELETED };
  },
});

defineAction({
  contract: deactivatePhones,
  summary:
    'Deactivates many lines at once: they keep their settings and history and take no calls or texts until made active again.',
  permission: 'phoneAdmin',
  reach: { phoneIds: phoneRecords },
  async handler(ctx) {
    const found = await ctx.db
      .select({ id: phones.id, active: phones.active })
      .from(phones)
      .where(inArray(phones.id, ctx.input.phoneIds));
    const missing = ctx.input.phoneIds.find((id) => !found.some((p) => p.id === id));
    if (missing) throw notFound(phoneRecords, String(missing));
    const active = found.filter((p) => p.active);
    for (const phone of active) await updateRecord(ctx, phoneRecords, phone.id, { active: false });
    return { deactivatedCount: active.length };
  },
});

defineAction({
  contract: loadLocalNumbers,
  summary: 'Numbers the provider has for sale in an area code, optionally containing digits or letters (555CARS).',
  permission: 'phoneAdmin',
  reach: 'group',
  readOnly: true,
  async handler({ db, input, services }) {
    const found = await services.telephony.searchLocalNumbers(db, {
      areaCode: input.areaCode,
      contains: input.contains,
      limit: 30,
    });
    const ours = found.length
      ? new Set(
          (
            await db
              .select({ n: phones.phoneNumber })
              .from(phones)
              .where(
                inArray(
                  phones.phoneNumber,
                  found.map((f) => f.phoneNumber),
                ),
              )
          ).map((r) => r.n),
        )
      : new Set<string>();
    const rows: AvailableNumberRow[] = found
      .filter((f) => !ours.has(f.phoneNumber))
      .map((f) => ({ ...f, phoneNumberFormatted: formatPhone(f.phoneNumber) }));
    return { numbers: rows, rows, numberCount: rows.length, html: renderTable(localNumberColumns, rows) };
  },
});

/**
 * The line to make outbound, chosen or typed as a number of the group's lines: an active line of the
 * same location, or the change is refused.
 */
async function replacementLine(
  ctx: Pick<ActionContext<unknown>, 'db' | 'user'>,
  input: z.infer<typeof replaceOutboundInput>,
  locationId: number,
) {
  let replacement;
  if (input.newPhoneId) {
    replacement = await loadRecord(ctx, phoneRecords, input.newPhoneId);
  } else if (input.number) {
    const number = e164(input.number, 'number', 'Number');
    [replacement] = await ctx.db.select().from(phones).where(eq(phones.phoneNumber, number));
    if (!replacement)
      throw AppError.notFound(`${formatPhone(number)} is not a line of the group; add it as a phone first.`);
  } else {
    throw AppError.invalid('Choose the new outbound line or type its number.', ['newPhoneId', 'number']);
  }
  if (replacement.locationId !== locationId) {
    throw AppError.invalid('The new outbound line must belong to the same location.', ['newPhoneId']);
  }
  if (!replacement.active)
    throw AppError.conflict(
      `${formatPhone(replacement.phoneNumber)} is not active; activate it before making it the outbound line.`,
      ['newPhoneId'],
    );
  return replacement;
}

/** A location has one outbound line: the flag moves to the replacement. Answers the line that had it, if any. */
async function moveOutbound(db: Db, locationId: number, replacementId: number) {
  const [previous] = await db
    .select({ id: phones.id, phoneNumber: phones.phoneNumber })
    .from(phones)
    .where(and(eq(phones.locationId, locationId), eq(phones.outbound, true)));
  await db
    .update(phones)
    .set({ outbound: false, updatedAt: sql`now()` })
    .where(and(eq(phones.locationId, locationId), eq(phones.outbound, true)));
  await db.update(phones).set({ outbound: true, updatedAt: sql`now()` }).where(eq(phones.id, replacementId));
  return previous;
}

defineAction({
  contract: replaceOutboundNumber,
  summary:
    'Makes another line of the same location the one its outbound calls show (a number flagged as spam is replaced).',
  permission: 'phoneAdmin',
  reach: { phoneId: phoneRecords, newPhoneId: phoneRecords },
  async handler(ctx) {
    const { db, input, audit } = ctx;
    const current = await loadRecord(ctx, phoneRecords, input.phoneId);
    const replacement = await replacementLine(ctx, input, current.locationId);
    const previous = await moveOutbound(db, current.locationId, replacement.id);
    const [location] = await db
      .select({ name: locations.name })
      .from(locations)
      .where(eq(locations.id, current.locationId));
    audit({
      recordType: 'location',
      recordId: current.locationId,
      before: { outboundPhoneId: previous?.id ?? null },
      after: { outboundPhoneId: replacement.id },
    });
    return {
      phone: await phoneRecord(db, replacement.id),
      previousPhoneId: previous?.id ?? null,
      message: `Outbound calls of ${location.name} now show ${formatPhone(replacement.phoneNumber)}.`,
    };
  },
});
