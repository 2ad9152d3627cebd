import type { MultipartImportResponse, UploadedFileReport } from '@fueldesk/contracts';
import i18n from 'i18next';
import { ApiError, buildApiUrl } from '@/lib/api-client';
import { readAccessToken } from '@/lib/auth-storage';

/**
 * POST /api/admin/prices/import as multipart/form-data, one file per request so that each file has
 * its own progress (XMLHttpRequest's upload events; fetch has none) and its own report.
 */
export function uploadPriceFile(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedFileReport> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', buildApiUrl('/admin/prices/import'));
    request.responseType = 'text';
    request.setRequestHeader('Accept', 'application/json');
    if (i18n.language) request.setRequestHeader('Accept-Language', i18n.language);
    const token = readAccessToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.upload.onload = () => onProgress(1);
    request.onload = () => {
      let payload: unknown = null;
      try {
        payload = request.responseText ? (JSON.parse(request.responseText) as unknown) : null;
      } catch {
        payload = null;
      }
      if (request.status >= 200 && request.status < 300) {
        const report = (payload as MultipartImportResponse | null)?.files?.[0];
        if (report) resolve(report);
        else reject(new ApiError({ status: request.status, body: request.responseText }));
        return;
      }
      const body = (payload ?? {}) as { code?: string; detail?: string; fields?: Record<string, string> };
      reject(new ApiError({ status: request.status, code: body.code ?? null, detail: body.detail ?? null, fields: body.fields ?? null, body: request.responseText }));
    };
    request.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR' }));
    request.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('files', file, file.name);
    request.send(form);
  });
}
