import type { PriceHistoryResponse } from '@fueldesk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { priceKeys } from './price-keys';

export interface PriceHistoryParams {
  codes: string[];
  from?: string;
  to?: string;
  /** Downsample each series on the server to at most this many points (see chartMaxPoints). */
  maxPoints?: number;
}

/**
 * What a chart as wide as the window can show: two points per pixel (the lowest and highest of each
 * pixel's span, which is what the server's min/max downsampling keeps). The width is rounded up to
 * 256 px so that resizing by a little asks for the same (cached) answer.
 */
export function chartMaxPoints(viewportWidth = typeof window === 'undefined' ? 1920 : window.innerWidth): number {
  return Math.min(10_000, 2 * Math.max(256, Math.ceil(viewportWidth / 256) * 256));
}

/** GET /api/prices/history: spot series of up to 10 products over up to 10 years. */
export function getPriceHistory(params: PriceHistoryParams, signal?: AbortSignal): Promise<PriceHistoryResponse> {
  return api.get<PriceHistoryResponse>('/prices/history', {
    signal,
    query: { codes: params.codes.join(','), from: params.from, to: params.to, max_points: params.maxPoints },
  });
}

export function priceHistoryQueryOptions(params: PriceHistoryParams) {
  return queryOptions({
    queryKey: priceKeys.history(params),
    queryFn: ({ signal }) => getPriceHistory(params, signal),
    enabled: params.codes.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function usePriceHistory(params: PriceHistoryParams) {
  return useQuery(priceHistoryQueryOptions(params));
}
