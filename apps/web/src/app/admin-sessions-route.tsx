import type { QueryClient } from '@tanstack/react-query';
import { adminSessionsQueryOptions } from '@/features/admin/api/get-admin-sessions';
import { SESSIONS_PAGE_SIZE } from '@/features/admin/components/sessions-panel';
import AdminSessionsPage from '@/features/admin/pages/admin-sessions-page';
import { sanctionsListsQueryOptions } from '@/features/screening/api/sanctions-lists';
import { SanctionsListsStatus } from '@/features/screening/components/sanctions-lists-status';

// The screening feature's panel comes with the page's code: loaded lazily, its code was asked for by
// the first render, one round trip after the framework, and its paragraph (the page's largest
// element on a phone) waited for it (Lighthouse's traces: its chunks were the last requests before
// the largest paint). Now the entry script's request for this route brings it, while the framework
// downloads, and its answer is primed with the sessions' (primeAdminSessionsData).

/**
 * Loads the sessions tab's first page (no filter, as SessionsPanel first asks for it) and the
 * sanctions lists status into the cache: the app's start awaits it before the first render when the
 * entry script has asked for them early (app/signed-in-pages.ts). Never rejects.
 */
export function primeAdminSessionsData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(adminSessionsQueryOptions({ page: 1, pageSize: SESSIONS_PAGE_SIZE, status: undefined, q: '' })),
    queryClient.prefetchQuery(sanctionsListsQueryOptions()),
  ]);
}

/** /admin/sessions: the admin page with the screening feature's sanctions lists status (app/ composes features). */
export default function AdminSessionsRoute() {
  return <AdminSessionsPage sanctionsPanel={<SanctionsListsStatus />} />;
}
