import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { formatPhone } from '../../shared/format';
import { auditLog } from '../../server/platform/platform.db';
import { users } from '../users/users.db';
import { contacts } from '../contacts/contacts.db';
import { notificationGroupMembers as members, notificationGroups as groups } from './notification-groups.db';
import { contactOptions } from '../contacts/contacts.contract';
import {
  addGroup,
  deleteGroup,
  editGroup,
  loadGroup,
  loadGroupMembers,
  loadGroups,
} from './notification-groups.contract';

let t: TestApp;
let messenger: Caller;
let loc: Record<string, number>;
/** Demo users (not locked) by location code, in id order. */
let staffAt: Record<string, number[]>;
/** Demo contacts by location code, in id order. */
let contactsAt: Record<string, number[]>;

beforeAll(async () => {
  t = await testApp();
  messenger = await t.signedIn(['messenger']);
  loc = await locationsByCode(t.db);
  const staff = await t.db
    .select({ id: users.id, locationId: users.locationId })
    .from(users)
    .where(and(eq(users.accountLocked, false), inArray(users.locationId, Object.values(loc))))
    .orderBy(asc(users.id));
  staffAt = Object.fromEntries(
    Object.entries(loc).map(([code, id]) => [code, staff.filter((u) => u.locationId === id).map((u) => u.id)]),
  );
  const customers = await t.db
    .select({ id: contacts.id, locationId: contacts.locationId })
    .from(contacts)
    .orderBy(asc(contacts.id));
  contactsAt = Object.fromEntries(
    Object.entries(loc).map(([code, id]) => [code, customers.filter((c) => c.locationId === id).map((c) => c.id)]),
  );
});
afterAll(async () => {
  await t?.close();
});

const groupNamed = async (name: string) => (await t.db.select().from(groups).where(eq(groups.name, name)))[0];
/** A group's staff members, in the order they were added. */
const memberIds = async (groupId: number) =>
  (
    await t.db
      .select({ userId: members.userId })
      .from(members)
      .where(and(eq(members.groupId, groupId), eq(members.kind, 'user')))
      .orderBy(asc(members.id))
  ).map((m) => m.userId);
/** A group's contact members, in the order they were added. */
const contactMemberIds = async (groupId: number) =>
  (
    await t.db
      .select({ contactId: members.contactId })
      .from(members)
      .where(and(eq(members.groupId, groupId), eq(members.kind, 'contact')))
      .orderBy(asc(members.id))
  ).map((m) => m.contactId);
