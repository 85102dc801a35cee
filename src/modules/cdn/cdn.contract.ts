import { z } from 'zod';
import { flag, id, optionalId, optionalText, yesNo } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';

/** Where uploaded files are served: a path of their own, never the app's pages (docs/cdn.md). */
export const UPLOADS_PATH = '/uploads';
/** How many files one upload takes, and how large each may be. */
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Seed 000, section 9: the upload success notification lasts this long. */
export const UPLOAD_SUCCESS_MS = 4000;

/**
 * The types the CDN keeps, as read from each file's first bytes, with the extension it is stored
 * under. No HTML, SVG or script: nothing a browser would run from the app's origin.
 */
export const uploadTypes = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
} as const;
export type UploadType = keyof typeof uploadTypes;
export const isImage = (type: string) => type.startsWith('image/');

const settingsFields = {
  locationId: id,
  tags: optionalText(500),
  description: optionalText(500),
  active: flag,
};

/** The add screen's form; the files come as multipart `files` (seed 000: upload-files). */
export const uploadFilesInput = z.object({ ...settingsFields, compress: flag });
export const editUploadInput = z.object({ uploadId: id, ...settingsFields });
const uploadIdInput = z.object({ uploadId: id });

const uploadRow = z.object({
  uploadId: z.number().int(),
  filename: z.string(),
  description: z.string(),
  tags: z.string(),
  contentType: z.string(),
  contentSize: z.number().int(),
  originalSize: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  active: z.boolean(),
  url: z.string(),
  createdAt: z.string(),
});
export type UploadRow = z.output<typeof uploadRow>;
const upload = uploadRow.extend({
  compressed: z.boolean(),
  createdByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type UploadRecord = z.output<typeof upload>;

export const uploadColumns: ColumnSpec[] = [
  { key: 'description', label: 'Description', sortable: true },
  { key: 'filename', label: 'File' },
  { key: 'contentType', label: 'Type' },
  { key: 'contentSize', label: 'Size', sortable: true, format: 'number' },
  { key: 'tags', label: 'Tags' },
  { key: 'locationName', label: 'Location' },
  { key: 'createdAt', label: 'Uploaded', sortable: true, format: 'date' },
  { key: 'active', label: 'Active', format: 'flag' },
];

/** Uploads within reach, newest first (seed 000: `uploadCount`, `html`). */
export const loadUploads = listContract({
  path: 'marketing/cdn/load-uploads',
  filters: {
    query: optionalText(100).meta({ title: 'Search' }),
    locationId: optionalId,
    active: yesNo.meta({ title: 'Status' }),
  },
  row: uploadRow,
  countKey: 'uploadCount',
});
/** One upload for the edit-cdn-upload modal (seed 000: `data.upload`). */
export const loadUpload = defineContract({
  path: 'marketing/cdn/load-upload',
  input: uploadIdInput,
  output: z.object({ upload }),
});
export const uploadFiles = defineContract({
  path: 'marketing/cdn/upload-files',
  input: uploadFilesInput,
  output: z.object({
    uploads: z.array(
      z.object({
        uploadId: z.number().int(),
        filename: z.string(),
        contentType: z.string(),
        contentSize: z.number().int(),
        originalSize: z.number().int(),
        url: z.string(),
      }),
    ),
  }),
});
export const editUpload = defineContract({
  path: 'marketing/cdn/edit-upload',
  input: editUploadInput,
  output: z.object({ uploadId: z.number().int() }),
});
/** Deleting is soft (seed 000, section 4): the upload becomes inactive and is no longer served. */
export const deleteUpload = defineContract({
  path: 'marketing/cdn/delete-upload',
  input: uploadIdInput,
  output: z.object({ uploadId: z.number().int() }),
});

// Seed 000, section 8, word for word.
export const UPLOAD_SUCCESSFUL = 'File upload successful!';
export const UPLOAD_UPDATED = 'Upload Settings updated!';
export const DELETE_UPLOAD_QUESTION = 'Are you sure you want to delete this upload?';
