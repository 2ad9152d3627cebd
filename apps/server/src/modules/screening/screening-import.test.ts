import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/build-test-app';
import { openTestContext, useTestContext } from '../../../test/test-context';
import { sanctionsDataDir, tinyAuDfatXlsx, tinyUkOfsiCsv } from '../../../test/screening';
import type { AppContext } from '../../context';
import { createPostgresEventBus } from '../../integrations/events/event-bus';
import { importConfiguredSanctionsPaths, importSanctionsPaths, updateSanctionsFromPublishers } from './screening-import.service';
import { SANCTIONS_UPDATE_JOB } from './screening.jobs';
import { listDownloadStates, listSourceStatuses } from './screening.repository';
import { getScreeningStatus, screenNames } from './screening.service';

const countLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((line) => /^\d+,/.test(line)).length;

const entriesOf = async (ctx: AppContext, source: string) => (await getScreeningStatus(ctx)).lists.find((list) => list.source === source)?.entries;

describe('importing sanctions files', () => {
  const t = useTestContext();

  it('imports folders, counts every entry, skips the same list and an older one', async () => {
    const results = await importSanctionsPaths(t.ctx, [sanctionsDataDir.sdnTiny, sanctionsDataDir.consolidated]);
    expect(results.map((result) => [result.source, result.status])).toEqual(
      expect.arrayContaining([
        ['ofac_sdn', 'stored'],
        ['ofac_consolidated', 'stored'],
      ]),
    );
    const sdn = results.find((result) => result.source === 'ofac_sdn')!;
    expect(sdn.entries).toBe(countLines(path.join(sanctionsDataDir.sdnTiny, 'sdn.csv')));
    expect(await entriesOf(t.ctx, 'ofac_consolidated')).toBe(countLines(path.join(sanctionsDataDir.consolidated, 'cons_prim.csv')));

    const again = await importSanctionsPaths(t.ctx, [sanctionsDataDir.sdnTiny]);
    expect(again.map((result) => result.status)).toEqual(['unchanged']);

    // The full 2021 SDN list replaces the tiny one, then the tiny one (files no newer than what is stored) is skipped at start.
    const full = await importSanctionsPaths(t.ctx, [sanctionsDataDir.sdn]);
    expect(full[0]).toMatchObject({ source: 'ofac_sdn', status: 'stored', entries: countLines(path.join(sanctionsDataDir.sdn, 'sdn.csv')) });
    const older = await importSanctionsPaths(t.ctx, [sanctionsDataDir.sdnTiny], { onlyNewer: true });
    expect(older[0]!.status).toBe('older');
    expect(await entriesOf(t.ctx, 'ofac_sdn')).toBe(full[0]!.entries);
  });

  it('refuses a path that does not exist', async () => {
    await expect(importSanctionsPaths(t.ctx, ['/nonexistent/sanctions'])).rejects.toThrow(/no such file or folder/);
  });
});

describe('SANCTIONS_PATHS at start', () => {
  it('imports the configured folders once, and a bad path never stops the server', async () => {
    const t = await openTestContext({ env: { SANCTIONS_PATHS: `${sanctionsDataDir.sdnTiny},${sanctionsDataDir.un}` } });
    expect((await importConfiguredSanctionsPaths(t.ctx)).map((result) => [result.source, result.status])).toEqual([
      ['ofac_sdn', 'stored'],
      ['un', 'stored'],
    ]);
    expect((await importConfiguredSanctionsPaths(t.ctx)).map((result) => result.status)).toEqual(['unchanged', 'unchanged']);
    const broken = { ...t.ctx, config: { ...t.ctx.config, SANCTIONS_PATHS: ['/nonexistent/lists'] } };
    await expect(importConfiguredSanctionsPaths(broken)).resolves.toEqual([]);
    expect((await getScreeningStatus(t.ctx)).lists.map((list) => list.source)).toEqual(['ofac_sdn', 'un']);
  });
});

describe('two instances on one database', () => {
  const t = useTestContext({ eventBus: 'auto' });
  let second: AppContext;
  beforeAll(async () => {
    // A second instance: its own index and, on PostgreSQL, its own LISTEN connection; the same database.
    // (The embedded PGlite mode is one process: instances there share the in-memory bus.)
    const bus = testDb === 'postgres' ? createPostgresEventBus({ url: t.config.DATABASE_URL! }) : t.ctx.events;
    if ('ready' in bus) await (bus as { ready: Promise<void> }).ready;
    second = { ...t.ctx, events: bus };
  });
  // Registered after useTestContext: runs before the context closes.
  afterAll(async () => {
    if (second.events !== t.ctx.events) await second.events.close();
  });

  it('rebuilds the other instance’s index when one stores a new version', async () => {
    expect((await getScreeningStatus(second)).loaded).toBe(false);
    expect((await screenNames(second, [{ name: 'IRAN AIRCRAFT MANUFACTURING INDUSTRIAL COMPANY' }])).results[0]!.matches).toEqual([]);

    await importSanctionsPaths(t.ctx, [sanctionsDataDir.sdnTiny]);
    await expect.poll(async () => (await getScreeningStatus(second)).loaded, { timeout: 10_000 }).toBe(true);
    const { results } = await screenNames(second, [{ name: 'IRAN AIRCRAFT MANUFACTURING INDUSTRIAL COMPANY' }]);
    expect(results[0]!.matches[0]).toMatchObject({ entityId: 'ofac_sdn:11195', isMatch: true });
  });
});

