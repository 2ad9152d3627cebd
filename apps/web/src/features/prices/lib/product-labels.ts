import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Product names and delivery modes in the reader's language (locales/<lang>/prices.json `catalog`,
 * by product code). A product the catalogue does not know yet keeps the server's English text.
 */
export function useProductLabels() {
  const { t } = useTranslation('prices');
  const name = useCallback((code: string, fallback: string) => t(`catalog.products.${code}`, { defaultValue: fallback }), [t]);
  const delivery = useCallback((code: string, fallback: string) => t(`catalog.delivery.${code}`, { defaultValue: fallback }), [t]);
  return { name, delivery };
}
