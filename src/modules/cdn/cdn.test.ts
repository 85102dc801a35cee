import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { locationsByCode, testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { multipartBody, type MultipartFile } from '../../../tests/multipart';
import { actionRoute } from '../../server/platform/actions';
import type { StorageProvider } from '../../server/providers/storage/storage';
import { cdnUploads } from './cdn.db';
import { deleteUpload, editUpload, loadUpload, loadUploads, uploadFiles } from './cdn.contract';

let t: TestApp;
let marketer: Caller;
let loc: Record<string, number>;
beforeAll(async () => {
  t = await testApp();
  marketer = await t.signedIn(['marketing']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** A photo-like picture: a smooth gradient a PNG keeps losslessly and WebP shrinks a great deal. */
async function photo(width = 800, height = 500): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = ((x + y) * 97) % 256;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The smallest PDF a reader opens. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const upload = (caller: Caller, fields: Record<string, string>, files: MultipartFile[]) =>
  caller.send<Record<string, any>>({
    method: 'POST',
    url: actionRoute(uploadFiles),
    ...multipartBody({ ...fields, csrfToken: caller.csrfToken! }, files),
  });

const uploadCount = async () => (await t.db.select({ n: count() }).from(cdnUploads))[0].n;
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('marketing/cdn', () => {
  it('lists the demo uploads within reach with their count and html', async () => {
    const res = await marketer.act(loadUploads, {});
    expect(res.status).toBe(200);
    expect(res.body.data.uploadCount).toBe(4);
    expect(res.body.data.rows[0]).toMatchObject({
      contentType: 'image/png',
      active: true,
      url: expect.stringMatching(/^\/uploads\/\d{4}-\d{2}\//),
    });
    expect(res.body.data.html).toContain('Spring sales event banner');
    const searched = await marketer.act(loadUploads, { query: 'TRUCK' });
    expect(searched.body.data.rows.map((r) => r.description)).toEqual(['Denver truck month']);
    const nm = await t.signedIn(['marketing'], { groupWide: false, regions: ['New Mexico'] });
    expect((await nm.act(loadUploads, {})).body.data.uploadCount).toBe(3);
  });

  it('compresses a real image, names it itself and serves it back with its checked type', async () => {
    const png = await photo();
    const res = await upload(
      marketer,
      { locationId: String(loc.ABG), tags: 'spring', description: '', active: '1', compress: '1' },
      [{ field: 'files', filename: 'Lot photo.png', type: 'image/png', data: png }],
    );
    expect(res.status).toBe(200);
    const [sent] = res.body.data.uploads;
    expect(sent).toMatchObject({ filename: 'Lot photo.png', contentType: 'image/webp', originalSize: png.length });
    expect(sent.contentSize).toBeLessThan(png.length / 2);
    expect(sent.url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[A-Za-z0-9_-]{22}\.webp$/);
    const [row] = await t.db.select().from(cdnUploads).where(eq(cdnUploads.id, sent.uploadId));
    // An empty description becomes the file's name, as the add screen does.
    expect(row).toMatchObject({
      description: 'Lot photo.png',
      tags: 'spring',
      compressed: true,
      createdBy: marketer.userId,
      locationId: loc.ABG,
    });
    const served = await get(sent.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['content-disposition']).toBeUndefined();
    expect(served.rawPayload.length).toBe(sent.contentSize);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('keeps files as sent without compress, and serves a PDF only as a download', async () => {
    const png = await photo(200, 100);
    const res = await upload(
      marketer,
      { locationId: String(loc.SFS), description: 'Flyers', active: '1', compress: '0' },
      [
        { field: 'files', filename: 'flyer.pdf', data: PDF },
        { field: 'files', filename: 'logo.png', data: png },
      ],
    );
    expect(res.status).toBe(200);
    const [pdf, image] = res.body.data.uploads;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', contentSize: PDF.length });
    expect(image).toMatchObject({ contentType: 'image/png', contentSize: png.length });
    const served = await get(pdf.url);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="flyer.pdf"; filename*=UTF-8''flyer.pdf`);
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses a renamed executable, HTML and SVG by their content, and stores nothing', async () => {
    const before = await uploadCount();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    for (const [filename, data] of [
      ['invoice.png', elf],
      ['setup.jpg', exe],
      ['page.jpg', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ['logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ] as const) {
      const res = await upload(marketer, { locationId: String(loc.ABG), active: '1', compress: '1' }, [
        { field: 'files', filename: 'good.png', data: await photo(50, 50) },
        { field: 'files', filename, type: 'image/png', data },
      ]);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toBe(
        `${filename} is not a file the CDN keeps: upload a JPEG, PNG, GIF, WebP or AVIF image, a PDF, an MP4 or WebM video or an MP3.`,
      );
      expect(res.body.data.fields).toEqual(['files']);
    }
    expect(await uploadCount()).toBe(before);
  });

  it('removes the files it stored when a later file of the upload fails, keeping no file without a row', async () => {
    const { storage } = (t.app as unknown as { services: { storage: StorageProvider } }).services;
    const put = storage.put;
    const kept: string[] = [];
    let calls = 0;
    // The second file's storage fails (a full disk, S3 refusing): the first is already stored.
    storage.put = async (key, file) => {
      if (++calls === 2) throw new Error('No space left on device');
      kept.push(key);
      return put.call(storage, key, file);
    };
    const before = await uploadCount();
    try {
      const res = await upload(marketer, { locationId: String(loc.ABG), active: '1', compress: '0' }, [
        { field: 'files', filename: 'first.pdf', data: PDF },
        { field: 'files', filename: 'second.pdf', data: PDF },
      ]);
      expect(res.status).toBe(500);
    } finally {
      storage.put = put;
    }
    expect(kept).toHaveLength(1);
    expect(await storage.get(kept[0])).toBeNull();
    expect(await uploadCount()).toBe(before);
  });

  it('refuses an upload without files or a location, naming the field', async () => {
    const none = await upload(marketer, { locationId: String(loc.ABG), active: '1' }, []);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual(['Choose at least one file to upload.']);
    const noStore = await upload(marketer, { active: '1' }, [{ field: 'files', filename: 'a.pdf', data: PDF }]);
    expect(noStore.status).toBe(400);
    expect(noStore.body.errors).toEqual(['Location is required.']);
  });

  it('loads and edits an upload (edit-cdn-upload), and deletes it softly', async () => {
    const [first] = (await marketer.act(loadUploads, { query: 'service special' })).body.data.rows;
    const loaded = await marketer.act(loadUpload, { uploadId: first.uploadId });
    expect(loaded.body.data.upload).toMatchObject({
      uploadId: first.uploadId,
      description: 'Service special: oil change',
      locationName: expect.any(String),
      compressed: false,
    });
    const bad = await marketer.act(editUpload, {
      uploadId: first.uploadId,
      locationId: loc.ABG,
      description: 'x'.repeat(501),
      active: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Description must be at most 500 characters.']);
    const edit = await marketer.act(editUpload, {
      uploadId: first.uploadId,
      locationId: loc.ABH,
      tags: 'service, oil',
      description: 'Oil change special',
      active: 1,
    });
    expect(edit.status).toBe(200);
    const [row] = await t.db.select().from(cdnUploads).where(eq(cdnUploads.id, first.uploadId));
    expect(row).toMatchObject({
      locationId: loc.ABH,
      tags: 'service, oil',
      description: 'Oil change special',
      active: true,
    });
    expect((await get(first.url)).statusCode).toBe(200);
    const del = await marketer.act(deleteUpload, { uploadId: first.uploadId });
    expect(del.body.data).toEqual({ uploadId: first.uploadId });
    const [gone] = await t.db.select().from(cdnUploads).where(eq(cdnUploads.id, first.uploadId));
    expect(gone.active).toBe(false);
    const served = await get(first.url);
    expect(served.statusCode).toBe(404);
    expect((await marketer.act(loadUploads, { active: '0' })).body.data.rows.map((r) => r.uploadId)).toContain(
      first.uploadId,
    );
  });

  it('answers 404 for a key that is not an upload, however it is written', async () => {
    for (const url of ['/uploads/2026-01/AAAAAAAAAAAAAAAAAAAAAA.png', '/uploads/..%2F..%2Fetc/passwd', '/uploads/x/y'])
      expect((await get(url)).statusCode).toBe(404);
  });
});
