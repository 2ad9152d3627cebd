import type { Language } from '@fueldesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { LazyNamespace } from '@/lib/i18n';

// The code and the feature texts of every signed-in page but the home (app/early-start.ts has its
// own), by its route's path in app/router.tsx. Apart from the router and free of the framework, so
// that the entry script can start their download while the framework downloads
// (app/early-start.ts): the router loads them through the same functions, so nothing is fetched twice.

/**
 * The data a page's largest element waits for, in the page's plain view (its address without a
 * query string): the entry script asks for it with the signed-in user (app/early-start.ts), and the
 * app's start loads those answers into the page's queries before the first render (app/boot.tsx), so
 * that the page's first render shows them instead of a loading state one round trip longer.
 */
export interface PageFirstData {
  /** GETs under /api exactly as the page's queries send them (the API client takes an answer by its address). */
  gets: (language: Language) => readonly string[];
  /** Loads those queries into the cache (through the page's module: its chunk is on its way already). */
  prime: (queryClient: QueryClient, language: Language) => Promise<unknown>;
}

/** A page's module, the feature namespaces (lib/i18n.ts) it renders with and its first data. */
export interface PageCode<M = unknown> {
  load: () => Promise<M>;
  texts: readonly LazyNamespace[];
  firstData?: PageFirstData;
}

const pageWithTexts = <M>(texts: readonly LazyNamespace[], load: () => Promise<M>): PageCode<M> => ({ load, texts });

/** A page with first data: `prime` gets the page's module once loaded. */
function withFirstData<M>(
  page: PageCode<M>,
  gets: PageFirstData['gets'],
  prime: (module: M, queryClient: QueryClient, language: Language) => Promise<unknown>,
): PageCode<M> & { firstData: PageFirstData } {
  return { ...page, firstData: { gets, prime: (queryClient, language) => page.load().then((module) => prime(module, queryClient, language)) } };
}

// The first GETs below are the pages' default queries written out (checked against the queries by
// signed-in-pages.test.ts): importing the features' parameter code here would bring it, and the
// contracts' schemas, into the entry script. Pages whose largest element is that data have some, and
// pages whose first render asks for small answers (a few KiB) that its paint then waits for
// (Lighthouse's simulated LCP counts every request begun before the largest paint: /api/alerts,
// /api/webhooks, /api/support and the admin's sessions and sanctions lists ended it, a round trip
// after the framework, on those pages). Not /marketprice: its table and calendar days (56 KB of
// JSON) asked for early only competed with the code for a phone's link (paired Lighthouse runs: LCP
// 1.16x); nor answers in the reader's language chosen by Accept-Language (/releases, the
// notifications), which the entry's requests do not send.
const newsList = withFirstData(
  pageWithTexts(['news', 'forms'], () => import('@/features/news/pages/news-list-page')),
  (language) => [`/news?page=1&page_size=10&lang=${language}`],
  (module, queryClient, language) => module.primeNewsListData(queryClient, language),
);
const newsDetail = pageWithTexts(['news', 'forms'], () => import('@/features/news/pages/news-detail-page'));
const priceTable = pageWithTexts([], () => import('@/features/prices/pages/price-table-page'));
const bank = pageWithTexts(['bank'], () => import('@/features/bank/pages/bank-page'));
const bankVerification = pageWithTexts(['bank', 'forms'], () => import('@/features/bank/pages/bank-verification-page'));
const sendEmail = pageWithTexts(['bank', 'forms'], () => import('@/features/bank/pages/send-email-page'));
const decisionsPage = pageWithTexts(['decisions', 'forms'], () => import('@/features/decisions/pages/decisions-page'));
export const betaPage = pageWithTexts(['beta'], () => import('@/features/beta/pages/beta-module-page'));

