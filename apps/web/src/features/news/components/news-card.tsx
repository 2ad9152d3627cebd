import type { NewsListItem } from '@fueldesk/contracts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatNewsDate, useNewsLanguage } from '../lib/use-news-language';
import { CategoryBadge, DemoBadge, LanguageBadge } from './news-badges';
import { NewsImage } from './news-image';

interface NewsCardProps {
  article: NewsListItem;
  /** Where "back" on the detail page should return (the list with its filters). */
  from: string;
}

export function NewsCard({ article, from }: NewsCardProps) {
  const { t } = useTranslation('news');
  const language = useNewsLanguage();
  const untranslated = article.display_language !== language;
  return (
    <article
      lang={article.display_language}
      className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-amber-500 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <NewsImage src={article.image_url} className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2" lang={language}>
          <CategoryBadge category={article.category} />
          {untranslated ? <LanguageBadge language={article.display_language} /> : null}
          {article.is_demo ? <DemoBadge /> : null}
        </div>
        <h3 className="text-base font-semibold leading-snug text-slate-900 dark:text-slate-50">
          <Link
            to={`/news/${article.id}`}
            state={{ from }}
            className="after:absolute after:inset-0 focus:outline-none"
            aria-label={t('card.readMore', { title: article.display_title })}
          >
            {article.display_title}
          </Link>
        </h3>
        {article.display_summary ? (
          <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-300">{article.display_summary}</p>
        ) : null}
        <p className="mt-auto flex flex-wrap gap-x-2 pt-2 text-xs text-slate-500 dark:text-slate-400" lang={language}>
          <span>{article.source_name}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={article.published_at}>{formatNewsDate(article.published_at, language)}</time>
        </p>
      </div>
    </article>
  );
}
