import { z } from 'zod';
import { email, flag, id, int, list, optionalId, optionalPhone, optionalText, text } from '../../shared/fields';
import { allFlags, type Flag } from '../../shared/permissions';
import type { ColumnSpec } from '../../shared/lists';

export const factorTypes = ['totp', 'sms', 'email'] as const;
export type FactorType = (typeof factorTypes)[number];
export const factorLabels: Record<FactorType, string> = { totp: 'Authenticator app', sms: 'Text message code', email: 'Email code' };

export const PASSWORD_MIN = 10;

const password = z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(200, { error: 'must be at most 200 characters' });
const newPassword = z.string({ error: 'is required' })
  .min(PASSWORD_MIN, { error: `must be at least ${PASSWORD_MIN} characters` })
  .max(200, { error: 'must be at most 200 characters' });

export const authenticateInput = z.object({ username: text(200), password });
export interface Factor { factorId: number; factorType: FactorType; target: string }
export interface AuthenticateReply { authenticate: { success: true; factors: Factor[]; enrol: boolean } }

export const pushInput = z.object({ factorId: id, factorType: z.enum(factorTypes, { error: 'must be totp, sms or email' }) });
export const verifyInput = z.object({
  authCode: z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v),
    z.string({ error: 'is required' }).regex(/^\d{6}$/, { error: 'must be the 6-digit code' })),
  redirect: optionalText(500),
});
export interface EnrolReply { factorId: number; secret: string; otpauthUrl: string; qr: string }

export const changePasswordInput = z.object({ currentPassword: password, newPassword });
/** The session goes on under a new id: its new CSRF token. */
export interface ChangePasswordReply { csrfToken: string }

/** Each flag of the catalogue as its own 1/0 field, as the edit-user form sends them. */
export const flagFields = Object.fromEntries(allFlags.map((f) => [f, flag])) as Record<Flag, typeof flag>;

export const saveUserInput = z.object({
  userId: optionalId,
  username: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'is required' }).min(3, { error: 'must be at least 3 characters' }).max(60, { error: 'must be at most 60 characters' })
      .regex(/^[A-Za-z0-9._-]+$/, { error: 'may use letters, digits, dots, dashes and underscores only' })),
  email,
  firstName: text(80),
  lastName: text(80),
  phone: optionalPhone,
  jobCode: optionalText(20),
  locationId: optionalId,
  password: z.preprocess((v) => (v === '' ? undefined : v), newPassword.optional()),
  regions: list(text(60), 100),
  groupWide: flag,
  accountLocked: flag,
  smsFactor: flag,
  emailFactor: flag,
  ...flagFields,
});
export type SaveUserInput = z.infer<typeof saveUserInput>;

export const userIdInput = z.object({ userId: id });

export const loadUsersFilters = {
  query: optionalText(100),
  jobCode: optionalText(20),
  locationId: optionalId,
  locked: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['1', '0'], { error: 'must be 1 or 0' }).optional()),
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
export interface UserRow {
  id: number; lastName: string; firstName: string; username: string; email: string;
  jobCode: string | null; locationName: string | null; accountLocked: boolean; lastSignInAt: string | null;
}

export const eventColumns: ColumnSpec[] = [
  { key: 'at', label: 'When', format: 'datetime', sortable: true },
  { key: 'type', label: 'Event' },
  { key: 'detail', label: 'Detail' },
  { key: 'ip', label: 'From' },
  { key: 'byName', label: 'By' },
];
export interface EventRow { id: number; at: string; type: string; detail: string; ip: string; byName: string | null }

export const eventLabels: Record<string, string> = {
  signin: 'Signed in',
  signin_failed: 'Sign-in failed',
  code_failed: 'Wrong two-factor code',
  signin_warning: 'Owner emailed about failed sign-ins',
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

export interface UserDetail {
  userId: number; username: string; email: string; firstName: string; lastName: string; phone: string;
  jobCode: string | null; locationId: number | null; regions: string[]; groupWide: boolean; accountLocked: boolean;
  flags: Flag[]; jobCodeFlags: Flag[]; factors: Factor[]; hasPhoto: boolean; lastSignInAt: string | null;
}

export const saveApiKeyInput = z.object({
  label: optionalText(80),
  active: flag,
  deployNotifications: flag,
  sendServiceConfirmationEmail: flag,
  regenerate: flag,
});
export interface ApiKeySettings {
  label: string; active: boolean; deployNotifications: boolean; sendServiceConfirmationEmail: boolean;
  keyPrefix: string | null; apiKey?: string;
}

export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_SIZE = 256;

/** users/list-options: how many users a picker gets at most, and by default. */
export const USER_OPTIONS_MAX = 50;
export const USER_OPTIONS_DEFAULT = 20;

/**
 * A picker's question: active users whose name, username or email contains `search`, optionally of
 * one location; or, with `ids`, the users already chosen (locked ones too), to show their names.
 */
export const userOptionsInput = z.object({
  search: optionalText(100),
  locationId: optionalId,
  ids: list(id, USER_OPTIONS_MAX),
  limit: z.preprocess((v) => (v === '' || v === null ? undefined : v), int(1, USER_OPTIONS_MAX).optional()),
});

/** A user as pickers show them: a name to read and nothing more (no email, flags or phone). */
export interface UserOption { id: number; name: string; username: string; locationId: number | null }
