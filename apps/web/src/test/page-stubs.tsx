import { screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

// Shell tests check routes, layouts and guards, not pages: feature engineers replace the pages, so
// these tests render stand-ins that show which page the router chose and with which props.
const pageModules: Record<string, string> = {
  '@/features/public/pages/landing-page': 'landing',
  '@/features/public/pages/about-page': 'about',
  '@/features/public/pages/services-page': 'services',
  '@/features/public/pages/contact-page': 'contact',
  '@/features/public/pages/lead-form-page': 'lead-form',
  '@/features/legal/pages/policy-document-page': 'policy',
  '@/features/auth/pages/login-page': 'login',
  '@/features/auth/pages/register-page': 'register',
  '@/features/auth/pages/reset-password-page': 'reset-password',
  '@/features/auth/pages/first-time-set-password-page': 'first-time-set-password',
  '@/features/auth/pages/verify-email-page': 'verify-email',
  '@/features/auth/pages/activate-page': 'activate',
  '@/features/prices/pages/home-dashboard-page': 'home-dashboard',
  '@/features/prices/pages/price-table-page': 'price-table',
  '@/features/prices/pages/price-chart-page': 'price-chart',
  '@/features/prices/pages/market-dashboard-page': 'market-dashboard',
  '@/features/news/pages/news-list-page': 'news-list',
  '@/features/news/pages/news-detail-page': 'news-detail',
  '@/features/bank/pages/bank-page': 'bank',
  '@/features/bank/pages/bank-verification-page': 'bank-verification',
  '@/features/bank/pages/send-email-page': 'send-email',
  '@/features/bank/pages/client-home-page': 'client-home',
  '@/features/due-diligence/pages/overview-page': 'due-diligence-overview',
  '@/features/due-diligence/pages/create-page': 'due-diligence-create',
  '@/features/due-diligence/pages/detail-page': 'due-diligence-detail',
  '@/features/beta/pages/beta-module-page': 'beta',
  '@/features/support/pages/support-page': 'support',
  '@/features/releases/pages/releases-page': 'releases',
  '@/features/admin/pages/admin-sessions-page': 'admin-sessions',
  '@/features/profile/components/profile-view': 'profile',
  '@/features/profile/components/settings-view': 'settings',
};

function createStubPage(name: string) {
  return function StubPage(props: Record<string, unknown>) {
    const values = Object.values(props).filter((value) => typeof value === 'string');
    return <p data-testid="page">{[name, ...values].join(':')}</p>;
  };
}

/** Replaces every page module with a stand-in; call at the top of a test file, before rendering. */
export function stubPages(): void {
  for (const [path, name] of Object.entries(pageModules)) {
    vi.doMock(path, () => ({ default: createStubPage(name) }));
  }
}

/** Waits until the stand-in of `page` (e.g. 'policy:terms') is the one rendered. */
export async function expectPage(page: string): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('page').textContent).toBe(page));
}
