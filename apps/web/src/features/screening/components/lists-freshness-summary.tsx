import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { resolveErrorMessage } from '@/lib/api-client';
import { useSanctionsLists } from '../api/sanctions-lists';
import { ListFreshnessItems } from './sanctions-lists-freshness';

/**
 * The freshness of the lists results were screened against, for pages that show results but do
 * not manage lists (the watchlist, through app/watchlist-route.tsx): each list's publication date,
 * age, version and load date, stale or undated lists flagged in words; no upload, no download
 * details. With its loading, error and nothing-loaded states.
 */
export function ListsFreshnessSummary() {
  const { t } = useTranslation('lists');
  const lists = useSanctionsLists();
  const frame = 'flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-700 dark:bg-slate-900';
  return (
    <section aria-labelledby="lists-freshness-summary" className={frame}>
      <h2 id="lists-freshness-summary" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('summary.title')}
      </h2>
      <QueryState query={lists} loadingText={t('summary.loading')} errorTitle={t('summary.error')} errorDetail={resolveErrorMessage} retryLabel={t('summary.retry')}>
        {(status) =>
          status.loaded ? (
            <ListFreshnessItems status={status} />
          ) : (
            <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm font-semibold text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100">
              {t('summary.none')}
            </p>
          )
        }
      </QueryState>
    </section>
  );
}