const fixtureDir = path.join(__dirname, '../../../test/fixtures/sanctions');

/** The four newer lists' files, served beside OFAC's and the UN's. */
async function newerLists(): Promise<Map<string, Buffer>> {
  return new Map([
    ['/eu/export', readFileSync(path.join(fixtureDir, 'eu-fsf-export.xml'))],
    ['/uk/ConList.csv', Buffer.from(tinyUkOfsiCsv(), 'utf8')],
    ['/ca/sema-lmes.xml', readFileSync(path.join(sanctionsDataDir.sdn, '../canada-sema/sema-lmes_2020-04.xml'))],
    ['/au/regulation8_consolidated.xlsx', await tinyAuDfatXlsx()],
  ]);
}

const publisherEnv = (base: string) => ({
  SANCTIONS_SDN_URL: `${base}/sdn/`,
  SANCTIONS_CONSOLIDATED_URL: `${base}/cons/`,
  SANCTIONS_UN_URL: `${base}/un/consolidated.xml`,
  SANCTIONS_EU_URL: `${base}/eu/export?token=public`,
  SANCTIONS_UK_URL: `${base}/uk/ConList.csv`,
  SANCTIONS_CA_URL: `${base}/ca/sema-lmes.xml`,
  SANCTIONS_AU_URL: `${base}/au/regulation8_consolidated.xlsx`,
});

/** Serves the shared data files as the publishers would: ETag + Last-Modified, 304 on a match. */
function startPublisher(bodies: Map<string, Buffer> = new Map()) {
  const files = new Map<string, string>([
    ['/sdn/sdn.csv', path.join(sanctionsDataDir.sdn, 'sdn.csv')],
    ['/sdn/add.csv', path.join(sanctionsDataDir.sdn, 'add.csv')],
    ['/sdn/alt.csv', path.join(sanctionsDataDir.sdn, 'alt.csv')],
    ['/sdn/sdn_comments.csv', path.join(sanctionsDataDir.sdn, 'sdn_comments.csv')],
    ['/cons/cons_prim.csv', path.join(sanctionsDataDir.consolidated, 'cons_prim.csv')],
    ['/cons/cons_add.csv', path.join(sanctionsDataDir.consolidated, 'cons_add.csv')],
    ['/cons/cons_alt.csv', path.join(sanctionsDataDir.consolidated, 'cons_alt.csv')],
    ['/cons/cons_comments.csv', path.join(sanctionsDataDir.consolidated, 'cons_comments.csv')],
    ['/un/consolidated.xml', path.join(sanctionsDataDir.un, 'UN_consolidated.xml')],
  ]);
  const state = {
    /** Path → body that replaces the file (a truncated download). */
    overrides: new Map<string, Buffer>(),
    failing: new Set<string>(),
    requests: [] as { path: string; conditional: boolean; status: number }[],
  };
  const server = http.createServer((request, response) => {
    const url = (request.url ?? '').split('?')[0]!;
    const file = files.get(url);
    const inMemory = bodies.get(url);
    const conditional = request.headers['if-none-match'] !== undefined;
    const reply = (status: number, body?: Buffer, headers: Record<string, string> = {}) => {
      state.requests.push({ path: url, conditional, status });
      response.writeHead(status, headers);
      response.end(body);
    };
    if (!file && !inMemory) return reply(404);
    if (state.failing.has(url)) return reply(503);
    const body = state.overrides.get(url) ?? inMemory ?? readFileSync(file!);
    const etag = `"${body.length}-${state.overrides.has(url) ? 'override' : 'original'}"`;
    if (request.headers['if-none-match'] === etag) return reply(304, undefined, { etag });
    reply(200, body, { etag, 'last-modified': 'Wed, 07 Jul 2021 00:00:00 GMT', 'content-type': 'text/csv' });
  });
  return { server, state };
}

