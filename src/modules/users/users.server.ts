import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { images } from '../../server/platform/when-used';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import type { z } from 'zod';
import { defineListAction, equals, matches, yesNo } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { insertRecord, notFound, updateRecord } from '../../server/platform/records';
import { matchesSearch, searchText } from '../../server/platform/search';
import { endUserSessions } from '../../server/platform/session';
import { withinReach } from '../../server/platform/reach';
import { refuseUngrantableFlags, refuseUngrantableReach, refuseUnmanageableUser } from '../../server/platform/grants';
import { jobCodes } from '../access/access.db';
import { requireLocation } from '../locations/locations.api';
import { locations } from '../locations/locations.db';
import { allFlags, effectiveFlags, flagLabels, flagsBeyond } from '../../shared/permissions';
import { apiKeys, nameOf, userEvents, userFactors, userPhotos, userRecords, users } from './users.db';
import { listFactors, recordEvent } from './auth.server';
import { hashPassword, tokenHash } from '../../server/platform/passwords';
import { accountKey, clearFailures } from './signin-throttle';
import { toE164 } from '../../server/platform/phone';
import {
  eventColumns,
  eventLabels,
  loadApiKey,
  loadEvents,
  loadProfile,
  loadUser,
  loadUsers,
  PHOTO_MAX_BYTES,
  PHOTO_SIZE,
  resetTwoFactor,
  lockUsers,
  saveApiKey,
  saveUser,
  unlockUser,
  uploadPhoto,
  userColumns,
  USER_OPTIONS_DEFAULT,
  userOptions,
  type ApiKeySettings,
  type UserDetail,
} from './users.contract';

/** Name, username and email, as the users_search_idx trigram index holds them. */
export const userSearch = searchText(users.firstName, users.lastName, users.username, users.email);

defineListAction({
  contract: loadUsers,
  summary: 'Users, searched by name, username or email.',
  permission: 'userAdmin',
  reach: users.locationId,
  bench: (s) => [
    { name: 'all', filters: {} },
    { name: "all, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'search', filters: { query: 'gar' } },
    { name: 'deep', filters: { sort: 'username' }, depth: 10 },
  ],
  columns: userColumns,
  sorts: { lastName: users.lastName, username: users.username },
  defaultSort: 'lastName',
  id: { key: 'id', column: users.id },
  filters: {
    query: matches(userSearch),
    jobCode: equals(users.jobCode),
    locationId: equals(users.locationId),
    locked: yesNo(users.accountLocked),
  },
  query: ({ db }) => ({
    select: db
      .select({
        id: users.id,
        lastName: users.lastName,
        firstName: users.firstName,
        username: users.username,
        email: users.email,
        jobCode: users.jobCode,
        locationName: locations.name,
        accountLocked: users.accountLocked,
        lastSignInAt: users.lastSignInAt,
      })
      .from(users)
      .leftJoin(locations, eq(locations.id, users.locationId))
      .$dynamic(),
  }),
});

/**
 * Pickers of users on screens whose people are not user admins (a ring group's members): names and
 * usernames only, a page at a time from the database, never the whole table.
 */
defineAction({
  contract: userOptions,
  summary:
    'Users for pickers: active users by name, username or email (search), of a location, or those with the given ids.',
  permission: 'signedIn',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, user }) {
    // Chosen users keep their names even once locked; a search offers only those who can still work.
    const where: (SQL | undefined)[] = [
      input.ids.length ? inArray(users.id, input.ids) : eq(users.accountLocked, false),
      withinReach(user.reach, users.locationId),
    ];
    if (input.search) where.push(matchesSearch(userSearch, input.search));
    if (input.locationId) where.push(eq(users.locationId, input.locationId));
    const rows = await db
      .select({
        id: users.id,
        name: nameOf(),
        username: users.username,
        locationId: users.locationId,
      })
      .from(users)
      .where(and(...where))
      // In the order of the names the picker shows ("Ana Lucero"); the limit keeps the read to one page.
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(input.ids.length || (input.limit ?? USER_OPTIONS_DEFAULT));
    return { users: rows };
  },
});

const by = alias(users, 'by_user');

