import { isMessageKey } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { MESSAGES_NAMESPACE } from './i18n';

/**
 * Shows a message key (a Zod issue's message from contracts, a server error's `key`) in the
 * current language; a text that is not a key passes through as it is.
 */
export function useFormMessage(): (message: string | undefined, params?: Record<string, string | number>) => string | undefined {
  const { t } = useTranslation(MESSAGES_NAMESPACE);
  return (message, params) => {
    if (!message) return undefined;
    return isMessageKey(message) ? t(message, { ...params, ns: MESSAGES_NAMESPACE }) : message;
  };
}
