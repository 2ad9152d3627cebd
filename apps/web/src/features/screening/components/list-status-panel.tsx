import { isAdmin, type ScreeningListsResponse } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/auth-store/auth-provider';
import { ListFreshnessItems, ListUpload } from './sanctions-lists-freshness';

/**
 * The lists screened against, with their freshness (stale and undated lists flagged in words), or —
 * when none is loaded — that nothing can be screened. Admins can load list files here (the upload
 * keeps its place, and its report, when the first list arrives); anyone else is told to ask an
 * administrator.
 */
export function ListStatusPanel({ status }: { status: ScreeningListsResponse }) {
  const { t } = useTranslation('screening');
  const { t: tl } = useTranslation('lists');
  const { role, isSuperadmin } = useSession();
  const admin = isAdmin({ role, is_superadmin: isSuperadmin });
  const headingId = status.loaded ? 'screening-lists' : 'screening-no-list';

  return (
    <section
      aria-labelledby={headingId}
      className={
        status.loaded
          ? 'flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900'
          : 'flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100'
      }
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {status.loaded ? t('lists.title') : t('noList.title')}
      </h2>
      {status.loaded ? <ListFreshnessItems status={status} details /> : <p>{t('noList.body')}</p>}
      {status.loaded ? <p className="text-sm text-slate-600 dark:text-slate-400">{t('lists.threshold', { threshold: Math.round(status.threshold * 100) })}</p> : null}
      {admin ? <ListUpload /> : status.loaded ? null : <p className="font-semibold">{tl('askAdmin')}</p>}
    </section>
  );
}
