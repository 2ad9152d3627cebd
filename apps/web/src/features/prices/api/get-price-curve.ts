import type { PriceCurveResponse } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

/** GET /api/prices/curve: a futures product's forward curve (latest by default) with a week and a month before. */
export function getPriceCurve(code: string, signal?: AbortSignal): Promise<PriceCurveResponse> {
  return api.get<PriceCurveResponse>('/prices/curve', { signal, query: { code } });
}

export function priceCurveQueryOptions(code: string) {
  return queryOptions({
    // Under 'prices': refreshed with every other price query when an import lands.
    queryKey: ['prices', 'curve', code] as const,
    queryFn: ({ signal }) => getPriceCurve(code, signal),
    enabled: code !== '',
    // A product without a curve answers 404: an empty state, not something to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

export function usePriceCurve(code: string) {
  return useQuery(priceCurveQueryOptions(code));
}
