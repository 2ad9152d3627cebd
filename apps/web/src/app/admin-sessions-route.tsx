import { lazy, Suspense } from 'react';
import AdminSessionsPage from '@/features/admin/pages/admin-sessions-page';

// The screening feature's panel loads beside the page, not before it: the sessions table does not wait for it.
const SanctionsListsStatus = lazy(() =>
  import('@/features/screening/components/sanctions-lists-status').then((module) => ({ default: module.SanctionsListsStatus })),
);

/** /admin/sessions: the admin page with the screening feature's sanctions lists status (app/ composes features). */
export default function AdminSessionsRoute() {
  return (
    <AdminSessionsPage
      sanctionsPanel={
        <Suspense fallback={null}>
          <SanctionsListsStatus />
        </Suspense>
      }
    />
  );
}
