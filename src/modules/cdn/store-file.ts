/**
 * What an upload becomes before it is stored: its type read from its first bytes (never its name or
 * the type the browser claimed), and with compress an image re-encoded smaller.
 */
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../server/platform/errors';
import { images } from '../../server/platform/when-used';
import { uploadTypes, type UploadType } from './cdn.contract';

export interface PreparedFile {
  data: Buffer;
  contentType: UploadType;
  compressed: boolean;
}

/** Images sharp re-encodes; a GIF keeps its frames as sent. */
const COMPRESSIBLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
/** A decompression bomb is refused before it is decoded. */
const MAX_PIXELS = 60_000_000;

export async function checkedType(data: Buffer, filename: string): Promise<UploadType> {
  const found = await fileTypeFromBuffer(data);
  if (found && found.mime in uploadTypes) return found.mime as UploadType;
  throw AppError.invalid(
    `${filename} is not a file the CDN keeps: upload a JPEG, PNG, GIF, WebP or AVIF image, a PDF, an MP4 or WebM video or an MP3.`,
    ['files'],
  );
}

/**
 * WebP, which every browser the group supports shows; when WebP is not smaller (a flat logo), the
 * image's own format re-encoded (JPEG with mozjpeg, PNG at full compression) as the fallback; the
 * original when neither is. Oriented and without its metadata (a phone photo's location).
 */
async function compressImage(data: Buffer, type: UploadType): Promise<PreparedFile> {
  const image = () => images()(data, { limitInputPixels: MAX_PIXELS }).rotate();
  const webp = await image().webp({ quality: 80 }).toBuffer();
  if (webp.length < data.length) return { data: webp, contentType: 'image/webp', compressed: true };
  const own =
    type === 'image/png'
      ? await image().png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()
      : type === 'image/jpeg'
        ? await image().jpeg({ quality: 82, mozjpeg: true }).toBuffer()
        : null;
  return own && own.length < data.length
    ? { data: own, contentType: type, compressed: true }
    : { data, contentType: type, compressed: false };
}

export async function prepareFile(data: Buffer, filename: string, compress: boolean): Promise<PreparedFile> {
  const contentType = await checkedType(data, filename);
  if (!compress || !COMPRESSIBLE.has(contentType)) return { data, contentType, compressed: false };
  try {
    return await compressImage(data, contentType);
  } catch {
    throw AppError.invalid(`${filename} could not be read as an image.`, ['files']);
  }
}

/** A name the server chooses: the month's folder and 22 random characters, with the stored type's extension. */
export function storageKey(type: UploadType, now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}/${randomBytes(16).toString('base64url')}.${uploadTypes[type]}`;
}
