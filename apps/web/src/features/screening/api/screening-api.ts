import type {
  EntityType,
  ScreeningBatchResponse,
  ScreeningEntity,
  ScreeningSearchResponse,
} from '@fueldesk/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, downloadFile } from '@/lib/api-client';
import i18n from '@/lib/i18n';

/** The server writes the explanations in this language (English or Spanish), as the page shows. */
const languageHeader = (): Record<string, string> => ({ 'accept-language': i18n.language?.startsWith('es') ? 'es' : 'en' });

export interface ScreeningSearchParams {
  q: string;
  type?: EntityType;
}

export const screeningKeys = {
  search: (params: ScreeningSearchParams, language: string) => ['screening', 'search', params, language] as const,
};

/** GET /api/screening/search: one name against the loaded lists, best match first. */
export function searchScreening(params: ScreeningSearchParams, signal?: AbortSignal): Promise<ScreeningSearchResponse> {
  return api.get<ScreeningSearchResponse>('/screening/search', { signal, headers: languageHeader(), query: { q: params.q, type: params.type, limit: 20 } });
}

export function useScreeningSearch(params: ScreeningSearchParams | null) {
  const { i18n: current } = useTranslation();
  return useQuery({
    queryKey: screeningKeys.search(params ?? { q: '' }, current.language),
    queryFn: ({ signal }) => searchScreening(params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/screening/batch: up to 1,000 names, results in the same order. */
export function batchScreening(names: string[]): Promise<ScreeningBatchResponse> {
  return api.post<ScreeningBatchResponse>('/screening/batch', { queries: names.map((name) => ({ name })) }, { headers: languageHeader() });
}

/** POST /api/screening/batch with a CSV or XLSX file (multipart, field "file"). */
export function batchScreeningFile(file: File): Promise<ScreeningBatchResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<ScreeningBatchResponse>('/screening/batch', form, { headers: languageHeader() });
}

/** The same file's results as CSV (`?format=csv`), saved as `<file name>-results.csv`. */
export function downloadBatchScreeningCsv(file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  const filename = `${file.name.replace(/\.[^.]+$/, '') || 'screening'}-results.csv`;
  return downloadFile('/screening/batch', filename, { method: 'POST', body: form, headers: { ...languageHeader(), accept: 'text/csv' }, query: { format: 'csv' } });
}

export function useBatchScreening() {
  return useMutation({ mutationKey: ['screening', 'batch'], mutationFn: batchScreening });
}

/** GET /api/screening/entities/{id}: the list entry in full, fetched when its details are opened. */
export function useScreeningEntity(entityId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['screening', 'entity', entityId],
    queryFn: ({ signal }) => // Ids are `<source>:<list id>` (letters, digits, `_`, `.`, `-`, `:`): safe in a path as they are.
      api.get<ScreeningEntity>(`/screening/entities/${entityId}`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
