import { z } from 'zod';
import { date, flag, id, int, optionalId, optionalText, text, yesNo } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { modelYear } from '../vehicles/vehicles.contract';

/** Seed 002, section 9: a testimonial saved, published or removed is notified for 6000 ms. */
export const TESTIMONIAL_NOTIFY_MS = 6000;

// The spec gives the durations, not the sentences: docs/testimonials.md.
export const TESTIMONIAL_SAVED = 'Testimonial saved.';
export const TESTIMONIAL_PUBLISHED = 'Testimonial published.';
export const TESTIMONIAL_UNPUBLISHED = 'Testimonial unpublished.';
export const TESTIMONIAL_REMOVED = 'Testimonial removed.';
/** Seed 002, section 5: deleting a testimonial is confirmed first. */
export const DELETE_TESTIMONIAL_QUESTION =
  'Delete this testimonial? It comes off the click-to-buy lane and cannot be restored.';

const CUSTOMER_NAME_MAX = 80;
export const BODY_MAX = 2_000;
const RATING_MIN = 1;
export const RATING_MAX = 5;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalYear = z.preprocess(blankToUndefined, modelYear.optional());

/**
 * save-testimonial's form (seed 002: "save-testimonial: form"). `active` rides along: Publish and
 * Unpublish save the form with it set to 1 or 0 (docs/testimonials.md).
 */
const saveTestimonialInput = z.object({
  testimonialId: id,
  locationId: id,
  customerName: text(CUSTOMER_NAME_MAX).meta({ title: 'Customer name' }),
  body: text(BODY_MAX).meta({ title: 'Testimonial' }),
  rating: int(RATING_MIN, RATING_MAX).meta({ title: 'Rating' }),
  givenOn: date.meta({ title: 'Date given' }),
  vehicleYear: optionalYear.meta({ title: 'Year' }),
  vehicleMake: optionalText(40).meta({ title: 'Make' }),
  vehicleModel: optionalText(60).meta({ title: 'Model' }),
  active: flag.meta({ title: 'Published' }),
});
export type SaveTestimonialInput = z.infer<typeof saveTestimonialInput>;

/** A new testimonial's store: the list's location when it is narrowed to one, else the caller's. */
const addTestimonialInput = z.object({ locationId: optionalId });
/** testimonial (seed 002: "with testimonialId and creatorId"); creatorId, when sent, must be the record's creator. */
const testimonialInput = z.object({ testimonialId: id, creatorId: optionalId.meta({ title: 'Creator' }) });
const deleteTestimonialInput = z.object({ testimonialId: id });

const testimonialFilters = {
  /** Part of the customer's name or of the testimonial's text. */
  query: optionalText(60).meta({ title: 'Search' }),
  locationId: optionalId,
  active: yesNo.meta({ title: 'Published' }),
};

/** The list's columns, and the html table's. */
export const testimonialColumns: ColumnSpec[] = [
  { key: 'customerName', label: 'Customer' },
  { key: 'excerpt', label: 'Testimonial' },
  { key: 'rating', label: 'Rating', sortable: true, format: 'number' },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'locationName', label: 'Location' },
  { key: 'givenOn', label: 'Given', sortable: true, format: 'date' },
  { key: 'activeLabel', label: 'Status' },
  { key: 'createdAt', label: 'Created', sortable: true, format: 'datetime' },
];

const active01 = z.union([z.literal(0), z.literal(1)]);

const testimonialRow = z.object({
  testimonialId: z.number().int(),
  creatorId: z.number().int().nullable(),
  locationId: z.number().int(),
  locationName: z.string(),
  customerName: z.string(),
  /** The text's first 120 characters, with an ellipsis when there is more. */
  excerpt: z.string(),
  rating: z.number().int(),
  givenOn: z.string(),
  vehicle: z.string(),
  active: active01,
  activeLabel: z.string(),
  createdAt: z.string(),
});
export type TestimonialRow = z.output<typeof testimonialRow>;

const testimonial = z.object({
  testimonialId: z.number().int(),
  creatorId: z.number().int().nullable(),
  creatorName: z.string().nullable(),
  locationId: z.number().int(),
  locationName: z.string(),
  active: active01,
  customerName: z.string(),
  body: z.string(),
  rating: z.number().int(),
  givenOn: z.string(),
  vehicleYear: z.number().int().nullable(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TestimonialRecord = z.output<typeof testimonial>;

const PATH = 'clicklane/testimonials';

/** Testimonials within reach, newest first; the count under the old system's name, `phoneCount` (seed 002). */
export const loadTestimonials = listContract({
  path: `${PATH}/load-testimonials`,
  filters: testimonialFilters,
  row: testimonialRow,
  countKey: 'phoneCount',
});
/** One testimonial: `html` as it reads on the lane (seed 002), and its fields for the form. */
export const loadTestimonial = defineContract({
  path: `${PATH}/testimonial`,
  input: testimonialInput,
  output: z.object({ html: z.string(), testimonial }),
});
/** Creates a blank, unpublished testimonial; the screen then opens it (seed 002: data.create.data.testimonialId). */
export const addTestimonial = defineContract({
  path: `${PATH}/add-testimonial`,
  input: addTestimonialInput,
  output: z.object({ create: z.object({ data: z.object({ testimonialId: z.number().int() }) }) }),
});
/**
 * A new testimonial from the filled-in form (the screen's Add: nothing is stored until Save or
 * Publish); `add-testimonial`, which stores a blank one first, stays for the old clients.
 */
export const createTestimonial = defineContract({
  path: `${PATH}/create-testimonial`,
  input: saveTestimonialInput.omit({ testimonialId: true }),
  output: z.object({ testimonialId: z.number().int(), active: active01 }),
});
export const saveTestimonial = defineContract({
  path: `${PATH}/save-testimonial`,
  input: saveTestimonialInput,
  output: z.object({ testimonialId: z.number().int(), active: active01 }),
});
export const deleteTestimonial = defineContract({
  path: `${PATH}/delete-testimonial`,
  input: deleteTestimonialInput,
  output: z.object({ testimonialId: z.number().int() }),
});

/** The edit form's address (seed 002, section 2). */
export const testimonialHref = (testimonialId: number) =>
  `/clicklane/testimonials/testimonial?testimonialId=${testimonialId}`;
/** The empty form of a new testimonial, at a store when one is named. */
export const newTestimonialHref = (locationId?: string | null) =>
  `/clicklane/testimonials/testimonial?new=1${locationId ? `&locationId=${encodeURIComponent(locationId)}` : ''}`;
