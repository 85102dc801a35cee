import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_NOT_BUILT, httpCms, LOCATION_CACHE_NOT_SAVED, type CmsPage } from './cms';

const page: CmsPage = {
  pageUrl: '/service/oil-change',
  title: 'Oil change at Albuquerque Toyota',
  description: 'Quick oil changes.',
  html: '<h1>Oil change</h1>',
  pageType: 'service',
  serviceName: 'Oil change',
  vehicle: { year: null, make: '', model: '', trim: '' },
  store: { code: 'ABG', name: 'Albuquerque Toyota', url: 'https://www.albuquerquetoyota.example' },
};

/** A stand-in for the CMS's REST API on this machine: it keeps pages and answers as the real one. */
const seen: { method: string; url: string; auth: string; body: unknown }[] = [];
const pages = new Map<string, unknown>();
let failNext = false;
let server: Server;
let base: string;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await read(req);
    seen.push({
      method: req.method!,
      url: req.url!,
      auth: String(req.headers.authorization),
      body: body ? JSON.parse(body) : null,
    });
    const send = (status: number, reply: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    if (req.headers.authorization !== 'Bearer cms-key-123') return send(401, { error: 'bad key' });
    if (failNext) {
      failNext = false;
      return send(503, { error: 'down' });
    }
    const id = req.url!.split('/')[3];
    if (req.method === 'POST' && req.url === '/v2/pages') {
      const newId = `p${pages.size + 1}`;
      pages.set(newId, JSON.parse(body));
      return send(201, { id: newId, previewUrl: `https://cms.example/preview/${newId}` });
    }
    if (req.method === 'PUT' && pages.has(id)) {
      pages.set(id, JSON.parse(body));
      return send(200, { previewUrl: `https://cms.example/preview/${id}?v=2` });
    }
    if (req.method === 'DELETE') return pages.delete(id) ? send(200, {}) : send(404, { error: 'gone' });
    if (req.method === 'POST' && req.url === '/v2/sites/ABG/render')
      return send(200, { renderedPageCount: pages.size });
    return send(404, { error: 'no route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the CMS HTTP driver against a local HTTP server', () => {
  it('creates, updates, renders and deletes a page with the key as a bearer token', async () => {
    const cms = httpCms(base, 'cms-key-123');
    const created = await cms.createPage(null as never, page);
    expect(created).toEqual({ cmsPageId: 'p1', previewUrl: 'https://cms.example/preview/p1' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/v2/pages', auth: 'Bearer cms-key-123', body: page });
    const updated = await cms.updatePage(null as never, 'p1', { ...page, title: 'Oil changes' });
    expect(updated.previewUrl).toBe('https://cms.example/preview/p1?v=2');
    expect((pages.get('p1') as CmsPage).title).toBe('Oil changes');
    expect(await cms.renderLocation(null as never, page.store)).toEqual({ renderedPageCount: 1 });
    await cms.deletePage(null as never, 'p1');
    expect(pages.size).toBe(0);
    // A page the CMS no longer has is deleted already.
    await expect(cms.deletePage(null as never, 'p1')).resolves.toBeUndefined();
  });

  it('answers 502 with the sentence of the step when the CMS fails or refuses the key', async () => {
    failNext = true;
    await expect(httpCms(base, 'cms-key-123').createPage(null as never, page)).rejects.toMatchObject({
      status: 502,
      message: CMS_NOT_BUILT,
    });
    failNext = true;
    await expect(httpCms(base, 'cms-key-123').renderLocation(null as never, page.store)).rejects.toMatchObject({
      status: 502,
      message: LOCATION_CACHE_NOT_SAVED,
    });
    await expect(httpCms(base, 'wrong-key-1').createPage(null as never, page)).rejects.toMatchObject({ status: 502 });
    await expect(httpCms('http://127.0.0.1:1/', 'cms-key-123').createPage(null as never, page)).rejects.toMatchObject({
      status: 502,
    });
  });
});
