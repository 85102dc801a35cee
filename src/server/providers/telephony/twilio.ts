import type twilio from 'twilio';
import { AppError } from '../../platform/errors';
import { whenUsed } from '../../platform/when-used';
import { VoiceResponse } from './twiml';
import type { Clock, ProviderCall, TelephonyProvider } from './telephony';
import { publicAddress } from '../../../shared/address';
import { directionOf, webhookPaths } from './telephony';
import { countryOfAreaCode } from './area-codes';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  publicUrl: string;
  defaultFrom: string;
  clock: Clock;
  /** Another HTTP client for the SDK (tests send its requests to a local server). */
  httpClient?: InstanceType<typeof twilio.RequestClient>;
}

const sdk = whenUsed<typeof twilio>('twilio');

type TwilioCall = Awaited<ReturnType<ReturnType<typeof twilio>['calls']['list']>>[number];

function isRestException(error: unknown): error is { status: number; code?: number; message: string } {
  return (
    error instanceof sdk().RestException ||
    (typeof error === 'object' &&
      error !== null &&
      'status' in error &&
      typeof (error as { status: unknown }).status === 'number' &&
      'code' in error)
  );
}

/** What people read when Twilio is down, overloaded or unreachable: nothing they did, and worth another try. */
export const PROVIDER_UNAVAILABLE = 'The phone provider did not answer; try again.';

/**
 * No answer at all: the SDK's HTTP client could not connect, was cut off or timed out. Those are
 * axios errors, or Node's network errors (ECONNRESET, ETIMEDOUT...) with a string code.
 */
function isTransportFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { isAxiosError, code } = error as { isAxiosError?: unknown; code?: unknown };
  return isAxiosError === true || (typeof code === 'string' && /^E[A-Z_]+$/.test(code));
}

/**
 * Twilio's refusals become a sentence (409); a missing call or message becomes null; an outage on
 * Twilio's side (5xx, 429) or no answer at all becomes a 502 saying to try again. Anything else is
 * our bug and stays a 500.
 */
async function refusals<T>(work: () => Promise<T>, notFound?: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isRestException(error)) {
      if (error.status === 404 && notFound !== undefined) return notFound;
      if (error.status >= 500 || error.status === 429) throw AppError.upstream(PROVIDER_UNAVAILABLE, error);
      const text = error.message.replace(/\s+$/, '');
      throw AppError.conflict(
        `Twilio refused the request: ${/[.!?]$/.test(text) ? text : `${text}.`}${error.code ? ` (Twilio error ${error.code})` : ''}`,
      );
    }
    if (isTransportFailure(error)) throw AppError.upstream(PROVIDER_UNAVAILABLE, error);
    throw error;
  }
}

function callOf(call: TwilioCall, at: Date, withEvent: boolean): ProviderCall {
  const durationSeconds = Number(call.duration ?? 0) || 0;
  return {
    sid: call.sid,
    direction: directionOf(call.direction),
    from: call.from ?? '',
    to: call.to ?? '',
    status: call.status,
    startedAt: call.startTime ?? call.dateCreated ?? null,
    endedAt: call.endTime ?? null,
    durationSeconds,
    events: withEvent ? [{ status: call.status, at, durationSeconds: durationSeconds || undefined }] : [],
  };
}

const dialTwiml = (to: string, callerId: string) => {
  const response = new VoiceResponse();
  response.dial({ callerId }, to);
  return response.toString();
};

