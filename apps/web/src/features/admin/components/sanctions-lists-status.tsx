import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { getCurrentLanguage } from '@/lib/i18n';
import { formatListFigures, useSanctionsLists } from '@/lib/sanctions-lists';

/** For administrators: whether sanctions lists are loaded, and how to load them when none is. */
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
    body = (
      <p className="font-semibold text-amber-900 dark:text-amber-200">
        {t('sanctions.none')} <code>npm run fueldesk -- sanctions import PATH…</code>, <code>npm run fueldesk -- sanctions update</code>,{' '}
        <code>SANCTIONS_PATHS</code>.
      </p>
    );
  } else {
    body = (
      <ul>
        {lists.data.lists.map((list) => {
          const figures = formatListFigures(list, getCurrentLanguage());
          return (
            <li key={list.source}>
              {t('sanctions.entry', {
                source: t(`sanctions.sources.${list.source}`),
                entries: figures.entries,
                published: figures.publishedOn ? t('sanctions.publishedOn', { date: figures.publishedOn }) : t('sanctions.unknownDate'),
                loaded: figures.loaded,
              })}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section aria-labelledby="admin-sanctions" className="mb-4 rounded-lg border border-slate-200 p-3 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
      <h2 id="admin-sanctions" className="font-semibold text-slate-900 dark:text-slate-100">
        {t('sanctions.title')}
      </h2>
      {body}
    </section>
  );
}
