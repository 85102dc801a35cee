import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../platform/platform.db';
import { toE164 } from '../../platform/phone';
import type {
  AvailableNumber,
  Clock,
  ProviderCall,
  ProviderMessage,
  SentText,
  StatusEvent,
  TelephonyProvider,
  TextMessage,
} from './telephony';

/** A Twilio-shaped id: two letters and 32 hex digits. */
export const localSid = (prefix: 'SM' | 'CA' | 'PN') => `${prefix}${randomBytes(16).toString('hex')}`;

/**
 * Twilio's test numbers keep their meaning here, so failures can be tried offline:
 * +15005550009 cannot receive texts (undelivered, 30006) and does not answer calls.
 */
export const UNREACHABLE_NUMBER = '+15005550009';

const seconds = (from: Date, s: number) => new Date(from.getTime() + s * 1000);

/**
 * How long a call that only speaks lasts (about 2.5 words a second, at least a second), or null when
 * its TwiML does more (dials, gathers, records): those calls stay live until someone ends them.
 */
function spokenSeconds(twiml: string): number | null {
  if (/<(Dial|Gather|Record|Connect|Enqueue|Redirect)\b/.test(twiml)) return null;
  const words = twiml
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return words ? Math.max(1, Math.ceil(words / 2.5)) : null;
}

interface OutboxMeta {
  events?: { status: string; at: string; durationSeconds?: number; errorCode?: number }[];
  transferredTo?: string;
  [key: string]: unknown;
}

type OutboxRow = typeof outbox.$inferSelect;

const toEvents = (meta: OutboxMeta): StatusEvent[] =>
  (meta.events ?? []).map((e) => ({
    status: e.status,
    at: new Date(e.at),
    durationSeconds: e.durationSeconds,
    errorCode: e.errorCode,
  }));
const fromEvents = (events: StatusEvent[]) =>
  events.map((e) => ({
    status: e.status,
    at: e.at.toISOString(),
    ...(e.durationSeconds !== undefined ? { durationSeconds: e.durationSeconds } : {}),
    ...(e.errorCode ? { errorCode: e.errorCode } : {}),
  }));

function callOf(row: OutboxRow, events: StatusEvent[] = []): ProviderCall {
  const history = toEvents(row.meta as OutboxMeta);
  const answered = history.find((e) => e.status === 'in-progress');
  const ended = history.find((e) => ['completed', 'busy', 'failed', 'no-answer', 'canceled'].includes(e.status));
  return {
    sid: row.sid!,
    direction: row.direction,
    from: row.from,
    to: row.to,
    status: row.status,
    startedAt: history[0]?.at ?? row.createdAt,
    endedAt: ended?.at ?? null,
    durationSeconds:
      ended?.durationSeconds ??
      (answered && ended ? Math.round((ended.at.getTime() - answered.at.getTime()) / 1000) : 0),
    events,
  };
}

/** Appends status events to an outbox row and makes the last one its status. */
export async function recordLocalEvents(
  db: Db,
  row: OutboxRow,
  events: StatusEvent[],
  extra: Partial<OutboxMeta> = {},
) {
  const meta = row.meta as OutboxMeta;
  const next: OutboxMeta = { ...meta, ...extra, events: [...(meta.events ?? []), ...fromEvents(events)] };
  const status = events.at(-1)?.status ?? row.status;
  const [updated] = await db.update(outbox).set({ status, meta: next }).where(eq(outbox.id, row.id)).returning();
  return updated;
}

export async function findLocal(db: Db, channel: 'sms' | 'call', sid: string): Promise<OutboxRow | null> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.sid, sid), eq(outbox.channel, channel)))
    .limit(1);
  return row ?? null;
}

/** Letters on a phone keypad, for `contains` searches such as 555CARS. */
function keypadDigits(pattern: string): string {
  const pad: Record<string, string> = {
    A: '2',
    B: '2',
    C: '2',
    D: '3',
    E: '3',
    F: '3',
    G: '4',
    H: '4',
    I: '4',
    J: '5',
    K: '5',
    L: '5',
    M: '6',
    N: '6',
    O: '6',
    P: '7',
    Q: '7',
    R: '7',
    S: '7',
    T: '8',
    U: '8',
    V: '8',
    W: '9',
    X: '9',
    Y: '9',
    Z: '9',
  };
  return pattern.toUpperCase().replace(/[A-Z]/g, (c) => pad[c]);
}

/**
 * The offline driver. Texts and calls land in the outbox with their simulated carrier statuses
 * (timestamps from the clock, so tests are exact): a text goes queued → sent → delivered within two
 * seconds; a call rings and is answered after five seconds, and stays live until it is ended.
 */
