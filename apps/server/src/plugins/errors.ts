import { messageKeyOf, messageParamsOf, requestMessages, type ErrorCode, type Message } from '@fueldesk/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client';
import { AppError } from '../lib/app-error';
import { genericMessageKey, pickLanguage, translate } from '../lib/messages';

/** Fastify's own error codes mapped to ours: malformed input is a 4xx, never a 500. */
const fastifyCodes: Record<string, { code: ErrorCode; status: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', status: 400 },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', status: 400 },
  FST_ERR_CTP_EMPTY_TYPE: { code: 'BAD_REQUEST', status: 400 },
  FST_ERR_CTP_INVALID_TYPE: { code: 'BAD_REQUEST', status: 400 },
  FST_ERR_VALIDATION: { code: 'VALIDATION_ERROR', status: 400 },
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', status: 400 },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'BAD_REQUEST', status: 400 },
  FST_ERR_REP_INVALID_PAYLOAD_TYPE: { code: 'INTERNAL_ERROR', status: 500 },
};

/** SQLSTATEs of data the caller sent that PostgreSQL cannot store or read. */
const invalidInputSqlStates = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/**
 * The one place an error body is made: `message` and the field messages are keys (or, for Zod's
 * and Fastify's own texts, plain text), translated here into the caller's language.
 */
function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  message?: Message,
  fields?: Record<string, Message | string>,
  reason?: string,
) {
  const lang = pickLanguage(request.headers['accept-language']);
  const key = message ?? genericMessageKey(code);
  const body: Record<string, unknown> = { detail: key ? translate(lang, key) : code, code };
  if (key) {
    body.key = messageKeyOf(key);
    const params = messageParamsOf(key);
    if (params) body.params = params;
  }
  if (fields && Object.keys(fields).length > 0) {
    body.fields = Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, translate(lang, text)]));
  }
  if (reason) body.reason = reason;
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** One message per field: a contracts key when the schema gave one, else the validator's own text. */
function fieldsFromValidation(error: FastifyError): Record<string, Message | string> {
  const fields: Record<string, Message | string> = {};
  for (const issue of error.validation ?? []) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const fromPath = params?.issue?.path?.map(String).join('.');
    const fromInstance = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const key = fromPath || fromInstance || (issue.params as { missingProperty?: string })?.missingProperty || '_';
    // zod's "Invalid input: expected object, received string" for a body that is not an object.
    const notAnObject = key === '_' && /expected object/.test(issue.message ?? '');
    if (fields[key]) continue;
    const text = issue.message ?? 'Invalid value';
    fields[key] = notAnObject ? requestMessages.notAnObject : text;
  }
  return fields;
}

export { send as sendError };

/**
 * Fastify's `frameworkErrors`: the router refuses some addresses before any route or error handler
 * runs (a broken percent-encoding such as /api/news/%E0%A4%A, a path parameter over maxParamLength)
 * and would answer its own {error, message, statusCode} body. They get the house body instead.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No route hook runs for these answers: the request id the other answers carry is set here.
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, request, 414, 'BAD_REQUEST', requestMessages.addressTooLong);
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, request, 400, 'BAD_REQUEST', requestMessages.unreadableAddress);
  return send(reply, request, 400, 'BAD_REQUEST');
}

/**
 * An API path with a part longer than the router's maxParamLength: without the web build the router
 * refuses it (frameworkErrorHandler, 414); with it, the web app's catch-all route takes the address
 * instead and it would end as a 404. The not-found handler asks this first, so both answer 414.
 */
export function sendIfAddressTooLong(request: FastifyRequest, reply: FastifyReply, maxParamLength: number): FastifyReply | null {
  const pathname = request.url.split('?')[0] ?? '';
  if (!pathname.split('/').some((part) => part.length > maxParamLength)) return null;
  return send(reply, request, 414, 'BAD_REQUEST', requestMessages.addressTooLong);
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, request, error.status, error.code, error.detailMessage, error.fieldMessages, error.reason);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return send(reply, request, 400, 'VALIDATION_ERROR', undefined, fieldsFromValidation(error));
    }
    if (error.statusCode === 429) {
      if (!reply.getHeader('retry-after')) reply.header('retry-after', '60');
      return send(reply, request, 429, 'RATE_LIMITED');
    }
    if (isDatabaseUnavailable(error)) {
      // SPEC.md §8: the web app shows its maintenance banner; the pool reconnects by itself.
      request.log.warn({ err: error, reqId: request.id }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(reply, request, 503, 'SERVICE_UNAVAILABLE');
    }
    const sqlState = (error as { cause?: { code?: unknown } }).cause?.code ?? error.code;
    if (typeof sqlState === 'string' && invalidInputSqlStates.has(sqlState)) {
      // A value the database cannot hold (out-of-range date or number, bad encoding) is the caller's input.
      return send(reply, request, 400, 'BAD_REQUEST');
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped && mapped.status < 500) return send(reply, request, mapped.status, mapped.code);
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, request, error.statusCode, 'BAD_REQUEST');
    }
    if (error.statusCode === 503) {
      if (!reply.getHeader('retry-after')) reply.header('retry-after', '5');
      return send(reply, request, 503, 'SERVICE_UNAVAILABLE');
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return send(reply, request, 500, 'INTERNAL_ERROR');
  });

});
