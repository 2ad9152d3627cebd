import type { Language } from '@fueldesk/contracts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from '@/app/providers';
import { canHydrate, resolveLazyRoutes } from '@/app/hydration';
import { isHomePath, loadHomePage, pageFirstGets } from '@/app/early-start';
import { signedInPageOf } from '@/app/signed-in-pages';
import { createAppRouter, preloadMatches, routes } from '@/app/router';
import { primeSessionUser } from '@/lib/auth-store';
import { readAccessToken, readRefreshToken } from '@/lib/auth-storage';
import { hasEarlyRequests } from '@/lib/early-requests';
import { getCurrentLanguage, initLanguage } from '@/lib/i18n';
import { primePageData } from '@/prerender/prime-page-data';

/**
 * How long the first render of the signed-in home waits for the data the entry script asked for
 * early (app/early-start.ts) once its code and texts are in; after that it renders with loading
 * states and the data fills them in as it comes.
 */
const EARLY_DATA_WAIT_MS = 1_000;

/** Lets the browser run what waits (input, rendering) before the caller goes on, in a task of its own. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves when the router has loaded the code of the address's lazy routes (its first state). */
function whenInitialized(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The signed-in home's first data and the signed-in user (only the user on the other signed-in
 * pages), from the answers the entry script asked
 * for while the app's code downloaded: the page's first render is then the page itself, not a
 * loading state followed by one render per answer (each a long task on a phone).
 */
async function primeEarlyData(queryClient: ReturnType<typeof createQueryClient>, pathname: string, search: string, language: Promise<Language>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, EARLY_DATA_WAIT_MS);
  });
  // The page's chunk carries its data's queries: no request of their own (the entry has asked for it).
  // A page with first data (app/signed-in-pages.ts) in its plain view gets it the same way, in the
  // language the texts are in; elsewhere the entry asked for the signed-in user only (the layout shows it).
  const page = isHomePath(pathname) ? null : signedInPageOf(pathname);
  const pageData = page?.firstData && pageFirstGets(page, search).length > 0 ? page.firstData : null;
  const primed = Promise.all([
    isHomePath(pathname) ? loadHomePage().then(({ primeHomeData }) => primeHomeData(queryClient)) : undefined,
    pageData ? language.then((current) => pageData.prime(queryClient, current)) : undefined,
    primeSessionUser(),
  ]);
  await Promise.race([primed, late]).finally(() => clearTimeout(timer));
}

/**
 * Starts the app in #root: hydrates a prerendered page or renders afresh. Called by the entry
 * (main.tsx), not run on import: pages' chunks import modules that share this chunk, and a
 * top-level await here, waiting on a page's chunk, would wait on itself.
 */
export async function startApp(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  // The app's modules were evaluated in the task that loaded them; the start's own work (router,
  // texts, first render) goes into the next task, so that neither holds the main thread as long.
  await nextTask();

  const queryClient = createQueryClient();
  const { pathname } = window.location;
  const prerendered = container.dataset.prerendered !== undefined;
  let router: ReturnType<typeof createAppRouter> | undefined;
  let ready = false;
  if (prerendered) {
    // The code of the address's layout and page is requested now, with the texts, not after them:
    // on a phone link each wait in that chain is a round trip.
    const matches = matchRoutes(routes, pathname);
    preloadMatches(matches);
    // Only the reader's language is downloaded, and before the first render: no untranslated key shows.
    await initLanguage();
    // With the page's code and data in hand before the first render, that render is the page itself,
    // not the router's loading fallback: hydration can match the server's HTML, and a page rendered
    // afresh over it does not flash a spinner. A page whose code cannot load is rendered afresh, so
    // the router shows its error page instead of leaving the server's HTML there, dead.
    ready = await Promise.all([resolveLazyRoutes(routes, pathname, matches), primePageData(queryClient, pathname, getCurrentLanguage())]).then(
      () => true,
      () => false,
    );
  } else {
    // The router matches the address as it is created (the one flattening and ranking of the route
    // table on this path) and starts loading the matched routes' code, with the texts, not after them;
    // the home page the stored session will see is preloaded from its matches.
    router = createAppRouter();
    preloadMatches(router.state.matches);
    // The texts and the data below in a task of their own: on a phone the router's creation is one already.
    await nextTask();
    // The page's code, its texts and (on the signed-in home) its first data before the first render,
    // so that this render is the page and not the router's loading fallback, then the page's.
    const language = initLanguage();
    await Promise.all([
      language,
      whenInitialized(router),
      hasEarlyRequests() ? primeEarlyData(queryClient, pathname, window.location.search, language) : undefined,
    ]);
  }
  const appRouter = router ?? createAppRouter();
  const app = () => (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={appRouter} />
      </AppProviders>
    </StrictMode>
  );

  const hydrate =
    ready &&
    canHydrate({
      prerenderedPath: container.dataset.prerendered,
      pathname,
      search: window.location.search,
      language: getCurrentLanguage(),
      signedIn: readAccessToken() !== null || readRefreshToken() !== null,
    });

  if (hydrate) {
    // The page is already painted from the server's HTML; React takes it over once its code is here.
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page (a tap during it is not lost).
    startTransition(() => {
      hydrateRoot(container, app());
    });
  } else {
    // React clears the boot splash (or a prerendered page it cannot hydrate) on its first commit.
    const root = createRoot(container);
    startTransition(() => root.render(app()));
  }
}
