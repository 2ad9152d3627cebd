import { useEffect, useState, type ComponentType } from 'react';
import { onToastsLoaded } from '@/lib/toast';

/**
 * The toast container, mounted once the first toast has fetched react-hot-toast (lib/toast.ts):
 * a page that raises none loads none of it, and the container's style injection stays out of the
 * first render. The toast is added to react-hot-toast's store as the module arrives and shows when
 * the container mounts.
 */
export function DeferredToaster() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => onToastsLoaded((module) => setToaster(() => module.Toaster)), []);
  return Toaster ? <Toaster /> : null;
}
