import { DUE_REPORT_READY_EVENT, type DueReport } from '@fueldesk/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createDueBody } from '../../../test/due-diligence';
import { createSignedInUser } from '../../../test/factories';
import { dueReports } from '../../db/schema';
import type { AppEvent } from '../../integrations/events/event-bus';
import { startReportAttempt } from './due-diligence.repository';
import { produceDueReport } from './due-diligence.pipeline';
import { DUE_REPORT_MAX_ATTEMPTS, requeueStaleReports } from './due-diligence.service';

describe('due diligence report job', () => {
  const t = useTestContext({ startJobs: true });
  const events: AppEvent[] = [];
  beforeAll(async () => {
    t.ctx.events.subscribe((event) => events.push(event));
  });

  it('produces a created report through the queue and announces it once', async () => {
    const { headers } = await createSignedInUser(t.ctx, { planCode: 'pro' });
    const created = (await t.app.inject({ method: 'POST', url: '/api/due/create', headers, payload: createDueBody() })).json<DueReport>();
    expect(created.status).toBe('processing');
    await vi.waitFor(
      async () => {
        const report = (await t.app.inject({ method: 'GET', url: `/api/due/report/${created.id}`, headers })).json<DueReport>();
        expect(report.status).toBe('ready');
      },
      { timeout: 20_000, interval: 250 },
    );
    const announced = events.filter((event) => event.type === DUE_REPORT_READY_EVENT && (event.data as { id: string }).id === created.id);
    expect(announced).toHaveLength(1);
  });

  it('completes a report whose worker died mid-run exactly once when it is queued again', async () => {
    const { user, headers } = await createSignedInUser(t.ctx, { planCode: 'pro' });
    // The stored report of a server killed before it queued the job, then a worker killed mid-run.
    const [row] = await t.ctx.db
      .insert(dueReports)
      .values({ userId: user.id, title: 'Crash Test', form: createDueBody().extra, createdAt: new Date(Date.now() - 60 * 60_000) })
      .returning();
    await startReportAttempt(t.ctx.db, row!.id);
    expect(await requeueStaleReports(t.ctx)).toBeGreaterThanOrEqual(1);
    await vi.waitFor(
      async () => {
        const report = (await t.app.inject({ method: 'GET', url: `/api/due/report/${row!.id}`, headers })).json<DueReport>();
        expect(report.status).toBe('ready');
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(await produceDueReport(t.ctx, row!.id)).toBeNull();
    expect(events.filter((event) => (event.data as { id?: string }).id === row!.id)).toHaveLength(1);
    const [stored] = await t.ctx.db.select().from(dueReports).where(eq(dueReports.id, row!.id));
    expect(stored!.attempts).toBe(2);
  });

  it('ends failed with a readable reason after the last attempt', async () => {
    const { user } = await createSignedInUser(t.ctx);
    const [row] = await t.ctx.db.insert(dueReports).values({ userId: user.id, title: 'Doomed', form: createDueBody().extra }).returning();
    await t.ctx.db.update(dueReports).set({ attempts: DUE_REPORT_MAX_ATTEMPTS }).where(eq(dueReports.id, row!.id));
    const failed = await produceDueReport(t.ctx, row!.id);
    expect(failed).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/could not be produced/) });
    expect(events.find((event) => (event.data as { id?: string }).id === row!.id)).toMatchObject({ data: { status: 'failed' } });
  });
});
