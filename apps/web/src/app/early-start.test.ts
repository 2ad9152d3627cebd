import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardsQueryOptions } from '@/features/prices/api/get-dashboards';
import { priceMoversQueryOptions } from '@/features/prices/api/get-price-movers';
import { priceSummaryQueryOptions } from '@/features/prices/api/get-price-summary';
import { pricesQueryOptions } from '@/features/prices/api/get-prices';
import { productsQueryOptions } from '@/features/prices/api/get-products';
import { HOME_MOVERS_LIMIT, primeHomeData } from '@/features/prices/api/home-first-data';
import { clearEarlyRequests, hasEarlyRequests } from '@/lib/early-requests';
import { AUTH_TOKEN_KEY } from '@/lib/session-token';
import { jsonResponse, mockApi } from '@/lib/testing/mock-api';
import { futureExp, makeToken } from '@/test/render-app';
import { HOME_EARLY_GETS, PAGE_EARLY_GETS, guessLanguage, seesClientHome, startEarly } from './early-start';
import { createQueryClient } from './providers';
import { signedInPages } from './signed-in-pages';
import { SETTLE_WAIT } from '@/test/waits';

let server: ReturnType<typeof mockApi>;

beforeEach(() => {
  clearEarlyRequests();
  server = mockApi({}, { fallback: () => jsonResponse(200, {}) });
});
afterEach(() => {
  clearEarlyRequests();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The API GETs sent so far, as paths under /api. */
function sentPaths(): string[] {
  return server.calls.map((call) => `${call.url.pathname.replace(/^\/api/, '')}${call.url.search}`).sort();
}

const homeGets = [...HOME_EARLY_GETS].sort();

describe('startEarly', () => {
  it("asks for the price dashboard's first data on /home and /home/{slug} with a live session", async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: futureExp() }));
    startEarly('/home');
    await vi.waitFor(() => expect(sentPaths()).toEqual(homeGets), SETTLE_WAIT);

    clearEarlyRequests();
    server.calls.length = 0;
    startEarly('/home/crude-watch');
    await vi.waitFor(() => expect(sentPaths()).toEqual(homeGets), SETTLE_WAIT);
  });

  it('asks for nothing elsewhere, signed out, with an expired token, or for a restricted cliente', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: futureExp() }));
    startEarly('/no/such/page');
    startEarly('/home/a/b');
    startEarly('/');
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: 1 }));
    startEarly('/home');
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '2', role: 'Cliente', exp: futureExp() }));
    startEarly('/home');
    localStorage.removeItem(AUTH_TOKEN_KEY);
    startEarly('/home');
    // A live session's home last: once its requests are in, none of the others sent any.
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: futureExp() }));
    startEarly('/home');
    await vi.waitFor(() => expect(sentPaths()).toEqual(homeGets), SETTLE_WAIT);
  });
});

describe('startEarly on the other signed-in pages', () => {
  it('asks for the signed-in user only, with a live session of a user who sees the page', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '2', role: 'Cliente', exp: futureExp() }));
    startEarly('/support');
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: 1 }));
    startEarly('/support');
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: futureExp() }));
    startEarly('/bank/send-email/12');
    await vi.waitFor(() => expect(sentPaths()).toEqual([...PAGE_EARLY_GETS]), SETTLE_WAIT);
    expect(hasEarlyRequests()).toBe(true);
  });
});

