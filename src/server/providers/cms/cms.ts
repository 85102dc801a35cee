import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { outbox } from '../../platform/platform.db';

/** A page as the dealer website's content management service takes it (seed 001: build-page's fields). */
export interface CmsPage {
  /** The path on the store's site, such as /service/oil-change. */
  pageUrl: string;
  title: string;
  description: string;
  /** The page's body as html. */
  html: string;
  pageType: string;
  serviceName: string;
  vehicle: { year: number | null; make: string; model: string; trim: string };
  /** The store whose website carries it: its code is the CMS's site key. */
  store: { code: string; name: string; url: string };
}

/**
 * The dealer website's content management service (seed 001: ddc-cms). `local` keeps the pages in the
 * outbox (channel `cms`, shown on the Outbox screen) and serves each at a preview address of this
 * server; `http` talks to the CMS's REST API with the group's key. A CMS that fails or does not answer
 * throws `AppError.upstream` (502) with the sentence of the step, and the module keeps nothing.
 */
export interface CmsProvider {
  readonly name: 'local' | 'http';
  createPage(db: Db, page: CmsPage): Promise<{ cmsPageId: string; previewUrl: string }>;
  updatePage(db: Db, cmsPageId: string, page: CmsPage): Promise<{ previewUrl: string }>;
  deletePage(db: Db, cmsPageId: string): Promise<void>;
  /** Asks the pages service to re-render a store's pages (seed 001: the location cache render call). */
  renderLocation(db: Db, store: CmsPage['store']): Promise<{ renderedPageCount: number }>;
  /** The local driver's page as its preview address shows it; null when it has none. */
  preview?(db: Db, cmsPageId: string): Promise<string | null>;
}

export const CMS_NOT_BUILT = 'The website CMS did not take the page; try again in a few minutes.';
export const CMS_NOT_DELETED = 'The website CMS did not delete the page; try again in a few minutes.';
/** Seed 001, section 8: a location cache failure. */
export const LOCATION_CACHE_NOT_SAVED = 'Location cache not saved';

/** Where the local driver serves a page it keeps. */
export const LOCAL_PREVIEW_PATH = '/cms/preview';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page as the local driver's preview shows it: a plain page with the store's name above it. */
function previewDocument(page: CmsPage): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(page.title)}</title><meta name="description" content="${escape(page.description)}"></head><body><header>${escape(page.store.name)} · ${escape(page.store.url)}${escape(page.pageUrl)}</header><main>${page.html}</main></body></html>`;
}

export function localCms(publicUrl: string): CmsProvider {
  const previewUrl = (ref: string) => `${publicUrl.replace(/\/$/, '')}${LOCAL_PREVIEW_PATH}/${ref}`;
  const kept = (ref: string) => and(eq(outbox.channel, 'cms'), eq(outbox.sid, ref));
  return {
    name: 'local',
    async createPage(db, page) {
      const [row] = await db
        .insert(outbox)
        .values({
          channel: 'cms',
          to: `${page.store.url}${page.pageUrl}`,
          from: page.store.name,
          subject: `Page built: ${page.title}`,
          body: page.html,
          status: 'published',
          meta: { page },
        })
        .returning({ id: outbox.id });
      const ref = `local-${row.id}`;
      await db.update(outbox).set({ sid: ref }).where(eq(outbox.id, row.id));
      return { cmsPageId: ref, previewUrl: previewUrl(ref) };
    },
    async updatePage(db, ref, page) {
      const updated = await db
        .update(outbox)
        .set({ subject: `Page updated: ${page.title}`, body: page.html, meta: { page } })
        .where(and(kept(ref), eq(outbox.status, 'published')))
        .returning({ id: outbox.id });
      if (updated.length === 0) throw AppError.upstream(CMS_NOT_BUILT, new Error(`local CMS has no page ${ref}`));
      return { previewUrl: previewUrl(ref) };
    },
    async deletePage(db, ref) {
      await db
        .update(outbox)
        .set({
          status: 'deleted',
          subject: sql`'Page deleted: ' || coalesce(${outbox.meta} -> 'page' ->> 'title', '')`,
        })
        .where(kept(ref));
    },
    async renderLocation(db, store) {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(and(eq(outbox.channel, 'cms'), eq(outbox.status, 'published'), eq(outbox.from, store.name)));
      await db.insert(outbox).values({
        channel: 'cms',
        to: store.url,
        from: store.name,
        subject: `Location cache rendered: ${n} page${n === 1 ? '' : 's'}`,
        body: `The pages service re-rendered ${store.name}'s pages (${store.code}).`,
        status: 'sent',
      });
      return { renderedPageCount: n };
    },
    async preview(db, ref) {
      const [row] = await db
        .select({ meta: outbox.meta })
        .from(outbox)
        .where(and(kept(ref), eq(outbox.status, 'published')));
      return row ? previewDocument((row.meta as { page: CmsPage }).page) : null;
    },
  };
}

/**
 * The CMS's REST API: `POST {url}/pages` with the page as JSON answers `{ id, previewUrl }`;
 * `PUT {url}/pages/{id}` answers `{ previewUrl }`; `DELETE {url}/pages/{id}` answers 2xx (404: already
 * gone); `POST {url}/sites/{code}/render` answers `{ renderedPageCount }`. The key goes as a bearer token.
 */
export function httpCms(url: string, apiKey: string, fetcher: typeof fetch = fetch): CmsProvider {
  const call = async (failure: string, path: string, init: RequestInit, allow404 = false) => {
    let res: Response;
    try {
      res = await fetcher(`${url.replace(/\/$/, '')}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw AppError.upstream(failure, error);
    }
    if (allow404 && res.status === 404) return {};
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw AppError.upstream(failure, new Error(`CMS answered ${res.status}`));
    return body;
  };
  const text = (value: unknown, failure: string) => {
    if (typeof value !== 'string' || !value) throw AppError.upstream(failure, new Error('CMS answered without it'));
    return value;
  };
  return {
    name: 'http',
    async createPage(_db, page) {
      const body = await call(CMS_NOT_BUILT, '/pages', { method: 'POST', body: JSON.stringify(page) });
      return { cmsPageId: String(text(body.id, CMS_NOT_BUILT)), previewUrl: text(body.previewUrl, CMS_NOT_BUILT) };
    },
    async updatePage(_db, id, page) {
      const path = `/pages/${encodeURIComponent(id)}`;
      const body = await call(CMS_NOT_BUILT, path, { method: 'PUT', body: JSON.stringify(page) });
      return { previewUrl: text(body.previewUrl, CMS_NOT_BUILT) };
    },
    async deletePage(_db, id) {
      await call(CMS_NOT_DELETED, `/pages/${encodeURIComponent(id)}`, { method: 'DELETE' }, true);
    },
    async renderLocation(_db, store) {
      const path = `/sites/${encodeURIComponent(store.code)}/render`;
      const body = await call(LOCATION_CACHE_NOT_SAVED, path, { method: 'POST', body: '{}' });
      const count = body.renderedPageCount;
      if (!Number.isInteger(count)) throw AppError.upstream(LOCATION_CACHE_NOT_SAVED, new Error('no count'));
      return { renderedPageCount: count as number };
    },
  };
}
