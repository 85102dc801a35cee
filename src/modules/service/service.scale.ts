import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';
import {
  customerOf,
  daysOutOf,
  RECALLS,
  RECALL_SERVICE_ID,
  RECALL_SOURCE_ID,
  REFERRERS,
  SERVICES,
  servicesOf,
  SOURCES,
  sourceOf,
  statusOf,
  VEHICLES,
} from './service.seed';
import { sessionSteps } from './service.contract';

/** Three years of bookings: about 460 a month per store at full scale; one in twenty a recall. */
const SPAN_SECONDS = 3 * 365 * 86_400;
const RECALL_TEXTS = 200_000;
const SESSIONS = 500_000;

defineGenerator({
  table: 'service_sources',
  columns: ['name'],
  fullRows: SOURCES.length,
  minRows: SOURCES.length,
  *rows() {
    for (const s of SOURCES) yield [s];
  },
});
defineGenerator({
  table: 'service_services',
  columns: ['name', 'hours', 'long_service'],
  fullRows: SERVICES.length,
  minRows: SERVICES.length,
  *rows() {
    for (const s of SERVICES) yield s;
  },
});
defineGenerator({
  table: 'recall_campaigns',
  columns: ['campaign', 'name', 'make', 'started_on'],
  fullRows: RECALLS.length,
  minRows: RECALLS.length,
  *rows() {
    for (const [campaign, name, make] of RECALLS) yield [campaign, name, make, '2023-06-01'];
  },
});

/**
 * Appointment n (id n) is at location ((n - 1) mod locations) + 1, booked oldest first over three
 * years; the tallies fill from the COPY itself (one grouped upsert by the insert trigger).
 */
defineGenerator({
  table: 'appointments',
  columns: [
    'location_id',
    'customer_name',
    'phone',
    'vehicle',
    'source_id',
    'service_ids',
    'recall_campaign_id',
    'status',
    'scheduled_at',
    'created_at',
  ],
  fullRows: FULL_SCALE.appointments,
  minRows: FULL_SCALE.locations * 20,
  after: ['locations', 'service_sources', 'service_services', 'recall_campaigns'],
  derived: ['appointment_tallies'],
  *rows({ rows, counts, now, random }) {
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, SPAN_SECONDS, i, rows);
      // Two hours on, so a same-day booking is for later that day.
      const scheduledAt = new Date(createdAt.getTime() + daysOutOf(random) * 86_400_000 + 2 * 3_600_000);
      const recall = random.next() < 0.05 ? random.int(1, RECALLS.length) : null;
      const customer = customerOf(random, '505');
      yield [
        (i % counts.locations) + 1,
        customer.name,
        customer.phone,
        random.pick(VEHICLES),
        recall ? RECALL_SOURCE_ID : sourceOf(random),
        recall ? [RECALL_SERVICE_ID] : servicesOf(random, SERVICES.length),
        recall,
        statusOf(random, scheduledAt, now),
        scheduledAt,
        createdAt,
      ];
    }
  },
});

defineGenerator({
  table: 'recall_messages',
  columns: ['location_id', 'campaign_id', 'phone', 'sent_at'],
  fullRows: RECALL_TEXTS,
  minRows: FULL_SCALE.locations * 5,
  after: ['locations', 'recall_campaigns', 'appointments'],
  derived: ['appointment_tallies'],
  *rows({ rows, counts, now, random }) {
    for (let i = 0; i < rows; i++) {
      yield [
        (i % counts.locations) + 1,
        (i % RECALLS.length) + 1,
        customerOf(random, '505').phone,
        spreadOldestFirst(now, SPAN_SECONDS, i, rows),
      ];
    }
  },
});

/** Visits to the online scheduler over the same three years; one in three made an appointment. */
defineGenerator({
  table: 'scheduler_sessions',
  columns: ['location_id', 'started_at', 'ended_at', 'device', 'referrer', 'last_step', 'appointment_id'],
  fullRows: SESSIONS,
  minRows: FULL_SCALE.locations * 10,
  after: ['locations', 'appointments'],
  *rows({ rows, counts, now, random }) {
    for (let i = 0; i < rows; i++) {
      const startedAt = spreadOldestFirst(now, SPAN_SECONDS, i, rows);
      const booked = i % 3 === 0;
      const step = booked ? 'booked' : random.pick(sessionSteps.slice(0, -1));
      // An appointment of the same store, booked about then.
      const near =
        Math.floor((i * counts.appointments) / rows / counts.locations) * counts.locations + (i % counts.locations) + 1;
      const appointment = booked && near <= counts.appointments ? near : null;
      yield [
        (i % counts.locations) + 1,
        startedAt,
        new Date(startedAt.getTime() + random.int(1, 15) * 60_000),
        random.pick(['phone', 'phone', 'desktop', 'tablet']),
        random.pick(REFERRERS),
        step,
        appointment,
      ];
    }
  },
});
