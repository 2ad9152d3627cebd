import type { NewsArticle, NewsListResponse } from '@fueldesk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import { demoArticles } from './news.demo-articles';
import { newsSeeder } from './news.seed';

describe('news API', () => {
  const t = useTestContext({ env: { NEWS_FEEDS: 'https://wire.example.com/oil.xml|oil, https://energia.example.org/feed|regulation|es' } });
  let user: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    await newsSeeder.run(t.ctx);
    user = (await createSignedInUser(t.ctx)).headers;
    admin = (await createSignedInUser(t.ctx, { role: 'admin' })).headers;
  });

  const list = async (query: string, headers = user) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/news${query}`, headers });
    return { status: response.statusCode, body: response.json() as NewsListResponse & { detail?: string; code?: string; fields?: Record<string, string> } };
  };

  describe('demo seed', () => {
    it('loads 12–20 labelled demo articles across the three sections, once', async () => {
      await newsSeeder.run(t.ctx);
      const { body } = await list('?page_size=100');
      expect(body.total).toBe(demoArticles.length);
      expect(body.total).toBeGreaterThanOrEqual(12);
      expect(body.total).toBeLessThanOrEqual(20);
      expect(body.items.every((item) => item.is_demo && item.language === 'en' && item.translations.es?.title)).toBe(true);
      expect(new Set(body.items.map((item) => item.category))).toEqual(new Set(['oil', 'market', 'regulation']));
    });

    it("leaves the demo disclaimer to the page (once, in the reader's language), not in each body", () => {
      for (const article of demoArticles) expect(article.bodyHtml, article.slug).not.toMatch(/demo article|illustrative/i);
    });
  });

  describe('reading', () => {
    it('needs a signed-in user who is not a restricted cliente', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/news' })).statusCode).toBe(401);
      const cliente = await createSignedInUser(t.ctx, { role: 'cliente' });
      expect((await list('', cliente.headers)).status).toBe(403);
    });

    it('lists newest first, ten per page by default', async () => {
      const { status, body } = await list('');
      expect(status).toBe(200);
      expect(body).toMatchObject({ page: 1, page_size: 10, total: 15, total_pages: 2 });
      expect(body.items).toHaveLength(10);
      const dates = body.items.map((item) => item.published_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(body.items[0]!.slug).toBe('demo-opec-keeps-output-targets-unchanged');
      expect(body.items[0]).not.toHaveProperty('body_html');
    });

    it('pages through the list, past the end gives an empty page', async () => {
      const second = await list('?page=2&page_size=10');
      expect(second.body.items).toHaveLength(5);
      const first = await list('?page=1&page_size=10');
      const ids = new Set([...first.body.items, ...second.body.items].map((item) => item.id));
      expect(ids.size).toBe(15);
      const beyond = await list('?page=9&page_size=25');
      expect(beyond.status).toBe(200);
      expect(beyond.body).toMatchObject({ items: [], total: 15, total_pages: 1, page: 9 });
    });

    it('filters by category', async () => {
      const { body } = await list('?category=regulation&page_size=100');
      expect(body.total).toBe(5);
      expect(body.items.every((item) => item.category === 'regulation')).toBe(true);
      const cleared = await list('?category=&q=');
      expect(cleared.body.total).toBe(15);
    });

    it.each([
      ['sanctions', 'demo-new-sanctions-target-shadow-tanker-fleet'],
      ['refineries', 'demo-gulf-coast-refinery-restarts-crude-unit'],
      ['Diesel FUTURES', 'demo-diesel-futures-climb-on-cold-forecast'],
      ['opec', 'demo-opec-keeps-output-targets-unchanged'],
      ['propa', 'demo-propane-inventories-above-average'],
      ['aranceles', 'demo-tariff-review-on-refined-products'],
      ['petroleros', 'demo-new-sanctions-target-shadow-tanker-fleet'],
      ['FuelDesk due diligence', 'demo-new-sanctions-target-shadow-tanker-fleet'],
    ])('finds "%s" with full-text search', async (q, slug) => {
      const { status, body } = await list(`?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(body.items[0]?.slug).toBe(slug);
    });

    it('combines search with the category filter and counts only the matches', async () => {
      const { body } = await list('?q=crude&category=oil');
      expect(body.total).toBeGreaterThan(0);
      expect(body.items.every((item) => item.category === 'oil')).toBe(true);
      const none = await list('?q=crude&category=regulation');
      expect(none.body).toMatchObject({ total: 0, items: [], total_pages: 0 });
    });

    it('treats search operators and quotes as plain words', async () => {
      for (const q of ["'); drop table news_articles; --", 'crude & | ! :* <->', '"unterminated', '!!!']) {
        const { status } = await list(`?q=${encodeURIComponent(q)}`);
        expect(status).toBe(200);
      }
      expect((await list('?q=xyzzyplugh')).body.total).toBe(0);
    });

    it('shows the title and summary in the asked language when a translation exists', async () => {
      const spanish = await list('?lang=es&category=oil&page_size=1');
      expect(spanish.body.items[0]).toMatchObject({
        title: 'OPEC+ keeps output targets unchanged at monthly review',
        display_title: 'La OPEP+ mantiene sin cambios sus objetivos de producción en la revisión mensual',
        display_language: 'es',
      });
      const english = await list('?lang=en&category=oil&page_size=1');
      expect(english.body.items[0]).toMatchObject({ display_title: english.body.items[0]!.title, display_language: 'en' });
    });

    it.each([
      ['?category=gas', 'category', 'Unknown category. Use oil, market or regulation.'],
      ['?category=OIL', 'category', 'Unknown category. Use oil, market or regulation.'],
      ['?page=0', 'page', 'Page must be a whole number from 1 to 10000.'],
      ['?page=-1', 'page', 'Page must be a whole number from 1 to 10000.'],
      ['?page=abc', 'page', 'Page must be a whole number from 1 to 10000.'],
      ['?page=1.5', 'page', 'Page must be a whole number from 1 to 10000.'],
      ['?page=99999999999999999999', 'page', 'Page must be a whole number from 1 to 10000.'],
      ['?page=1&page=2', 'page', 'Page must be a whole number from 1 to 10000.'],
      ['?page_size=0', 'page_size', 'Rows per page must be a whole number from 1 to 100.'],
      ['?page_size=101', 'page_size', 'Rows per page must be a whole number from 1 to 100.'],
      ['?lang=fr', 'lang', 'Language must be en or es.'],
      [`?q=${'a'.repeat(201)}`, 'q', 'Search text must be at most 200 characters.'],
    ])('answers 400 for %s with a clear message', async (query, field, message) => {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.fields?.[field]).toBe(message);
    });

    it('opens an article by numeric id and by slug, with its sanitized body', async () => {
      const { body } = await list('?q=sanctions');
      const summary = body.items[0]!;
      const byId = await t.app.inject({ method: 'GET', url: `/api/news/${summary.id}?lang=es`, headers: user });
      expect(byId.statusCode).toBe(200);
      const article = byId.json() as NewsArticle;
      expect(article).toMatchObject({ id: summary.id, slug: summary.slug, is_demo: true, display_language: 'es' });
      expect(article.body_html).toContain('<p>');
      const bySlug = await t.app.inject({ method: 'GET', url: `/api/news/slug/${summary.slug}`, headers: user });
      expect(bySlug.json()).toMatchObject({ id: summary.id, body_html: article.body_html });
    });

    it('answers 404 with a clear message for a missing article and 400 for a malformed id or slug', async () => {
      for (const url of ['/api/news/999999', '/api/news/slug/no-such-article']) {
        const response = await t.app.inject({ method: 'GET', url, headers: user });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', detail: 'Article not found.', key: 'news.notFound' });
      }
      for (const url of ['/api/news/abc', '/api/news/0', '/api/news/99999999999', '/api/news/1e3', '/api/news/slug/Bad_Slug', '/api/news/slug/a--b']) {
        const response = await t.app.inject({ method: 'GET', url, headers: user });
        expect(response.statusCode, url).toBe(400);
      }
    });
  });

  describe('admin', () => {
    const validBody = {
      title: 'Refinery strike ends after two weeks',
      summary: 'Workers return as the plant restarts.',
      body_html: '<p onclick="x()">Workers are back.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="/plant.jpg" alt="plant">',
      category: 'oil',
      source_name: 'Wire',
      source_url: 'https://wire.example.com/strike-ends?utm_medium=email#comments',
      language: 'en',
      published_at: '2026-11-10T07:00:00Z',
    };

    it('refuses writes by anyone but an administrator', async () => {
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/news', payload: validBody });
      expect(anonymous.statusCode).toBe(401);
      for (const url of ['/api/admin/news']) {
        const response = await t.app.inject({ method: 'POST', url, payload: validBody, headers: user });
        expect(response.statusCode).toBe(403);
      }
      expect((await t.app.inject({ method: 'PATCH', url: '/api/admin/news/1', payload: { title: 'x' }, headers: user })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/news/1', headers: user })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/news/feeds', headers: user })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/news/ingest', headers: user })).statusCode).toBe(403);
      expect((await list('')).body.total).toBe(15);
    });

    it('creates, edits and deletes an article', async () => {
      const created = await t.app.inject({ method: 'POST', url: '/api/admin/news', payload: validBody, headers: admin });
      expect(created.statusCode).toBe(201);
      const article = created.json() as NewsArticle;
      expect(article).toMatchObject({
        slug: 'refinery-strike-ends-after-two-weeks',
        source_url: 'https://wire.example.com/strike-ends',
        is_demo: false,
        published_at: '2026-11-10T07:00:00.000Z',
        translations: {},
      });
      expect(article.body_html).toBe(
        '<p>Workers are back.</p><a rel="noopener noreferrer nofollow" target="_blank">x</a><img src="https://wire.example.com/plant.jpg" alt="plant" />',
      );

      const again = await t.app.inject({ method: 'POST', url: '/api/admin/news', payload: validBody, headers: admin });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'CONFLICT', detail: 'An article with this source URL already exists.' });
      const sameSlug = await t.app.inject({
        method: 'POST',
        url: '/api/admin/news',
        payload: { ...validBody, source_url: 'https://wire.example.com/other', slug: article.slug },
        headers: admin,
      });
      expect(sameSlug.statusCode).toBe(409);
      expect(sameSlug.json()).toMatchObject({ detail: 'An article with this slug already exists.' });
      const sameTitle = await t.app.inject({
        method: 'POST',
        url: '/api/admin/news',
        payload: { ...validBody, source_url: 'https://wire.example.com/other' },
        headers: admin,
      });
      expect(sameTitle.json()).toMatchObject({ slug: 'refinery-strike-ends-after-two-weeks-2' });

      const translated = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/news/${article.id}`,
        payload: { translations: { es: { title: 'Termina la huelga en la refinería', summary: 'Los trabajadores vuelven.' } } },
        headers: admin,
      });
      expect(translated.json()).toMatchObject({ translations: { es: { title: 'Termina la huelga en la refinería' } } });
      const retitled = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/news/${article.id}`,
        payload: { title: 'Refinery strike ends', category: 'market' },
        headers: admin,
      });
      expect(retitled.statusCode).toBe(200);
      expect(retitled.json()).toMatchObject({ title: 'Refinery strike ends', category: 'market', slug: article.slug, translations: {} });

      const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/news/${article.id}`, headers: admin });
      expect(removed.statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: `/api/news/${article.id}`, headers: user })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/news/${article.id}`, headers: admin })).statusCode).toBe(404);
    });

    it.each([
      [{ ...validBody, source_url: 'javascript:alert(1)' }, 'source_url', 'Source URL must be an http:// or https:// address.'],
      [{ ...validBody, title: '   ' }, 'title', 'Title is required.'],
      [{ ...validBody, category: 'gas' }, 'category', 'Unknown category. Use oil, market or regulation.'],
      [{ ...validBody, image_url: 'http://cdn.example.com/a.jpg' }, 'image_url', 'Image URL must be an https:// address.'],
      [{ ...validBody, published_at: 'yesterday' }, 'published_at', 'Publication date must be an ISO 8601 date and time.'],
      [{ ...validBody, slug: 'Not A Slug' }, 'slug', 'A slug contains only lowercase letters, digits and single hyphens.'],
    ])('rejects a bad article with a 400 naming the field (%#)', async (payload, field, message) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/news', payload, headers: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[field]).toBe(message);
    });

    it('answers 400 for an empty change and 404 for a missing article', async () => {
      const empty = await t.app.inject({ method: 'PATCH', url: '/api/admin/news/1', payload: {}, headers: admin });
      expect(empty.statusCode).toBe(400);
      const missing = await t.app.inject({ method: 'PATCH', url: '/api/admin/news/999999', payload: { title: 'x' }, headers: admin });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toBe('Article not found.');
    });

    it('lists the configured feeds for administrators', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/news/feeds', headers: admin });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        translation_enabled: false,
        feeds: [
          { url: 'https://wire.example.com/oil.xml', category: 'oil', language: null, last_fetched_at: null, last_status: null, last_error: null, items_added: 0 },
          { url: 'https://energia.example.org/feed', category: 'regulation', language: 'es', last_fetched_at: null, last_status: null, last_error: null, items_added: 0 },
        ],
      });
    });
  });
});
