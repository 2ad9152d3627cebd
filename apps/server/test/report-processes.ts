import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DueReport } from '@fueldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { dueReports } from '../src/db/schema';
import { createRuntime } from '../src/runtime';
import { createScratchDatabase, testDb } from './build-test-app';
import { createDueBody } from './due-diligence';
import { createSignedInUser } from './factories';
import { killAll, serverEnv, startNarrativeStub, type NarrativeStub } from './processes';

/**
 * The setting of a test that runs real server processes around a due-diligence report: a data
 * directory, a scratch database on PostgreSQL, the narrative-model stub and the environment they
 * share, made before the file's tests and removed after them with every process the test started.
 */
export function useReportProcessHarness(name: string, extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `fd-${name}-`));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  const harness = { children: [] as ChildProcess[], env: {} as Record<string, string>, stub: null as unknown as NarrativeStub, scratchUrl: null as string | null };

  beforeAll(async () => {
    if (testDb === 'postgres') scratch = await createScratchDatabase();
    harness.scratchUrl = scratch?.url ?? null;
    harness.stub = await startNarrativeStub();
    harness.env = serverEnv({ DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', LLM_BASE_URL: harness.stub.baseUrl('server'), ...extraEnv });
  });

  afterAll(async () => {
    await killAll(harness.children);
    await harness.stub.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return harness;
}

/** A signed-in Pro user, written straight into the database the server processes will open. */
export async function createProUser(env: Record<string, string>): Promise<Record<string, string>> {
  const setup = await createRuntime({ config: loadConfig(env), runWorkers: false });
  try {
    return (await createSignedInUser(setup.ctx, { planCode: 'pro' })).headers;
  } finally {
    await setup.close();
  }
}

/** POST /api/due/create on a running server: the created report. */
export async function requestReport(base: string, headers: Record<string, string>): Promise<DueReport> {
  const response = await fetch(`${base}/due/create`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(createDueBody()) });
  expect(response.status).toBe(201);
  return (await response.json()) as DueReport;
}

/** Waits until the running server says the report is ready. */
export async function waitForReportReady(base: string, headers: Record<string, string>, id: string, timeout: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const report = (await (await fetch(`${base}/due/report/${id}`, { headers })).json()) as DueReport;
      expect(report.status).toBe('ready');
    },
    { timeout, interval: 250 },
  );
}

/** The report's row as stored, read once the server processes are gone. */
export async function readStoredReport(env: Record<string, string>, id: string) {
  const check = await createRuntime({ config: loadConfig(env), runWorkers: false });
  try {
    const [stored] = await check.ctx.db.select().from(dueReports).where(eq(dueReports.id, id));
    return stored;
  } finally {
    await check.close();
  }
}
