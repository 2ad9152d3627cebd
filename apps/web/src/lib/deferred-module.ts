import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';

/** How long after the first paint a deferred module is loaded unasked: after the page's own requests. */
export const DEFERRED_AFTER_PAINT_MS = 2_000;

/**
 * A loader that asks for its module once (again after a failed download), and remembers it: a
 * component mounted after the module has arrived renders it at once.
 */
export function deferredModule<T>(load: () => Promise<T>) {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    get loaded() {
      return loaded;
    },
    load(): Promise<T> {
      loading ??= load().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

const ignore = () => undefined;

/**
 * The module once loaded: DEFERRED_AFTER_PAINT_MS after the first paint, or at once on `request()`
 * (a control pointed at, focused or pressed). Until then the caller draws a stand-in of the same
 * look, so the page's first render neither waits for nor downloads the module (a closed popover's
 * library, say). A module that failed to load leaves the stand-in; the next request asks again.
 */
export function useDeferredModule<T>(module: ReturnType<typeof deferredModule<T>>) {
  const [value, setValue] = useState<T | null>(module.loaded);
  useEffect(() => {
    if (value) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancelPaint = afterNextPaint(() => {
      timer = setTimeout(() => void module.load().then((loaded) => live && setValue(() => loaded), ignore), DEFERRED_AFTER_PAINT_MS);
    });
    return () => {
      live = false;
      cancelPaint();
      clearTimeout(timer);
    };
  }, [module, value]);
  const request = () => void module.load().then((loaded) => setValue(() => loaded), ignore);
  return { value, request };
}

/**
 * While a menu pressed before its code arrived waits to open (`pending`), Escape calls it off, as it
 * would close the open menu: the menu must not open later, under a reader who has moved on.
 */
export function useEscapeCancels(pending: boolean, cancel: () => void): void {
  useEffect(() => {
    if (!pending) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [pending, cancel]);
}
