import { SCREENING_LISTS_UPDATED_EVENT } from '@fueldesk/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServerEvent } from '@/lib/server-events';
import { sanctionsListsQueryOptions, useSanctionsLists } from '../api/sanctions-lists';
import { BatchScreening } from '../components/batch-screening';
import { FileBatchScreening } from '../components/file-batch-screening';
import { SanctionsListsStatus } from '../components/sanctions-lists-status';
import { ScreeningSearch } from '../components/screening-search';

/**
 * Loads the lists' status into the cache: the app's start awaits it before the first render when the
 * entry script has asked for it early (app/signed-in-pages.ts). Never rejects.
 */
export function primeScreeningData(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(sanctionsListsQueryOptions());
}

/** /due-diligence/screening: sanctions screening of one name or a pasted batch, with the lists' status. */
export default function ScreeningPage() {
  const { t } = useTranslation('screening');
  const lists = useSanctionsLists();
  const queryClient = useQueryClient();
  // A new list version was stored (an import or the daily download): show it and screen against it.
  useServerEvent(SCREENING_LISTS_UPDATED_EVENT, () => void queryClient.invalidateQueries({ queryKey: ['screening'] }));

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 p-4 sm:p-6">
      <p className="text-slate-700 dark:text-slate-300">{t('intro')}</p>
      <SanctionsListsStatus />
      {lists.data?.loaded ? (
        <>
          <ScreeningSearch />
          <BatchScreening />
          <FileBatchScreening />
        </>
      ) : null}
    </div>
  );
}
