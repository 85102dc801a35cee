import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { createLine } from '../../../tests/telephony';
import { phoneActions, phones } from './phones.db';
import { isOpen, planSteps, renderCall, type PlanAction } from './call-plan';

describe('the call plan', () => {
  const action = (values: Partial<PlanAction>): PlanAction => ({ kind: 'voicemail', targets: [], userIds: [], hours: null, greeting: '', timeoutSeconds: 20, ...values });
  const ctx = {
    now: new Date('2026-11-02T18:00:00Z'), timeZone: 'America/Denver', name: 'Mesa Mazda',
    voiceUrl: (n: number | 'done') => `https://x/voice?${n === 'done' ? 'done=1' : `step=${n}`}`,
    answeredUrl: (id: number) => `https://x/answered?userId=${id}`, recordingUrl: 'https://x/status',
  };

  it('turns actions into steps: users without a phone are skipped, the bridge comes last, direct ring goes straight to it', () => {
    const actions = [
      action({ kind: 'ring-group', targets: ['+15055550001'], userIds: [1, 2] }),
      action({ kind: 'forward', targets: ['+15055550002'], timeoutSeconds: 30 }),
      action({ kind: 'ring-group', userIds: [2] }),
    ];
    const phonesOf = new Map([[1, '+15055550011']]);
    expect(planSteps({ bridge: '+15052650100', directRing: false }, actions, phonesOf)).toEqual([
      { kind: 'dial', numbers: [{ number: '+15055550001' }, { number: '+15055550011', userId: 1 }], timeoutSeconds: 20 },
      { kind: 'dial', numbers: [{ number: '+15055550002' }], timeoutSeconds: 30 },
      { kind: 'dial', numbers: [{ number: '+15052650100' }], timeoutSeconds: 30 },
    ]);
    expect(planSteps({ bridge: '+15052650100', directRing: true }, actions, phonesOf)).toEqual([{ kind: 'dial', numbers: [{ number: '+15052650100' }], timeoutSeconds: 30 }]);
  });

  it('reads opening hours on the location\'s clock, close excluded', () => {
    const hours = { mon: ['08:00', '18:00'] as [string, string] };
    expect(isOpen(hours, new Date('2026-11-02T15:00:00Z'), 'America/Denver')).toBe(true);
    expect(isOpen(hours, new Date('2026-11-02T14:59:00Z'), 'America/Denver')).toBe(false);
    expect(isOpen(hours, new Date('2026-11-03T01:00:00Z'), 'America/Denver')).toBe(false);
    expect(isOpen(hours, new Date('2026-11-03T00:59:00Z'), 'America/Denver')).toBe(true);
    expect(isOpen(hours, new Date('2026-11-03T15:00:00Z'), 'America/Denver')).toBe(false);
  });

  it('says the store is closed when the hours step has no voicemail after it', () => {
    const steps = planSteps({ bridge: '', directRing: false }, [action({ kind: 'hours', hours: { sat: ['09:00', '12:00'] } }), action({ kind: 'forward', targets: ['+15055550002'] })], new Map());
    const closed = renderCall(steps, 0, ctx);
    expect(closed.outcome).toEqual({ kind: 'closed' });
    expect(closed.twiml).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Say>Thank you for calling Mesa Mazda. We are closed right now; please call again during our opening hours.</Say><Hangup/></Response>');
  });

  it('apologises and hangs up when every step rang out', () => {
    const steps = planSteps({ bridge: '', directRing: false }, [action({ kind: 'forward', targets: ['+15055550002'] })], new Map());
    expect(renderCall(steps, 0, ctx).outcome).toMatchObject({ kind: 'dial', step: 0 });
    expect(renderCall(steps, 1, ctx).twiml).toContain('<Say>Sorry, no one is available to take your call. Goodbye.</Say><Hangup/>');
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
afterAll(async () => { await t?.close(); });

describe('the phone action manager', () => {
  let ringGroup: number;

  it('adds steps in order: a position is given when none is sent', async () => {
    const hours = await admin.call('phones/actions/add-action', { phoneId: line.id, kind: 'hours', label: 'Open', hours: '{"mon":["08:00","18:00"],"sat":null}' }, { form: true });
    expect(hours.status).toBe(200);
    expect(hours.body.data).toMatchObject({ message: 'Phone action added.', action: { kind: 'hours', position: 0, hours: { mon: ['08:00', '18:00'], sat: null } } });
    const group = await admin.call('phones/actions/add-action', { phoneId: line.id, kind: 'ring-group', targets: ['(505) 555-3001'], userIds: [userWithPhone], timeoutSeconds: 25 }, { form: true });
    expect(group.body.data.action).toEqual({
      actionId: group.body.data.actionId, phoneId: line.id, kind: 'ring-group', label: '', targets: ['+15055553001'], userIds: [userWithPhone],
      hours: null, greeting: '', timeoutSeconds: 25, position: 1,
    });
    ringGroup = group.body.data.actionId;
    const mail = await admin.call('phones/actions/add-action', { phoneId: line.id, kind: 'voicemail', greeting: 'Leave a message.' });
    expect(mail.body.data.action.position).toBe(2);
  });

  it('lists the steps of a line in order, with actionCount and html, and loads one', async () => {
    const res = await lookup.call('phones/actions/load-actions', { phoneId: line.id });
    expect(res.status).toBe(200);
    expect(res.body.data.actionCount).toBe(3);
    expect(res.body.data.rows.map((r: { kind: string }) => r.kind)).toEqual(['hours', 'ring-group', 'voicemail']);
    expect(res.body.data.rows[1]).toMatchObject({ phoneDescription: line.description, targets: ['+15055553001'], userIds: [userWithPhone] });
    expect(res.body.data.html).toContain('<td>ring-group</td>');
    const byLocation = await lookup.call('phones/actions/load-actions', { locationId: line.locationId, kind: 'voicemail' });
    expect(byLocation.body.data.rows.map((r: { greeting: string }) => r.greeting)).toEqual(['Leave a message.']);
    const one = await lookup.call('phones/actions/load-action', { actionId: ringGroup });
    expect(one.body.data.action).toMatchObject({ actionId: ringGroup, kind: 'ring-group', timeoutSeconds: 25 });
    const loaded = await lookup.call('phones/load-phone', { phoneId: line.id });
    expect(loaded.body.data.phone.actionCount).toBe(3);
  });

  it('saves and deletes a step', async () => {
    const saved = await admin.call('phones/actions/save-action', { actionId: ringGroup, phoneId: line.id, kind: 'forward', targets: ['505-555-3002'], label: 'Manager cell' });
    expect(saved.body.data).toMatchObject({ message: 'Phone action saved.', action: { kind: 'forward', targets: ['+15055553002'], userIds: [], position: 1, label: 'Manager cell' } });
    const deleted = await admin.call('phones/actions/delete-action', { actionId: ringGroup });
    expect(deleted.body.data).toEqual({ actionId: ringGroup, message: 'Phone action deleted.' });
    expect(await t.db.select().from(phoneActions).where(eq(phoneActions.id, ringGroup))).toEqual([]);
    expect((await admin.call('phones/actions/delete-action', { actionId: ringGroup })).status).toBe(404);
  });

  it('refuses steps that cannot work, with a sentence, adding nothing', async () => {
    const nophone = (await t.createUser({ phone: '', firstName: 'Noe', lastName: 'Phone' })).id;
    const [{ n: before }] = await t.db.select({ n: count() }).from(phoneActions);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ phoneId: line.id, kind: 'ring-group' }, 400, 'A ring group needs at least one number or user to ring.'],
      [{ phoneId: line.id, kind: 'forward', targets: ['5055553003', '5055553004'] }, 400, 'A forward needs exactly one number to forward to.'],
      [{ phoneId: line.id, kind: 'hours' }, 400, 'An hours step needs the opening hours of at least one day.'],
      [{ phoneId: line.id, kind: 'hours', hours: '{"mon":null}' }, 400, 'An hours step needs the opening hours of at least one day.'],
      [{ phoneId: line.id, kind: 'hours', hours: '{"monday":["08:00","18:00"]}' }, 400, 'Unknown field: monday.'],
      [{ phoneId: line.id, kind: 'hours', hours: '{"mon":["18:00","08:00"]}' }, 400, 'Mon must open before it closes.'],
      [{ phoneId: line.id, kind: 'hours', hours: '{"mon":["8am","6pm"]}' }, 400, 'Mon must be HH:MM.'],
      [{ phoneId: line.id, kind: 'hours', hours: 'not json' }, 400, 'Hours must be opening hours per weekday, for example {"mon":["08:00","18:00"]}.'],
      [{ phoneId: line.id, kind: 'ring-group', userIds: [nophone] }, 400, 'Noe Phone has no phone number on their profile, so a ring group cannot ring them.'],
      [{ phoneId: line.id, kind: 'ring-group', userIds: [999_999] }, 400, 'There is no user 999999.'],
      [{ phoneId: line.id, kind: 'ring-group', targets: ['+1 555 123 4567'] }, 400, 'Number "+1 555 123 4567" is not a valid phone number.'],
      [{ phoneId: line.id, kind: 'pager' }, 400, 'Kind must be one of: ring-group, forward, voicemail, hours.'],
      [{ phoneId: 999_999, kind: 'voicemail' }, 404, 'That phone does not exist; it may have been deleted.'],
      [{ phoneId: line.id, kind: 'voicemail', timeoutSeconds: 1 }, 400, 'Timeout seconds must be at least 5.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.call('phones/actions/add-action', body);
      expect(res.status, message).toBe(status);
      expect(res.body.errors[0]).toBe(message);
    }
    const [{ n: after }] = await t.db.select({ n: count() }).from(phoneActions);
    expect(after).toBe(before);
    expect((await lookup.call('phones/actions/add-action', { phoneId: line.id, kind: 'voicemail' })).status).toBe(403);
  });
});
