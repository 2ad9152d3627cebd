import type { PriceMoversResponse } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { priceKeys } from './price-keys';

export interface PriceMoversParams {
  date?: string;
  limit: number;
}

/** GET /api/prices/movers: biggest rises and falls by percent change. */
export function getPriceMovers(params: PriceMoversParams, signal?: AbortSignal): Promise<PriceMoversResponse> {
  return api.get<PriceMoversResponse>('/prices/movers', { signal, query: { date: params.date, limit: params.limit } });
}

export function priceMoversQueryOptions(params: PriceMoversParams) {
  return queryOptions({ queryKey: priceKeys.movers(params), queryFn: ({ signal }) => getPriceMovers(params, signal) });
}

export function usePriceMovers(params: PriceMoversParams) {
  return useQuery(priceMoversQueryOptions(params));
}
