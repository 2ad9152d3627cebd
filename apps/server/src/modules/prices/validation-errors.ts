import { DASHBOARD_LIMIT_MESSAGE, englishMessages, errorMessages, isMessageKey, translateMessage, verbatim, type Message } from '@fueldesk/contracts';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { AppError } from '../../lib/app-error';

/**
 * Market-data routes answer bad input with a detail that says what is wrong ("date: This date does
 * not exist."), not only a generic sentence, and a dashboard with a sixth product with its own code.
 */
export function formatMarketDataValidationError(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const fields: Record<string, Message> = {};
  for (const error of errors) {
    const key = error.instancePath.replace(/^\//, '').split('/')[0] || dataVar;
    const text = error.message ?? 'Invalid value';
    if (!fields[key]) fields[key] = isMessageKey(text) ? text : verbatim(text);
  }
  if (Object.values(fields).includes(DASHBOARD_LIMIT_MESSAGE)) {
    return new AppError('DASHBOARD_LIMIT', 400, DASHBOARD_LIMIT_MESSAGE, { product_codes: DASHBOARD_LIMIT_MESSAGE });
  }
  // The detail names each field with its English text; the fields carry the keys for translation.
  const detail = Object.entries(fields)
    .map(([field, message]) => `${field}: ${translateMessage(englishMessages, message)}`)
    .join(' ');
  return new AppError('VALIDATION_ERROR', 400, detail ? verbatim(detail) : errorMessages.BAD_REQUEST, fields);
}
