import { HTTP_TIMEOUT_MS, isMessageKey } from '@fueldesk/contracts';
import { API_BASE_PATH } from './api-base';
import { readAccessToken } from './auth-storage';
import { takeEarlyResponse } from './early-requests';
import i18n, { MESSAGES_NAMESPACE } from './i18n';
import { maintenanceStore } from './maintenance';

export { API_BASE_PATH } from './api-base';

/** Client-side codes for failures that never reached a server answer. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const TIMEOUT_ERROR_CODE = 'REQUEST_TIMEOUT';

export interface ApiErrorInit {
  status: number;
  code?: string | null;
  detail?: string | null;
  fields?: Record<string, string> | null;
  serverMessage?: string | null;
  reason?: string | null;
  /** The message key `detail` was made from, and its parameters (contracts' message catalogs). */
  key?: string | null;
  params?: Record<string, string | number> | null;
  /** The answer's status text and raw body, for screens whose failure text shows them (SPEC.md §8). */
  statusText?: string;
  body?: string;
}

/** Any failed call: an error answer (`{detail, code, fields?}`), a timeout or a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly detail: string | null;
  readonly fields: Record<string, string> | null;
  /** A `message` field some answers carry instead of `detail` (SPEC.md §8). */
  readonly serverMessage: string | null;
  /** SESSION_REVOKED: why the session ended (concurrency, revoked, password). */
  readonly reason: string | null;
  readonly key: string | null;
  readonly params: Record<string, string | number> | null;
  readonly statusText: string;
  readonly body: string;

  constructor(init: ApiErrorInit) {
    super(init.detail ?? init.serverMessage ?? init.code ?? `HTTP ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code ?? null;
    this.detail = init.detail ?? null;
    this.fields = init.fields ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.reason = init.reason ?? null;
    this.key = init.key ?? null;
    this.params = init.params ?? null;
    this.statusText = init.statusText ?? '';
    this.body = init.body ?? '';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Called once when an answer is 401. It may refresh the session and return true, in which case
 * the request is sent again once; false means the session is over (the handler signs out).
 */
export type UnauthorizedHandler = () => Promise<boolean>;

let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Registers the 401 handler (the session module does); returns a function that removes it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, except FormData which is sent as is. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Attach the bearer token when one is stored. Default true. */
  auth?: boolean;
  /** Hand a 401 to the unauthorized handler and retry once. Default true; the refresh call itself turns it off. */
  retryOnUnauthorized?: boolean;
  credentials?: RequestCredentials;
  /** Read a successful body as a Blob (a file); an error's body is still read for its message. */
  asBlob?: boolean;
}

export function buildApiUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = `${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base;
}

function buildInit(options: ApiRequestOptions): RequestInit {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const token = options.auth === false ? null : readAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // The server answers (errors, due diligence reports) in the language on screen, not the browser's.
  if (i18n.language && !headers.has('Accept-Language')) headers.set('Accept-Language', i18n.language);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? 'GET', headers, body, credentials: options.credentials ?? 'same-origin' };
}

async function readPayload(response: Response, asBlob = false): Promise<unknown> {
  if (asBlob && response.ok) return response.blob();
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

interface RawResult {
  response: Response;
  payload: unknown;
}

/** The promise's value, or an AbortError as soon as the signal aborts (a timeout, or the caller's). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

// The timer covers reading the body too: a server that sends headers and then stalls is as
// unusable as one that never answers.
async function send(path: string, options: ApiRequestOptions): Promise<RawResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const external = options.signal;
  const forwardAbort = () => controller.abort(external?.reason);
  if (external?.aborted) forwardAbort();
  external?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const url = buildApiUrl(path, options.query);
    // The entry script may have asked for this already (lib/early-requests.ts): a GET takes that answer.
    const early = (options.method ?? 'GET') === 'GET' && options.auth !== false ? takeEarlyResponse(url, readAccessToken()) : null;
    const response = (early && (await untilAborted(early, controller.signal))) ?? (await fetch(url, { ...buildInit(options), signal: controller.signal }));
    const payload = await readPayload(response, options.asBlob);
    return { response, payload };
  } catch (error) {
    if (timedOut) throw new ApiError({ status: 0, code: TIMEOUT_ERROR_CODE });
    // A caller's own cancellation (TanStack Query unmounting) stays an AbortError.
    if (external?.aborted) throw error;
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE });
  } finally {
    clearTimeout(timer);
    external?.removeEventListener('abort', forwardAbort);
  }
}

function toApiError(response: Response, payload: unknown): ApiError {
  const { status, statusText } = response;
  const raw = typeof payload === 'string' ? payload : payload === undefined ? '' : JSON.stringify(payload);
  if (payload === null || typeof payload !== 'object') return new ApiError({ status, statusText, body: raw });
  const body = payload as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  const fields =
    body.fields !== null && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : null;
  return new ApiError({
    status,
    code: text(body.code),
    detail: text(body.detail),
    fields,
    serverMessage: text(body.message),
    reason: text(body.reason),
    key: text(body.key),
    params: body.params !== null && typeof body.params === 'object' ? (body.params as Record<string, string | number>) : null,
    statusText,
    body: raw,
  });
}

function settle<T>({ response, payload }: RawResult): T {
  if (response.status === 503) maintenanceStore.set(true);
  else if (response.ok) maintenanceStore.set(false);
  if (!response.ok) throw toApiError(response, payload);
  return payload as T;
}

/** Sends one request to the API and returns the parsed body; throws ApiError on any failure. */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const first = await send(path, options);
  if (first.response.status === 401 && options.retryOnUnauthorized !== false && unauthorizedHandler) {
    const refreshed = await unauthorizedHandler();
    if (refreshed) return settle<T>(await send(path, options));
  }
  return settle<T>(first);
}

type BodylessOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: BodylessOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * Downloads a GET answer (or a POST's, given `method` and `body`) as a file named `filename`: through
 * apiRequest, so with its timeout, the refresh after a 401, the maintenance flag and the server's
 * error message (the price export's CSV, the due diligence report's PDF, the screening batch's CSV).
 */
export async function downloadFile(
  path: string,
  filename: string,
  options: BodylessOptions & { method?: 'GET' | 'POST'; body?: FormData } = {},
): Promise<void> {
  const blob = await apiRequest<Blob>(path, { ...options, method: options.method ?? 'GET', asBlob: true });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * The text to show for a failure: its message key's translation (contracts' catalogs) when the
 * server sent one, else the translation of its code, else the server's detail, else its message,
 * else the generic 'Request error' (ARCHITECTURE.md, SPEC.md §8).
 */
export function resolveErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // A specific message by its key; a code's generic one (`errors.*`) by the web's own wording.
    const message = error.key && isMessageKey(error.key) ? i18n.t(error.key, { ...error.params, ns: MESSAGES_NAMESPACE }) : null;
    if (message && !error.key!.startsWith('errors.')) return message;
    const key = `errors.${error.code}`;
    if (error.code && i18n.exists(key, { ns: 'common' })) return i18n.t(key, { ns: 'common' });
    if (message) return message;
    if (error.detail) return error.detail;
    if (error.serverMessage) return error.serverMessage;
  } else if (error instanceof Error && error.message.trim() !== '') {
    return error.message;
  }
  return i18n.t('errors.generic', { ns: 'common' });
}
