import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex } from '../../server/platform/search';

/**
 * A file uploaded to the CDN (seed 000, section 3 "CDN upload"). The bytes live with the storage
 * provider under `storageKey`, a name the server chose; the type was read from the content.
 */
export const cdnUploads = pgTable(
  'cdn_uploads',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    storageKey: varchar('storage_key', { length: 120 }).notNull(),
    /** The sender's file name, shown only: never a path. */
    filename: varchar('filename', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    /** Bytes stored (after compression). */
    contentSize: integer('content_size').notNull(),
    /** Bytes as sent, so the screen shows what compression saved. */
    originalSize: integer('original_size').notNull(),
    tags: text('tags').notNull().default(''),
    description: text('description').notNull().default(''),
    compressed: boolean('compressed').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cdn_uploads_storage_key').on(t.storageKey),
    index('cdn_uploads_created_idx').on(t.createdAt, t.id),
    index('cdn_uploads_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('cdn_uploads_size_idx').on(t.contentSize, t.id),
    index('cdn_uploads_description_idx').on(t.description, t.id),
    searchIndex('cdn_uploads_search_idx', t.description, t.tags, t.filename),
  ],
);

export const cdnUploadRecords = defineRecords({
  table: cdnUploads,
  type: 'cdnUpload',
  key: cdnUploads.id,
  location: cdnUploads.locationId,
  missing: 'That upload does not exist.',
});
