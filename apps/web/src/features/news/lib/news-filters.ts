import {
  isNewsCategory,
  NEWS_PAGE_MAX,
  NEWS_PAGE_SIZE_DEFAULT,
  NEWS_SEARCH_MAX,
  ROWS_PER_PAGE_OPTIONS,
  type NewsCategory,
} from '@fueldesk/contracts';

export interface NewsFilters {
  category?: NewsCategory;
  q: string;
  page: number;
  pageSize: number;
}

/**
 * Filters from the address bar, made safe: a hand-edited URL with a bad page or an unknown
 * category falls back to the defaults instead of showing an error.
 */
export function readNewsFilters(params: URLSearchParams, fixedCategory?: NewsCategory): NewsFilters {
  const category = params.get('category');
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('page_size'));
  return {
    category: fixedCategory ?? (isNewsCategory(category) ? category : undefined),
    q: (params.get('q') ?? '').trim().slice(0, NEWS_SEARCH_MAX),
    page: Number.isInteger(page) && page >= 1 && page <= NEWS_PAGE_MAX ? page : 1,
    pageSize: (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : NEWS_PAGE_SIZE_DEFAULT,
  };
}

/** The query string for a set of filters; defaults are left out so that links stay short. */
export function buildNewsSearch(filters: NewsFilters, options: { includeCategory?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (filters.category && options.includeCategory !== false) params.set('category', filters.category);
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.pageSize !== NEWS_PAGE_SIZE_DEFAULT) params.set('page_size', String(filters.pageSize));
  const search = params.toString();
  return search ? `?${search}` : '';
}
