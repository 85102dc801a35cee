import { z } from 'zod';
import { id, optionalChoice, optionalDate, optionalId, optionalText, yesNo } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';

export const appointmentStatuses = ['scheduled', 'completed', 'no-show', 'canceled'] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  'no-show': 'No-show',
  canceled: 'Canceled',
};

export const devices = ['desktop', 'phone', 'tablet'] as const;
export type Device = (typeof devices)[number];
export const deviceLabels: Record<Device, string> = { desktop: 'Desktop', phone: 'Phone', tablet: 'Tablet' };

/** The online scheduler's steps in the order a customer meets them; `booked` is the end. */
export const sessionSteps = ['location', 'vehicle', 'services', 'time', 'contact', 'booked'] as const;
export type SessionStep = (typeof sessionSteps)[number];
export const sessionStepLabels: Record<SessionStep, string> = {
  location: 'Chose a store',
  vehicle: 'Vehicle',
  services: 'Services',
  time: 'Day and time',
  contact: 'Contact details',
  booked: 'Booked',
};

/** What the appointment tallies count by (service.db.ts). */
export type TallyKind = 'location' | 'source' | 'service' | 'campaign';

/** Days between booking and the appointment, as the days-out report groups them. */
export const daysOutSpans = [
  { key: 'sameDay', label: 'Same day' },
  { key: 'days1to2', label: '1–2 days' },
  { key: 'days3to7', label: '3–7 days' },
  { key: 'days8to14', label: '8–14 days' },
  { key: 'days15Plus', label: '15 days or more' },
] as const;

/**
 * Every report's range: the days appointments were booked on, on the store's clock (the last 30 days
 * when neither is given). Any range is answered as fast: the tallies keep months as well as days.
 */
const range = {
  minCreatedAt: optionalDate.meta({ title: 'From' }),
  maxCreatedAt: optionalDate.meta({ title: 'To' }),
};
const inOrder = (r: { minCreatedAt?: string; maxCreatedAt?: string }) =>
  !r.minCreatedAt || !r.maxCreatedAt || r.minCreatedAt <= r.maxCreatedAt;
const ordered = { error: 'must not be before From', path: ['maxCreatedAt'] };

export const reportInput = z.object({ ...range, locationId: optionalId }).refine(inOrder, ordered);
const daysOutInput = z
  .object({
    ...range,
    locationId: optionalId,
    /** One row per store, or per service. */
    groupBy: optionalChoice(['location', 'service'] as const).meta({ title: 'Rows' }),
  })
  .refine(inOrder, ordered);
const recallInput = z
  .object({ ...range, locationId: optionalId, campaignId: optionalId.meta({ title: 'Recall' }) })
  .refine(inOrder, ordered);

const count = z.number().int();
/** One row of a report: a store, a source, a service or a recall, with what its appointments became. */
const reportRow = z.object({
  key: count,
  name: z.string(),
  appointments: count,
  completed: count,
  noShows: count,
  canceled: count,
  /** Still ahead: booked, not yet completed, missed or canceled. */
  upcoming: count,
  recall: count,
  /** Of the appointments already due, the share completed, as "82%" ("" with none due). */
  showRate: z.string(),
  /** Average days between booking and the appointment, one decimal ("3.4"). */
  averageDaysOut: z.string(),
  sameDay: count,
  days1to2: count,
  days3to7: count,
  days8to14: count,
  days15Plus: count,
  messages: count,
});
export type ReportRow = z.output<typeof reportRow>;

/** Appointments per week (ranges up to 92 days) or per month, for the keys the chart stacks. */
const timeline = z.object({
  unit: z.enum(['week', 'month']),
  /** The keys of `values`, busiest first, "Other" last. */
  keys: z.array(z.string()),
  periods: z.array(z.object({ period: z.string(), label: z.string(), values: z.record(z.string(), count) })),
});
export type Timeline = z.output<typeof timeline>;

const reply = { rows: z.array(reportRow), html: z.string(), minCreatedAt: z.string(), maxCreatedAt: z.string() };

