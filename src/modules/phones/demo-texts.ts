import type { messages, phones } from './phones.db';

/** One text of a demo exchange: from the customer (inbound) or the store, its words and when. */
export interface DemoText {
  inbound: boolean;
  body: string;
  at: Date;
}

/**
 * A demo conversation's texts as the `messages` table keeps them: the customer's received, the
 * store's delivered and sent by `agentId`. `sid(i)` names each text as the carrier would.
 */
export const demoTextRows = (
  line: Pick<typeof phones.$inferSelect, 'id' | 'locationId' | 'phoneNumber'>,
  customerPhone: string,
  agentId: number | null,
  texts: DemoText[],
  sid: (i: number) => string,
): (typeof messages.$inferInsert)[] =>
  texts.map(({ inbound, body, at }, i) => ({
    messageSid: sid(i),
    phoneId: line.id,
    locationId: line.locationId,
    direction: inbound ? 'inbound' : 'outbound',
    purpose: inbound ? 'inbound' : 'transactional',
    from: inbound ? customerPhone : line.phoneNumber,
    to: inbound ? line.phoneNumber : customerPhone,
    body,
    status: inbound ? 'received' : 'delivered',
    userId: inbound ? null : agentId,
    createdAt: at,
    statusAt: at,
    updatedAt: at,
  }));
