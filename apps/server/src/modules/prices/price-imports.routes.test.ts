import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../../test/build-test-app';
import { openTestContext, useTestContext } from '../../../test/test-context';
import { startEiaTestServer, type EiaTestServer } from '../../../test/eia-api-server';
import { createSignedInUser } from '../../../test/factories';
import { createEiaApiClient } from '../../integrations/market-data/eia-api';
import { parseCommandArgs } from '../../cli/args';
import { createImportPricesCommand } from '../../cli/import-prices';
import { syncEiaApi } from './eia-sync.service';
import { EIA_SYNC_JOB } from './prices.jobs';

const API_KEY = 'history-key';
const EIA_ROWS = [
  { series: 'RWTC', period: '2024-01-02', value: '70.38' },
  { series: 'RWTC', period: '2024-01-03', value: '72.72' },
  { series: 'RBRTE', period: '2024-01-02', value: '75.89' },
];

type Row = { actor: string; user: { id: string; name: string } | null; source: string; format: string; inserted: number; updated: number; unchanged: number; rejected: number; refused: boolean; refusal_reason: string | null };

let server: EiaTestServer;
beforeAll(async () => {
  server = await startEiaTestServer(EIA_ROWS, API_KEY);
});
afterAll(() => server.close());
const t = useTestContext();
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

function upload(text: string, filename: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/prices/import?filename=${encodeURIComponent(filename)}`,
    headers: { ...admin.headers, 'content-type': 'text/csv' },
    payload: text,
  });
}

async function history(query = '', context: TestContext = t, headers = admin.headers) {
  const response = await context.app.inject({ method: 'GET', url: `/api/admin/price-imports${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json() as { items: Row[]; total: number; page: number; page_size: number };
}

beforeAll(async () => {
  admin = await createSignedInUser(t.ctx, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
});

describe('GET /api/admin/price-imports', () => {
  it('is for administrators only', async () => {
    const user = await createSignedInUser(t.ctx);
    const cliente = await createSignedInUser(t.ctx, { role: 'cliente' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/price-imports' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/price-imports', headers: user.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/price-imports', headers: cliente.headers })).statusCode).toBe(403);
  });

  it('records each upload with its admin, file name and counts, refused ones too, newest first', async () => {
    t.setNow(new Date(Date.now() + 1_000));
    expect((await upload('product_code,date,value\nWTI,2024-01-04,72.19\nWTI,2024-01-05,73\n', 'first.csv')).statusCode).toBe(200);
    t.setNow(new Date(Date.now() + 2_000));
    expect((await upload('product_code,date,value\nWTI,2024-01-04,72.19\nWTI,2024-01-05,73.5\nWTI,2024-01-08,74\nWTI,2024-01-09,n/a\n', 'second.csv')).statusCode).toBe(200);
    t.setNow(new Date(Date.now() + 3_000));
    expect((await upload('Date,Price\nnot a date,1\n', 'RWTC.csv')).statusCode).toBe(400);
    t.setNow(null);

    const body = await history();
    expect(body).toMatchObject({ total: 3, page: 1, page_size: 50 });
    expect(body.items.map((row) => row.source)).toEqual(['RWTC.csv', 'second.csv', 'first.csv']);
    expect(body.items[2]).toMatchObject({ actor: 'user', user: { id: admin.user.id, name: 'Ada Admin' }, format: 'generic-csv', inserted: 2, updated: 0, unchanged: 0, rejected: 0, refused: false });
    expect(body.items[1]).toMatchObject({ inserted: 1, updated: 1, unchanged: 1, rejected: 1, refused: false });
    expect(body.items[0]).toMatchObject({ actor: 'user', refused: true, refusal_reason: 'Line 2: No row of the file could be read.', inserted: 0 });

    const paged = await history('?page=2&page_size=2');
    expect(paged).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(paged.items.map((row) => row.source)).toEqual(['first.csv']);
    for (const query of ['?page=0', '?page_size=1000', '?page=abc']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/price-imports${query}`, headers: admin.headers });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('names the command line (npm run fueldesk -- import-prices) without a user, and keeps only the file name', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fd-history-'));
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const file = path.join(dir, 'cli-file.csv');
      writeFileSync(file, 'product_code,date,value\nBRENT,2024-01-04,77.59\n');
      const command = createImportPricesCommand(async () => ({ ctx: t.ctx, close: async () => undefined }));
      t.setNow(new Date(Date.now() + 10_000));
      expect(await command.run(parseCommandArgs(command, [file]))).toBe(0);
    } finally {
      t.setNow(null);
      log.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await history('?page_size=1')).items[0]).toMatchObject({ actor: 'cli', user: null, source: 'cli-file.csv', inserted: 1 });
  });

  it('records an EIA sync, and a failed one with its reason', async () => {
    const client = createEiaApiClient({ baseUrl: server.baseUrl, apiKey: API_KEY, retryDelayMs: 1, maxAttempts: 1 });
    t.setNow(new Date(Date.now() + 20_000));
    await syncEiaApi(t.ctx, { client, from: '2024-01-01', actor: { kind: 'eia-job' } });
    t.setNow(new Date(Date.now() + 30_000));
    server.failNext(502);
    await expect(syncEiaApi(t.ctx, { client, from: '2024-01-01' })).rejects.toThrow();
    t.setNow(null);
    const [failed, synced] = (await history('?page_size=2')).items;
    expect(synced).toMatchObject({ actor: 'eia-job', user: null, format: 'eia-api', inserted: 3, refused: false });
    expect(synced!.source).toMatch(/^EIA API v2 /);
    expect(failed).toMatchObject({ actor: 'cli', format: 'eia-api', refused: true, inserted: 0 });
    expect(failed!.refusal_reason).toBeTruthy();
    expect(failed!.refusal_reason).not.toContain(API_KEY);
  });
});

describe('the scheduled EIA job', () => {
  it('records its run as the EIA job', async () => {
    const jobs = await openTestContext({ startJobs: true, env: { EIA_API_KEY: API_KEY, EIA_API_BASE_URL: server.baseUrl } });
    const boss = await createSignedInUser(jobs.ctx, { role: 'admin' });
    await jobs.ctx.jobs.send(EIA_SYNC_JOB, { from: '2024-01-01', to: '2024-01-31' });
    const rows = await vi.waitFor(
      async () => {
        const items: Row[] = (await history('', jobs, boss.headers)).items;
        expect(items).toHaveLength(1);
        return items;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(rows[0]).toMatchObject({ actor: 'eia-job', user: null, format: 'eia-api', inserted: 3, refused: false });
  });
});
