import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '../../config';
import type { S3Client } from '@aws-sdk/client-s3';

/** A stored file as the server kept it: its bytes and the type checked from its content at upload. */
export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live. Keys are chosen by the server (never a sender's file name), so a key
 * cannot climb out of its folder or overwrite another file.
 */
export interface StorageProvider {
  readonly name: 'local' | 's3';
  put(key: string, file: StoredFile): Promise<void>;
  /** The file under this key, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
}

/** What a key may be: the server's own random names, with a dot extension and one folder level. */
export const STORAGE_KEY = /^[a-z0-9-]{1,40}\/[A-Za-z0-9_-]{16,64}\.[a-z0-9]{2,5}$/;

function checkedKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
  return key;
}

/**
 * Files on this machine's disk under `root` (STORAGE_DIR): the offline driver. What it holds is what
 * the CDN screen lists and serves, so the app shows everything it kept. The type sits beside each
 * file, as S3 keeps it in the object's metadata.
 */
export function localStorage(root: string): StorageProvider {
  const path = (key: string) => join(root, checkedKey(key));
  return {
    name: 'local',
    async put(key, file) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      await writeFile(`${target}.tmp`, file.data);
      await writeFile(`${target}.type`, file.contentType);
      await rename(`${target}.tmp`, target);
    },
    async get(key) {
      try {
        const [data, contentType] = await Promise.all([readFile(path(key)), readFile(`${path(key)}.type`, 'utf8')]);
        return { data, contentType };
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await Promise.all([rm(path(key), { force: true }), rm(`${path(key)}.type`, { force: true })]);
    },
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2); AWS itself when absent. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** An S3 bucket (or any S3-compatible store) through the AWS SDK. */
export function s3Storage(settings: S3Settings): StorageProvider {
  // The SDK loads with the first file, not with every server: most run the local driver.
  let connected: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const s3 = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        // Compatible services name the bucket in the path; AWS accepts that too.
        forcePathStyle: Boolean(settings.endpoint),
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
    })));
  const Bucket = settings.bucket;
  return {
    name: 's3',
    async put(key, file) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: checkedKey(key), Body: file.data, ContentType: file.contentType }),
      );
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        const data = Buffer.from(await object.Body!.transformToByteArray());
        return { data, contentType: object.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
  };
}

/** The driver the configuration names (STORAGE): the services' and the demo seed's. */
export function storageFor(config: Config): StorageProvider {
  return config.STORAGE === 's3'
    ? s3Storage({
        bucket: config.S3_BUCKET!,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID!,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      })
    : localStorage(config.STORAGE_DIR);
}
