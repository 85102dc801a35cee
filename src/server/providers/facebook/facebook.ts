import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { outbox } from '../../platform/platform.db';

/**
 * A lead from a buyer who wrote about a vehicle the store lists on the social marketplace, sent on
 * as a conversion event (docs/sales.md, "Marketplace leads"). Names, phone and email go out hashed,
 * as the Conversions API asks.
 */
export interface MarketplaceLead {
  /** Ours, unique: the platform drops a second event with the same id. */
  eventId: string;
  at: Date;
  store: { code: string; name: string };
  vehicle: { stock: string; listing: string; description: string };
  buyer: { firstName: string; lastName: string; phone: string | null; email: string };
  message: string;
}

/**
 * The social platform. `local` records what it would have sent in the outbox (the Outbox screen shows
 * it, kind Lead); `graph` posts it to the Graph API's Conversions endpoint of the group's pixel. The
 * marketing modules will add their ad reports here.
 */
export interface FacebookProvider {
  readonly name: 'local' | 'graph';
  sendLead(db: Db, lead: MarketplaceLead): Promise<{ reference: string }>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Normalized as the Conversions API asks before hashing: trimmed, lower case; a phone as digits with its country code. */
const hashed = (value: string | null | undefined, kind: 'text' | 'phone' = 'text') => {
  const normal = kind === 'phone' ? (value ?? '').replace(/\D/g, '') : (value ?? '').trim().toLowerCase();
  return normal ? [sha256(normal)] : undefined;
};

/** The event as the Conversions API takes it (what both drivers work from). */
function leadEvent(lead: MarketplaceLead, pageId?: string) {
  return {
    event_name: 'Lead',
    event_time: Math.floor(lead.at.getTime() / 1000),
    event_id: lead.eventId,
    action_source: 'system_generated',
    user_data: {
      ph: hashed(lead.buyer.phone, 'phone'),
      em: hashed(lead.buyer.email),
      fn: hashed(lead.buyer.firstName),
      ln: hashed(lead.buyer.lastName),
      ...(pageId ? { page_id: pageId } : {}),
    },
    custom_data: {
      lead_event_source: 'Forecourt',
      event_source: 'marketplace',
      store: lead.store.code,
      content_name: lead.vehicle.description,
      stock_number: lead.vehicle.stock || undefined,
      listing: lead.vehicle.listing || undefined,
    },
  };
}

export const newEventId = () => randomUUID();

/** The lead in words, as the Outbox shows it: what staff read to check what went out. */
function describeLead(lead: MarketplaceLead): string {
  const buyer = [`${lead.buyer.firstName} ${lead.buyer.lastName}`.trim(), lead.buyer.phone, lead.buyer.email]
    .filter(Boolean)
    .join(' · ');
  const vehicle = [
    lead.vehicle.description,
    lead.vehicle.stock && `stock ${lead.vehicle.stock}`,
    lead.vehicle.listing && `listing ${lead.vehicle.listing}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return `Buyer: ${buyer}\nVehicle: ${vehicle}\nStore: ${lead.store.name}\n\n${lead.message}`;
}

export function localFacebook(pixelId = 'local'): FacebookProvider {
  return {
    name: 'local',
    async sendLead(db, lead) {
      const [row] = await db
        .insert(outbox)
        .values({
          channel: 'lead',
          to: `Facebook pixel ${pixelId}`,
          from: lead.store.name,
          subject: `Marketplace lead: ${lead.vehicle.description}`,
          body: describeLead(lead),
          meta: { event: leadEvent(lead) },
        })
        .returning({ id: outbox.id });
      return { reference: `local-${row.id}` };
    },
  };
}

const PLATFORM_DOWN = 'Facebook did not take the lead; try again in a few minutes.';

export interface GraphSettings {
  /** Such as https://graph.facebook.com/v21.0. */
  graphUrl: string;
  pixelId: string;
  accessToken: string;
  pageId?: string;
}

export function graphFacebook(settings: GraphSettings, fetcher: typeof fetch = fetch): FacebookProvider {
  return {
    name: 'graph',
    async sendLead(_db, lead) {
      let res: Response;
      try {
        // The token travels in the body, never in the address (which proxies and logs keep).
        res = await fetcher(`${settings.graphUrl.replace(/\/$/, '')}/${encodeURIComponent(settings.pixelId)}/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: [leadEvent(lead, settings.pageId)], access_token: settings.accessToken }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw AppError.upstream(PLATFORM_DOWN, error);
      }
      const reply = (await res.json().catch(() => null)) as {
        events_received?: unknown;
        fbtrace_id?: unknown;
        error?: { message?: unknown };
      } | null;
      if (!res.ok || reply?.events_received !== 1) {
        // The platform's own words go to the cause (for whoever investigates), never the token.
        throw AppError.upstream(
          PLATFORM_DOWN,
          new Error(`Graph API answered ${res.status}: ${String(reply?.error?.message ?? 'no events received')}`),
        );
      }
      return { reference: String(reply.fbtrace_id ?? lead.eventId) };
    },
  };
}
