import { findFormMessageKey } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';

/** Shows a contracts validation message in the current language; other texts pass through. */
export function useFormMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('forms');
  return (message) => {
    if (!message) return undefined;
    const key = findFormMessageKey(message);
    return key ? t(`messages.${key}`) : message;
  };
}
