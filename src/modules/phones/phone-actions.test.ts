import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { createLine } from '../../../tests/telephony';
import { users } from '../users/users.db';
import { phoneActions, phones } from './phones.db';
import { isOpen, planSteps, renderCall, type PlanAction } from './call-plan';
import { hoursSummary, joinWords, planSummary, stepSummary } from './plan-summary';
import {
  addPhoneAction,
  deletePhoneAction,
  loadPhone,
  loadPhoneAction,
  loadPhoneActions,
  savePhoneAction,
} from './phones.contract';

describe('the call plan', () => {
  const action = (values: Partial<PlanAction>): PlanAction => ({
    kind: 'voicemail',
    targets: [],
    userIds: [],
    hours: null,
    greeting: '',
    timeoutSeconds: 20,
    ...values,
  });
  const ctx = {
    now: new Date('2026-11-02T18:00:00Z'),
    timeZone: 'America/Denver',
    name: 'Mesa Mazda',
    voiceUrl: (n: number | 'done') => `https://x/voice?${n === 'done' ? 'done=1' : `step=${n}`}`,
    answeredUrl: (id: number) => `https://x/answered?userId=${id}`,
    recordingUrl: 'https://x/status',
  };

  it('turns actions into steps: users without a phone are skipped, the bridge comes last, direct ring goes straight to it', () => {
    const actions = [
      action({ kind: 'ring-group', targets: ['+15055550001'], userIds: [1, 2] }),
      action({ kind: 'forward', targets: ['+15055550002'], timeoutSeconds: 30 }),
      action({ kind: 'ring-group', userIds: [2] }),
    ];
    const phonesOf = new Map([[1, '+15055550011']]);
    expect(planSteps({ bridge: '+15052650100', directRing: false }, actions, phonesOf)).toEqual([
      {
        kind: 'dial',
        numbers: [{ number: '+15055550001' }, { number: '+15055550011', userId: 1 }],
        timeoutSeconds: 20,
      },
      { kind: 'dial', numbers: [{ number: '+15055550002' }], timeoutSeconds: 30 },
      { kind: 'dial', numbers: [{ number: '+15052650100' }], timeoutSeconds: 30 },
    ]);
    expect(planSteps({ bridge: '+15052650100', directRing: true }, actions, phonesOf)).toEqual([
      { kind: 'dial', numbers: [{ number: '+15052650100' }], timeoutSeconds: 30 },
    ]);
  });

  it("reads opening hours on the location's clock, close excluded", () => {
    const hours = { mon: ['08:00', '18:00'] as [string, string] };
    expect(isOpen(hours, new Date('2026-11-02T15:00:00Z'), 'America/Denver')).toBe(true);
    expect(isOpen(hours, new Date('2026-11-02T14:59:00Z'), 'America/Denver')).toBe(false);
    expect(isOpen(hours, new Date('2026-11-03T01:00:00Z'), 'America/Denver')).toBe(false);
    expect(isOpen(hours, new Date('2026-11-03T00:59:00Z'), 'America/Denver')).toBe(true);
    expect(isOpen(hours, new Date('2026-11-03T15:00:00Z'), 'America/Denver')).toBe(false);
  });

  it('says the store is closed when the hours step has no voicemail after it', () => {
    const steps = planSteps(
      { bridge: '', directRing: false },
      [
        action({ kind: 'hours', hours: { sat: ['09:00', '12:00'] } }),
        action({ kind: 'forward', targets: ['+15055550002'] }),
      ],
      new Map(),
    );
    const closed = renderCall(steps, 0, ctx);
    expect(closed.outcome).toEqual({ kind: 'closed' });
    expect(closed.twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Thank you for calling Mesa Mazda. We are closed right now; please call again during our opening hours.</Say><Hangup/></Response>',
    );
  });

  it('apologises and hangs up when every step rang out', () => {
    const steps = planSteps(
      { bridge: '', directRing: false },
      [action({ kind: 'forward', targets: ['+15055550002'] })],
      new Map(),
    );
    expect(renderCall(steps, 0, ctx).outcome).toMatchObject({ kind: 'dial', step: 0 });
    expect(renderCall(steps, 1, ctx).twiml).toContain(
      '<Say>Sorry, no one is available to take your call. Goodbye.</Say><Hangup/>',
    );
  });
});

