import type { PriceSummaryResponse } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { priceKeys } from './price-keys';

/** GET /api/prices/summary: per category average, change and breadth. */
export function getPriceSummary(params: { date?: string }, signal?: AbortSignal): Promise<PriceSummaryResponse> {
  return api.get<PriceSummaryResponse>('/prices/summary', { signal, query: { date: params.date } });
}

export function priceSummaryQueryOptions(params: { date?: string }) {
  return queryOptions({ queryKey: priceKeys.summary(params), queryFn: ({ signal }) => getPriceSummary(params, signal) });
}

export function usePriceSummary(params: { date?: string } = {}) {
  return useQuery(priceSummaryQueryOptions(params));
}
