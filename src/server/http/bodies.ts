import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { ActionDefinition, UploadedFile } from '../platform/actions';
import { AppError } from '../platform/errors';
import { hasBadCharacter, screenInput, UNREADABLE } from '../platform/input-guard';

/** The largest body any form of ours sends (an upload's files and fields together). */
export const MAX_BODY = 12 * 1024 * 1024;

/**
 * `a[]=1&a[]=2` arrives as key `a[]`: the handlers see `a`. Every body and query string passes
 * here first: reserved keys (`__proto__`, `constructor`…) and NUL or half a surrogate pair are
 * refused with 400 before anything reads them (input-guard.ts).
 */
export function normaliseKeys(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return {};
  screenInput(body);
  const fields = body as Record<string, unknown>;
  let bracketed = false;
  for (const key of Object.keys(fields)) if (key.endsWith('[]')) bracketed = true;
  // A JSON body (every screen's) has none: it is used as it came, a copy being one more object per call.
  if (!bracketed) return fields;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const prior = Object.hasOwn(out, name) ? out[name] : undefined;
      out[name] = [
        ...(prior === undefined ? [] : Array.isArray(prior) ? prior : [prior]),
        ...(Array.isArray(value) ? value : [value]),
      ];
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Form fields of a multipart body: as many and as long as any form of ours, no more. */
const MULTIPART_FIELDS = 100;
const MULTIPART_FIELD_BYTES = 1024 * 1024;

/**
 * A multipart body: at most the action's `maxFiles` files (default 1) of `maxFileBytes` each, each
 * streamed to a temporary file as it arrives, so an upload is never held in memory whole; a file
 * beyond the limit is refused before its bytes are read. The files of an upload within the limits
 * are then read in, and the temporary folder removed, before the handler runs.
 */
export async function readMultipart(
  request: FastifyRequest,
  action: Pick<ActionDefinition, 'maxFileBytes' | 'maxFiles'>,
) {
  const maxFileBytes = action.maxFileBytes ?? 0;
  const maxFiles = action.maxFiles ?? 1;
  const fields: Record<string, unknown> = {};
  const stored: (Omit<UploadedFile, 'data'> & { path: string })[] = [];
  let folder: string | undefined;
  let fieldBytes = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxFileBytes,
        files: maxFiles,
        fields: MULTIPART_FIELDS,
        fieldSize: MULTIPART_FIELD_BYTES,
        parts: MULTIPART_FIELDS + maxFiles,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        folder ??= await mkdtemp(join(tmpdir(), `forecourt-upload-${request.id}-`));
        const path = join(folder, String(stored.length));
        await pipeline(part.file, createWriteStream(path));
        if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        if (hasBadCharacter(part.filename))
          throw AppError.invalid('The file name contains a character that is not allowed.', ['file']);
        stored.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, path });
      } else {
        const value = part.value;
        fieldBytes += typeof value === 'string' ? value.length : 0;
        if (part.valueTruncated || fieldBytes > MAX_BODY)
          throw AppError.invalid('The request is too large; send less than 10 MB.');
        const prior = Object.hasOwn(fields, part.fieldname) ? fields[part.fieldname] : undefined;
        fields[part.fieldname] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
      }
    }
    const files: UploadedFile[] = [];
    for (const { path, ...file } of stored) files.push({ ...file, data: await readFile(path) });
    return { fields, files };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw AppError.invalid(`The file is too large; the limit is ${Math.round(maxFileBytes / 1048576)} MB.`, ['file']);
    }
    if (code === 'FST_FILES_LIMIT')
      throw AppError.invalid(`Send at most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'}.`, ['file']);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw AppError.invalid(`Send at most ${MULTIPART_FIELDS} form fields.`);
    if (code === 'FST_PROTO_VIOLATION') throw AppError.invalid(UNREADABLE);
    if (code?.startsWith('FST_') || !(error instanceof AppError || (error as { syscall?: string }).syscall)) {
      // The multipart parser's own complaints (no boundary, a part cut short): the body, not the server.
      throw AppError.invalid('The upload could not be read; choose the file again.', ['file']);
    }
    throw error;
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}
