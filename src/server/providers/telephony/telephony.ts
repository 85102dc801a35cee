import type { Db } from '../../db/client';
import { outbox } from '../../platform/platform.db';

export interface TextMessage {
  to: string;
  body: string;
  from?: string;
}

/**
 * Texts and calls. The local driver records each one in the outbox; the Twilio driver
 * (phones issue) sends through the vendor. Every customer-facing send will pass the send gate.
 */
export interface TelephonyProvider {
  readonly name: 'local';
  sendText(db: Db, message: TextMessage): Promise<{ sid: string }>;
}

export function localTelephony(defaultFrom: string): TelephonyProvider {
  return {
    name: 'local',
    async sendText(db, message) {
      const [row] = await db
        .insert(outbox)
        .values({ channel: 'sms', to: message.to, from: message.from ?? defaultFrom, body: message.body, status: 'delivered' })
        .returning({ id: outbox.id });
      return { sid: `SMlocal${String(row.id).padStart(26, '0')}` };
    },
  };
}
