import type { ListPricesResponse, PriceCategory, PriceSortField } from '@fueldesk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { priceKeys } from './price-keys';

export interface PriceTableParams {
  /** YYYY-MM-DD; the latest publication date when absent. */
  date?: string;
  category?: PriceCategory;
  page: number;
  pageSize: number;
  sort: PriceSortField;
  order: 'asc' | 'desc';
}

/** GET /api/prices: one publication date's rows, filtered, sorted and paged by the server. */
export function getPrices(params: PriceTableParams, signal?: AbortSignal): Promise<ListPricesResponse> {
  return api.get<ListPricesResponse>('/prices', {
    signal,
    query: {
      date: params.date,
      category: params.category,
      page: params.page,
      page_size: params.pageSize,
      sort: params.sort,
      order: params.order,
    },
  });
}

export function pricesQueryOptions(params: PriceTableParams) {
  return queryOptions({
    queryKey: priceKeys.table(params),
    queryFn: ({ signal }) => getPrices(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePrices(params: PriceTableParams) {
  return useQuery(pricesQueryOptions(params));
}
