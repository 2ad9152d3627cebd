import { isApiError, resolveErrorMessage } from '@/lib/api-client';
import { useFormMessage } from '@/lib/use-form-message';

/** A bank or sharing message (from a form or the server's detail) in the user's language. */
export function useBankText() {
  const text = useFormMessage();
  const errorText = (error: unknown, fallback?: string): string => {
    if (isApiError(error) && error.key?.startsWith('bank.')) return resolveErrorMessage(error);
    if (isApiError(error) && error.code === 'PROVIDER_ERROR' && error.status !== 400 && fallback) return fallback;
    return resolveErrorMessage(error);
  };
  return { text, errorText };
}
