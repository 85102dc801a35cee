import type { FastifyReply } from 'fastify';
import type { Envelope } from '../../shared/envelope';
import { hasRaw, stringifyWithRaw } from '../platform/raw-json';

/** Every reply of the API: the envelope, never cached; a list's rows already JSON text go out as they are. */
export function send(reply: FastifyReply, status: number, body: Envelope<Record<string, unknown>>) {
  reply.code(status).header('cache-control', 'no-store');
  if (!hasRaw(body.data)) return reply.send(body);
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"success":${body.success},"data":${stringifyWithRaw(body.data)},"errors":${JSON.stringify(body.errors)}}`);
}

/** A refusal with one sentence and nothing else. */
export const refuse = (reply: FastifyReply, status: number, sentence: string) =>
  send(reply, status, { success: false, data: {}, errors: [sentence] });
