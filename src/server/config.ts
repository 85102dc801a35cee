import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

const base32 = /^[A-Z2-7]+=*$/;
const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
  .transform((v) => v === '1' || v === 'true');

/** An address or CIDR range a proxy may have, or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server are believed about the client's address (X-Forwarded-For):
 * none (the default: the address is the connection's), a number of proxies, every hop, or the
 * proxies' own addresses and ranges.
 */
const trustProxy = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine(
    (entries) =>
      entries.length > 0 &&
      (/^(true|false|\d{1,2})$/i.test(entries[0]) ? entries.length === 1 : entries.every(isProxyAddress)),
    {
      error:
        "TRUST_PROXY must be 0 (the default), a number of proxies in front of the server such as 1, true, or a comma-separated list of the proxies' addresses or CIDR ranges",
    },
  )
  .transform((entries): boolean | number | string[] => {
    const [first] = entries;
    if (/^false$/i.test(first)) return false;
    if (/^true$/i.test(first)) return true;
    if (/^\d+$/.test(first)) return Number(first) === 0 ? false : Number(first);
    return entries;
  });

/** Fastify's `trustProxy` for TRUST_PROXY. A number counts proxies from the server outwards (Fastify 5 itself refuses a bare count). */
export function trustProxyOption(
  value: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'PORT must be a port number from 1 to 65535' }).int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'DATABASE_POOL_SIZE must be a number' })
    .int()
    .min(1)
    .max(500)
    .default(20),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  DATABASE_IDLE_IN_TRANSACTION_MS: z.coerce.number().int().min(1000).default(60_000),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters long').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  PUBLIC_URL: z.url('PUBLIC_URL must be a full URL such as https://forecourt.example.com').optional(),
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be an email address').default('admin@forecourt.test'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters long').default('forecourt-demo'),
  ADMIN_TOTP_SECRET: z
    .string()
    .regex(base32, 'ADMIN_TOTP_SECRET must be base32 (letters A-Z and digits 2-7)')
    .min(16, 'ADMIN_TOTP_SECRET must be at least 16 base32 characters')
    .optional(),
  SEED_DEMO: flag.default(true),
  ASSETS_BASE_URL: z.string().default('/static'),
  MAIL: z.enum(['local', 'smtp']).default('local'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Forecourt <no-reply@forecourt.test>'),
  TELEPHONY: z.enum(['local', 'twilio'], { error: 'TELEPHONY must be local or twilio' }).default('local'),
  SMS_FROM: z.string().default('+15055550100'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID must be an account sid: AC and 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z
    .string()
    .min(16, "TWILIO_AUTH_TOKEN must be the account's auth token (32 characters)")
    .optional(),
  /** Sign-in codes and other texts that belong to no line go out through this messaging service when set. */
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'TWILIO_MESSAGING_SERVICE_SID must be a messaging service sid: MG and 32 hex digits')
    .optional(),
  SHIPPING: z.enum(['local', 'http'], { error: 'SHIPPING must be local or http' }).default('local'),
  /**
   * Payments to sellers: `local` records them and simulates the vendor's statuses; `stripe` pays them
   * through Stripe Connect (docs/payments.md, decision 027).
   */
  PAYMENTS: z.enum(['local', 'stripe'], { error: 'PAYMENTS must be local or stripe' }).default('local'),
  /** The platform account's secret key (or a restricted key allowed transfers, payouts and reversals). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(live|test)_[0-9A-Za-z]{16,}$/,
      "STRIPE_SECRET_KEY must be the platform account's secret key: sk_live_… (or sk_test_…, or a restricted rk_ key)",
    )
    .optional(),
  /** The signing secret of the webhook endpoint /webhooks/payouts, from the Stripe Dashboard. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[0-9A-Za-z+/=]{16,}$/, "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret: whsec_…")
    .optional(),
  /** Where Stripe's API answers: only for a proxy or a local stand-in (the tests'); https unless on this machine. */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'STRIPE_API_URL must be a full URL such as https://api.stripe.com' })
    .default('https://api.stripe.com'),
  /** The carrier's order endpoint and the group's key there (SHIPPING=http). */
  SHIPPING_API_URL: z.url("SHIPPING_API_URL must be the carrier's order endpoint, a full https URL").optional(),
  SHIPPING_API_KEY: z.string().min(8, 'SHIPPING_API_KEY must be the key the carrier issued').optional(),
  /**
   * Insurance quotes for the click-to-buy lane: local records the requests in the outbox and answers
   * them after a realistic delay; http asks the insurance partner's API (docs/clicklane.md).
   */
  INSURANCE: z.enum(['local', 'http'], { error: 'INSURANCE must be local or http' }).default('local'),
  INSURANCE_API_URL: z
    .url("INSURANCE_API_URL must be the insurance partner's API address, a full https URL")
    .optional(),
  INSURANCE_API_KEY: z.string().min(8, 'INSURANCE_API_KEY must be the key the insurance partner issued').optional(),
  /**
   * The dealer website's content management service: local keeps built pages in the outbox and serves
   * them at /cms/preview/…; http talks to the CMS's REST API (docs/seo.md).
   */
  CMS: z.enum(['local', 'http'], { error: 'CMS must be local or http' }).default('local'),
  CMS_API_URL: z.url("CMS_API_URL must be the website CMS's API address, a full https URL").optional(),
  CMS_API_KEY: z.string().min(8, 'CMS_API_KEY must be the key the website CMS issued').optional(),
  /**
   * Where customer reviews come from: local generates a store's reviews; google reads them from the
   * Business Profile API with the group's OAuth client and refresh token (docs/reputation.md).
   */
  REVIEWS: z.enum(['local', 'google'], { error: 'REVIEWS must be local or google' }).default('local'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_REFRESH_TOKEN: z.string().min(1).optional(),
  GOOGLE_BUSINESS_ACCOUNT: z
    .string()
    .regex(/^\d+$/, 'GOOGLE_BUSINESS_ACCOUNT must be the account id, digits only')
    .optional(),
  /** Each store's Business Profile location id by store code, as JSON: {"ABG":"1234567890"}. */
  GOOGLE_BUSINESS_LOCATIONS: z
    .string()
    .transform((text, ctx) => {
      try {
        const parsed = JSON.parse(text) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          return Object.fromEntries(Object.entries(parsed).map(([code, id]) => [code, String(id)]));
      } catch {
        // answered below
      }
      ctx.addIssue({ code: 'custom', message: 'GOOGLE_BUSINESS_LOCATIONS must be JSON such as {"ABG":"1234567890"}' });
      return z.NEVER;
    })
    .optional(),
  /**
   * Where uploaded files (the CDN) are kept: local writes them under STORAGE_DIR (DATA_DIR/uploads by
   * default); s3 puts them in an S3-compatible bucket with the AWS SDK (docs/cdn.md).
   */
  STORAGE: z.enum(['local', 's3'], { error: 'STORAGE must be local or s3' }).default('local'),
  STORAGE_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3, 'S3_BUCKET must be the name of the bucket').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible service other than AWS (MinIO, R2, Spaces): its address. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be a full URL such as https://s3.example.com' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The social platform's driver: local records leads in the outbox; graph sends them to the Conversions API. */
  FACEBOOK: z.enum(['local', 'graph'], { error: 'FACEBOOK must be local or graph' }).default('local'),
  FACEBOOK_GRAPH_URL: z
    .url(
      "FACEBOOK_GRAPH_URL must be the Graph API's address with its version, such as https://graph.facebook.com/v21.0",
    )
    .default('https://graph.facebook.com/v21.0'),
  FACEBOOK_PIXEL_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'FACEBOOK_PIXEL_ID must be the pixel (dataset) id: digits only')
    .optional(),
  FACEBOOK_PAGE_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'FACEBOOK_PAGE_ID must be the page id: digits only')
    .optional(),
  /** The group's ad account: the ad report reads its insights, marketing plans create ads in it (digits, without `act_`). */
  FACEBOOK_AD_ACCOUNT_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'FACEBOOK_AD_ACCOUNT_ID must be the ad account id: digits only, without act_')
    .optional(),
  FACEBOOK_ACCESS_TOKEN: z
    .string()
    .min(20, 'FACEBOOK_ACCESS_TOKEN must be the Conversions API access token from Events Manager')
    .optional(),
  /**
   * Background jobs run beside the requests in the server process, this many at a time; 0 when
   * `npm run worker` processes run them instead (docs/deploy.md).
   */
  JOB_CONCURRENCY: z.coerce.number({ error: 'JOB_CONCURRENCY must be a number' }).int().min(0).max(64).default(2),
  /** How often an idle worker looks for jobs whose time has come (an enqueue wakes it at once). */
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /**
   * How long a job may go without a heartbeat before another worker takes it over, for every job;
   * unset, each job's own (30 s; a bulk send's 60 s, longer than a provider may take over one recipient).
   */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /**
   * Server processes sharing the port (PostgreSQL only): SIGHUP replaces them one at a time, each
   * finishing its requests first, so a deploy fails no request (docs/deploy.md, "Restarts").
   */
  WEB_PROCESSES: z.coerce.number({ error: 'WEB_PROCESSES must be a number' }).int().min(1).max(64).default(1),
  /** How long a stopping server lets its open connections finish before it closes them. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(5000),
  /** Texts per second one line may send (a carrier's limit; 1 for a local number). */
  TEXTS_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(1),
  /** Texts per second through a messaging service, which spreads them over its numbers. */
  MESSAGING_SERVICE_TEXTS_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(10),
  /** List emails per second handed to the mail server (its sending limit). */
  EMAILS_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(10),
  /** Calls per second a mass call places (the provider account's calls-per-second limit). */
  CALLS_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  TRUST_PROXY: trustProxy.default(false),
});

