import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { testApp, userById, type TestApp, type Caller } from '../../../tests/helpers';
import { auditLog, sessions } from '../../server/platform/platform.db';
import { locations } from '../locations/locations.db';
import { apiKeys, userEvents, userFactors, userPhotos, users } from './users.db';
import { allFlags } from '../../shared/permissions';
import {
  loadApiKey,
  loadEvents,
  loadProfile,
  loadUser,
  loadUsers,
  lockUsers,
  resetTwoFactor,
  saveApiKey,
  saveUser,
  unlockUser,
  userOptions,
} from './users.contract';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await testApp();
  // The group's administrator: every permission, every location.
  admin = await t.signedIn([...allFlags]);
});
afterAll(async () => {
  await t?.close();
});

const newUser = {
  username: 'rmontoya',
  email: 'Rosa.Montoya@forecourt.test',
  firstName: 'Rosa',
  lastName: 'Montoya',
  phone: '(505) 555-0142',
  jobCode: 'ADVISOR',
  password: 'a-long-enough-password',
  regions: ['New Mexico', 'Colorado'],
  messenger: 1,
  photographer: 1,
  crmManager: 0,
  emailFactor: 1,
  smsFactor: 1,
};

describe('users/load-users', () => {
  it('lists users with a count and html, searched case-insensitively by name', async () => {
    const res = await admin.act(loadUsers, { query: 'GARCIA' });
    expect(res.status).toBe(200);
    expect(res.body.data.userCount).toBeGreaterThan(0);
    expect(
      res.body.data.rows.every((r: { lastName: string; firstName: string }) =>
        `${r.firstName} ${r.lastName}`.includes('Garcia'),
      ),
    ).toBe(true);
    expect(res.body.data.html).toContain('<td>Garcia</td>');
  });

  it('pages through every user with the keyset cursor, in order, without repeats', async () => {
    const [{ total }] = await t.db.select({ total: count() }).from(users);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await admin.act(loadUsers, { limit: 7, cursor, sort: 'username', dir: 'desc' });
      seen.push(...res.body.data.rows.map((r: { username: string }) => r.username));
      cursor = res.body.data.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((a, b) => (a < b ? 1 : -1)));
  });

  it('filters by lock state and job code', async () => {
    const locked = await admin.act(loadUsers, { locked: '1' });
    expect(locked.body.data.rows.length).toBeGreaterThan(0);
    expect(locked.body.data.rows.every((r: { accountLocked: boolean }) => r.accountLocked)).toBe(true);
    const gm = await admin.act(loadUsers, { jobCode: 'GM' });
    expect(gm.body.data.rows.every((r) => r.jobCode === 'GM')).toBe(true);
  });

  it('refuses a bad filter with a sentence', async () => {
    const res = await admin.act(loadUsers, { locked: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toBe('Locked must be 1 or 0.');
  });
});

describe('users/list-options', () => {
  let store: number;
  let ana: number;
  let anabel: number;
  let lockedAna: number;
  beforeAll(async () => {
    [{ id: store }] = await t.db
      .insert(locations)
      .values({ code: 'OPTS', name: 'Options Motors' })
      .returning({ id: locations.id });
    ana = (
      await t.createUser({
        firstName: 'Ana',
        lastName: 'Zubiate',
        username: 'azubiate',
        email: 'a.z@dealer-mail.test',
        locationId: store,
        phone: '+15055557001',
      })
    ).id;
    anabel = (
      await t.createUser({
        firstName: 'Anabel',
        lastName: 'Zubiate',
        username: 'anabelz',
        email: 'quiet.fox@dealer-mail.test',
        flags: ['userAdmin'],
      })
    ).id;
    lockedAna = (
      await t.createUser({
        firstName: 'Ana',
        lastName: 'Zubiate-Locked',
        username: 'azlocked',
        email: 'azl@dealer-mail.test',
        accountLocked: true,
      })
    ).id;
  });

  it('finds active users by name, full name, username or email, any case, with names and usernames only', async () => {
    const staff = await t.signedIn([]);
    const res = await staff.act(userOptions, { search: 'ZUBIATE' });
    expect(res.status).toBe(200);
    // Ordered by the name shown; the locked account is not offered.
    expect(res.body.data).toEqual({
      users: [
        { id: ana, name: 'Ana Zubiate', username: 'azubiate', locationId: store },
        { id: anabel, name: 'Anabel Zubiate', username: 'anabelz', locationId: null },
      ],
    });
    const ids = async (search: string) =>
      (await staff.act(userOptions, { search })).body.data.users.map((u: { id: number }) => u.id);
    expect(await ids('ana zub')).toEqual([ana]);
    expect(await ids('BEL ZUB')).toEqual([anabel]);
    expect(await ids('AnabelZ')).toEqual([anabel]);
    expect(await ids('quiet.fox')).toEqual([anabel]);
    // LIKE wildcards are searched as characters, not patterns.
    expect(await ids('%')).toEqual([]);
    expect(await ids('a_z')).toEqual([]);
    const byLocation = await staff.call('users/list-options', { search: 'zubiate', locationId: store }, { form: true });
    expect(byLocation.body.data.users.map((u: { id: number }) => u.id)).toEqual([ana]);
  });

  it('names the users already chosen by their ids, locked ones included', async () => {
    const staff = await t.signedIn([]);
    const res = await staff.call('users/list-options', { ids: [lockedAna, anabel, ana] }, { form: true });
    expect(res.body.data.users.map((u: { name: string }) => u.name)).toEqual([
      'Ana Zubiate',
      'Ana Zubiate-Locked',
      'Anabel Zubiate',
    ]);
    expect(Object.keys(res.body.data.users[0]).sort()).toEqual(['id', 'locationId', 'name', 'username']);
    const single = await staff.call('users/list-options', { ids: String(lockedAna) }, { form: true });
    expect(single.body.data.users).toEqual([
      { id: lockedAna, name: 'Ana Zubiate-Locked', username: 'azlocked', locationId: null },
    ]);
  });

  it('reads one page from the database: 20 users by default, at most 50', async () => {
    const [{ active }] = await t.db.select({ active: count() }).from(users).where(eq(users.accountLocked, false));
    expect(active).toBeGreaterThan(20);
    const staff = await t.signedIn([]);
    const first = await staff.act(userOptions, {});
    expect(first.body.data.users).toHaveLength(20);
    const names = first.body.data.users.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await staff.act(userOptions, { limit: 5 })).body.data.users).toHaveLength(5);
    expect((await staff.call('users/list-options', { limit: '50' }, { form: true })).body.data.users).toHaveLength(
      Math.min(50, active + 1),
    );
  });

  it('needs a signed-in user, refuses bad input with a sentence, and writes nothing', async () => {
    const [{ n: audits }] = await t.db.select({ n: count() }).from(auditLog);
    const anonymous = await t.anonymous().act(userOptions, { search: 'zubiate' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.data).toEqual({});
    const staff = await t.signedIn([]);
    const cases: [Record<string, unknown>, string][] = [
      [{ limit: 51 }, 'Limit must be at most 50.'],
      [{ limit: 0 }, 'Limit must be at least 1.'],
      [{ ids: ['abc'] }, 'Ids must be a record number.'],
      [{ ids: Array.from({ length: 51 }, (_, i) => i + 1) }, 'Ids must have at most 50 entries.'],
      [{ locationId: 'ABG' }, 'Location must be a record number.'],
      [{ search: 'x'.repeat(101) }, 'Search must be at most 100 characters.'],
    ];
    for (const [body, message] of cases) {
      const res = await staff.actRaw(userOptions, body);
      expect(res.status, message).toBe(400);
      expect(res.body.errors).toEqual([message]);
    }
    const [{ n: after }] = await t.db.select({ n: count() }).from(auditLog);
    expect(after).toBe(audits);
  });
});

