import { asc, eq, sql } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { dayIn } from '../../server/platform/days';
import { AppError } from '../../server/platform/errors';
import { defineListAction, equals, matches, yesNo } from '../../server/platform/lists';
import { reachesLocation, withinReach } from '../../server/platform/reach';
import { deleteRecord, insertRecord, loadRecord, updateRecord } from '../../server/platform/records';
import { DEFAULT_LOCATION_CODE } from '../locations/locations.contract';
import { locationRecords, locations } from '../locations/locations.db';
import { userName, userRecords, users } from '../users/users.db';
import { testimonialRecords, testimonials } from './testimonials.db';
import {
  addTestimonial,
  createTestimonial,
  deleteTestimonial,
  loadTestimonial,
  loadTestimonials,
  RATING_MAX,
  saveTestimonial,
  testimonialColumns,
  type SaveTestimonialInput,
  type TestimonialRecord,
} from './testimonials.contract';
import { escapeHtml } from '../../shared/html';

/** How many characters of the text a list row shows. */
const EXCERPT = 120;

const activeNumber = sql<0 | 1>`(case when ${testimonials.active} then 1 else 0 end)::int`;
const activeLabel = sql<string>`(case when ${testimonials.active} then 'Published' else 'Unpublished' end)`;
const vehicleText = sql<string>`concat_ws(' ', ${testimonials.vehicleYear}::text, nullif(${testimonials.vehicleMake}, ''), nullif(${testimonials.vehicleModel}, ''))`;
const excerpt = sql<string>`(case when length(${testimonials.body}) > ${sql.raw(String(EXCERPT))}
  then rtrim(left(${testimonials.body}, ${sql.raw(String(EXCERPT))})) || '…' else ${testimonials.body} end)`;

defineListAction({
  contract: loadTestimonials,
  summary:
    "Testimonials within reach, newest first: by location, published or not, and part of the customer's name or the text.",
  permission: 'marketing',
  reach: testimonials.locationId,
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'published', filters: { active: '1' } },
    { name: 'location, unpublished', filters: { locationId: s.locationId, active: '0' } },
    { name: 'location, deep pages', filters: { locationId: s.locationId }, depth: 3 },
    { name: 'search', filters: { query: 'garcia' } },
  ],
  columns: testimonialColumns,
  sorts: { createdAt: testimonials.createdAt, givenOn: testimonials.givenOn, rating: testimonials.rating },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'testimonialId', column: testimonials.id },
  filters: {
    locationId: equals(testimonials.locationId),
    active: yesNo(testimonials.active),
    query: matches(testimonials.search),
  },
  query: ({ db }) => ({
    select: db
      .select({
        testimonialId: testimonials.id,
        creatorId: testimonials.creatorId,
        locationId: testimonials.locationId,
        locationName: locations.name,
        customerName: testimonials.customerName,
        excerpt: excerpt.as('excerpt'),
        rating: testimonials.rating,
        givenOn: testimonials.givenOn,
        vehicle: vehicleText.as('vehicle'),
        active: activeNumber.as('active_number'),
        activeLabel: activeLabel.as('active_label'),
        createdAt: testimonials.createdAt,
      })
      .from(testimonials)
      .innerJoin(locations, eq(locations.id, testimonials.locationId))
      .$dynamic(),
  }),
});

/** The testimonial as the lane shows it: the stars, the text, who said it, about which vehicle, at which store. */
function testimonialHtml(t: TestimonialRecord): string {
  const stars = '★'.repeat(t.rating) + '☆'.repeat(RATING_MAX - t.rating);
  const vehicle = [t.vehicleYear ?? '', t.vehicleMake, t.vehicleModel].filter(Boolean).join(' ');
  const who = [t.customerName, vehicle && `${vehicle}`, t.locationName].filter(Boolean).map(escapeHtml).join(' · ');
  return (
    `<blockquote class="testimonial" data-testimonial-id="${t.testimonialId}" data-active="${t.active}">` +
    `<p class="testimonial-rating" aria-label="${t.rating} of ${RATING_MAX} stars">${stars}</p>` +
    `<p class="testimonial-body">${escapeHtml(t.body)}</p>` +
    `<footer>${who}, ${escapeHtml(t.givenOn)}</footer></blockquote>`
  );
}

