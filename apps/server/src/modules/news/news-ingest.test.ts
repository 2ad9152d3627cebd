import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { newsArticles, newsFeeds } from '../../db/schema';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import { NEWS_INGEST_CRON, NEWS_INGEST_JOB } from './news.constants';
import { ingestNewsFeeds, translatePendingArticles } from './news-ingest.service';
import { registerNewsJobs } from './news.jobs';

/** A feed host on 127.0.0.1 whose documents and validators each test sets. */
class FeedHost {
  server: Server;
  base = '';
  requests: { url: string; ifNoneMatch?: string }[] = [];
  routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();

  constructor() {
    this.server = createServer((req, res) => {
      this.requests.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] as string | undefined });
      const route = this.routes.get(req.url ?? '');
      if (route) route(req, res);
      else res.writeHead(404).end('not found');
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Serves a document with an ETag and answers 304 to a matching If-None-Match. */
  serveWithEtag(path: string, etag: string, body: string, type = 'application/rss+xml') {
    this.routes.set(path, (req, res) => {
      if (req.headers['if-none-match'] === etag) res.writeHead(304, { etag }).end();
      else res.writeHead(200, { 'content-type': type, etag }).end(body);
    });
  }

  serve(path: string, status: number, body: string, type = 'application/xml') {
    this.routes.set(path, (_req, res) => res.writeHead(status, { 'content-type': type }).end(body));
  }

  url(path: string) {
    return `${this.base}${path}`;
  }
}

const rssItem = (fields: { title?: string; link?: string; guid?: string; description?: string; date?: string }) => `<item>
  ${fields.title !== undefined ? `<title><![CDATA[${fields.title}]]></title>` : ''}
  ${fields.link !== undefined ? `<link>${fields.link}</link>` : ''}
  ${fields.guid !== undefined ? `<guid isPermaLink="false">${fields.guid}</guid>` : ''}
  ${fields.description !== undefined ? `<description><![CDATA[${fields.description}]]></description>` : ''}
  <pubDate>${fields.date ?? 'Mon, 09 Nov 2026 10:00:00 GMT'}</pubDate>
</item>`;

const rss = (title: string, items: string[]) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title><link>https://wire.example.com/</link>${items.join('')}</channel></rss>`;

const oilFeedV1 = rss('Oil Wire', [
  rssItem({ title: 'OPEC+ extends crude cuts', link: 'https://wire.example.com/opec-cuts?utm_source=rss#top', guid: 'oil-1', description: '<p>Producers keep <b>output</b> low.</p><script>alert(1)</script>' }),
  rssItem({ title: 'EPA tightens refinery emissions rule', link: '/epa-rule', guid: 'oil-2', description: 'New rule for refiners.' }),
  rssItem({ title: 'Diesel futures rally', link: 'https://wire.example.com/diesel', guid: 'oil-3', description: '<img src="x" onerror="alert(1)">Prices up.' }),
  rssItem({ title: 'Item without any link', description: 'Cannot be stored.' }),
]);

const atomFeed = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">
  <title>Noticias de Energía</title><id>urn:energia</id><updated>2026-11-09T10:00:00Z</updated>
  <entry><title>Nuevos aranceles a los combustibles</title><id>urn:energia:1</id><link href="https://energia.example.org/aranceles"/>
    <updated>2026-11-09T09:00:00Z</updated><summary>El gobierno revisa los aranceles.</summary></entry>
  <entry><title>La OPEP mantiene la producción de crudo</title><id>urn:energia:2</id><link href="https://energia.example.org/opep"/>
    <published>not a date</published><summary type="html">&lt;p&gt;Sin cambios.&lt;/p&gt;</summary></entry>
