import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { testApp, userById, type Caller, type TestApp } from '../../../tests/helpers';
import { auditLog } from './platform.db';
import { jobCodes } from '../../modules/access/access.db';
import { locations } from '../../modules/locations/locations.db';
import { userFactors, users } from '../../modules/users/users.db';
import { allFlags } from '../../shared/permissions';
import { addAccess, editAccess } from '../../modules/access/access.contract';
import { resetTwoFactor, saveUser, unlockUser } from '../../modules/users/users.contract';

/**
 * Self-promotion, as the review did it: a user whose only admin flag is userAdmin (job code HR) saved
 * himself four more admin flags, then reset the group admin's two-factor and set their password.
 * A user grants or removes only what they hold, never changes their own access, and acts only on
 * users who hold nothing they lack.
 */
let t: TestApp;
let hr: Caller;
let hrId: number;
let adminId: number;
let home: number;
beforeAll(async () => {
  t = await testApp();
  [{ id: home }] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'ABG'));
  hr = await t.signedIn([], { jobCode: 'HR', groupWide: false, regions: ['New Mexico'], locationId: home });
  hrId = hr.userId!;
  [{ id: adminId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
});
afterAll(async () => {
  await t?.close();
});

/** A user's whole edit-user form, as the screen sends it, with changes. */
async function form(caller: Caller, userId: number, changes: Record<string, unknown> = {}) {
  const user = await userById(t.db, userId);
  const flags = Object.fromEntries(allFlags.map((f) => [f, user.flags.includes(f) ? 1 : 0]));
  return caller.act(saveUser, {
    userId,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    jobCode: user.jobCode ?? '',
    locationId: user.locationId ?? '',
    regions: user.regions,
    groupWide: user.groupWide ? 1 : 0,
    accountLocked: user.accountLocked ? 1 : 0,
    ...flags,
    ...changes,
  });
}

async function refused(res: Awaited<ReturnType<Caller['call']>>, sentence: string | RegExp) {
  expect(res.status).toBe(403);
  expect(res.body.success).toBe(false);
  if (typeof sentence === 'string') expect(res.body.errors[0]).toBe(sentence);
  else expect(res.body.errors[0]).toMatch(sentence);
}

describe('nobody changes their own access', () => {
  it('refuses an HR user saving himself more flags, another job code, other regions, the group-wide mark or a lock', async () => {
    const before = await userById(t.db, hrId);
    const [{ n: audits }] = await t.db.select({ n: count() }).from(auditLog);
    const own = 'You cannot change your own permissions, job code, regions or lock; ask another user admin.';
    await refused(await form(hr, hrId, { accessAdmin: 1, phoneAdmin: 1, developer: 1, crmAdmin: 1 }), own);
    await refused(await form(hr, hrId, { userAdmin: 1 }), own);
    await refused(await form(hr, hrId, { jobCode: 'IT' }), own);
    await refused(await form(hr, hrId, { regions: ['New Mexico', 'Colorado'] }), own);
    await refused(await form(hr, hrId, { groupWide: 1 }), own);
    await refused(await form(hr, hrId, { accountLocked: 1 }), own);
    await refused(await form(hr, hrId, { password: 'a-new-long-password' }), /on your profile/);
    expect(await userById(t.db, hrId)).toEqual(before);
    const [{ n: after }] = await t.db.select({ n: count() }).from(auditLog);
    expect(after).toBe(audits);
  });

  it('still lets them save their own name', async () => {
    const res = await form(hr, hrId, { firstName: 'Harriet' });
    expect(res.status).toBe(200);
    expect((await userById(t.db, hrId)).firstName).toBe('Harriet');
  });
});

