import type { QueryClient } from '@tanstack/react-query';
import { AuditLog, primeAuditLog } from '../components/audit-log';

/** The log's first page, primed before the first render (app/signed-in-pages.ts). */
export const primeAuditPageData = (queryClient: QueryClient) => primeAuditLog(queryClient, 'admin');

/** /admin/audit (admins only, guarded by the router and the server): every audit entry, filters, CSV export, verification. */
export default function AuditPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <AuditLog mode="admin" />
    </div>
  );
}
