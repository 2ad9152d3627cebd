import { lazy, Suspense } from 'react';
import WatchlistPage from '@/features/watchlist/pages/watchlist-page';

// The screening feature's freshness summary loads beside the page: the watchlist does not wait for it.
const ListsFreshnessSummary = lazy(() =>
  import('@/features/screening/components/lists-freshness-summary').then((module) => ({ default: module.ListsFreshnessSummary })),
);

/** /due-diligence/watchlist: the watchlist with the freshness of the lists it is screened against (app/ composes features). */
export default function WatchlistRoute() {
  return (
    <WatchlistPage
      listsPanel={
        <Suspense fallback={null}>
          <ListsFreshnessSummary />
        </Suspense>
      }
    />
  );
}