/** Route path (app/router.tsx's dashboard routes) -> the page's code and texts. */
export const signedInPages = {
  news: newsList,
  'news/:newsId': newsDetail,
  'news/id/:newsId': newsDetail,
  marketprice: priceTable,
  'marketprice/gasoline': priceTable,
  'marketprice/diesel': priceTable,
  'marketprice/curve': pageWithTexts(['analytics'], () => import('@/features/prices/pages/curve-page')),
  'marketprice/spreads': pageWithTexts(['analytics'], () => import('@/features/prices/pages/spreads-page')),
  'marketprice/:slug': priceTable,
  'marketprice/alerts': withFirstData(
    pageWithTexts(['alerts', 'forms'], () => import('@/features/prices/pages/price-alerts-page')),
    () => ['/alerts', '/prices/products'],
    (module, queryClient) => module.primePriceAlertsData(queryClient),
  ),
  'marketprice/graphics': pageWithTexts([], () => import('@/features/prices/pages/price-chart-page')),
  'market-price': withFirstData(
    pageWithTexts([], () => import('@/features/prices/pages/market-dashboard-page')),
    () => ['/prices?page=1&page_size=100&sort=category&order=asc', '/prices/movers?limit=5', '/prices/summary'],
    (module, queryClient) => module.primeMarketDashboardData(queryClient),
  ),
  bank,
  'bank/:slug': bank,
  'bank/verification': bankVerification,
  plaid: bankVerification,
  'bank/send-email': withFirstData(sendEmail, () => ['/sharing/invitations'], (module, queryClient) => module.primeSendEmailData(queryClient)),
  'bank/send-email/:id': sendEmail,
  'due-diligence': pageWithTexts(['due'], () => import('@/features/due-diligence/pages/overview-page')),
  'due-diligence/create': pageWithTexts(['due', 'forms'], () => import('@/features/due-diligence/pages/create-page')),
  'due-diligence/screening': withFirstData(
    pageWithTexts(['screening', 'forms', 'lists', 'decisions', 'watchlist'], () => import('@/features/screening/pages/screening-page')),
    () => ['/screening/lists'],
    (module, queryClient) => module.primeScreeningData(queryClient),
  ),
  'due-diligence/detail': pageWithTexts(['due', 'lists', 'decisions', 'forms', 'watchlist'], () => import('@/features/due-diligence/pages/detail-page')),
  portfolio: betaPage,
  transactions: betaPage,
  certificate: betaPage,
  wallet: betaPage,
  trade: betaPage,
  webhooks: withFirstData(
    pageWithTexts(['webhooks', 'forms'], () => import('@/features/webhooks/pages/webhooks-page')),
    () => ['/webhooks'],
    (module, queryClient) => module.primeWebhooksData(queryClient),
  ),
  support: withFirstData(
    pageWithTexts(['support', 'forms'], () => import('@/features/support/pages/support-page')),
    () => ['/support'],
    (module, queryClient) => module.primeSupportData(queryClient),
  ),
  'settings/api-keys': pageWithTexts(['developers', 'forms'], () => import('@/features/developers/pages/api-keys-page')),
  developers: pageWithTexts(['developers'], () => import('@/features/developers/pages/developers-page')),
  releases: pageWithTexts(['releases', 'forms'], () => import('@/features/releases/pages/releases-page')),
  'due-diligence/watchlist': pageWithTexts(['watchlist', 'forms', 'lists', 'decisions'], () => import('./watchlist-route')),
  'due-diligence/decisions': withFirstData(decisionsPage, () => ['/screening/decisions?page=1'], (module, queryClient) => module.primeDecisionsData(queryClient)),
  activity: withFirstData(
    pageWithTexts(['decisions', 'forms'], () => import('@/features/audit/pages/my-activity-page')),
    () => ['/audit/mine?page=1'],
    (module, queryClient) => module.primeMyActivityData(queryClient),
  ),
  'admin/audit': withFirstData(
    pageWithTexts(['decisions', 'forms'], () => import('@/features/audit/pages/audit-page')),
    () => ['/audit?page=1'],
    (module, queryClient) => module.primeAuditPageData(queryClient),
  ),
  'admin/sessions': withFirstData(
    pageWithTexts(['admin', 'forms', 'screening', 'lists', 'analytics'], () => import('./admin-sessions-route')),
    () => ['/admin/sessions?page=1&page_size=25', '/screening/lists'],
    (module, queryClient) => module.primeAdminSessionsData(queryClient),
  ),
} satisfies Record<string, PageCode>;

export type SignedInPagePath = keyof typeof signedInPages;

/**
 * The page of `pathname` (/news, /bank/send-email/12, …) as the router matches it: a static segment
 * wins over a parameter (react-router's ranking), segments compared case-insensitively as the
 * router does. Null for the home and for any path that is not a signed-in page.
 */
export function signedInPageOf(pathname: string): PageCode | null {
  const segments = pathname.split('/').filter(Boolean);
  let best: PageCode | null = null;
  let bestStatic = -1;
  for (const [path, code] of Object.entries(signedInPages)) {
    const pattern = path.split('/');
    if (pattern.length !== segments.length) continue;
    let statics = 0;
    const matches = pattern.every((part, index) => {
      if (part.startsWith(':')) return true;
      statics += 1;
      return part.toLowerCase() === segments[index].toLowerCase();
    });
    if (matches && statics > bestStatic) {
      best = code;
      bestStatic = statics;
    }
  }
  return best;
}
