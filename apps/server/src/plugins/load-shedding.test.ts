import { describe, expect, it, vi } from 'vitest';
import { useTestContext } from '../../test/test-context';

const t = useTestContext({ env: { MAX_EVENT_LOOP_DELAY_MS: '5' } });

function blockEventLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // a process too busy to serve
  }
}

describe('load shedding (@fastify/under-pressure)', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After while the event loop lags', async () => {
    await vi.waitFor(
      async () => {
        blockEventLoop(300);
        const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'es' } });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', detail: 'Servicio temporalmente no disponible', key: 'errors.SERVICE_UNAVAILABLE' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
