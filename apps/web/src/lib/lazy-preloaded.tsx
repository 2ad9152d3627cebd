import { use, type ComponentType } from 'react';

type PageModule<P> = { default: ComponentType<P> };

/** A promise carrying its outcome in the fields React's use() reads synchronously. */
type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export interface LazyPreloaded<P> {
  Component: ComponentType<P>;
  /** Starts loading the code (once); the component renders at once when it has arrived. */
  preload: () => Promise<PageModule<P>>;
}

/**
 * A lazily loaded component that renders at once when its code has already arrived, where
 * React.lazy suspends for a tick on its first render even then: the Suspense fallback shown for
 * that tick holds the content back noticeably, as React throttles the reveal of content after a
 * fallback. The code loaded early by preload() (or by the first render) is read through use(),
 * with its outcome recorded on the promise as React's convention for thenables has it. A failed
 * load stays failed, as with React.lazy: the nearest error boundary shows it (the route's error
 * page offers a reload), and React's retries do not ask the server again and again.
 */
export function lazyPreloaded<P extends object>(load: () => Promise<PageModule<P>>): LazyPreloaded<P> {
  let loading: TrackedPromise<PageModule<P>> | null = null;

  function preload(): TrackedPromise<PageModule<P>> {
    if (loading) return loading;
    const promise: TrackedPromise<PageModule<P>> = load();
    promise.status = 'pending';
    promise.then(
      (module) => {
        promise.status = 'fulfilled';
        promise.value = module;
      },
      (reason: unknown) => {
        promise.status = 'rejected';
        promise.reason = reason;
      },
    );
    loading = promise;
    return promise;
  }

  function LazyPreloadedComponent(props: P) {
    const { default: Component } = use(preload() as Promise<PageModule<P>>);
    return <Component {...props} />;
  }

  return { Component: LazyPreloadedComponent, preload };
}
