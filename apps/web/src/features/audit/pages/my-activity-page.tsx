import type { QueryClient } from '@tanstack/react-query';
import { AuditLog, primeAuditLog } from '../components/audit-log';

/** The log's first page, primed before the first render (app/signed-in-pages.ts). */
export const primeMyActivityData = (queryClient: QueryClient) => primeAuditLog(queryClient, 'mine');

/** /activity: the signed-in user's own audit entries (My activity, from the user menu under Profile). */
export default function MyActivityPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <AuditLog mode="mine" />
    </div>
  );
}
