import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
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
  return (
    <QueryState query={lists} size="md" loadingText={t('lists.loading')} errorTitle={t('lists.error')} errorDetail={resolveErrorMessage} retryLabel={t('retry')}>
      {(status) => <ListStatusPanel status={status} />}
    </QueryState>
  );
}
