/**
 * What the send gate keeps: the opt-out list it reads and writes, and the log of the texts and calls
 * it sends. The tables belong to the phones module (phones.db.ts: `messages`, `calls`, `optOuts`, each
 * tied to the line it went through), which registers this log when it is declared; the gate decides,
 * the log records, so the platform imports no module.
 */
import type { Db } from '../db/client';
import type { ProviderCall } from '../providers/telephony/telephony';

/**
 * Why a text or call goes out. Marketing (mass texts and calls, offers) is held to 8:00–21:00 in the
 * recipient's time zone; transactional (sign-in codes, replies, quotes the customer asked for) is not.
 */
export type SendPurpose = 'transactional' | 'marketing';

export type Applied = 'applied' | 'unchanged' | 'unknown';

/** The line a text or call goes out on. */
export interface Line {
  id: number;
  phoneNumber: string;
  locationId: number;
  messagingServiceSid?: string | null;
  active?: boolean;
}

export interface OptOut {
  phoneNumber: string;
  keyword: string;
  createdAt: Date;
}

export interface SentRecord {
  sid: string;
  to: string;
  body: string;
  status: string;
  at: Date;
}
export type PlacedRecord = Pick<ProviderCall, 'sid' | 'status'> & { to: string; at: Date };

export interface MessageStatusUpdate {
  sid: string;
  status: string;
  at: Date;
  errorCode?: number | null;
}

export interface CallStatusUpdate {
  sid: string;
  status?: string;
  at: Date;
  durationSeconds?: number;
  recordingUrl?: string;
}

/** Who sends: the line, why, the person asking (none for the system's own sends) and the bulk send it is part of. */
export interface Sender {
  line: Line;
  purpose: SendPurpose;
  userId?: number | null;
  /** The bulk send the texts or calls go out in, recorded on each. */
  bulkSendId?: number;
}

export interface OutreachLog {
  /** The opt-outs among these numbers (E.164). */
  optOuts(db: Db, numbers: string[]): Promise<OptOut[]>;
  /** Records an opt-out; false when the number had already opted out. */
  recordOptOut(
    db: Db,
    values: {
      phoneNumber: string;
      keyword: string;
      source: 'keyword' | 'staff';
      phoneId?: number | null;
      locationId?: number | null;
      at: Date;
    },
  ): Promise<boolean>;
  /** Lifts an opt-out; false when the number had not opted out. */
  removeOptOut(db: Db, phoneNumber: string): Promise<boolean>;
  /** Records texts the provider took, in one insert, answering the new rows' ids; one recorded before is left as it is. */
  recordTexts(
    db: Db,
    sent: SentRecord[],
    from: Omit<Sender, 'line'> & { line: Line | null; fromNumber: string },
  ): Promise<{ id: number }[]>;
  /** Records calls the provider placed, in one insert, answering the new rows' ids; one recorded before is left as it is. */
  recordCalls(
    db: Db,
    placed: PlacedRecord[],
    from: Omit<Sender, 'purpose'> & { fromNumber: string },
  ): Promise<{ id: number }[]>;
  applyMessageStatus(db: Db, update: MessageStatusUpdate): Promise<Applied>;
  applyCallStatus(db: Db, update: CallStatusUpdate): Promise<Applied>;
  /** The status a recorded text or call has now. */
  messageStatus(db: Db, messageId: number): Promise<string>;
  callStatus(db: Db, callId: number): Promise<string>;
}

let registered: OutreachLog | null = null;

/** The phones module's declaration registers its log here. */
export function registerOutreachLog(log: OutreachLog) {
  registered = log;
}

export function outreachLog(): OutreachLog {
  if (!registered)
    throw new Error('No outreach log is registered: src/server/modules.ts declares the phones module, which keeps it.');
  return registered;
}
