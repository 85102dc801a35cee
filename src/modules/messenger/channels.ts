/**
 * How each kind of bulk send reaches its recipients (docs/messenger.md, "Bulk sends"): texts and
 * calls from a store's line through the send gate, list emails through the mail provider. The job
 * (bulk.job.ts) is the same for all three: claim a batch, hand it to the channel, record outcomes.
 */
import { eq, inArray } from 'drizzle-orm';
import { VoiceResponse } from '../../server/providers/telephony/twiml';
import { convert } from 'html-to-text';
import type { Db } from '../../server/db/client';
import type { Services } from '../../server/services';
import { email as emailField } from '../../shared/fields';
import { locations } from '../locations/locations.db';
import {
  findPlacedCall,
  findSentText,
  placeCallBatch,
  sendTextBatch,
  type BatchOutcome,
  type Line,
} from '../../server/outreach/send-gate';
import { bulkSends } from './messenger.db';
import { emailOptOuts } from '../contacts/contacts.db';
import { lineById } from './lines';
import type { BulkKind } from './messenger.contract';
import { unsubscribeUrl } from './unsubscribe';
import { escapeHtml } from '../../shared/html';

export type Send = typeof bulkSends.$inferSelect;

/** What the pace depends on: a line that sends through a messaging service goes faster. */
export interface Paced {
  messagingServiceSid?: string | null;
}

/** What a provider says it took to an address: its id, nothing, or that it cannot tell (a mail server keeps no list to ask). */
export type Taken = { sid: string } | 'not-taken' | 'unknown';

const takenBy = (sid: string | null): Taken => (sid ? { sid } : 'not-taken');

/** What a send goes out from: a store's line for texts and calls, the store's name for a list email. */
export interface Channel<From extends Paced> {
  /** What the send goes out from; it fails the run when that is gone (a line deleted or deactivated). */
  from(db: Db, send: Send): Promise<From>;
  /** Recipients a second (a carrier's or mail server's limit); Infinity with a local driver. */
  pace(services: Services, from: Paced): number;
  /** A batch through the send gate; each recipient's outcome in the order given. */
  send(db: Db, services: Services, send: Send, from: From, addresses: string[]): Promise<BatchOutcome[]>;
  /** What the provider already took to `address` since `since` (a dead worker's), recorded once. */
  find(db: Db, services: Services, send: Send, from: From, address: string, since: Date): Promise<Taken>;
}

async function sendingLine(db: Db, send: Send): Promise<Line> {
  const line = send.phoneId ? await lineById(db, send.phoneId) : null;
  if (!line || !line.active) throw new Error('The line this send goes out on was deleted or deactivated.');
  return line;
}

/** What a mass call says when answered, then hangs up. */
function spokenTwiml(message: string): string {
  const response = new VoiceResponse();
  response.say(message);
  response.hangup();
  return response.toString();
}

const text: Channel<Line> = {
  from: sendingLine,
  pace: (services, line) =>
    !services.telephony.paced
      ? Infinity
      : line.messagingServiceSid
        ? services.config.MESSAGING_SERVICE_TEXTS_PER_SECOND
        : services.config.TEXTS_PER_SECOND,
  send: (db, services, send, line, addresses) =>
    sendTextBatch(db, services, {
      line,
      purpose: 'marketing',
      userId: send.createdBy,
      bulkSendId: send.id,
      texts: addresses.map((to) => ({ to, body: send.body })),
    }),
  find: async (db, services, send, line, to, since) =>
    takenBy(
      await findSentText(db, services, {
        line,
        purpose: 'marketing',
        userId: send.createdBy,
        bulkSendId: send.id,
        to,
        body: send.body,
        since,
      }),
    ),
};

const call: Channel<Line> = {
  from: sendingLine,
  pace: (services) => (services.telephony.paced ? services.config.CALLS_PER_SECOND : Infinity),
  send: (db, services, send, line, addresses) =>
    placeCallBatch(db, services, {
      line,
      purpose: 'marketing',
      userId: send.createdBy,
      bulkSendId: send.id,
      calls: addresses.map((to) => ({ to, twiml: spokenTwiml(send.body) })),
    }),
  find: async (db, services, send, line, to, since) =>
    takenBy(await findPlacedCall(db, services, { line, userId: send.createdBy, bulkSendId: send.id, to, since })),
};

/** The list email as sent: the store's HTML, then why they get it and the unsubscribe link. */
function listEmail(services: Services, send: Send, store: string, to: string) {
  const link = unsubscribeUrl(services.config, to, send.id);
  const html =
    `${send.body}\n<hr>\n<p style="font-size:12px;color:#666">You get this email as a customer of ${escapeHtml(store)}. ` +
    `<a href="${link}">Unsubscribe</a> from our marketing emails.</p>`;
  return {
    to,
    subject: send.subject,
    html,
    text: convert(html, { wordwrap: 100 }),
    // One-click unsubscribe in the mail program (RFC 8058), as the large mailbox providers require of bulk senders.
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

const email: Channel<{ store: string; messagingServiceSid: null }> = {
  async from(db, send) {
    const [store] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, send.locationId));
    return { store: store.name, messagingServiceSid: null };
  },
  pace: (services) => (services.mail.paced ? services.config.EMAILS_PER_SECOND : Infinity),
  async send(db, services, send, { store }, addresses) {
    const unsubscribed = new Set(
      (
        await db.select({ email: emailOptOuts.email }).from(emailOptOuts).where(inArray(emailOptOuts.email, addresses))
      ).map((o) => o.email),
    );
    const outcomes: BatchOutcome[] = [];
    for (const to of addresses) {
      if (!emailField.safeParse(to).success) {
        outcomes.push({
          decision: { allowed: false, code: 'invalid-number', status: 400, reason: `"${to}" is not an email address.` },
        });
      } else if (unsubscribed.has(to)) {
        outcomes.push({
          decision: {
            allowed: false,
            code: 'opted-out',
            status: 409,
            to,
            reason: `${to} unsubscribed from the group's marketing emails.`,
          },
        });
      } else {
        const sent = await services.mail.send(db, listEmail(services, send, store, to));
        outcomes.push({ decision: { allowed: true, to, timeZones: [] }, sid: sent.id });
      }
    }
    return outcomes;
  },
  async find(db, services, send, _from, to, since) {
    const sent = await services.mail.sentTo(db, { to, subject: send.subject, since });
    return sent ? takenBy(sent[0]?.id ?? null) : 'unknown';
  },
};

export const channels: {
  [K in BulkKind]: Channel<K extends 'email' ? { store: string; messagingServiceSid: null } : Line>;
} = { text, call, email };

/** Recipients a second a send of this kind may go out at (for the time left). */
export function pace(services: Services, kind: BulkKind, from: Paced): number {
  return channels[kind].pace(services, from);
}
