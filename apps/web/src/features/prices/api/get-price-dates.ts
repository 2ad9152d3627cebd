import type { PriceDatesResponse } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { priceKeys } from './price-keys';

/** GET /api/prices/dates: every publication date holding data (the calendar's selectable days). */
export function getPriceDates(signal?: AbortSignal): Promise<PriceDatesResponse> {
  return api.get<PriceDatesResponse>('/prices/dates', { signal });
}

export function priceDatesQueryOptions() {
  return queryOptions({ queryKey: priceKeys.dates, queryFn: ({ signal }) => getPriceDates(signal), staleTime: 5 * 60_000 });
}

export function usePriceDates() {
  return useQuery(priceDatesQueryOptions());
}
