import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the market-data feature; everything under `prices` is refreshed by a price update. */
export const priceKeys = {
  all: ['prices'] as const,
  products: ['prices', 'products'] as const,
  table: (params: object) => ['prices', 'table', params] as const,
  dates: ['prices', 'dates'] as const,
  history: (params: object) => ['prices', 'history', params] as const,
  movers: (params: object) => ['prices', 'movers', params] as const,
  summary: (params: object) => ['prices', 'summary', params] as const,
  dashboards: ['dashboards'] as const,
};

/**
 * Refetches every price query on screen. Call it when the server announces `prices_updated`
 * (an import added prices); dashboards are the user's own and are left alone.
 */
export function invalidatePriceQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: priceKeys.all });
}
