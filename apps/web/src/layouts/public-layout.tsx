import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useNavigation } from 'react-router';
import { preloadRoute } from '@/lib/route-preload';
import { buttonClassName } from '@/components/ui/button';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { Logo } from '@/components/ui/logo';
import { useDocumentTitle, useRouteTitle } from '@/lib/document-title';
import { useHydrationValue } from '@/lib/use-hydration-value';
import { useSession } from '@/lib/auth-store';
import { useLightTheme } from '@/lib/theme';
import { NavigationProgress } from './navigation-progress';
import { SkipLink } from './skip-link';

const navItems = [
  { to: '/about-us', key: 'publicNav.about' },
  { to: '/services', key: 'publicNav.services' },
  { to: '/contact-us', key: 'publicNav.contact' },
] as const;

const footerLinks = [
  { to: '/Policy/Privacy', key: 'policy.docs.privacy' },
  { to: '/Policy/Terms', key: 'policy.docs.terms' },
  { to: '/Policy/Cookie-Policy', key: 'policy.docs.cookiePolicy' },
  { to: '/Policy/RefundAndCancellation-Policy', key: 'policy.docs.refundAndCancellation' },
  { to: '/Policy/Compliance', key: 'policy.docs.compliance' },
] as const;

const currentYear = () => new Date().getFullYear();

/** Marketing, auth and legal pages: always light (SPEC.md §4). */
export default function PublicLayout() {
  const { t } = useTranslation();
  const { isAuthenticated } = useSession();
  const navigation = useNavigation();
  useLightTheme();
  useDocumentTitle(useRouteTitle());
  // Prerendered HTML carries the build's year; a page built in December may be hydrated in January.
  const copyrightYear = useHydrationValue(__BUILD_YEAR__, currentYear);

  const accountTarget = isAuthenticated ? '/home' : '/login';

  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <SkipLink />
      <NavigationProgress active={navigation.state === 'loading'} />
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-3">
          <Link to="/" className="focus-ring rounded-md" aria-label={t('publicNav.homeLink')}>
            <Logo />
          </Link>
          <nav aria-label={t('publicNav.label')} className="order-last w-full sm:order-none sm:w-auto">
            <ul className="flex gap-1">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    onMouseEnter={() => preloadRoute(item.to)}
                    onFocus={() => preloadRoute(item.to)}
                    className={({ isActive }) =>
                      clsx(
                        'focus-ring rounded-md px-3 py-2 text-sm font-medium',
                        isActive ? 'text-amber-700' : 'text-slate-700 hover:text-slate-950',
                      )
                    }
                  >
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-3">
            <LanguageSwitch />
            <Link
              to={accountTarget}
              onMouseEnter={() => preloadRoute(accountTarget)}
              className={buttonClassName('primary', 'py-1.5')}
            >
              {isAuthenticated ? t('publicNav.dashboard') : t('publicNav.login')}
            </Link>
          </div>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label={t('footer.legalLabel')}>
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {footerLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="focus-ring rounded hover:text-slate-900">
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>{t('footer.copyright', { year: copyrightYear })}</p>
        </div>
      </footer>
    </div>
  );
}
