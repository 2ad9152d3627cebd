import { MOBILE_BREAKPOINT_PX } from '@fueldesk/contracts';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * What a media query answers where there is no window: false in a browser's first render, and in
 * the prerendered signed-in frames (prerender/render-frame.tsx) what a phone's screen answers.
 */
let serverMatches: (query: string) => boolean = () => false;

/** For the build's prerender step only: how media queries answer in a render without a window. */
export function setServerMediaQueries(matches: (query: string) => boolean): void {
  serverMatches = matches;
}

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverMatches(query),
  );
}

/** Below 768 px the sidebar becomes a drawer (SPEC.md §2). */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
}
