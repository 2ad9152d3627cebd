import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Product names and delivery modes in the reader's language. A name is the server's: the English
 * one, or in Spanish the name an admin keeps (`name_es`, `product_name_es`); products the server
 * sends no Spanish name for fall back to the catalogue (locales/<lang>/prices.json `catalog`, by
 * code) and then to the English text.
 */
export function useProductLabels() {
  const { t, i18n } = useTranslation('prices');
  const spanish = i18n.language.startsWith('es');
  const name = useCallback(
    (code: string, english: string, nameEs?: string | null) => {
      if (!spanish) return english;
      return nameEs || t(`catalog.products.${code}`, { defaultValue: english });
    },
    [t, spanish],
  );
  const delivery = useCallback((code: string, fallback: string) => t(`catalog.delivery.${code}`, { defaultValue: fallback }), [t]);
  return { name, delivery };
}
