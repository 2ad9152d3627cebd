import { FALLBACK_LANGUAGE, LANGUAGES, type NewsLanguage } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';

/** The interface language as an article language; re-renders when the user switches. */
export function useNewsLanguage(): NewsLanguage {
  const { i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(current) ? (current as NewsLanguage) : FALLBACK_LANGUAGE;
}

export function formatNewsDate(iso: string, language: NewsLanguage, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-US', {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}