const statusColumns: ColumnSpec[] = [
  { key: 'appointments', label: 'Appointments', format: 'number' },
  { key: 'completed', label: 'Completed', format: 'number' },
  { key: 'noShows', label: 'No-shows', format: 'number' },
  { key: 'canceled', label: 'Canceled', format: 'number' },
  { key: 'upcoming', label: 'Upcoming', format: 'number' },
  { key: 'showRate', label: 'Show rate' },
];
export const sourceColumns: ColumnSpec[] = [{ key: 'name', label: 'Source' }, ...statusColumns];
export const serviceColumns: ColumnSpec[] = [
  { key: 'name', label: 'Service' },
  ...statusColumns,
  { key: 'averageDaysOut', label: 'Average days out' },
];
export const locationColumns: ColumnSpec[] = [
  { key: 'name', label: 'Location' },
  ...statusColumns,
  { key: 'recall', label: 'Recall', format: 'number' },
  { key: 'averageDaysOut', label: 'Average days out' },
];
export const recallColumns: ColumnSpec[] = [
  { key: 'name', label: 'Recall' },
  { key: 'messages', label: 'Texts sent', format: 'number' },
  { key: 'appointments', label: 'Appointments', format: 'number' },
  { key: 'completed', label: 'Completed', format: 'number' },
  { key: 'noShows', label: 'No-shows', format: 'number' },
  { key: 'canceled', label: 'Canceled', format: 'number' },
];
export const daysOutColumns = (rowLabel: string): ColumnSpec[] => [
  { key: 'name', label: rowLabel },
  { key: 'appointments', label: 'Appointments', format: 'number' },
  { key: 'averageDaysOut', label: 'Average days out' },
  ...daysOutSpans.map((s) => ({ key: s.key, label: s.label, format: 'number' as const })),
];

/** appointment-source-manager: appointments per source, and over time. */
export const loadSources = defineContract({
  path: 'service/load-sources',
  input: reportInput,
  output: z.object({ ...reply, sourceCount: count, appointmentCount: count, timeline }),
});
/** appointment-service-manager: appointments per service requested (one appointment may ask for several), and over time. */
export const loadServices = defineContract({
  path: 'service/load-services',
  input: reportInput,
  output: z.object({ ...reply, serviceCount: count, appointmentCount: count, timeline }),
});
/** appointment-long-service-scheduler-manager: the long services, booked through the long-service scheduler. */
export const loadLongServices = defineContract({
  path: 'service/long-scheduler/load-services',
  input: reportInput,
  output: z.object({ ...reply, serviceCount: count, appointmentCount: count }),
});
/** appointment-location-manager: appointments per store. */
export const loadLocations = defineContract({
  path: 'service/load-locations',
  input: reportInput,
  output: z.object({ ...reply, locationCount: count, appointmentCount: count }),
});
/** recall-appointment-data-manager: recall texts sent and the appointments they brought, per recall. */
export const loadRecallAppointments = defineContract({
  path: 'service/load-recall-appointments',
  input: recallInput,
  output: z.object({ ...reply, totalAppointments: count, totalMessages: count }),
});
/** service-days-out-report: how many days ahead customers book, per store or per service. */
export const loadDaysOut = defineContract({
  path: 'service/load-days-out',
  input: daysOutInput,
  output: z.object({ ...reply, appointmentCount: count }),
});

/** The report contracts whose replies the report screen draws. */
export type AppointmentReport =
  | typeof loadSources
  | typeof loadServices
  | typeof loadLongServices
  | typeof loadLocations
  | typeof loadRecallAppointments
  | typeof loadDaysOut;

const appointmentFilters = {
  /** Part of a customer's name, phone number or vehicle, or an appointment's number. */
  query: optionalText(60).meta({ title: 'Search' }),
  locationId: optionalId,
  sourceId: optionalId.meta({ title: 'Source' }),
  serviceId: optionalId.meta({ title: 'Service' }),
  status: optionalChoice(appointmentStatuses),
  recall: yesNo,
  minCreatedAt: optionalDate.meta({ title: 'Booked from' }),
  maxCreatedAt: optionalDate.meta({ title: 'Booked to' }),
  /** The day of the appointment itself (who is coming on Tuesday). */
  scheduledOn: optionalDate.meta({ title: 'Appointment day' }),
};

