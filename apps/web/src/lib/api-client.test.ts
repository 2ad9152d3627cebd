import { HTTP_TIMEOUT_MS } from '@fueldesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { futureExp, makeToken } from '@/test/render-app';
import { ApiError, api, apiRequest, resolveErrorMessage, setUnauthorizedHandler } from './api-client';
import { AUTH_TOKEN_KEY } from './auth-storage';
import i18n from './i18n';
import { maintenanceStore } from './maintenance';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

function lastRequest(index = -1): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls.at(index)!;
  const init = call[1] ?? {};
  return { url: String(call[0]), init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests', () => {
  it('calls /api with Accept JSON and no Authorization when signed out', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    await expect(api.get('/prices', { query: { date: '2024-01-02', page: 2, q: undefined } })).resolves.toEqual({ ok: true });
    const { url, headers } = lastRequest();
    expect(url).toBe('/api/prices?date=2024-01-02&page=2');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends the stored bearer token and a JSON body', async () => {
    const token = makeToken({ sub: '1', exp: futureExp() });
    localStorage.setItem(AUTH_TOKEN_KEY, token);
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { id: 7 }));
    await api.post('/support', { type: 'question', subject: 'Hi' });
    const { init, headers } = lastRequest();
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ type: 'question', subject: 'Hi' }));
  });

  it('asks the server for the language on screen', async () => {
    await i18n.changeLanguage('es');
    try {
      fetchMock.mockResolvedValueOnce(jsonResponse(200, {}));
      await api.get('/due/reports');
      expect(lastRequest().headers.get('Accept-Language')).toBe('es');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('reads the legacy auth_token key and drops an expired token instead of sending it', async () => {
    localStorage.setItem('auth_token', makeToken({ exp: futureExp() }));
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await api.get('/auth/me');
    expect(lastRequest().headers.get('Authorization')).toMatch(/^Bearer /);

    localStorage.setItem('auth_token', makeToken({ exp: Math.floor(Date.now() / 1000) }));
    await api.get('/auth/me');
    expect(lastRequest().headers.has('Authorization')).toBe(false);
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it(`aborts after ${HTTP_TIMEOUT_MS} ms with a REQUEST_TIMEOUT error`, async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    let settled: unknown = 'pending';
    const request = apiRequest('/slow').catch((error: unknown) => {
      settled = error;
    });
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await request;
    expect(settled).toBeInstanceOf(ApiError);
    expect(settled).toMatchObject({ status: 0, code: 'REQUEST_TIMEOUT' });
  });

  it('turns a network failure into a NETWORK_ERROR ApiError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('parses the error body into status, code, detail and fields', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(422, { detail: 'Invalid input', code: 'VALIDATION_ERROR', fields: { email: 'Invalid email.' } }),
    );
    await expect(api.post('/x', {})).rejects.toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      detail: 'Invalid input',
      fields: { email: 'Invalid email.' },
    });
  });
});

describe('maintenance flag', () => {
  it('turns on with a 503 and off with the next successful answer', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(503, { detail: 'down', code: 'SERVICE_UNAVAILABLE' }));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(maintenanceStore.get()).toBe(true);

    fetchMock.mockResolvedValueOnce(jsonResponse(404, { detail: 'no', code: 'NOT_FOUND' }));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(maintenanceStore.get()).toBe(true);

    fetchMock.mockResolvedValueOnce(jsonResponse(204, undefined));
    await expect(api.delete('/x')).resolves.toBeUndefined();
    expect(maintenanceStore.get()).toBe(false);
  });
});

describe('401 handling', () => {
  it('asks the registered handler once and retries with the new token', async () => {
    const fresh = makeToken({ exp: futureExp() });
    const handler = vi.fn(async () => {
      localStorage.setItem(AUTH_TOKEN_KEY, fresh);
      return true;
    });
    const unregister = setUnauthorizedHandler(handler);
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { detail: 'expired', code: 'TOKEN_EXPIRED' }))
      .mockResolvedValueOnce(jsonResponse(200, { me: true }));
    await expect(api.get('/auth/me')).resolves.toEqual({ me: true });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(lastRequest().headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    unregister();
  });

  it('gives up when the handler cannot refresh, and never retries twice', async () => {
    const handler = vi.fn(async () => true);
    const unregister = setUnauthorizedHandler(handler);
    fetchMock.mockImplementation(async () => jsonResponse(401, { detail: 'revoked', code: 'SESSION_REVOKED' }));
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(handler).toHaveBeenCalledTimes(1);

    handler.mockResolvedValueOnce(false);
    fetchMock.mockClear();
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unregister();
  });
});

describe('resolveErrorMessage', () => {
  it('prefers the translated code, then detail, then message, then the generic text', () => {
    expect(resolveErrorMessage(new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', detail: 'down' }))).toBe(
      'Service temporarily unavailable',
    );
    expect(resolveErrorMessage(new ApiError({ status: 400, code: 'SOMETHING_NEW', detail: 'Server detail' }))).toBe(
      'Server detail',
    );
    expect(resolveErrorMessage(new ApiError({ status: 400, serverMessage: 'Server message' }))).toBe('Server message');
    expect(resolveErrorMessage(new ApiError({ status: 500 }))).toBe('Request error');
    expect(resolveErrorMessage(new Error('Plain failure'))).toBe('Plain failure');
    expect(resolveErrorMessage('weird')).toBe('Request error');
  });

  it('follows the current language', async () => {
    await i18n.changeLanguage('es');
    expect(resolveErrorMessage(new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE' }))).toBe(
      'Servicio temporalmente no disponible',
    );
    expect(resolveErrorMessage(new ApiError({ status: 500 }))).toBe('Error en la petición');
  });
});
