import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories';
import { sharedDataDir } from '../../../test/market-data';
import { useTestContext } from '../../../test/test-context';
import { auditLog, notifications, sanctionsListVersions } from '../../db/schema';
import { entityContentHash } from '../decisions/decisions.service';
import { buildScreeningIndex, DEFAULT_SCREENING_THRESHOLD, parseSanctionsFiles, readSanctionsFiles, type ParsedList, type SanctionsEntity } from '../screening/engine';
import { storeParsedLists } from '../screening/screening-import.service';
import { NOTIFICATION_MAIL_JOB } from '../notifications/notifications.service';
import { rescreenForVersion } from './watchlist.service';

const shared = (...parts: string[]) => path.join(sharedDataDir, ...parts);
const one = (lists: ParsedList[]) => {
  expect(lists).toHaveLength(1);
  return lists[0]!;
};

/**
 * Names from a pair of real list versions, computed from the files: one designated only in the newer
 * version, one removed by it, one unchanged (same content in both). Each is chosen so that a search of
 * its name finds its own entry and nothing else at the threshold in the other version.
 */
function pickNames(older: SanctionsEntity[], newer: SanctionsEntity[]) {
  const olderById = new Map(older.map((entity) => [entity.id, entity]));
  const newerById = new Map(newer.map((entity) => [entity.id, entity]));
  const olderIndex = buildScreeningIndex(older);
  const newerIndex = buildScreeningIndex(newer);
  const threshold = DEFAULT_SCREENING_THRESHOLD;
  const hits = (index: ReturnType<typeof buildScreeningIndex>, entity: SanctionsEntity) =>
    index.search(entity.name, { type: entity.type, limit: 20, minScore: threshold }).filter((match) => match.score >= threshold);
  // Organisations with a name of a few words: distinctive enough to match only themselves.
  const usable = (entity: SanctionsEntity) => entity.type === 'organization' && entity.name.split(/\s+/).length >= 3 && entity.name.length < 60;
  const designated = newer.find(
    (entity) => usable(entity) && !olderById.has(entity.id) && hits(olderIndex, entity).length === 0 && hits(newerIndex, entity).every((hit) => hit.entity.id === entity.id),
  )!;
  const removed = older.find(
    (entity) => usable(entity) && !newerById.has(entity.id) && hits(newerIndex, entity).length === 0 && hits(olderIndex, entity).every((hit) => hit.entity.id === entity.id),
  )!;
  const unchanged = older.find((entity) => {
    if (!usable(entity)) return false;
    const same = newerById.get(entity.id);
    if (!same || entityContentHash(same) !== entityContentHash(entity)) return false;
    return hits(olderIndex, entity).every((hit) => hit.entity.id === entity.id) && hits(newerIndex, entity).every((hit) => hit.entity.id === entity.id);
  })!;
  expect(designated && removed && unchanged).toBeTruthy();
  return { designated, removed, unchanged };
}