describe("startEarly on a page with first data (app/signed-in-pages.ts)", () => {
  it("asks for the page's first data with the signed-in user, at once, in the plain view only", async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: futureExp() }));
    const sent = vi.spyOn(globalThis, 'fetch');
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    startEarly('/news', '');
    const newsGets = signedInPages.news.firstData.gets('en');
    expect(sent.mock.calls.map(([url]) => String(url))).toEqual([...PAGE_EARLY_GETS, ...newsGets].map((path) => `/api${path}`));
    vi.useRealTimers();

    // A filtered view (or an address naming its language) asks for the signed-in user only.
    clearEarlyRequests();
    sent.mockClear();
    startEarly('/news', '?q=opec');
    startEarly('/market-price', '?lng=es');
    expect(sent.mock.calls.map(([url]) => String(url))).toEqual([...PAGE_EARLY_GETS, ...PAGE_EARLY_GETS].map((path) => `/api${path}`));
  });

  it('has the page primed from those answers, asking for none of them again', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: futureExp() }));
    const board = { date: '2026-11-26', latest_date: '2026-11-26', total: 0, rows: [] };
    server = mockApi({}, { fallback: ({ url }) => jsonResponse(200, url.pathname === '/api/prices' ? board : {}) });
    startEarly('/market-price');
    const gets = [...PAGE_EARLY_GETS, ...signedInPages['market-price'].firstData.gets('en')].sort();
    await vi.waitFor(() => expect(sentPaths()).toEqual(gets), SETTLE_WAIT);

    const queryClient = createQueryClient();
    await signedInPages['market-price'].firstData.prime(queryClient, 'en');
    expect(queryClient.getQueryData(pricesQueryOptions({ page: 1, pageSize: 100, sort: 'category', order: 'asc' }).queryKey)).toEqual(board);
    expect(sentPaths()).toEqual(gets);
  });
});

describe('startEarly, task by task', () => {
  it('sends the first GET at once, then the code, the texts and the other GETs in tasks of their own', () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: futureExp() }));
    const sent = vi.spyOn(globalThis, 'fetch');
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    startEarly('/home');
    expect(sent).toHaveBeenCalledTimes(1);
    // The layout's and the page's code, then the texts: no request of the API meanwhile.
    for (let step = 0; step < 2; step += 1) {
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersToNextTimer();
      expect(sent).toHaveBeenCalledTimes(1);
    }
    vi.advanceTimersToNextTimer();
    expect(sent.mock.calls.map(([url]) => String(url))).toEqual(HOME_EARLY_GETS.map((path) => `/api${path}`));
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the home page, primed from the early answers', () => {
  it('has its first queries in the cache with those answers, asking for none of them again', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: futureExp() }));
    const answers = {
      '/api/dashboards': { dashboards: [{ id: 'd1', slug: 'home', name: 'Crude', product_codes: ['WTI'] }] },
      '/api/prices/products': { products: [{ code: 'WTI' }] },
      '/api/prices/movers': { date: '2026-11-26', gainers: [], losers: [] },
      '/api/prices/summary': { date: '2026-11-26', categories: [] },
      '/api/auth/me': { id: '1' },
    };
    server = mockApi({}, { fallback: ({ url }) => jsonResponse(200, answers[url.pathname as keyof typeof answers]) });
    startEarly('/home');
    await vi.waitFor(() => expect(sentPaths()).toEqual(homeGets), SETTLE_WAIT);
    expect(hasEarlyRequests()).toBe(true);

    const queryClient = createQueryClient();
    await primeHomeData(queryClient);
    expect(queryClient.getQueryData(dashboardsQueryOptions().queryKey)).toEqual(answers['/api/dashboards']);
    expect(queryClient.getQueryData(productsQueryOptions().queryKey)).toEqual(answers['/api/prices/products']);
    expect(queryClient.getQueryData(priceMoversQueryOptions({ limit: HOME_MOVERS_LIMIT }).queryKey)).toEqual(answers['/api/prices/movers']);
    expect(queryClient.getQueryData(priceSummaryQueryOptions({}).queryKey)).toEqual(answers['/api/prices/summary']);
    // Every one came from the entry's requests: the server saw each path once.
    expect(sentPaths()).toEqual(homeGets);
  });
});

describe('seesClientHome', () => {
  it('is true for a cliente only when not superadmin', () => {
    expect(seesClientHome({ role: ' CLIENTE ' })).toBe(true);
    expect(seesClientHome({ role: 'cliente', is_superadmin: true })).toBe(false);
    expect(seesClientHome({ role: 'user' })).toBe(false);
    expect(seesClientHome(null)).toBe(false);
  });
});

describe('guessLanguage', () => {
  it('takes the first language with texts, by its primary subtag', () => {
    expect(guessLanguage(['de-DE', 'es-MX', 'en'])).toBe('es');
    expect(guessLanguage(['EN-us'])).toBe('en');
    expect(guessLanguage(['es_AR'])).toBe('es');
    expect(guessLanguage(['fr', 'de'])).toBeNull();
    expect(guessLanguage(['constructor', 'toString'])).toBeNull();
  });
});
