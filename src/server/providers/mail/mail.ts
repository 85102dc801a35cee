import type nodemailer from 'nodemailer';
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whenUsed } from '../../platform/when-used';
import { outbox } from '../../platform/platform.db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (a list email's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** Sends email. `local` records it in the outbox; `smtp` hands it to a mail server with nodemailer. */
export interface MailProvider {
  readonly name: 'local' | 'smtp';
  send(db: Db, message: MailMessage): Promise<{ id: string }>;
  /**
   * Emails with this subject the provider took for `to` since a moment (what a list email's worker
   * that died had sent), or null when the provider cannot tell: a mail server keeps no list to ask.
   */
  sentTo(db: Db, query: { to: string; subject: string; since: Date }): Promise<{ id: string }[] | null>;
  /** Whether a sender's pace applies (a mail server's; the local driver has none). */
  readonly paced: boolean;
}

export function localMail(from: string): MailProvider {
  return {
    name: 'local',
    async send(db, message) {
      const [row] = await db
        .insert(outbox)
        .values({
          channel: 'email',
          to: message.to,
          from,
          subject: message.subject,
          body: message.text,
          meta: {
            ...(message.html ? { html: message.html } : {}),
            ...(message.headers ? { headers: message.headers } : {}),
          },
        })
        .returning({ id: outbox.id });
      return { id: `local-${row.id}` };
    },
    async sentTo(db, query) {
      const rows = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.channel, 'email'),
            eq(outbox.to, query.to),
            eq(outbox.subject, query.subject),
            gte(outbox.createdAt, query.since),
          ),
        );
      return rows.map((row) => ({ id: `local-${row.id}` }));
    },
    paced: false,
  };
}

/**
 * How long a mail server may take, in milliseconds: to connect, to greet, and to answer each command.
 * nodemailer's own defaults (2 minutes, 30 s, 10 minutes) let a server that accepts and then says
 * nothing hold a bulk send, its batch's transaction and every Cancel behind it for ten minutes.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function smtpMail(url: string, from: string, timeouts = SMTP_TIMEOUTS): MailProvider {
  const transport = whenUsed<typeof nodemailer>('nodemailer')().createTransport({ url, ...timeouts });
  return {
    name: 'smtp',
    async send(_db, message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      return { id: info.messageId };
    },
    sentTo: async () => null,
    paced: true,
  };
}
