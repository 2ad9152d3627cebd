import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DUE_REPORT_READY_EVENT, type DueReport } from '@fueldesk/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDueBody } from '../../../test/due-diligence';
import { createSignedInUser } from '../../../test/factories';
import { useTestContext } from '../../../test/test-context';
import { dueReports } from '../../db/schema';
import type { AppEvent } from '../../integrations/events/event-bus';
import { reportConcurrency } from './due-diligence.jobs';

const CONCURRENCY = 3;
/** The model stub holds each request until this many are in flight (or this long has passed). */
const HOLD_MS = 4_000;

/**
 * A model that answers only once CONCURRENCY requests wait on it: reports produced one at a time
 * would each wait HOLD_MS and never reach it.
 */
async function startHoldingLlm() {
  let inFlight = 0;
  let maxInFlight = 0;
  const waiting: ServerResponse[] = [];
  const prompts: string[] = [];
  const answer = (response: ServerResponse) => {
    inFlight -= 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'No sanctions match.' } }] }));
  };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      prompts.push(raw);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      waiting.push(response);
      if (waiting.length >= CONCURRENCY) for (const held of waiting.splice(0)) answer(held);
      else
        setTimeout(() => {
          const index = waiting.indexOf(response);
          if (index > -1) answer(waiting.splice(index, 1)[0]!);
        }, HOLD_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    prompts,
    maxInFlight: () => maxInFlight,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('due diligence reports run concurrently, each exactly once', () => {
  let llm: Awaited<ReturnType<typeof startHoldingLlm>>;
  const events: AppEvent[] = [];
  beforeAll(async () => {
    llm = await startHoldingLlm();
  });
  afterAll(async () => {
    await llm.close();
  });
  // Built once the model stub listens, closed before it.
  const t = useTestContext(() => ({
    startJobs: true,
    env: { REPORT_CONCURRENCY: String(CONCURRENCY), LLM_BASE_URL: llm.url, LLM_API_KEY: 'stub-key', LLM_MODEL: 'stub-model' },
  }));
  beforeAll(() => {
    t.ctx.events.subscribe((event) => events.push(event));
  });

  it(`produces ${CONCURRENCY * 2} queued reports ${CONCURRENCY} at a time, each once`, async () => {
    const { headers } = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    const ids: string[] = [];
    for (let index = 0; index < CONCURRENCY * 2; index += 1) {
      const created = await t.app.inject({ method: 'POST', url: '/api/due/create', headers, payload: createDueBody() });
      expect(created.statusCode).toBe(201);
      ids.push(created.json<DueReport>().id);
    }
    await vi.waitFor(
      async () => {
        const rows = await t.ctx.db.select().from(dueReports).where(inArray(dueReports.id, ids));
        expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'ready'));
      },
      { timeout: 60_000, interval: 250 },
    );
    // They waited on the model together: the queue ran CONCURRENCY of them at once.
    expect(llm.maxInFlight()).toBe(CONCURRENCY);
    // Exactly once: one model call, one attempt and one announcement per report.
    expect(llm.prompts).toHaveLength(ids.length);
    const rows = await t.ctx.db.select().from(dueReports).where(inArray(dueReports.id, ids));
    expect(rows.map((row) => row.attempts)).toEqual(ids.map(() => 1));
    for (const id of ids) {
      expect(events.filter((event) => event.type === DUE_REPORT_READY_EVENT && (event.data as { id: string }).id === id)).toHaveLength(1);
    }
  });

  it('defaults to two reports per core, between 2 and 8', () => {
    expect(reportConcurrency(undefined, 1)).toBe(2);
    expect(reportConcurrency(undefined, 2)).toBe(4);
    expect(reportConcurrency(undefined, 32)).toBe(8);
    expect(reportConcurrency(5, 32)).toBe(5);
  });
});
