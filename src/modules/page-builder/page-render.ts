/**
 * A landing page as visitors see it, drawn by React on the server (escaped by it): the public page
 * and the builder's preview are the same markup, so what the preview shows is what gets published.
 */
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageModule, themes } from './page-builder.contract';

const STYLE = [
  '*{box-sizing:border-box}body{margin:0;font:17px/1.6 system-ui,sans-serif}',
  '.light{background:#fff;color:#1a1b1e}.dark{background:#141517;color:#f1f3f5}',
  '.lp-module{max-width:60rem;margin:0 auto;padding:1.5rem 1.25rem}',
  '.lp-hero{text-align:center;padding:3rem 1.25rem}.lp-hero h1{font-size:clamp(1.8rem,5vw,3rem);line-height:1.15;margin:.5rem 0}',
  '.lp-hero img,.lp-image img{max-width:100%;height:auto;border-radius:8px}',
  '.lp-text p{white-space:pre-line}.lp-image figcaption{font-size:.9rem;opacity:.8}',
  '.lp-button{text-align:center}.lp-button a{display:inline-block;padding:.8rem 1.6rem;border-radius:8px;background:#1864ab;color:#fff;text-decoration:none;font-weight:600}',
  '.lp-empty{text-align:center;opacity:.7;padding:4rem 1rem}',
].join('');

function moduleView(m: PageModule): ReactNode {
  const props = { key: m.id, className: `lp-module lp-${m.type}`, 'data-module': m.type };
  switch (m.type) {
    case 'hero':
      return h(
        'section',
        props,
        m.image ? h('img', { src: m.image, alt: '' }) : null,
        h('h1', null, m.heading),
        m.subheading ? h('p', null, m.subheading) : null,
      );
    case 'text':
      return h('section', props, m.heading ? h('h2', null, m.heading) : null, h('p', null, m.body));
    case 'image':
      return h(
        'figure',
        props,
        h('img', { src: m.image, alt: m.alt }),
        m.caption ? h('figcaption', null, m.caption) : null,
      );
    case 'button':
      return h('div', props, h('a', { href: m.link }, m.label));
  }
}

export interface RenderedPage {
  title: string;
  description: string;
  theme: (typeof themes)[number];
  modules: PageModule[];
}

/** The whole document; `noindex` for the preview of a draft. */
export function renderPage(page: RenderedPage, options: { noindex?: boolean } = {}): string {
  const body = page.modules.length
    ? page.modules.map(moduleView)
    : h('p', { className: 'lp-empty' }, 'This page has no modules yet.');
  const html = renderToStaticMarkup(
    h(
      'html',
      { lang: 'en' },
      h(
        'head',
        null,
        h('meta', { charSet: 'utf-8' }),
        h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
        page.description ? h('meta', { name: 'description', content: page.description }) : null,
        options.noindex ? h('meta', { name: 'robots', content: 'noindex' }) : null,
        h('title', null, page.title),
        h('style', null, STYLE),
      ),
      h('body', { className: page.theme }, h('main', null, body)),
    ),
  );
  return `<!doctype html>${html}`;
}
