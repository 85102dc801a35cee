import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { dayIn, DEFAULT_TIME_ZONE } from '../../server/platform/days';
import { locations } from '../locations/locations.db';
import {
  appointments,
  appointmentTallies,
  recallMessages,
  schedulerSessions,
  serviceServices,
  serviceSources,
} from './service.db';
import { tallySpan } from './reports.server';
import { todayFigures } from '../../shared/shell.contract';
import {
  loadAppointment,
  loadAppointments,
  loadDaysOut,
  loadLocations,
  loadLongServices,
  loadRecallAppointments,
  loadServiceOptions,
  loadServices,
  loadSessions,
  loadSources,
} from './service.contract';

let t: TestApp;
let manager: Caller;
let loc: Record<string, number>;
let zones: Map<number, string>;

beforeAll(async () => {
  t = await testApp();
  manager = await t.signedIn(['serviceManager']);
  const stores = await t.db
    .select({ code: locations.code, id: locations.id, zone: locations.timeZone })
    .from(locations);
  loc = Object.fromEntries(stores.map((l) => [l.code, l.id]));
  zones = new Map(stores.map((l) => [l.id, l.zone]));
});
afterAll(async () => {
  await t?.close();
});

const today = () => dayIn(DEFAULT_TIME_ZONE, new Date());
const shift = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dayDiff = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

type Tally = Record<string, number>;
const FIGURES = [
  'appointments',
  'completed',
  'noShows',
  'canceled',
  'recall',
  'daysOut',
  'sameDay',
  'days1to2',
  'days3to7',
  'days8to14',
  'days15Plus',
  'messages',
] as const;

/**
 * The tallies worked out again in TypeScript from the appointments and recall texts themselves: each
 * booking day on its store's clock (Intl, not SQL), once per store, source, service and recall, for
 * the store and for the group.
 */
async function expectedTallies(): Promise<Map<string, Tally>> {
  const out = new Map<string, Tally>();
  const add = (kind: string, day: string, locationId: number, keyId: number, figures: Partial<Tally>) => {
    // The store's rows, and the whole group's (location 0).
    for (const store of [locationId, 0]) {
      for (const [grain, period] of [
        ['d', day],
        ['m', `${day.slice(0, 7)}-01`],
      ]) {
        const key = `${kind}|${grain}|${period}|${store}|${keyId}`;
        const row = out.get(key) ?? Object.fromEntries(FIGURES.map((f) => [f, 0]));
        for (const [f, v] of Object.entries(figures)) row[f] += v!;
        out.set(key, row);
      }
    }
  };
  for (const a of await t.db.select().from(appointments)) {
    const zone = zones.get(a.locationId)!;
    const day = dayIn(zone, a.createdAt);
    const out = dayDiff(day, dayIn(zone, a.scheduledAt));
    const figures = {
      appointments: 1,
      completed: +(a.status === 'completed'),
      noShows: +(a.status === 'no-show'),
      canceled: +(a.status === 'canceled'),
      recall: +(a.recallCampaignId !== null),
      daysOut: Math.max(out, 0),
      sameDay: +(out <= 0),
      days1to2: +(out >= 1 && out <= 2),
      days3to7: +(out >= 3 && out <= 7),
      days8to14: +(out >= 8 && out <= 14),
      days15Plus: +(out >= 15),
    };
    add('location', day, a.locationId, 0, figures);
    add('source', day, a.locationId, a.sourceId, figures);
    for (const s of a.serviceIds) add('service', day, a.locationId, s, figures);
    if (a.recallCampaignId !== null) add('campaign', day, a.locationId, a.recallCampaignId, figures);
  }
  for (const m of await t.db.select().from(recallMessages))
    add('campaign', dayIn(zones.get(m.locationId)!, m.sentAt), m.locationId, m.campaignId, { messages: 1 });
  return out;
}

/**
 * The stored tallies with a figure, by the same keys. The ten thousand rows come as one JSON text:
 * read row by row, the embedded database took seconds per look, five looks a test.
 */
