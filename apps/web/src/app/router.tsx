import { isRestrictedClient } from '@fueldesk/contracts';
import { isValidElement, lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { createBrowserRouter, matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { BetaModule } from '@/features/beta/pages/beta-module-page';
import { policyDocuments, type PolicyDocId } from '@/lib/policy-documents';
import { PageLoader } from '@/components/ui/spinner';
import type { RouteHandle } from '@/lib/document-title';
import { useSession } from '@/lib/auth-store';
import { decodeTokenPayload, readAccessToken } from '@/lib/auth-storage';
import { withTexts } from '@/lib/i18n';
import { lazyPreloaded } from '@/lib/lazy-preloaded';
import { setRoutePreloader } from '@/lib/route-preload';
import { loadDashboardRoute, loadHomePage, seesClientHome } from './early-start';
import { FallbackRoute, isVerifyEmailPath, loadVerifyEmailPage } from './fallback-route';
import { ProtectedRoute } from './protected-route';
import { RootRoute } from './root-route';
import { RouteErrorPage } from './route-error-page';
import { betaPage, signedInPages, type PageCode, type SignedInPagePath } from './signed-in-pages';

type PageModule<P = object> = { default: ComponentType<P> };
type LazyRoute = NonNullable<Extract<RouteObject['lazy'], (...args: never[]) => unknown>>;

/** Every page is its own chunk, so the landing bundle holds none of the dashboard. */
function lazyPage(load: () => Promise<PageModule>): LazyRoute {
  return async () => ({ Component: (await load()).default });
}

/** A signed-in page of app/signed-in-pages.ts, with its feature texts. */
function pageRoute(path: SignedInPagePath): LazyRoute {
  const { texts, load } = signedInPages[path] as PageCode<PageModule>;
  return lazyPage(withTexts(texts, load));
}

function lazyElement<P>(load: () => Promise<PageModule<P>>, render: (Page: ComponentType<P>) => ReactElement): LazyRoute {
  return async () => ({ element: render((await load()).default) });
}

/** Profile and Settings, shown by the dashboard layout over the page (the layout imports no feature). */
const profilePanels = {
  profile: lazy(withTexts('profile', () => import('@/features/profile/components/profile-view'))),
  settings: lazy(withTexts(['profile', 'forms'], () => import('@/features/profile/components/settings-view'))),
};


const title = (titleKey: RouteHandle['titleKey']): RouteHandle => ({ titleKey });

/** A route that only redirects, keeping the query string (e.g. /auth/login?next=…). */
function redirectRoute(path: string, target: string): RouteObject {
  return {
    path,
    loader: ({ request }: LoaderFunctionArgs) => redirect(`${target}${new URL(request.url).search}`),
    element: null,
  };
}

const loadPolicyPage = withTexts('legal', () => import('@/features/legal/pages/policy-document-page'));
const loadClientHomePage = withTexts('bank', () => import('@/features/bank/pages/client-home-page'));
const homePages = { full: lazyPreloaded(loadHomePage), client: lazyPreloaded(loadClientHomePage) };

/**
 * /home and /home/{slug}: the price dashboard, or for a restricted cliente (which the price and
 * dashboard APIs refuse) its own home of bank verification and invitations. Chosen at render, as
 * the signed-in user can change without a reload.
 */
function HomePage() {
  const { role, isSuperadmin } = useSession();
  const Page = (isRestrictedClient({ role, is_superadmin: isSuperadmin }) ? homePages.client : homePages.full).Component;
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

/**
 * Starts loading the home page the stored session will see. HomePage chooses it at render, so
 * without this its code would be requested only once the session is restored and the layout drawn.
 * Without a valid access token (a session being restored) the price dashboard is the likely one.
 */
function preloadHomePage(): void {
  const token = readAccessToken();
  void (seesClientHome(token ? decodeTokenPayload(token) : null) ? homePages.client : homePages.full).preload().catch(() => undefined);
}

function policyRoute(doc: PolicyDocId): Pick<RouteObject, 'lazy' | 'handle'> {
  return {
    handle: title(`policy.docs.${doc}`),
    lazy: lazyElement(loadPolicyPage, (Page) => <Page doc={doc} />),
  };
}

function betaRoute(path: BetaModule): RouteObject {
  return { path, handle: title(`sections.${path}`), lazy: lazyElement(withTexts(betaPage.texts, betaPage.load), (Page) => <Page module={path} />) };
}

const publicRoutes: RouteObject[] = [
  { index: true, handle: title('sections.landing'), lazy: lazyPage(withTexts('public', () => import('@/features/public/pages/landing-page'))) },
  { path: 'login', handle: title('sections.login'), lazy: lazyPage(withTexts(['auth', 'forms'], () => import('@/features/auth/pages/login-page'))) },
  { path: 'register', handle: title('sections.register'), lazy: lazyPage(withTexts(['auth', 'forms'], () => import('@/features/auth/pages/register-page'))) },
  {
    path: 'reset-password',
    handle: title('sections.resetPassword'),
    lazy: lazyPage(withTexts(['auth', 'forms'], () => import('@/features/auth/pages/reset-password-page'))),
  },
  {
    path: 'first-time-set-password',
    handle: title('sections.firstTimeSetPassword'),
    lazy: lazyPage(withTexts(['auth', 'forms'], () => import('@/features/auth/pages/first-time-set-password-page'))),
  },
  { path: 'verify-email', handle: title('sections.verifyEmail'), lazy: lazyPage(loadVerifyEmailPage) },
  {
    path: 'cancel-email-change',
    handle: title('sections.cancelEmailChange'),
    lazy: lazyPage(withTexts('auth', () => import('@/features/auth/pages/cancel-email-change-page'))),
  },
  { path: 'activate', handle: title('sections.activate'), lazy: lazyPage(withTexts(['auth', 'forms'], () => import('@/features/auth/pages/activate-page'))) },
  { path: 'about-us', handle: title('sections.about'), lazy: lazyPage(withTexts('public', () => import('@/features/public/pages/about-page'))) },
  { path: 'services', handle: title('sections.services'), lazy: lazyPage(withTexts('public', () => import('@/features/public/pages/services-page'))) },
  { path: 'contact-us', handle: title('sections.contact'), lazy: lazyPage(withTexts(['public', 'forms'], () => import('@/features/public/pages/contact-page'))) },
  { path: 'form', handle: title('sections.leadForm'), lazy: lazyPage(withTexts(['public', 'forms'], () => import('@/features/public/pages/lead-form-page'))) },
  {
    path: 'Policy',
    lazy: lazyPage(() => import('@/layouts/policy-layout')),
    children: [
      { index: true, ...policyRoute('privacy') },
      ...policyDocuments.map(({ id, path }) => ({ path, ...policyRoute(id) })),
    ],
  },
  {
    path: '*',
    handle: title((pathname: string) => (isVerifyEmailPath(pathname) ? 'sections.verifyEmail' : 'sections.notFound')),
    Component: FallbackRoute,
  },
];

const dashboardRoutes: RouteObject[] = [
  { path: 'home', handle: title('sections.home'), Component: HomePage },
  { path: 'home/:slug', handle: title('sections.home'), Component: HomePage },
  { path: 'news', handle: title('sections.news'), lazy: pageRoute('news') },
  {
    path: 'news/:newsId',
    // /news/oil|market|regulation are custom News sub-items: the list filtered by section.
    handle: title((pathname: string) => (/^\/news\/(oil|market|regulation)\/?$/.test(pathname) ? 'sections.news' : 'sections.newsDetail')),
    lazy: pageRoute('news/:newsId'),
  },
  { path: 'news/id/:newsId', handle: title('sections.newsDetail'), lazy: pageRoute('news/id/:newsId') },
  { path: 'marketprice', handle: title('sections.marketPrice'), lazy: pageRoute('marketprice') },
  { path: 'marketprice/gasoline', handle: title('sections.marketPriceGasoline'), lazy: pageRoute('marketprice/gasoline') },
  { path: 'marketprice/diesel', handle: title('sections.marketPriceDiesel'), lazy: pageRoute('marketprice/diesel') },
  { path: 'marketprice/curve', handle: title('sections.marketPrice'), lazy: pageRoute('marketprice/curve') },
  { path: 'marketprice/spreads', handle: title('sections.marketPrice'), lazy: pageRoute('marketprice/spreads') },
  { path: 'marketprice/:slug', handle: title('sections.marketPrice'), lazy: pageRoute('marketprice/:slug') },
  {
    path: 'marketprice/alerts',
    handle: title('sections.priceAlerts'),
    lazy: pageRoute('marketprice/alerts'),
  },
  {
    path: 'marketprice/graphics',
    handle: title('sections.priceChart'),
    lazy: pageRoute('marketprice/graphics'),
  },
  {
    path: 'market-price',
    handle: title('sections.marketDashboard'),
    lazy: pageRoute('market-price'),
  },
  { path: 'bank', handle: title('sections.bank'), lazy: pageRoute('bank') },
  // Custom Bank sub-items live at /bank/<slug> (SPEC.md §3); the static routes below win over it.
  { path: 'bank/:slug', handle: title('sections.bank'), lazy: pageRoute('bank/:slug') },
  { path: 'bank/verification', handle: title('sections.bankVerification'), lazy: pageRoute('bank/verification') },
  { path: 'plaid', handle: title('sections.bankVerification'), lazy: pageRoute('plaid') },
  { path: 'bank/send-email', handle: title('sections.sendEmail'), lazy: pageRoute('bank/send-email') },
  { path: 'bank/send-email/:id', handle: title('sections.sendEmail'), lazy: pageRoute('bank/send-email/:id') },
  {
    path: 'due-diligence',
    handle: title('sections.dueDiligence'),
    lazy: pageRoute('due-diligence'),
  },
  {
    path: 'due-diligence/create',
    handle: title('sections.dueDiligenceCreate'),
    lazy: pageRoute('due-diligence/create'),
  },
  {
    path: 'due-diligence/screening',
    handle: title('sections.dueDiligenceScreening'),
    lazy: pageRoute('due-diligence/screening'),
  },
  {
    path: 'due-diligence/detail',
    handle: title('sections.dueDiligenceDetail'),
    lazy: pageRoute('due-diligence/detail'),
  },
  betaRoute('portfolio'),
  betaRoute('transactions'),
  betaRoute('certificate'),
  betaRoute('wallet'),
  betaRoute('trade'),
  { path: 'webhooks', handle: title('sections.webhooks'), lazy: pageRoute('webhooks') },
  { path: 'support', handle: title('sections.support'), lazy: pageRoute('support') },
  { path: 'settings/api-keys', handle: title('sections.apiKeys'), lazy: pageRoute('settings/api-keys') },
  { path: 'developers', handle: title('sections.developers'), lazy: pageRoute('developers') },
  { path: 'releases', handle: title('sections.releases'), lazy: pageRoute('releases') },
  {
    path: 'due-diligence/watchlist',
    handle: title('sections.watchlist'),
    lazy: pageRoute('due-diligence/watchlist'),
  },
  {
    path: 'due-diligence/decisions',
    handle: title('sections.decisions'),
    lazy: pageRoute('due-diligence/decisions'),
  },
  {
    path: 'activity',
    handle: title('sections.activity'),
    lazy: pageRoute('activity'),
  },
  {
    path: 'admin/audit',
    handle: title('sections.audit'),
    lazy: pageRoute('admin/audit'),
  },
  {
    path: 'admin/sessions',
    handle: title('sections.adminSessions'),
    lazy: pageRoute('admin/sessions'),
  },
];

/** Every route of SPEC.md §2. Exported for tests, which mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      redirectRoute('auth/login', '/login'),
      redirectRoute('contact', '/contact-us'),
      redirectRoute('Trade-Transaction', '/transactions'),
      { lazy: lazyPage(() => import('@/layouts/public-layout')), children: publicRoutes },
      {
        Component: ProtectedRoute,
        children: [
          {
            // The layout with the report and invitation watchers (app/dashboard-route.tsx).
            lazy: lazyElement(
              loadDashboardRoute,
              (DashboardRoute) => <DashboardRoute profilePanels={profilePanels} />,
            ),
            children: dashboardRoutes,
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** Whether a route (of `routes`, or the router's copy of it) shows the home page. */
function isHomeRoute(route: RouteObject): boolean {
  return route.Component === HomePage || (isValidElement(route.element) && route.element.type === HomePage);
}

/**
 * Starts loading the code of the matched routes' pages (the home page the stored session will see
 * included). The app's start passes the router's own matches (router.state.matches), so the route
 * table is flattened and ranked once, by the router.
 */
export function preloadMatches(matches: readonly { route: RouteObject }[] | null): void {
  for (const { route } of matches ?? []) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
    if (isHomeRoute(route)) preloadHomePage();
  }
}

/** Starts loading the code of the page at `path` (sidebar and nav links call it on hover/focus). */
export function preloadRoute(path: string): void {
  preloadMatches(matchRoutes(routes, path));
}
setRoutePreloader(preloadRoute);
