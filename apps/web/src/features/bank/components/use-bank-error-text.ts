import { findBankMessageKey } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError, resolveErrorMessage } from '@/lib/api-client';

/** A bank or sharing message (from a form or the server's detail) in the user's language. */
export function useBankText() {
  const { t } = useTranslation('bank');
  const text = (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const key = findBankMessageKey(message);
    return key ? t(`messages.${key}`) : message;
  };
  const errorText = (error: unknown, fallback?: string): string => {
    if (isApiError(error) && error.detail && findBankMessageKey(error.detail)) return text(error.detail)!;
    if (isApiError(error) && error.code === 'PROVIDER_ERROR' && error.status !== 400 && fallback) return fallback;
    return resolveErrorMessage(error);
  };
  return { text, errorText };
}
