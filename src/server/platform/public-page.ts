/**
 * A page for someone who is not signed in (an unsubscribe link, a texted quote): server-rendered by
 * React, escaped by it, small, unstyled by the app and without its scripts; never cached or indexed.
 */
import type { FastifyReply } from 'fastify';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}',
  'button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:0;background:#1c7ed6;color:#fff;cursor:pointer}',
  'table{width:100%;border-collapse:collapse}td,th{padding:.35rem 0;text-align:left;border-bottom:1px solid #dee2e6}',
  'td:last-child,th:last-child{text-align:right}.total td{font-weight:700;border-bottom:0}.muted{color:#495057;font-size:.9rem}',
].join('');

export function publicPage(reply: FastifyReply, status: number, title: string, body: ReactNode) {
  const html = renderToStaticMarkup(
    h(
      'html',
      { lang: 'en' },
      h(
        'head',
        null,
        h('meta', { charSet: 'utf-8' }),
        h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
        h('meta', { name: 'robots', content: 'noindex' }),
        h('title', null, title),
        h('style', null, STYLE),
      ),
      h('body', null, h('main', null, h('h1', null, title), body)),
    ),
  );
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .send(`<!doctype html>${html}`);
}
