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
  /** A store's ads, one row per ad and day from `since` to `until` (YYYY-MM-DD, both included). */
  adInsights(store: { code: string; name: string; url: string }, since: string, until: string): Promise<AdInsight[]>;
  /** Creates a paused ad for a store's offer (docs/marketing-plans.md): marketing reviews and starts it in Ads Manager. */
  createAd(db: Db, ad: AdDraft): Promise<{ reference: string }>;
}

/** A link ad made from a marketing plan's vehicle or coupon. */
export interface AdDraft {
  store: { code: string; name: string };
  /** Our name for it in Ads Manager ("ABG · 2026 Toyota RAV4"). */
  name: string;
  headline: string;
  message: string;
  link: string;
  image: string | null;
  /** Whole dollars a day. */
  dailyBudget: number;
}

/** The ad creative as the Marketing API takes it (what both drivers work from). */
function adCreative(ad: AdDraft, pageId?: string) {
  return {
    name: ad.name,
    object_story_spec: {
      ...(pageId ? { page_id: pageId } : {}),
      link_data: { link: ad.link, message: ad.message, name: ad.headline, ...(ad.image ? { picture: ad.image } : {}) },
    },
  };
}

/** One ad's results on one day (seed 001: the Facebook ad conversion), money in cents. */
export interface AdInsight {
  adId: string;
  day: string;
  campaignName: string;
  adSetName: string;
  adName: string;
  campaignLifetimeBudgetCents: number;
  creativeName: string;
  creativeMessage: string;
  creativeImageUrl: string;
  creativeLinkUrl: string;
  spendCents: number;
  impressions: number;
  clicks: number;
  conversions: number;
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

/** A number from 0 to 1 that stays the same for the same text. */
const unit = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0) / 0xffff_ffff;
const LOCAL_ADS = [
  {
    campaign: 'Service specials',
    adSet: 'Service customers 10 mi',
    ad: 'Oil change special',
    path: '/service/oil-change',
  },
  { campaign: 'Service specials', adSet: 'Service customers 10 mi', ad: 'Brake inspection', path: '/service/brakes' },
  { campaign: 'New inventory', adSet: 'In-market SUV shoppers', ad: 'SUVs in stock', path: '/new-inventory' },
  { campaign: 'New inventory', adSet: 'Lookalike buyers', ad: 'Trade-in offer', path: '/value-your-trade' },
];

/**
 * The local driver's ads: four ads a store every day, with figures that stay the same for the same
 * store, ad and day (the numbers a small store's campaigns earn).
 */