describe('counterparty watchlist on real list versions', () => {
  const t = useTestContext();
  let sdn2021: ParsedList;
  let sdn2024: ParsedList;
  let uk2023: ParsedList;
  let uk2025: ParsedList;

  beforeAll(async () => {
    sdn2021 = one(parseSanctionsFiles([{ name: 'sdn.csv', content: readFileSync(shared('ofac-sdn-2021', 'sdn.csv')) }]));
    sdn2024 = one(parseSanctionsFiles([{ name: 'sdn.csv', content: readFileSync(shared('ofac-sdn-2024', 'sdn.csv')) }]));
    uk2023 = one(await readSanctionsFiles([{ name: 'ConList_2023-06-05.xlsx', content: readFileSync(shared('uk-ofsi-conlist', 'ConList_2023-06-05.xlsx')) }]));
    uk2025 = one(await readSanctionsFiles([{ name: 'ConList_2025-04-14.xlsx', content: readFileSync(shared('uk-ofsi-conlist', 'ConList_2025-04-14.xlsx')) }]));
  }, 180_000);

  async function watch(headers: Record<string, string>, name: string, type = 'organization') {
    const response = await t.app.inject({ method: 'POST', url: '/api/watchlist', headers, payload: { name, type } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; status: string; matches: { entity_id: string }[] };
  }

  async function noticesOf(userId: string) {
    return t.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
  }

  async function latestVersionId(source: 'ofac_sdn' | 'uk_ofsi') {
    const rows = await t.ctx.db.select().from(sanctionsListVersions).where(eq(sanctionsListVersions.source, source));
    return Math.max(...rows.map((row) => row.id));
  }

  it.each([
    ['OFAC SDN 2021 → 2024', 'ofac_sdn' as const, () => [sdn2021, sdn2024] as const],
    ['UK OFSI 2023 → 2025', 'uk_ofsi' as const, () => [uk2023, uk2025] as const],
  ])(
    '%s: designated → one match notice, removed → one clear notice, unchanged → none; twice → nobody',
    async (_label, source, lists) => {
      const [older, newer] = lists();
      const { designated, removed, unchanged } = pickNames(older.entities, newer.entities);
      t.setNow(new Date('2026-06-01T08:00:00Z'));
      // Each pair alone: the other pair's list would match some of the names too.
      await t.ctx.db.delete(sanctionsListVersions);
      expect((await storeParsedLists(t.ctx, [older], { origin: 'test' }))[0]!.status).toBe('stored');
      const alice = await createSignedInUser(t.ctx);
      const designatedItem = await watch(alice.headers, designated.name);
      const removedItem = await watch(alice.headers, removed.name);
      const unchangedItem = await watch(alice.headers, unchanged.name);
      expect(designatedItem.status).toBe('clear');
      expect(removedItem.status).toBe('match');
      expect(removedItem.matches.map((match) => match.entity_id)).toContain(removed.id);
      expect(unchangedItem.matches.map((match) => match.entity_id)).toContain(unchanged.id);

      t.setNow(new Date('2026-06-01T08:05:00Z'));
      expect((await storeParsedLists(t.ctx, [newer], { origin: 'test' }))[0]!.status).toBe('stored');
      const versionId = await latestVersionId(source);
      // Two runs of the job (a retry, a second worker): the second finds nothing left to do.
      const first = await rescreenForVersion(t.ctx, versionId, { batchSize: 2 });
      const second = await rescreenForVersion(t.ctx, versionId);
      expect(second).toEqual({ items: 0, added: 0, removed: 0, notified: 0 });
      expect(first.items).toBeGreaterThanOrEqual(3);

      const notices = await noticesOf(alice.user.id);
      const about = (itemId: string) => notices.filter((notice) => (notice.params as { item_id: string }).item_id === itemId);
      expect(about(designatedItem.id).map((notice) => notice.kind)).toEqual(['watch_match']);
      expect((about(designatedItem.id)[0]!.params as { entity_id: string }).entity_id).toBe(designated.id);
      expect(about(removedItem.id).map((notice) => notice.kind)).toEqual(['watch_clear']);
      expect(about(unchangedItem.id)).toEqual([]);

      // The item's history names the version that caused the change; its status follows.
      const detailResponse = await t.app.inject({ method: 'GET', url: `/api/watchlist/${designatedItem.id}`, headers: alice.headers });
      expect(detailResponse.statusCode, detailResponse.body).toBe(200);
      const detail = detailResponse.json();
      expect(detail.status).toBe('match');
      expect(detail.history[0]).toMatchObject({ version_ids: [versionId], added: [expect.objectContaining({ entity_id: designated.id })], removed: [] });
      expect(detail.versions.map((version: { id: number }) => version.id)).toContain(versionId);
      const gone = (await t.app.inject({ method: 'GET', url: `/api/watchlist/${removedItem.id}`, headers: alice.headers })).json();
      expect(gone.status).toBe('clear');
      expect(gone.history[0]).toMatchObject({ version_ids: [versionId], removed: [expect.objectContaining({ entity_id: removed.id })] });

      // The same version stored again is not a new version: no job, nobody notified.
      t.setNow(new Date('2026-06-01T08:10:00Z'));
      expect((await storeParsedLists(t.ctx, [newer], { origin: 'test' }))[0]!.status).toBe('unchanged');
      expect(await latestVersionId(source)).toBe(versionId);
      expect(await rescreenForVersion(t.ctx, versionId)).toEqual({ items: 0, added: 0, removed: 0, notified: 0 });
      expect(await noticesOf(alice.user.id)).toHaveLength(notices.length);
    },
    300_000,
  );

  it('queues the mail of a batch with its commit: a run killed between the commit and the delivery loses no mail', async () => {
    const { designated, removed } = pickNames(sdn2021.entities, sdn2024.entities);
    await t.ctx.db.delete(sanctionsListVersions);
    await storeParsedLists(t.ctx, [sdn2021], { origin: 'test' });
    const alice = await createSignedInUser(t.ctx);
    const items = [await watch(alice.headers, designated.name), await watch(alice.headers, removed.name)];
    await storeParsedLists(t.ctx, [sdn2024], { origin: 'test' });
    const versionId = await latestVersionId('ofac_sdn');

    // The worker dies right after the batch commits, before it queues anything; the retry finds nothing left.
    await expect(
      rescreenForVersion(t.ctx, versionId, {
        afterCommit: async () => {
          throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    expect(await rescreenForVersion(t.ctx, versionId)).toEqual({ items: 0, added: 0, removed: 0, notified: 0 });

    const notices = (await noticesOf(alice.user.id)).filter((notice) => items.some((item) => notice.dedupeKey.startsWith(`watch:${item.id}:${versionId}:`)));
    expect(notices.map((notice) => notice.kind).sort()).toEqual(['watch_clear', 'watch_match']);
    expect(notices.every((notice) => notice.mailStatus === 'pending')).toBe(true);
    const { rows } = await t.ctx.database.executeSql(`select data->>'notificationId' as id from pgboss.job where name = $1`, [NOTIFICATION_MAIL_JOB]);
    const jobs = rows.map((row: { id: string }) => row.id);
    for (const notice of notices) expect(jobs.filter((id) => id === notice.id), notice.kind).toHaveLength(1);
  }, 120_000);

  it('answers only the owner: another user’s item is 404 to read and to delete; adds and removes are audited', async () => {
    const alice = await createSignedInUser(t.ctx);
    const bob = await createSignedInUser(t.ctx);
    const item = await watch(alice.headers, 'Example Trading Holdings Ltd');
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: `/api/watchlist/${item.id}`, headers: bob.headers })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/watchlist', headers: bob.headers })).json().items).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/watchlist' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/watchlist/${item.id}`, headers: alice.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/watchlist/${item.id}`, headers: alice.headers })).statusCode).toBe(404);
    const audited = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.actorId, alice.user.id)));
    expect(audited.map((entry) => entry.action)).toEqual(expect.arrayContaining(['watch.add', 'watch.remove']));
  });

  it('refuses bad input with a message, and imports a CSV with a per-line report', async () => {
    const alice = await createSignedInUser(t.ctx);
    const bad = await t.app.inject({ method: 'POST', url: '/api/watchlist', headers: { ...alice.headers, 'accept-language': 'es' }, payload: { name: ' ', type: 'ship' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Escriba un nombre');
    const csv = ['name,type,country', 'Acme Fuel Holdings,organization,PA', ',person,', 'Nordic Carrier One,spaceship,', 'ACME fuel holdings,,', 'Jane Q Example,person,US'].join('\n');
    const boundary = 'x-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="names.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/watchlist/import',
      headers: { ...alice.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.added).toBe(2);
    expect(result.skipped).toBe(1);
    expect(result.errors.map((error: { line: number }) => error.line)).toEqual([3, 4]);
    const items = (await t.app.inject({ method: 'GET', url: '/api/watchlist', headers: alice.headers })).json().items;
    expect(items.map((item: { name: string }) => item.name).sort()).toEqual(['Acme Fuel Holdings', 'Jane Q Example']);
  });
});
