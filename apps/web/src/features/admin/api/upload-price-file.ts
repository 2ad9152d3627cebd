import type { MultipartImportResponse, UploadedFileReport } from '@fueldesk/contracts';
import i18n from 'i18next';
import { ApiError, buildApiUrl } from '@/lib/api-client';
import { readAccessToken } from '@/lib/auth-storage';

/** Times a file is sent again after the server said it was too busy to take it (503). */
export const BUSY_RETRIES = 3;
/** The longest wait between two tries, whatever Retry-After says. */
const BUSY_WAIT_MAX_SECONDS = 30;

/** A 503 names how long to wait (Retry-After, seconds): the server refused the file before reading it. */
class BusyError extends ApiError {
  constructor(
    init: ConstructorParameters<typeof ApiError>[0],
    readonly waitSeconds: number,
  ) {
    super(init);
  }
}

function wait(seconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, seconds * 1000);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * POST /api/admin/prices/import as multipart/form-data, one file per request so that each file has
 * its own progress (XMLHttpRequest's upload events; fetch has none) and its own report. A server too
 * busy to take it (503 with Retry-After: an embedded database still writing the previous large file
 * holds the event loop, and the server sheds requests meanwhile) gets it again after the wait it
 * names, up to BUSY_RETRIES times; `onBusy` tells the wait.
 */
export async function uploadPriceFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  onBusy?: (seconds: number) => void,
): Promise<UploadedFileReport> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await sendOnce(file, onProgress, signal);
    } catch (error) {
      if (!(error instanceof BusyError) || attempt >= BUSY_RETRIES) throw error;
      onBusy?.(error.waitSeconds);
      await wait(error.waitSeconds, signal);
    }
  }
}

function sendOnce(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedFileReport> {
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
      const init = { status: request.status, code: body.code ?? null, detail: body.detail ?? null, fields: body.fields ?? null, body: request.responseText };
      const retryAfter = request.status === 503 ? Number(request.getResponseHeader('Retry-After') ?? '') : Number.NaN;
      if (request.getResponseHeader('Retry-After') !== null && Number.isFinite(retryAfter) && retryAfter >= 0) {
        reject(new BusyError(init, Math.min(retryAfter, BUSY_WAIT_MAX_SECONDS)));
        return;
      }
      reject(new ApiError(init));
    };
    request.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK_ERROR' }));
    request.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('files', file, file.name);
    request.send(form);
  });
}
