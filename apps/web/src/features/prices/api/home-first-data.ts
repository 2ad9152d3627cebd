import type { QueryClient } from '@tanstack/react-query';
import { dashboardsQueryOptions } from './get-dashboards';
import { priceMoversQueryOptions } from './get-price-movers';
import { priceSummaryQueryOptions } from './get-price-summary';
import { productsQueryOptions } from './get-products';

/** How many gainers and losers the signed-in home shows (its MoversPanel's default). */
export const HOME_MOVERS_LIMIT = 5;

/**
 * Loads the queries the signed-in home shows first and that need no earlier answer (the ones
 * app/early-start.ts asks for while the app's code downloads: the API client takes those answers)
 * into the cache. The app's start awaits it before the first render when those requests are out, so
 * that the page renders once, with its data, instead of a loading state followed by one render per
 * answer. Never rejects: a failed query is asked again by the page that shows it.
 */
export async function primeHomeData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(dashboardsQueryOptions()),
    queryClient.prefetchQuery(productsQueryOptions()),
    queryClient.prefetchQuery(priceMoversQueryOptions({ limit: HOME_MOVERS_LIMIT })),
    queryClient.prefetchQuery(priceSummaryQueryOptions({})),
  ]);
}
