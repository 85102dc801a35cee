import type { Config } from './config';
import type { Database } from './db/client';
import { localMail, smtpMail, type MailProvider } from './providers/mail/mail';
import type { Clock, TelephonyProvider } from './providers/telephony/telephony';
import { localTelephony } from './providers/telephony/local';
import { twilioTelephony } from './providers/telephony/twilio';
import { httpShipping, localShipping, type ShippingProvider } from './providers/shipping/shipping';
import { graphFacebook, localFacebook, type FacebookProvider } from './providers/facebook/facebook';
import { localPayments, type PaymentsProvider } from './providers/payments/payments';
import { stripePayments } from './providers/payments/stripe';
import { httpInsurance, localInsurance, type InsuranceProvider } from './providers/insurance/insurance';
import { httpCms, localCms, type CmsProvider } from './providers/cms/cms';
import { googleReviews, localReviews, type ReviewsProvider } from './providers/reviews/reviews';
import { storageFor, type StorageProvider } from './providers/storage/storage';
import { assertUnreachable } from './platform/errors';
import { watchProviders } from './platform/outside-calls';

/** What handlers reach besides their transaction: configuration and the providers. */
export interface Services {
  config: Config;
  database: Database;
  mail: MailProvider;
  telephony: TelephonyProvider;
  shipping: ShippingProvider;
  /** The social platform: marketplace leads sent on as conversion events. */
  facebook: FacebookProvider;
  payments: PaymentsProvider;
  /** Insurance quotes for the click-to-buy lane. */
  insurance: InsuranceProvider;
  /** The dealer website's content management service (SEO pages built through it). */
  cms: CmsProvider;
  /** Customer reviews of the stores on review sites. */
  reviews: ReviewsProvider;
  /** Where uploaded files are kept (the CDN). */
  storage: StorageProvider;
  /** Now, for everything time-dependent (quiet hours, simulated call progress); tests set it. */
  clock: Clock;
}

export function createServices(config: Config, database: Database): Services {
  const mail = (() => {
    switch (config.MAIL) {
      case 'local':
        return localMail(config.MAIL_FROM);
      case 'smtp':
        return smtpMail(config.SMTP_URL!, config.MAIL_FROM);
      default:
        return assertUnreachable(config.MAIL);
    }
  })();
  const clock: Clock = { now: () => new Date() };
  const telephony = (() => {
    switch (config.TELEPHONY) {
      case 'local':
        return localTelephony({ defaultFrom: config.SMS_FROM, clock });
      case 'twilio':
        return twilioTelephony({
          accountSid: config.TWILIO_ACCOUNT_SID!,
          authToken: config.TWILIO_AUTH_TOKEN,
          publicUrl: config.PUBLIC_URL,
          defaultFrom: config.SMS_FROM,
          clock,
        });
      default:
        return assertUnreachable(config.TELEPHONY);
    }
  })();
  const shipping =
    config.SHIPPING === 'http' ? httpShipping(config.SHIPPING_API_URL!, config.SHIPPING_API_KEY!) : localShipping();
  const facebook =
    config.FACEBOOK === 'graph'
      ? graphFacebook({
          graphUrl: config.FACEBOOK_GRAPH_URL,
          pixelId: config.FACEBOOK_PIXEL_ID!,
          accessToken: config.FACEBOOK_ACCESS_TOKEN!,
          pageId: config.FACEBOOK_PAGE_ID,
          adAccountId: config.FACEBOOK_AD_ACCOUNT_ID,
        })
      : localFacebook(config.FACEBOOK_PIXEL_ID);
  const payments = (() => {
    switch (config.PAYMENTS) {
      case 'local':
        return localPayments();
      case 'stripe':
        return stripePayments({
          secretKey: config.STRIPE_SECRET_KEY!,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
          apiUrl: config.STRIPE_API_URL,
        });
      default:
        return assertUnreachable(config.PAYMENTS);
    }
  })();
  const insurance =
    config.INSURANCE === 'http'
      ? httpInsurance(config.INSURANCE_API_URL!, config.INSURANCE_API_KEY!)
      : localInsurance();
  const cms = config.CMS === 'http' ? httpCms(config.CMS_API_URL!, config.CMS_API_KEY!) : localCms(config.PUBLIC_URL);
  const reviews =
    config.REVIEWS === 'google'
      ? googleReviews({
          clientId: config.GOOGLE_CLIENT_ID!,
          clientSecret: config.GOOGLE_CLIENT_SECRET!,
          refreshToken: config.GOOGLE_REFRESH_TOKEN!,
          account: config.GOOGLE_BUSINESS_ACCOUNT!,
          locations: config.GOOGLE_BUSINESS_LOCATIONS!,
        })
      : localReviews();
  const storage = storageFor(config);
  return watchProviders(
    { config, database, mail, telephony, shipping, facebook, payments, insurance, cms, reviews, storage, clock },
    ['mail', 'telephony', 'shipping', 'facebook', 'payments', 'insurance', 'cms', 'reviews', 'storage'],
  );
}
