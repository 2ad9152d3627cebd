import { isAdmin, type NewsCategory } from '@fueldesk/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { resolveErrorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { useNewsList } from '../api/get-news-list';
import { buildNewsSearch, readNewsFilters, type NewsFilters } from '../lib/news-filters';
import { useNewsLanguage } from '../lib/use-news-language';
import { NewsAdminPanel } from './news-admin-panel';
import { NewsCard } from './news-card';
import { NewsCategoryChips } from './news-category-chips';
import { NewsPagination } from './news-pagination';
import { NewsSearchBox } from './news-search-box';

function LoadingCards({ count }: { count: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
      {Array.from({ length: Math.min(count, 6) }, (_, index) => (
        <li key={index} className="animate-pulse overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <div className="aspect-[16/9] bg-slate-200 dark:bg-slate-800" />
          <div className="flex flex-col gap-2 p-4">
            <div className="h-4 w-20 rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-5 w-full rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-4 w-3/4 rounded bg-slate-200 dark:bg-slate-800" />
          </div>
        </li>
      ))}
    </ul>
  );
}

interface NewsListViewProps {
  /** Set on /news/<category> (custom News sub-items): the section is part of the path. */
  fixedCategory?: NewsCategory;
}

/** The news list: category chips, search, cards, rows per page and pagination, all kept in the URL. */
export function NewsListView({ fixedCategory }: NewsListViewProps) {
  const { t } = useTranslation('news');
  const language = useNewsLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { role, isSuperadmin } = useSession();
  const filters = readNewsFilters(searchParams, fixedCategory);
  const query = useNewsList({ category: filters.category, q: filters.q, page: filters.page, pageSize: filters.pageSize, lang: language });

  const applyFilters = (changes: Partial<NewsFilters>) => {
    const next: NewsFilters = { ...filters, page: 1, ...changes };
    if (fixedCategory && next.category !== fixedCategory) {
      // Leaving the section of a custom sub-item: back to the plain list with the new filter.
      navigate(`/news${buildNewsSearch(next)}`);
      return;
    }
    setSearchParams(new URLSearchParams(buildNewsSearch(next, { includeCategory: !fixedCategory })));
  };

  const totalPages = query.data?.total_pages ?? 0;
  useEffect(() => {
    // A hand-edited or stale page number past the end shows the last page instead of nothing.
    if (totalPages > 0 && filters.page > totalPages) {
      setSearchParams(new URLSearchParams(buildNewsSearch({ ...filters, page: totalPages }, { includeCategory: !fixedCategory })), { replace: true });
    }
  }, [totalPages, filters, fixedCategory, setSearchParams]);

  const from = `${location.pathname}${location.search}`;
  const hasFilters = Boolean(filters.q || (filters.category && !fixedCategory));
  const heading = fixedCategory ? t('list.headingCategory', { category: t(`categories.${fixedCategory}`) }) : t('list.heading');

  let content;
  if (query.isPending) {
    content = (
      <div>
        <p role="status" className="mb-3 flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <Spinner className="size-4" />
          {t('list.loading')}
        </p>
        <LoadingCards count={filters.pageSize} />
      </div>
    );
  } else if (query.isError && !query.data) {
    content = (
      <ErrorState
        title={t('list.errorTitle')}
        titleAs="h3"
        detail={resolveErrorMessage(query.error)}
        retryLabel={t('list.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.items.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center dark:border-slate-800 dark:bg-slate-900">
        <span className="rounded-full bg-slate-100 p-3 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
          <Icon name="news" className="size-6" />
        </span>
        <h3 className="text-lg font-semibold">{t('list.emptyTitle')}</h3>
        <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">{t(hasFilters || fixedCategory ? 'list.emptyFiltered' : 'list.emptyAll')}</p>
        {hasFilters ? (
          <Button variant="secondary" onClick={() => applyFilters({ q: '', category: fixedCategory })}>
            {t('list.clearFilters')}
          </Button>
        ) : null}
      </div>
    );
  } else {
    const data = query.data;
    content = (
      <div className="flex flex-col gap-4">
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={query.isPlaceholderData}>
          {data.items.map((article) => (
            <li key={article.id} className="flex">
              <div className="flex w-full">
                <NewsCard article={article} from={from} />
              </div>
            </li>
          ))}
        </ul>
        <NewsPagination
          page={data.page}
          pageSize={data.page_size}
          total={data.total}
          totalPages={data.total_pages}
          onPageChange={(page) => {
            applyFilters({ page });
            window.scrollTo({ top: 0 });
          }}
          onPageSizeChange={(pageSize) => applyFilters({ pageSize })}
        />
      </div>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">{heading}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('list.intro')}</p>
      </div>
      {isAdmin({ role, is_superadmin: isSuperadmin }) ? <NewsAdminPanel /> : null}
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <NewsCategoryChips value={filters.category} onChange={(category) => applyFilters({ category })} />
        <NewsSearchBox value={filters.q} onSearch={(q) => applyFilters({ q })} />
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-slate-600 dark:text-slate-400">
        {query.data ? (
          <>
            {t('list.results', { count: query.data.total })}
            {filters.q ? ` ${t('list.resultsFor', { query: filters.q })}` : ''}
            {query.isPlaceholderData ? ` · ${t('list.updating')}` : ''}
          </>
        ) : null}
      </p>
      {content}
    </section>
  );
}