describe('users/save-user', () => {
  let created: number;

  it('creates a user with flags, regions, code factors and a created event', async () => {
    const res = await admin.call('users/save-user', newUser, { form: true });
    expect(res.status).toBe(200);
    created = res.body.data.userId;
    const row = await userById(t.db, created);
    expect(row).toMatchObject({
      username: 'rmontoya',
      email: 'rosa.montoya@forecourt.test',
      phone: '+15055550142',
      jobCode: 'ADVISOR',
      flags: ['messenger', 'photographer'],
      regions: ['New Mexico', 'Colorado'],
      accountLocked: false,
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // The audit row holds the new user, never their password or its hash.
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'user'), eq(auditLog.recordId, String(created))));
    expect(audited.after).toMatchObject({ username: 'rmontoya', passwordHash: '[redacted]' });
    expect(JSON.stringify(audited)).not.toContain('argon2');
    const factors = await t.db.select().from(userFactors).where(eq(userFactors.userId, created));
    expect(factors.map((f) => [f.type, f.target]).sort()).toEqual([
      ['email', 'rosa.montoya@forecourt.test'],
      ['sms', '+15055550142'],
    ]);
    const loaded = await admin.act(loadUser, { userId: created });
    expect(loaded.body.data.user).toMatchObject({
      flags: ['messenger', 'photographer'],
      jobCodeFlags: ['phoneLookup', 'messenger', 'serviceAdvisor'],
    });
  });

  it('saves changes, records what changed, and keeps the password when none is sent', async () => {
    const before = await userById(t.db, created);
    const res = await admin.act(saveUser, {
      ...newUser,
      userId: created,
      password: '',
      lastName: 'Montoya-Baca',
      messenger: 0,
      smsFactor: 0,
    });
    expect(res.status).toBe(200);
    const after = await userById(t.db, created);
    expect(after.lastName).toBe('Montoya-Baca');
    expect(after.flags).toEqual(['photographer']);
    expect(after.passwordHash).toBe(before.passwordHash);
    const [event] = await t.db
      .select()
      .from(userEvents)
      .where(eq(userEvents.userId, created))
      .orderBy(desc(userEvents.id))
      .limit(1);
    expect(event).toMatchObject({ type: 'saved', detail: 'Changed: lastName, flags' });
    const factors = await t.db.select().from(userFactors).where(eq(userFactors.userId, created));
    expect(factors.map((f) => f.type)).toEqual(['email']);
  });

  it('refuses a taken username or email with 409, and a missing password for a new user', async () => {
    const taken = await admin.act(saveUser, { ...newUser, email: 'other@forecourt.test' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      errors: ['Another user already has this username.'],
      data: { fields: ['username'] },
    });
    const noPassword = await admin.act(saveUser, {
      ...newUser,
      username: 'fresh1',
      email: 'fresh1@forecourt.test',
      password: '',
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors[0]).toBe('Password is required for a new user.');
  });

  it('refuses bad fields and changes nothing', async () => {
    const [{ n: before }] = await t.db.select({ n: count() }).from(users);
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...newUser, username: 'x y', email: 'x@forecourt.test' },
        'Username may use letters, digits, dots, dashes and underscores only.',
      ],
      [{ ...newUser, username: 'fresh2', email: 'not-an-email' }, 'Email must be an email address.'],
      [{ ...newUser, username: 'fresh3', email: 'f3@forecourt.test', jobCode: 'NOPE' }, 'There is no job code NOPE.'],
      [
        { ...newUser, username: 'fresh4', email: 'f4@forecourt.test', phone: '123' },
        'Phone must be a phone number such as (505) 555-0142.',
      ],
      [
        {
          ...newUser,
          username: 'fresh5',
          email: 'f5@forecourt.test',
          firstName: '<script>alert(1)</script>'.repeat(20),
        },
        'First name must be at most 80 characters.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await admin.actRaw(saveUser, body);
      expect(res.status, message).toBe(400);
      expect(res.body.errors[0]).toBe(message);
    }
    const [{ n: after }] = await t.db.select({ n: count() }).from(users);
    expect(after).toBe(before);
  });

  it("puts each error at its field (data.fieldErrors) beside the sentences and the old API's data.fields", async () => {
    const res = await admin.act(saveUser, { ...newUser, username: 'x y', email: 'not-an-email', phone: '123' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual(['username', 'email', 'phone']);
    expect(res.body.data.fieldErrors).toEqual({
      username: 'Username may use letters, digits, dots, dashes and underscores only.',
      email: 'Email must be an email address.',
      phone: 'Phone must be a phone number such as (505) 555-0142.',
    });
    expect(res.body.errors).toEqual(Object.values(res.body.data.fieldErrors!));
    const taken = await admin.act(saveUser, { ...newUser, username: 'admin', email: 'someone.new@forecourt.test' });
    expect(taken.status).toBe(409);
    expect(taken.body.data.fieldErrors).toEqual({ username: 'Another user already has this username.' });
  });

  it('stores HTML as text and the html list escapes it', async () => {
    const res = await admin.act(saveUser, {
      ...newUser,
      username: 'htmlname',
      email: 'html@forecourt.test',
      lastName: '<b>Bold</b>',
    });
    expect(res.status).toBe(200);
    const list = await admin.act(loadUsers, { query: 'html' });
    expect(list.body.data.html).toContain('&lt;b&gt;Bold&lt;/b&gt;');
    expect(list.body.data.html).not.toContain('<b>Bold</b>');
  });

  it('says 404 for a user that does not exist', async () => {
    const res = await admin.act(saveUser, { ...newUser, userId: 999999 });
    expect(res.status).toBe(404);
  });
});

