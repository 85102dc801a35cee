/**
 * TwiML, the telephony provider's language for answering a call or a text, and the signature its
 * webhooks carry. The local driver speaks the same (it signs with its own token), so there is one
 * code path; only this folder imports Twilio's SDK.
 */
// The SDK's TwiML and signature files alone: its REST client, which only the real driver needs, is
// most of its load time and memory (twilio.ts loads it when used).
import VoiceResponseClass from 'twilio/lib/twiml/VoiceResponse.js';
import MessagingResponseClass from 'twilio/lib/twiml/MessagingResponse.js';
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';

/** What a call does: say, dial, record, hang up. */
export const VoiceResponse = VoiceResponseClass;
/** The texts a webhook answers an inbound text with. */
export const MessagingResponse = MessagingResponseClass;

/** Whether a webhook's X-Twilio-Signature signs `url` and `params` with the account's auth token. */
export function validWebhookSignature(
  authToken: string,
  signature: string,
  url: string,
  params: Record<string, unknown>,
): boolean {
  return validateRequest(authToken, signature, url, params);
}
