import { downloadFile } from '@/lib/api-client';

/** GET /api/due/report/{id}/pdf, saved as a file. */
export function downloadDueReportPdf(id: string, filename: string): Promise<void> {
  return downloadFile(`/due/report/${encodeURIComponent(id)}/pdf`, filename, { headers: { Accept: 'application/pdf' } });
}