describe('events, unlock and two-factor reset', () => {
  it("lists a user's events newest first with readable names", async () => {
    const user = await t.createUser({ accountLocked: true });
    await admin.act(unlockUser, { userId: user.id });
    const row = await userById(t.db, user.id);
    expect(row).toMatchObject({ accountLocked: false });
    const events = await admin.act(loadEvents, { userId: user.id });
    expect(events.body.data.eventCount).toBe(1);
    expect(events.body.data.rows[0]).toMatchObject({
      type: 'Account unlocked',
      detail: 'By a user admin',
      byName: expect.stringContaining('Test User'),
    });
    expect(events.body.data.html).toContain('Account unlocked');
  });

  it("reset-2fa removes the authenticator app and ends the user's sessions", async () => {
    const user = await t.createUser();
    await t.db
      .insert(userFactors)
      .values({ userId: user.id, type: 'totp', secret: 'JBSWY3DPEHPK3PXP', confirmed: true });
    await t.sessionFor(user.id);
    const res = await admin.act(resetTwoFactor, { userId: user.id });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(userFactors).where(eq(userFactors.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await admin.act(resetTwoFactor, { userId: 999999 })).status).toBe(404);
  });

  it('an admin cannot lock themselves out', async () => {
    const self = (await admin.act(loadProfile, {})).body.data.user;
    const res = await admin.act(saveUser, { ...self, accountLocked: 1 });
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toBe(
      'You cannot change your own permissions, job code, regions or lock; ask another user admin.',
    );
    expect((await userById(t.db, self.userId)).accountLocked).toBe(false);
  });
});

