import AdminSessionsPage from '@/features/admin/pages/admin-sessions-page';
import { SanctionsListsStatus } from '@/features/screening/components/sanctions-lists-status';

/** /admin/sessions: the admin page with the screening feature's sanctions lists status (app/ composes features). */
export default function AdminSessionsRoute() {
  return <AdminSessionsPage sanctionsPanel={<SanctionsListsStatus />} />;
}
