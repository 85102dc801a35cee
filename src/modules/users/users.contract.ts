import { z } from 'zod';
import { email, flag, id, int, list, optionalId, optionalPhone, optionalText, text, yesNo } from '../../shared/fields';
import { allFlags, type Flag } from '../../shared/permissions';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { signInPaths, signInTitles } from './users.api';

export const factorTypes = ['totp', 'sms', 'email'] as const;
export type FactorType = (typeof factorTypes)[number];
export const factorLabels: Record<FactorType, string> = {
  totp: 'Authenticator app',
  sms: 'Text message code',
  email: 'Email code',
};

export const PASSWORD_MIN = 10;

const password = z
  .string({ error: 'is required' })
  .min(1, { error: 'is required' })
  .max(200, { error: 'must be at most 200 characters' });
const newPassword = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN, { error: `must be at least ${PASSWORD_MIN} characters` })
  .max(200, { error: 'must be at most 200 characters' });

const authenticateInput = z.object({ username: text(200).meta({ title: signInTitles.username }), password });
const factor = z.object({ factorId: z.number().int(), factorType: z.enum(factorTypes), target: z.string() });
export type Factor = z.output<typeof factor>;
const authenticateReply = z.object({
  authenticate: z.object({ success: z.literal(true), factors: z.array(factor), enrol: z.boolean() }),
});
export type AuthenticateReply = z.output<typeof authenticateReply>;

const pushInput = z.object({
  factorId: id,
  factorType: z.enum(factorTypes, { error: 'must be totp, sms or email' }),
});
const verifyInput = z.object({
  authCode: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v),
    z.string({ error: 'is required' }).regex(/^\d{6}$/, { error: 'must be the 6-digit code' }),
  ),
  redirect: optionalText(500),
});
const enrolReply = z.object({ factorId: z.number().int(), secret: z.string(), otpauthUrl: z.string(), qr: z.string() });
export type EnrolReply = z.output<typeof enrolReply>;

const changePasswordInput = z.object({ currentPassword: password, newPassword });
/** The session goes on under a new id: its new CSRF token. */

/** Each flag of the catalogue as its own 1/0 field, as the edit-user form sends them. */
const flagFields = Object.fromEntries(allFlags.map((f) => [f, flag])) as Record<Flag, typeof flag>;

const saveUserInput = z.object({
  userId: optionalId,
  username: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'is required' })
      .min(3, { error: 'must be at least 3 characters' })
      .max(60, { error: 'must be at most 60 characters' })
      .regex(/^[A-Za-z0-9._-]+$/, { error: 'may use letters, digits, dots, dashes and underscores only' }),
  ),
  email,
  firstName: text(80),
  lastName: text(80),
  phone: optionalPhone,
  jobCode: optionalText(20),
  locationId: optionalId,
  password: z.preprocess((v) => (v === '' ? undefined : v), newPassword.optional()),
  regions: list(text(60), 100),
  groupWide: flag.meta({ title: 'Group-wide' }),
  accountLocked: flag,
  smsFactor: flag.meta({ title: 'Text message codes' }),
  emailFactor: flag.meta({ title: 'Email codes' }),
  ...flagFields,
});
export type SaveUserInput = z.infer<typeof saveUserInput>;

const userIdInput = z.object({ userId: id });

const loadUsersFilters = {
  query: optionalText(100).meta({ title: 'Search' }),
  jobCode: optionalText(20),
  locationId: optionalId,
  locked: yesNo,
};

export const userColumns: ColumnSpec[] = [
  { key: 'lastName', label: 'Last name', sortable: true },
  { key: 'firstName', label: 'First name' },
  { key: 'username', label: 'Username', sortable: true },
  { key: 'email', label: 'Email' },
  { key: 'jobCode', label: 'Job code' },
  { key: 'locationName', label: 'Location' },
  { key: 'accountLocked', label: 'Locked', format: 'flag' },
  { key: 'lastSignInAt', label: 'Last sign-in', format: 'datetime' },
];
const userRow = z.object({
  id: z.number().int(),
  lastName: z.string(),
  firstName: z.string(),
  username: z.string(),
  email: z.string(),
  jobCode: z.string().nullable(),
  locationName: z.string().nullable(),
  accountLocked: z.boolean(),
  lastSignInAt: z.string().nullable(),
});
export type UserRow = z.output<typeof userRow>;

export const eventColumns: ColumnSpec[] = [
  { key: 'at', label: 'When', format: 'datetime', sortable: true },
  { key: 'type', label: 'Event' },
  { key: 'detail', label: 'Detail' },
  { key: 'ip', label: 'From' },
  { key: 'byName', label: 'By' },
];
const eventRow = z.object({
  id: z.number().int(),
  at: z.string(),
  type: z.string(),
  detail: z.string(),
  ip: z.string(),
  byName: z.string().nullable(),
});
export type EventRow = z.output<typeof eventRow>;

