import { ApiError, buildApiUrl } from '@/lib/api-client';
import { readAccessToken } from '@/lib/auth-storage';

/** GET /api/due/report/{id}/pdf as a file download (the JSON client cannot carry binary bodies). */
export async function downloadDueReportPdf(id: string, filename: string): Promise<void> {
  const token = readAccessToken();
  const response = await fetch(buildApiUrl(`/due/report/${encodeURIComponent(id)}/pdf`), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError({ status: response.status });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
