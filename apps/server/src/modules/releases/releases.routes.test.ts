import { beforeEach, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import { eq } from 'drizzle-orm';
import { releases } from '../../db/schema';
import { fuelDeskReleases, releasesSeeder } from './releases.seed';

const release = {
  title: 'Price alerts',
  version: '0.2.0',
  type: 'minor',
  description: 'Alerts when a product moves more than a threshold.',
  sections: [{ title: 'New', items: ['Threshold alerts by email.', ' '] }],
};

describe('/api/releases', () => {
  const t = useTestContext();

  beforeEach(async () => {
    await t.ctx.db.delete(releases);
    t.setNow(null);
  });

  it('lets only admins publish (anonymous 401, user 403, cliente 403, admin 201, superadmin 201)', async () => {
    t.setNow(new Date('2026-12-01T10:00:00Z'));
    const user = await createSignedInUser(t.ctx, { role: 'user' });
    const cliente = await createSignedInUser(t.ctx, { role: 'cliente' });
    const admin = await createSignedInUser(t.ctx, { role: 'admin' });
    const superadmin = await createSignedInUser(t.ctx, { role: 'user', isSuperadmin: true });
    const publish = (payload: object, headers?: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/releases', payload, headers });

    expect((await publish(release)).statusCode).toBe(401);
    expect((await publish(release, user.headers)).statusCode).toBe(403);
    expect((await publish(release, cliente.headers)).statusCode).toBe(403);
    expect(await t.ctx.db.$count(releases)).toBe(0);

    const created = await publish(release, admin.headers);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Price alerts',
      version: '0.2.0',
      type: 'minor',
      sections: [{ title: 'New', items: ['Threshold alerts by email.'] }],
      released_at: '2026-12-01T10:00:00.000Z',
    });
    expect((await publish({ ...release, version: '0.2.1', type: 'patch' }, superadmin.headers)).statusCode).toBe(201);
  });

  it('lists releases newest first for any signed-in user, not for anonymous visitors', async () => {
    t.setNow(new Date('2026-12-01T00:00:00Z'));
    const admin = await createSignedInUser(t.ctx, { role: 'admin' });
    const user = await createSignedInUser(t.ctx);
    for (const [version, at] of [['1.0.0', '2026-12-01T00:01:00Z'], ['1.1.0', '2026-12-01T00:05:00Z'], ['1.0.1', '2026-12-01T00:03:00Z']] as const) {
      t.setNow(new Date(at));
      const response = await t.app.inject({ method: 'POST', url: '/api/releases', payload: { ...release, version }, headers: admin.headers });
      expect(response.statusCode).toBe(201);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/releases' })).statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/api/releases', headers: user.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((item: { version: string }) => item.version)).toEqual(['1.1.0', '1.0.1', '1.0.0']);
  });

  it('validates the version and the sections (SPEC.md §5) and refuses a version published twice', async () => {
    const admin = await createSignedInUser(t.ctx, { role: 'admin' });
    const publish = (payload: object) => t.app.inject({ method: 'POST', url: '/api/releases', payload, headers: admin.headers });

    const badVersion = await publish({ ...release, version: 'v2.0-beta' });
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json().fields).toEqual({ version: 'Use digits and dots only, for example 1.2.0.' });

    const noSections = await publish({ ...release, sections: [] });
    expect(noSections.json().fields).toEqual({ sections: 'Add at least one section with a title and items.' });

    const emptyItems = await publish({ ...release, sections: [{ title: 'New', items: [] }] });
    expect(emptyItems.json().fields).toEqual({ 'sections.0.items': 'Each section needs at least one item.' });

    const badType = await publish({ ...release, type: 'hotfix' });
    expect(badType.json().fields).toEqual({ type: 'Please select an option.' });
    expect(await t.ctx.db.$count(releases)).toBe(0);

    expect((await publish(release)).statusCode).toBe(201);
    const duplicate = await publish({ ...release, title: 'Again' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'CONFLICT', fields: { version: 'Version 0.2.0 has already been published.' } });
    expect(await t.ctx.db.$count(releases)).toBe(1);
  });

  it('seeds FuelDesk’s own releases once, however often the seeder runs', async () => {
    await releasesSeeder.run(t.ctx);
    await releasesSeeder.run(t.ctx);
    expect(await t.ctx.db.$count(releases)).toBe(fuelDeskReleases.length);
    const user = await createSignedInUser(t.ctx);
    const list = await t.app.inject({ method: 'GET', url: '/api/releases', headers: user.headers });
    expect(list.json()[0]).toMatchObject({ version: '0.2.1', title: 'Administration and speed', type: 'patch' });
    expect(list.json()[1]).toMatchObject({ version: '0.2.0', title: 'Counterparty checks', type: 'minor' });
    expect(list.json()[2]).toMatchObject({ version: '0.1.0', title: 'Beta launch', type: 'minor' });
  });

  it('answers in the caller’s language: Spanish seeded notes for Spanish, English for English, English for a release without Spanish', async () => {
    await releasesSeeder.run(t.ctx);
    t.setNow(new Date('2026-12-01T10:00:00Z'));
    const admin = await createSignedInUser(t.ctx, { role: 'admin' });
    expect((await t.app.inject({ method: 'POST', url: '/api/releases', payload: { ...release, version: '0.3.0' }, headers: admin.headers })).statusCode).toBe(201);
    const list = (language?: string) =>
      t.app.inject({ method: 'GET', url: '/api/releases', headers: { ...admin.headers, ...(language ? { 'accept-language': language } : {}) } });

    const spanish = await list('es-ES,es;q=0.9,en;q=0.8');
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers.vary).toMatch(/accept-language/i);
    const es = spanish.json();
    expect(es.map((item: { version: string }) => item.version)).toEqual(['0.3.0', '0.2.1', '0.2.0', '0.1.0', '0.0.2', '0.0.1']);
    expect(es[0]).toMatchObject({ title: 'Price alerts', language: 'en', sections: [{ title: 'New', items: ['Threshold alerts by email.'] }] });
    expect(es[1]).toMatchObject({ version: '0.2.1', title: 'Administración y velocidad', language: 'es' });
    expect(es[2]).toMatchObject({ version: '0.2.0', title: 'Comprobación de contrapartes', language: 'es' });
    expect(es[2].sections[0]).toEqual(fuelDeskReleases.find((item) => item.version === '0.2.0')!.translations.es.sections[0]);
    expect(es[3]).toMatchObject({ title: 'Lanzamiento de la beta', description: expect.stringContaining('comerciantes y distribuidores') });
    expect(es[3].sections.map((section: { title: string }) => section.title)).toEqual(['Inteligencia de mercado', 'Ayuda', 'Aún no disponible']);

    for (const language of ['en-US,en;q=0.9', undefined]) {
      const en = (await list(language)).json();
      expect(en[2]).toMatchObject({ version: '0.2.0', title: 'Counterparty checks', language: 'en' });
      expect(en[3].sections[0]).toEqual({ title: 'Market intelligence', items: fuelDeskReleases.find((item) => item.version === '0.1.0')!.sections[0]!.items });
    }
  });

  it('gives every seeded release a complete Spanish text: same number of sections and items, none left in English', () => {
    for (const { version, title, description, sections, translations } of fuelDeskReleases) {
      const es = translations.es;
      expect(es.title, version).not.toBe(title);
      expect(es.description, version).not.toBe(description);
      expect(es.sections.map((section) => section.items.length), version).toEqual(sections.map((section) => section.items.length));
      sections.forEach((section, index) => {
        expect(es.sections[index]!.title, `${version} ${section.title}`).not.toBe(section.title);
        section.items.forEach((item, itemIndex) => expect(es.sections[index]!.items[itemIndex], item).not.toBe(item));
      });
      expect(JSON.stringify(es), version).not.toMatch(/(?<!\p{L})(tú|tu|tus|te|ti|puedes|tienes)(?!\p{L})/iu);
    }
  });

  it('adds the Spanish text to seeded rows stored before it existed, keeps a stored translation and leaves another release of the same version alone', async () => {
    const [older, other, ...rest] = fuelDeskReleases;
    const stored = { title: 'Título guardado', description: 'Descripción guardada.', sections: [{ title: 'Guardado', items: ['Elemento'] }] };
    const { translations: _olderEs, ...olderEnglish } = older!;
    await t.ctx.db.insert(releases).values({ ...olderEnglish, createdAt: new Date() });
    await t.ctx.db.insert(releases).values({ ...other!, title: 'An admin’s own release', translations: null, createdAt: new Date() });
    await t.ctx.db.insert(releases).values({ ...rest[0]!, translations: { es: stored }, createdAt: new Date() });

    await releasesSeeder.run(t.ctx);
    await releasesSeeder.run(t.ctx);

    const byVersion = async (version: string) => (await t.ctx.db.select().from(releases).where(eq(releases.version, version)))[0]!;
    expect(await t.ctx.db.$count(releases)).toBe(fuelDeskReleases.length);
    expect((await byVersion(older!.version)).translations).toEqual(older!.translations);
    expect((await byVersion(other!.version)).translations).toBeNull();
    expect((await byVersion(rest[0]!.version)).translations).toEqual({ es: stored });
    expect((await byVersion(rest[1]!.version)).translations).toEqual(rest[1]!.translations);
  });

  it('claims nothing the product did not do at the time: before 0.2.0, due diligence and bank connection only as not yet available', () => {
    for (const release of fuelDeskReleases.filter((item) => item.version < '0.2.0')) {
      for (const section of release.sections) {
        const claims = section.items.filter((item) => /due diligence|bank connection|identity verification|data.sharing/i.test(item));
        if (section.title !== 'Not yet available') expect(claims, `${release.version} ${section.title}`).toEqual([]);
      }
    }
  });

  it('backs the 0.2.0 notes with working endpoints: screening, due diligence and data sharing answer (401 signed out, not 404)', async () => {
    expect(fuelDeskReleases.map((release) => release.version)).toContain('0.2.0');
    for (const [method, url] of [
      ['GET', '/api/screening/lists'],
      ['GET', '/api/due/reports'],
      ['GET', '/api/sharing/invitations'],
      ['GET', '/api/bank/accounts'],
    ] as const) {
      const answer = await t.app.inject({ method, url });
      expect(answer.statusCode, url).toBe(401);
    }
  });

  it('backs the 0.2.1 notes with working endpoints: the admin inbox and the import history answer (401 signed out, not 404)', async () => {
    expect(fuelDeskReleases.map((release) => release.version)).toContain('0.2.1');
    for (const url of ['/api/admin/inbox', '/api/admin/price-imports']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(401);
    }
    const query = await t.app.inject({ method: 'GET', url: '/api/prices/history?max_points=64' });
    expect(query.statusCode).toBe(401);
  });
});