export const appointmentColumns: ColumnSpec[] = [
  { key: 'createdAt', label: 'Booked', sortable: true, format: 'datetime' },
  { key: 'scheduledAt', label: 'Appointment', sortable: true, format: 'datetime' },
  { key: 'customerName', label: 'Customer' },
  { key: 'phone', label: 'Phone', format: 'phone' },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'services', label: 'Services', format: 'list' },
  { key: 'sourceName', label: 'Source' },
  { key: 'statusLabel', label: 'Status' },
  { key: 'recallName', label: 'Recall' },
  { key: 'locationName', label: 'Location' },
];

const appointmentRow = z.object({
  appointmentId: count,
  locationId: count,
  locationName: z.string(),
  customerName: z.string(),
  phone: z.string(),
  vehicle: z.string(),
  sourceName: z.string(),
  services: z.array(z.string()),
  status: z.enum(appointmentStatuses),
  statusLabel: z.string(),
  recallName: z.string().nullable(),
  createdAt: z.string(),
  scheduledAt: z.string(),
});
export type AppointmentRow = z.output<typeof appointmentRow>;

/** appointment-data-manager: the appointments themselves, booked in a range. */
export const loadAppointments = listContract({
  path: 'service/load-appointments',
  filters: appointmentFilters,
  row: appointmentRow,
  countKey: 'appointmentCount',
});

/** An appointment's own page: its row, the recall's name and the scheduler visit that booked it. */
const appointmentRecord = appointmentRow.extend({
  recallTitle: z.string().nullable(),
  /** The online scheduler's visit that made it, when it was booked there. */
  sessionId: count.nullable(),
});
export type AppointmentRecord = z.output<typeof appointmentRecord>;

/** One appointment within reach, for its page (designed: docs/service.md). */
export const loadAppointment = defineContract({
  path: 'service/load-appointment',
  input: z.object({ appointmentId: id }),
  output: z.object({ appointment: appointmentRecord }),
});

/** The address of an appointment's page. */
export const appointmentHref = (appointmentId: number) =>
  `/reports/service-appointments/appointment?id=${appointmentId}`;

const sessionFilters = {
  locationId: optionalId,
  device: optionalChoice(devices),
  /** Sessions that made an appointment ('1') or stopped before ('0'). */
  booked: yesNo.meta({ title: 'Outcome' }),
  minStartedAt: optionalDate.meta({ title: 'From' }),
  maxStartedAt: optionalDate.meta({ title: 'To' }),
};

export const sessionColumns: ColumnSpec[] = [
  { key: 'startedAt', label: 'Started', sortable: true, format: 'datetime' },
  { key: 'locationName', label: 'Location' },
  { key: 'deviceLabel', label: 'Device' },
  { key: 'referrer', label: 'Came from' },
  { key: 'lastStepLabel', label: 'Got as far as' },
  { key: 'minutes', label: 'Minutes', format: 'number' },
  { key: 'appointmentId', label: 'Appointment' },
];

const sessionRow = z.object({
  sessionId: count,
  locationId: count,
  locationName: z.string(),
  device: z.enum(devices),
  deviceLabel: z.string(),
  referrer: z.string(),
  lastStep: z.enum(sessionSteps),
  lastStepLabel: z.string(),
  minutes: count.nullable(),
  appointmentId: count.nullable(),
  startedAt: z.string(),
});
export type SessionRow = z.output<typeof sessionRow>;

/** service-scheduler-sessions (seed 002): visits to the online scheduler, with `sessionCount` and `html`. */
export const loadSessions = listContract({
  path: 'service/scheduler/sessions/load-sessions',
  filters: sessionFilters,
  row: sessionRow,
  countKey: 'sessionCount',
});

const option = z.object({ value: z.string(), label: z.string() });
/** The report filters' choices: sources, services (long ones marked) and recalls (designed: docs/service.md). */
export const loadServiceOptions = defineContract({
  path: 'service/list-options',
  input: z.object({}),
  output: z.object({ sources: z.array(option), services: z.array(option), campaigns: z.array(option) }),
});
