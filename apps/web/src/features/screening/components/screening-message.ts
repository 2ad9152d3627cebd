import { findScreeningMessageKey } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';

/** Shows a contracts screening validation message in the current language; other texts pass through. */
export function useScreeningMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('screening');
  return (message) => {
    if (!message) return undefined;
    const key = findScreeningMessageKey(message);
    return key ? t(`errors.${key}`) : message;
  };
}
