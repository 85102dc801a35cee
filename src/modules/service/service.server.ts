import { and, asc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { dayEnd, dayStart, zoneOf } from '../../server/platform/days';
import { defineListAction, equals, fromDay, labelOf, present, toDay } from '../../server/platform/lists';
import { notFound } from '../../server/platform/records';
import { withinReach } from '../../server/platform/reach';
import { matchesSearch } from '../../server/platform/search';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import {
  appointmentRecords,
  appointments as a,
  recallCampaigns,
  schedulerSessions as s,
  serviceServices,
  serviceSources,
} from './service.db';
import {
  appointmentColumns,
  appointmentStatusLabels,
  deviceLabels,
  loadAppointment,
  loadAppointments,
  loadServiceOptions,
  loadSessions,
  sessionColumns,
  sessionStepLabels,
} from './service.contract';
import './reports.server';

/** Appointments on a day, on the clock of the store filtered by (the group's otherwise): the list's filter and the home's figure. */
export const scheduledOn = (day: string, zone: SQL) => [
  gte(a.scheduledAt, dayStart(day, zone)),
  lt(a.scheduledAt, dayEnd(day, zone)),
];

// The services' names in the order asked for; a removed service is left out.
const services = sql<
  string[]
>`array(select ${serviceServices.name} from unnest(${a.serviceIds}) with ordinality r(id, n)
  join ${serviceServices} on ${serviceServices.id} = r.id order by r.n)`;

/** An appointment as its list and its page show it. */
const appointmentFields = {
  appointmentId: a.id,
  locationId: a.locationId,
  locationName: locations.name,
  customerName: a.customerName,
  phone: a.phone,
  vehicle: a.vehicle,
  sourceName: serviceSources.name,
  services: services.as('services'),
  status: a.status,
  statusLabel: labelOf(a.status, appointmentStatusLabels).as('status_label'),
  recallName: recallCampaigns.campaign,
  createdAt: a.createdAt,
  scheduledAt: a.scheduledAt,
};

/** The appointments with their store, source and recall: the list's select, and the page's. */
const withNames = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(locations, eq(locations.id, a.locationId))
    .innerJoin(serviceSources, eq(serviceSources.id, a.sourceId))
    .leftJoin(recallCampaigns, eq(recallCampaigns.id, a.recallCampaignId));

defineListAction({
  contract: loadAppointments,
  summary:
    "Service appointments within reach, newest booking first: by store, source, service, status, recall and days booked, and part of a customer's name, number or vehicle, or the appointment's number.",
  permission: 'serviceManager',
  reach: a.locationId,
  bench: (b) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location, 30 days', filters: { locationId: b.locationId, minCreatedAt: b.from, maxCreatedAt: b.to } },
    { name: 'no-shows', filters: { status: 'no-show' } },
    { name: 'recall, a location', filters: { recall: '1', locationId: b.locationId } },
    // A common surname (one customer in 14 at scale): over budget, as the other lists' name searches (docs/bench.md).
    { name: 'search', filters: { query: 'romero' } },
    {
      name: "a store's day, in time order",
      filters: { locationId: b.locationId, scheduledOn: b.to, sort: 'scheduledAt', dir: 'asc' },
    },
  ],
  columns: appointmentColumns,
  sorts: { createdAt: a.createdAt, scheduledAt: a.scheduledAt },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'appointmentId', column: a.id },
  filters: {
    locationId: equals(a.locationId),
    sourceId: equals(a.sourceId),
    serviceId: (serviceId) => sql`${a.serviceIds} @> array[${serviceId}]::int[]`,
    status: equals(a.status),
    recall: present(a.recallCampaignId),
    minCreatedAt: fromDay(a.createdAt),
    maxCreatedAt: toDay(a.createdAt),
    scheduledOn: (day, { input }) => and(...scheduledOn(day, zoneOf(input.locationId as number | undefined))),
    // "#123" is appointment 123 (the scheduler sessions link so); digits alone may also be part of a phone number.
    query: (term) => {
      const number = /^#?\d{1,9}$/.test(term.trim()) ? Number(term.trim().replace('#', '')) : undefined;
      if (term.trim().startsWith('#') && number) return eq(a.id, number);
      return number ? or(eq(a.id, number), matchesSearch(a.search, term)) : matchesSearch(a.search, term);
    },
  },
  query: ({ db }) => ({ select: withNames(db.select(appointmentFields).from(a).$dynamic()) }),
});

