/**
 * The unsubscribe link of every list email (docs/messenger.md, "List emails"). The link carries the
 * address and the send, signed with the server's secret: nothing is stored per link, and a link
 * cannot be made for another address. Opening it asks first (a mail scanner that follows links
 * unsubscribes nobody); the button, or a mail program's one-click POST (RFC 8058), records it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement as h } from 'react';
import { publicPage as page } from '../../server/platform/public-page';
import type { Services } from '../../server/services';
import type { Config } from '../../server/config';
import { publicAddress } from '../../shared/address';
import { emailOptOuts } from '../contacts/contacts.db';

const UNSUBSCRIBE_PATH = '/unsubscribe';

const signature = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

/** `<address>.<send>.<signature>`, the address in base64url. */
function unsubscribeToken(secret: string, email: string, sendId: number): string {
  const payload = `${Buffer.from(email.toLowerCase()).toString('base64url')}.${sendId}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The address and send a token was made for, or null when it was not made here (or was altered). */
function readUnsubscribeToken(secret: string, token: string): { email: string; sendId: number } | null {
  const match = /^([A-Za-z0-9_-]+)\.(\d+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return null;
  const [, address, send, given] = match;
  const expected = Buffer.from(signature(secret, `${address}.${send}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { email: Buffer.from(address, 'base64url').toString(), sendId: Number(send) };
}

export function unsubscribeUrl(
  config: Pick<Config, 'PUBLIC_URL' | 'SESSION_SECRET'>,
  email: string,
  sendId: number,
): string {
  return publicAddress(
    config.PUBLIC_URL,
    `${UNSUBSCRIBE_PATH}?t=${unsubscribeToken(config.SESSION_SECRET, email, sendId)}`,
  );
}

export async function registerUnsubscribe(app: FastifyInstance, services: Services) {
  const tokenOf = (request: FastifyRequest) => {
    const query = request.query as { t?: unknown };
    const body = (request.body ?? {}) as { t?: unknown };
    const token = typeof query.t === 'string' ? query.t : typeof body.t === 'string' ? body.t : '';
    return readUnsubscribeToken(services.config.SESSION_SECRET, token);
  };
  const invalid = (reply: FastifyReply) =>
    page(
      reply,
      400,
      'This link does not work',
      h(
        'p',
        null,
        'The unsubscribe link is incomplete or was changed. Open it again from the email, or reply to the email and ask to be taken off the list.',
      ),
    );

  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    const found = tokenOf(request);
    if (!found) return invalid(reply);
    const token = (request.query as { t: string }).t;
    return page(
      reply,
      200,
      'Unsubscribe from our emails?',
      h(
        'form',
        { method: 'post', action: `${UNSUBSCRIBE_PATH}?t=${token}` },
        h('p', null, `${found.email} will get no more marketing emails from the group's stores.`),
        h('button', { type: 'submit' }, 'Unsubscribe'),
      ),
    );
  });

  // The button above, and mail programs' one-click unsubscribe (a POST of List-Unsubscribe=One-Click).
  app.post(UNSUBSCRIBE_PATH, async (request, reply) => {
    const found = tokenOf(request);
    if (!found) return invalid(reply);
    await services.database.db
      .insert(emailOptOuts)
      .values({ email: found.email, sendId: found.sendId })
      .onConflictDoNothing();
    return page(
      reply,
      200,
      'You are unsubscribed',
      h('p', null, `${found.email} will get no more marketing emails from us.`),
    );
  });
}
