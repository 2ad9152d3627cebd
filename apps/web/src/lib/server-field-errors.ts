import { isApiError } from './api-client';

/**
 * Copies a 400 answer's per-field messages onto a react-hook-form form, so each shows beside its
 * field. A nested name (interests.0) lands on its top-level field; names the form lacks are skipped.
 */
export function applyServerFieldErrors(
  error: unknown,
  fields: readonly string[],
  setError: (name: never, error: { type: string; message: string }) => void,
): void {
  if (!isApiError(error) || !error.fields) return;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = name.split('.')[0]!;
    if (fields.includes(field)) setError(field as never, { type: 'server', message });
  }
}
