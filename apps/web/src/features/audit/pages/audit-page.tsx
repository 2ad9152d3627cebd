import { AuditLog } from '../components/audit-log';

/** /admin/audit (admins only, guarded by the router and the server): every audit entry, filters, CSV export, verification. */
export default function AuditPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <AuditLog mode="admin" />
    </div>
  );
}
