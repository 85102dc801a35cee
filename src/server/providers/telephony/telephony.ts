import type { Db } from '../../db/client';

export interface TextMessage {
  to: string;
  body: string;
  /** A number of ours; without it (and without a messaging service) the configured SMS_FROM. */
  from?: string;
  /** Send through this Twilio messaging service instead of a single number. */
  messagingServiceSid?: string;
}

export interface OutboundCall {
  to: string;
  /** The caller id: a number of ours. */
  from: string;
  /** What the call does once answered. */
  twiml: string;
}

/** A status the caller applies through the same code as the provider's status callbacks. */
export interface StatusEvent {
  status: string;
  at: Date;
  durationSeconds?: number;
  errorCode?: number;
}

export interface SentText {
  sid: string;
  status: string;
  events: StatusEvent[];
}

export interface ProviderCall {
  sid: string;
  direction: 'inbound' | 'outbound';
  from: string;
  to: string;
  status: string;
  startedAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number;
  /** Statuses to apply now (the call just ended, for instance). */
  events: StatusEvent[];
}

export interface ProviderMessage {
  sid: string;
  direction: 'inbound' | 'outbound';
  from: string;
  to: string;
  body: string;
  status: string;
  errorCode: number | null;
  sentAt: Date | null;
}

export interface AvailableNumber {
  phoneNumber: string;
  locality: string;
  region: string;
}

export interface CallQuery {
  status?: string;
  /** Calls to this number only (what a mass call's worker placed before it died). */
  to?: string;
  after?: Date;
  before?: Date;
  limit: number;
}

export interface Clock {
  now(): Date;
}

/**
 * Texts, calls and numbers. `local` records everything in the outbox and simulates the carrier;
 * `twilio` talks to Twilio. Nothing here checks consent or quiet hours: every send goes through
 * `src/server/outreach/send-gate.ts`, which calls these.
 */
export interface TelephonyProvider {
  readonly name: 'local' | 'twilio';
  sendText(db: Db, message: TextMessage): Promise<SentText>;
  /**
   * Several texts in their order (a bulk send's batch): one write for the local driver; the real
   * one sends them one by one, stopping at the first failure (what it sent is answered; the caller
   * learns of the rest from the error).
   */
  sendTexts(db: Db, messages: TextMessage[]): Promise<SentText[]>;
  placeCall(db: Db, call: OutboundCall): Promise<ProviderCall>;
  /** Hangs up a live call; null when the provider does not know it. */
  endCall(db: Db, callSid: string): Promise<ProviderCall | null>;
  /** Connects the other party of a live call to `to` instead, showing `callerId`. */
  transferCall(db: Db, callSid: string, to: string, callerId: string): Promise<ProviderCall | null>;
  searchLocalNumbers(
    db: Db,
    query: { areaCode: string; contains?: string; limit?: number },
  ): Promise<AvailableNumber[]>;
  buyNumber(db: Db, phoneNumber: string, friendlyName: string): Promise<{ sid: string; phoneNumber: string }>;
  releaseNumber(db: Db, sid: string): Promise<void>;
  fetchCall(db: Db, callSid: string): Promise<ProviderCall | null>;
  fetchMessage(db: Db, messageSid: string): Promise<ProviderMessage | null>;
  /** The provider's own list of calls, newest first. */
  listCalls(db: Db, query: CallQuery): Promise<ProviderCall[]>;
  /**
   * Texts the provider has taken to a number since a moment: after a worker died mid-send, what it
   * finds was sent and is not sent again.
   */
  textsSentTo(db: Db, query: { to: string; since: Date }): Promise<ProviderMessage[]>;
  /** Whether the sender's messages-per-second limit applies (a carrier's; the local driver has none). */
  readonly paced: boolean;
}

/** The webhook paths; the Twilio driver points numbers and callbacks at them. */
export const webhookPaths = {
  sms: '/webhooks/twilio/sms',
  messageStatus: '/webhooks/twilio/message-status',
  voice: '/webhooks/twilio/voice',
  voiceAnswered: '/webhooks/twilio/voice-answered',
  callStatus: '/webhooks/twilio/call-status',
} as const;

/** Twilio's directions (`outbound-api`, `outbound-dial`) as ours. */
export function directionOf(value: string | null | undefined): 'inbound' | 'outbound' {
  return value === 'inbound' ? 'inbound' : 'outbound';
}