export type Config = z.infer<typeof schema> & {
  SESSION_SECRET: string;
  PUBLIC_URL: string;
  TWILIO_AUTH_TOKEN: string;
  STORAGE_DIR: string;
};

export class ConfigError extends Error {}

/** Reads and checks the environment once; a bad value stops the start with one sentence. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    const text = issue.message.startsWith(name) ? issue.message : `${name} is not valid: ${issue.message}.`;
    throw new ConfigError(text);
  }
  const config = parsed.data;
  if (config.WEB_PROCESSES > 1 && !config.DATABASE_URL) {
    throw new ConfigError('WEB_PROCESSES above 1 needs DATABASE_URL: the embedded database belongs to one process.');
  }
  if (config.MAIL === 'smtp' && !config.SMTP_URL) {
    throw new ConfigError('MAIL=smtp needs SMTP_URL, for example smtps://user:password@mail.example.com:465.');
  }
  if (config.SHIPPING === 'http' && (!config.SHIPPING_API_URL || !config.SHIPPING_API_KEY)) {
    throw new ConfigError('SHIPPING=http needs SHIPPING_API_URL and SHIPPING_API_KEY, both from the carrier.');
  }
  if (config.INSURANCE === 'http' && (!config.INSURANCE_API_URL || !config.INSURANCE_API_KEY)) {
    throw new ConfigError(
      'INSURANCE=http needs INSURANCE_API_URL and INSURANCE_API_KEY, both from the insurance partner.',
    );
  }
  if (config.CMS === 'http' && (!config.CMS_API_URL || !config.CMS_API_KEY)) {
    throw new ConfigError('CMS=http needs CMS_API_URL and CMS_API_KEY, both from the website CMS.');
  }
  if (config.FACEBOOK === 'graph' && (!config.FACEBOOK_PIXEL_ID || !config.FACEBOOK_ACCESS_TOKEN)) {
    throw new ConfigError(
      'FACEBOOK=graph needs FACEBOOK_PIXEL_ID and FACEBOOK_ACCESS_TOKEN, both from Events Manager.',
    );
  }
  if (config.PAYMENTS === 'stripe' && (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, both from the Stripe Dashboard.',
    );
  }
  if (config.STRIPE_API_URL.startsWith('http:') && !isLocalUrl(config.STRIPE_API_URL)) {
    throw new ConfigError('STRIPE_API_URL must use https unless it points at this machine.');
  }
  if (config.TELEPHONY === 'twilio' && (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN)) {
    throw new ConfigError(
      'TELEPHONY=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN, both from the Twilio console.',
    );
  }
  if (
    config.REVIEWS === 'google' &&
    (!config.GOOGLE_CLIENT_ID ||
      !config.GOOGLE_CLIENT_SECRET ||
      !config.GOOGLE_REFRESH_TOKEN ||
      !config.GOOGLE_BUSINESS_ACCOUNT ||
      !config.GOOGLE_BUSINESS_LOCATIONS)
  ) {
    throw new ConfigError(
      'REVIEWS=google needs GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_REFRESH_TOKEN, GOOGLE_BUSINESS_ACCOUNT and GOOGLE_BUSINESS_LOCATIONS.',
    );
  }
  if (config.STORAGE === 's3' && (!config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
  }
  const dataDir = resolve(config.DATA_DIR);
  const sessionSecret = config.SESSION_SECRET ?? keptSecret(dataDir);
  return {
    ...config,
    DATA_DIR: dataDir,
    STORAGE_DIR: resolve(config.STORAGE_DIR ?? `${dataDir}/uploads`),
    SESSION_SECRET: sessionSecret,
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    // The local driver's webhooks are signed too, so they take the same path as Twilio's.
    TWILIO_AUTH_TOKEN:
      config.TWILIO_AUTH_TOKEN ??
      createHmac('sha256', sessionSecret).update('local telephony webhooks').digest('hex').slice(0, 32),
  };
}

/** A stand-in on this machine (the tests') may answer plain http; Stripe itself and any proxy only https. */
function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/** A secret generated once and kept in DATA_DIR, so sessions survive a restart. */
function keptSecret(dataDir: string): string {
  const file = resolve(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
