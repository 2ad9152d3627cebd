import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedSession } from '@/test/render-app';
import { currentUrl, installFakeNewsApi, makeArticle, renderNews } from '../testing/fake-news-api';

describe('news administration', () => {
  it('is not offered to users who are not administrators', async () => {
    seedSession({ role: 'user' });
    installFakeNewsApi([makeArticle(1)]);
    renderNews('/news/1');
    await screen.findByRole('heading', { level: 2, name: 'Headline 1' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('lets an administrator write an article and shows the server field errors', async () => {
    seedSession({ role: 'admin' });
    const api = installFakeNewsApi([makeArticle(1)]);
    const { user } = renderNews('/news');
    await screen.findByText('1 article');
    await user.click(screen.getByRole('button', { name: 'New article' }));
    const dialog = await screen.findByRole('dialog', { name: 'New article' });
    await user.type(within(dialog).getByLabelText('Title'), 'Refinery strike ends');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'oil');
    await user.type(within(dialog).getByLabelText('Source name'), 'Wire');
    await user.type(within(dialog).getByLabelText('Source URL'), 'ftp://wire');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Source URL must be an http:// or https:// address.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Source URL')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText('Source URL'));
    await user.type(within(dialog).getByLabelText('Source URL'), 'https://wire.example.com/strike');
    await user.type(within(dialog).getByLabelText(/Title in Spanish/), 'Termina la huelga');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const created = api.writes.filter((write) => write.method === 'POST').at(-1)!;
    expect(created.body).toMatchObject({
      title: 'Refinery strike ends',
      category: 'oil',
      language: 'en',
      source_name: 'Wire',
      source_url: 'https://wire.example.com/strike',
      image_url: null,
      translations: { es: { title: 'Termina la huelga', summary: '' } },
    });
    expect(await screen.findByText('2 articles')).toBeInTheDocument();
  });

  it('lets an administrator delete an article after confirming', async () => {
    seedSession({ role: 'admin' });
    const api = installFakeNewsApi([makeArticle(1), makeArticle(2)]);
    const { user, router } = renderNews('/news/2');
    await screen.findByRole('heading', { level: 2, name: 'Headline 2' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this article?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete article' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/news'));
    expect(api.writes).toEqual([{ method: 'DELETE', path: '/api/admin/news/2', body: undefined }]);
    expect(await screen.findByText('1 article')).toBeInTheDocument();
  });
});
