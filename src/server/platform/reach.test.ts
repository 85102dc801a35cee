import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, isNull, not, or } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { actionRoute } from './actions';
import { listRegistry } from './lists';
import { auditLog } from './platform.db';
import type { LocatedRecordKind } from './records';
import { locations } from '../../modules/locations/locations.db';
import { phones } from '../../modules/phones/phones.db';
import { allFlags } from '../../shared/permissions';
import { loadLocations, locationOptions, saveLocation } from '../../modules/locations/locations.contract';
import {
  loadCalls,
  loadPhone,
  loadPhones,
  makeCall,
  phoneOptions,
  savePhone,
} from '../../modules/phones/phones.contract';
import { userOptions } from '../../modules/users/users.contract';
import { registeredActions, registeredLists, registeredExports } from '../../../tests/registries';

/**
 * Reach, proven from the registry: every action that names a record or a location refuses one
 * outside the caller's reach with a 404, and every list, picker and export shows nothing outside it.
 * The caller is a New Mexico user holding every permission, so only reach can refuse them.
 */
let t: TestApp;
let nm: Caller;
let nowhere: Caller;
let newMexico: number[];
let phoenix: number;
beforeAll(async () => {
  t = await testApp();
  newMexico = (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.region, 'New Mexico'))).map(
    (l) => l.id,
  );
  [{ id: phoenix }] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'PHX'));
  nm = await t.signedIn([...allFlags], { groupWide: false, regions: ['New Mexico'] });
  // No region and no home location: reaches nothing.
  nowhere = await t.signedIn([...allFlags], { groupWide: false });
});
afterAll(async () => {
  await t?.close();
});

/** A record of this kind whose location is outside New Mexico (or has none). */
async function recordOutside(records: LocatedRecordKind): Promise<unknown> {
  const base = t.db.select({ key: records.key }).from(records.table);
  const joined = records.join ? base.innerJoin(records.join.table, records.join.on) : base;
  const [row] = await joined.where(or(isNull(records.location), not(inArray(records.location, newMexico)))).limit(1);
  return row?.key;
}

describe('every action that names a record refuses one outside reach with 404 and changes nothing', () => {
  for (const action of registeredActions().values()) {
    if (typeof action.reach === 'string') continue;
    for (const [field, records] of Object.entries(action.reach)) {
      // The group's own records (a catalogue) are in everyone's reach.
      if (!records.location) continue;
      it(`${action.path}: ${field}`, async () => {
        const key = await recordOutside(records as LocatedRecordKind);
        expect(key, `the demo group has a ${field} outside New Mexico`).toBeDefined();
        const [{ n: audits }] = await t.db.select({ n: count() }).from(auditLog);
        const shape = (
          action.input as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> }
        ).shape;
        const value = shape[field].safeParse([key]).success && !shape[field].safeParse(key).success ? [key] : key;
        const res = await nm.call(actionRoute(action), { [field]: value });
        expect(res.status).toBe(404);
        expect(res.body.success).toBe(false);
        expect(res.body.errors[0]).toBe(
          typeof records.missing === 'string' ? records.missing : records.missing(String(key)),
        );
        const [{ n: after }] = await t.db.select({ n: count() }).from(auditLog);
        expect(after).toBe(audits);
      });
    }
  }
});