describe('users/lock-users (bulk)', () => {
  it('locks each account, records the event and ends its sessions; one already locked is not counted', async () => {
    const [one, two, locked] = [
      await t.createUser(),
      await t.createUser(),
      await t.createUser({ accountLocked: true }),
    ];
    await t.sessionFor(one.id);
    const res = await admin.act(lockUsers, { userIds: [one.id, two.id, locked.id] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ lockedCount: 2 });
    for (const user of [one, two, locked]) expect((await userById(t.db, user.id)).accountLocked).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, one.id))).toEqual([]);
    const events = await t.db
      .select()
      .from(userEvents)
      .where(and(eq(userEvents.userId, two.id), eq(userEvents.type, 'locked')));
    expect(events).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'user'), eq(auditLog.recordId, String(two.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit.after).toMatchObject({ accountLocked: true });
  });

  it('locks none when one of them may not be locked by this admin, and says who', async () => {
    const plain = await t.createUser();
    const stronger = await t.createUser({ firstName: 'Dana', lastName: 'Whitfield', flags: ['developer'] });
    const limited = await t.signedIn(['userAdmin']);
    const res = await limited.act(lockUsers, { userIds: [plain.id, stronger.id] });
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toContain('Dana Whitfield');
    expect((await userById(t.db, plain.id)).accountLocked).toBe(false);

    const self = (await admin.act(loadProfile, {})).body.data.user;
    const own = await admin.act(lockUsers, { userIds: [plain.id, self.userId] });
    expect(own.status).toBe(403);
    expect(own.body.errors[0]).toBe('You cannot lock your own account; ask another user admin.');
    expect((await userById(t.db, plain.id)).accountLocked).toBe(false);
  });

  it('refuses an empty choice, a bad id and a user that does not exist, and changes nothing', async () => {
    const plain = await t.createUser();
    expect((await admin.act(lockUsers, { userIds: [] })).body.errors[0]).toBe('Users must name at least one user.');
    expect((await admin.act(lockUsers, { userIds: ['x'] })).status).toBe(400);
    const missing = await admin.act(lockUsers, { userIds: [plain.id, 999999] });
    expect(missing.status).toBe(404);
    expect((await userById(t.db, plain.id)).accountLocked).toBe(false);
  });
});

