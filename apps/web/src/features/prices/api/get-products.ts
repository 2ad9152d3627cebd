import type { ProductListResponse } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { priceKeys } from './price-keys';

/** GET /api/prices/products: the configured products with the span of their data. */
export function getProducts(signal?: AbortSignal): Promise<ProductListResponse> {
  return api.get<ProductListResponse>('/prices/products', { signal });
}

export function productsQueryOptions() {
  return queryOptions({ queryKey: priceKeys.products, queryFn: ({ signal }) => getProducts(signal), staleTime: 5 * 60_000 });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
