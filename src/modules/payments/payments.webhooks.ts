import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../server/services';
import type { Db } from '../../server/db/client';
import { redact, type AuditEntry } from '../../server/platform/actions';
import { auditLog } from '../../server/platform/platform.db';
import type { WebhookNotice } from '../../server/providers/payments/payments';
import { askReported, settleReported } from './payments.server';

/** Where the payout vendor posts its signed events (Stripe: the webhook endpoint, with Connect events). */
const PAYOUT_WEBHOOK_PATH = '/webhooks/payouts';

/**
 * The payout vendor's webhook, for a driver that has one (`receive`). Its signature is over the
 * body's bytes as sent, so this route alone reads a JSON body as bytes; the driver checks it before
 * anything is read (400, nothing written). What it reports is applied in one transaction with its
 * audit rows, as an action's change; a replay writes nothing. A failure (the vendor not answering
 * when asked for the payout's status: 502) writes nothing, and the vendor sends the event again later.
 */
export async function registerPayoutWebhook(app: FastifyInstance, services: Services) {
  if (!services.payments.receive) return;
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // No rate limit: the signature check is cheaper than the limiter, and the vendor sends from few addresses.
    scope.post(PAYOUT_WEBHOOK_PATH, { config: { rateLimit: false } }, (request, reply) =>
      receive(services, request, reply),
    );
  });
}

async function receive(services: Services, request: FastifyRequest, reply: FastifyReply) {
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const header = request.headers['stripe-signature'];
  const { db } = services.database;
  // The vendor is asked (an account it names, then the payout's status) with no transaction open: a
  // vendor slow to answer holds no connection and no lock. A seller's account is written down as one
  // statement; should the process stop before its audit row, the vendor sends the event again.
  const notice = await services.payments.receive!(db, body, typeof header === 'string' ? header : undefined);
  const reported = notice.payout ? await askReported(db, services, notice.payout) : null;
  await db.transaction(async (tx) => {
    const audits: AuditEntry[] = [];
    if (notice.payee) audits.push({ recordType: 'stripe-payee', recordId: notice.payee.email, after: notice.payee });
    if (reported) await settleReported(tx, services, reported, (entry) => audits.push(entry));
    await writeAudit(tx, request, notice, audits);
  });
  return reply.code(200).header('cache-control', 'no-store').send({ success: true, data: {}, errors: [] });
}

/** One audit row per record the event changed, by no user, naming the event. */
async function writeAudit(tx: Db, request: FastifyRequest, notice: WebhookNotice, audits: AuditEntry[]) {
  if (!audits.length) return;
  await tx.insert(auditLog).values(
    audits.map((a) => ({
      userId: null,
      action: PAYOUT_WEBHOOK_PATH.slice(1),
      input: { event: notice.event, type: notice.type },
      ip: request.ip,
      requestId: String(request.id),
      recordType: a.recordType,
      recordId: String(a.recordId),
      before: redact(a.before) ?? null,
      after: redact(a.after) ?? null,
    })),
  );
}
