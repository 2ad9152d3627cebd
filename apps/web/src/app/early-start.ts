import { isRestrictedClient, normalizeRole, type Language } from '@fueldesk/contracts';
import { startEarlyRequests } from '@/lib/early-requests';
import { guessLanguageCodes } from '@/lib/language-detector';
import { readString } from '@/lib/storage';
import { AUTH_TOKEN_KEY, decodeTokenPayload, isTokenExpired, type TokenPayload } from '@/lib/session-token';
import { lazyTextLoaders, textBundleLoaders } from '@/lib/text-bundles';
import { signedInPageOf, type PageCode } from './signed-in-pages';

// What the signed-in home needs first, started by the entry script (main.tsx) while the framework
// downloads, instead of one round trip after another once it has run: the layout's and the page's
// code, the reader's texts and the dashboard's first data. Every piece is what the app asks for
// anyway (app/router.tsx and lib/i18n.ts load through the same functions), so nothing is fetched
// twice; a wrong guess (another language chosen, a session that ended) costs a download, not a
// wrong page.

/** The price dashboard, the home of every signed-in user but a restricted cliente. */
export const loadHomePage = () => import('@/features/prices/pages/home-dashboard-page');
/** The signed-in layout with its watchers (app/dashboard-route.tsx). */
export const loadDashboardRoute = () => import('./dashboard-route');

/** /home and /home/{slug} (app/router.tsx). */
const HOME_PATH = /^\/home(\/[^/]+)?\/?$/;

/** Whether `pathname` shows the signed-in home (whose first data the entry asks for). */
export function isHomePath(pathname: string): boolean {
  return HOME_PATH.test(pathname);
}
/**
 * The price dashboard's queries that need no earlier answer (features/prices/api/home-first-data.ts:
 * the page, its movers and summary panels) and the signed-in user the layout shows (lib/auth-store's
 * primeSessionUser), as the API client sends them.
 */
export const HOME_EARLY_GETS = ['/dashboards', '/prices/products', '/prices/movers?limit=5', '/prices/summary', '/auth/me'] as const;
/** What every other signed-in page asks for first: the signed-in user the layout shows. */
export const PAGE_EARLY_GETS = ['/auth/me'] as const;

/** Whether the session of this token sees the cliente's home, not the price dashboard (SPEC.md §2, §6). */
export function seesClientHome(payload: TokenPayload | null): boolean {
  return payload !== null && isRestrictedClient({ role: normalizeRole(payload.role), is_superadmin: payload.is_superadmin === true });
}

/** The language lib/i18n.ts will most likely pick: the first one with texts. */
export function guessLanguage(codes: readonly string[] = guessLanguageCodes()): Language | null {
  for (const code of codes) {
    const language = code.toLowerCase().split(/[-_]/)[0];
    if (Object.hasOwn(textBundleLoaders, language)) return language as Language;
  }
  return null;
}

/**
 * The GETs of `page`'s first data (app/signed-in-pages.ts) in its plain view (no query string), in
 * the language the texts will most likely be in: sent with the first request, since the page's
 * largest element waits for them. A wrong guess costs a download: the page's query asks for its own.
 */
export function pageFirstGets(page: PageCode | null, search: string): readonly string[] {
  if (!page?.firstData || (search !== '' && search !== '?')) return [];
  const language = guessLanguage();
  return language ? page.firstData.gets(language) : [];
}

/** Runs each step in a task of its own, in order: none holds the main thread for long. */
function inSeparateTasks(steps: readonly (() => void)[]): void {
  const [step, ...rest] = steps;
  if (!step) return;
  setTimeout(() => {
    step();
    inSeparateTasks(rest);
  }, 0);
}

/** The loaders of a signed-in page's feature texts (lib/i18n.ts loads them through the same ones). */
function pageTextLoaders(page: PageCode, language: Language): (() => Promise<unknown>)[] {
  return page.texts.flatMap((namespace) => lazyTextLoaders[`../locales/${language}/lazy/${namespace}.json`] ?? []);
}

/**
 * Starts what the page at `pathname` needs first, when it is a signed-in page of a live session:
 * its first request at once, then the layout's and the page's code, the texts and the other
 * requests, each group in a task of its own. Together they were one long task even on a fast
 * machine (the first storage read, the first fetch, the preload links), a long task on a phone while
 * the framework is still downloading. The code goes first: asked for after the framework has
 * arrived, it would be one more round trip before the page (the router asks for it only once the
 * framework has run, and the page's texts only with it). The home also gets its first data; the
 * other pages the signed-in user the layout shows.
 */
export function startEarly(pathname: string, search: string = '', now: number = Date.now()): void {
  const home = HOME_PATH.test(pathname);
  const page = home ? null : signedInPageOf(pathname);
  if (!home && !page) return;
  const token = readString('local', AUTH_TOKEN_KEY);
  // A session without a live access token is restored first; its home is chosen afterwards.
  if (!token || isTokenExpired(token, now) || seesClientHome(decodeTokenPayload(token))) return;
  const [first, ...others] = home ? HOME_EARLY_GETS : PAGE_EARLY_GETS;
  startEarlyRequests([first, ...pageFirstGets(page, search)], token, now);
  const quietly = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  inSeparateTasks([
    () => {
      quietly(loadDashboardRoute);
      quietly(page ? page.load : loadHomePage);
    },
    () => {
      const language = guessLanguage();
      if (!language) return;
      quietly(textBundleLoaders[language]);
      if (page) pageTextLoaders(page, language).forEach(quietly);
    },
    () => {
      if (others.length > 0) startEarlyRequests(others, token, now);
    },
  ]);
}
