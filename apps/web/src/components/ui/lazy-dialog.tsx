import { lazy } from 'react';

// The dialogs (Radix Dialog, focus trap, scroll lock) open on a click only: pages
// that offer one render these while it is open, inside Suspense, so their first load does not carry it.
export const LazyConfirmDialog = lazy(() => import('./dialog').then((module) => ({ default: module.ConfirmDialog })));
