import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '@/components/ui/spinner';
import { withTexts } from '@/lib/i18n';
import { NotFoundPage } from './not-found-page';

export const loadVerifyEmailPage = withTexts(['auth', 'forms'], () => import('@/features/auth/pages/verify-email-page'));
const VerifyEmailPage = lazy(loadVerifyEmailPage);

/** SPEC.md §2: any path containing /verify-email is the verification outcome (links from emails). */
export function isVerifyEmailPath(pathname: string): boolean {
  return pathname.toLowerCase().includes('/verify-email');
}

/** The catch-all route: the verify-email page for such paths, else a real 404. */
export function FallbackRoute() {
  const { pathname } = useLocation();
  if (!isVerifyEmailPath(pathname)) return <NotFoundPage />;
  return (
    <Suspense fallback={<PageLoader />}>
      <VerifyEmailPage />
    </Suspense>
  );
}
