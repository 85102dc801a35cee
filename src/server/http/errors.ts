import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors';
import { UNREADABLE } from '../platform/input-guard';
import { refuse, send } from './envelope';

/**
 * Every failure as the envelope: an AppError with its sentences and the fields at fault, the body
 * parser's and the framework's own refusals as one plain sentence, anything else a 500 that names
 * the request id it is logged under (never the error itself).
 */
export function replyWithError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    // A failing outside service is worth a line in the log, with what it said.
    if (error.status >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
    const all = (error as AppError & { all?: string[] }).all ?? [error.message];
    const fieldErrors = error.fieldErrors ?? Object.fromEntries(error.fields.map((field) => [field, error.message]));
    return send(reply, error.status, {
      success: false,
      data: error.fields.length ? { fields: error.fields, fieldErrors } : {},
      errors: all,
    });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.code(429).send(error);
  if (status === 413) return refuse(reply, 400, 'The request is too large; send less than 10 MB.');
  if (status === 415) return refuse(reply, 400, 'Send the form as form fields, multipart or JSON.');
  if (status >= 400 && status < 500) return refuse(reply, 400, UNREADABLE);
  request.log.error({ err: error }, 'unexpected error');
  return send(reply, 500, {
    success: false,
    data: { requestId: request.id },
    errors: [`There was an unexpected error. It has been logged as ${request.id}.`],
  });
}
