import { newsCategories, type NewsCategory } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

interface NewsCategoryChipsProps {
  value: NewsCategory | undefined;
  onChange: (category: NewsCategory | undefined) => void;
}

/** "All" plus one toggle per section; the pressed one is the active filter. */
export function NewsCategoryChips({ value, onChange }: NewsCategoryChipsProps) {
  const { t } = useTranslation('news');
  const options: (NewsCategory | undefined)[] = [undefined, ...newsCategories];
  return (
    <div role="group" aria-label={t('list.filtersLabel')} className="flex flex-wrap gap-2">
      {options.map((category) => {
        const active = value === category;
        return (
          <button
            key={category ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(category)}
            className={clsx(
              'focus-ring rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
              active
                ? 'border-amber-500 bg-amber-500 text-slate-950'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700',
            )}
          >
            {t(category ? `categories.${category}` : 'categories.all')}
          </button>
        );
      })}
    </div>
  );
}