describe('nobody acts on a user stronger than themselves', () => {
  it("refuses resetting the group admin's two-factor, setting their password, locking or unlocking them", async () => {
    await t.db
      .insert(userFactors)
      .values({ userId: adminId, type: 'totp', secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', confirmed: true });
    const before = await userById(t.db, adminId);
    const factors = await t.db.select().from(userFactors).where(eq(userFactors.userId, adminId));
    const stronger =
      /^Group Administrator holds permissions you do not \(Access admin, Phone admin, .*\); ask an administrator who holds them\.$/;
    await refused(await hr.act(resetTwoFactor, { userId: adminId }), stronger);
    await refused(await form(hr, adminId, { password: 'taken-over-account' }), stronger);
    await refused(await form(hr, adminId, { accountLocked: 1 }), stronger);
    await refused(await hr.act(unlockUser, { userId: adminId }), stronger);
    expect(await userById(t.db, adminId)).toEqual(before);
    expect(await t.db.select().from(userFactors).where(eq(userFactors.userId, adminId))).toEqual(factors);
  });

  it('refuses acting on a user of the same region whose job code gives more (a general manager)', async () => {
    const gm = await t.createUser({ jobCode: 'GM', locationId: home, regions: ['New Mexico'], groupWide: false });
    await refused(
      await form(hr, gm.id, { lastName: 'Changed' }),
      /holds permissions you do not \(Phone lookup, Stock number manager, Messenger, Marketing, Service manager, Sales, Sales manager, Appraiser, Appraisal manager\)/,
    );
  });

  it('refuses acting on a user who reaches more regions, or the whole group', async () => {
    const wide = await t.createUser({
      jobCode: 'HR',
      locationId: home,
      regions: ['New Mexico', 'Arizona'],
      groupWide: false,
    });
    await refused(await hr.act(unlockUser, { userId: wide.id }), /reaches locations you do not/);
  });
});

describe('a user grants or removes only what they hold', () => {
  let staff: number;
  beforeAll(async () => {
    staff = (await t.createUser({ locationId: home, regions: ['New Mexico'], groupWide: false })).id;
  });

  it('refuses a flag they do not hold, and grants one they do', async () => {
    await refused(
      await form(hr, staff, { phoneAdmin: 1 }),
      'You can grant or remove only permissions you hold yourself; you do not hold Phone admin.',
    );
    expect((await userById(t.db, staff)).flags).toEqual([]);
    expect((await form(hr, staff, { careerPathEditor: 1 })).status).toBe(200);
    expect((await userById(t.db, staff)).flags).toEqual(['careerPathEditor']);
  });

  it('refuses a job code that gives what they lack, and gives one within their own', async () => {
    await refused(
      await form(hr, staff, { jobCode: 'IT' }),
      /^Job code IT gives permissions you do not hold \(Access admin, Phone admin, Phone lookup, Developer\)\.$/,
    );
    await t.db.insert(jobCodes).values({ jobCode: 'HRASST', longName: 'HR assistant', flags: ['careerPathEditor'] });
    expect((await form(hr, staff, { jobCode: 'HRASST' })).status).toBe(200);
    expect((await userById(t.db, staff)).jobCode).toBe('HRASST');
  });

  it("refuses a region of someone else's and the group-wide mark", async () => {
    await refused(
      await form(hr, staff, { regions: ['New Mexico', 'Colorado'] }),
      'You can give or take away only regions of your own; Colorado is not one of yours.',
    );
    await refused(
      await form(hr, staff, { groupWide: 1 }),
      'Only a group-wide user can mark a user group-wide or remove the mark.',
    );
    const created = await hr.act(saveUser, {
      username: 'promoted',
      email: 'promoted@forecourt.test',
      firstName: 'Pro',
      lastName: 'Moted',
      password: 'a-long-enough-password',
      locationId: home,
      regions: ['New Mexico'],
      developer: 1,
    });
    await refused(created, /you do not hold Developer/);
    expect(await t.db.select().from(users).where(eq(users.username, 'promoted'))).toEqual([]);
  });

  it('lets the group admin grant anything', async () => {
    const admin = await t.sessionFor(adminId);
    expect(
      (await form(admin, staff, { phoneAdmin: 1, regions: ['Colorado'], groupWide: 1, jobCode: 'IT' })).status,
    ).toBe(200);
    expect(await userById(t.db, staff)).toMatchObject({
      flags: ['phoneAdmin', 'careerPathEditor'],
      groupWide: true,
      jobCode: 'IT',
    });
  });
});

describe('job codes: nobody gives a job code a flag they do not hold', () => {
  let it_: Caller;
  beforeAll(async () => {
    it_ = await t.signedIn([], { jobCode: 'IT' });
  });

  it('refuses adding or editing a job code with a flag they lack, and changes nothing', async () => {
    await refused(
      await it_.act(addAccess, { jobCode: 'ROGUE', longName: 'Rogue', marketing: 1 }),
      'You can grant or remove only permissions you hold yourself; you do not hold Marketing.',
    );
    expect(await t.db.select().from(jobCodes).where(eq(jobCodes.jobCode, 'ROGUE'))).toEqual([]);
    const [before] = await t.db.select().from(jobCodes).where(eq(jobCodes.jobCode, 'MKT'));
    await refused(
      await it_.act(editAccess, { jobCode: 'MKT', longName: 'Marketing' }),
      /you do not hold Marketing, Marketing editor, Marketing offer editor, Email builder\.$/,
    );
    // CRM admin is a user's flag, never a job code's: the job code form has no such field and drops it.
    await refused(
      await it_.actRaw(editAccess, {
        jobCode: 'IT',
        longName: 'IT',
        userAdmin: 1,
        accessAdmin: 1,
        phoneAdmin: 1,
        phoneLookup: 1,
        developer: 1,
        crmAdmin: 1,
        stockNumberAdmin: 1,
      }),
      /you do not hold Stock number admin\.$/,
    );
    expect((await t.db.select().from(jobCodes).where(eq(jobCodes.jobCode, 'MKT')))[0]).toEqual(before);
  });

  it('gives a job code flags they hold', async () => {
    const res = await it_.act(addAccess, { jobCode: 'HELPDESK', longName: 'Help desk', phoneLookup: 1, developer: 1 });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(jobCodes).where(eq(jobCodes.jobCode, 'HELPDESK'));
    expect(row.flags).toEqual(['phoneLookup', 'developer']);
  });
});
