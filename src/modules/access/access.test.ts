import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { jobCodes } from './access.db';
import { users } from '../users/users.db';
import { allFlags } from '../../shared/permissions';
import { loadUsers } from '../users/users.contract';
import {
  addAccess,
  deleteAccess,
  editAccess,
  jobCodeOptions,
  loadAccess,
  loadAccessList,
  loadHolders,
} from './access.contract';
import { loadAppointments } from '../service/service.contract';
import { sendMassText } from '../messenger/messenger.contract';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signedIn([...allFlags]);
});
afterAll(async () => {
  await t?.close();
});

describe('sandbox access by job code', () => {
  it('lists the demo job codes with their users and html', async () => {
    const res = await admin.call('sandbox-access/load-access-list.php', {});
    expect(res.status).toBe(200);
    expect(res.body.data.jobCodeCount).toBe(9);
    const gm = res.body.data.rows.find((r: { jobCode: string }) => r.jobCode === 'GM');
    expect(gm).toMatchObject({ longName: 'General Manager', userCount: expect.any(Number) });
    expect(gm.userCount).toBeGreaterThan(0);
    expect(res.body.data.html).toContain('General Manager');
    const searched = await admin.act(loadAccessList, { query: 'service' });
    expect(searched.body.data.rows.map((r: { jobCode: string }) => r.jobCode).sort()).toEqual(['ADVISOR', 'SVCMGR']);
    expect((await admin.act(loadAccessList, { query: '_' })).body.data.jobCodeCount).toBe(0);
  });

  it('lists job codes for pickers to any signed-in user', async () => {
    const res = await (await t.signedIn([])).act(jobCodeOptions, {});
    expect(res.body.data.jobCodes).toContainEqual({ jobCode: 'GM', longName: 'General Manager' });
    expect(res.body.data.jobCodes.map((j: { jobCode: string }) => j.jobCode)).toEqual(
      [...res.body.data.jobCodes.map((j: { jobCode: string }) => j.jobCode)].sort(),
    );
  });

  it('adds a job code with flags (upper-cased), loads and edits it', async () => {
    const add = await admin.call(
      'sandbox-access/add-access.php',
      { jobCode: 'lot', longName: 'Lot Attendant', stockNumberManager: 1, phoneLookup: '1', messenger: 0 },
      { form: true },
    );
    expect(add.status).toBe(200);
    const [row] = await t.db.select().from(jobCodes).where(eq(jobCodes.jobCode, 'LOT'));
    expect(row).toMatchObject({ longName: 'Lot Attendant', flags: ['phoneLookup', 'stockNumberManager'] });
    const loaded = await admin.call('sandbox-access/load-access.php', { jobCode: 'LOT' });
    expect(loaded.body.data.jobCode).toEqual({
      jobCode: 'LOT',
      longName: 'Lot Attendant',
      flags: ['phoneLookup', 'stockNumberManager'],
      userCount: 0,
    });
    const edit = await admin.call('sandbox-access/edit-access.php', {
      jobCode: 'LOT',
      longName: 'Lot Porter',
      developer: 1,
    });
    expect(edit.status).toBe(200);
    const [after] = await t.db.select().from(jobCodes).where(eq(jobCodes.jobCode, 'LOT'));
    expect(after).toMatchObject({ longName: 'Lot Porter', flags: ['developer'] });
  });

  it('gives holders of a job code its flags at their next call', async () => {
    await t.db.insert(jobCodes).values({ jobCode: 'TEMP', longName: 'Temp', flags: [] });
    const holder = await t.signedIn([], { jobCode: 'TEMP' });
    expect((await holder.act(loadUsers, {})).status).toBe(403);
    await admin.act(editAccess, { jobCode: 'TEMP', longName: 'Temp', userAdmin: 1 });
    expect((await holder.act(loadUsers, {})).status).toBe(200);
  });

  it('refuses a duplicate (409), an unknown code (404) and bad input (400), changing nothing', async () => {
    const [{ n: before }] = await t.db.select({ n: count() }).from(jobCodes);
    const dup = await admin.act(addAccess, { jobCode: 'GM', longName: 'Again' });
    expect(dup).toMatchObject({
      status: 409,
      body: { errors: ['Job code GM already exists.'], data: { fields: ['jobCode'] } },
    });
    const missing = await admin.act(editAccess, { jobCode: 'NOPE', longName: 'x' });
    expect(missing.status).toBe(404);
    expect((await admin.act(loadAccess, { jobCode: 'NOPE' })).body.errors[0]).toBe('There is no job code NOPE.');
    const blank = await admin.act(addAccess, { jobCode: '', longName: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual(['Job code is required.', 'Long name is required.']);
    expect(blank.body.data.fields).toEqual(['jobCode', 'longName']);
    const [{ n: after }] = await t.db.select({ n: count() }).from(jobCodes);
    expect(after).toBe(before);
  });

  it('deletes a job code nobody holds, and refuses one that is held', async () => {
    await admin.act(addAccess, { jobCode: 'GONE', longName: 'To delete' });
    expect((await admin.act(deleteAccess, { jobCode: 'GONE' })).status).toBe(200);
    expect(await t.db.select().from(jobCodes).where(eq(jobCodes.jobCode, 'GONE'))).toEqual([]);
    const held = await admin.act(deleteAccess, { jobCode: 'GM' });
    expect(held.status).toBe(409);
    expect(held.body.errors[0]).toMatch(/hold job code GM; give them another job code first\.$/);
  });

  it('names who holds a job code: all of them counted, a few named, within reach', async () => {
    const [{ n }] = await t.db.select({ n: count() }).from(users).where(eq(users.jobCode, 'GM'));
    const res = await admin.act(loadHolders, { jobCode: 'GM' });
    expect(res.status).toBe(200);
    expect(res.body.data.holderCount).toBe(n);
    expect(res.body.data.holders.length).toBe(Math.min(n, 5));
    expect(res.body.data.holders[0]).toEqual({
      userId: expect.any(Number),
      name: expect.stringMatching(/\w+ \w+/),
      username: expect.any(String),
    });
    const nowhere = await t.signedIn(['accessAdmin'], { groupWide: false });
    const unseen = await nowhere.act(loadHolders, { jobCode: 'GM' });
    expect(unseen.body.data).toEqual({ holderCount: n, holders: [] });
    expect((await admin.act(loadHolders, { jobCode: 'no spaces' })).status).toBe(400);
  });
});

describe("the demo job codes' flags", () => {
  it('lets the BDC job code open the service appointments and send bulk texts, and the advisors neither', async () => {
    const [bdc] = await t.db.select().from(jobCodes).where(eq(jobCodes.jobCode, 'BDC'));
    expect([...bdc.flags].sort()).toEqual([
      'marketing',
      'messenger',
      'messengerDeploy',
      'phoneLookup',
      'serviceManager',
    ]);
    const [store] = await t.db.select({ id: users.locationId }).from(users).where(eq(users.jobCode, 'BDC')).limit(1);
    // No flags of their own: the job code's are theirs.
    const agent = await t.signedIn([], { jobCode: 'BDC' });
    const mass = {
      locationId: store.id!,
      message: 'Service specials this week.',
      numbers: ['(505) 555-0401'],
      confirm: 1,
    };
    expect((await agent.act(loadAppointments, {})).status).toBe(200);
    const sent = await agent.act(sendMassText, mass);
    expect(sent.status).toBe(200);
    expect(sent.body.data.recipientCount).toBe(1);
    const advisor = await t.signedIn([], { jobCode: 'ADVISOR' });
    expect((await advisor.act(loadAppointments, {})).status).toBe(403);
    expect((await advisor.act(sendMassText, mass)).status).toBe(403);
  });
});