</feed>`;

const ctxWith = (ctx: AppContext, config: Partial<Config>): AppContext => ({ ...ctx, config: { ...ctx.config, ...config } });

describe('news ingestion', () => {
  const host = new FeedHost();

  beforeAll(async () => {
    await host.start();
  });
  afterAll(async () => {
    await host.stop();
  });
  // Built after the feed host starts, closed before it stops.
  const t = useTestContext({ env: { NEWS_ALLOW_PRIVATE_FEEDS: 'true' } });
  beforeEach(() => {
    host.requests = [];
  });

  const listRows = () => t.ctx.db.select().from(newsArticles).orderBy(asc(newsArticles.id));

  it('reads good feeds, records the broken ones, and lets neither stop the others', async () => {
    host.serveWithEtag('/oil.xml', '"oil-v1"', oilFeedV1);
    host.serve('/broken.xml', 500, 'internal error');
    host.serve('/atom.xml', 200, atomFeed, 'application/atom+xml');
    host.serve('/page.html', 200, '<!doctype html><html><body>Not a feed</body></html>', 'text/html');
    const feeds = [
      { url: host.url('/broken.xml'), category: 'market' as const, language: null },
      { url: host.url('/oil.xml'), category: 'oil' as const, language: null },
      { url: host.url('/page.html'), category: 'market' as const, language: null },
      { url: host.url('/atom.xml'), category: 'market' as const, language: null },
    ];
    const run = await ingestNewsFeeds(t.ctx, { feeds, translator: null });

    expect(run.feeds.map(({ url, status, added, skipped }) => ({ url, status, added, skipped }))).toEqual([
      { url: host.url('/broken.xml'), status: 'error', added: 0, skipped: 0 },
      { url: host.url('/oil.xml'), status: 'ok', added: 3, skipped: 1 },
      { url: host.url('/page.html'), status: 'error', added: 0, skipped: 0 },
      { url: host.url('/atom.xml'), status: 'ok', added: 2, skipped: 0 },
    ]);
    expect(run.feeds[0]!.error).toMatch(/HTTP 500/);
    expect(run.feeds[2]!.error).toMatch(/not well-formed|neither an RSS nor an Atom/);

    const rows = await listRows();
    expect(rows.map((row) => [row.sourceUrl, row.category, row.language, row.sourceName])).toEqual([
      ['https://wire.example.com/opec-cuts', 'oil', 'en', 'Oil Wire'],
      [`${host.base}/epa-rule`, 'regulation', 'en', 'Oil Wire'],
      ['https://wire.example.com/diesel', 'market', 'en', 'Oil Wire'],
      ['https://energia.example.org/aranceles', 'regulation', 'es', 'Noticias de Energía'],
      ['https://energia.example.org/opep', 'oil', 'es', 'Noticias de Energía'],
    ]);
    expect(rows[0]!.slug).toBe('opec-extends-crude-cuts');
    expect(rows[0]!.bodyHtml).toBe('<p>Producers keep <b>output</b> low.</p>');
    expect(rows[2]!.bodyHtml).toBe('<img src="https://wire.example.com/x" />Prices up.');
    expect(rows.every((row) => !/script|onerror/.test(row.bodyHtml))).toBe(true);
    expect(rows[0]!.publishedAt.toISOString()).toBe('2026-11-09T10:00:00.000Z');
    // An unreadable date becomes the time of ingestion.
    expect(Math.abs(rows[4]!.publishedAt.getTime() - Date.now())).toBeLessThan(60 * 60_000);

    const states = await t.ctx.db.select().from(newsFeeds).orderBy(asc(newsFeeds.url));
    const byUrl = Object.fromEntries(states.map((state) => [state.url, state]));
    expect(byUrl[host.url('/oil.xml')]).toMatchObject({ etag: '"oil-v1"', lastStatus: 'ok', itemsAdded: 3 });
    expect(byUrl[host.url('/broken.xml')]).toMatchObject({ lastStatus: 'error', lastError: expect.stringContaining('HTTP 500') });
  });

  it('sends the stored ETag; a 304 changes nothing; a feed without validators only yields duplicates', async () => {
    const before = await listRows();
    const feeds = [
      { url: host.url('/oil.xml'), category: 'oil' as const, language: null },
      { url: host.url('/atom.xml'), category: 'market' as const, language: null },
    ];
    const run = await ingestNewsFeeds(t.ctx, { feeds, translator: null });
    expect(host.requests.find((request) => request.url === '/oil.xml')?.ifNoneMatch).toBe('"oil-v1"');
    expect(run.feeds.map(({ status, added, duplicates }) => ({ status, added, duplicates }))).toEqual([
      { status: 'not_modified', added: 0, duplicates: 0 },
      { status: 'ok', added: 0, duplicates: 2 },
    ]);
    expect(await listRows()).toEqual(before);
    const [oilState] = await t.ctx.db.select().from(newsFeeds).where(eq(newsFeeds.url, host.url('/oil.xml')));
    expect(oilState).toMatchObject({ etag: '"oil-v1"', lastStatus: 'not_modified' });
  });

  it('recognises an item seen in an earlier run by its guid or by its link', async () => {
    host.serveWithEtag(
      '/oil.xml',
      '"oil-v2"',
      rss('Oil Wire', [
        rssItem({ title: 'OPEC+ extends crude cuts (updated)', link: 'https://wire.example.com/opec-cuts-updated', guid: 'oil-1' }),
        rssItem({ title: 'Diesel futures rally', link: 'https://wire.example.com/diesel', guid: 'a-new-guid' }),
        rssItem({ title: 'Refinery fire in Texas', link: 'https://wire.example.com/refinery-fire', guid: 'oil-4' }),
        rssItem({ title: 'Refinery fire in Texas', link: 'https://wire.example.com/refinery-fire-2', guid: 'oil-5' }),
      ]),
    );
    const run = await ingestNewsFeeds(t.ctx, { feeds: [{ url: host.url('/oil.xml'), category: 'market', language: null }], translator: null });
    expect(run.feeds[0]).toMatchObject({ status: 'ok', added: 2, duplicates: 2 });
    const rows = await listRows();
    expect(rows).toHaveLength(7);
    expect(rows.slice(-2).map((row) => row.slug)).toEqual(['refinery-fire-in-texas', 'refinery-fire-in-texas-2']);
    expect(rows.find((row) => row.guid === 'oil-1')?.title).toBe('OPEC+ extends crude cuts');
  });

  it('refuses a feed on a private address unless NEWS_ALLOW_PRIVATE_FEEDS is true', async () => {
    host.serve('/private.xml', 200, rss('Private', [rssItem({ title: 'Secret', link: 'https://intranet.example.com/secret' })]));
    const strict = ctxWith(t.ctx, { NEWS_ALLOW_PRIVATE_FEEDS: false });
    const run = await ingestNewsFeeds(strict, { feeds: [{ url: host.url('/private.xml'), category: 'oil', language: null }], translator: null });
    expect(run.feeds[0]).toMatchObject({ status: 'error', added: 0, error: expect.stringContaining('private or loopback') });
    expect(host.requests).toHaveLength(0);
    expect((await listRows()).some((row) => row.title === 'Secret')).toBe(false);
  });

  describe('translation through an OpenAI-compatible endpoint', () => {
    const llm = new FeedHost();
    let llmCalls: { title: string; summary: string }[] = [];
    let llmFails = false;

    beforeAll(async () => {
      llm.routes.set('/v1/chat/completions', (req, res) => {
        let raw = '';
        req.on('data', (chunk) => (raw += chunk));
        req.on('end', () => {
          const body = JSON.parse(raw) as { messages: { content: string }[] };
          const input = JSON.parse(body.messages[1]!.content) as { title: string; summary: string };
          llmCalls.push(input);
          if (llmFails) {
            res.writeHead(503).end('{}');
            return;
          }
          const content = JSON.stringify({ title: `ES: ${input.title}`, summary: input.summary ? `ES: ${input.summary}` : '' });
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content } }] }));
        });
      });
      await llm.start();
    });
    afterAll(() => llm.stop());

    it('translates new articles at ingest, caches the result, and the API shows it in the asked language', async () => {
      llmCalls = [];
      llmFails = false;
      host.serve('/fresh.xml', 200, rss('Fresh Wire', [rssItem({ title: 'Gasoline demand slips', link: 'https://wire.example.com/gasoline-demand', description: 'Drivers cut back.' })]));
      const withLlm = ctxWith(t.ctx, { LLM_BASE_URL: `${llm.base}/v1`, LLM_MODEL: 'fake', LLM_API_KEY: 'k' });
      const run = await ingestNewsFeeds(withLlm, { feeds: [{ url: host.url('/fresh.xml'), category: 'market', language: null }] });
      expect(run.feeds[0]).toMatchObject({ added: 1, translated: 1 });
      const [row] = await t.ctx.db.select().from(newsArticles).where(eq(newsArticles.sourceUrl, 'https://wire.example.com/gasoline-demand'));
      expect(row!.translations).toEqual({ es: { title: 'ES: Gasoline demand slips', summary: 'ES: Drivers cut back.' } });
      // The earlier, untranslated articles are the backlog: translated in the same run.
      expect(run.backlogTranslated).toBe(7);

      const callsBefore = llmCalls.length;
      await ingestNewsFeeds(withLlm, { feeds: [{ url: host.url('/fresh.xml'), category: 'market', language: null }] });
      expect(llmCalls.length).toBe(callsBefore);

      const { headers } = await createSignedInUser(t.ctx);
      const response = await t.app.inject({ method: 'GET', url: `/api/news/${row!.id}?lang=es`, headers });
      expect(response.json()).toMatchObject({ title: 'Gasoline demand slips', display_title: 'ES: Gasoline demand slips', display_language: 'es' });
      const spanishOriginal = (await listRows()).find((article) => article.language === 'es')!;
      expect(spanishOriginal.translations.en?.title).toMatch(/^ES: /);
    });

    it('keeps an article untranslated when the model fails, and retries it only after a pause', async () => {
      llmFails = true;
      host.serve('/late.xml', 200, rss('Late Wire', [rssItem({ title: 'Sanctions widen', link: 'https://wire.example.com/sanctions-widen' })]));
      const withLlm = ctxWith(t.ctx, { LLM_BASE_URL: `${llm.base}/v1`, LLM_MODEL: 'fake' });
      const run = await ingestNewsFeeds(withLlm, { feeds: [{ url: host.url('/late.xml'), category: 'regulation', language: null }] });
      expect(run.feeds[0]).toMatchObject({ added: 1, translated: 0 });
      const [row] = await t.ctx.db.select().from(newsArticles).where(eq(newsArticles.sourceUrl, 'https://wire.example.com/sanctions-widen'));
      expect(row!.translations).toEqual({});
      expect(row!.translationFailedAt).not.toBeNull();

      llmFails = false;
      expect(await translatePendingArticles(withLlm)).toBe(0);
      t.setNow(new Date(Date.now() + 7 * 60 * 60_000));
      try {
        expect(await translatePendingArticles(withLlm)).toBe(1);
      } finally {
        t.setNow(null);
      }
      const [after] = await t.ctx.db.select().from(newsArticles).where(eq(newsArticles.id, row!.id));
      expect(after!.translations.es?.title).toBe('ES: Sanctions widen');
    });
  });
});

describe('the ingestion job on the queue', () => {
  const host = new FeedHost();

  beforeAll(async () => {
    await host.start();
    host.serve('/queued.xml', 200, rss('Queue Wire', [rssItem({ title: 'Brent crude edges up', link: 'https://wire.example.com/brent-up' })]));
  });
  afterAll(async () => {
    await host.stop();
  });
  // Built once the feed host listens (its URL is the feed), closed before it stops.
  const t = useTestContext(() => ({
    startJobs: true,
    env: { NEWS_ALLOW_PRIVATE_FEEDS: 'true', NEWS_FEEDS: `${host.url('/queued.xml')}|market` },
  }));

  it('runs when an administrator asks for it and reads NEWS_FEEDS', async () => {
    const admin = await createSignedInUser(t.ctx, { role: 'admin' });
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/news/ingest', headers: admin.headers });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ queued: true, job_id: expect.any(String) });
    await vi.waitFor(
      async () => {
        const rows = await t.ctx.db.select({ title: newsArticles.title, category: newsArticles.category }).from(newsArticles);
        expect(rows).toEqual([{ title: 'Brent crude edges up', category: 'oil' }]);
      },
      { timeout: 20_000, interval: 200 },
    );
    const readStatus = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/news/feeds', headers: admin.headers })).json().feeds[0];
    await expect.poll(readStatus, { timeout: 10_000 }).toMatchObject({ url: host.url('/queued.xml'), last_status: 'ok', items_added: 1 });
  });
});

describe('news job registration', () => {
  function captureDefinitions(config: Partial<Config>) {
    const definitions: JobDefinition[] = [];
    const queue = { define: (definition: JobDefinition) => definitions.push(definition) } as unknown as JobQueue;
    registerNewsJobs({ config: { NEWS_ALLOW_PRIVATE_FEEDS: false, ...config } as Config, jobs: queue } as AppContext);
    return definitions;
  }

  it('schedules the ingestion every 30 minutes only when feeds are configured', () => {
    expect(captureDefinitions({ NEWS_FEEDS: 'https://wire.example.com/feed.xml|oil' }).find((job) => job.name === NEWS_INGEST_JOB)?.cron).toBe(
      NEWS_INGEST_CRON,
    );
    expect(NEWS_INGEST_CRON).toBe('*/30 * * * *');
    expect(captureDefinitions({}).find((job) => job.name === NEWS_INGEST_JOB)?.cron).toBeUndefined();
  });
});
