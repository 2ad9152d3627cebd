import type { ScreeningListsResponse } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage } from '@/lib/i18n';
import { formatListFigures } from '../api/sanctions-lists';

/** "OFAC SDN: 8,977 entries, published …" per loaded list, or how to load lists when none is. */
export function ListStatusPanel({ status }: { status: ScreeningListsResponse }) {
  const { t } = useTranslation('screening');
  const language = getCurrentLanguage();

  if (!status.loaded) {
    return (
      <section
        aria-labelledby="screening-no-list"
        className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
      >
        <h2 id="screening-no-list" className="text-lg font-semibold">
          {t('noList.title')}
        </h2>
        <p className="mt-2">{t('noList.body')}</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
          <li>
            <code>npm run fueldesk -- sanctions import PATH…</code> — {t('noList.import')}
          </li>
          <li>
            <code>npm run fueldesk -- sanctions update</code> — {t('noList.update')}
          </li>
          <li>
            <code>SANCTIONS_PATHS</code> — {t('noList.paths')}
          </li>
        </ul>
      </section>
    );
  }

  return (
    <section aria-labelledby="screening-lists" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <h2 id="screening-lists" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('lists.title')}
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-300">
        {status.lists.map((list) => {
          const figures = formatListFigures(list, language);
          return (
            <li key={list.source}>
              <span className="font-semibold">{t(`sources.${list.source}`)}</span>:{' '}
              {t('lists.entry', {
                ...figures,
                published: figures.publishedOn ? t('lists.publishedOn', { date: figures.publishedOn }) : t('lists.unknownDate'),
              })}
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {t('lists.threshold', { threshold: Math.round(status.threshold * 100) })}
      </p>
    </section>
  );
}
