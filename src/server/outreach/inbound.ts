/**
 * Inbound texts, for the modules that act on them (the messenger's autopilot). The phones module's
 * webhook records each text, answers its keyword (STOP, START, HELP) and hands every other text to
 * the listeners registered here, so it depends on none of them.
 */
import type { Db } from '../db/client';

/** An inbound text as recorded. */
export interface InboundText {
  messageId: number;
  from: string;
  to: string;
  body: string;
  locationId: number | null;
  phoneId: number | null;
}

/** Called in the webhook's transaction for each new inbound text that is not a keyword. */
export const inboundTextListeners: ((db: Db, text: InboundText) => Promise<void>)[] = [];
