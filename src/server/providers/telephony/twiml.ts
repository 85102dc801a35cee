/**
 * TwiML, the telephony provider's language for answering a call or a text, and the signature its
 * webhooks carry. The local driver speaks the same (it signs with its own token), so there is one
 * code path; only this folder imports Twilio's SDK.
 */
import twilio from 'twilio';

/** What a call does: say, dial, record, hang up. */
export const VoiceResponse = twilio.twiml.VoiceResponse;
/** The texts a webhook answers an inbound text with. */
export const MessagingResponse = twilio.twiml.MessagingResponse;

/** Whether a webhook's X-Twilio-Signature signs `url` and `params` with the account's auth token. */
export function validWebhookSignature(
  authToken: string,
  signature: string,
  url: string,
  params: Record<string, unknown>,
): boolean {
  return twilio.validateRequest(authToken, signature, url, params);
}