export const eventLabels: Record<string, string> = {
  signin: 'Signed in',
  signin_failed: 'Sign-in failed',
  code_failed: 'Wrong two-factor code',
  signin_warning: 'Owner emailed about failed sign-ins',
  signin_warning_failed: 'Owner could not be emailed about failed sign-ins',
  code_not_sent: 'Sign-in code not sent',
  locked: 'Account locked',
  unlocked: 'Account unlocked',
  created: 'Account created',
  saved: 'Account changed',
  password_changed: 'Password changed',
  factor_enrolled: 'Two-factor set up',
  '2fa_reset': 'Two-factor reset',
  signout: 'Signed out',
  photo_changed: 'Profile image changed',
  api_key: 'API key changed',
};

const userDetail = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  jobCode: z.string().nullable(),
  locationId: z.number().int().nullable(),
  regions: z.array(z.string()),
  groupWide: z.boolean(),
  accountLocked: z.boolean(),
  flags: z.array(z.enum(allFlags)),
  jobCodeFlags: z.array(z.enum(allFlags)),
  factors: z.array(factor),
  hasPhoto: z.boolean(),
  lastSignInAt: z.string().nullable(),
});
export type UserDetail = z.output<typeof userDetail>;

const saveApiKeyInput = z.object({
  label: optionalText(80),
  active: flag,
  deployNotifications: flag,
  sendServiceConfirmationEmail: flag,
  regenerate: flag,
});
const apiKeySettings = z.object({
  label: z.string(),
  active: z.boolean(),
  deployNotifications: z.boolean(),
  sendServiceConfirmationEmail: z.boolean(),
  keyPrefix: z.string().nullable(),
  apiKey: z.string().optional(),
});
export type ApiKeySettings = z.output<typeof apiKeySettings>;

export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_SIZE = 256;

/** users/list-options: how many users a picker gets at most, and by default. */
const USER_OPTIONS_MAX = 50;
export const USER_OPTIONS_DEFAULT = 20;

/**
 * A picker's question: active users whose name, username or email contains `search`, optionally of
 * one location; or, with `ids`, the users already chosen (locked ones too), to show their names.
 */
const userOptionsInput = z.object({
  search: optionalText(100),
  locationId: optionalId,
  ids: list(id, USER_OPTIONS_MAX),
  limit: z.preprocess((v) => (v === '' || v === null ? undefined : v), int(1, USER_OPTIONS_MAX).optional()),
});

/** A user as pickers show them: a name to read and nothing more (no email, flags or phone). */
const userOption = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  locationId: z.number().int().nullable(),
});
export type UserOption = z.output<typeof userOption>;

const nothing = z.object({});

export const authenticate = defineContract({
  path: signInPaths.authenticate,
  input: authenticateInput,
  output: authenticateReply,
});
export const pushCode = defineContract({
  path: 'users/2fa-push',
  input: pushInput,
  output: z.object({ sent: z.boolean(), target: z.string().optional() }),
});
export const signInFactors = defineContract({ path: signInPaths.factors, input: nothing, output: authenticateReply });
export const enrolAuthenticator = defineContract({ path: 'users/2fa-enrol', input: nothing, output: enrolReply });
export const verifyCode = defineContract({
  path: 'users/2fa-verify',
  input: verifyInput,
  output: z.object({ redirect: z.string() }),
});
export const logout = defineContract({ path: 'users/logout', input: nothing, output: nothing });
/** Your own password; this browser goes on under a new session id and CSRF token. */
export const changePassword = defineContract({
  path: 'users/change-password',
  input: changePasswordInput,
  output: z.object({ csrfToken: z.string() }),
});

export const loadUsers = listContract({
  path: 'users/load-users',
  filters: loadUsersFilters,
  row: userRow,
  countKey: 'userCount',
});
export const loadEvents = listContract({
  path: 'users/load-events',
  filters: { userId: id },
  row: eventRow,
  countKey: 'eventCount',
});
export const userOptions = defineContract({
  path: 'users/list-options',
  input: userOptionsInput,
  output: z.object({ users: z.array(userOption) }),
});
export const loadUser = defineContract({
  path: 'users/load-user',
  input: userIdInput,
  output: z.object({ user: userDetail }),
});
export const saveUser = defineContract({
  path: 'users/save-user',
  input: saveUserInput,
  output: z.object({ userId: z.number().int() }),
});
export const resetTwoFactor = defineContract({ path: 'users/reset-2fa', input: userIdInput, output: nothing });
export const unlockUser = defineContract({ path: 'users/unlock', input: userIdInput, output: nothing });
/** The most users locked at once: a page of the user manager at its largest. */
const MAX_BULK_USERS = 250;
export const lockUsers = defineContract({
  path: 'users/lock-users',
  input: z.object({
    userIds: list(id, MAX_BULK_USERS)
      .refine((ids) => ids.length > 0, 'must name at least one user')
      .meta({ title: 'Users' }),
  }),
  output: z.object({ lockedCount: z.number().int() }),
});
export const loadProfile = defineContract({
  path: 'users/profile',
  input: nothing,
  output: z.object({ user: userDetail }),
});
export const uploadPhoto = defineContract({
  path: 'users/upload',
  input: nothing,
  output: z.object({ photoUrl: z.string() }),
});
export const loadApiKey = defineContract({
  path: 'users/load-api-key',
  input: nothing,
  output: z.object({ apiKey: apiKeySettings }),
});
export const saveApiKey = defineContract({
  path: 'users/save-api-key',
  input: saveApiKeyInput,
  output: z.object({ apiKey: apiKeySettings }),
});
