import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectPage, stubPages } from '@/test/page-stubs';
import { renderApp, seedSession } from '@/test/render-app';

stubPages();

describe('public layout', () => {
  it('switches language, changes the visible text and remembers the choice', async () => {
    const { user, unmount } = renderApp('/about-us');
    await expectPage('about');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(document.title).toBe('FuelDesk - About us'));

    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Política de privacidad' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('i18nextLng')).toBe('es');
    await waitFor(() => expect(document.title).toBe('FuelDesk - Quiénes somos'));
    unmount();

    renderApp('/services');
    await expectPage('services');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('FuelDesk - Servicios'));
  });

  it('has a header nav, policy links in the footer and a dashboard link when signed in', async () => {
    seedSession();
    renderApp('/');
    await expectPage('landing');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/home');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact-us');
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/Policy/Terms');
    await waitFor(() => expect(document.title).toBe('FuelDesk - Fuel market intelligence'));
  });
});
