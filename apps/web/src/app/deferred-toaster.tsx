import { useEffect, useState, type ComponentType } from 'react';

/**
 * The toast container, loaded after the page is up: public pages never toast, and the container's
 * style injection would otherwise run inside the first render. Toasts raised before it arrives
 * wait in react-hot-toast's store and show when it mounts.
 */
export function DeferredToaster() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    void import('react-hot-toast').then((module) => {
      if (live) setToaster(() => module.Toaster);
    });
    return () => {
      live = false;
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
