/**
 * Starting a page's code download on hover or focus of a link (sidebar, public navigation). The
 * layouts call preloadRoute; app/router.tsx, which knows the routes, registers the loader, so the
 * layouts never import the router.
 */
let preloader: ((path: string) => void) | null = null;

/** Registers how to preload the page at a path (app/router.tsx does, once). */
export function setRoutePreloader(load: (path: string) => void): void {
  preloader = load;
}

/** Starts loading the code of the page at `path`; does nothing before the router registered. */
export function preloadRoute(path: string): void {
  preloader?.(path);
}