defineAction({
  contract: loadTestimonial,
  summary:
    "One testimonial: its fields for the edit form and its html as the lane shows it. A creatorId sent must be its creator's.",
  permission: 'marketing',
  reach: { testimonialId: testimonialRecords, creatorId: userRecords },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, testimonialRecords, ctx.input.testimonialId);
    // The old system sent who created it beside the id: a pair that does not match names no testimonial.
    if (ctx.input.creatorId !== undefined && ctx.input.creatorId !== row.creatorId)
      throw AppError.notFound(testimonialRecords.missing);
    const [[location], [creator]] = await Promise.all([
      ctx.db.select({ name: locations.name }).from(locations).where(eq(locations.id, row.locationId)),
      row.creatorId ? ctx.db.select({ name: userName }).from(users).where(eq(users.id, row.creatorId)) : [],
    ]);
    const testimonial: TestimonialRecord = {
      testimonialId: row.id,
      creatorId: row.creatorId,
      creatorName: creator?.name ?? null,
      locationId: row.locationId,
      locationName: location.name,
      active: row.active ? 1 : 0,
      customerName: row.customerName,
      body: row.body,
      rating: row.rating,
      givenOn: row.givenOn,
      vehicleYear: row.vehicleYear,
      vehicleMake: row.vehicleMake,
      vehicleModel: row.vehicleModel,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
    return { html: testimonialHtml(testimonial), testimonial };
  },
});

defineAction({
  contract: addTestimonial,
  summary:
    "Creates a blank, unpublished testimonial at a location (the caller's home, or the group's default, when none is named) for the edit form to open.",
  permission: 'marketingEditor',
  reach: {},
  async handler(ctx) {
    const { user } = ctx;
    // The store named; else the caller's own; else the group's default location; else the first the caller reaches.
    const candidates = await ctx.db
      .select({ id: locations.id, code: locations.code, timeZone: locations.timeZone })
      .from(locations)
      .where(withinReach(user.reach, locations.id))
      .orderBy(asc(locations.id));
    const store =
      ctx.input.locationId !== undefined
        ? candidates.find((l) => l.id === ctx.input.locationId)
        : (candidates.find((l) => l.id === user.locationId && reachesLocation(user.reach, l.id)) ??
          candidates.find((l) => l.code === DEFAULT_LOCATION_CODE) ??
          candidates[0]);
    if (!store) throw AppError.notFound('That location does not exist.');
    const created = await insertRecord(ctx, testimonialRecords, {
      locationId: store.id,
      creatorId: user.id,
      active: false,
      givenOn: dayIn(store.timeZone, ctx.services.clock.now()),
    });
    return { create: { data: { testimonialId: created.id } } };
  },
});

/** The form's fields as the table keeps them. */
const formFields = (input: Omit<SaveTestimonialInput, 'testimonialId'>) => ({
  locationId: input.locationId,
  customerName: input.customerName,
  body: input.body,
  rating: input.rating,
  givenOn: input.givenOn,
  vehicleYear: input.vehicleYear ?? null,
  vehicleMake: input.vehicleMake ?? '',
  vehicleModel: input.vehicleModel ?? '',
  active: input.active,
});

defineAction({
  contract: createTestimonial,
  summary:
    'Adds a testimonial from its filled-in form (the screen stores nothing before Save or Publish), published (1) or not (0).',
  permission: 'marketingEditor',
  reach: {},
  async handler(ctx) {
    await loadRecord(ctx, locationRecords, ctx.input.locationId);
    const created = await insertRecord(ctx, testimonialRecords, { ...formFields(ctx.input), creatorId: ctx.user.id });
    return { testimonialId: created.id, active: created.active ? (1 as const) : (0 as const) };
  },
});

defineAction({
  contract: saveTestimonial,
  summary:
    'Saves a testimonial from its form: store, customer name, text, rating, date given, vehicle, and published (1) or not (0).',
  permission: 'marketingEditor',
  reach: { testimonialId: testimonialRecords },
  async handler(ctx) {
    const { input } = ctx;
    const { after } = await updateRecord(ctx, testimonialRecords, input.testimonialId, formFields(input));
    return { testimonialId: after.id, active: after.active ? (1 as const) : (0 as const) };
  },
});

defineAction({
  contract: deleteTestimonial,
  summary: 'Deletes a testimonial (the screen asks first); a published one comes off the lane.',
  permission: 'marketingEditor',
  reach: { testimonialId: testimonialRecords },
  async handler(ctx) {
    const before = await deleteRecord(ctx, testimonialRecords, ctx.input.testimonialId);
    return { testimonialId: before.id };
  },
});
