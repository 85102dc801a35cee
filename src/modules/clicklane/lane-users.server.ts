/**
 * The lane's own users (seed 000: access users, the user edit screen, reset-password, load-users):
 * the customers' accounts on the delivery product, and their side of it, the lead login (a reset
 * link's password, then their deliveries' updates).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import type { Db } from '../../server/db/client';
import { defineListAction, labelOf, matches, present } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { hashPassword, tokenHash, verifyPassword } from '../../server/platform/passwords';
import { toE164 } from '../../server/platform/phone';
import { loadRecord, refuseTaken, updateRecord } from '../../server/platform/records';
import { publicAddress } from '../../shared/address';
import { locations } from '../locations/locations.db';
import {
  laneDeliveries as deliveries,
  laneLeads as leads,
  lanePasswordResets as resets,
  laneUpdates as updates,
  laneUserRecords,
  laneUsers,
  laneVehicles as vehicles,
} from './clicklane.db';
import {
  deliveryStatusLabels,
  LEAD_LOGIN_PATH,
  laneUserColumns,
  leadLogin,
  loadUser,
  loadUsers,
  resetPassword,
  RESET_LINK_HOURS,
  saveUser,
  setPassword,
} from './clicklane.contract';

// Written out in full: inside a select of one table, drizzle names columns without their table.
const leadCount = sql<number>`(select count(*)::int from "lane_leads" as l where l.lane_user_id = "lane_users"."id")`;

const userSelect = (db: Db) =>
  db
    .select({
      userId: laneUsers.id,
      name: laneUsers.name,
      email: laneUsers.email,
      phone: laneUsers.phone,
      leadCount: leadCount.as('lead_count'),
      lastSignInAt: laneUsers.lastSignInAt,
      createdAt: laneUsers.createdAt,
    })
    .from(laneUsers)
    .$dynamic();

defineListAction({
  contract: loadUsers,
  summary:
    "The lane's users (customers' accounts on the delivery product), newest first: by part of the name, email or phone, and whether they have signed in.",
  permission: 'userAdmin',
  reach: 'group',
  bench: () => [
    { name: 'newest', filters: {} },
    { name: 'never signed in', filters: { signedIn: '0' } },
    { name: 'search', filters: { query: 'garcia' } },
    { name: 'by name, deep pages', filters: { sort: 'name', dir: 'asc' }, depth: 5 },
  ],
  columns: laneUserColumns,
  sorts: { createdAt: laneUsers.createdAt, name: laneUsers.name },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'userId', column: laneUsers.id },
  filters: { query: matches(laneUsers.search), signedIn: present(laneUsers.lastSignInAt) },
  query: ({ db }) => ({ select: userSelect(db) }),
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

defineAction({
  contract: loadUser,
  summary: 'One lane user for the user edit screen, with their last sign-in and reset link.',
  permission: 'userAdmin',
  reach: { userId: laneUserRecords },
  readOnly: true,
  async handler(ctx) {
    const stored = await loadRecord(ctx, laneUserRecords, ctx.input.userId);
    const [[row], [reset]] = await Promise.all([
      userSelect(ctx.db).where(eq(laneUsers.id, stored.id)),
      ctx.db
        .select({
          createdAt: resets.createdAt,
          pending: sql<boolean>`${resets.usedAt} is null and ${resets.expiresAt} > now()`,
        })
        .from(resets)
        .where(eq(resets.laneUserId, stored.id))
        .orderBy(desc(resets.createdAt), desc(resets.id))
        .limit(1),
    ]);
    return {
      user: {
        ...row,
        lastSignInAt: iso(row.lastSignInAt),
        createdAt: row.createdAt.toISOString(),
        updatedAt: stored.updatedAt.toISOString(),
        hasPassword: stored.passwordHash !== null,
        lastResetAt: iso(reset?.createdAt ?? null),
        resetPending: reset?.pending ?? false,
      },
    };
  },
});

defineAction({
  contract: saveUser,
  summary: "Saves a lane user's name, email and phone.",
  permission: 'userAdmin',
  reach: { userId: laneUserRecords },
  async handler(ctx) {
    const { input } = ctx;
    await loadRecord(ctx, laneUserRecords, input.userId);
    const phone = input.phone ? toE164(input.phone) : '';
    if (phone === null) throw AppError.invalid('Phone must be a phone number such as (505) 555-0142.', ['phone']);
    await refuseTaken(
      ctx.db,
      laneUsers.email,
      input.email,
      `Another lane user has the email ${input.email}.`,
      'email',
      {
        key: laneUsers.id,
        value: input.userId,
      },
    );
    await updateRecord(ctx, laneUserRecords, input.userId, { name: input.name, email: input.email, phone });
    return { userId: input.userId };
  },
});

/** The email with the link; the token is in it and nowhere else. */
const resetEmail = (name: string, link: string) =>
  [
    `Hello ${name},`,
    '',
    'Your store sent you a link to set the password of your ClickLane account, where you follow your delivery:',
    link,
    '',
    `The link works once, within ${RESET_LINK_HOURS} hours. If you did not ask for it, ignore this email.`,
  ].join('\n');

