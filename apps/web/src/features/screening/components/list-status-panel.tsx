import { isAdmin, type ScreeningListsResponse } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/auth-store/auth-provider';
import { ListFreshnessItems, ListUpload } from './sanctions-lists-freshness';

/**
 * The lists screened against, with their freshness (stale and undated lists flagged in words), or —
 * when none is loaded — that nothing can be screened. Admins can load list files here; anyone else is
 * told to ask an administrator.
 */
export function ListStatusPanel({ status }: { status: ScreeningListsResponse }) {
  const { t } = useTranslation('screening');
  const { t: tl } = useTranslation('lists');
  const { role, isSuperadmin } = useSession();
  const admin = isAdmin({ role, is_superadmin: isSuperadmin });

  if (!status.loaded) {
    return (
      <section
        aria-labelledby="screening-no-list"
        className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
      >
        <h2 id="screening-no-list" className="text-lg font-semibold">
          {t('noList.title')}
        </h2>
        <p>{t('noList.body')}</p>
        {admin ? <ListUpload /> : <p className="font-semibold">{tl('askAdmin')}</p>}
      </section>
    );
  }

  return (
    <section aria-labelledby="screening-lists" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <h2 id="screening-lists" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('lists.title')}
      </h2>
      <ListFreshnessItems status={status} details />
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('lists.threshold', { threshold: Math.round(status.threshold * 100) })}</p>
      {admin ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium">{tl('upload.title')}</summary>
          <div className="mt-2">
            <ListUpload />
          </div>
        </details>
      ) : null}
    </section>
  );
}
