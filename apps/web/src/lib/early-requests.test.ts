import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_RESPONSE_MAX_AGE_MS, clearEarlyRequests, startEarlyRequests, takeEarlyResponse } from './early-requests';
import { jsonResponse, mockApi, type MockHandler } from './testing/mock-api';

let server: ReturnType<typeof mockApi>;

function answer(routes: Record<string, MockHandler>) {
  server = mockApi(routes);
}

beforeEach(() => clearEarlyRequests());
afterEach(() => clearEarlyRequests());

describe('early requests', () => {
  it('sends each GET with the token and hands its answer out once, to the same token', async () => {
    answer({ 'GET /api/dashboards': () => jsonResponse(200, { dashboards: [] }), 'GET /api/prices/movers': () => jsonResponse(200, { gainers: [] }) });
    startEarlyRequests(['/dashboards', '/prices/movers?limit=5'], 'token-a', 1_000);

    expect(takeEarlyResponse('/api/prices/movers?limit=4', 'token-a', 1_001)).toBeNull();
    const movers = await takeEarlyResponse('/api/prices/movers?limit=5', 'token-a', 1_001);
    expect(await movers!.json()).toEqual({ gainers: [] });
    expect(takeEarlyResponse('/api/prices/movers?limit=5', 'token-a', 1_002)).toBeNull();

    const dashboards = await takeEarlyResponse('/api/dashboards', 'token-a', 1_002);
    expect(dashboards!.status).toBe(200);
    expect(server.calls.map((call) => `${call.method} ${call.url.pathname}${call.url.search} ${call.headers.get('Authorization')}`).sort()).toEqual([
      'GET /api/dashboards Bearer token-a',
      'GET /api/prices/movers?limit=5 Bearer token-a',
    ]);
  });

  it('drops an answer for another token, a missing one, or one older than the limit', async () => {
    answer({ 'GET /api/dashboards': () => jsonResponse(200, { dashboards: [] }) });
    startEarlyRequests(['/dashboards'], 'token-a', 1_000);
    expect(takeEarlyResponse('/api/dashboards', 'token-b', 1_001)).toBeNull();
    // Taken (and dropped) by the first caller: the page asks the server itself.
    expect(takeEarlyResponse('/api/dashboards', 'token-a', 1_001)).toBeNull();

    startEarlyRequests(['/dashboards'], 'token-a', 1_000);
    expect(takeEarlyResponse('/api/dashboards', null, 1_001)).toBeNull();

    startEarlyRequests(['/dashboards'], 'token-a', 1_000);
    expect(takeEarlyResponse('/api/dashboards', 'token-a', 1_000 + EARLY_RESPONSE_MAX_AGE_MS + 1)).toBeNull();

    startEarlyRequests(['/dashboards'], 'token-a', 1_000);
    expect(takeEarlyResponse('/api/dashboards', 'token-a', 1_000 + EARLY_RESPONSE_MAX_AGE_MS)).not.toBeNull();
  });

  it('hands out nothing for a failed answer or a failed connection, so the client asks again', async () => {
    answer({
      'GET /api/dashboards': () => jsonResponse(401, { code: 'TOKEN_EXPIRED', detail: 'expired' }),
      'GET /api/prices/products': () => Promise.reject(new Error('connection reset')),
    });
    startEarlyRequests(['/dashboards', '/prices/products'], 'token-a', 1_000);
    await expect(takeEarlyResponse('/api/dashboards', 'token-a', 1_001)).resolves.toBeNull();
    await expect(takeEarlyResponse('/api/prices/products', 'token-a', 1_001)).resolves.toBeNull();
  });
});
