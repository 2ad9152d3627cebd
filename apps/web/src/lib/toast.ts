import type { ToastOptions } from 'react-hot-toast';

type ToastModule = typeof import('react-hot-toast');

let loading: Promise<ToastModule> | null = null;
let loaded: ToastModule | null = null;
const listeners = new Set<(module: ToastModule) => void>();

/**
 * react-hot-toast, fetched with the first toast (pages load none of it before then). Listeners
 * (app/deferred-toaster.tsx mounting the container) hear once it is there.
 */
export function loadToasts(): Promise<ToastModule> {
  if (!loading) {
    const pending = import('react-hot-toast');
    loading = pending;
    pending.then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener(module);
      },
      // A failed fetch (link dropped) may be tried again by the next toast.
      () => {
        loading = null;
      },
    );
  }
  return loading;
}

/** Calls `listener` with react-hot-toast once a toast has loaded it (now if one has); returns the unsubscribe. */
export function onToastsLoaded(listener: (module: ToastModule) => void): () => void {
  if (loaded) listener(loaded);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function show(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  loadToasts().then(
    ({ default: toast }) => {
      toast[kind](message, options);
    },
    () => undefined,
  );
}

/** The app's toasts (react-hot-toast's success and error), shown once its code is here. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};
