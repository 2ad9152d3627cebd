import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * `server` on the server and while React hydrates server HTML, then `client()` (React renders
 * again right after hydration). Outside hydration the client value comes at once. `client` must
 * return a primitive, or the same object each call.
 */
export function useHydrationValue<T>(server: T, client: () => T): T {
  return useSyncExternalStore(subscribeNever, client, () => server);
}

const yes = () => true;

/** False while React hydrates server HTML (and on the server), true once the app owns the page. */
export function useHydrated(): boolean {
  return useHydrationValue(false, yes);
}
