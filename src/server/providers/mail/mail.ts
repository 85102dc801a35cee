import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outbox } from '../../platform/platform.db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends email. `local` records it in the outbox; `smtp` hands it to a mail server with nodemailer. */
export interface MailProvider {
  readonly name: 'local' | 'smtp';
  send(db: Db, message: MailMessage): Promise<{ id: string }>;
}

export function localMail(from: string): MailProvider {
  return {
    name: 'local',
    async send(db, message) {
      const [row] = await db
        .insert(outbox)
        .values({ channel: 'email', to: message.to, from, subject: message.subject, body: message.text, meta: message.html ? { html: message.html } : {} })
        .returning({ id: outbox.id });
      return { id: `local-${row.id}` };
    },
  };
}

export function smtpMail(url: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(_db, message) {
      const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      return { id: info.messageId };
    },
  };
}
