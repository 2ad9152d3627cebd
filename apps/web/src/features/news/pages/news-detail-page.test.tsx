import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { seedSession } from '@/test/render-app';
import { currentUrl, installFakeNewsApi, makeArticle, renderNews } from '../testing/fake-news-api';

const unsafeBody =
  '<p>Safe <strong>text</strong></p><script>window.hacked = true</script><img src="https://cdn.example.com/a.png" onerror="window.hacked = true" alt="chart">' +
  '<a href="javascript:window.hacked = true">bad</a><a href="https://other.example.com/x">good</a><iframe src="https://evil.example.com"></iframe>' +
  '<p style="position:fixed" onclick="window.hacked = true">styled</p>';

const articles = [
  makeArticle(5, {
    slug: 'refinery-restarts',
    title: 'Refinery restarts crude unit',
    summary: 'Output returns.',
    author: 'Ana Ruiz',
    body_html: unsafeBody,
    category: 'oil',
    translations: { es: { title: 'La refinería reinicia su unidad', summary: 'Vuelve la producción.' } },
  }),
  makeArticle(6, { slug: 'demo-article', title: 'Demo story', is_demo: true, source_url: 'https://demo.fueldesk.invalid/news/demo-article' }),
];

describe('news detail page', () => {
  it('shows the article with its body sanitized again in the browser', async () => {
    seedSession();
    installFakeNewsApi(articles);
    renderNews('/news/5');
    expect(await screen.findByRole('heading', { level: 2, name: 'Refinery restarts crude unit' })).toBeInTheDocument();
    const body = screen.getByTestId('article-body');
    expect(within(body).getByText('text')).toBeInTheDocument();
    expect(body.querySelector('script, iframe, [onerror], [onclick], [style]')).toBeNull();
    expect(within(body).getByText('bad')).not.toHaveAttribute('href');
    const good = within(body).getByRole('link', { name: 'good' });
    expect(good).toHaveAttribute('target', '_blank');
    expect(good.getAttribute('rel')).toContain('noopener');
    expect(good.getAttribute('rel')).toContain('noreferrer');
    expect(within(body).getByRole('img', { name: 'chart' })).toHaveAttribute('src', 'https://cdn.example.com/a.png');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.getByText('By Ana Ruiz')).toBeInTheDocument();
  });

  it('links to the source outside FuelDesk without opener or referrer', async () => {
    seedSession();
    installFakeNewsApi(articles);
    renderNews('/news/5');
    const source = await screen.findByRole('link', { name: /Read it at Energy Wire/ });
    expect(source).toHaveAttribute('href', 'https://wire.example.com/5');
    expect(source).toHaveAttribute('target', '_blank');
    expect(source).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('copies a link to the article', async () => {
    seedSession();
    installFakeNewsApi(articles);
    const { user } = renderNews('/news/5');
    await screen.findByRole('heading', { level: 2, name: 'Refinery restarts crude unit' });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/news/5`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('opens by slug and by /news/id/{id}', async () => {
    seedSession();
    const api = installFakeNewsApi(articles);
    const { router } = renderNews('/news/refinery-restarts');
    expect(await screen.findByRole('heading', { level: 2, name: 'Refinery restarts crude unit' })).toBeInTheDocument();
    expect(api.newsRequests().at(-1)!.pathname).toBe('/api/news/slug/refinery-restarts');
    await router.navigate('/news/id/6');
    expect(await screen.findByRole('heading', { level: 2, name: 'Demo story' })).toBeInTheDocument();
    expect(api.newsRequests().at(-1)!.pathname).toBe('/api/news/6');
  });

  it('labels a demo article and offers no outside source', async () => {
    seedSession();
    installFakeNewsApi(articles);
    renderNews('/news/6');
    expect(await screen.findByText(/This is a demo article written for FuelDesk/)).toBeInTheDocument();
    expect(screen.getByText('Demo')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Read it at/ })).not.toBeInTheDocument();
  });

  it('says when an article does not exist', async () => {
    seedSession();
    installFakeNewsApi(articles);
    renderNews('/news/999');
    expect(await screen.findByRole('heading', { name: 'Article not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to news' })).toHaveAttribute('href', '/news');
  });

  it('shows the Spanish title and summary, and says the full text is in English', async () => {
    await i18n.changeLanguage('es');
    seedSession();
    installFakeNewsApi(articles);
    renderNews('/news/5');
    expect(await screen.findByRole('heading', { level: 2, name: 'La refinería reinicia su unidad' })).toBeInTheDocument();
    expect(screen.getByText('Vuelve la producción.')).toBeInTheDocument();
    expect(screen.getByText('El texto completo está en inglés.')).toBeInTheDocument();
  });

  it('goes back to the list with the filters it came from', async () => {
    seedSession();
    installFakeNewsApi([...articles, makeArticle(7, { title: 'Another oil story', category: 'oil' })]);
    const { user, router } = renderNews('/news?category=oil&q=refinery');
    await user.click(await screen.findByRole('link', { name: 'Read the article: Refinery restarts crude unit' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Refinery restarts crude unit' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to news' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/news?category=oil&q=refinery'));
    expect(await screen.findByText('1 article for “refinery”')).toBeInTheDocument();
  });
});
