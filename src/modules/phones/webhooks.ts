import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MessagingResponse, validWebhookSignature } from '../../server/providers/telephony/twiml';
import type { Services } from '../../server/services';
import type { Tx } from '../../server/db/client';
import { screenInput } from '../../server/platform/input-guard';
import {
  receiveAnswered,
  receiveCallStatus,
  receiveInboundCall,
  receiveInboundText,
  receiveMessageStatus,
} from './inbound';
import { publicAddress } from '../../shared/address';
import { webhookPaths } from '../../server/providers/telephony/telephony';

type Params = Record<string, unknown>;
type Query = Record<string, unknown>;

const emptyTwiml = () => new MessagingResponse().toString();

/**
 * Twilio's webhooks: inbound texts and calls, and status callbacks. Each request must carry a valid
 * X-Twilio-Signature for PUBLIC_URL + its path before anything is read or written; the local driver
 * signs with its own token, so there is one code path.
 */
export async function registerTelephonyWebhooks(app: FastifyInstance, services: Services) {
  const { db } = services.database;

  const route = (path: string, work: (tx: Tx, params: Params, query: Query) => Promise<string>) => {
    // No rate limit: the signature check is cheaper than the limiter, and a mass text's status
    // callbacks arrive at carrier speed from a handful of Twilio addresses.
    app.post(path, { config: { rateLimit: false } }, async (request: FastifyRequest, reply: FastifyReply) => {
      const params = (request.body && typeof request.body === 'object' ? request.body : {}) as Params;
      const signature = request.headers['x-twilio-signature'];
      const url = publicAddress(services.config.PUBLIC_URL, request.url);
      if (
        typeof signature !== 'string' ||
        !validWebhookSignature(services.config.TWILIO_AUTH_TOKEN, signature, url, params)
      ) {
        request.log.warn({ url }, 'telephony webhook with a bad signature');
        return reply
          .code(403)
          .header('cache-control', 'no-store')
          .send({ success: false, data: {}, errors: ['The request signature is not valid.'] });
      }
      // Signed is not well-formed: a NUL or half a surrogate pair is refused (400) before anything is stored.
      screenInput(params);
      screenInput(request.query);
      const twiml = await db.transaction((tx) => work(tx, params, (request.query ?? {}) as Query));
      return reply.code(200).header('cache-control', 'no-store').type('text/xml').send(twiml);
    });
  };

  route(webhookPaths.sms, async (tx, params) => (await receiveInboundText(tx, services, params)).twiml);
  route(webhookPaths.messageStatus, async (tx, params) => {
    await receiveMessageStatus(tx, services, params);
    return emptyTwiml();
  });
  route(webhookPaths.voice, async (tx, params, query) => (await receiveInboundCall(tx, services, params, query)).twiml);
  route(webhookPaths.voiceAnswered, async (tx, params, query) => {
    const userId = Number(query.userId);
    if (Number.isInteger(userId) && userId > 0 && userId <= 2_147_483_647) await receiveAnswered(tx, params, userId);
    return emptyTwiml();
  });
  route(webhookPaths.callStatus, async (tx, params) => {
    await receiveCallStatus(tx, services, params);
    return emptyTwiml();
  });
}
