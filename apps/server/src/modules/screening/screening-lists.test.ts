// Freshness of the stored lists (publication date, age, stale with a moved clock, the daily job's
// state, stale transitions for notifications) and the admin upload POST /screening/lists/import.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import { sanctionsDataDir, tinyAuDfatXlsx, tinyUkOfsiCsv } from '../../../test/screening';
import { createSanctionsCommand, serverIsRunning } from '../../cli/sanctions';
import { DatabaseLockedError } from '../../db/client';
import { importSanctionsFiles, importSanctionsPaths } from './screening-import.service';
import { notifyListStaleEvents, recordStaleTransitions } from './screening-freshness';
import { listPendingListEvents } from './screening.repository';
import { notifications, sanctionsListEvents } from '../../db/schema';
import { NOTIFICATION_MAIL_JOB } from '../notifications/notifications.service';
import { listScreeningLists } from './screening.presenters';

type Headers = Record<string, string>;

/** A multipart/form-data body as a browser sends it. */
function multipart(files: { name: string; content: Buffer | string; type?: string }[], fields: Record<string, string> = {}) {
  const boundary = '----fueldesk-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('list freshness', () => {
  const t = useTestContext();
  let user: Headers;

  beforeAll(async () => {
    user = (await createSignedInUser(t.ctx)).headers;
  });

  // The clock moves days away from the tokens' time: the answer is read through the route's presenter.
  const lists = async (lang: 'en' | 'es' = 'en') =>
    (await listScreeningLists(t.ctx, lang)) as unknown as {
      stale_days: number;
      lists: Array<Record<string, unknown> & { source: string; update: Record<string, string | null> }>;
    };

  it('dates a list from its file, ages it with the clock and turns it stale after SCREENING_STALE_DAYS; an undated list is stale', async () => {
    t.setNow(new Date('2026-11-22T12:00:00Z'));
    await importSanctionsFiles(t.ctx, [{ name: 'ConList.csv', content: tinyUkOfsiCsv('20/11/2026') }], { origin: 'test' });
    // OFAC's files carry no date: loaded from files (no Last-Modified), the list is undated.
    await importSanctionsPaths(t.ctx, [sanctionsDataDir.sdnTiny]);

    let body = await lists();
    expect(body.stale_days).toBe(7);
    const uk = body.lists.find((list) => list.source === 'uk_ofsi')!;
    expect(uk).toMatchObject({
      name: 'UK HM Treasury (OFSI)',
      entries: 3,
      names: 4,
      published_at: '2026-11-20T00:00:00.000Z',
      published_at_source: 'file',
      age_days: 2,
      stale: false,
      update: { last_checked_at: null, last_error: null, last_changed_at: '2026-11-22T12:00:00.000Z', next_run_at: '2026-11-23T05:15:00.000Z' },
    });
    expect(uk.version_id).toMatch(/^uk_ofsi@[0-9a-f]{12}$/);
    const sdn = body.lists.find((list) => list.source === 'ofac_sdn')!;
    expect(sdn).toMatchObject({ name: 'OFAC SDN', published_at: null, published_at_source: 'unknown', age_days: null, stale: true });

    expect((await lists('es')).lists.find((list) => list.source === 'uk_ofsi')!.name).toBe('Tesoro del Reino Unido (OFSI)');
    t.setNow(null);
    const http = await t.app.inject({ method: 'GET', url: '/api/screening/lists', headers: { ...user, 'accept-language': 'es' } });
    expect(http.statusCode).toBe(200);
    expect(http.json().lists.find((list: { source: string }) => list.source === 'uk_ofsi')).toMatchObject({ name: 'Tesoro del Reino Unido (OFSI)', version_id: uk.version_id });
    expect(http.json().stale_days).toBe(7);

    // Seven days later it is still fresh; a moment past seven days, stale.
    t.setNow(new Date('2026-11-27T00:00:00Z'));
    expect((await lists()).lists.find((list) => list.source === 'uk_ofsi')).toMatchObject({ age_days: 7, stale: false });
    t.setNow(new Date('2026-11-27T00:00:01Z'));
    body = await lists();
    expect(body.lists.find((list) => list.source === 'uk_ofsi')).toMatchObject({ age_days: 7, stale: true });
    t.setNow(null);
  });

  it('records each stale/fresh transition once, for the notifications module', async () => {
    // Stored at 2026-11-22 (fresh, nothing recorded) and the undated SDN list (stale from the start).
    t.setNow(new Date('2026-11-22T12:00:00Z'));
    // The import told the admins at once (there were none yet), so the event is recorded and no longer pending.
    const initial = await t.ctx.db.select().from(sanctionsListEvents);
    expect(initial.map((event) => [event.source, event.kind])).toEqual([['ofac_sdn', 'became_stale']]);
    expect(await listPendingListEvents(t.ctx.db)).toEqual([]);

    t.setNow(new Date('2026-11-29T12:00:00Z'));
    expect((await recordStaleTransitions(t.ctx)).map((transition) => [transition.source, transition.kind])).toEqual([['uk_ofsi', 'became_stale']]);
    expect(await recordStaleTransitions(t.ctx)).toEqual([]);
    const events = await listPendingListEvents(t.ctx.db);
    expect(events.at(-1)).toMatchObject({ source: 'uk_ofsi', kind: 'became_stale', versionId: expect.stringMatching(/^uk_ofsi@/), notifiedAt: null });
    expect(events.at(-1)!.details).toMatchObject({ name: 'UK HM Treasury (OFSI)', age_days: 9, stale_days: 7 });

    // Every active admin hears it once, by panel (and mail); other users do not; a second run adds nothing.
    const admin = await createSignedInUser(t.ctx, { role: 'admin', email: `lists-admin-${Date.now()}@example.com` });
    const user = await createSignedInUser(t.ctx);
    expect(await notifyListStaleEvents(t.ctx)).toBe(1);
    expect(await notifyListStaleEvents(t.ctx)).toBe(0);
    expect(await listPendingListEvents(t.ctx.db)).toEqual([]);
    const panel = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { ...admin.headers, 'accept-language': 'es' } });
    const texts = (panel.json() as { items: { kind: string; text: string }[] }).items.filter((item) => item.kind === 'list_stale').map((item) => item.text);
    expect(texts).toContain('La lista de sanciones Tesoro del Reino Unido (OFSI) está desactualizada (publicada 2026-11-20).');
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications', headers: user.headers })).json().items).toEqual([]);

    // A newer list makes it fresh again.
    await importSanctionsFiles(t.ctx, [{ name: 'ConList.csv', content: tinyUkOfsiCsv('28/11/2026').replace('Brannoc', 'Brannock') }], { origin: 'test' });
    const after = await t.ctx.db.select().from(sanctionsListEvents);
    expect(after.at(-1)).toMatchObject({ source: 'uk_ofsi', kind: 'became_fresh' });
    // Turning fresh again is recorded but tells nobody.
    const unread = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: admin.headers })).json().items;
    expect(unread.filter((item: { kind: string }) => item.kind === 'list_stale')).toHaveLength(1);
    t.setNow(null);
  });

  it('queues the mail of list_stale notices with their commit: a run killed between the commit and the delivery loses no mail', async () => {
    await createSignedInUser(t.ctx, { role: 'admin', email: `lists-admin-b-${Date.now()}@example.com` });
    // The UK list (published 2026-11-28 in the test above) is past SCREENING_STALE_DAYS.
    t.setNow(new Date('2026-12-20T12:00:00Z'));
    expect((await recordStaleTransitions(t.ctx)).map((transition) => [transition.source, transition.kind])).toEqual([['uk_ofsi', 'became_stale']]);
    const [event] = await listPendingListEvents(t.ctx.db);

    // The process dies right after the commit, before it queues anything; the next run finds the event told.
    const killed = async () => {
      throw new Error('process killed');
    };
    await expect(notifyListStaleEvents(t.ctx, { afterCommit: killed })).rejects.toThrow('process killed');
    expect(await notifyListStaleEvents(t.ctx)).toBe(0);
    t.setNow(null);

    const notices = (await t.ctx.db.select().from(notifications)).filter((notice) => notice.dedupeKey === `list_stale:${event!.id}`);
    expect(notices.length).toBeGreaterThanOrEqual(2);
    expect(notices.every((notice) => notice.mailStatus === 'pending')).toBe(true);
    const { rows } = await t.ctx.database.executeSql(`select data->>'notificationId' as id from pgboss.job where name = $1`, [NOTIFICATION_MAIL_JOB]);
    const jobs = rows.map((row: { id: string }) => row.id);
    for (const notice of notices) expect(jobs.filter((id) => id === notice.id)).toHaveLength(1);
  });
});

