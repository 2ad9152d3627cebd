import { LOGIN_LOADER_MAX_MS, LOGOUT_ANIMATION_MS } from '@fueldesk/contracts';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore, useStore } from '../create-store';

export interface OverlayState {
  /** Set at sign-in; cleared once the dashboard has loaded its data, or after 10 s at most. */
  loginLoader: boolean;
  loggingOut: boolean;
}

export const overlayStore = createStore<OverlayState>({ loginLoader: false, loggingOut: false });
let loginLoaderTimer: ReturnType<typeof setTimeout> | null = null;

/** The loader overlay after a sign-in (SPEC.md §4); it is forced off after 10 s. */
export function startLoginLoader(): void {
  if (loginLoaderTimer) clearTimeout(loginLoaderTimer);
  loginLoaderTimer = setTimeout(finishLoginLoader, LOGIN_LOADER_MAX_MS);
  overlayStore.set({ ...overlayStore.get(), loginLoader: true });
}

export function finishLoginLoader(): void {
  if (loginLoaderTimer) clearTimeout(loginLoaderTimer);
  loginLoaderTimer = null;
  if (overlayStore.get().loginLoader) overlayStore.set({ ...overlayStore.get(), loginLoader: false });
}

export function setLoggingOut(loggingOut: boolean): void {
  if (overlayStore.get().loggingOut !== loggingOut) overlayStore.set({ ...overlayStore.get(), loggingOut });
}

// Queries start in effects after a page mounts: a short quiet spell means the page has what it needs.
const SETTLE_MS = 300;

/**
 * Called by the dashboard layout: once its route has finished loading and no query is fetching
 * for a moment, the login loader goes away.
 */
export function useReleaseLoginLoader(routeIdle: boolean): void {
  const { loginLoader } = useStore(overlayStore);
  const fetching = useIsFetching();
  useEffect(() => {
    if (!loginLoader || !routeIdle || fetching > 0) return;
    const timer = setTimeout(finishLoginLoader, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [loginLoader, routeIdle, fetching]);
}

function FullScreenLoader({ label, animated = false }: { label: string; animated?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="session-overlay"
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-4 bg-white/95 text-slate-800 backdrop-blur-sm dark:bg-slate-950/95 dark:text-slate-100"
      style={animated ? { animation: `fd-overlay-in ${LOGOUT_ANIMATION_MS}ms ease-out both` } : undefined}
    >
      <span
        aria-hidden="true"
        className="inline-block size-10 animate-spin rounded-full border-4 border-amber-500 border-t-transparent"
      />
      <p className="text-base font-medium">{label}</p>
    </div>
  );
}

/** Restoring, login and logout overlays (SPEC.md §4); at most one shows. */
export function SessionOverlays({ restoring }: { restoring: boolean }) {
  const { t } = useTranslation('shell');
  const { loginLoader, loggingOut } = useStore(overlayStore);
  if (loggingOut) return <FullScreenLoader label={t('overlay.loggingOut')} animated />;
  if (restoring) return <FullScreenLoader label={t('overlay.restoring')} />;
  if (loginLoader) return <FullScreenLoader label={t('overlay.loading')} />;
  return null;
}
