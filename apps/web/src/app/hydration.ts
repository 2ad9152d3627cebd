import { FALLBACK_LANGUAGE } from '@fueldesk/contracts';
import { matchRoutes, type RouteObject } from 'react-router';

export interface HydrationInput {
  /** `data-prerendered` of #root: the path whose HTML the server sent, or undefined (the boot splash). */
  prerenderedPath: string | undefined;
  pathname: string;
  search: string;
  language: string;
  signedIn: boolean;
}

/**
 * The prerendered HTML shows a guest, in the fallback language, at a bare address. Only then does
 * the first render match it; otherwise (Spanish, a stored session, ?reason=… on /login) the app
 * renders afresh over it instead of hydrating into a mismatch.
 */
export function canHydrate({ prerenderedPath, pathname, search, language, signedIn }: HydrationInput): boolean {
  return prerenderedPath !== undefined && prerenderedPath === pathname && search === '' && language === FALLBACK_LANGUAGE && !signedIn;
}

/**
 * Loads the code of the lazy routes matching `pathname` and fixes it on the route objects, so that
 * the router's first render is the page itself and not the loading fallback (which would not match
 * the prerendered HTML). A caller that has matched the path already passes its matches.
 */
export async function resolveLazyRoutes(
  routes: RouteObject[],
  pathname: string,
  matches: readonly { route: RouteObject }[] | null = matchRoutes(routes, pathname),
): Promise<void> {
  const lazyMatches = (matches ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}