describe('a call plan in words', () => {
  const step = (values: Partial<PlanAction>): PlanAction => ({
    kind: 'voicemail',
    targets: [],
    userIds: [],
    hours: null,
    greeting: '',
    timeoutSeconds: 20,
    ...values,
  });
  const weekdaysOpen = {
    mon: ['08:00', '19:00'],
    tue: ['08:00', '19:00'],
    wed: ['08:00', '19:00'],
    thu: ['08:00', '19:00'],
    fri: ['08:00', '19:00'],
    sat: ['09:00', '17:00'],
  } as const;
  const hours = step({ kind: 'hours', hours: weekdaysOpen as never });
  const names = new Map([
    [7, 'Ana Lucero'],
    [8, 'Gil Otero'],
  ]);

  it('says what each step does, naming ring-group members when it knows them and counting them otherwise', () => {
    const group = step({ kind: 'ring-group', userIds: [7, 8], targets: ['+15055553001'], timeoutSeconds: 25 });
    expect(stepSummary(group, (id) => names.get(id)!)).toBe('Rings Ana Lucero, Gil Otero and (505) 555-3001 for 25 s');
    expect(stepSummary(group)).toBe('Rings 2 users and (505) 555-3001 for 25 s');
    expect(stepSummary(step({ kind: 'ring-group', userIds: [7] }))).toBe('Rings 1 user for 20 s');
    expect(stepSummary(step({ kind: 'ring-group' }))).toBe('Rings nobody for 20 s');
    expect(stepSummary(step({ kind: 'forward', targets: ['+15055550190'], timeoutSeconds: 30 }))).toBe(
      'Forwards to (505) 555-0190 for 30 s',
    );
    expect(stepSummary(hours)).toBe('Open Mon–Fri 08:00–19:00, Sat 09:00–17:00; outside them, skips to voicemail');
    expect(stepSummary(step({ greeting: 'Leave a message.' }))).toBe('Plays "Leave a message." and records a message');
    expect(stepSummary(step({}))).toBe('Plays the default greeting and records a message');
    expect(hoursSummary({ mon: ['08:00', '12:00'], wed: ['08:00', '12:00'] })).toBe('Mon 08:00–12:00, Wed 08:00–12:00');
    expect(hoursSummary({ mon: null })).toBe('Closed every day');
    expect([[], ['a'], ['a', 'b'], ['a', 'b', 'c']].map(joinWords)).toEqual(['', 'a', 'a and b', 'a, b and c']);
  });

  it("says what a call to the line does in one sentence, following the plan's rules", () => {
    const line = { bridge: '', directRing: false };
    const bridged = { bridge: '+15052650100', directRing: false };
    const threeUsers = step({ kind: 'ring-group', userIds: [1, 2, 3] });
    const forward = step({ kind: 'forward', targets: ['+15055550190'] });
    expect(planSummary(line, [hours, threeUsers, forward, step({})])).toBe(
      'Rings 3 users for 20 s, then forwards to (505) 555-0190, then voicemail; after hours: voicemail',
    );
    // Without a voicemail the bridge rings last; after hours, the steps before the hours step still ring.
    expect(
      planSummary(bridged, [step({ kind: 'ring-group', targets: ['+15055550001', '+15055550002'] }), hours, forward]),
    ).toBe(
      'Rings 2 numbers for 20 s, then forwards to (505) 555-0190, then rings the bridge (505) 265-0100; after hours: rings 2 numbers for 20 s, then a closed message',
    );
    // A voicemail ends the call: nothing after it is reached, and hours after it change nothing.
    expect(planSummary(bridged, [threeUsers, step({}), forward, hours])).toBe('Rings 3 users for 20 s, then voicemail');
    expect(planSummary(bridged, [])).toBe('Rings the bridge (505) 265-0100');
    expect(planSummary(line, [])).toBe('The caller hears that nobody is available');
    expect(planSummary(line, [hours])).toBe('The caller hears that nobody is available; after hours: a closed message');
    expect(planSummary({ bridge: '+15052650100', directRing: true }, [threeUsers])).toBe(
      'Rings the bridge (505) 265-0100 at once; the steps are skipped',
    );
    expect(planSummary({ bridge: '', directRing: true }, [threeUsers])).toBe(
      'Rings 3 users for 20 s, then the caller hears that nobody is available',
    );
  });
});

