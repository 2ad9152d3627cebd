import { defineMessages } from '@fueldesk/contracts';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, resolveErrorMessage } from './api-client';
import i18n from './i18n';
import { useFormMessage } from './use-form-message';

describe('a message key defined after the texts were loaded', () => {
  // In the built app a feature chunk (its contracts schema) runs defineMessages after i18next copied
  // the English catalog: the key must still read as its text, not as "bank.emailRequired".
  it('shows its English text in a form and in a server error', async () => {
    await i18n.changeLanguage('en');
    const late = defineMessages('lateChunk', { tooMany: 'At most {{max}} names.' });
    const { result } = renderHook(() => useFormMessage());
    expect(result.current(late.tooMany, { max: 3 })).toBe('At most 3 names.');
    expect(resolveErrorMessage(new ApiError({ status: 400, code: 'VALIDATION', detail: 'x', key: late.tooMany, params: { max: 4 } }))).toBe('At most 4 names.');
  });
});