describe('users/upload (profile image)', () => {
  const upload = (caller: Caller, content: Buffer, filename: string, type: string) => {
    const boundary = '----forecourt';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="csrfToken"\r\n\r\n${caller.csrfToken}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return caller.send<{ photoUrl: string }>({
      method: 'POST',
      url: '/api/actions/users/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('stores a resized square image and serves it', async () => {
    const caller = await t.signedIn([]);
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const res = await upload(caller, png, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    const [photo] = await t.db.select().from(userPhotos).where(eq(userPhotos.userId, caller.userId!));
    const meta = await sharp(photo.content).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const raw = await t.app.inject({
      method: 'GET',
      url: `/api/users/${caller.userId}/photo`,
      cookies: { forecourt_session: caller.cookie! },
    });
    expect(raw.headers['content-type']).toBe('image/webp');
    expect((await sharp(raw.rawPayload).metadata()).width).toBe(256);
  });

  it('refuses a file that is not an image, whatever its name says, and stores nothing', async () => {
    const caller = await t.signedIn([]);
    const res = await upload(caller, Buffer.from('<?php echo "hi"; ?>'), 'photo.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toBe('The file is not an image. Upload a JPEG, PNG, WebP or GIF picture.');
    expect(await t.db.select().from(userPhotos).where(eq(userPhotos.userId, caller.userId!))).toEqual([]);
  });

  it('refuses a file over the size limit with a sentence', async () => {
    const caller = await t.signedIn([]);
    const res = await upload(caller, Buffer.alloc(9 * 1024 * 1024, 1), 'huge.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toBe('The file is too large; the limit is 8 MB.');
  });

  it('refuses multipart on an action that takes no files', async () => {
    const caller = await t.signedIn(['accessAdmin']);
    const boundary = 'b';
    const res = await caller.send({
      method: 'POST',
      url: '/api/actions/sandbox-access/add-access',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="jobCode"\r\n\r\nX\r\n--${boundary}--\r\n`,
    });
    expect(res.status).toBe(400);
  });
});

describe('API key settings', () => {
  it('saves the settings, issues a key once, and stores only its hash', async () => {
    const dev = await t.signedIn(['developer']);
    const first = await dev.call(
      'users/save-api-key',
      { label: 'DMS sync', active: 1, deployNotifications: 1, sendServiceConfirmationEmail: 0 },
      { form: true },
    );
    expect(first.status).toBe(200);
    const key = first.body.data.apiKey.apiKey as string;
    expect(key).toMatch(/^fc_[\w-]{32}$/);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, dev.userId!));
    expect(row).toMatchObject({
      label: 'DMS sync',
      active: true,
      deployNotifications: true,
      sendServiceConfirmationEmail: false,
      keyPrefix: key.slice(0, 10),
    });
    expect(row.keyHash).not.toContain(key);
    const loaded = await dev.act(loadApiKey, {});
    expect(loaded.body.data.apiKey).toEqual({
      label: 'DMS sync',
      active: true,
      deployNotifications: true,
      sendServiceConfirmationEmail: false,
      keyPrefix: key.slice(0, 10),
    });
    const again = await dev.act(saveApiKey, {
      label: 'DMS sync',
      active: 1,
      deployNotifications: 0,
      sendServiceConfirmationEmail: 1,
    });
    expect(again.body.data.apiKey.apiKey).toBeUndefined();
    const regenerated = await dev.act(saveApiKey, { active: 1, regenerate: 1 });
    expect(regenerated.body.data.apiKey.apiKey).not.toBe(key);
  });

  it('refuses a bad flag value and changes nothing', async () => {
    const dev = await t.signedIn(['developer']);
    const res = await dev.act(saveApiKey, { active: 'perhaps' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toBe('Active must be 1 or 0.');
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.userId, dev.userId!))).toEqual([]);
  });
});

describe('list replies', () => {
  it('count on the first page only, and leave out html when the screen asks for rows', async () => {
    const first = await admin.act(loadUsers, { limit: 5, view: 'rows' });
    expect(first.body.data.html).toBeUndefined();
    expect(first.body.data.userCount).toBe(first.body.data.count);
    expect(first.body.data.count).toBeGreaterThan(5);
    const second = await admin.act(loadUsers, { limit: 5, cursor: first.body.data.nextCursor });
    expect(second.body.data.count).toBeNull();
    expect(second.body.data).not.toHaveProperty('userCount');
    expect(second.body.data.html).toContain('<table');
    expect((await admin.act(loadUsers, { view: 'json' })).body.errors[0]).toBe('View must be rows or html.');
  });
});
