/**
 * A template compiled to the HTML that is sent (seed 001: convert-html). MJML writes the email:
 * tables and inline styles that Outlook and Gmail show alike, columns that stack on a phone. Every
 * text a person typed is escaped here, shortcodes are filled in text and links alike, and a link
 * still not a web address once filled is dropped rather than sent broken.
 */
import { createRequire } from 'node:module';
import type mjml from 'mjml';
import type { Shortcode } from '../locations/locations.contract';
import { fillShortcodes } from '../locations/locations.api';
import type { CouponItem, Piece, TemplateOptions, VehicleItem } from './email-builder.contract';

/**
 * MJML and what it pulls in (an HTML parser, a minifier, CSS inlining) load on the first compile, not
 * with the server: most processes never compile an email, and loaded eagerly it (with the S3 SDK) held
 * about 40 MB of every server process.
 */
let loaded: typeof mjml | undefined;
const mjml2html: typeof mjml = (...args) => (loaded ??= createRequire(import.meta.url)('mjml') as typeof mjml)(...args);

export interface CompileInput {
  options: TemplateOptions;
  pieces: Piece[];
  store: { name: string; phone: string; address: string };
  shortcodes: Shortcode[];
}

const THEMES = {
  light: { background: '#f4f4f4', body: '#ffffff', text: '#222222', muted: '#666666', accent: '#1a5fb4' },
  dark: { background: '#111111', body: '#1e1e1e', text: '#f2f2f2', muted: '#b0b0b0', accent: '#62a0ea' },
};

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function compileTemplate(input: CompileInput): { html: string; filesize: number; warnings: string[] } {
  const theme = themeOf(input.options);
  const fill = (s: string | undefined) => fillShortcodes(s ?? '', input.shortcodes);
  const say = (s: string | undefined) => escape(fill(s)).replace(/\r?\n/g, '<br/>');
  /** A link filled; kept only if it is then a web address (a store without a site leaves `[location_url]` empty). */
  const href = (s: string | undefined) => {
    const url = fill(s).trim();
    return /^https?:\/\/[^\s"'<>]+$/i.test(url) ? escape(url) : '';
  };
  const ctx: Ctx = { theme, say, href, options: input.options, store: input.store };
  const body = [
    input.options.showLocationHeader ? header(ctx) : '',
    ...input.pieces.filter((p) => p.visible).map((p) => pieceMjml(ctx, p) + (p.showDivider ? divider(ctx) : '')),
    footer(ctx),
  ].join('\n');
  const { html, errors } = mjml2html(
    `<mjml lang="en"><mj-head><mj-title>${escape(input.options.name)}</mj-title><mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text color="${theme.text}" font-size="15px" line-height="1.5" /></mj-attributes></mj-head><mj-body background-color="${theme.background}" width="600px">${body}</mj-body></mjml>`,
    { validationLevel: 'soft', keepComments: false },
  );
  return { html, filesize: Buffer.byteLength(html, 'utf8'), warnings: errors.map((e) => e.formattedMessage) };
}

type Theme = (typeof THEMES)['light'];
interface Ctx {
  theme: Theme;
  say: (s: string | undefined) => string;
  href: (s: string | undefined) => string;
  options: TemplateOptions;
  store: CompileInput['store'];
}

function themeOf(options: TemplateOptions): Theme {
  if (options.themeType === 'dark') return THEMES.dark;
  return {
    ...THEMES.light,
    accent: options.themeType === 'custom' && options.customTheme ? options.customTheme : THEMES.light.accent,
  };
}

const section = (ctx: Ctx, inner: string, extra = '') =>
  `<mj-section background-color="${ctx.theme.body}" padding="12px 0"${extra}>${inner}</mj-section>`;
const column = (inner: string, width?: string) => `<mj-column${width ? ` width="${width}"` : ''}>${inner}</mj-column>`;
const textBlock = (html: string, attrs = '') => (html ? `<mj-text${attrs}>${html}</mj-text>` : '');
const small = (ctx: Ctx, s: string | undefined) =>
  textBlock(ctx.say(s), ` font-size="11px" color="${ctx.theme.muted}"`);
const button = (ctx: Ctx, label: string, link: string | undefined, align = 'center') => {
  const url = ctx.href(link);
  return url && label
    ? `<mj-button href="${url}" background-color="${ctx.theme.accent}" color="#ffffff" align="${align}">${ctx.say(label)}</mj-button>`
    : '';
};
const image = (ctx: Ctx, src: string | undefined, alt: string, link?: string) => {
  const url = ctx.href(src);
  if (!url) return '';
  const to = ctx.href(link);
  return `<mj-image src="${url}" alt="${escape(alt)}"${to ? ` href="${to}"` : ''} padding="0 0 8px 0" />`;
};
const heading = (ctx: Ctx, title: string | undefined, subtitle?: string, align = 'left') =>
  textBlock(
    [
      title ? `<h2 style="margin:0;font-size:22px;color:${ctx.theme.text}">${ctx.say(title)}</h2>` : '',
      subtitle ? `<p style="margin:4px 0 0;color:${ctx.theme.muted}">${ctx.say(subtitle)}</p>` : '',
    ].join(''),
    ` align="${align}"`,
  );
const divider = (ctx: Ctx) =>
  section(ctx, column(`<mj-divider border-color="${ctx.theme.muted}" border-width="1px" />`), '');

function header(ctx: Ctx) {
  const { store } = ctx;
  return section(
    ctx,
    column(
      textBlock(
        `<strong style="font-size:20px">${escape(store.name)}</strong><br/>${[store.phone, store.address].filter(Boolean).map(escape).join(' · ')}`,
        ' align="center"',
      ),
    ),
    ` border-bottom="4px solid ${ctx.theme.accent}"`,
  );
}

/** The links every template may add under a piece: inventory and service, as the options choose them. */
function storeButtons(ctx: Ctx, piece: Piece) {
  const buttons = [
    piece.showInventoryButton ? button(ctx, 'Shop inventory', '[inventory_url]') : '',
    piece.showServiceButton ? button(ctx, 'Schedule service', '[service_url]') : '',
  ].filter(Boolean);
  return buttons.length ? section(ctx, buttons.map((b) => column(b)).join('')) : '';
}

function pieceMjml(ctx: Ctx, piece: Piece): string {
  const align = piece.align ?? 'left';
  const main = (() => {
    switch (piece.type) {
      case 'text':
        return section(
          ctx,
          column(
            heading(ctx, piece.title, piece.subtitle, align) +
              textBlock(ctx.say(piece.text), ` align="${align}"`) +
              small(ctx, piece.disclaimer),
          ),
        );
      case 'hero':
        return hero(ctx, piece);
      case 'html':
        // Staff's own markup, sent as written (the preview shows it sandboxed); shortcodes still filled.
        return section(ctx, column(`<mj-raw>${fillRaw(ctx, piece.html)}</mj-raw>`));
      case 'image-banner':
        return section(
          ctx,
          column(
            image(ctx, piece.image, piece.title || piece.name || 'Banner', piece.link) + small(ctx, piece.disclaimer),
          ),
          ' padding="0"',
        );
      case 'image-text':
        return imageText(ctx, piece);
      case 'coupons':
        return coupons(ctx, piece);
      case 'cta-button':
        return section(
          ctx,
          column(button(ctx, piece.title || 'Learn more', piece.link, align) + small(ctx, piece.disclaimer)),
        );
      case 'vehicles':
        return vehicles(ctx, piece);
    }
  })();
  return main + storeButtons(ctx, piece);
}

const fillRaw = (ctx: Ctx, html: string | undefined) => (html ?? '').replace(/\[[a-z_]+\]/gi, (code) => ctx.say(code));

function hero(ctx: Ctx, piece: Piece) {
  const bg = ctx.href(piece.image);
  const overlay = piece.overlayColor ?? '#000000';
  const opacity = (piece.overlayOpacity ?? 40) / 100;
  const inner =
    textBlock(
      `<h1 style="margin:0;font-size:30px;color:#ffffff">${ctx.say(piece.title)}</h1>${piece.subtitle ? `<p style="margin:8px 0 0;color:#ffffff">${ctx.say(piece.subtitle)}</p>` : ''}`,
      ` align="${piece.align ?? 'center'}" container-background-color="${rgba(overlay, opacity)}" padding="20px"`,
    ) + button(ctx, piece.text || 'See the offer', piece.link, piece.align ?? 'center');
  return bg
    ? `<mj-hero mode="fixed-height" height="320px" background-width="600px" background-height="320px" background-url="${bg}" background-color="${overlay}" padding="60px 20px">${inner}</mj-hero>`
    : section(ctx, column(inner), ` background-color="${overlay}"`);
}

const rgba = (hex: string, opacity: number) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${opacity})`;
};

function imageText(ctx: Ctx, piece: Piece) {
  const pic = column(image(ctx, piece.image, piece.title || piece.name || 'Image', piece.link), '40%');
  const words = column(
    heading(ctx, piece.title, piece.subtitle) +
      textBlock(ctx.say(piece.text)) +
      button(ctx, piece.link ? 'Learn more' : '', piece.link, 'left') +
      small(ctx, piece.disclaimer),
    '60%',
  );
  return section(ctx, piece.imageAlign === 'right' ? words + pic : pic + words);
}

function couponCard(ctx: Ctx, c: CouponItem) {
  const price = [c.leadingText, c.price, c.trailingText]
    .filter(Boolean)
    .map((s) => ctx.say(s))
    .join(' ');
  return (
    image(ctx, c.image, c.product) +
    textBlock(
      `<p style="margin:0;font-size:13px;text-transform:uppercase;color:${ctx.theme.muted}">${ctx.say(c.product)}</p><p style="margin:4px 0;font-size:24px;font-weight:bold;color:${ctx.theme.accent}">${price}</p>${c.description ? `<p style="margin:0">${ctx.say(c.description)}</p>` : ''}`,
      ' align="center"',
    ) +
    small(ctx, c.disclaimer)
  );
}

/** Coupons two to a row (one on a phone); a standalone coupon takes a row of its own. */
function coupons(ctx: Ctx, piece: Piece) {
  const rows: CouponItem[][] = [];
  for (const c of piece.coupons) {
    const last = rows.at(-1);
    if (c.standalone || !last || last.length === 2 || last[0].standalone) rows.push([c]);
    else last.push(c);
  }
  return (
    (piece.title ? section(ctx, column(heading(ctx, piece.title, piece.subtitle, piece.align ?? 'center'))) : '') +
    rows.map((row) => section(ctx, row.map((c) => column(couponCard(ctx, c))).join(''), ' padding="4px 0"')).join('') +
    (piece.disclaimer ? section(ctx, column(small(ctx, piece.disclaimer))) : '')
  );
}

function vehicleCard(ctx: Ctx, v: VehicleItem) {
  const name = `${v.year} ${v.make} ${v.model}`;
  const terms = [v.amount, v.term, v.down]
    .filter(Boolean)
    .map((s) => ctx.say(s))
    .join(' · ');
  return (
    image(ctx, v.image, name, v.inventoryUrl) +
    textBlock(
      `<p style="margin:0;font-size:17px;font-weight:bold">${escape(name)}</p>${terms ? `<p style="margin:4px 0;color:${ctx.theme.accent};font-weight:bold">${terms}</p>` : ''}${v.description ? `<p style="margin:0">${ctx.say(v.description)}</p>` : ''}`,
    ) +
    button(ctx, v.ctaLabel || 'View vehicle', v.inventoryUrl, 'left') +
    small(ctx, v.disclaimer)
  );
}

function vehicles(ctx: Ctx, piece: Piece) {
  const pairs: VehicleItem[][] = [];
  for (let i = 0; i < piece.vehicles.length; i += 2) pairs.push(piece.vehicles.slice(i, i + 2));
  return (
    (piece.title ? section(ctx, column(heading(ctx, piece.title, piece.subtitle, piece.align ?? 'left'))) : '') +
    pairs
      .map((pair) => section(ctx, pair.map((v) => column(vehicleCard(ctx, v))).join(''), ' padding="4px 0"'))
      .join('') +
    (piece.disclaimer ? section(ctx, column(small(ctx, piece.disclaimer))) : '')
  );
}

function footer(ctx: Ctx) {
  const { store, options } = ctx;
  const promo = options.promoScript
    ? `<p style="margin:0 0 6px">Show this email at ${escape(store.name)} to redeem these offers.</p>`
    : '';
  return section(
    ctx,
    column(
      textBlock(
        `${promo}${escape(store.name)}${store.address ? ` · ${escape(store.address)}` : ''}`,
        ` align="center" font-size="12px" color="${ctx.theme.muted}"`,
      ),
    ),
  );
}
