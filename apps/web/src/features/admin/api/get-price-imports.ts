import type { PriceImportListResponse } from '@fueldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/price-imports: the price-import history, newest first (admin only). */
export function usePriceImports(filters: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['admin', 'price-imports', filters],
    queryFn: ({ signal }) => api.get<PriceImportListResponse>('/admin/price-imports', { query: { page: filters.page, page_size: filters.pageSize }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