defineAction({
  contract: resetPassword,
  summary: `Sends a lane user a single-use link to set their password (it expires in ${RESET_LINK_HOURS} hours); an earlier unused link stops working.`,
  permission: 'userAdmin',
  reach: { userId: laneUserRecords },
  rateLimit: 30,
  // The link is kept (and earlier ones stopped) first; the mail server is asked with no transaction
  // open. A mail that fails leaves an unsent link, which a second reset replaces.
  outside: true,
  async handler(ctx) {
    const user = await loadRecord(ctx, laneUserRecords, ctx.input.userId);
    const token = randomBytes(32).toString('base64url');
    const reset = await ctx.change(async (c) => {
      await c.db
        .update(resets)
        .set({ expiresAt: sql`now()` })
        .where(and(eq(resets.laneUserId, user.id), isNull(resets.usedAt), gt(resets.expiresAt, sql`now()`)));
      const [kept] = await c.db
        .insert(resets)
        .values({
          laneUserId: user.id,
          tokenHash: tokenHash(token),
          sentBy: c.user.id,
          expiresAt: sql`now() + make_interval(hours => ${RESET_LINK_HOURS})`,
        })
        .returning({ id: resets.id, expiresAt: resets.expiresAt });
      c.audit({ recordType: 'laneUser', recordId: user.id, after: { passwordResetId: kept.id } });
      return kept;
    });
    const link = publicAddress(ctx.services.config.PUBLIC_URL, `${LEAD_LOGIN_PATH}?token=${token}`);
    await ctx.services.mail.send(ctx.db, {
      to: user.email,
      subject: 'Set your ClickLane password',
      text: resetEmail(user.name, link),
    });
    return { userId: user.id, expiresAt: reset.expiresAt.toISOString() };
  },
});

/** Why a token that is not usable now is refused: each says what to do next. */
async function refusedToken(db: Db, hash: string): Promise<AppError> {
  const [reset] = await db.select({ usedAt: resets.usedAt }).from(resets).where(eq(resets.tokenHash, hash));
  const sentence = !reset
    ? 'This reset link is not valid. Ask your store to send a new one.'
    : reset.usedAt
      ? 'This reset link has already been used. Ask your store to send a new one.'
      : 'This reset link has expired. Ask your store to send a new one.';
  return AppError.invalid(sentence, ['token']);
}

defineAction({
  contract: setPassword,
  summary: "A lane user's new password, with the token of their reset link: once, before it expires.",
  permission: 'public',
  reach: 'group',
  rateLimit: 10,
  async handler(ctx: ActionContext<{ token: string; password: string }>) {
    const hash = tokenHash(ctx.input.token);
    // Claimed in one statement: two requests with the same link cannot both use it.
    const [claimed] = await ctx.db
      .update(resets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(resets.tokenHash, hash), isNull(resets.usedAt), gt(resets.expiresAt, sql`now()`)))
      .returning({ laneUserId: resets.laneUserId });
    if (!claimed) throw await refusedToken(ctx.db, hash);
    const passwordHash = await hashPassword(ctx.input.password);
    const [user] = await ctx.db
      .update(laneUsers)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(laneUsers.id, claimed.laneUserId))
      .returning({ id: laneUsers.id, email: laneUsers.email });
    ctx.audit({ recordType: 'laneUser', recordId: user.id, after: { passwordSet: true } });
    return { email: user.email };
  },
});

/** Compared when no account matches, so a wrong email takes as long as a wrong password. */
let decoy: Promise<string> | undefined;
const WRONG_LOGIN = 'That email and password do not match.';

/** The customer's deliveries, each with its updates newest first, as the delivery product shows them. */
async function customerDeliveries(db: Db, laneUserId: number) {
  const rows = await db
    .select({
      deliveryId: deliveries.id,
      vehicle: sql<string>`coalesce(nullif(${vehicles.description}, ''), ${leads.vehicleWanted})`,
      storeName: locations.name,
      scheduledDate: deliveries.scheduledDate,
      deliveredDate: deliveries.deliveredDate,
      statusLabel: labelOf(deliveries.status, deliveryStatusLabels),
    })
    .from(deliveries)
    .innerJoin(leads, eq(leads.id, deliveries.leadId))
    .innerJoin(locations, eq(locations.id, deliveries.locationId))
    .leftJoin(vehicles, eq(vehicles.id, deliveries.laneVehicleId))
    .where(eq(leads.laneUserId, laneUserId))
    .orderBy(desc(deliveries.scheduledDate), desc(deliveries.id));
  const posted = rows.length
    ? await db
        .select({
          deliveryId: updates.deliveryId,
          updateId: updates.id,
          text: updates.text,
          photoUrl: updates.photoUrl,
          createdAt: updates.createdAt,
        })
        .from(updates)
        .where(
          inArray(
            updates.deliveryId,
            rows.map((r) => r.deliveryId),
          ),
        )
        .orderBy(desc(updates.createdAt), desc(updates.id))
    : [];
  return rows.map(({ deliveryId, ...delivery }) => ({
    ...delivery,
    updates: posted
      .filter((u) => u.deliveryId === deliveryId)
      .map(({ deliveryId: _, ...u }) => ({ ...u, createdAt: u.createdAt.toISOString() })),
  }));
}

defineAction({
  contract: leadLogin,
  summary: "The lead login: a lane user's email and password answer their deliveries and the updates posted on them.",
  permission: 'public',
  reach: 'group',
  rateLimit: 20,
  async handler({ db, input }) {
    const [user] = await db.select().from(laneUsers).where(eq(laneUsers.email, input.email));
    decoy ??= hashPassword(randomBytes(16).toString('hex'));
    const matched = await verifyPassword(user?.passwordHash ?? (await decoy), input.password);
    if (!user?.passwordHash || !matched) throw AppError.invalid(WRONG_LOGIN, ['password']);
    await db.update(laneUsers).set({ lastSignInAt: sql`now()` }).where(eq(laneUsers.id, user.id));
    return { name: user.name, deliveries: await customerDeliveries(db, user.id) };
  },
});
