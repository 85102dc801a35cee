/**
 * The customer's page of a texted quote (docs/sales.md, "Price builder"): no sign-in; the address's
 * token (128 random bits) is the only key, it shows that quote alone, and it closes when the quote
 * expires. The customer opening it is counted, so the salesperson can see the customer looked.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createElement as h, Fragment } from 'react';
import { publicPage } from '../../server/platform/public-page';
import { resolveSession } from '../../server/platform/session';
import type { Services } from '../../server/services';
import { formatDate, formatMoney, formatPhone } from '../../shared/format';
import { locations } from '../locations/locations.db';
import { QUOTE_PATH } from './quote';
import { discountApplies, formatDollars, QUOTE_APR, QUOTE_TERM, vehicleName } from './quote';
import { salesQuotes } from './quotes.db';

const row = (label: string, value: string, className?: string) =>
  h('tr', { key: label, className }, h('td', null, label), h('td', null, value));

export async function registerQuotePage(app: FastifyInstance, services: Services) {
  app.get<{ Params: { token: string } }>(`${QUOTE_PATH}/:token`, async (request, reply) => {
    const { db } = services.database;
    const token = /^[A-Za-z0-9_-]{22}$/.test(request.params.token) ? request.params.token : '';
    const [found] = token
      ? await db
          .select({
            quote: salesQuotes,
            store: {
              name: locations.name,
              phone: locations.phone,
              street: locations.street,
              city: locations.city,
              state: locations.state,
              timeZone: locations.timeZone,
            },
          })
          .from(salesQuotes)
          .innerJoin(locations, eq(locations.id, salesQuotes.locationId))
          .where(eq(salesQuotes.token, token))
      : [];
    if (!found)
      return publicPage(
        reply,
        404,
        'Quote not found',
        h(
          'p',
          null,
          'This link does not lead to a quote. Check that it was copied whole, or ask your salesperson to send it again.',
        ),
      );
    const { quote, store } = found;
    const call = store.phone ? ` Call ${store.name} at ${formatPhone(store.phone)} for a new one.` : '';
    if (quote.expiresAt.getTime() <= services.clock.now().getTime()) {
      return publicPage(
        reply,
        410,
        'This quote has expired',
        h('p', null, `Prices change; this quote was good until ${formatDate(quote.expiresAt, store.timeZone)}.${call}`),
      );
    }
    // A view is the customer's: a HEAD request (a link checker) or a signed-in member of staff is not counted.
    const staff = (await resolveSession(db, request, services.config))?.stage === 'full';
    if (request.method === 'GET' && !staff) {
      await db
        .update(salesQuotes)
        .set({
          views: sql`${salesQuotes.views} + 1`,
          firstViewedAt: sql`coalesce(${salesQuotes.firstViewedAt}, now())`,
        })
        .where(eq(salesQuotes.id, quote.id));
    }

    const { lines, figures } = quote;
    const vehicle = vehicleName(quote);
    return publicPage(
      reply,
      200,
      `Your quote: ${vehicle}`,
      h(
        Fragment,
        null,
        h(
          'p',
          { className: 'muted' },
          [quote.stock && `Stock ${quote.stock}`, quote.vin && `VIN ${quote.vin}`].filter(Boolean).join(' · '),
        ),
        h(
          'table',
          null,
          h(
            'tbody',
            null,
            row('Price', formatMoney(lines.price)),
            ...lines.discounts.filter(discountApplies).map((d) => row(d.name, `−${formatMoney(d.amount)}`)),
            ...lines.incentives.filter((i) => i.applied).map((i) => row(i.name, `−${formatMoney(i.amount)}`)),
            ...lines.addenda.map((a) => row(a.name, formatMoney(a.amount))),
            ...figures.taxes.map((t) => row(`${t.name} (${t.rate}%)`, formatMoney(t.amount))),
            row('Total', formatDollars(figures.total), 'total'),
          ),
        ),
        figures.savings > 0 ? h('p', null, `You save ${formatMoney(figures.savings)}.`) : null,
        h(
          'p',
          null,
          `Estimated payment: ${formatDollars(figures.payment)} a month for ${QUOTE_TERM} months at ${QUOTE_APR.toFixed(1)}% APR, with approved credit and nothing down.`,
        ),
        h(
          'p',
          { className: 'muted' },
          `From ${store.name}${store.street ? `, ${store.street}, ${store.city}, ${store.state}` : ''}. This quote is good until ${formatDate(quote.expiresAt, store.timeZone)}.${call}`,
        ),
      ),
    );
  });
}
