import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { locations } from './locations.db';
import { loadLocation, loadLocations, loadShortcodes, locationOptions, saveLocation } from './locations.contract';

let t: TestApp;
let admin: Caller;
let staff: Caller;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signedIn(['accessAdmin']);
  staff = await t.signedIn([]);
});
afterAll(async () => {
  await t?.close();
});

const abg = async () => (await t.db.select().from(locations).where(eq(locations.code, 'ABG')))[0];

describe('locations', () => {
  it('lists locations for any signed-in user, searchable and filterable', async () => {
    const res = await staff.act(loadLocations, {});
    expect(res.body.data.locationCount).toBe(9);
    expect(res.body.data.rows[0].name).toBe('Albuquerque Honda');
    const nm = await staff.act(loadLocations, { region: 'Arizona', sort: 'code', dir: 'desc' });
    expect(nm.body.data.rows.map((r: { code: string }) => r.code)).toEqual(['TUC', 'PHX']);
    const inactive = await staff.act(loadLocations, { active: '0' });
    expect(inactive.body.data.rows.map((r: { code: string }) => r.code)).toEqual(['ELP']);
    expect(inactive.body.data.html).toContain('(915) 555-0900');
    const hondas = await staff.act(loadLocations, { query: 'HONDA' });
    expect(hondas.body.data.rows.map((r: { code: string }) => r.code)).toEqual(['ABH']);
    // `%` and `_` are searched as characters, not as wildcards.
    expect((await staff.act(loadLocations, { query: '_' })).body.data.locationCount).toBe(0);
  });

  it('gives pickers every location and the default code ABG', async () => {
    const res = await staff.act(locationOptions, {});
    expect(res.body.data.defaultCode).toBe('ABG');
    expect(res.body.data.locations).toHaveLength(9);
    expect(res.body.data.regions).toEqual(['Arizona', 'Colorado', 'New Mexico', 'Texas']);
  });

  it('loads a location and its shortcodes', async () => {
    const location = await abg();
    const res = await staff.act(loadLocation, { locationId: location.id });
    expect(res.body.data.location).toMatchObject({
      code: 'ABG',
      name: 'Albuquerque Toyota',
      timeZone: 'America/Denver',
    });
    const codes = await staff.act(loadShortcodes, { locationId: location.id });
    expect(codes.body.data.shortcodes).toContainEqual({
      shortcode: '[location_name]',
      label: 'Location name',
      value: 'Albuquerque Toyota',
    });
    expect(codes.body.data.shortcodes).toContainEqual({
      shortcode: '[location_phone]',
      label: 'Phone',
      value: '(505) 265-0100',
    });
    expect((await staff.act(loadLocation, { locationId: 99999 })).status).toBe(404);
  });

  it('saves only the service fields the service screen sends', async () => {
    const location = await abg();
    const res = await admin.call(
      'locations/save-location',
      {
        locationId: location.id,
        serviceHours: 'Mon–Sat 7:00–19:00',
        servicePhone: '505-265-0199',
        serviceActive: 0,
      },
      { form: true },
    );
    expect(res.status).toBe(200);
    const after = await abg();
    expect(after).toMatchObject({
      serviceHours: 'Mon–Sat 7:00–19:00',
      servicePhone: '+15052650199',
      serviceActive: false,
      name: location.name,
      url: location.url,
    });
  });

  it('empties a field sent blank and keeps the fields not sent', async () => {
    const location = await abg();
    const res = await admin.act(saveLocation, { locationId: location.id, serviceHours: '', serviceEmail: '' });
    expect(res.status).toBe(200);
    expect(await abg()).toMatchObject({
      serviceHours: '',
      serviceEmail: '',
      name: location.name,
      servicePhone: location.servicePhone,
    });
    const blankName = await admin.act(saveLocation, { locationId: location.id, name: '' });
    expect(blankName.body.errors[0]).toBe('Name is required.');
  });

  it('adds a location, and refuses a duplicate code or bad fields without changing anything', async () => {
    const res = await admin.act(saveLocation, {
      code: 'rno',
      name: 'Reno Mazda',
      region: 'Nevada',
      city: 'Reno',
      state: 'nv',
      zip: '89502',
      timeZone: 'America/Los_Angeles',
      active: 1,
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(locations).where(eq(locations.id, res.body.data.locationId));
    expect(row).toMatchObject({ code: 'RNO', state: 'NV', timeZone: 'America/Los_Angeles', active: true });
    const [{ n: before }] = await t.db.select({ n: count() }).from(locations);
    const dup = await admin.act(saveLocation, { code: 'ABG', name: 'Second ABG' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toBe('Another location already uses the code ABG.');
    const bad = await admin.act(saveLocation, { code: 'NEW1', name: 'New', zip: 'abc', timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      'ZIP code must be five digits, such as 87109.',
      'Time zone must be a US time zone.',
    ]);
    const noName = await admin.act(saveLocation, { code: 'NEW2' });
    expect(noName.body.errors[0]).toBe('A new location needs a code and a name.');
    const [{ n: after }] = await t.db.select({ n: count() }).from(locations);
    expect(after).toBe(before);
  });

  it('keeps editing to access admins', async () => {
    const location = await abg();
    expect((await staff.act(saveLocation, { locationId: location.id, name: 'Hacked' })).status).toBe(403);
    expect((await abg()).name).toBe('Albuquerque Toyota');
  });
});