defineListAction({
  contract: loadEvents,
  summary: "An account's events: sign-ins, failures, locks and changes, newest first.",
  permission: 'userAdmin',
  reach: 'group',
  records: { userId: userRecords },
  bench: (s) => [
    { name: 'user', filters: { userId: s.userId } },
    { name: 'deep', filters: { userId: s.userId }, depth: 5 },
  ],
  columns: eventColumns,
  sorts: { at: userEvents.at },
  defaultSort: 'at',
  defaultDir: 'desc',
  id: { key: 'id', column: userEvents.id },
  filters: { userId: equals(userEvents.userId) },
  query: ({ db }) => ({
    select: db
      .select({
        id: userEvents.id,
        at: userEvents.at,
        type: sql<string>`case ${userEvents.type} ${sql.join(
          Object.entries(eventLabels).map(([k, v]) => sql`when ${k} then ${v}`),
          sql` `,
        )} else ${userEvents.type} end`.as('type'),
        detail: userEvents.detail,
        ip: userEvents.ip,
        byName: (nameOf(by) as SQL<string | null>).as('by_name'),
      })
      .from(userEvents)
      .leftJoin(by, eq(by.id, userEvents.byUserId))
      .$dynamic(),
  }),
});

async function loadUserDetail(db: Parameters<typeof listFactors>[0], userId: number): Promise<UserDetail> {
  const [row] = await db
    .select({ user: users, jobFlags: jobCodes.flags, hasPhoto: sql<boolean>`${userPhotos.userId} is not null` })
    .from(users)
    .leftJoin(jobCodes, eq(jobCodes.jobCode, users.jobCode))
    .leftJoin(userPhotos, eq(userPhotos.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw AppError.notFound('That user does not exist.');
  const u = row.user;
  return {
    userId: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    jobCode: u.jobCode,
    locationId: u.locationId,
    regions: u.regions,
    groupWide: u.groupWide,
    accountLocked: u.accountLocked,
    flags: effectiveFlags(u.flags),
    jobCodeFlags: effectiveFlags(row.jobFlags ?? []),
    factors: await listFactors(db, u.id),
    hasPhoto: row.hasPhoto,
    lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
  };
}

defineAction({
  contract: loadUser,
  summary: 'One user for the edit-user screen.',
  permission: 'userAdmin',
  reach: { userId: userRecords },
  readOnly: true,
  handler: async ({ db, input }) => ({ user: await loadUserDetail(db, input.userId) }),
});

type SaveUserInput = z.output<typeof saveUser.input>;
type StoredUser = typeof users.$inferSelect;

/** The user being saved, with their job code's flags (the grant rules read both); none for a new user. */
async function userToSave({ db }: ActionContext<unknown>, userId: number | undefined) {
  const [found] = userId
    ? await db
        .select({ user: users, jobFlags: jobCodes.flags })
        .from(users)
        .leftJoin(jobCodes, eq(jobCodes.jobCode, users.jobCode))
        .where(eq(users.id, userId))
    : [];
  if (userId && !found) throw AppError.notFound('That user does not exist.');
  return found;
}

/** The user's fields as saved (the password apart: it is stored only as its hash). */
const userValues = (input: SaveUserInput, phone: string, flags: string[], jobCode: string | null) => ({
  username: input.username,
  email: input.email,
  firstName: input.firstName,
  lastName: input.lastName,
  phone,
  jobCode,
  locationId: input.locationId ?? null,
  flags,
  regions: input.regions,
  groupWide: input.groupWide,
  accountLocked: input.accountLocked,
});

defineAction({
  contract: saveUser,
  summary: 'Creates a user (no userId) or saves one: details, flags, regions, lock.',
  permission: 'userAdmin',
  reach: { userId: userRecords },
  async handler(ctx) {
    const { db, input, user: admin } = ctx;
    const found = await userToSave(ctx, input.userId);
    const before = found?.user;
    const flags = allFlags.filter((f) => input[f]);
    const jobCode = input.jobCode ?? null;
    if (before)
      refuseUnmanageableUser(admin, access({ ...before, userId: before.id, jobCodeFlags: found.jobFlags ?? [] }));
    if (before?.id === admin.id) refuseOwnAccessChange(before, input, flags, jobCode);
    refuseUngrantableFlags(admin, before?.flags ?? [], flags);
    refuseUngrantableReach(admin, before ?? { regions: [], groupWide: false }, input);
    if (jobCode && jobCode !== before?.jobCode) await refuseJobCodeBeyond(ctx, jobCode);
    if (input.locationId) await requireLocation(ctx.db, input.locationId);
    await refuseTakenLogin(ctx, input);
    const phone = input.phone ? (toE164(input.phone) ?? '') : '';
    if (input.phone && !phone) throw AppError.invalid('Phone must be a valid phone number.', ['phone']);
    const values = userValues(input, phone, flags, jobCode);
    const userId = before ? await saveExistingUser(ctx, before, values) : await createUser(ctx, values);
    await syncCodeFactor(db, userId, 'sms', input.smsFactor && phone ? phone : null);
    await syncCodeFactor(db, userId, 'email', input.emailFactor ? input.email : null);
    return { userId };
  },
});

/** An admin's own permissions, job code, regions, lock and password are changed by another admin (or on the profile). */
function refuseOwnAccessChange(before: StoredUser, input: SaveUserInput, flags: string[], jobCode: string | null) {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
  if (
    !same(before.flags, flags) ||
    before.jobCode !== jobCode ||
    !same(before.regions, input.regions) ||
    before.groupWide !== input.groupWide ||
    input.accountLocked
  ) {
    throw AppError.forbidden(
      'You cannot change your own permissions, job code, regions or lock; ask another user admin.',
    );
  }
  if (input.password)
    throw AppError.forbidden('Change your own password on your profile, where your current password is asked for.');
}

/** A job code given is one that exists and grants nothing the admin does not hold. */
async function refuseJobCodeBeyond({ db, user: admin }: ActionContext<unknown>, jobCode: string) {
  const [code] = await db.select({ flags: jobCodes.flags }).from(jobCodes).where(eq(jobCodes.jobCode, jobCode));
  if (!code) throw AppError.invalid(`There is no job code ${jobCode}.`, ['jobCode']);
  const beyond = flagsBeyond(admin, code.flags);
  if (beyond.length) {
    throw new AppError(
      403,
      `Job code ${jobCode} gives permissions you do not hold (${beyond.map((f) => flagLabels[f]).join(', ')}).`,
      ['jobCode'],
    );
  }
}

/** Usernames and emails sign people in, so each belongs to one user (compared without case). */
async function refuseTakenLogin({ db }: ActionContext<unknown>, input: SaveUserInput) {
  const clash = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      or(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, sql`lower(${users.email}) = ${input.email}`),
    );
  const other = clash.find((c) => c.id !== input.userId);
  if (!other) return;
  const field = other.username.toLowerCase() === input.username.toLowerCase() ? 'username' : 'email';
  throw AppError.conflict(`Another user already has this ${field}.`, [field]);
}

type UserValues = Omit<typeof users.$inferInsert, 'passwordHash'>;

async function createUser(ctx: ActionContext<SaveUserInput>, values: UserValues): Promise<number> {
  const { db, input, request, user: admin } = ctx;
  if (!input.password) throw AppError.invalid('Password is required for a new user.', ['password']);
  const created = await insertRecord(ctx, userRecords, { ...values, passwordHash: await hashPassword(input.password) });
  await recordEvent(db, created.id, 'created', '', request.ip, admin.id);
  return created.id;
}

/** Saves a user, with an event for each kind of change; a lock or a new password ends their sessions at once. */
async function saveExistingUser(
  ctx: ActionContext<SaveUserInput>,
  before: StoredUser,
  values: UserValues,
): Promise<number> {
  const { db, input, request, user: admin } = ctx;
  const userId = before.id;
  const event = (type: string, detail: string) => recordEvent(db, userId, type, detail, request.ip, admin.id);
  await updateRecord(ctx, userRecords, userId, {
    ...values,
    ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
  });
  const changes = describeChanges(before, values, !!input.password);
  if (changes) await event('saved', changes);
  if (!before.accountLocked && input.accountLocked) await event('locked', 'By a user admin');
  if (before.accountLocked && !input.accountLocked) {
    await clearFailures(db, accountKey(userId));
    await event('unlocked', 'By a user admin');
  }
  if (input.password) await event('password_changed', 'By a user admin');
  if (input.accountLocked || input.password) await endUserSessions(db, userId);
  return userId;
}

/** A user's whole access as the grant rules read it: their own flags with their job code's, and their reach. */
function access(u: {
  userId: number;
  firstName: string;
  lastName: string;
  flags: readonly string[];
  jobCodeFlags: readonly string[];
  regions: string[];
  groupWide: boolean;
}) {
  return {
    userId: u.userId,
    name: `${u.firstName} ${u.lastName}`,
    flags: effectiveFlags(u.flags, u.jobCodeFlags),
    regions: u.regions,
    groupWide: u.groupWide,
  };
}

function describeChanges(before: typeof users.$inferSelect, after: Record<string, unknown>, password: boolean): string {
  const changed = Object.keys(after).filter(
    (k) => JSON.stringify((before as Record<string, unknown>)[k]) !== JSON.stringify(after[k]) && k !== 'accountLocked',
  );
  if (password) changed.push('password');
  return changed.length ? `Changed: ${changed.join(', ')}` : '';
}

/** Text and email code factors follow the user's phone and email; `null` removes the factor. */
async function syncCodeFactor(
  db: Parameters<typeof listFactors>[0],
  userId: number,
  type: 'sms' | 'email',
  target: string | null,
) {
  const [existing] = await db
    .select()
    .from(userFactors)
    .where(and(eq(userFactors.userId, userId), eq(userFactors.type, type)));
  if (!target) {
    if (existing) await db.delete(userFactors).where(eq(userFactors.id, existing.id));
  } else if (!existing) {
    await db.insert(userFactors).values({ userId, type, target, confirmed: true });
  } else if (existing.target !== target) {
    await db.update(userFactors).set({ target }).where(eq(userFactors.id, existing.id));
  }
}

defineAction({
  contract: resetTwoFactor,
  summary: "Removes a user's authenticator app; they set up a new one at their next sign-in.",
  permission: 'userAdmin',
  reach: { userId: userRecords },
  async handler({ db, input, user: admin, request, audit }) {
    refuseUnmanageableUser(admin, access(await loadUserDetail(db, input.userId)));
    const removed = await db
      .delete(userFactors)
      .where(and(eq(userFactors.userId, input.userId), eq(userFactors.type, 'totp')))
      .returning();
    await endUserSessions(db, input.userId);
    await recordEvent(
      db,
      input.userId,
      '2fa_reset',
      removed.length ? 'Authenticator app removed' : 'No authenticator app was set up',
      request.ip,
      admin.id,
    );
    audit({
      recordType: 'user',
      recordId: input.userId,
      before: { factors: removed.map((f) => f.type) },
      after: { factors: [] },
    });
    return {};
  },
});

defineAction({
  contract: lockUsers,
  summary:
    'Locks many accounts at once (a bulk action of the user manager): each is locked as on its edit screen, or none is.',
  permission: 'userAdmin',
  reach: { userIds: userRecords },
  async handler(ctx) {
    const { db, input, user: admin, request } = ctx;
    const chosen = await db
      .select({ user: users, jobFlags: jobCodes.flags })
      .from(users)
      .leftJoin(jobCodes, eq(jobCodes.jobCode, users.jobCode))
      .where(inArray(users.id, input.userIds));
    const missing = input.userIds.find((id) => !chosen.some(({ user }) => user.id === id));
    if (missing) throw notFound(userRecords, String(missing));
    if (chosen.some(({ user }) => user.id === admin.id))
      throw AppError.forbidden('You cannot lock your own account; ask another user admin.');
    // All or none: the first user this admin may not manage refuses the whole batch, naming them.
    for (const { user, jobFlags } of chosen)
      refuseUnmanageableUser(admin, access({ ...user, userId: user.id, jobCodeFlags: jobFlags ?? [] }));
    const unlocked = chosen.filter(({ user }) => !user.accountLocked);
    for (const { user } of unlocked) {
      await updateRecord(ctx, userRecords, user.id, { accountLocked: true });
      await recordEvent(db, user.id, 'locked', 'By a user admin', request.ip, admin.id);
      await endUserSessions(db, user.id);
    }
    return { lockedCount: unlocked.length };
  },
});

defineAction({
  contract: unlockUser,
  summary: 'Unlocks an account and clears its failed attempts.',
  permission: 'userAdmin',
  reach: { userId: userRecords },
  async handler(ctx) {
    const { db, input, user: admin, request } = ctx;
    refuseUnmanageableUser(admin, access(await loadUserDetail(db, input.userId)));
    await updateRecord(ctx, userRecords, input.userId, { accountLocked: false });
    // Attempts on the locked account still counted: the owner need not wait them out.
    await clearFailures(db, accountKey(input.userId));
    await recordEvent(db, input.userId, 'unlocked', 'By a user admin', request.ip, admin.id);
    return {};
  },
});

defineAction({
  contract: loadProfile,
  summary: "The signed-in user's own account: details and sign-in methods.",
  permission: 'signedIn',
  reach: 'group',
  readOnly: true,
  handler: async ({ db, user }) => ({ user: await loadUserDetail(db, user.id) }),
});

defineAction({
  contract: uploadPhoto,
  summary: 'Sets your profile image (multipart `file`): checked by content, resized to a square.',
  permission: 'signedIn',
  reach: 'group',
  maxFileBytes: PHOTO_MAX_BYTES,
  async handler({ db, files, user, request }) {
    const file = files.find((f) => f.field === 'file') ?? files[0];
    if (!file) throw AppError.invalid('Choose an image to upload.', ['file']);
    let image: Buffer;
    try {
      const meta = await images()(file.data).metadata();
      if (!meta.format || !['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'].includes(meta.format))
        throw new Error('format');
      image = await images()(file.data)
        .rotate()
        .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' })
        .webp({ quality: 85 })
        .toBuffer();
    } catch {
      throw AppError.invalid('The file is not an image. Upload a JPEG, PNG, WebP or GIF picture.', ['file']);
    }
    await db
      .insert(userPhotos)
      .values({ userId: user.id, content: image, contentType: 'image/webp' })
      .onConflictDoUpdate({
        target: userPhotos.userId,
        set: { content: image, contentType: 'image/webp', updatedAt: sql`now()` },
      });
    await recordEvent(db, user.id, 'photo_changed', '', request.ip, user.id);
    return { photoUrl: `/api/users/${user.id}/photo?v=${Date.now()}` };
  },
});

function apiKeySettings(row: typeof apiKeys.$inferSelect | undefined): ApiKeySettings {
  return {
    label: row?.label ?? '',
    active: row?.active ?? false,
    deployNotifications: row?.deployNotifications ?? false,
    sendServiceConfirmationEmail: row?.sendServiceConfirmationEmail ?? false,
    keyPrefix: row?.keyPrefix ?? null,
  };
}

defineAction({
  contract: loadApiKey,
  summary: 'Your API key settings (the key itself is shown only when generated).',
  permission: 'developer',
  reach: 'group',
  readOnly: true,
  async handler({ db, user }) {
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    return { apiKey: apiKeySettings(row) };
  },
});

defineAction({
  contract: saveApiKey,
  summary: 'Saves your API key settings; `regenerate=1` issues a new key and returns it once.',
  permission: 'developer',
  reach: 'group',
  async handler({ db, input, user, request, audit }) {
    const [before] = await db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    let newKey: string | undefined;
    const values: Partial<typeof apiKeys.$inferInsert> = {
      label: input.label ?? '',
      active: input.active,
      deployNotifications: input.deployNotifications,
      sendServiceConfirmationEmail: input.sendServiceConfirmationEmail,
    };
    if (input.regenerate || (input.active && !before?.keyHash)) {
      newKey = `fc_${randomBytes(24).toString('base64url')}`;
      values.keyHash = tokenHash(newKey);
      values.keyPrefix = newKey.slice(0, 10);
    }
    const [row] = await db
      .insert(apiKeys)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: apiKeys.userId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    if (newKey) await recordEvent(db, user.id, 'api_key', 'New API key issued', request.ip, user.id);
    audit({ recordType: 'apiKey', recordId: user.id, before: apiKeySettings(before), after: apiKeySettings(row) });
    return { apiKey: { ...apiKeySettings(row), ...(newKey ? { apiKey: newKey } : {}) } };
  },
});
