import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_INPUT_DEPTH, requestMessages, withParams } from '@fueldesk/contracts';
import { AppError } from '../lib/app-error';

export { MAX_INPUT_DEPTH };

export type InputProblem = { kind: 'nul'; path: string } | { kind: 'depth'; path: string };

/**
 * The first string holding a NUL character (PostgreSQL text cannot store one), or the first value
 * nested deeper than MAX_INPUT_DEPTH. Walks with an explicit stack: a body nested thousands of
 * levels deep cannot exhaust the call stack.
 */
export function findInputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul', path: path || '_' };
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    if (depth >= maxDepth) return { kind: 'depth', path: path || '_' };
    const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
    // Pushed in reverse so that the first field is looked at first.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Refuses, with a 400 before any route sees them, NUL characters anywhere in a query string or
 * body, and bodies nested deeper than MAX_INPUT_DEPTH.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const problem = findInputProblem(request.query) ?? findInputProblem(request.body) ?? findInputProblem(request.params);
    if (problem?.kind === 'nul') {
      throw new AppError('VALIDATION_ERROR', 400, requestMessages.invalidCharacter, {
        [problem.path]: requestMessages.invalidCharacterField,
      });
    }
    if (problem?.kind === 'depth') {
      throw new AppError('BAD_REQUEST', 400, withParams(requestMessages.nestedTooDeeply, { max: MAX_INPUT_DEPTH }));
    }
  });
});