const tableCounts = async () => {
  const [[{ g }], [{ m }], [{ a }]] = await Promise.all([
    t.db.select({ g: count() }).from(groups),
    t.db.select({ m: count() }).from(members),
    t.db.select({ a: count() }).from(auditLog),
  ]);
  return { g, m, a };
};
const download = (caller: Caller, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/tools/notification-groups/export${query}`,
    cookies: caller.cookie ? { forecourt_session: caller.cookie } : {},
  });

describe('notification groups', () => {
  it('lists the demo groups with their location, topic and member count, in html and a count', async () => {
    const res = await messenger.act(loadGroups, {});
    expect(res.status).toBe(200);
    expect(res.body.data.groupCount).toBe(7);
    const leads = res.body.data.rows.find((r: { name: string }) => r.name === 'ABG internet leads')!;
    expect(leads).toMatchObject({
      locationId: loc.ABG,
      locationName: 'Albuquerque Toyota',
      topic: 'leads',
      topicLabel: 'Internet leads',
      active: true,
    });
    expect(leads.memberCount).toBeGreaterThan(0);
    expect(res.body.data.rows.map((r: { name: string }) => r.name)).toEqual(
      [...res.body.data.rows.map((r: { name: string }) => r.name)].sort(),
    );
    expect(res.body.data.html).toContain('<th data-key="topicLabel">Topic</th>');
    expect(res.body.data.html).toContain('Internet leads');

    const at = await messenger.act(loadGroups, { locationId: loc.ABG });
    expect(at.body.data.rows.map((r: { name: string }) => r.name)).toEqual([
      'ABG internet leads',
      'ABG service appointments',
    ]);
    const inactive = await messenger.act(loadGroups, { active: '0' });
    expect(inactive.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['LCF appraisal payments']);
    const byTopic = await messenger.act(loadGroups, { topic: 'leads', query: 'dnc' });
    expect(byTopic.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['DNC internet leads']);
    expect((await messenger.act(loadGroups, { query: '%' })).body.data.groupCount).toBe(0);
    const bad = await messenger.act(loadGroups, { topic: 'fax' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toBe('Topic must be one of: leads, texts, calls, service, payments.');
  });

  it('adds a group from the form with its members, stores and audits it, and loads it', async () => {
    const [a, b] = staffAt.ABH;
    const add = await messenger.call(
      'notification-groups/add-group.php',
      {
        name: '  ABH internet leads ',
        locationId: loc.ABH,
        topic: 'leads',
        active: 1,
        userIds: [a, b, a],
      },
      { form: true },
    );
    expect(add.status).toBe(200);
    const stored = await groupNamed('ABH internet leads');
    expect(add.body.data).toEqual({ groupId: stored.id });
    expect(stored).toMatchObject({ locationId: loc.ABH, topic: 'leads', active: true });
    expect(await memberIds(stored.id)).toEqual([a, b]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'notification-groups/add-group'))
      .orderBy(asc(auditLog.id));
    expect(audits.map((r) => r.recordType)).toEqual(['notificationGroup', 'notificationGroupMembers']);
    expect(audits[1]).toMatchObject({ recordId: String(stored.id), after: { userIds: [a, b] } });

    const loaded = await messenger.act(loadGroup, { groupId: stored.id });
    expect(loaded.body.data.group).toMatchObject({
      groupId: stored.id,
      name: 'ABH internet leads',
      locationId: loc.ABH,
      locationName: 'Albuquerque Honda',
      topic: 'leads',
      topicLabel: 'Internet leads',
      active: true,
    });
    expect(loaded.body.data.group.members.map((m) => [m.kind, m.userId])).toEqual([
      ['user', a],
      ['user', b],
    ]);

    // A checkbox left out of the form is off: the group is added inactive, with no members.
    const quiet = await messenger.act(addGroup, { name: 'ABH missed texts', locationId: loc.ABH, topic: 'texts' });
    expect(quiet.status).toBe(200);
    expect(await groupNamed('ABH missed texts')).toMatchObject({ active: false });
    expect(await memberIds(quiet.body.data.groupId)).toEqual([]);
  });

  it('edits a group: members kept keep their place, removed ones go, new ones come last', async () => {
    const group = await groupNamed('ABG internet leads');
    const before = await memberIds(group.id);
    const [kept] = before;
    const [newcomer] = staffAt.SFS;
    const edit = await messenger.act(editGroup, {
      groupId: group.id,
      name: 'ABG internet and phone leads',
      locationId: loc.ABG,
      topic: 'calls',
      active: '1',
      userIds: [newcomer, kept],
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toEqual({ groupId: group.id });
    const [after] = await t.db.select().from(groups).where(eq(groups.id, group.id));
    expect(after).toMatchObject({ name: 'ABG internet and phone leads', topic: 'calls', active: true });
    expect(after.updatedAt.getTime()).toBeGreaterThan(group.updatedAt.getTime());
    expect(await memberIds(group.id)).toEqual([kept, newcomer]);
    // The demo's contact member was left out of the form's contacts: it is no longer a member.
    expect(await contactMemberIds(group.id)).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordType, 'notificationGroupMembers'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      action: 'notification-groups/edit-group',
      before: { userIds: before },
      after: { userIds: [kept, newcomer] },
    });

    // Saved as it is: the members are not touched, nor audited again.
    const [{ a }] = await t.db
      .select({ a: count() })
      .from(auditLog)
      .where(eq(auditLog.recordType, 'notificationGroupMembers'));
    await messenger.act(editGroup, {
      groupId: group.id,
      name: 'ABG internet and phone leads',
      locationId: loc.ABG,
      topic: 'calls',
      active: 1,
      userIds: [kept, newcomer],
    });
    expect(
      (await t.db.select({ a: count() }).from(auditLog).where(eq(auditLog.recordType, 'notificationGroupMembers')))[0]
        .a,
    ).toBe(a);
  });

  it("lists a group's members in the order they were added, with html and a count", async () => {
    const group = await groupNamed('SFS inbound texts');
    const ids = await memberIds(group.id);
    const res = await messenger.act(loadGroupMembers, { groupId: group.id });
    expect(res.status).toBe(200);
    expect(res.body.data.memberCount).toBe(ids.length);
    expect(res.body.data.rows.map((r) => r.userId)).toEqual(ids);
    const [first] = await t.db.select().from(users).where(eq(users.id, ids[0]!));
    expect(res.body.data.rows[0]).toMatchObject({
      kind: 'user',
      kindLabel: 'Staff',
      name: `${first.firstName} ${first.lastName}`,
      email: first.email,
      jobCode: first.jobCode,
      accountLocked: false,
    });
    expect(res.body.data.html).toContain(first.email);
    // Without a group: every membership within reach, with the group it is of.
    const all = await messenger.act(loadGroupMembers, {});
    const [{ n }] = await t.db.select({ n: count() }).from(members);
    expect(all.body.data.memberCount).toBe(n);
    expect(all.body.data.rows.find((r: { groupId: number }) => r.groupId === group.id)).toMatchObject({
      groupName: 'SFS inbound texts',
    });
    const gone = await messenger.act(loadGroupMembers, { groupId: 999_999 });
    expect(gone.body).toMatchObject({ success: true, data: { memberCount: 0, rows: [] } });
  });

  it('deletes a group with its memberships (not in the spec: the row menu)', async () => {
    const add = await messenger.act(addGroup, {
      name: 'To delete',
      locationId: loc.SFS,
      topic: 'calls',
      active: 1,
      userIds: staffAt.SFS,
    });
    const { groupId } = add.body.data;
    const del = await messenger.act(deleteGroup, { groupId });
    expect(del).toMatchObject({ status: 200, body: { data: {} } });
    expect(await t.db.select().from(groups).where(eq(groups.id, groupId))).toEqual([]);
    expect(await memberIds(groupId)).toEqual([]);
    const again = await messenger.act(deleteGroup, { groupId });
    expect(again).toMatchObject({ status: 404, body: { errors: ['That notification group does not exist.'] } });
    expect(await t.db.select({ id: users.id }).from(users).where(inArray(users.id, staffAt.SFS))).toHaveLength(
      staffAt.SFS.length,
    );
  });
});

describe('contacts as members', () => {
  it("shows a contact member only to those who reach the contact's store, should the contact move", async () => {
    const [first, second] = contactsAt.SFS;
    const add = await messenger.act(addGroup, {
      name: 'SFS fleet texts',
      locationId: loc.SFS,
      topic: 'texts',
      active: 1,
      contactIds: [first, second],
    });
    const { groupId } = add.body.data;
    await t.db.update(contacts).set({ locationId: loc.DNC }).where(eq(contacts.id, second));
    const nm = await t.signedIn(['messenger'], { groupWide: false, regions: ['New Mexico'] });
    const shown = async (caller: Caller) =>
      (await caller.act(loadGroupMembers, { groupId })).body.data.rows.map((r) => r.contactId);
    expect(await shown(nm)).toEqual([first]);
    expect(await shown(messenger)).toEqual([first, second]);
    await t.db.update(contacts).set({ locationId: loc.SFS }).where(eq(contacts.id, second));
  });

  it('adds a group with staff and contacts of its store, lists both, and keeps both payload names working', async () => {
    const [staff] = staffAt.ABG;
    const [first, second] = contactsAt.ABG;
    const add = await messenger.act(addGroup, {
      name: 'ABG fleet leads',
      locationId: loc.ABG,
      topic: 'leads',
      active: 1,
      userIds: [staff],
      contactIds: [second, first, second],
    });
    expect(add.status).toBe(200);
    const { groupId } = add.body.data;
    expect(await memberIds(groupId)).toEqual([staff]);
    expect(await contactMemberIds(groupId)).toEqual([second, first]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'notificationGroupMembers'), eq(auditLog.recordId, String(groupId))));
    expect(audit).toMatchObject({
      before: { userIds: [], contactIds: [] },
      after: { userIds: [staff], contactIds: [second, first] },
    });

    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, second));
    const loaded = await messenger.act(loadGroup, { groupId });
    expect(loaded.body.data.group.members).toEqual([
      expect.objectContaining({ kind: 'user', userId: staff, contactId: null }),
      {
        memberId: expect.any(Number),
        kind: 'contact',
        userId: null,
        contactId: second,
        name: `${contact.firstName} ${contact.lastName}`,
        phone: contact.mobilePhone,
        accountLocked: null,
      },
      expect.objectContaining({ kind: 'contact', contactId: first }),
    ]);

    const listed = await messenger.act(loadGroupMembers, { groupId });
    expect(listed.body.data.memberCount).toBe(3);
    expect(listed.body.data.rows[1]).toEqual({
      memberId: expect.any(Number),
      groupId,
      groupName: 'ABG fleet leads',
      kind: 'contact',
      kindLabel: 'Contact',
      userId: null,
      contactId: second,
      name: `${contact.firstName} ${contact.lastName}`,
      email: contact.email,
      phone: contact.mobilePhone,
      jobCode: null,
      locationName: 'Albuquerque Toyota',
      accountLocked: null,
    });
    expect(listed.body.data.html).toContain('<td>Contact</td>');

    // The export has them too.
    const csv = await download(messenger, `?groupId=${groupId}`);
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(1 + 3);
    expect(lines[2]).toBe(
      `ABG fleet leads,${contact.firstName} ${contact.lastName},Contact,${contact.email},${formatPhone(contact.mobilePhone!)},,Albuquerque Toyota,`,
    );

    // Edited with the staff alone (the old payload): the contacts go; with contacts alone, the staff go.
    await messenger.act(editGroup, {
      groupId,
      name: 'ABG fleet leads',
      locationId: loc.ABG,
      topic: 'leads',
      active: 1,
      userIds: [staff],
      contactIds: [first],
    });
    expect(await contactMemberIds(groupId)).toEqual([first]);
    const edit = await messenger.act(editGroup, {
      groupId,
      name: 'ABG fleet leads',
      locationId: loc.ABG,
      topic: 'leads',
      active: 1,
      contactIds: [first, second],
    });
    expect(edit.status).toBe(200);
    expect(await memberIds(groupId)).toEqual([]);
    expect(await contactMemberIds(groupId)).toEqual([first, second]);

    // A contact the store deletes leaves its groups.
    await t.db.delete(contacts).where(eq(contacts.id, second));
    expect(await contactMemberIds(groupId)).toEqual([first]);
  });

  it('refuses a contact of another store, one that does not exist, or more than 100 members, and changes nothing', async () => {
    const group = await groupNamed('ABG service appointments');
    const before = await tableCounts();
    const [elsewhere] = await t.db.select().from(contacts).where(eq(contacts.id, contactsAt.ABH[0]));
    const base = {
      groupId: group.id,
      name: group.name,
      locationId: loc.ABG,
      topic: 'service',
      active: 1,
      userIds: await memberIds(group.id),
    };
    const other = await messenger.act(editGroup, { ...base, contactIds: [contactsAt.ABG[0], elsewhere.id] });
    expect(other).toMatchObject({
      status: 400,
      body: {
        errors: [
          `${elsewhere.firstName} ${elsewhere.lastName} is a contact of Albuquerque Honda, not of Albuquerque Toyota.`,
        ],
        data: { fields: ['contactIds'] },
      },
    });
    const ghost = await messenger.act(editGroup, { ...base, contactIds: [999_999] });
    expect(ghost).toMatchObject({
      status: 400,
      body: { errors: ['There is no contact 999999.'], data: { fields: ['contactIds'] } },
    });
    const crowd = await messenger.act(addGroup, {
      name: 'Crowd',
      locationId: loc.ABG,
      topic: 'leads',
      userIds: Array.from({ length: 60 }, (_, i) => i + 1),
      contactIds: Array.from({ length: 41 }, (_, i) => i + 1),
    });
    expect(crowd).toMatchObject({
      status: 400,
      body: {
        errors: ['A notification group holds at most 100 members, staff and contacts together.'],
        data: { fields: ['contactIds'] },
      },
    });
    const bad = await messenger.act(addGroup, { name: 'Bad', locationId: loc.ABG, topic: 'leads', contactIds: ['x'] });
    expect(bad).toMatchObject({
      status: 400,
      body: { errors: ['Contacts must be a record number.'], data: { fields: ['contactIds'] } },
    });
    expect(await tableCounts()).toEqual(before);
  });

  it('keeps a New Mexico user from contacts outside their reach (404)', async () => {
    const nm = await t.signedIn(['messenger'], { groupWide: false, regions: ['New Mexico'] });
    const denver = contactsAt.DNC[0];
    expect(denver).toBeDefined();
    const before = await tableCounts();
    const far = await nm.act(addGroup, {
      name: 'Far',
      locationId: loc.ABG,
      topic: 'leads',
      active: 1,
      contactIds: [denver],
    });
    expect(far).toMatchObject({
      status: 404,
      body: { errors: ['That contact does not exist; it may have been deleted.'] },
    });
    expect(await tableCounts()).toEqual(before);
    // The picker offers only the contacts they reach.
    const offered = await nm.act(contactOptions, { ids: [denver, contactsAt.ABG[0]] });
    expect(offered.body.data.contacts.map((c: { id: number }) => c.id)).toEqual([contactsAt.ABG[0]]);
  });

  it("the picker finds a store's contacts by name, email or the start of a number", async () => {
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, contactsAt.ABG[0]));
    const ask = async (search: string) =>
      (await messenger.act(contactOptions, { locationId: loc.ABG, search })).body.data.contacts as {
        id: number;
        name: string;
        locationId: number;
      }[];
    const byName = await ask(contact.lastName.toLowerCase());
    expect(byName.some((c) => c.id === contact.id)).toBe(true);
    expect(byName.every((c) => c.locationId === loc.ABG)).toBe(true);
    expect((await ask(contact.email.toUpperCase())).map((c) => c.id)).toEqual([contact.id]);
    const national = contact.mobilePhone!.slice(2);
    expect(
      (await ask(`(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`)).map((c) => c.id),
    ).toEqual([contact.id]);
    expect((await ask(national.slice(0, 6))).some((c) => c.id === contact.id)).toBe(true);
    expect(await ask('zzzz-nobody')).toEqual([]);
    expect((await (await t.signedIn(['marketing'])).act(contactOptions, {})).status).toBe(403);
  });
});

describe('what notification groups refuse', () => {
  it('needs the messenger flag, and changes nothing without it', async () => {
    const other = await t.signedIn(['userAdmin', 'phoneAdmin']);
    const before = await tableCounts();
    const add = await other.act(addGroup, { name: 'Nope', locationId: loc.ABG, topic: 'leads', active: 1 });
    expect(add).toMatchObject({
      status: 403,
      body: { success: false, errors: ['You do not have permission to do that.'] },
    });
    expect((await other.act(loadGroups, {})).status).toBe(403);
    const group = await groupNamed('ABH missed calls');
    expect(
      (await other.act(editGroup, { groupId: group.id, name: 'Taken', locationId: loc.ABH, topic: 'calls' })).status,
    ).toBe(403);
    expect((await download(other, `?groupId=${group.id}`)).statusCode).toBe(403);
    expect((await download(t.anonymous(), `?groupId=${group.id}`)).statusCode).toBe(401);
    expect(await tableCounts()).toEqual(before);
    // The flag through a job code is as good.
    const bdc = await t.signedIn([], { jobCode: 'BDC' });
    expect((await bdc.act(loadGroups, {})).status).toBe(200);
  });

  it('answers bad input with sentences naming the fields, and changes nothing', async () => {
    const before = await tableCounts();
    const blank = await messenger.act(addGroup, { name: ' ', locationId: '', topic: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual(['Name is required.', 'Location is required.', 'Topic is required.']);
    expect(blank.body.data.fields).toEqual(['name', 'locationId', 'topic']);
    const wrong = await messenger.act(addGroup, {
      name: 'x'.repeat(81),
      locationId: 'abc',
      topic: 'fax',
      userIds: ['me'],
    });
    expect(wrong.body.errors).toEqual([
      'Name must be at most 80 characters.',
      'Location must be a record number.',
      'Topic must be one of: leads, texts, calls, service, payments.',
      'Staff members must be a record number.',
    ]);
    const crowd = await messenger.act(addGroup, {
      name: 'Everyone',
      locationId: loc.ABG,
      topic: 'leads',
      userIds: Array.from({ length: 101 }, (_, i) => i + 1),
    });
    expect(crowd.body).toMatchObject({
      errors: ['Staff members must have at most 100 entries.'],
      data: { fields: ['userIds'] },
    });

    const taken = await messenger.act(addGroup, {
      name: 'abg SERVICE appointments',
      locationId: loc.ABG,
      topic: 'service',
      active: 1,
    });
    expect(taken).toMatchObject({
      status: 409,
      body: {
        errors: ['Albuquerque Toyota already has a notification group named abg SERVICE appointments.'],
        data: { fields: ['name'] },
      },
    });
    const nobody = await messenger.act(addGroup, {
      name: 'Ghosts',
      locationId: loc.ABG,
      topic: 'leads',
      userIds: [staffAt.ABG[0], 999_999],
    });
    expect(nobody).toMatchObject({
      status: 400,
      body: { errors: ['There is no user 999999.'], data: { fields: ['userIds'] } },
    });
    const nowhere = await messenger.act(addGroup, { name: 'Nowhere', locationId: 999_999, topic: 'leads' });
    expect(nowhere).toMatchObject({ status: 404, body: { errors: ['That location does not exist.'] } });
    const group = await groupNamed('ABH missed calls');
    const rename = await messenger.act(editGroup, {
      groupId: group.id,
      name: 'abh missed calls',
      locationId: loc.ABH,
      topic: 'calls',
      active: 1,
      userIds: await memberIds(group.id),
    });
    expect(rename.status).toBe(200);
    const clash = await messenger.act(editGroup, {
      groupId: group.id,
      name: 'ABH internet leads',
      locationId: loc.ABH,
      topic: 'calls',
      active: 1,
    });
    expect(clash.status).toBe(409);
    const gone = await messenger.act(editGroup, {
      groupId: 999_999,
      name: 'Gone',
      locationId: loc.ABH,
      topic: 'calls',
    });
    expect(gone).toMatchObject({ status: 404, body: { errors: ['That notification group does not exist.'] } });
    expect((await messenger.act(loadGroup, { groupId: 'x' })).body.errors).toEqual(['Group must be a record number.']);
    const after = await tableCounts();
    // The one rename above is the only change: one audit row, no group or member more.
    expect(after).toEqual({ ...before, a: before.a + 1 });
  });

  it('keeps a New Mexico user to New Mexico groups, members and locations (404, nothing changed)', async () => {
    const nm = await t.signedIn(['messenger'], { groupWide: false, regions: ['New Mexico'] });
    const denver = await groupNamed('DNC internet leads');
    const denverMembers = await memberIds(denver.id);
    const before = await tableCounts();

    const list = await nm.act(loadGroups, {});
    const everyMember = await nm.act(loadGroupMembers, {});
    expect(everyMember.body.data.rows.length).toBeGreaterThan(0);
    expect(everyMember.body.data.rows.some((r: { groupId: number }) => r.groupId === denver.id)).toBe(false);
    expect(list.body.data.rows.length).toBeGreaterThan(0);
    expect(
      list.body.data.rows.every((r: { locationId: number }) =>
        [loc.ABG, loc.ABH, loc.SFS, loc.LCF].includes(r.locationId),
      ),
    ).toBe(true);
    expect(list.body.data.html).not.toContain('DNC');
    const missing = { status: 404, body: { errors: ['That notification group does not exist.'] } };
    expect(await nm.act(loadGroup, { groupId: denver.id })).toMatchObject(missing);
    expect(await nm.act(loadGroupMembers, { groupId: denver.id })).toMatchObject(missing);
    expect(await nm.act(deleteGroup, { groupId: denver.id })).toMatchObject(missing);
    const moved = await nm.act(editGroup, {
      groupId: denver.id,
      name: 'Mine now',
      locationId: loc.ABG,
      topic: 'leads',
      active: 1,
    });
    expect(moved).toMatchObject(missing);
    expect((await download(nm, `?groupId=${denver.id}`)).statusCode).toBe(404);

    const phoenix = await nm.act(addGroup, { name: 'PHX leads', locationId: loc.PHX, topic: 'leads', active: 1 });
    expect(phoenix).toMatchObject({ status: 404, body: { errors: ['That location does not exist.'] } });
    const abg = await groupNamed('ABG service appointments');
    const far = await nm.act(editGroup, {
      groupId: abg.id,
      name: abg.name,
      locationId: loc.ABG,
      topic: 'service',
      active: 1,
      userIds: [staffAt.DNC[0]],
    });
    expect(far).toMatchObject({ status: 404, body: { errors: ['That user does not exist.'] } });

    expect(await tableCounts()).toEqual(before);
    expect(await groupNamed('DNC internet leads')).toEqual(denver);
    expect(await memberIds(denver.id)).toEqual(denverMembers);
  });
});

describe('the notification-group export', () => {
  it("downloads a group's members as CSV, 100 rows unless a limit is given", async () => {
    const group = await groupNamed('PHX service appointments');
    // More members than the screens allow, written straight to the table: the default limit shows.
    const crowd = await t.db
      .insert(users)
      .values(
        Array.from({ length: 105 }, (_, i) => ({
          username: `crowd${i}`,
          email: `crowd${i}@forecourt.test`,
          firstName: i === 0 ? '=cmd' : 'Crowd',
          lastName: `Member ${i}`,
          passwordHash: 'x',
          locationId: loc.PHX,
        })),
      )
      .returning({ id: users.id });
    await t.db.insert(members).values(crowd.map((u) => ({ groupId: group.id, kind: 'user' as const, userId: u.id })));
    const total = (await memberIds(group.id)).length;
    expect(total).toBeGreaterThan(100);

    const res = await download(messenger, `?groupId=${group.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="notification-group-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Group,Name,Member,Email,Mobile phone,Job code,Location,Locked');
    expect(lines).toHaveLength(1 + 100);
    expect(res.body).toContain("PHX service appointments,'=cmd Member 0,Staff,crowd0@forecourt.test");

    expect((await download(messenger, `?groupId=${group.id}&limit=3`)).body.trim().split('\n')).toHaveLength(1 + 3);
    expect((await download(messenger, `?groupId=${group.id}&limit=500`)).body.trim().split('\n')).toHaveLength(
      1 + total,
    );
    const [{ input }] = await t.db
      .select({ input: auditLog.input })
      .from(auditLog)
      .where(eq(auditLog.action, 'export /tools/notification-groups/export'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(input).toMatchObject({ groupId: group.id, limit: 500 });

    // Without a group: every membership within reach, 100 unless a limit is given.
    const everyone = await download(messenger, '');
    expect(everyone.body.trim().split('\n')).toHaveLength(1 + 100);
    const nm = await t.signedIn(['messenger'], { groupWide: false, regions: ['New Mexico'] });
    const mine = await download(nm, '?limit=100000');
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('SFS inbound texts');
    expect(mine.body).not.toContain('PHX service appointments');
    expect(mine.body).not.toContain('crowd');
    const bad = await download(messenger, `?groupId=${group.id}&limit=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toBe('Limit must be at least 1.');
  });
});
