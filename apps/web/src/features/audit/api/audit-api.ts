import { AUDIT_PAGE_SIZE, type AuditAction, type AuditListResponse, type AuditVerifyResponse } from '@fueldesk/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api, buildApiUrl } from '@/lib/api-client';
import { readAccessToken } from '@/lib/auth-storage';

export { AUDIT_PAGE_SIZE };

export interface AuditFilter {
  page: number;
  from: string;
  to: string;
  actor: string;
  action: AuditAction | '';
  q: string;
}

const queryOf = (filter: Omit<AuditFilter, 'page'>) => ({
  from: filter.from || undefined,
  to: filter.to || undefined,
  actor: filter.actor || undefined,
  action: filter.action || undefined,
  q: filter.q || undefined,
});

/** GET /api/audit (admins: everybody's) or /api/audit/mine (My activity), newest first. */
export const auditEntriesQueryOptions = (mode: 'admin' | 'mine', filter: AuditFilter) =>
  queryOptions({
    queryKey: ['audit', mode, filter],
    queryFn: ({ signal }) => api.get<AuditListResponse>(mode === 'admin' ? '/audit' : '/audit/mine', { signal, query: { ...queryOf(filter), page: filter.page } }),
    placeholderData: keepPreviousData,
  });

export function useAuditEntries(mode: 'admin' | 'mine', filter: AuditFilter) {
  return useQuery(auditEntriesQueryOptions(mode, filter));
}

/** GET /api/audit/verify: recomputes the chain (admin). */
export function useVerifyAudit() {
  return useMutation({ mutationKey: ['audit', 'verify'], mutationFn: () => api.get<AuditVerifyResponse>('/audit/verify') });
}

/** GET /api/audit/export?format=csv with the filters, as a file download (admin). */
export async function downloadAuditCsv(filter: Omit<AuditFilter, 'page'>): Promise<void> {
  const token = readAccessToken();
  const response = await fetch(buildApiUrl('/audit/export', { format: 'csv', ...queryOf(filter) }), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError({ status: response.status });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `fueldesk-audit-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
