import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { outbox } from '../../platform/platform.db';

/** What a carrier is asked to price (seed 001: the insurance start-quote's form fields). */
export interface QuoteRequest {
  /** The carrier's code, as the partner names it (`progressive`, `state-farm`). */
  carrier: string;
  coverage: 'liability' | 'full';
  termMonths: number;
  /** Where the car is garaged. */
  zip: string;
  /** The main driver's date of birth, YYYY-MM-DD. */
  dateOfBirth: string;
  customer: { name: string; email: string; phone: string };
  vehicle: { vin: string; description: string } | null;
  /** The selling store, for the carrier's agent. */
  store: string;
}

/** What the carrier says of a request: still working, a premium for the term, or no quote. */
export type QuoteAnswer =
  | { status: 'pending' }
  | { status: 'quoted'; premiumCents: number }
  | { status: 'declined'; reason: string };

/**
 * Asks carriers for car insurance quotes through the group's insurance partner. A quote is not
 * answered at once: `requestQuote` hands the request over and returns the partner's reference, and
 * `fetchQuote` asks for the answer later (the module's job asks first after `answerAfterSeconds`).
 * `local` records what it would have sent in the outbox (channel `insurance`, shown on the Outbox
 * screen) and answers after a realistic delay with a premium worked out from the request; `http`
 * talks to the partner's REST API. A partner that fails or does not answer throws
 * `AppError.upstream` (502), and nothing is kept.
 */
export interface InsuranceProvider {
  readonly name: 'local' | 'http';
  readonly answerAfterSeconds: number;
  requestQuote(db: Db, request: QuoteRequest): Promise<{ reference: string }>;
  fetchQuote(db: Db, reference: string): Promise<QuoteAnswer>;
}

/** How long carriers usually take to price a car through the partner: the local driver waits as long. */
export const LOCAL_QUOTE_SECONDS = 20;

/** A year of cover in cents before the driver, the place and the carrier are priced in. */
const BASE_CENTS = { liability: 62_000, full: 148_000 } as const;

/** A factor from 0.85 to 1.25 that stays the same for the same text (a carrier's pricing of a ZIP code). */
const spread = (text: string) => 0.85 + (createHash('sha256').update(text).digest().readUInt16BE(0) / 65_535) * 0.4;

/** Years of age on `today`. */
function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/**
 * The local driver's answer, as a carrier's rating would give it: young and older drivers cost more,
 * each carrier prices each ZIP code its own way, a six-month term is half a year's premium. Like a
 * processor's test numbers, ZIP code 99999 is outside every carrier's area (declined) and a driver
 * under 16 cannot be insured.
 */
export function simulatedAnswer(request: QuoteRequest, today: Date): QuoteAnswer {
  const age = ageOn(request.dateOfBirth, today);
  if (age < 16) return { status: 'declined', reason: 'The driver is too young to be insured.' };
  if (request.zip === '99999')
    return { status: 'declined', reason: 'The carrier does not write policies in this ZIP code.' };
  const ageFactor = age < 25 ? 1.6 : age >= 70 ? 1.25 : 1;
  const yearly = BASE_CENTS[request.coverage] * ageFactor * spread(`${request.carrier}:${request.zip}`);
  return { status: 'quoted', premiumCents: Math.round((yearly * request.termMonths) / 12 / 100) * 100 };
}

export function localInsurance(answerAfterSeconds = LOCAL_QUOTE_SECONDS): InsuranceProvider {
  return {
    name: 'local',
    answerAfterSeconds,
    async requestQuote(db, request) {
      const reference = `LQ-${randomBytes(6).toString('hex').toUpperCase()}`;
      await db.insert(outbox).values({
        channel: 'insurance',
        to: request.carrier,
        from: request.store,
        subject: `Quote request for ${request.customer.name}`,
        body: `${request.coverage === 'full' ? 'Full coverage' : 'Liability only'}, ${request.termMonths} months, ZIP ${request.zip}${request.vehicle ? `, ${request.vehicle.description || request.vehicle.vin}` : ''}`,
        status: 'sent',
        sid: reference,
        meta: { request },
      });
      return { reference };
    },
    async fetchQuote(db, reference) {
      const [row] = await db
        .select({
          id: outbox.id,
          meta: outbox.meta,
          status: outbox.status,
          due: sql<boolean>`${outbox.createdAt} <= now() - make_interval(secs => ${answerAfterSeconds})`,
          today: sql<string>`now()`,
        })
        .from(outbox)
        .where(and(eq(outbox.channel, 'insurance'), eq(outbox.sid, reference)));
      if (!row) throw AppError.upstream('The insurance partner does not know this quote.', new Error(reference));
      if (!row.due) return { status: 'pending' };
      const answer = simulatedAnswer((row.meta as { request: QuoteRequest }).request, new Date(row.today));
      await db
        .update(outbox)
        .set({ status: answer.status, meta: sql`${outbox.meta} || ${JSON.stringify({ answer })}::jsonb` })
        .where(eq(outbox.id, row.id));
      return answer;
    },
  };
}

const PARTNER_DOWN = 'The insurance partner did not answer; try again in a few minutes.';

/**
 * The partner's REST API: `POST {url}/quotes` with the request as JSON answers `{ reference }`;
 * `GET {url}/quotes/{reference}` answers `{ status: 'pending' | 'quoted' | 'declined', premiumCents?,
 * reason? }`. The group's key goes as a bearer token.
 */
export function httpInsurance(url: string, apiKey: string, fetcher: typeof fetch = fetch): InsuranceProvider {
  const call = async (path: string, init: RequestInit = {}) => {
    let res: Response;
    try {
      res = await fetcher(`${url.replace(/\/$/, '')}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw AppError.upstream(PARTNER_DOWN, error);
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok || !body) throw AppError.upstream(PARTNER_DOWN, new Error(`insurance partner answered ${res.status}`));
    return body;
  };
  return {
    name: 'http',
    answerAfterSeconds: 10,
    async requestQuote(_db, request) {
      const body = await call('/quotes', { method: 'POST', body: JSON.stringify(request) });
      if (typeof body.reference !== 'string' || !body.reference) {
        throw AppError.upstream(PARTNER_DOWN, new Error('insurance partner gave no reference'));
      }
      return { reference: body.reference };
    },
    async fetchQuote(_db, reference) {
      const body = await call(`/quotes/${encodeURIComponent(reference)}`);
      if (body.status === 'quoted' && Number.isInteger(body.premiumCents) && (body.premiumCents as number) > 0) {
        return { status: 'quoted', premiumCents: body.premiumCents as number };
      }
      if (body.status === 'declined') {
        return { status: 'declined', reason: typeof body.reason === 'string' ? body.reason : 'The carrier declined.' };
      }
      if (body.status === 'pending') return { status: 'pending' };
      throw AppError.upstream(PARTNER_DOWN, new Error(`insurance partner answered status ${String(body.status)}`));
    },
  };
}