describe('the registry', () => {
  it('declares how every field that names a record reaches a location', () => {
    const undeclared: string[] = [];
    for (const action of registeredActions().values()) {
      const list = listRegistry.get(action.path);
      // Public and two-factor calls act on the caller's own account; a list whose rows are kept within
      // reach can only be narrowed by its filters; `group` and `query` actions say why themselves.
      if (
        action.permission === 'public' ||
        action.permission === 'pending' ||
        typeof action.reach === 'string' ||
        (list && list.reach !== 'group')
      )
        continue;
      const shape = (action.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      for (const field of Object.keys(shape)) {
        if (
          /(Id|Ids)$|^ids$|^callSid$|^employeeNumber$/.test(field) &&
          field !== 'locationId' &&
          !(field in action.reach)
        )
          undeclared.push(`${action.path}: ${field}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});

describe('every action that takes a locationId refuses one outside reach with 404', () => {
  for (const action of registeredActions().values()) {
    const shape = (action.input as unknown as { shape?: Record<string, unknown> }).shape;
    if (!shape?.locationId || action.permission === 'public' || action.permission === 'pending') continue;
    it(action.path, async () => {
      const res = await nm.call(actionRoute(action), { locationId: phoenix });
      expect(res.status).toBe(404);
      expect(res.body.errors[0]).toBe('That location does not exist.');
    });
  }
});

describe('every list is kept within reach', () => {
  for (const list of registeredLists().values()) {
    if (list.reach === 'group') continue;
    it(`${list.path} shows a user who reaches nothing no rows`, async () => {
      // A list that needs a record to filter by is refused for it, which the tests above prove.
      const res = await nowhere.call(list.path, {});
      expect(res.status).toBe(200);
      expect(res.body.data.rows).toEqual([]);
      expect(res.body.data.count).toBe(0);
    });
  }

  it('shows a New Mexico user only New Mexico lines, in pages, counts and html', async () => {
    const res = await nm.act(loadPhones, {});
    const [{ n }] = await t.db.select({ n: count() }).from(phones).where(inArray(phones.locationId, newMexico));
    expect(res.body.data.phoneCount).toBe(n);
    expect(res.body.data.rows.length).toBe(n);
    expect(res.body.data.rows.every((r: { locationId: number }) => newMexico.includes(r.locationId))).toBe(true);
    expect(res.body.data.html).not.toContain('Phoenix');
  });

  it('lists only the locations in reach, and pickers offer only those', async () => {
    const list = await nm.act(loadLocations, {});
    expect(list.body.data.rows.map((r: { id: number }) => r.id).sort()).toEqual([...newMexico].sort());
    const options = await nm.act(locationOptions, {});
    expect(options.body.data.locations.map((l: { id: number }) => l.id).sort()).toEqual([...newMexico].sort());
    expect(options.body.data.regions).toEqual(['New Mexico']);
    const lines = await nm.act(phoneOptions, { limit: 50 });
    expect(lines.body.data.phones.length).toBeGreaterThan(0);
    expect(lines.body.data.phones.every((p: { locationId: number }) => newMexico.includes(p.locationId))).toBe(true);
    const people = await nm.act(userOptions, { limit: 50 });
    expect(people.body.data.users.every((u) => newMexico.includes(u.locationId!))).toBe(true);
  });

  it('keeps the reports to the calls and texts of locations in reach', async () => {
    for (const path of ['phones/calls/locations', 'phones/messages/locations']) {
      const res = await nm.call(path, { minCreatedAt: '2000-01-01' });
      expect(res.status).toBe(200);
      expect(res.body.data.rows.length).toBeGreaterThan(0);
      expect(
        res.body.data.rows.every((r: { key: number }) => newMexico.includes(r.key)),
        path,
      ).toBe(true);
    }
  });

  it('exports only rows within reach, and refuses a location outside it before sending anything', async () => {
    for (const download of registeredExports().values()) {
      if (download.list.reach === 'group') continue;
      const res = await t.app.inject({
        method: 'GET',
        url: download.route,
        cookies: { forecourt_session: nowhere.cookie! },
      });
      expect(res.statusCode).toBe(200);
      // The header line only: no row of a location outside reach.
      expect(res.body.trim().split('\n')).toHaveLength(1);
    }
    for (const download of registeredExports().values()) {
      if (!('locationId' in (download.input as unknown as { shape: object }).shape)) continue;
      const res = await t.app.inject({
        method: 'GET',
        url: `${download.route}?locationId=${phoenix}`,
        cookies: { forecourt_session: nm.cookie! },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('what the review found, as the demo group has it', () => {
  let gm: Caller;
  let it_: Caller;
  beforeAll(async () => {
    gm = await t.signedIn([], {
      jobCode: 'GM',
      groupWide: false,
      regions: ['New Mexico'],
      locationId: newMexico[0],
      phone: '+15055550177',
    });
    it_ = await t.signedIn([], { jobCode: 'IT', groupWide: false, regions: ['New Mexico'], locationId: newMexico[0] });
  });
  const phoneAt = async (code: string) => {
    const [row] = await t.db
      .select({ id: phones.id })
      .from(phones)
      .innerJoin(locations, eq(locations.id, phones.locationId))
      .where(and(eq(locations.code, code), eq(phones.active, true)))
      .limit(1);
    return row.id;
  };

  it('a New Mexico general manager cannot read a Colorado line nor place a call from a Phoenix line', async () => {
    expect((await gm.act(loadPhone, { phoneId: await phoneAt('DNC') })).status).toBe(404);
    expect((await gm.act(loadPhone, { phoneId: await phoneAt('ABG') })).status).toBe(200);
    const call = await gm.act(makeCall, { phoneId: await phoneAt('PHX'), to: '(505) 555-0142' });
    expect(call.status).toBe(404);
    expect((await gm.act(loadCalls, { locationId: phoenix })).status).toBe(404);
  });

  it('a New Mexico IT user cannot change a Colorado line nor the Phoenix location', async () => {
    const colorado = await phoneAt('DNC');
    const before = await t.db.select().from(phones).where(eq(phones.id, colorado));
    const saved = await it_.act(savePhone, {
      phoneId: colorado,
      description: 'Taken',
      phoneNumber: '(303) 555-0999',
      locationId: newMexico[0],
      phoneType: 'main',
    });
    expect(saved.status).toBe(404);
    expect(await t.db.select().from(phones).where(eq(phones.id, colorado))).toEqual(before);
    const location = await it_.act(saveLocation, { locationId: phoenix, name: 'Taken' });
    expect(location.status).toBe(404);
    const [phx] = await t.db.select({ name: locations.name }).from(locations).where(eq(locations.id, phoenix));
    expect(phx.name).toBe('Phoenix Hyundai');
  });

  it('a New Mexico IT user cannot add a location to another region, nor move one there', async () => {
    const added = await it_.act(saveLocation, { code: 'TUC2', name: 'Tucson Two', region: 'Arizona' });
    expect(added.status).toBe(403);
    expect(added.body.errors[0]).toBe('You can add or move locations only within your own regions (New Mexico).');
    const moved = await it_.act(saveLocation, { locationId: newMexico[1], region: 'Arizona' });
    expect(moved.status).toBe(403);
    const ok = await it_.act(saveLocation, { code: 'GLP', name: 'Gallup Dodge', region: 'New Mexico' });
    expect(ok.status).toBe(200);
  });

  it('a user reaches their home location outside their regions, and a change of regions applies at once', async () => {
    const [{ id: denver }] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'DNC'));
    const traveller = await t.signedIn(['phoneLookup'], { groupWide: false, regions: ['Arizona'], locationId: denver });
    const lines = await traveller.act(loadPhones, {});
    const reached = new Set(lines.body.data.rows.map((r: { locationId: number }) => r.locationId));
    expect(reached.has(denver)).toBe(true);
    expect(reached.has(phoenix)).toBe(true);
    expect([...reached].some((id) => newMexico.includes(id as number))).toBe(false);
  });

  it("a user's photo is served to callers who reach them, and to nobody else", async () => {
    const { userPhotos } = await import('../../modules/users/users.db');
    const [{ id: denver }] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'DNC'));
    const far = await t.createUser({ locationId: denver });
    await t.db.insert(userPhotos).values({ userId: far.id, content: Buffer.from('webp'), contentType: 'image/webp' });
    const get = (caller: Caller) =>
      t.app.inject({
        method: 'GET',
        url: `/api/users/${far.id}/photo`,
        cookies: { forecourt_session: caller.cookie! },
      });
    expect((await get(nm)).statusCode).toBe(404);
    const group = await t.signedIn([]);
    expect((await get(group)).statusCode).toBe(200);
  });
});
