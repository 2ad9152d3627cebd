import { sanctionsListName, sanctionsSources, type SanctionsSource, type ScreeningImportResponse, type ScreeningList, type ScreeningListsResponse } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, buildApiUrl, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { readAccessToken } from '@/lib/auth-storage';
import i18n from '@/lib/i18n';

/** GET /api/screening/lists: which sanctions lists this installation screens against (loaded: false on a fresh install). */
export const sanctionsListsQueryOptions = () =>
  queryOptions({
    queryKey: ['screening', 'lists'],
    queryFn: ({ signal }) => api.get<ScreeningListsResponse>('/screening/lists', { signal }),
  });

export function useSanctionsLists() {
  return useQuery(sanctionsListsQueryOptions());
}

/** The lists FuelDesk knows that are not loaded, by human name. */
export function missingListNames(status: ScreeningListsResponse, language: string): string[] {
  const loaded = new Set(status.lists.map((list) => list.source));
  return sanctionsSources.filter((source) => !loaded.has(source)).map((source) => sanctionsListName(source, language));
}

/** A loaded list's figures as the screening page and the admin panel show them, in the given language. */
export function formatListFigures(list: ScreeningList, language: string) {
  const numbers = new Intl.NumberFormat(language);
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const times = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const at = (iso: string | null | undefined) => (iso ? times.format(new Date(iso)) : null);
  return {
    entries: numbers.format(list.entries),
    names: numbers.format(list.names),
    publishedOn: list.published_at ? dates.format(new Date(list.published_at)) : null,
    loaded: dates.format(new Date(list.loaded_at)),
    lastChecked: at(list.update?.last_checked_at),
    lastChanged: at(list.update?.last_changed_at),
    nextRun: at(list.update?.next_run_at),
  };
}

/**
 * POST /api/screening/lists/import with the files (multipart), reporting upload progress (0..1).
 * XMLHttpRequest rather than fetch: fetch reports no upload progress.
 */
export function uploadSanctionsLists(files: File[], source: SanctionsSource | null, onProgress: (fraction: number) => void): Promise<ScreeningImportResponse> {
  const form = new FormData();
  if (source) form.append('source', source);
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', buildApiUrl('/screening/lists/import'));
    const token = readAccessToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    if (i18n.language) request.setRequestHeader('Accept-Language', i18n.language);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError({ status: 0, code: NETWORK_ERROR_CODE }));
    request.onload = () => {
      let payload: Record<string, unknown> | null = null;
      try {
        payload = JSON.parse(request.responseText) as Record<string, unknown>;
      } catch {
        payload = null;
      }
      if (request.status >= 200 && request.status < 300 && payload) {
        resolve(payload as unknown as ScreeningImportResponse);
        return;
      }
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
      reject(new ApiError({ status: request.status, code: text(payload?.code), detail: text(payload?.detail), statusText: request.statusText, body: request.responseText }));
    };
    request.send(form);
  });
}