describe('downloading from the publishers', () => {
  let publisher: ReturnType<typeof startPublisher>;
  let base: string;

  beforeAll(async () => {
    publisher = startPublisher(await newerLists());
    await new Promise<void>((resolve) => publisher.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(publisher.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => publisher.server.close(resolve));
  });
  const t = useTestContext(() => ({ env: publisherEnv(base) }));

  it('stores every list, then asks conditionally and keeps the list on 304', async () => {
    const first = await updateSanctionsFromPublishers(t.ctx);
    expect(first.map((result) => [result.source, result.status])).toEqual([
      ['ofac_sdn', 'stored'],
      ['ofac_consolidated', 'stored'],
      ['un', 'stored'],
      ['eu_fsf', 'stored'],
      ['uk_ofsi', 'stored'],
      ['ca_sema', 'stored'],
      ['au_dfat', 'stored'],
    ]);
    const status = await getScreeningStatus(t.ctx);
    expect(status.lists.find((list) => list.source === 'ofac_sdn')).toMatchObject({
      entries: countLines(path.join(sanctionsDataDir.sdn, 'sdn.csv')),
      publishedAt: '2021-07-07T00:00:00.000Z',
    });
    expect(status.lists.find((list) => list.source === 'un')!.entries).toBe(730 + 273);
    // The publication date: the file's own (UN, EU, UK), else Last-Modified (OFAC, Canada's 2020 file, Australia).
    const dated = Object.fromEntries(status.lists.map((list) => [list.source, [list.publishedAt?.slice(0, 10) ?? null, list.publishedAtSource]]));
    expect(dated).toEqual({
      ofac_sdn: ['2021-07-07', 'http'],
      ofac_consolidated: ['2021-07-07', 'http'],
      un: ['2026-02-27', 'file'],
      eu_fsf: ['2026-11-20', 'file'],
      uk_ofsi: ['2026-11-20', 'file'],
      ca_sema: ['2021-07-07', 'http'],
      au_dfat: ['2021-07-07', 'http'],
    });

    publisher.state.requests.length = 0;
    const second = await updateSanctionsFromPublishers(t.ctx);
    expect(second.map((result) => result.status)).toEqual(Array(7).fill('not_modified'));
    expect(publisher.state.requests.every((request) => request.conditional && request.status === 304)).toBe(true);
    expect(publisher.state.requests).toHaveLength(13);
  }, 180_000);

  it('never replaces the stored list with a truncated download, and tries again next time', async () => {
    const before = await getScreeningStatus(t.ctx);
    const sdnBefore = before.lists.find((list) => list.source === 'ofac_sdn')!;
    const full = readFileSync(path.join(sanctionsDataDir.sdn, 'sdn.csv'));
    publisher.state.overrides.set('/sdn/sdn.csv', full.subarray(0, Math.floor(full.length * 0.3)));

    const [result] = await updateSanctionsFromPublishers(t.ctx, ['ofac_sdn']);
    expect(result!.status).toBe('refused');
    const after = (await getScreeningStatus(t.ctx)).lists.find((list) => list.source === 'ofac_sdn')!;
    expect(after).toEqual(sdnBefore);
    const states = await listDownloadStates(t.ctx.db);
    expect(states.find((state) => state.url.endsWith('/sdn/sdn.csv'))!.lastError).toBeTruthy();

    // The refused file's ETag was not kept: the next run downloads it again in full.
    publisher.state.requests.length = 0;
    await updateSanctionsFromPublishers(t.ctx, ['ofac_sdn']);
    expect(publisher.state.requests.find((request) => request.path === '/sdn/sdn.csv')).toMatchObject({ status: 200 });
    publisher.state.overrides.clear();
  });

  it('keeps the stored list when the publisher is down', async () => {
    const before = (await getScreeningStatus(t.ctx)).lists;
    publisher.state.failing.add('/un/consolidated.xml');
    const [result] = await updateSanctionsFromPublishers(t.ctx, ['un']);
    expect(result).toMatchObject({ source: 'un', status: 'failed', hadStoredList: true });
    expect(result!.error).toMatch(/503/);
    expect((await getScreeningStatus(t.ctx)).lists).toEqual(before);
    publisher.state.failing.clear();
  });
});

describe('the daily sanctions job', () => {
  let publisher: ReturnType<typeof startPublisher>;
  let base: string;

  beforeAll(async () => {
    publisher = startPublisher(await newerLists());
    await new Promise<void>((resolve) => publisher.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(publisher.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => publisher.server.close(resolve));
  });
  const t = useTestContext(() => ({ startJobs: true, env: publisherEnv(base) }));

  it('runs through the queue and loads every list', async () => {
    await t.ctx.jobs.send(SANCTIONS_UPDATE_JOB, {});
    const sources = ['ofac_sdn', 'ofac_consolidated', 'un', 'eu_fsf', 'uk_ofsi', 'ca_sema', 'au_dfat'] as const;
    // Each source: loaded in the screening index, else the error its last update recorded (so that a
    // run that fails says why: once, under heavy load, the UN list stayed out of the index).
    const loadedOrError = async () => {
      const loaded = new Set<string>((await getScreeningStatus(t.ctx)).lists.map((list) => list.source));
      const statuses = await listSourceStatuses(t.ctx.db);
      return Object.fromEntries(sources.map((source) => [source, loaded.has(source) ? 'loaded' : (statuses.get(source)?.lastError ?? 'not yet')]));
    };
    await expect.poll(loadedOrError, { timeout: 170_000 }).toEqual(Object.fromEntries(sources.map((source) => [source, 'loaded'])));
    expect((await getScreeningStatus(t.ctx)).lists.map((list) => list.source)).toEqual([...sources]);
  }, 180_000);
});