async function storedTallies(): Promise<Map<string, Tally>> {
  const t_ = appointmentTallies;
  const figures = FIGURES.map((f) => sql`${t_[f]}`);
  const [{ rows }] = await t.db
    .select({
      rows: sql<string>`coalesce(json_agg(json_build_array(
        concat_ws('|', ${t_.kind}, ${t_.grain}, ${t_.period}, ${t_.locationId}, ${t_.keyId}), ${sql.join(figures, sql`, `)})), '[]')::text`,
    })
    .from(t_)
    .where(sql`greatest(${sql.join(figures, sql`, `)}) <> 0 or least(${sql.join(figures, sql`, `)}) <> 0`);
  return new Map(
    (JSON.parse(rows) as [string, ...number[]][]).map(([key, ...values]) => [
      key,
      Object.fromEntries(FIGURES.map((f, i) => [f, values[i]])),
    ]),
  );
}

describe('appointment tallies', () => {
  it('match the appointments and recall texts exactly after inserts, every kind of change, deletes and emptying', async () => {
    expect(await storedTallies()).toEqual(await expectedTallies());

    const [oil, timing] = await t.db
      .select({ id: serviceServices.id })
      .from(serviceServices)
      .where(inArray(serviceServices.name, ['Oil and filter change', 'Timing belt replacement']))
      .orderBy(asc(serviceServices.id));
    const [phone] = await t.db
      .select({ id: serviceSources.id })
      .from(serviceSources)
      .where(eq(serviceSources.name, 'Phone'));
    // A booking at 23:30 in Phoenix is that day there, the next day in UTC.
    const late = new Date(`${shift(today(), -3)}T06:30:00Z`);
    const [added] = await t.db
      .insert(appointments)
      .values([
        {
          locationId: loc.PHX,
          customerName: 'Late Booker',
          sourceId: phone.id,
          serviceIds: [oil.id, timing.id],
          scheduledAt: new Date(late.getTime() + 9 * 86_400_000),
          createdAt: late,
        },
        {
          locationId: loc.ABG,
          customerName: 'Same Day',
          sourceId: phone.id,
          serviceIds: [oil.id],
          scheduledAt: new Date(),
          createdAt: new Date(),
        },
      ])
      .returning();
    expect(await storedTallies()).toEqual(await expectedTallies());

    // Status, source, services, store and dates changed, some rows at once.
    await t.db.update(appointments).set({ status: 'completed' }).where(gte(appointments.id, added.id));
    await t.db
      .update(appointments)
      .set({ locationId: loc.DNC, serviceIds: [timing.id], createdAt: new Date(late.getTime() - 40 * 86_400_000) })
      .where(eq(appointments.id, added.id));
    await t.db
      .update(appointments)
      .set({ status: 'no-show' })
      .where(and(eq(appointments.locationId, loc.SFS), eq(appointments.status, 'completed')));
    await t.db.insert(recallMessages).values({ locationId: loc.ABG, campaignId: 1, phone: '+15055550199' });
    await t.db
      .delete(appointments)
      .where(and(eq(appointments.locationId, loc.ABH), isNotNull(appointments.recallCampaignId)));
    await t.db.delete(recallMessages).where(eq(recallMessages.locationId, loc.ABG));
    expect(await storedTallies()).toEqual(await expectedTallies());

    // An appointment asks for at least one service (the services report counts bookings by them).
    await expect(
      t.db.insert(appointments).values({
        locationId: loc.ABG,
        customerName: 'Nothing Asked',
        sourceId: phone.id,
        serviceIds: [],
        scheduledAt: new Date(),
      }),
    ).rejects.toThrow();

    // A change rolled back leaves the counts as they were.
    const before = await storedTallies();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(appointments).set({ status: 'canceled' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await storedTallies()).toEqual(before);
  });

  it("are counted again on a store's new clock when its time zone changes, and back when it changes back", async () => {
    // Phoenix keeps MST all year (UTC−7); Honolulu is UTC−10 (IANA time zone database): a booking at
    // 00:30 in Phoenix is 21:30 the day before in Honolulu, so the change moves real counts.
    const late = new Date(`${shift(today(), -5)}T07:30:00Z`);
    const [phone] = await t.db.select({ id: serviceSources.id }).from(serviceSources).limit(1);
    const [oil] = await t.db.select({ id: serviceServices.id }).from(serviceServices).limit(1);
    await t.db.insert(appointments).values({
      locationId: loc.PHX,
      customerName: 'Evening Booker',
      sourceId: phone.id,
      serviceIds: [oil.id],
      scheduledAt: new Date(late.getTime() + 3 * 86_400_000),
      createdAt: late,
    });
    expect(dayIn('America/Phoenix', late)).not.toBe(dayIn('Pacific/Honolulu', late));
    const moved = async (zone: string) => {
      await t.db.update(locations).set({ timeZone: zone }).where(eq(locations.id, loc.PHX));
      zones.set(loc.PHX, zone);
      expect(await storedTallies()).toEqual(await expectedTallies());
    };
    const was = zones.get(loc.PHX)!;
    await moved('Pacific/Honolulu');
    await moved(was);
  });

  it('add up to the same counts over any range: days, whole months, and months less their days outside it', async () => {
    const first = `${shift(today(), -118).slice(0, 7)}-01`;
    const ranges: [string, string][] = [
      [shift(today(), -100), shift(today(), -3)], // per month: partial months at both ends
      [shift(first, 1), today()], // the first month less a day; the last month less the days after today
      [shift(first, 27), shift(today(), -24)], // a few days of the first month; the last month's first days
      [first, shift(`${today().slice(0, 7)}-01`, -1)], // whole months only
      [shift(today(), -40), shift(today(), -10)], // per week: days only
    ];
    expect(tallySpan(...ranges[0]).unit).toBe('month');
    expect(tallySpan(...ranges[4]).unit).toBe('week');
    const all = await t.db.select().from(appointments);
    for (const [from, to] of ranges) {
      const inRange = all.filter((a) => {
        const day = dayIn(zones.get(a.locationId)!, a.createdAt);
        return day >= from && day <= to;
      });
      const res = await manager.act(loadSources, { minCreatedAt: from, maxCreatedAt: to });
      expect([from, to, res.body.data.appointmentCount]).toEqual([from, to, inRange.length]);
      const bySource = Object.fromEntries(
        res.body.data.rows.map((r: { key: number; appointments: number }) => [r.key, r.appointments]),
      );
      const counted: Record<number, number> = {};
      for (const a of inRange) counted[a.sourceId] = (counted[a.sourceId] ?? 0) + 1;
      expect(bySource).toEqual(counted);
      const abg = await manager.act(loadLocations, { minCreatedAt: from, maxCreatedAt: to, locationId: loc.ABG });
      expect(abg.body.data.appointmentCount).toBe(inRange.filter((a) => a.locationId === loc.ABG).length);
    }
  });
});

describe('appointment reports', () => {
  // A range long enough to be read from month rows, with partial months at both ends.
  const from = () => shift(today(), -100);
  const to = () => shift(today(), -3);

  /** Appointments booked in the range, counted from the table itself, in the group's zone for group-wide ranges. */
  const booked = async (where?: (a: typeof appointments.$inferSelect) => boolean) => {
    const all = await t.db.select().from(appointments);
    return all.filter((a) => {
      const day = dayIn(zones.get(a.locationId)!, a.createdAt);
      return day >= from() && day <= to() && (!where || where(a));
    });
  };

  it('sources: every booking once, per source, with what became of them, the html and the chart', async () => {
    const res = await manager.act(loadSources, { minCreatedAt: from(), maxCreatedAt: to() });
    expect(res.status).toBe(200);
    const rows = await booked();
    expect(res.body.data.appointmentCount).toBe(rows.length);
    const sources = await t.db.select().from(serviceSources);
    const online = sources.find((s) => s.name === 'Online scheduler')!;
    const mine = rows.filter((a) => a.sourceId === online.id);
    const row = res.body.data.rows.find((r: { name: string }) => r.name === 'Online scheduler')!;
    expect(row).toMatchObject({
      key: online.id,
      appointments: mine.length,
      completed: mine.filter((a) => a.status === 'completed').length,
      noShows: mine.filter((a) => a.status === 'no-show').length,
      canceled: mine.filter((a) => a.status === 'canceled').length,
    });
    const due = row.completed + row.noShows;
    expect(row.showRate).toBe(`${Math.round((row.completed / due) * 100)}%`);
    expect(res.body.data.sourceCount).toBe(new Set(rows.map((a) => a.sourceId)).size);
    expect(res.body.data.html).toContain('<th data-key="name">Source</th>');
    expect(res.body.data.html).toContain('Online scheduler');
    // Per month (the range is over 92 days), every month touched, the busiest five and Other adding up to the whole.
    const { timeline } = res.body.data;
    expect(timeline.unit).toBe('month');
    expect(timeline.periods[0].period).toBe(`${from().slice(0, 7)}-01`);
    const charted = timeline.periods.reduce(
      (n: number, p: { values: Record<string, number> }) => n + Object.values(p.values).reduce((a, b) => a + b, 0),
      0,
    );
    expect(charted).toBe(rows.length);
    expect(
      new Set(timeline.periods.flatMap((p: { values: object }) => Object.keys(p.values))).size,
    ).toBeLessThanOrEqual(6);
  });

  it('services: each service asked for, and appointments counted once; long services alone', async () => {
    const rows = await booked((a) => a.locationId === loc.ABG);
    const res = await manager.act(loadServices, { locationId: loc.ABG, minCreatedAt: from(), maxCreatedAt: to() });
    expect(res.body.data.appointmentCount).toBe(rows.length);
    const services = await t.db.select().from(serviceServices);
    const oil = services.find((s) => s.name === 'Oil and filter change')!;
    const oilRow = res.body.data.rows.find((r: { key: number }) => r.key === oil.id)!;
    expect(oilRow.appointments).toBe(rows.filter((a) => a.serviceIds.includes(oil.id)).length);
    expect(res.body.data.rows.reduce((n: number, r: { appointments: number }) => n + r.appointments, 0)).toBe(
      rows.reduce((n, a) => n + a.serviceIds.length, 0),
    );

    const long = await manager.act(loadLongServices, { minCreatedAt: from(), maxCreatedAt: to() });
    const longIds = new Set(services.filter((s) => s.longService).map((s) => s.id));
    const all = await booked();
    expect(long.body.data.rows.every((r: { key: number }) => longIds.has(r.key))).toBe(true);
    expect(long.body.data.serviceCount).toBe(
      new Set(all.flatMap((a) => a.serviceIds.filter((s) => longIds.has(s)))).size,
    );
    expect(long.body.data.appointmentCount).toBe(
      all.reduce((n, a) => n + a.serviceIds.filter((s) => longIds.has(s)).length, 0),
    );
    expect(long.body.data.serviceCount).toBeGreaterThan(0);
  });

  it('locations: per store, and only the stores in reach', async () => {
    const rows = await booked();
    const res = await manager.act(loadLocations, { minCreatedAt: from(), maxCreatedAt: to() });
    expect(res.body.data.appointmentCount).toBe(rows.length);
    expect(res.body.data.locationCount).toBe(new Set(rows.map((a) => a.locationId)).size);
    const abg = res.body.data.rows.find((r: { key: number }) => r.key === loc.ABG);
    const mine = rows.filter((a) => a.locationId === loc.ABG);
    expect(abg).toMatchObject({
      name: 'Albuquerque Toyota',
      appointments: mine.length,
      recall: mine.filter((a) => a.recallCampaignId !== null).length,
    });

    const nm = await t.signedIn(['serviceManager'], { groupWide: false, regions: ['New Mexico'] });
    const nmRes = await nm.act(loadLocations, { minCreatedAt: from(), maxCreatedAt: to() });
    const nmStores = new Set(
      (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.region, 'New Mexico'))).map(
        (l) => l.id,
      ),
    );
    expect(nmRes.body.data.rows.length).toBeGreaterThan(0);
    expect(nmRes.body.data.rows.every((r: { key: number }) => nmStores.has(r.key))).toBe(true);
    expect(nmRes.body.data.appointmentCount).toBe(rows.filter((a) => nmStores.has(a.locationId)).length);
    expect((await nm.act(loadSources, { locationId: loc.PHX })).status).toBe(404);
  });

  it('recalls: texts sent and appointments booked per recall', async () => {
    const res = await manager.act(loadRecallAppointments, { minCreatedAt: from(), maxCreatedAt: to() });
    const recalls = await booked((a) => a.recallCampaignId !== null);
    expect(res.body.data.totalAppointments).toBe(recalls.length);
    const texts = (await t.db.select().from(recallMessages)).filter((m) => {
      const day = dayIn(zones.get(m.locationId)!, m.sentAt);
      return day >= from() && day <= to();
    });
    expect(res.body.data.totalMessages).toBe(texts.length);
    expect(res.body.data.totalMessages).toBeGreaterThan(0);
    const first = res.body.data.rows[0];
    const one = await manager.act(loadRecallAppointments, {
      minCreatedAt: from(),
      maxCreatedAt: to(),
      campaignId: first.key,
    });
    expect(one.body.data.rows).toEqual([first]);
    expect(one.body.data.totalMessages).toBe(first.messages);
  });

  it('days out: per store or per service, each booking in one span', async () => {
    const rows = await booked();
    const res = await manager.act(loadDaysOut, { minCreatedAt: from(), maxCreatedAt: to() });
    expect(res.body.data.appointmentCount).toBe(rows.length);
    const spans = (r: Record<'sameDay' | 'days1to2' | 'days3to7' | 'days8to14' | 'days15Plus', number>) =>
      r.sameDay + r.days1to2 + r.days3to7 + r.days8to14 + r.days15Plus;
    for (const r of res.body.data.rows) expect(spans(r)).toBe(r.appointments);
    const abg = res.body.data.rows.find((r: { key: number }) => r.key === loc.ABG)!;
    const mine = rows.filter((a) => a.locationId === loc.ABG);
    const outs = mine.map((a) =>
      dayDiff(dayIn(zones.get(a.locationId)!, a.createdAt), dayIn(zones.get(a.locationId)!, a.scheduledAt)),
    );
    expect(abg.sameDay).toBe(outs.filter((d) => d <= 0).length);
    expect(abg.averageDaysOut).toBe((outs.reduce((n, d) => n + Math.max(d, 0), 0) / outs.length).toFixed(1));
    expect(res.body.data.html).toContain('<th data-key="days3to7">3–7 days</th>');
    const byService = await manager.act(loadDaysOut, { minCreatedAt: from(), maxCreatedAt: to(), groupBy: 'service' });
    expect(byService.body.data.html).toContain('<th data-key="name">Service</th>');
    expect(byService.body.data.rows.reduce((n: number, r: { appointments: number }) => n + r.appointments, 0)).toBe(
      rows.reduce((n, a) => n + a.serviceIds.length, 0),
    );
  });

  it('answer the last 30 days without a range, per week', async () => {
    const res = await manager.act(loadSources, {});
    expect(res.body.data.maxCreatedAt).toBe(today());
    expect(res.body.data.minCreatedAt).toBe(shift(today(), -29));
    expect(res.body.data.timeline.unit).toBe('week');
  });

  it('refuse a range that ends before it starts, and a bad day, naming the field as labelled', async () => {
    const res = await manager.act(loadLocations, { minCreatedAt: '2026-10-10', maxCreatedAt: '2026-10-01' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['To must not be before From.']);
    const bad = await manager.act(loadDaysOut, { minCreatedAt: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['From must be a real date.']);
    const group = await manager.act(loadDaysOut, { groupBy: 'week' });
    expect(group.status).toBe(400);
    expect(group.body.errors).toEqual(['Rows must be one of: location, service.']);
  });

  it('need the service manager flag', async () => {
    const advisor = await t.signedIn(['serviceAdvisor']);
    expect((await advisor.act(loadSources, {})).status).toBe(403);
  });
});

describe('appointment data', () => {
  it('lists bookings newest first, by store, status, recall and service, with names for ids', async () => {
    const res = await manager.act(loadAppointments, { locationId: loc.ABG, status: 'no-show', limit: 5 });
    expect(res.status).toBe(200);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(appointments)
      .where(and(eq(appointments.locationId, loc.ABG), eq(appointments.status, 'no-show')));
    expect(res.body.data.appointmentCount).toBe(n);
    const newest = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.locationId, loc.ABG), eq(appointments.status, 'no-show')))
      .orderBy(sql`${appointments.createdAt} desc, ${appointments.id} desc`)
      .limit(5);
    expect(res.body.data.rows.map((r: { appointmentId: number }) => r.appointmentId)).toEqual(newest.map((a) => a.id));
    const services = new Map((await t.db.select().from(serviceServices)).map((s) => [s.id, s.name]));
    expect(res.body.data.rows[0]).toMatchObject({
      locationName: 'Albuquerque Toyota',
      status: 'no-show',
      statusLabel: 'No-show',
      customerName: newest[0].customerName,
      services: newest[0].serviceIds.map((id) => services.get(id)),
    });
    expect(res.body.data.html).toContain('No-show');

    const recall = await manager.act(loadAppointments, { recall: '1', limit: 100 });
    expect(recall.body.data.rows.length).toBeGreaterThan(0);
    expect(recall.body.data.rows.every((r: { recallName: string | null }) => r.recallName !== null)).toBe(true);
    const [timing] = await t.db
      .select()
      .from(serviceServices)
      .where(eq(serviceServices.name, 'Timing belt replacement'));
    const timed = await manager.act(loadAppointments, { serviceId: timing.id, limit: 100 });
    expect(
      timed.body.data.rows.every((r: { services: string[] }) => r.services.includes('Timing belt replacement')),
    ).toBe(true);
    const search = await manager.act(loadAppointments, { query: newest[0].customerName.toLowerCase() });
    expect(search.body.data.rows.some((r: { appointmentId: number }) => r.appointmentId === newest[0].id)).toBe(true);
    // "#n" is appointment n alone, as the scheduler sessions link to it.
    const one = await manager.act(loadAppointments, { query: `#${newest[0].id}` });
    expect(one.body.data.rows.map((r: { appointmentId: number }) => r.appointmentId)).toEqual([newest[0].id]);
  });

  it("counts today's appointments on the home page as the list of the day shows them, in time order", async () => {
    const [phone] = await t.db
      .select({ id: serviceSources.id })
      .from(serviceSources)
      .where(eq(serviceSources.name, 'Phone'));
    const day = today();
    // Noon in Albuquerque, and 23:30 in Phoenix the evening before (the day before on the group's clock too).
    await t.db.insert(appointments).values([
      {
        locationId: loc.ABG,
        customerName: 'Noon Today',
        sourceId: phone.id,
        serviceIds: [1],
        scheduledAt: new Date(`${day}T19:00:00Z`),
        createdAt: new Date(`${shift(day, -2)}T19:00:00Z`),
      },
      {
        locationId: loc.PHX,
        customerName: 'Late Yesterday',
        sourceId: phone.id,
        serviceIds: [1],
        scheduledAt: new Date(`${day}T06:30:00Z`),
        createdAt: new Date(`${shift(day, -2)}T19:00:00Z`),
      },
    ]);
    const all = await t.db.select().from(appointments);
    const expected = all
      .filter((a) => dayIn(DEFAULT_TIME_ZONE, a.scheduledAt) === day)
      .sort((x, y) => x.scheduledAt.getTime() - y.scheduledAt.getTime() || x.id - y.id);
    expect(expected.some((a) => a.customerName === 'Noon Today')).toBe(true);
    expect(expected.some((a) => a.customerName === 'Late Yesterday')).toBe(false);

    const home = await manager.act(todayFigures, {});
    const figure = home.body.data.figures.find((f: { key: string }) => f.key === 'appointmentsToday');
    expect(figure).toEqual({
      key: 'appointmentsToday',
      label: 'Appointments today',
      value: expected.length,
      href: `/reports/service-appointments/?scheduledOn=${day}&sort=scheduledAt&dir=asc`,
    });
    const list = await manager.act(loadAppointments, { scheduledOn: day, sort: 'scheduledAt', dir: 'asc', limit: 100 });
    expect(list.body.data.appointmentCount).toBe(expected.length);
    expect(list.body.data.rows.map((r: { appointmentId: number }) => r.appointmentId)).toEqual(
      expected.slice(0, 100).map((a) => a.id),
    );
    // A regional manager counts only their stores'; without the flag there is no figure.
    const nm = await t.signedIn(['serviceManager'], { groupWide: false, regions: ['New Mexico'] });
    const nmStores = new Set(
      (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.region, 'New Mexico'))).map(
        (l) => l.id,
      ),
    );
    const nmFigure = (await nm.act(todayFigures, {})).body.data.figures.find(
      (f: { key: string }) => f.key === 'appointmentsToday',
    )!;
    expect(nmFigure.value).toBe(expected.filter((a) => nmStores.has(a.locationId)).length);
    const advisor = await t.signedIn(['serviceAdvisor']);
    expect((await advisor.act(todayFigures, {})).body.data.figures.map((f: { key: string }) => f.key)).not.toContain(
      'appointmentsToday',
    );
  });

  it('lists scheduler sessions with how far each got and the appointment it made', async () => {
    const res = await manager.act(loadSessions, { booked: '1', limit: 10 });
    expect(res.status).toBe(200);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(schedulerSessions)
      .where(isNotNull(schedulerSessions.appointmentId));
    expect(res.body.data.sessionCount).toBe(n);
    expect(res.body.data.rows[0]).toMatchObject({ lastStep: 'booked', lastStepLabel: 'Booked' });
    expect(res.body.data.rows[0].appointmentId).toEqual(expect.any(Number));
    expect(res.body.data.rows[0].minutes).toBeGreaterThan(0);
    const stopped = await manager.act(loadSessions, { booked: '0', device: 'phone', limit: 10 });
    expect(
      stopped.body.data.rows.every(
        (r: { appointmentId: number | null; deviceLabel: string }) =>
          r.appointmentId === null && r.deviceLabel === 'Phone',
      ),
    ).toBe(true);
    expect(stopped.body.data.html).toContain('<th data-key="lastStepLabel">Got as far as</th>');
  });

  it("reads one appointment for its page: its row, the recall's name and the scheduler visit that booked it", async () => {
    const [booked] = await t.db
      .select({ appointmentId: schedulerSessions.appointmentId, sessionId: schedulerSessions.id })
      .from(schedulerSessions)
      .where(isNotNull(schedulerSessions.appointmentId))
      .orderBy(asc(schedulerSessions.id))
      .limit(1);
    const res = await manager.act(loadAppointment, { appointmentId: booked.appointmentId! });
    expect(res.status).toBe(200);
    const { appointment } = res.body.data;
    expect(appointment.sessionId).toBe(booked.sessionId);
    const listed = await manager.act(loadAppointments, { query: `#${booked.appointmentId}`, view: 'rows' });
    // The same instants, written by JavaScript here and by PostgreSQL in the list.
    const instants = (r: { createdAt: string; scheduledAt: string }) => ({
      ...r,
      createdAt: Date.parse(r.createdAt),
      scheduledAt: Date.parse(r.scheduledAt),
    });
    expect(instants(appointment)).toMatchObject(instants(listed.body.data.rows[0]));

    const [recall] = await t.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(isNotNull(appointments.recallCampaignId))
      .limit(1);
    const withRecall = (await manager.act(loadAppointment, { appointmentId: recall.id })).body.data.appointment;
    expect(withRecall.recallName).toEqual(expect.any(String));
    expect(withRecall.recallTitle).toEqual(expect.any(String));
  });

  it('reads one appointment only within reach, for service managers; one that is not there is a 404 with a sentence', async () => {
    const [outside] = await t.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.locationId, loc.PHX))
      .limit(1);
    const nm = await t.signedIn(['serviceManager'], { groupWide: false, regions: ['New Mexico'] });
    expect((await nm.act(loadAppointment, { appointmentId: outside.id })).status).toBe(404);
    expect((await manager.act(loadAppointment, { appointmentId: outside.id })).status).toBe(200);
    expect((await (await t.signedIn([])).act(loadAppointment, { appointmentId: outside.id })).status).toBe(403);
    const missing = await manager.act(loadAppointment, { appointmentId: 999_999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual(['That appointment does not exist.']);
  });

  it("offers the filters' choices", async () => {
    const res = await manager.act(loadServiceOptions, {});
    expect(res.body.data.sources.map((o: { label: string }) => o.label)).toContain('Online scheduler');
    expect(res.body.data.services.map((o: { label: string }) => o.label)).toContain('Timing belt replacement (long)');
    expect(res.body.data.campaigns[0].label).toBe('24V-101 Fuel pump may fail');
  });
});