let t: TestApp;
let admin: Caller;
let lookup: Caller;
let line: typeof phones.$inferSelect;
let userWithPhone: number;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signedIn(['phoneAdmin']);
  lookup = await t.signedIn(['phoneLookup']);
  ({ line } = await createLine(t));
  userWithPhone = (await t.createUser({ phone: '+15055553000', firstName: 'Ana', lastName: 'Lucero' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('the phone action manager', () => {
  let ringGroup: number;

  it('adds steps in order: a position is given when none is sent', async () => {
    const hours = await admin.call(
      'phones/actions/add-action',
      { phoneId: line.id, kind: 'hours', label: 'Open', hours: '{"mon":["08:00","18:00"],"sat":null}' },
      { form: true },
    );
    expect(hours.status).toBe(200);
    expect(hours.body.data).toMatchObject({
      message: 'Phone action added.',
      action: { kind: 'hours', position: 0, hours: { mon: ['08:00', '18:00'], sat: null } },
    });
    const group = await admin.call(
      'phones/actions/add-action',
      {
        phoneId: line.id,
        kind: 'ring-group',
        targets: ['(505) 555-3001'],
        userIds: [userWithPhone],
        timeoutSeconds: 25,
      },
      { form: true },
    );
    expect(group.body.data.action).toEqual({
      actionId: group.body.data.actionId,
      phoneId: line.id,
      kind: 'ring-group',
      label: '',
      targets: ['+15055553001'],
      userIds: [userWithPhone],
      hours: null,
      greeting: '',
      timeoutSeconds: 25,
      position: 1,
    });
    ringGroup = group.body.data.actionId;
    const mail = await admin.act(addPhoneAction, { phoneId: line.id, kind: 'voicemail', greeting: 'Leave a message.' });
    expect(mail.body.data.action.position).toBe(2);
  });

  it('refuses a step after the voicemail, which ends the call, and a voicemail with steps after it; nothing is stored', async () => {
    const [{ n: before }] = await t.db
      .select({ n: count() })
      .from(phoneActions)
      .where(eq(phoneActions.phoneId, line.id));
    const after = await admin.act(addPhoneAction, {
      phoneId: line.id,
      kind: 'forward',
      targets: ['(505) 555-3002'],
      position: 5,
    });
    expect(after.status).toBe(409);
    expect(after.body.errors[0]).toBe(
      'Nothing can follow a voicemail step: it ends the call. Place this step before the voicemail, or remove the voicemail first.',
    );
    const early = await admin.act(addPhoneAction, {
      phoneId: line.id,
      kind: 'voicemail',
      greeting: 'Too soon.',
      position: 1,
    });
    expect(early.status).toBe(409);
    expect(early.body.errors[0]).toBe(
      'A voicemail step ends the call, so it must be the last step: 2 steps come after this one.',
    );
    const [{ n: now }] = await t.db.select({ n: count() }).from(phoneActions).where(eq(phoneActions.phoneId, line.id));
    expect(now).toBe(before);
  });

  it('puts a new step without a position just before the voicemail that ends the plan', async () => {
    const { line: own } = await createLine(t);
    await admin.act(addPhoneAction, { phoneId: own.id, kind: 'voicemail', greeting: 'Leave a message.' });
    const added = await admin.act(addPhoneAction, { phoneId: own.id, kind: 'forward', targets: ['(505) 555-3003'] });
    expect(added.status).toBe(200);
    const rows = await t.db
      .select({ kind: phoneActions.kind, position: phoneActions.position })
      .from(phoneActions)
      .where(eq(phoneActions.phoneId, own.id))
      .orderBy(phoneActions.position);
    expect(rows).toEqual([
      { kind: 'forward', position: 0 },
      { kind: 'voicemail', position: 1 },
    ]);
  });

  it('lists the steps of a line in order, with actionCount and html, and loads one', async () => {
    const res = await lookup.act(loadPhoneActions, { phoneId: line.id });
    expect(res.status).toBe(200);
    expect(res.body.data.actionCount).toBe(3);
    expect(res.body.data.rows.map((r: { kind: string }) => r.kind)).toEqual(['hours', 'ring-group', 'voicemail']);
    expect(res.body.data.rows[1]).toMatchObject({
      phoneDescription: line.description,
      targets: ['+15055553001'],
      userIds: [userWithPhone],
    });
    expect(res.body.data.html).toContain('<td>ring-group</td>');
    const byLocation = await lookup.act(loadPhoneActions, { locationId: line.locationId, kind: 'voicemail' });
    expect(byLocation.body.data.rows.map((r: { greeting: string }) => r.greeting)).toEqual(['Leave a message.']);
    const one = await lookup.act(loadPhoneAction, { actionId: ringGroup });
    expect(one.body.data.action).toMatchObject({ actionId: ringGroup, kind: 'ring-group', timeoutSeconds: 25 });
    const loaded = await lookup.act(loadPhone, { phoneId: line.id });
    expect(loaded.body.data.phone.actionCount).toBe(3);
    // The line's whole plan in words, from all its steps.
    expect(loaded.body.data.phone.planSummary).toBe(
      'Rings 1 user and (505) 555-3001 for 25 s, then voicemail; after hours: voicemail',
    );
  });

  it('describes each step in its rows and html, members named', async () => {
    const res = await lookup.act(loadPhoneActions, { phoneId: line.id });
    expect(res.body.data.rows.map((r: { summary: string }) => r.summary)).toEqual([
      'Open Mon 08:00–18:00; outside them, skips to voicemail',
      'Rings Ana Lucero and (505) 555-3001 for 25 s',
      'Plays "Leave a message." and records a message',
    ]);
    expect(res.body.data.rows[1].memberNames).toEqual({ [userWithPhone]: 'Ana Lucero' });
    expect(res.body.data.rows[0].memberNames).toEqual({});
    expect(Object.keys(res.body.data.rows[1]).sort()).toEqual([
      'actionId',
      'greeting',
      'hours',
      'kind',
      'label',
      'locationId',
      'memberNames',
      'phoneDescription',
      'phoneId',
      'phoneNumber',
      'position',
      'summary',
      'targets',
      'timeoutSeconds',
      'userIds',
    ]);
    expect(res.body.data.html).toContain('<th data-key="summary">What happens</th>');
    expect(res.body.data.html).toContain('<td>Rings Ana Lucero and (505) 555-3001 for 25 s</td>');
    const rowsOnly = await lookup.act(loadPhoneActions, { phoneId: line.id, view: 'rows', limit: 1 });
    expect(rowsOnly.body.data).not.toHaveProperty('html');
    expect(rowsOnly.body.data.rows).toHaveLength(1);
    expect(rowsOnly.body.data.nextCursor).toEqual(expect.any(String));
    const next = await lookup.act(loadPhoneActions, {
      phoneId: line.id,
      view: 'rows',
      limit: 1,
      cursor: rowsOnly.body.data.nextCursor,
    });
    expect(next.body.data.rows[0]).toMatchObject({
      kind: 'ring-group',
      summary: 'Rings Ana Lucero and (505) 555-3001 for 25 s',
    });
    // Sentences are kept by the row they came from: a renamed member is a new row, and a new sentence.
    await t.db.update(users).set({ lastName: 'Lucero-Baca' }).where(eq(users.id, userWithPhone));
    const renamed = await lookup.act(loadPhoneActions, { phoneId: line.id, view: 'rows' });
    expect(renamed.body.data.rows[1].summary).toBe('Rings Ana Lucero-Baca and (505) 555-3001 for 25 s');
    await t.db.update(users).set({ lastName: 'Lucero' }).where(eq(users.id, userWithPhone));
    const none = await lookup.act(loadPhoneActions, { phoneId: 999_999 });
    expect(none.body.data).toMatchObject({ rows: [], actionCount: 0 });
  });

  it('saves and deletes a step', async () => {
    const saved = await admin.act(savePhoneAction, {
      actionId: ringGroup,
      phoneId: line.id,
      kind: 'forward',
      targets: ['505-555-3002'],
      label: 'Manager cell',
    });
    expect(saved.body.data).toMatchObject({
      message: 'Phone action saved.',
      action: { kind: 'forward', targets: ['+15055553002'], userIds: [], position: 1, label: 'Manager cell' },
    });
    const deleted = await admin.act(deletePhoneAction, { actionId: ringGroup });
    expect(deleted.body.data).toEqual({ actionId: ringGroup, message: 'Phone action deleted.' });
    expect(await t.db.select().from(phoneActions).where(eq(phoneActions.id, ringGroup))).toEqual([]);
    expect((await admin.act(deletePhoneAction, { actionId: ringGroup })).status).toBe(404);
  });

  it('refuses steps that cannot work, with a sentence, adding nothing', async () => {
    const nophone = (await t.createUser({ phone: '', firstName: 'Noe', lastName: 'Phone' })).id;
    const [{ n: before }] = await t.db.select({ n: count() }).from(phoneActions);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ phoneId: line.id, kind: 'ring-group' }, 400, 'A ring group needs at least one number or user to ring.'],
      [
        { phoneId: line.id, kind: 'forward', targets: ['5055553003', '5055553004'] },
        400,
        'A forward needs exactly one number to forward to.',
      ],
      [{ phoneId: line.id, kind: 'hours' }, 400, 'An hours step needs the opening hours of at least one day.'],
      [
        { phoneId: line.id, kind: 'hours', hours: '{"mon":null}' },
        400,
        'An hours step needs the opening hours of at least one day.',
      ],
      [{ phoneId: line.id, kind: 'hours', hours: '{"monday":["08:00","18:00"]}' }, 400, 'Unknown field: monday.'],
      [{ phoneId: line.id, kind: 'hours', hours: '{"mon":["18:00","08:00"]}' }, 400, 'Mon must open before it closes.'],
      [{ phoneId: line.id, kind: 'hours', hours: '{"mon":["8am","6pm"]}' }, 400, 'Mon must be HH:MM.'],
      [
        { phoneId: line.id, kind: 'hours', hours: 'not json' },
        400,
        'Hours must be opening hours per weekday, for example {"mon":["08:00","18:00"]}.',
      ],
      [
        { phoneId: line.id, kind: 'ring-group', userIds: [nophone] },
        400,
        'Noe Phone has no phone number on their profile, so a ring group cannot ring them.',
      ],
      [{ phoneId: line.id, kind: 'ring-group', userIds: [999_999] }, 400, 'There is no user 999999.'],
      [
        { phoneId: line.id, kind: 'ring-group', targets: ['+1 555 123 4567'] },
        400,
        'Number "+1 555 123 4567" is not a valid phone number.',
      ],
      [{ phoneId: line.id, kind: 'pager' }, 400, 'Kind must be one of: ring-group, forward, voicemail, hours.'],
      [{ phoneId: 999_999, kind: 'voicemail' }, 404, 'That phone does not exist; it may have been deleted.'],
      [{ phoneId: line.id, kind: 'voicemail', timeoutSeconds: 1 }, 400, 'Ring for (seconds) must be at least 5.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.actRaw(addPhoneAction, body);
      expect(res.status, message).toBe(status);
      expect(res.body.errors[0]).toBe(message);
    }
    const [{ n: after }] = await t.db.select({ n: count() }).from(phoneActions);
    expect(after).toBe(before);
    expect((await lookup.act(addPhoneAction, { phoneId: line.id, kind: 'voicemail' })).status).toBe(403);
  });
});
