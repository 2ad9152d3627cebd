import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestContext, useTestContext } from '../../../test/test-context';
import { startEiaTestServer, type EiaFixtureRow, type EiaTestServer } from '../../../test/eia-api-server';
import { readObservations, readSharedFile } from '../../../test/market-data';
import { queryRows } from '../../db/client';
import { pricePoints } from '../../db/schema';
import type { AppEvent } from '../../integrations/events/event-bus';
import { createEiaApiClient, EiaApiError } from '../../integrations/market-data/eia-api';
import { syncEiaApi } from './eia-sync.service';
import { EIA_SYNC_JOB } from './prices.jobs';

const API_KEY = 'test-key-123';

function fixtureRows(file: string, series: string): EiaFixtureRow[] {
  return readObservations(readSharedFile(file)).map((row) => ({ series, period: row.date, value: row.value }));
}

const wti = fixtureRows('eia-brent-wti/wti-daily.csv', 'RWTC');
const brent = fixtureRows('eia-brent-wti/brent-daily.csv', 'RBRTE');

let server: EiaTestServer;

beforeAll(async () => {
  server = await startEiaTestServer([...wti, ...brent], API_KEY);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('EIA API v2 client', () => {
  const client = () => createEiaApiClient({ baseUrl: server.baseUrl, apiKey: API_KEY, retryDelayMs: 5 });

  it('pages through 5,000 rows at a time with the series facet and the daily frequency', async () => {
    const result = await client().fetchSpotPrices({ series: ['RWTC', 'RBRTE'] });
    expect(result.rows.length).toBe(wti.length + brent.length);
    expect(result.pages).toBe(Math.ceil((wti.length + brent.length) / 5000));
    expect(server.requests.map((query) => query.get('offset'))).toEqual(
      Array.from({ length: result.pages }, (_, index) => String(index * 5000)),
    );
    const first = server.requests[0]!;
    expect(first.getAll('facets[series][]')).toEqual(['RWTC', 'RBRTE']);
    expect(first.get('frequency')).toBe('daily');
    expect(first.get('data[0]')).toBe('value');
    expect(first.get('length')).toBe('5000');
    expect(result.rows.find((row) => row.series === 'RWTC' && row.date === '2020-04-20')).toEqual({
      series: 'RWTC',
      date: '2020-04-20',
      value: '-36.98',
    });
  });

  it('retries a page after 5xx and 429 answers, then carries on', async () => {
    server.failNext(503, 429, 500);
    const result = await client().fetchSpotPrices({ series: ['RBRTE'], start: '2024-01-01', end: '2024-12-31' });
    expect(result.rows.length).toBe(brent.filter((row) => row.period.startsWith('2024')).length);
    expect(server.requests.length).toBe(4);
    expect(server.requests.every((query) => query.get('start') === '2024-01-01' && query.get('end') === '2024-12-31')).toBe(true);
  });

  it('gives up after the last attempt, without the key in the message', async () => {
    server.failNext(502, 502, 502);
    const error = await createEiaApiClient({ baseUrl: server.baseUrl, apiKey: API_KEY, retryDelayMs: 1, maxAttempts: 3 })
      .fetchSpotPrices({ series: ['RWTC'] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EiaApiError);
    expect((error as EiaApiError).status).toBe(502);
    expect((error as Error).message).not.toContain(API_KEY);
    expect(server.requests.length).toBe(3);
  });

  it('does not retry a refused key', async () => {
    const error = await createEiaApiClient({ baseUrl: server.baseUrl, apiKey: 'wrong', retryDelayMs: 1 })
      .fetchSpotPrices({ series: ['RWTC'] })
      .catch((caught: unknown) => caught);
    expect((error as EiaApiError).status).toBe(403);
    expect(server.requests.length).toBe(1);
  });

  it('retries when the host is unreachable', async () => {
    const error = await createEiaApiClient({ baseUrl: 'http://127.0.0.1:9/v2', apiKey: API_KEY, retryDelayMs: 1, maxAttempts: 2 })
      .fetchSpotPrices({ series: ['RWTC'] })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/unreachable/);
    expect((error as EiaApiError).unreachable).toBe(true);
  });
});

describe('the EIA API sync', () => {
  const t = useTestContext(() => ({ env: { EIA_API_KEY: API_KEY, EIA_API_BASE_URL: server.baseUrl } }));

  async function countBySource() {
    return queryRows<{ source: string; n: string }>(t.ctx.db, sql`select source, count(*)::text as n from ${pricePoints} group by source`);
  }

  it('stores the configured products, resumes near the last date, and changes nothing the second time', async () => {
    const client = createEiaApiClient({ baseUrl: server.baseUrl, apiKey: API_KEY, retryDelayMs: 1 });
    const events: AppEvent[] = [];
    t.ctx.events.subscribe((event) => events.push(event));
    t.setNow(new Date('2026-08-20T08:00:00Z'));
    server.failNext(500);

    const first = await syncEiaApi(t.ctx, { client, from: '1980-01-01' });
    expect(first).toMatchObject({ format: 'eia-api', refused: false, inserted: wti.length + brent.length, updated: 0, product_codes: ['BRENT', 'WTI'] });
    expect(await countBySource()).toEqual([{ source: 'eia-api', n: String(wti.length + brent.length) }]);
    expect(server.requests[0]!.getAll('facets[series][]')).toHaveLength(11);
    expect(events.map((event) => event.type)).toEqual(['prices_updated']);

    server.requests.length = 0;
    const second = await syncEiaApi(t.ctx, {});
    expect(second).toMatchObject({ inserted: 0, updated: 0 });
    expect(second.unchanged).toBeGreaterThan(0);
    expect(server.requests[0]!.get('start')).toBe('2026-08-04');
    expect(events).toHaveLength(1);
  });

});

describe('the daily EIA job', () => {
  it('is scheduled when a key is configured and stores what the API returns', async () => {
    const t = await openTestContext({ startJobs: true, env: { EIA_API_KEY: API_KEY, EIA_API_BASE_URL: server.baseUrl } });
    const schedules = await (await t.ctx.jobs.boss()).getSchedules();
    expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual([EIA_SYNC_JOB, '30 6 * * *']);
    await t.ctx.jobs.send(EIA_SYNC_JOB, { from: '2024-01-01', to: '2024-01-31' });
    const expected = [...wti, ...brent].filter((row) => row.period.startsWith('2024-01')).length;
    await vi.waitFor(
      async () => {
        const [row] = await queryRows<{ n: string }>(t.ctx.db, sql`select count(*)::text as n from ${pricePoints}`);
        expect(Number(row!.n)).toBe(expected);
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(expected).toBeGreaterThan(30);
  });

  it('is not scheduled without a key', async () => {
    const t = await openTestContext({ startJobs: true });
    const schedules = await (await t.ctx.jobs.boss()).getSchedules();
    expect(schedules.map((schedule) => schedule.name)).not.toContain(EIA_SYNC_JOB);
  });
});