/** The real driver: the official SDK with the account's sid and token; callbacks come back to PUBLIC_URL. */
export function twilioTelephony(options: TwilioOptions): TelephonyProvider {
  // Ten seconds for any request (the SDK's default is 30): a send waits on it inside its batch.
  const client = sdk()(
    options.accountSid,
    options.authToken,
    options.httpClient ? { httpClient: options.httpClient } : { timeout: 10_000 },
  );
  const url = (path: string) => publicAddress(options.publicUrl, path);
  const callEvents = ['initiated', 'ringing', 'answered', 'completed'];

  const provider: TelephonyProvider = {
    name: 'twilio',
    paced: true,

    // One request per text: Twilio has no batch send. A failure part way leaves the rest unsent,
    // and the bulk send finds the ones that went out by asking (textsSentTo).
    async sendTexts(db, messages) {
      const sent = [];
      for (const message of messages) sent.push(await provider.sendText(db, message));
      return sent;
    },

    sendText: (_db, message) =>
      refusals(async () => {
        const sent = await client.messages.create({
          to: message.to,
          body: message.body,
          ...(message.messagingServiceSid
            ? { messagingServiceSid: message.messagingServiceSid }
            : { from: message.from ?? options.defaultFrom }),
          statusCallback: url(webhookPaths.messageStatus),
        });
        return { sid: sent.sid, status: sent.status, events: [{ status: sent.status, at: options.clock.now() }] };
      }),

    placeCall: (_db, call) =>
      refusals(async () => {
        const placed = await client.calls.create({
          to: call.to,
          from: call.from,
          twiml: call.twiml,
          statusCallback: url(webhookPaths.callStatus),
          statusCallbackEvent: callEvents,
        });
        return callOf(placed, options.clock.now(), true);
      }),

    endCall: (_db, callSid) =>
      refusals(async () => {
        const ended = await client.calls(callSid).update({ status: 'completed' });
        return callOf(ended, options.clock.now(), true);
      }, null),

    transferCall: (_db, callSid, to, callerId) =>
      refusals(async () => {
        const moved = await client.calls(callSid).update({ twiml: dialTwiml(to, callerId) });
        return callOf(moved, options.clock.now(), false);
      }, null),

    searchLocalNumbers: (_db, query) =>
      refusals(async () => {
        const found = await client.availablePhoneNumbers(countryOfAreaCode(query.areaCode)).local.list({
          areaCode: Number(query.areaCode),
          ...(query.contains ? { contains: query.contains } : {}),
          smsEnabled: true,
          voiceEnabled: true,
          limit: query.limit ?? 20,
        });
        return found.map((n) => ({ phoneNumber: n.phoneNumber, locality: n.locality ?? '', region: n.region ?? '' }));
      }),

    buyNumber: (_db, phoneNumber, friendlyName) =>
      refusals(async () => {
        const bought = await client.incomingPhoneNumbers.create({
          phoneNumber,
          friendlyName,
          smsUrl: url(webhookPaths.sms),
          smsMethod: 'POST',
          voiceUrl: url(webhookPaths.voice),
          voiceMethod: 'POST',
          statusCallback: url(webhookPaths.callStatus),
          statusCallbackMethod: 'POST',
        });
        return { sid: bought.sid, phoneNumber: bought.phoneNumber };
      }),

    releaseNumber: (_db, sid) =>
      refusals(async () => {
        // Already gone at Twilio is what we wanted.
        await client
          .incomingPhoneNumbers(sid)
          .remove()
          .catch((error: unknown) => {
            if (isRestException(error) && error.status === 404) return true;
            throw error;
          });
      }),

    fetchCall: (_db, callSid) =>
      refusals(async () => callOf(await client.calls(callSid).fetch(), options.clock.now(), false), null),

    fetchMessage: (_db, messageSid) =>
      refusals(async () => {
        const m = await client.messages(messageSid).fetch();
        return {
          sid: m.sid,
          direction: directionOf(m.direction),
          from: m.from ?? '',
          to: m.to,
          body: m.body,
          status: m.status,
          errorCode: m.errorCode ?? null,
          sentAt: m.dateSent ?? null,
        };
      }, null),

    textsSentTo: (_db, query) =>
      refusals(async () => {
        // Newest first; a queued text has no date sent yet, so its creation is what is compared.
        const found = await client.messages.list({ to: query.to, limit: 20 });
        return found
          .filter((m) => directionOf(m.direction) === 'outbound' && m.dateCreated >= query.since)
          .map((m) => ({
            sid: m.sid,
            direction: 'outbound' as const,
            from: m.from ?? '',
            to: m.to,
            body: m.body,
            status: m.status,
            errorCode: m.errorCode ?? null,
            sentAt: m.dateSent ?? null,
          }));
      }),

    listCalls: (_db, query) =>
      refusals(async () => {
        const found = await client.calls.list({
          ...(query.status ? { status: query.status as TwilioCall['status'] } : {}),
          ...(query.to ? { to: query.to } : {}),
          ...(query.after ? { startTimeAfter: query.after } : {}),
          ...(query.before ? { startTimeBefore: query.before } : {}),
          limit: query.limit,
        });
        const now = options.clock.now();
        return found.map((call) => callOf(call, now, false));
      }),
  };
  return provider;
}
