import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';

// The server answers in this process: the command runs asynchronously, never blocking its loop.
const run = promisify(execFile);

/** The README's curl command, run as written against a listening server, and the CSV it downloads. */
const readme = readFileSync(path.resolve(__dirname, '../../../../../README.md'), 'utf8');
const FIXTURE = ['product_code,date,value', 'WTI,2024-01-04,72.19', 'WTI,2024-01-08,70.77', 'BRENT,2024-01-05,78.76', 'BRENT,2024-01-08,76.12'].join('\n');

const t = useTestContext();
let base: string;
let key: string;
const workDir = mkdtempSync(path.join(tmpdir(), 'fd-curl-'));

beforeAll(async () => {
  const admin = await createSignedInUser(t.ctx, { role: 'admin' });
  const upload = await t.app.inject({ method: 'POST', url: '/api/admin/prices/import?filename=fixture.csv', headers: { ...admin.headers, 'content-type': 'text/csv' }, payload: FIXTURE });
  expect(upload.statusCode, upload.body).toBe(200);
  const owner = await createSignedInUser(t.ctx);
  const created = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.headers, payload: { name: 'curl', scopes: ['prices:read'] } });
  key = created.json().key;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
});

function readmeCurl(): string {
  const match = /<!-- api-key-csv-curl -->\n```sh\n([^\n]+)\n```/.exec(readme);
  expect(match, 'README: the curl block after <!-- api-key-csv-curl -->').not.toBeNull();
  return match![1]!;
}

describe('CSV with a key', () => {
  it('the README curl command downloads the daily table as CSV', async () => {
    const command = readmeCurl();
    expect(command).toMatch(/^curl .*Authorization: Bearer \$FUELDESK_API_KEY.*\$FUELDESK_URL\/api\/prices\/export/);
    await run('bash', ['-c', command], { cwd: workDir, env: { ...process.env, FUELDESK_URL: base, FUELDESK_API_KEY: key }, timeout: 20_000 });
    const csv = readFileSync(path.join(workDir, 'prices.csv'), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/product/i);
    expect(csv).toContain('70.77');
    expect(csv).toContain('76.12');
  });

  it('the same command without a key fails with 401, and a wrong key gets 401 API_KEY_INVALID', async () => {
    const command = readmeCurl();
    await expect(run('bash', ['-c', command], { cwd: workDir, env: { ...process.env, FUELDESK_URL: base, FUELDESK_API_KEY: '' }, timeout: 20_000 })).rejects.toThrow(/401/);
    const response = await t.app.inject({ method: 'GET', url: '/api/prices/export', headers: { authorization: `Bearer ${key.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))}` } });
    expect([response.statusCode, response.json().code]).toEqual([401, 'API_KEY_INVALID']);
  });

  it('a history CSV with a key: codes, from and to', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/prices/export?codes=WTI&from=2024-01-01&to=2024-01-31', headers: { authorization: `Bearer ${key}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['ratelimit-limit']).toBe('60');
    expect(response.body).toContain('72.19');
    expect(response.body).toContain('70.77');
    expect(response.body).not.toContain('78.76');
  });
});
