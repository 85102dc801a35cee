import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeS3 } from '../../../../tests/fake-s3';
import { localStorage, s3Storage, type StorageProvider } from './storage';

const KEY = '2026-11/AbCdEfGhIjKlMnOpQrStUv.webp';
const FILE = { data: Buffer.from('RIFF....WEBPVP8 fake image bytes'), contentType: 'image/webp' };

/** What every driver promises: put, get back the same bytes and type, remove, and null for a missing key. */
function behavesAsStorage(make: () => StorageProvider) {
  it('keeps a file under its key with its type, and forgets it when removed', async () => {
    const storage = make();
    expect(await storage.get(KEY)).toBeNull();
    await storage.put(KEY, FILE);
    const back = await storage.get(KEY);
    expect(back?.contentType).toBe('image/webp');
    expect(back?.data.equals(FILE.data)).toBe(true);
    await storage.remove(KEY);
    expect(await storage.get(KEY)).toBeNull();
  });

  it('refuses a key the server did not make (a path that climbs out)', async () => {
    const storage = make();
    await expect(storage.put('../../etc/passwd', FILE)).rejects.toThrow('Not a storage key');
    await expect(storage.get('2026-11/../../secret.png')).rejects.toThrow('Not a storage key');
  });
}

describe('the local storage driver', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'forecourt-storage-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  behavesAsStorage(() => localStorage(dir));

  it('writes under its folder only, by month', async () => {
    await localStorage(dir).put(KEY, FILE);
    expect(await readdir(join(dir, '2026-11'))).toEqual([
      'AbCdEfGhIjKlMnOpQrStUv.webp',
      'AbCdEfGhIjKlMnOpQrStUv.webp.type',
    ]);
  });
});

describe('the S3 driver (AWS SDK) against a stand-in S3', () => {
  const s3 = new FakeS3();
  let endpoint: string;
  beforeAll(async () => {
    endpoint = await s3.start();
  });
  afterAll(async () => {
    await s3.stop();
  });
  const make = () =>
    s3Storage({
      bucket: 'forecourt-cdn',
      region: 'us-west-2',
      endpoint,
      accessKeyId: 'AKIAFORECOURTTEST',
      secretAccessKey: 'secret-key-for-tests',
    });
  behavesAsStorage(make);

  it('puts objects in the bucket by path, signed with the configured key, with their type', async () => {
    await make().put(KEY, FILE);
    const put = s3.received.filter((r) => r.method === 'PUT').at(-1)!;
    expect(put).toMatchObject({
      path: `/forecourt-cdn/${KEY}`,
      accessKeyId: 'AKIAFORECOURTTEST',
      contentType: 'image/webp',
    });
    expect(s3.objects.get(`/forecourt-cdn/${KEY}`)?.data.equals(FILE.data)).toBe(true);
  });
});
