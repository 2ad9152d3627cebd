import type { NewsArticle, NewsCategory, NewsLanguage } from '@fueldesk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '@/lib/auth-store';
import { jsonResponse as json, mockApi, type MockHandler } from '@/lib/testing/mock-api';
import NewsDetailPage from '../pages/news-detail-page';
import NewsListPage from '../pages/news-list-page';

type StoredArticle = Omit<NewsArticle, 'display_title' | 'display_summary' | 'display_language'>;

/** An article as the server stores it; tests override what they look at. */
export function makeArticle(id: number, overrides: Partial<StoredArticle> = {}): StoredArticle {
  const categories: NewsCategory[] = ['oil', 'market', 'regulation'];
  return {
    id,
    slug: `article-${id}`,
    title: `Headline ${id}`,
    summary: `Summary ${id}`,
    body_html: `<p>Body ${id}</p>`,
    category: categories[id % 3]!,
    source_name: 'Energy Wire',
    source_url: `https://wire.example.com/${id}`,
    image_url: null,
    author: null,
    language: 'en',
    published_at: new Date(Date.UTC(2026, 10, 20, 12) - id * 3_600_000).toISOString(),
    translations: {},
    is_demo: false,
    updated_at: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

function present(article: StoredArticle, lang: NewsLanguage | null): NewsArticle {
  const wanted = lang ?? article.language;
  const translation = wanted !== article.language ? article.translations[wanted] : undefined;
  return {
    ...article,
    display_title: translation?.title ?? article.title,
    display_summary: translation?.summary ?? article.summary,
    display_language: translation ? wanted : article.language,
  };
}

/**
 * An msw fake that answers /api/news like the server (filters, search in titles, paging,
 * lang) and records every request URL.
 */
export function installFakeNewsApi(articles: StoredArticle[], options: { failList?: boolean } = {}) {
  const requests: URL[] = [];
  const writes: { method: string; path: string; body: unknown }[] = [];
  const answer: MockHandler = ({ url, method, body: sent }) => {
    requests.push(url);
    if (url.pathname.startsWith('/api/admin/news')) {
      const body = sent as Record<string, unknown> | undefined;
      writes.push({ method, path: url.pathname, body });
      if (method === 'POST' && url.pathname === '/api/admin/news') {
        if (!String(body?.source_url ?? '').startsWith('http')) {
          return json(400, { code: 'VALIDATION_ERROR', detail: 'Some fields are not valid.', fields: { source_url: 'Source URL must be an http:// or https:// address.' } });
        }
        const created = makeArticle(900, body as Partial<StoredArticle>);
        articles.push(created);
        return json(201, present(created, null));
      }
      const id = Number(/\/(\d+)$/.exec(url.pathname)?.[1]);
      const index = articles.findIndex((article) => article.id === id);
      if (index === -1) return json(404, { code: 'NOT_FOUND', detail: 'Article not found.' });
      if (method === 'DELETE') {
        articles.splice(index, 1);
        return new Response(null, { status: 204 });
      }
      articles[index] = { ...articles[index]!, ...(body as Partial<StoredArticle>) };
      return json(200, present(articles[index]!, null));
    }
    const lang = url.searchParams.get('lang') as NewsLanguage | null;
    if (url.pathname === '/api/news') {
      if (options.failList) return json(500, { code: 'INTERNAL_ERROR', detail: 'Server error. Please try again later or contact support.' });
      const category = url.searchParams.get('category');
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? '1');
      const pageSize = Number(url.searchParams.get('page_size') ?? '10');
      const matches = articles
        .filter((article) => !category || article.category === category)
        .filter((article) => !q || `${article.title} ${article.summary}`.toLowerCase().includes(q))
        .sort((a, b) => b.published_at.localeCompare(a.published_at));
      const items = matches.slice((page - 1) * pageSize, page * pageSize).map((article) => {
        const { body_html: _body, updated_at: _updated, ...rest } = present(article, lang);
        return rest;
      });
      return json(200, { items, page, page_size: pageSize, total: matches.length, total_pages: Math.ceil(matches.length / pageSize) });
    }
    const byId = /^\/api\/news\/(\d+)$/.exec(url.pathname);
    const bySlug = /^\/api\/news\/slug\/([^/]+)$/.exec(url.pathname);
    const found = byId
      ? articles.find((article) => article.id === Number(byId[1]))
      : bySlug
        ? articles.find((article) => article.slug === bySlug[1])
        : undefined;
    if (byId || bySlug) return found ? json(200, present(found, lang)) : json(404, { code: 'NOT_FOUND', detail: 'Article not found.' });
    return json(404, { code: 'ROUTE_NOT_FOUND', detail: 'This API path does not exist.' });
  };
  mockApi({}, { fallback: answer });
  return { requests, writes, newsRequests: () => requests.filter((url) => url.pathname.startsWith('/api/news')) };
}

/** The news pages on their real paths, with the providers they use. */
export function renderNews(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/news', element: <NewsListPage /> },
      { path: '/news/:newsId', element: <NewsDetailPage /> },
      { path: '/news/id/:newsId', element: <NewsDetailPage /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, user };
}

export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
