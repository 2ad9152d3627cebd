import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { INVALID_CHARACTER, INVALID_CHARACTER_FIELD } from '../lib/messages';

/** Path of the first string holding a NUL character, or null. PostgreSQL text cannot store one. */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findNulCharacter(value[index], path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNulCharacter(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/** Refuses NUL characters anywhere in a query string or body with a 400, before any route sees them. */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const field = findNulCharacter(request.query) ?? findNulCharacter(request.body) ?? findNulCharacter(request.params);
    if (field) {
      throw new AppError('VALIDATION_ERROR', 400, INVALID_CHARACTER, {
        [field]: INVALID_CHARACTER_FIELD,
      });
    }
  });
});
