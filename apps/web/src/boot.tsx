import '@/lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { canHydrate, resolveLazyRoutes } from '@/app/hydration';
import { createAppRouter, routes } from '@/app/router';
import { readAccessToken, readRefreshToken } from '@/lib/auth-storage';
import { getCurrentLanguage } from '@/lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = () => (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>
);

const hydrate = canHydrate({
  prerenderedPath: container.dataset.prerendered,
  pathname: window.location.pathname,
  search: window.location.search,
  language: getCurrentLanguage(),
  signedIn: readAccessToken() !== null || readRefreshToken() !== null,
});

if (hydrate) {
  // The page is already painted from the server's HTML; React takes it over once its code is here.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (a tap during it is not lost).
  await resolveLazyRoutes(routes, window.location.pathname);
  startTransition(() => {
    hydrateRoot(container, app());
  });
} else {
  // React clears the boot splash (or a prerendered page it cannot hydrate) on its first commit.
  const root = createRoot(container);
  startTransition(() => root.render(app()));
}
