import { ROWS_PER_PAGE_OPTIONS } from '../constants';

// The news values without zod (re-exported by news.ts): the news list's filters need them before
// its first render, and the schema library is not loaded with them.

/** The three news sections (SPEC.md §2); the sidebar's News sub-items use the same values. */
export const newsCategories = ['oil', 'market', 'regulation'] as const;
export type NewsCategory = (typeof newsCategories)[number];

export const NEWS_PAGE_SIZE_DEFAULT = ROWS_PER_PAGE_OPTIONS[0];
export const NEWS_PAGE_SIZE_MAX = ROWS_PER_PAGE_OPTIONS[ROWS_PER_PAGE_OPTIONS.length - 1];
/** Deep pages cost an offset scan; nobody reads news 10,000 pages back. */
export const NEWS_PAGE_MAX = 10_000;
export const NEWS_SEARCH_MAX = 200;
export const NEWS_SLUG_MAX = 120;

/** True when a /news/<segment> path names a section rather than an article. */
export function isNewsCategory(value: unknown): value is NewsCategory {
  return typeof value === 'string' && (newsCategories as readonly string[]).includes(value);
}
