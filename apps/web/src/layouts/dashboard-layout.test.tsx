import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectPage, stubPages } from '@/test/page-stubs';
import { currentPath, renderApp, seedSession } from '@/test/render-app';
import { SIDEBAR_COLLAPSED_KEY } from './dashboard-layout';

stubPages();

async function renderDashboard(path = '/home') {
  const app = renderApp(path);
  const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
  return { ...app, sidebar };
}

describe('sidebar', () => {
  it('collapses to w-20, expands to w-64 and remembers the choice', async () => {
    seedSession();
    const { sidebar, user, unmount } = await renderDashboard();
    expect(sidebar).toHaveClass('w-64');

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar).toHaveClass('w-20');
    expect(sidebar).not.toHaveClass('w-64');
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');

    unmount();
    const again = await renderDashboard();
    expect(again.sidebar).toHaveClass('w-20');
    await again.user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(again.sidebar).toHaveClass('w-64');
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
  });

  it('shows every group to a user and only Bank > Verification to a cliente', async () => {
    seedSession();
    const { unmount } = await renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    for (const group of ['Main', 'Operations', 'History', 'Help']) {
      expect(within(nav).getByRole('heading', { name: group })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Transaction' })).toHaveAttribute('href', '/transactions');
    unmount();

    seedSession({ role: 'cliente' });
    const { user } = await renderDashboard('/bank/verification');
    const clientNav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(clientNav).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Operations']);
    expect(within(clientNav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/bank/verification']);
    expect(within(clientNav).queryByRole('button', { name: /Add sub-item/ })).not.toBeInTheDocument();
    await user.click(within(clientNav).getByRole('button', { name: 'Bank' }));
    expect(within(clientNav).queryAllByRole('link')).toHaveLength(0);
  });

  it('opens the Due Diligence sub-items, which take no custom sub-items', async () => {
    seedSession();
    const { user, router } = await renderDashboard();

    await user.click(screen.getByRole('button', { name: 'Due Diligence' }));
    await user.click(screen.getByRole('link', { name: 'Create' }));
    await waitFor(() => expect(currentPath(router)).toBe('/due-diligence/create'));

    await user.click(screen.getByRole('link', { name: 'Overview' }));
    await waitFor(() => expect(currentPath(router)).toBe('/due-diligence'));
    expect(screen.queryByRole('button', { name: 'Add sub-item to Due Diligence' })).not.toBeInTheDocument();
  });

  it('shows the Beta badge and the plan from the session user, Starter otherwise', async () => {
    seedSession({ planName: 'Enterprise' });
    const { sidebar, unmount } = await renderDashboard();
    expect(within(sidebar).getByText('Beta')).toBeInTheDocument();
    expect(within(sidebar).getByText('Enterprise plan')).toBeInTheDocument();
    unmount();
    seedSession();
    const again = await renderDashboard();
    expect(within(again.sidebar).getByText('Starter plan')).toBeInTheDocument();
  });

  it('logs out to the landing page and clears the session', async () => {
    seedSession();
    const { user, router } = await renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    // SPEC.md §4: the loader shows and the logout call waits 1 s before the session is cleared.
    expect(await screen.findByText('Signing you out…')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    // The session is cleared once the dashboard has unmounted, a moment after the navigation.
    await waitFor(() => expect(localStorage.getItem('authToken')).toBeNull());
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('mobile drawer', () => {
  it('opens with the menu button, locks scroll, and closes with the backdrop or Escape', async () => {
    window.innerWidth = 500;
    seedSession();
    const { sidebar, user } = await renderDashboard();
    expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).not.toBeInTheDocument();
    expect(sidebar).toHaveClass('-translate-x-full');
    expect(sidebar).toHaveAttribute('inert');

    const menuButton = screen.getByRole('button', { name: 'Open side menu' });
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toHaveClass('translate-x-0');
    expect(sidebar).not.toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(screen.getByRole('button', { name: 'close side menu' }));
    expect(screen.queryByRole('button', { name: 'close side menu' })).not.toBeInTheDocument();
    expect(sidebar).toHaveClass('-translate-x-full');
    expect(document.body.style.overflow).toBe('');

    await user.click(menuButton);
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'close side menu' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes after following a link', async () => {
    window.innerWidth = 500;
    seedSession();
    const { user, router } = await renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Open side menu' }));
    await user.click(screen.getByRole('link', { name: 'Support' }));
    await waitFor(() => expect(currentPath(router)).toBe('/support'));
    expect(screen.queryByRole('button', { name: 'close side menu' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });
});

describe('theme', () => {
  it('toggles dark mode in the dashboard, persists it, and never applies it to public pages', async () => {
    seedSession();
    const { user, router } = await renderDashboard();
    expect(document.documentElement).not.toHaveClass('dark');

    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('darkMode')).toBe('true');

    await router.navigate('/about-us');
    await expectPage('about');
    expect(document.documentElement).not.toHaveClass('dark');

    await router.navigate('/news');
    expect(await screen.findByRole('button', { name: 'Dark theme' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Dark theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('darkMode')).toBe('false');
  });

  it('starts dark from storage on a dashboard page but light on a public one', async () => {
    localStorage.setItem('darkMode', 'true');
    renderApp('/services');
    await expectPage('services');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});

describe('header', () => {
  it('shows the section title and sets the document title', async () => {
    seedSession();
    const { router } = await renderDashboard('/marketprice/graphics');
    expect(screen.getByRole('heading', { level: 1, name: 'Price charts' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('FuelDesk - Price charts'));
    await router.navigate('/news/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'News article' })).toBeInTheDocument();
  });

  it('offers Admin sessions only to admins and opens profile and settings over the page', async () => {
    seedSession({ role: 'user' });
    const { user, unmount } = await renderDashboard('/news');
    await user.click(screen.getByRole('button', { name: 'Account menu for Ana Torres' }));
    const menu = await screen.findByRole('menu', { name: 'Account' });
    expect(within(menu).queryByRole('menuitem', { name: 'Admin sessions' })).not.toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'My profile' }));
    const profile = await screen.findByRole('region', { name: 'My profile' });
    expect(await within(profile).findByTestId('page')).toHaveTextContent('profile');
    expect(screen.getByRole('heading', { level: 1, name: 'My profile' })).toBeInTheDocument();
    expect(screen.getByText('news-list')).not.toBeVisible();
    await waitFor(() => expect(document.title).toBe('FuelDesk - My profile'));
    await user.click(screen.getByRole('button', { name: 'Back to page' }));
    expect(screen.queryByRole('region', { name: 'My profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
    expect(screen.getByText('news-list')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Account menu for Ana Torres' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    const settings = await screen.findByRole('region', { name: 'Settings' });
    expect(await within(settings).findByTestId('page')).toHaveTextContent('settings');
    unmount();

    seedSession({ role: 'admin' });
    const admin = await renderDashboard('/news');
    await admin.user.click(screen.getByRole('button', { name: 'Account menu for Ana Torres' }));
    expect(await screen.findByRole('menuitem', { name: 'Admin sessions' })).toHaveAttribute('href', '/admin/sessions');
  });

  it('switches language from the user menu', async () => {
    seedSession();
    const { user } = await renderDashboard('/news');
    await user.click(screen.getByRole('button', { name: 'Account menu for Ana Torres' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Español' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Noticias' })).toBeInTheDocument();
    expect(localStorage.getItem('i18nextLng')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });
});
