import type { PriceHistoryResponse } from '@fueldesk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { priceKeys } from './price-keys';

export interface PriceHistoryParams {
  codes: string[];
  from?: string;
  to?: string;
}

/** GET /api/prices/history: spot series of up to 10 products over up to 10 years. */
export function getPriceHistory(params: PriceHistoryParams, signal?: AbortSignal): Promise<PriceHistoryResponse> {
  return api.get<PriceHistoryResponse>('/prices/history', {
    signal,
    query: { codes: params.codes.join(','), from: params.from, to: params.to },
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
