import type { Language, Release } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { getCurrentLanguage } from '@/lib/i18n';

export const releasesKeys = {
  all: ['releases'] as const,
  /** The server answers in the Accept-Language the api client sends: one cache entry per language. */
  list: (language: Language) => ['releases', 'list', language] as const,
};

/** GET /api/releases: newest first, in the current language where a release has it (else English). */
export function getReleases(signal?: AbortSignal): Promise<Release[]> {
  return api.get<Release[]>('/releases', { signal });
}

export const releasesQueryOptions = (language: Language) =>
  queryOptions({ queryKey: releasesKeys.list(language), queryFn: ({ signal }) => getReleases(signal) });

export function useReleases() {
  // Re-renders on a language change, so the key changes and the list is fetched in the new language.
  useTranslation();
  return useQuery(releasesQueryOptions(getCurrentLanguage()));
}
