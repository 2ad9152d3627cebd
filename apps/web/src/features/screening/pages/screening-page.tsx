import { SCREENING_LISTS_UPDATED_EVENT } from '@fueldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { resolveErrorMessage } from '@/lib/api-client';
import { useServerEvent } from '@/lib/server-events';
import { useSanctionsLists } from '@/lib/sanctions-lists';
import { BatchScreening } from '../components/batch-screening';
import { FileBatchScreening } from '../components/file-batch-screening';
import { ListStatusPanel } from '../components/list-status-panel';
import { ScreeningSearch } from '../components/screening-search';

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
      {lists.isPending ? (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner className="size-5" />
          {t('lists.loading')}
        </p>
      ) : lists.isError ? (
        <ErrorState title={t('lists.error')} detail={resolveErrorMessage(lists.error)} retryLabel={t('retry')} onRetry={() => void lists.refetch()} />
      ) : (
        <ListStatusPanel status={lists.data} />
      )}
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