describe('POST /api/screening/lists/import', () => {
  const t = useTestContext();
  let user: Headers;
  let admin: Headers;

  beforeAll(async () => {
    user = (await createSignedInUser(t.ctx)).headers;
    admin = (await createSignedInUser(t.ctx, { role: 'admin' })).headers;
  });

  const upload = (headers: Headers, files: Parameters<typeof multipart>[0], fields?: Record<string, string>, lang = 'en') => {
    const body = multipart(files, fields);
    return t.app.inject({ method: 'POST', url: '/api/screening/lists/import', payload: body.payload, headers: { ...headers, ...body.headers, 'accept-language': lang } });
  };

  it('is for admins: anonymous 401, a user 403', async () => {
    expect((await upload({}, [{ name: 'ConList.csv', content: tinyUkOfsiCsv() }])).statusCode).toBe(401);
    expect((await upload(user, [{ name: 'ConList.csv', content: tinyUkOfsiCsv() }])).statusCode).toBe(403);
  });

  it('loads a CSV and a workbook in one upload, then screens a name from them', async () => {
    const response = await upload(admin, [
      { name: 'ConList.csv', content: tinyUkOfsiCsv(), type: 'text/csv' },
      { name: 'regulation8_consolidated.xlsx', content: await tinyAuDfatXlsx() },
    ]);
    expect(response.statusCode).toBe(200);
    const { imported } = response.json() as { imported: Array<Record<string, unknown>> };
    expect(imported).toEqual([
      { source: 'uk_ofsi', name: 'UK HM Treasury (OFSI)', status: 'stored', version_id: expect.stringMatching(/^uk_ofsi@/), entries: 3, names: 4, published_at: '2026-11-20T00:00:00.000Z' },
      {
        source: 'au_dfat',
        name: 'Australia (DFAT)',
        status: 'stored',
        version_id: expect.stringMatching(/^au_dfat@/),
        entries: 2,
        names: 3,
        published_at: '2026-11-18T00:00:00.000Z',
      },
    ]);
    const search = await t.app.inject({ method: 'GET', url: '/api/screening/search?q=Brannoc%20Vellacott', headers: user });
    expect(search.json().matches[0]).toMatchObject({ entity_id: 'uk_ofsi:990001', source: 'uk_ofsi', is_match: true });
    const vessel = await t.app.inject({ method: 'GET', url: '/api/screening/entities/uk_ofsi:990003', headers: user });
    expect(vessel.json()).toMatchObject({ type: 'vessel', name: 'STORMPETREL' });

    const again = await upload(admin, [{ name: 'ConList.csv', content: tinyUkOfsiCsv() }]);
    expect(again.json().imported[0]).toMatchObject({ source: 'uk_ofsi', status: 'unchanged' });
  });

  it('refuses, in English and Spanish, an upload with no file, a file that is no list, and an unknown source', async () => {
    const none = await upload(admin, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('Send at least one list file.');
    expect((await upload(admin, [], {}, 'es')).json().detail).toBe('Envíe al menos un archivo de lista.');

    const notList = await upload(admin, [{ name: 'prices.csv', content: 'date,price\n2026-01-01,70\n' }]);
    expect(notList.statusCode).toBe(400);
    expect(notList.json().detail).toMatch(/^This file is not a sanctions list FuelDesk can read: .*prices\.csv/);
    expect((await upload(admin, [{ name: 'prices.csv', content: 'a,b\n' }], {}, 'es')).json().detail).toMatch(/^Este archivo no es una lista de sanciones/);

    const badSource = await upload(admin, [{ name: 'x.csv', content: 'a' }], { source: 'interpol' });
    expect(badSource.json().detail).toBe('Unknown list. Choose OFAC SDN, OFAC consolidated, UN, EU, UK, Canada or Australia.');
  });

  it('refuses a cut-off list with 400 and keeps the stored one in use', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/screening/lists', headers: user })).json().lists.find((l: { source: string }) => l.source === 'uk_ofsi');
    const text = tinyUkOfsiCsv('27/11/2026');
    const cut = text.slice(0, text.lastIndexOf('Crude oil'));
    for (const lang of ['en', 'es'] as const) {
      const response = await upload(admin, [{ name: 'ConList.csv', content: cut }], {}, lang);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(
        lang === 'en' ? /^The UK HM Treasury \(OFSI\) file was refused and the stored list stays in use: / : /^Se rechazó el archivo de Tesoro del Reino Unido \(OFSI\) y se sigue usando la lista guardada: /,
      );
    }
    const after = (await t.app.inject({ method: 'GET', url: '/api/screening/lists', headers: user })).json().lists.find((l: { source: string }) => l.source === 'uk_ofsi');
    expect(after.version_id).toBe(before.version_id);
  });

  it('places a renamed OFAC file by the source the admin names', async () => {
    const sdn = readFileSync(path.join(sanctionsDataDir.sdnTiny, 'sdn.csv'));
    expect((await upload(admin, [{ name: 'export (3).csv', content: sdn }])).statusCode).toBe(400);
    const placed = await upload(admin, [{ name: 'export (3).csv', content: sdn }], { source: 'ofac_sdn' });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().imported[0]).toMatchObject({ source: 'ofac_sdn', name: 'OFAC SDN', status: 'stored' });
  });
});

describe('the CLI while the server holds the embedded database', () => {
  it('says in plain words what to do, never the raw lock error', async () => {
    const printed: string[] = [];
    const command = createSanctionsCommand({
      openRuntime: () => Promise.reject(new DatabaseLockedError('/data', { pid: 4242, started_at: '2026-11-28T03:00:00.000Z', command: 'node main.js', host: 'fueldesk' })),
      print: (line) => printed.push(line),
      printError: (line) => printed.push(line),
      progress: false,
    });
    const code = await command.run({ flags: {}, positional: ['import', 'sdn.csv'] });
    expect(code).toBe(3);
    const text = printed.join('\n');
    expect(text).toContain('The FuelDesk server (process 4242) is running on this embedded database');
    expect(text).toContain('Load list files');
    expect(text).not.toMatch(/DatabaseLockedError|lock file|EEXIST/);
    expect(serverIsRunning('update', null)).toMatch(/^A FuelDesk server is running/);
  });
});
