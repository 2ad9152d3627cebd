import { apiKeyMessages, type ApiKeyMessageKey } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';

const keysByText = new Map(Object.entries(apiKeyMessages).map(([key, text]) => [text as string, key as ApiKeyMessageKey]));

/** A contracts API-key message (validation or server field) in the current language; other texts pass through. */
export function useKeyMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('developers');
  return (message) => {
    if (!message) return undefined;
    const key = keysByText.get(message);
    return key ? t(`messages.${key}`) : message;
  };
}
