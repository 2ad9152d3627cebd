/**
 * Where the web build writes the HTML of a prerendered public page, relative to its dist folder
 * (scripts/prerender.mjs), and where the server looks for it: pages/index.html for /,
 * pages/Policy/Terms.html for /Policy/Terms. A trailing slash is ignored; anything but plain
 * segments (dots, encoded characters) gives null, so no request can reach outside pages/.
 */
export function prerenderedPagePath(pathname: string): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!/^\/(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?$/.test(trimmed)) return null;
  // The landing page's file is pages/index.html; /index is not a page.
  if (trimmed === '/index') return null;
  return `pages/${trimmed === '/' ? 'index' : trimmed.slice(1)}.html`;
}

/**
 * Where the web build writes a signed-in page's HTML with its phone frames in `language`
 * (frames/en/home.html for /home; scripts/prerender.mjs), and where the server looks for it; null as
 * prerenderedPagePath gives it.
 */
export function signedInFramePath(pathname: string, language: string): string | null {
  const page = prerenderedPagePath(pathname);
  if (!page || !/^[a-z]{2}$/.test(language)) return null;
  return `frames/${language}/${page.slice('pages/'.length)}`;
}

/**
 * Every path the web app shows a page at (its router, apps/web/src/app/router.tsx, holds the same
 * list; a test keeps them equal). `:name` stands for one segment. Any other path is answered with
 * the app's "Page not found" page and HTTP 404, so search engines and monitors see a real 404.
 */
export const APP_PATH_PATTERNS = [
  '/',
  '/auth/login',
  '/contact',
  '/Trade-Transaction',
  '/login',
  '/register',
  '/reset-password',
  '/first-time-set-password',
  '/verify-email',
  '/activate',
  '/cancel-email-change',
  '/about-us',
  '/services',
  '/contact-us',
  '/form',
  '/Policy',
  '/Policy/Privacy',
  '/Policy/Terms',
  '/Policy/External-Policies',
  '/Policy/RefundAndCancellation-Policy',
  '/Policy/Cookie-Policy',
  '/Policy/Compliance',
  '/Policy/BetaProgram',
  '/Policy/AIDueDiligence',
  '/Policy/MarketDataMasking',
  '/Policy/FinancialDataConnectivity',
  '/home',
  '/home/:slug',
  '/news',
  '/news/:newsId',
  '/news/id/:newsId',
  '/marketprice',
  '/marketprice/gasoline',
  '/marketprice/diesel',
  '/marketprice/spreads',
  '/marketprice/curve',
  '/marketprice/alerts',
  '/marketprice/:slug',
  '/marketprice/graphics',
  '/market-price',
  '/bank',
  '/bank/:slug',
  '/bank/verification',
  '/plaid',
  '/bank/send-email',
  '/bank/send-email/:id',
  '/due-diligence',
  '/due-diligence/create',
  '/due-diligence/detail',
  '/due-diligence/screening',
  '/due-diligence/decisions',
  '/due-diligence/watchlist',
  '/activity',
  '/portfolio',
  '/transactions',
  '/certificate',
  '/wallet',
  '/trade',
  '/webhooks',
  '/support',
  '/releases',
  '/settings/api-keys',
  '/developers',
  '/admin/sessions',
  '/admin/audit',
] as const;

const appPathMatchers = APP_PATH_PATTERNS.map((pattern) => pattern.toLowerCase().split('/').filter(Boolean));

/**
 * Whether the web app has a page at this path (letter case and a trailing slash ignored, like its
 * router). Verify-email links (`/verify-email/<token>`, also under other prefixes) are pages too.
 */
export function isAppPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  if (lower.includes('/verify-email')) return true;
  const segments = lower.split('/').filter(Boolean);
  return appPathMatchers.some(
    (pattern) => pattern.length === segments.length && pattern.every((part, index) => part.startsWith(':') || part === segments[index]),
  );
}
