import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerFieldErrors } from './server-field-errors';

describe('applyServerFieldErrors', () => {
  it('puts each message on its field, nested names on their top-level field, and skips unknown names', () => {
    const setError = vi.fn();
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      fields: { email: 'Invalid email.', 'interests.0': 'Choose one.', secret: 'not a field' },
    });
    applyServerFieldErrors(error, ['email', 'interests'], setError);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Invalid email.' }],
      ['interests', { type: 'server', message: 'Choose one.' }],
    ]);
  });

  it('does nothing for an answer without fields or an error that is not an API answer', () => {
    const setError = vi.fn();
    applyServerFieldErrors(new ApiError({ status: 500 }), ['email'], setError);
    applyServerFieldErrors(new Error('network'), ['email'], setError);
    expect(setError).not.toHaveBeenCalled();
  });
});
