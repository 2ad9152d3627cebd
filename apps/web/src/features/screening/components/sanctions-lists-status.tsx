import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { resolveErrorMessage } from '@/lib/api-client';
import { useSanctionsLists } from '../api/sanctions-lists';
import { ListStatusPanel } from './list-status-panel';

/**
 * The sanctions lists' status with its loading and error states: the screening page and the admin
 * page (through app/admin-sessions-route.tsx) show this one panel.
 */
export function SanctionsListsStatus() {
  const { t } = useTranslation('screening');
  const lists = useSanctionsLists();
  if (lists.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
        <Spinner className="size-5" />
        {t('lists.loading')}
      </p>
    );
  }
  if (lists.isError) {
    return <ErrorState title={t('lists.error')} detail={resolveErrorMessage(lists.error)} retryLabel={t('retry')} onRetry={() => void lists.refetch()} />;
  }
  return <ListStatusPanel status={lists.data} />;
}
