import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { defineAction, type ActionContext, type UploadedFile } from '../../server/platform/actions';
import { defineListAction, equals, matches, yesNo } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { insertRecord, loadRecord, updateRecord } from '../../server/platform/records';
import { searchText } from '../../server/platform/search';
import { locationRecords, locations } from '../locations/locations.db';
import { userName, users } from '../users/users.db';
import { cdnUploadRecords, cdnUploads } from './cdn.db';
import {
  deleteUpload,
  editUpload,
  loadUpload,
  loadUploads,
  MAX_FILE_BYTES,
  MAX_FILES,
  uploadColumns,
  uploadFiles,
  uploadFilesInput,
  UPLOADS_PATH,
  type UploadRecord,
} from './cdn.contract';
import { prepareFile, storageKey, type PreparedFile } from './store-file';

const uploadSearch = searchText(cdnUploads.description, cdnUploads.tags, cdnUploads.filename);
/** The address a stored file is served at. */
export const uploadUrl = (key: string) => `${UPLOADS_PATH}/${key}`;
const urlColumn = sql<string>`${UPLOADS_PATH} || '/' || ${cdnUploads.storageKey}`;

defineListAction({
  contract: loadUploads,
  summary: 'CDN uploads within reach, newest first: by location, state and part of a description, tag or file name.',
  permission: 'marketing',
  reach: cdnUploads.locationId,
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'active at a location', filters: { locationId: s.locationId, active: '1' } },
    { name: 'search', filters: { query: 'spring' } },
    { name: 'location, deep pages', filters: { locationId: s.locationId }, depth: 5 },
  ],
  columns: uploadColumns,
  sorts: { createdAt: cdnUploads.createdAt, description: cdnUploads.description, contentSize: cdnUploads.contentSize },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'uploadId', column: cdnUploads.id },
  filters: {
    locationId: equals(cdnUploads.locationId),
    active: yesNo(cdnUploads.active),
    query: matches(uploadSearch),
  },
  query: ({ db }) => ({
    select: db
      .select({
        uploadId: cdnUploads.id,
        filename: cdnUploads.filename,
        description: cdnUploads.description,
        tags: cdnUploads.tags,
        contentType: cdnUploads.contentType,
        contentSize: cdnUploads.contentSize,
        originalSize: cdnUploads.originalSize,
        locationId: cdnUploads.locationId,
        locationName: locations.name,
        active: cdnUploads.active,
        url: urlColumn.as('url'),
        createdAt: cdnUploads.createdAt,
      })
      .from(cdnUploads)
      .innerJoin(locations, eq(locations.id, cdnUploads.locationId))
      .$dynamic(),
  }),
});

defineAction({
  contract: loadUpload,
  summary: 'One upload, for the edit-cdn-upload modal.',
  permission: 'marketing',
  reach: { uploadId: cdnUploadRecords },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, cdnUploadRecords, ctx.input.uploadId);
    const [[location], [creator]] = await Promise.all([
      ctx.db.select({ name: locations.name }).from(locations).where(eq(locations.id, row.locationId)),
      row.createdBy ? ctx.db.select({ name: userName }).from(users).where(eq(users.id, row.createdBy)) : [],
    ]);
    const upload: UploadRecord = {
      uploadId: row.id,
      filename: row.filename,
      description: row.description,
      tags: row.tags,
      contentType: row.contentType,
      contentSize: row.contentSize,
      originalSize: row.originalSize,
      compressed: row.compressed,
      locationId: row.locationId,
      locationName: location.name,
      active: row.active,
      url: uploadUrl(row.storageKey),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      createdByName: creator?.name ?? null,
    };
    return { upload };
  },
});

type UploadInput = z.output<typeof uploadFilesInput>;

/** Stores one checked file under a new name, added to `stored` first so that a failure removes it. */
async function storeFile(ctx: ActionContext<UploadInput>, file: PreparedFile, stored: string[]) {
  const key = storageKey(file.contentType);
  stored.push(key);
  await ctx.services.storage.put(key, { data: file.data, contentType: file.contentType });
  return key;
}

/** Adds the row of a stored file; answers what the reply says of it. */
async function addUpload(ctx: ActionContext<UploadInput>, sent: UploadedFile, file: PreparedFile, key: string) {
  const { input } = ctx;
  const row = await insertRecord(ctx, cdnUploadRecords, {
    locationId: input.locationId,
    storageKey: key,
    filename: sent.filename.slice(0, 255),
    contentType: file.contentType,
    contentSize: file.data.length,
    originalSize: sent.data.length,
    compressed: file.compressed,
    tags: input.tags ?? '',
    // The add screen fills an empty description with the file's name; a caller of the API gets the same.
    description: input.description ?? sent.filename.slice(0, 500),
    active: input.active,
    createdBy: ctx.user.id,
  });
  const { filename, contentType, contentSize, originalSize } = row;
  return { uploadId: row.id, filename, contentType, contentSize, originalSize, url: uploadUrl(key) };
}

defineAction({
  contract: uploadFiles,
  summary:
    'Uploads files (multipart `files`) to the CDN for a store: each checked by its content, images re-encoded smaller with compress, stored under a name the server chooses.',
  permission: 'marketing',
  reach: {},
  maxFileBytes: MAX_FILE_BYTES,
  maxFiles: MAX_FILES,
  outside: true,
  async handler(ctx) {
    const { input, files } = ctx;
    if (files.length === 0) throw AppError.invalid('Choose at least one file to upload.', ['files']);
    await loadRecord(ctx, locationRecords, input.locationId);
    // Every file is checked before any is stored: one bad file refuses the whole upload.
    const prepared = await Promise.all(files.map((f) => prepareFile(f.data, f.filename, input.compress)));
    const stored: string[] = [];
    try {
      // The files go to storage with no transaction open, then their rows are added together: a
      // failure at any step (a file, a row, the commit) removes what was stored, so storage never
      // keeps a file no upload names.
      const keys: string[] = [];
      for (const file of prepared) keys.push(await storeFile(ctx, file, stored));
      const uploads = await ctx.change(async (c) => {
        const rows = [];
        for (const [i, file] of prepared.entries()) rows.push(await addUpload(c, files[i], file, keys[i]));
        return rows;
      });
      return { uploads };
    } catch (error) {
      await Promise.allSettled(stored.map((key) => ctx.services.storage.remove(key)));
      throw error;
    }
  },
});

defineAction({
  contract: editUpload,
  summary: "Saves an upload's settings: its store, tags, description and state (edit-cdn-upload).",
  permission: 'marketing',
  reach: { uploadId: cdnUploadRecords },
  async handler(ctx) {
    const { input } = ctx;
    await loadRecord(ctx, cdnUploadRecords, input.uploadId);
    await loadRecord(ctx, locationRecords, input.locationId);
    await updateRecord(ctx, cdnUploadRecords, input.uploadId, {
      locationId: input.locationId,
      tags: input.tags ?? '',
      description: input.description ?? '',
      active: input.active,
    });
    return { uploadId: input.uploadId };
  },
});

defineAction({
  contract: deleteUpload,
  summary: 'Deletes an upload softly: it becomes inactive and is no longer served; the file stays to be restored.',
  permission: 'marketing',
  reach: { uploadId: cdnUploadRecords },
  async handler(ctx) {
    await updateRecord(ctx, cdnUploadRecords, ctx.input.uploadId, { active: false });
    return { uploadId: ctx.input.uploadId };
  },
});
