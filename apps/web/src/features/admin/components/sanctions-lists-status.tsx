import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { ListFreshnessItems, ListUpload } from '@/features/screening/components/sanctions-lists-freshness';
import { useSanctionsLists } from '@/lib/sanctions-lists';

/** For administrators: each list's freshness and the daily download's state, and the upload of list files. */
export function SanctionsListsStatus() {
  const { t } = useTranslation('admin');
  const lists = useSanctionsLists();

  let body;
  if (lists.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2">
        <Spinner className="size-4" />
        {t('sanctions.loading')}
      </p>
    );
  } else if (lists.isError) {
    body = <p role="alert">{t('sanctions.failed')}</p>;
  } else if (!lists.data.loaded) {
    body = <p className="font-semibold text-amber-900 dark:text-amber-200">{t('sanctions.none')}</p>;
  } else {
    body = <ListFreshnessItems status={lists.data} details />;
  }
  return (
    <section aria-labelledby="admin-sanctions" className="mb-4 flex flex-col gap-3 rounded-lg border border-slate-200 p-3 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
      <h2 id="admin-sanctions" className="font-semibold text-slate-900 dark:text-slate-100">
        {t('sanctions.title')}
      </h2>
      {body}
      <ListUpload />
    </section>
  );
}
