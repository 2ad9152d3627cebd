import type { Language } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import i18n from '@/lib/i18n';
import type { LegalContent } from './legal-values';

/** The i18next namespace that holds the long legal texts once loaded. */
export const LEGAL_CONTENT_NS = 'legalContent';

// The texts are tens of kilobytes per language, so they are a separate chunk fetched by the
// /Policy pages only, not part of the bundle every page loads.
const loaders: Record<Language, () => Promise<{ default: unknown }>> = {
  en: () => import('./content/en.json'),
  es: () => import('./content/es.json'),
};

/** Loads one language's legal texts into i18next (once) and resolves to them. */
export async function loadLegalContent(language: Language): Promise<LegalContent> {
  if (!i18n.hasResourceBundle(language, LEGAL_CONTENT_NS)) {
    const module = await loaders[language]();
    i18n.addResourceBundle(language, LEGAL_CONTENT_NS, module.default, true, true);
  }
  return i18n.getResourceBundle(language, LEGAL_CONTENT_NS) as LegalContent;
}

export function legalContentQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['legal', 'content', language],
    queryFn: () => loadLegalContent(language),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useLegalContent(language: Language) {
  return useQuery(legalContentQueryOptions(language));
}
