import type { NewsCategory, NewsLanguage } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

const categoryStyles: Record<NewsCategory, string> = {
  oil: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200',
  market: 'bg-sky-100 text-sky-900 dark:bg-sky-500/15 dark:text-sky-200',
  regulation: 'bg-violet-100 text-violet-900 dark:bg-violet-500/15 dark:text-violet-200',
};

const badgeBase = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

export function CategoryBadge({ category }: { category: NewsCategory }) {
  const { t } = useTranslation('news');
  return <span className={clsx(badgeBase, categoryStyles[category])}>{t(`categories.${category}`)}</span>;
}

/** Shown when the text is in another language than the interface (no translation exists). */
export function LanguageBadge({ language }: { language: NewsLanguage }) {
  const { t } = useTranslation('news');
  const name = t(`badges.languages.${language}`);
  return (
    <span
      className={clsx(badgeBase, 'bg-slate-200 uppercase text-slate-800 dark:bg-slate-700 dark:text-slate-100')}
      title={t('badges.languageTitle', { language: name })}
    >
      <span aria-hidden="true">{language}</span>
      <span className="sr-only">{t('badges.languageTitle', { language: name })}</span>
    </span>
  );
}

export function DemoBadge() {
  const { t } = useTranslation('news');
  return (
    <span
      className={clsx(badgeBase, 'border border-dashed border-slate-400 text-slate-700 dark:border-slate-500 dark:text-slate-300')}
      title={t('badges.demoTitle')}
    >
      {t('badges.demo')}
    </span>
  );
}
