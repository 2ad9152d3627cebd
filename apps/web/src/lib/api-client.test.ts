import { HTTP_TIMEOUT_MS } from '@fueldesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { futureExp, makeToken } from '@/test/render-app';
import { ApiError, api, apiRequest, downloadFile, resolveErrorMessage, setUnauthorizedHandler } from './api-client';
import { AUTH_TOKEN_KEY } from './auth-storage';
import { clearEarlyRequests, startEarlyRequests } from './early-requests';
import i18n from './i18n';
import { maintenanceStore } from './maintenance';
import { jsonResponse, mockApi, type MockHandler } from './testing/mock-api';
import { SETTLE_WAIT } from '@/test/waits';

// The server is msw (the same mock-api as every web test): each test queues the answers in order,
// the last one repeats, and every request the client made is in `server.calls`.
let server: ReturnType<typeof mockApi>;
let replies: MockHandler[] = [];
let answered = 0;

function reply(...handlers: MockHandler[]) {
  replies.push(...handlers);
}

function lastRequest(index = -1) {
  const call = server.calls.at(index)!;
  return { url: `${call.url.pathname}${call.url.search}`, method: call.method, body: call.body, headers: call.headers };
}

beforeEach(() => {
  replies = [];
  answered = 0;
  server = mockApi({}, { fallback: (call) => replies[Math.min(answered++, replies.length - 1)]!(call) });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('answers the entry script asked for early', () => {
  afterEach(() => clearEarlyRequests());

  it('takes an early answer for the same GET and token instead of asking again, once', async () => {
    const token = makeToken({ sub: '1', exp: futureExp() });
    localStorage.setItem(AUTH_TOKEN_KEY, token);
    reply(() => jsonResponse(200, { gainers: ['early'] }), () => jsonResponse(200, { gainers: ['asked again'] }));
    startEarlyRequests(['/prices/movers?limit=5'], token);
    await expect(api.get('/prices/movers', { query: { limit: 5, date: undefined } })).resolves.toEqual({ gainers: ['early'] });
    await expect(api.get('/prices/movers', { query: { limit: 5 } })).resolves.toEqual({ gainers: ['asked again'] });
    expect(server.calls).toHaveLength(2);
  });

  it('asks the server when the early answer failed or was for another token', async () => {
    const token = makeToken({ sub: '1', exp: futureExp() });
    localStorage.setItem(AUTH_TOKEN_KEY, token);
    reply(() => jsonResponse(503, { code: 'MAINTENANCE' }), () => jsonResponse(200, { dashboards: ['fresh'] }));
    startEarlyRequests(['/dashboards'], token);
    await expect(api.get('/dashboards')).resolves.toEqual({ dashboards: ['fresh'] });
    expect(server.calls).toHaveLength(2);

    reply(() => jsonResponse(200, { dashboards: ['for the other token'] }));
    startEarlyRequests(['/dashboards'], makeToken({ sub: '2', exp: futureExp() }));
    await vi.waitFor(() => expect(server.calls).toHaveLength(3), SETTLE_WAIT);
    reply(() => jsonResponse(200, { dashboards: ['mine'] }));
    await expect(api.get('/dashboards')).resolves.toEqual({ dashboards: ['mine'] });
  });

  it('still times out while waiting for an early answer', async () => {
    const token = makeToken({ sub: '1', exp: futureExp() });
    localStorage.setItem(AUTH_TOKEN_KEY, token);
    reply(() => new Promise<Response>(() => undefined));
    startEarlyRequests(['/prices/summary'], token);
    await expect(api.get('/prices/summary', { timeoutMs: 30 })).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });
});

describe('requests', () => {
  it('calls /api with Accept JSON and no Authorization when signed out', async () => {
    reply(() => jsonResponse(200, { ok: true }));
    await expect(api.get('/prices', { query: { date: '2024-01-02', page: 2, q: undefined } })).resolves.toEqual({ ok: true });
    const { url, headers } = lastRequest();
    expect(url).toBe('/api/prices?date=2024-01-02&page=2');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends the stored bearer token and a JSON body', async () => {
    const token = makeToken({ sub: '1', exp: futureExp() });
    localStorage.setItem(AUTH_TOKEN_KEY, token);
    reply(() => jsonResponse(201, { id: 7 }));
    await api.post('/support', { type: 'question', subject: 'Hi' });
    const { method, body, headers } = lastRequest();
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(method).toBe('POST');
    expect(body).toEqual({ type: 'question', subject: 'Hi' });
  });

  it('asks the server for the language on screen', async () => {
    await i18n.changeLanguage('es');
    try {
      reply(() => jsonResponse(200, {}));
      await api.get('/due/reports');
      expect(lastRequest().headers.get('Accept-Language')).toBe('es');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('reads the legacy auth_token key and drops an expired token instead of sending it', async () => {
    localStorage.setItem('auth_token', makeToken({ exp: futureExp() }));
    reply(() => jsonResponse(200, {}));
    await api.get('/auth/me');
    expect(lastRequest().headers.get('Authorization')).toMatch(/^Bearer /);

    localStorage.setItem('auth_token', makeToken({ exp: Math.floor(Date.now() / 1000) }));
    await api.get('/auth/me');
    expect(lastRequest().headers.has('Authorization')).toBe(false);
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it(`aborts after ${HTTP_TIMEOUT_MS} ms with a REQUEST_TIMEOUT error`, async () => {
    vi.useFakeTimers();
    // An answer that never comes: only the client's own timeout ends the request.
    reply(() => new Promise<Response>(() => undefined));
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
    reply(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('parses the error body into status, code, detail and fields', async () => {
    reply(() => jsonResponse(422, { detail: 'Invalid input', code: 'VALIDATION_ERROR', fields: { email: 'Invalid email.' } }));
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
    reply(() => jsonResponse(503, { detail: 'down', code: 'SERVICE_UNAVAILABLE' }));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(maintenanceStore.get()).toBe(true);

    reply(() => jsonResponse(404, { detail: 'no', code: 'NOT_FOUND' }));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(maintenanceStore.get()).toBe(true);

    reply(() => jsonResponse(204, undefined));
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
    reply(() => jsonResponse(401, { detail: 'expired', code: 'TOKEN_EXPIRED' }), () => jsonResponse(200, { me: true }));
    await expect(api.get('/auth/me')).resolves.toEqual({ me: true });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(lastRequest().headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    unregister();
  });

  it('gives up when the handler cannot refresh, and never retries twice', async () => {
    const handler = vi.fn(async () => true);
    const unregister = setUnauthorizedHandler(handler);
    reply(() => jsonResponse(401, { detail: 'revoked', code: 'SESSION_REVOKED' }));
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401, code: 'SESSION_REVOKED' });
    expect(server.calls).toHaveLength(2);
    expect(handler).toHaveBeenCalledTimes(1);

    handler.mockResolvedValueOnce(false);
    server.calls.length = 0;
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(server.calls).toHaveLength(1);
    unregister();
  });
});

describe('file downloads', () => {
  function catchSavedFile() {
    const saved: { blob?: Blob; name?: string } = {};
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.blob = blob;
      return 'blob:file';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.name = this.download;
    });
    return saved;
  }

  it('saves the body as a file after refreshing an expired session, with the token', async () => {
    const saved = catchSavedFile();
    const fresh = makeToken({ exp: futureExp() });
    const unregister = setUnauthorizedHandler(async () => {
      localStorage.setItem(AUTH_TOKEN_KEY, fresh);
      return true;
    });
    reply(
      () => jsonResponse(401, { code: 'TOKEN_EXPIRED' }),
      () => new Response('%PDF-1.7 report', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    await downloadFile('/due/report/r1/pdf', 'report.pdf');
    expect(saved.name).toBe('report.pdf');
    expect(await saved.blob?.text()).toBe('%PDF-1.7 report');
    expect(lastRequest().headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    unregister();
  });

  it("keeps the server's error message, sets the maintenance flag and saves nothing on a failure", async () => {
    const saved = catchSavedFile();
    reply(() => jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', detail: 'Back soon' }));
    await expect(downloadFile('/prices/export', 'prices.csv')).rejects.toMatchObject({ status: 503, detail: 'Back soon' });
    expect(maintenanceStore.get()).toBe(true);
    expect(saved.name).toBeUndefined();
    reply(() => jsonResponse(404, { code: 'REPORT_NOT_FOUND', detail: 'No such report' }));
    await expect(downloadFile('/due/report/x/pdf', 'x.pdf')).rejects.toMatchObject({ status: 404, detail: 'No such report' });
  });

  it(`times out after ${HTTP_TIMEOUT_MS} ms like any request`, async () => {
    vi.useFakeTimers();
    reply(() => new Promise<Response>(() => undefined));
    const download = downloadFile('/due/report/r1/pdf', 'report.pdf');
    const outcome = expect(download).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS + 1);
    await outcome;
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