defineAction({
  contract: loadAppointment,
  summary:
    'One service appointment within reach, for its page: the booking, its services, source, status and recall, and the scheduler visit that made it.',
  permission: 'serviceManager',
  reach: { appointmentId: appointmentRecords },
  readOnly: true,
  async handler({ db, input, user }) {
    const [row] = await withNames(
      db
        .select({
          ...appointmentFields,
          recallTitle: recallCampaigns.name,
          sessionId: sql<number | null>`(select min(${s.id}) from ${s} where ${s.appointmentId} = ${a.id})`.as(
            'session_id',
          ),
        })
        .from(a)
        .$dynamic(),
    ).where(and(eq(a.id, input.appointmentId), withinReach(user.reach, a.locationId)));
    if (!row) throw notFound(appointmentRecords, input.appointmentId);
    return {
      appointment: { ...row, createdAt: row.createdAt.toISOString(), scheduledAt: row.scheduledAt.toISOString() },
    };
  },
});

defineListAction({
  contract: loadSessions,
  summary:
    'Visits to the online scheduler within reach, newest first: by store, device, outcome and days; how far each got and the appointment it made.',
  permission: 'serviceManager',
  reach: s.locationId,
  bench: (b) => [
    { name: 'newest', filters: {} },
    { name: 'location, 30 days', filters: { locationId: b.locationId, minStartedAt: b.from, maxStartedAt: b.to } },
    { name: 'stopped before booking', filters: { booked: '0' } },
    { name: "newest, a region's user", filters: {}, regional: true },
  ],
  columns: sessionColumns,
  sorts: { startedAt: s.startedAt },
  defaultSort: 'startedAt',
  defaultDir: 'desc',
  id: { key: 'sessionId', column: s.id },
  filters: {
    locationId: equals(s.locationId),
    device: equals(s.device),
    booked: present(s.appointmentId),
    minStartedAt: fromDay(s.startedAt),
    maxStartedAt: toDay(s.startedAt),
  },
  query: ({ db }) => ({
    select: db
      .select({
        sessionId: s.id,
        locationId: s.locationId,
        locationName: locations.name,
        device: s.device,
        deviceLabel: labelOf(s.device, deviceLabels).as('device_label'),
        referrer: s.referrer,
        lastStep: s.lastStep,
        lastStepLabel: labelOf(s.lastStep, sessionStepLabels).as('last_step_label'),
        minutes: sql<number | null>`round(extract(epoch from ${s.endedAt} - ${s.startedAt}) / 60)::int`.as('minutes'),
        appointmentId: s.appointmentId,
        startedAt: s.startedAt,
      })
      .from(s)
      .innerJoin(locations, eq(locations.id, s.locationId))
      .$dynamic(),
  }),
});

defineAction({
  contract: loadServiceOptions,
  summary: "The choices of the appointment filters: the group's sources, services (long ones marked) and recalls.",
  permission: 'serviceManager',
  reach: 'group',
  readOnly: true,
  async handler({ db }) {
    const [sources, services, campaigns] = await Promise.all([
      db
        .select({ id: serviceSources.id, name: serviceSources.name })
        .from(serviceSources)
        .orderBy(asc(serviceSources.name)),
      db
        .select({ id: serviceServices.id, name: serviceServices.name, long: serviceServices.longService })
        .from(serviceServices)
        .orderBy(asc(serviceServices.name)),
      db
        .select({ id: recallCampaigns.id, campaign: recallCampaigns.campaign, name: recallCampaigns.name })
        .from(recallCampaigns)
        .orderBy(asc(recallCampaigns.campaign)),
    ]);
    return {
      sources: sources.map((r) => ({ value: String(r.id), label: r.name })),
      services: services.map((r) => ({ value: String(r.id), label: r.long ? `${r.name} (long)` : r.name })),
      campaigns: campaigns.map((r) => ({ value: String(r.id), label: `${r.campaign} ${r.name}` })),
    };
  },
});