export function localTelephony(options: { defaultFrom: string; clock: Clock }): TelephonyProvider {
  const { clock } = options;
  /** Texts land in the outbox in one write, each with the carrier's statuses it would go through. */
  async function sendTexts(db: Db, list: TextMessage[]): Promise<SentText[]> {
    const t0 = clock.now();
    const sent = list.map((message) => {
      const unreachable = message.to === UNREACHABLE_NUMBER;
      const events: StatusEvent[] = [
        { status: 'queued', at: t0 },
        { status: 'sent', at: seconds(t0, 1) },
        unreachable
          ? { status: 'undelivered', at: seconds(t0, 2), errorCode: 30006 }
          : { status: 'delivered', at: seconds(t0, 2) },
      ];
      return { sid: localSid('SM'), status: 'queued', events, message };
    });
    if (sent.length) {
      await db.insert(outbox).values(
        sent.map(({ sid, events, message }) => ({
          channel: 'sms' as const,
          sid,
          to: message.to,
          from: message.from ?? message.messagingServiceSid ?? options.defaultFrom,
          body: message.body,
          status: events.at(-1)!.status,
          meta: { events: fromEvents(events) },
          createdAt: t0,
        })),
      );
    }
    return sent.map(({ sid, status, events }) => ({ sid, status, events }));
  }

  return {
    name: 'local',
    paced: false,

    async sendText(db, message) {
      return (await sendTexts(db, [message]))[0];
    },

    sendTexts,

    async placeCall(db, call) {
      const t0 = clock.now();
      const rung: StatusEvent[] = [
        { status: 'queued', at: t0 },
        { status: 'ringing', at: seconds(t0, 1) },
      ];
      const spoken = spokenSeconds(call.twiml);
      const events: StatusEvent[] =
        call.to === UNREACHABLE_NUMBER
          ? [...rung, { status: 'no-answer', at: seconds(t0, 31), durationSeconds: 0 }]
          : spoken !== null
            ? // A call that only speaks (a mass call's message) hangs up once it has been said.
              [
                ...rung,
                { status: 'in-progress', at: seconds(t0, 5) },
                { status: 'completed', at: seconds(t0, 5 + spoken), durationSeconds: spoken },
              ]
            : [...rung, { status: 'in-progress', at: seconds(t0, 5) }];
      const sid = localSid('CA');
      const [row] = await db
        .insert(outbox)
        .values({
          channel: 'call',
          sid,
          to: call.to,
          from: call.from,
          body: call.twiml,
          status: events.at(-1)!.status,
          meta: { events: fromEvents(events) },
          createdAt: t0,
        })
        .returning();
      return { ...callOf(row, events), status: 'queued' };
    },

    async endCall(db, callSid) {
      const row = await findLocal(db, 'call', callSid);
      if (!row) return null;
      if (!['queued', 'ringing', 'in-progress'].includes(row.status)) return callOf(row);
      const at = clock.now();
      const answered = toEvents(row.meta as OutboxMeta).find((e) => e.status === 'in-progress');
      const event: StatusEvent = answered
        ? {
            status: 'completed',
            at,
            durationSeconds: Math.max(0, Math.round((at.getTime() - answered.at.getTime()) / 1000)),
          }
        : { status: 'canceled', at, durationSeconds: 0 };
      return callOf(await recordLocalEvents(db, row, [event]), [event]);
    },

    async transferCall(db, callSid, to) {
      const row = await findLocal(db, 'call', callSid);
      if (!row) return null;
      return callOf(await recordLocalEvents(db, row, [], { transferredTo: to }));
    },

    async searchLocalNumbers(_db, query) {
      const wanted = query.contains ? keypadDigits(query.contains) : '';
      const pattern = wanted ? new RegExp(wanted.replace(/\*/g, '\\d')) : null;
      const found: AvailableNumber[] = [];
      // 555-0100 to 555-0199 are set aside for fiction in every area code: plausible, and nobody's.
      for (let n = 100; n < 200 && found.length < (query.limit ?? 20); n += 1) {
        const phoneNumber = toE164(`+1${query.areaCode}5550${n}`);
        if (!phoneNumber || (pattern && !pattern.test(phoneNumber.slice(2)))) continue;
        found.push({ phoneNumber, locality: '', region: '' });
      }
      return found;
    },

    async buyNumber(_db, phoneNumber) {
      // The local driver has no account to buy from: the number is simply given an id.
      return { sid: localSid('PN'), phoneNumber };
    },

    async releaseNumber() {
      // Nothing was bought, so nothing is given back.
    },

    async fetchCall(db, callSid) {
      const row = await findLocal(db, 'call', callSid);
      return row ? callOf(row) : null;
    },

    async fetchMessage(db, messageSid): Promise<ProviderMessage | null> {
      const row = await findLocal(db, 'sms', messageSid);
      if (!row) return null;
      const events = toEvents(row.meta as OutboxMeta);
      return {
        sid: row.sid!,
        direction: row.direction,
        from: row.from,
        to: row.to,
        body: row.body,
        status: row.status,
        errorCode: events.find((e) => e.errorCode)?.errorCode ?? null,
        sentAt: events.find((e) => e.status === 'sent')?.at ?? null,
      };
    },

    async textsSentTo(db, query) {
      const rows = await db
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.channel, 'sms'),
            eq(outbox.direction, 'outbound'),
            eq(outbox.to, query.to),
            gte(outbox.createdAt, query.since),
            sql`${outbox.sid} is not null`,
          ),
        );
      return rows.map((row) => ({
        sid: row.sid!,
        direction: 'outbound' as const,
        from: row.from,
        to: row.to,
        body: row.body,
        status: row.status,
        errorCode: null,
        sentAt: row.createdAt,
      }));
    },

    async listCalls(db, query) {
      const where: SQL[] = [eq(outbox.channel, 'call'), sql`${outbox.sid} is not null`];
      if (query.status) where.push(eq(outbox.status, query.status));
      if (query.to) where.push(eq(outbox.to, query.to));
      if (query.after) where.push(gte(outbox.createdAt, query.after));
      if (query.before) where.push(lt(outbox.createdAt, query.before));
      const rows = await db
        .select()
        .from(outbox)
        .where(and(...where))
        .orderBy(desc(outbox.id))
        .limit(query.limit);
      return rows.map((row) => callOf(row));
    },
  };
}