export function localAdInsights(store: { code: string; name: string; url: string }, since: string, until: string) {
  const rows: AdInsight[] = [];
  for (let t = Date.parse(`${since}T00:00:00Z`); t <= Date.parse(`${until}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    LOCAL_ADS.forEach((a, n) => {
      const key = `${store.code}:${n}:${day}`;
      const impressions = 400 + Math.floor(unit(`${key}:i`) * 2_600);
      const clicks = Math.floor(impressions * (0.005 + unit(`${key}:c`) * 0.025));
      rows.push({
        adId: `local-${store.code}-${n + 1}`,
        day,
        campaignName: `${store.code} ${a.campaign}`,
        adSetName: a.adSet,
        adName: a.ad,
        campaignLifetimeBudgetCents: a.campaign === 'New inventory' ? 300_000 : 150_000,
        creativeName: `${a.ad} creative`,
        creativeMessage: `${a.ad} at ${store.name}.`,
        creativeImageUrl: `${store.url}/images/ads/${n + 1}.jpg`,
        creativeLinkUrl: `${store.url}${a.path}`,
        spendCents: 500 + Math.floor(unit(`${key}:s`) * 4_500),
        impressions,
        clicks,
        conversions: Math.floor(clicks * unit(`${key}:v`) * 0.2),
      });
    });
  }
  return rows;
}

export function localFacebook(pixelId = 'local'): FacebookProvider {
  return {
    name: 'local',
    async adInsights(store, since, until) {
      return localAdInsights(store, since, until);
    },
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
    async createAd(db, ad) {
      // The outbox has no kind of its own for ads yet: it shows them among the platform's records (kind Lead).
      const [row] = await db
        .insert(outbox)
        .values({
          channel: 'lead',
          to: `Facebook ad account ${pixelId}`,
          from: ad.store.name,
          subject: `Facebook ad (paused): ${ad.headline}`,
          body: `${ad.message}\n\nLink: ${ad.link}\nDaily budget: $${ad.dailyBudget}`,
          meta: { ad: adCreative(ad), dailyBudget: ad.dailyBudget },
        })
        .returning({ id: outbox.id });
      return { reference: `local-ad-${row.id}` };
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
  /** The group's ad account (digits, `act_` is added): the ad report reads its insights, plans create ads in it. */
  adAccountId?: string;
}

const ADS_DOWN = 'Facebook did not take the ad; try again in a few minutes.';

export function graphFacebook(settings: GraphSettings, fetcher: typeof fetch = fetch): FacebookProvider {
  return {
    name: 'graph',
    adInsights: (store, since, until) => graphAdInsights(settings, fetcher, store, since, until),
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
    async createAd(_db, ad) {
      if (!settings.adAccountId)
        throw AppError.upstream('Facebook ads are not set up: FACEBOOK_AD_ACCOUNT_ID is missing.');
      let res: Response;
      try {
        res = await fetcher(
          `${settings.graphUrl.replace(/\/$/, '')}/act_${encodeURIComponent(settings.adAccountId)}/adcreatives`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...adCreative(ad, settings.pageId), access_token: settings.accessToken }),
            signal: AbortSignal.timeout(15_000),
          },
        );
      } catch (error) {
        throw AppError.upstream(ADS_DOWN, error);
      }
      const reply = (await res.json().catch(() => null)) as { id?: unknown; error?: { message?: unknown } } | null;
      if (!res.ok || typeof reply?.id !== 'string') {
        throw AppError.upstream(
          ADS_DOWN,
          new Error(`Graph API answered ${res.status}: ${String(reply?.error?.message ?? 'no id')}`),
        );
      }
      return { reference: reply.id };
    },
  };
}

const INSIGHTS_DOWN = 'Facebook did not send the ad results; try again in a few minutes.';
type GraphInsight = Record<string, string | { action_type: string; value: string }[] | undefined>;

type GraphAd = {
  creative?: { name?: string; body?: string; image_url?: string; link_url?: string; object_story_spec?: GraphStory };
  campaign?: { lifetime_budget?: string };
};
type GraphStory = { link_data?: { link?: string; message?: string; picture?: string } };

const keptUrl = (url: string | undefined) => (url && url.length <= 500 ? url : '');

/** Ids the Graph API takes in one `?ids=` read. */
const IDS_PER_READ = 50;

/**
 * The ads' creatives and their campaigns' lifetime budgets (in cents, as the Graph API gives budgets),
 * which the insights edge does not carry: read by id, 50 ads at a time.
 */
async function graphAdDetails(settings: GraphSettings, fetcher: typeof fetch, adIds: string[]) {
  const found = new Map<string, GraphAd>();
  for (let i = 0; i < adIds.length; i += IDS_PER_READ) {
    const query = new URLSearchParams({
      ids: adIds.slice(i, i + IDS_PER_READ).join(','),
      fields: 'creative{name,body,image_url,link_url,object_story_spec},campaign{lifetime_budget}',
    });
    let res: Response;
    try {
      res = await fetcher(`${settings.graphUrl.replace(/\/$/, '')}/?${query}`, {
        headers: { authorization: `Bearer ${settings.accessToken}` },
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw AppError.upstream(INSIGHTS_DOWN, error);
    }
    const reply = (await res.json().catch(() => null)) as Record<string, GraphAd> | null;
    if (!res.ok || !reply || typeof reply !== 'object')
      throw AppError.upstream(INSIGHTS_DOWN, new Error(`Graph API answered ${res.status}`));
    for (const [id, ad] of Object.entries(reply)) found.set(id, ad);
  }
  return found;
}

/**
 * The ad account's insights, one row per ad and day, for the campaigns named after the store's code
 * (the group names each store's campaigns "ABG …"), with each ad's creative and its campaign's
 * lifetime budget read by id (docs/ads.md).
 */
async function graphAdInsights(
  settings: GraphSettings,
  fetcher: typeof fetch,
  store: { code: string },
  since: string,
  until: string,
): Promise<AdInsight[]> {
  if (!settings.adAccountId) throw AppError.upstream(INSIGHTS_DOWN, new Error('FACEBOOK_AD_ACCOUNT_ID is not set'));
  const query = new URLSearchParams({
    level: 'ad',
    time_increment: '1',
    time_range: JSON.stringify({ since, until }),
    fields: 'ad_id,ad_name,adset_name,campaign_name,spend,impressions,clicks,actions',
    filtering: JSON.stringify([{ field: 'campaign.name', operator: 'STARTS_WITH', value: `${store.code} ` }]),
    limit: '500',
  });
  let res: Response;
  try {
    res = await fetcher(`${settings.graphUrl.replace(/\/$/, '')}/act_${settings.adAccountId}/insights?${query}`, {
      headers: { authorization: `Bearer ${settings.accessToken}` },
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw AppError.upstream(INSIGHTS_DOWN, error);
  }
  const reply = (await res.json().catch(() => null)) as { data?: GraphInsight[] } | null;
  if (!res.ok || !Array.isArray(reply?.data))
    throw AppError.upstream(INSIGHTS_DOWN, new Error(`Graph API answered ${res.status}`));
  const details = await graphAdDetails(settings, fetcher, [...new Set(reply.data.map((r) => String(r.ad_id)))]);
  return reply.data.map((r) => {
    const actions = Array.isArray(r.actions) ? r.actions : [];
    const ad = details.get(String(r.ad_id)) ?? {};
    const link = ad.creative?.object_story_spec?.link_data;
    return {
      adId: String(r.ad_id),
      day: String(r.date_start),
      campaignName: String(r.campaign_name ?? ''),
      adSetName: String(r.adset_name ?? ''),
      adName: String(r.ad_name ?? ''),
      campaignLifetimeBudgetCents: Number(ad.campaign?.lifetime_budget ?? 0) || 0,
      // Cut to what the report keeps (ad_insights' columns); an address too long to keep is dropped.
      creativeName: (ad.creative?.name ?? '').slice(0, 200),
      creativeMessage: (ad.creative?.body ?? link?.message ?? '').slice(0, 2000),
      creativeImageUrl: keptUrl(ad.creative?.image_url ?? link?.picture),
      creativeLinkUrl: keptUrl(ad.creative?.link_url ?? link?.link),
      spendCents: Math.round(Number(r.spend ?? 0) * 100),
      impressions: Number(r.impressions ?? 0),
      clicks: Number(r.clicks ?? 0),
      conversions: actions.filter((a) => a.action_type === 'lead').reduce((sum, a) => sum + Number(a.value), 0),
    };
  });
}
