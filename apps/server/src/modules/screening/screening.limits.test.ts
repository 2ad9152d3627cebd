import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories';
import { useTestContext } from '../../../test/test-context';
import { SCREENING_BATCH_LIMITS } from './screening.limits';

describe('batch screening per-user limit', () => {
  const t = useTestContext();

  it('refuses the batch past the minute limit with 429 and Retry-After, in both languages, for that user only', async () => {
    const heavy = await createSignedInUser(t.ctx);
    const other = await createSignedInUser(t.ctx);
    const batch = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/screening/batch', headers, payload: { queries: [{ name: 'Karvelis Petroleum' }, { name: 'Blue Harbor Fuels' }] } });
    const perMinute = SCREENING_BATCH_LIMITS[0].limit;
    for (let index = 0; index < perMinute; index += 1) expect((await batch(heavy.headers)).statusCode).toBe(200);
    const refused = await batch(heavy.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', detail: 'Too many batch screenings. Please wait and try again.' });
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    const spanish = await batch({ ...heavy.headers, 'accept-language': 'es' });
    expect(spanish.statusCode).toBe(429);
    expect(spanish.json().detail).toBe('Demasiados cribados por lotes. Espere e inténtelo de nuevo.');
    expect((await batch(other.headers)).statusCode).toBe(200);
  });
});
