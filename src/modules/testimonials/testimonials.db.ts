import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { storedSearch, storedSearchIndex } from '../../server/platform/search';

/**
 * A customer's testimonial for the click-to-buy lane (seed 002: testimonialId, creatorId, active,
 * vehicleYear, vehicleMake, vehicleModel; the rest designed in docs/testimonials.md): what the
 * customer said about buying at a store, shown on the lane once published (`active`).
 */
export const testimonials = pgTable(
  'testimonials',
  {
    id: serial('id').primaryKey(),
    /** The store the customer bought from: a testimonial belongs to one location. */
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** Who created it (seed 002's creatorId); kept as null once that user is removed. */
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Published on the lane (seed 002: 0 unpublished, 1 published). A new testimonial is unpublished. */
    active: boolean('active').notNull().default(false),
    /** The customer's name as shown ("Rosa M."). Blank until the new testimonial is first saved. */
    customerName: varchar('customer_name', { length: 80 }).notNull().default(''),
    /** What the customer said. */
    body: text('body').notNull().default(''),
    /** Stars, 1 to 5. */
    rating: smallint('rating').notNull().default(5),
    /** The calendar day the customer gave it. */
    givenOn: date('given_on').notNull(),
    vehicleYear: integer('vehicle_year'),
    vehicleMake: varchar('vehicle_make', { length: 40 }).notNull().default(''),
    vehicleModel: varchar('vehicle_model', { length: 60 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: storedSearch((): AnyPgColumn[] => [testimonials.customerName, testimonials.body]),
  },
  (t) => [
    // The list's sorts, each with the id after it; by store and by publication for the filters used most.
    index('testimonials_created_idx').on(t.createdAt, t.id),
    index('testimonials_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('testimonials_active_created_idx').on(t.active, t.createdAt, t.id),
    index('testimonials_given_idx').on(t.givenOn, t.id),
    index('testimonials_rating_idx').on(t.rating, t.id),
    storedSearchIndex('testimonials_search_idx', t.search),
  ],
);

export const testimonialRecords = defineRecords({
  table: testimonials,
  type: 'testimonial',
  key: testimonials.id,
  location: testimonials.locationId,
  missing: 'That testimonial does not exist.',
});
