import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { seedSession } from '@/test/render-app';
import { currentUrl, installFakeNewsApi, makeArticle, renderNews } from '../testing/fake-news-api';

const articles = [
  makeArticle(1, { title: 'OPEC+ holds crude output', category: 'oil', is_demo: true, source_name: 'FuelDesk Demo Desk' }),
  makeArticle(2, { title: 'Diesel futures climb', category: 'market', translations: { es: { title: 'Suben los futuros del diésel', summary: 'Resumen en español' } } }),
  makeArticle(3, { title: 'EPA proposes fuel rule', category: 'regulation' }),
  makeArticle(4, { title: 'Refinery restarts crude unit', category: 'oil' }),
  ...Array.from({ length: 8 }, (_, index) => makeArticle(10 + index, { title: `Market note ${index + 1}`, category: 'market' })),
];

const cards = () => screen.getAllByRole('article');
const lastListRequest = (requests: URL[]) => requests.filter((url) => url.pathname === '/api/news').at(-1)!;

describe('news list page', () => {
  it('shows loading, then cards with category, source, date, summary and the demo badge', async () => {
    seedSession();
    installFakeNewsApi(articles);
    renderNews('/news');
    expect(screen.getByRole('status')).toHaveTextContent('Loading news…');
    expect(await screen.findByRole('link', { name: 'Read the article: OPEC+ holds crude output' })).toHaveAttribute('href', '/news/1');
    expect(cards()).toHaveLength(10);
    const first = cards()[0]!;
    expect(within(first).getByText('Oil')).toBeInTheDocument();
    expect(within(first).getByText('Demo')).toBeInTheDocument();
    expect(within(first).getByText('FuelDesk Demo Desk')).toBeInTheDocument();
    expect(within(first).getByText('Summary 1')).toBeInTheDocument();
    expect(within(first).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(screen.getByText('12 articles')).toBeInTheDocument();
    // No picture, no placeholder panel: the headline starts the card.
    expect(first.querySelector('[aria-hidden="true"].bg-gradient-to-br, img')).toBeNull();
    expect(first.firstElementChild?.tagName).toBe('DIV');
    expect(within(first.firstElementChild as HTMLElement).getByRole('heading')).toBeInTheDocument();
  });

  it('filters by category with the chips and keeps the filter in the address', async () => {
    seedSession();
    const api = installFakeNewsApi(articles);
    const { user, router } = renderNews('/news');
    await screen.findByText('12 articles');
    await user.click(screen.getByRole('button', { name: 'Oil' }));
    expect(await screen.findByText('2 articles')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Oil' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(currentUrl(router)).toBe('/news?category=oil');
    expect(lastListRequest(api.requests).searchParams.get('category')).toBe('oil');
    expect(cards().every((card) => within(card).queryByText('Oil'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByText('12 articles')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/news');
  });

  it('searches, shows the empty state with a way back, and clears', async () => {
    seedSession();
    const api = installFakeNewsApi(articles);
    const { user, router } = renderNews('/news');
    await screen.findByText('12 articles');
    const box = screen.getByRole('searchbox', { name: 'Search news' });
    await user.type(box, 'crude{Enter}');
    expect(await screen.findByText('2 articles for “crude”')).toBeInTheDocument();
    expect(lastListRequest(api.requests).searchParams.get('q')).toBe('crude');
    expect(currentUrl(router)).toBe('/news?q=crude');

    await user.clear(box);
    await user.type(box, 'no such thing{Enter}');
    expect(await screen.findByRole('heading', { name: 'No articles found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('12 articles')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('pages through results and changes the rows per page', async () => {
    seedSession();
    const api = installFakeNewsApi(articles);
    const { user, router } = renderNews('/news');
    await screen.findByText('12 articles');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await within(pages).findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(pages).getByText('11–12 of 12')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/news?page=2');
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.selectOptions(within(pages).getByLabelText('Rows per page'), '25');
    expect(await within(pages).findByText('Page 1 of 1')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(lastListRequest(api.requests).searchParams.get('page_size')).toBe('25');
    expect(currentUrl(router)).toBe('/news?page_size=25');
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    seedSession();
    const api = installFakeNewsApi(articles, { failList: true });
    const { user } = renderNews('/news');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The news could not be loaded')).toBeInTheDocument();
    const before = api.newsRequests().length;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.newsRequests().length).toBeGreaterThan(before));
  });

  it('treats /news/<section> (a custom News sub-item) as the list of that section', async () => {
    seedSession();
    const api = installFakeNewsApi(articles);
    renderNews('/news/regulation');
    expect(await screen.findByRole('heading', { name: 'Regulation news' })).toBeInTheDocument();
    expect(await screen.findByText('1 article')).toBeInTheDocument();
    expect(lastListRequest(api.requests).searchParams.get('category')).toBe('regulation');
    expect(api.requests.some((url) => url.pathname.startsWith('/api/news/slug'))).toBe(false);
  });

  it('shows titles in Spanish when translated and a language badge when not', async () => {
    await i18n.changeLanguage('es');
    seedSession();
    const api = installFakeNewsApi(articles);
    renderNews('/news?category=market');
    const translated = await screen.findByRole('link', { name: 'Leer el artículo: Suben los futuros del diésel' });
    const translatedCard = translated.closest('article')!;
    expect(within(translatedCard).queryByText('en')).not.toBeInTheDocument();
    const untranslatedCard = screen.getByRole('link', { name: 'Leer el artículo: Market note 1' }).closest('article')!;
    expect(within(untranslatedCard).getByText('Se muestra en su idioma original: Inglés')).toBeInTheDocument();
    expect(untranslatedCard).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('button', { name: 'Mercado' })).toHaveAttribute('aria-pressed', 'true');
    expect(lastListRequest(api.requests).searchParams.get('lang')).toBe('es');
  });

  it('ignores a bad page or category typed in the address instead of failing', async () => {
    seedSession();
    const api = installFakeNewsApi(articles);
    renderNews('/news?page=abc&category=gas&page_size=7');
    await screen.findByText('12 articles');
    const request = lastListRequest(api.requests);
    expect(request.searchParams.get('page')).toBe('1');
    expect(request.searchParams.get('page_size')).toBe('10');
    expect(request.searchParams.has('category')).toBe(false);
  });
});
