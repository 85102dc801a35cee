import twilio from 'twilio';
import { eq } from 'drizzle-orm';
import type { TestApp } from './helpers';
import { locations } from '../src/modules/locations/locations.db';
import { phones } from '../src/modules/phones/phones.db';
import { publicAddress } from '../src/shared/address';

/** Stops the app's clock at an instant (quiet hours, simulated statuses); `null` lets it run again. */
export function setClock(t: TestApp, at: string | Date | null) {
  t.app.services.clock.now = at === null ? () => new Date() : () => new Date(at);
}

export interface WebhookReply {
  status: number;
  body: string;
  contentType: string;
}

/**
 * Posts form parameters to a webhook as Twilio does: signed with the configured auth token for
 * PUBLIC_URL + path, unless told to sign something else.
 */
export async function postWebhook(
  t: TestApp,
  path: string,
  params: Record<string, string>,
  options: { signParams?: Record<string, string>; signUrl?: string; token?: string; signature?: string | null } = {},
): Promise<WebhookReply> {
  const url = options.signUrl ?? publicAddress(t.config.PUBLIC_URL, path);
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(
          options.token ?? t.config.TWILIO_AUTH_TOKEN,
          url,
          options.signParams ?? params,
        )
      : options.signature;
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(params).toString(),
  });
  return { status: res.statusCode, body: res.body, contentType: String(res.headers['content-type'] ?? '') };
}

let numbers = 0;

/** A location of its own (so counts are exact whatever the demo data holds) and a line on it. */
export async function createLine(
  t: TestApp,
  values: Partial<typeof phones.$inferInsert> = {},
  location: Partial<typeof locations.$inferInsert> = {},
) {
  numbers += 1;
  // Each test file has a database of its own: a counter is unique enough.
  const tag = String(numbers).padStart(4, '0');
  const [loc] = location.id
    ? await t.db.select().from(locations).where(eq(locations.id, location.id))
    : await t.db
        .insert(locations)
        .values({
          code: `T${tag}`.slice(0, 8),
          name: `Test Motors ${tag}`,
          phone: `+1505266${tag}`,
          timeZone: 'America/Denver',
          ...location,
        })
        .returning();
  const [line] = await t.db
    .insert(phones)
    .values({
      description: `Test line ${tag}`,
      phoneNumber: `+1505267${tag}`,
      locationId: loc.id,
      ...values,
    })
    .returning();
  return { location: loc, line };
}
