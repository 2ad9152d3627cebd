import { SCREENING_BATCH_MAX, SCREENING_NAME_MAX, screeningMessages } from '@fueldesk/contracts';
import { en, es as spanishOf } from '../../../test/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import { loadTinySanctionsList } from '../../../test/screening';
import { getScreeningStatus, screenNames } from './screening.service';

type Headers = Record<string, string>;

describe('/api/screening', () => {
  const t = useTestContext();
  let user: Headers;
  let admin: Headers;

  beforeAll(async () => {
    user = (await createSignedInUser(t.ctx)).headers;
    admin = (await createSignedInUser(t.ctx, { role: 'admin' })).headers;
  });

  const get = (url: string, headers: Headers = user) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers: Headers = user) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('needs a signed-in user or admin; a cliente gets 403', async () => {
    const cliente = (await createSignedInUser(t.ctx, { role: 'cliente' })).headers;
    for (const [method, url] of [
      ['GET', '/api/screening/lists'],
      ['GET', '/api/screening/search?q=acme'],
      ['POST', '/api/screening/batch'],
      ['POST', '/api/screening/compare'],
      ['GET', '/api/screening/entities/ofac_sdn:90001'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method, url, headers: cliente, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(403);
    }
    expect((await get('/api/screening/lists', admin)).statusCode).toBe(200);
  });

  it('says plainly that nothing was screened while no list is loaded', async () => {
    const lists = await get('/api/screening/lists');
    expect(lists.statusCode).toBe(200);
    expect(lists.json()).toMatchObject({ loaded: false, lists: [] });

    const search = await get('/api/screening/search?q=Karvelis%20Petroleum');
    expect(search.statusCode).toBe(200);
    expect(search.json()).toMatchObject({ query: 'Karvelis Petroleum', loaded: false, matches: [] });

    const batch = await post('/api/screening/batch', { queries: [{ name: 'Karvelis Petroleum' }] });
    expect(batch.json()).toMatchObject({ loaded: false, results: [{ name: 'Karvelis Petroleum', matches: [] }] });

    const screened = await screenNames(t.ctx, [{ name: 'Karvelis Petroleum' }]);
    expect(screened.status.loaded).toBe(false);
  });

  it('answers 400 with a clear message for bad input', async () => {
    const cases: [string, () => ReturnType<typeof get>, string, string][] = [
      ['empty q', () => get('/api/screening/search?q=%20%20'), 'q', en(screeningMessages.queryRequired)],
      ['missing q', () => get('/api/screening/search'), 'q', en(screeningMessages.queryRequired)],
      ['limit 51', () => get('/api/screening/search?q=acme&limit=51'), 'limit', en(screeningMessages.badLimit)],
      ['limit 0', () => get('/api/screening/search?q=acme&limit=0'), 'limit', en(screeningMessages.badLimit)],
      ['unknown type', () => get('/api/screening/search?q=acme&type=ship'), 'type', en(screeningMessages.badType)],
      ['punctuation only', () => get('/api/screening/search?q=%2E%2E%2E'), 'q', en(screeningMessages.nameRequired)],
      ['empty batch', () => post('/api/screening/batch', { queries: [] }), 'queries', en(screeningMessages.batchEmpty)],
      [
        'oversized batch',
        () => post('/api/screening/batch', { queries: Array.from({ length: SCREENING_BATCH_MAX + 1 }, (_, i) => ({ name: `Name ${i}` })) }),
        'queries',
        en(screeningMessages.batchTooLarge),
      ],
      ['batch bad type', () => post('/api/screening/batch', { queries: [{ name: 'Acme', type: 'boat' }] }), 'queries.0.type', en(screeningMessages.badType)],
      ['compare without name2', () => post('/api/screening/compare', { name1: 'Acme' }), 'name2', en(screeningMessages.queryRequired)],
      ['bad entity id', () => get('/api/screening/entities/eu:1'), 'entity_id', en(screeningMessages.badEntityId)],
    ];
    for (const [label, send, field, message] of cases) {
      const response = await send();
      expect(response.statusCode, label).toBe(400);
      expect(response.json().code, label).toBe('VALIDATION_ERROR');
      expect(response.json().fields?.[field], label).toBe(message);
    }
    const spanish = await t.app.inject({ method: 'GET', url: '/api/screening/search?q=', headers: { ...user, 'accept-language': 'es' } });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().detail).toBe('Algunos campos no son válidos.');
  });

  it('answers every malformed request with 400 and field messages in the caller\'s language, never 500', async () => {
    const es = { ...user, 'accept-language': 'es-ES,es;q=0.9' };
    const long = 'a'.repeat(SCREENING_NAME_MAX + 1);
    const cases: [string, () => ReturnType<typeof get>, string, keyof typeof screeningMessages][] = [
      ['q too long', () => get(`/api/screening/search?q=${long}`, es), 'q', 'queryTooLong'],
      ['q repeated', () => get('/api/screening/search?q=a&q=b', es), 'q', 'queryRequired'],
      ['limit=abc', () => get('/api/screening/search?q=acme&limit=abc', es), 'limit', 'badLimit'],
      ['limit=2.5', () => get('/api/screening/search?q=acme&limit=2.5', es), 'limit', 'badLimit'],
      ['type=ship', () => get('/api/screening/search?q=acme&type=ship', es), 'type', 'badType'],
      ['queries not an array', () => post('/api/screening/batch', { queries: 'Acme' }, es), 'queries', 'batchEmpty'],
      ['name not a string', () => post('/api/screening/batch', { queries: [{ name: 5 }] }, es), 'queries.0.name', 'queryRequired'],
      ['name too long', () => post('/api/screening/batch', { queries: [{ name: long }] }, es), 'queries.0.name', 'queryTooLong'],
      [
        'batch of 1001',
        () => post('/api/screening/batch', { queries: Array.from({ length: SCREENING_BATCH_MAX + 1 }, (_, i) => ({ name: `Name ${i}` })) }, es),
        'queries',
        'batchTooLarge',
      ],
      ['compare without name2', () => post('/api/screening/compare', { name1: 'Acme' }, es), 'name2', 'queryRequired'],
      ['compare name2 a number', () => post('/api/screening/compare', { name1: 'Acme', name2: 7 }, es), 'name2', 'queryRequired'],
      ['bad entity id', () => get('/api/screening/entities/eu:1', es), 'entity_id', 'badEntityId'],
    ];
    for (const [label, send, field, key] of cases) {
      const response = await send();
      expect(response.statusCode, label).toBe(400);
      expect(response.json().detail, label).toBe('Algunos campos no son válidos.');
      expect(response.json().fields?.[field], label).toBe(spanishOf(screeningMessages[key]));
    }

    const notObject = await post('/api/screening/compare', [], es);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().fields?._).toBe('El cuerpo de la solicitud debe ser un objeto JSON.');
    const notObjectEn = await post('/api/screening/batch', ['Acme']);
    expect(notObjectEn.json().fields?._).toBe('The request body must be a JSON object.');

    const notJson = await t.app.inject({ method: 'POST', url: '/api/screening/batch', headers: { ...es, 'content-type': 'application/json' }, payload: '{"queries":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().detail).toBe('La solicitud no es válida.');

    const nul = await get('/api/screening/search?q=Acme%00', es);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields?.q).toBe('Este campo contiene caracteres no válidos.');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/screening/batch',
      headers: { ...es, 'content-type': 'application/json' },
      payload: JSON.stringify({ queries: [{ name: 'x'.repeat(3 * 1024 * 1024) }] }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toBe('El cuerpo de la solicitud es demasiado grande.');

    const missing = await get('/api/screening/entities/ofac_sdn:999999999', es);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(spanishOf(screeningMessages.entityNotFound));
  });

  it('compares two names with the same scorer, with no list needed', async () => {
    const same = await post('/api/screening/compare', { name1: 'Karvelis Fuel Trading LLC', name2: 'KARVELIS FUEL TRADING, L.L.C.', type: 'organization' });
    expect(same.statusCode).toBe(200);
    expect(same.json().is_match).toBe(true);
    expect(same.json().explanation.length).toBeGreaterThan(0);
    const different = await post('/api/screening/compare', { name1: 'Karvelis Fuel Trading LLC', name2: 'Okonkwo-Bramble, Tessaly' });
    expect(different.json().is_match).toBe(false);
    expect(different.json().score).toBeLessThan(same.json().score);
  });

  describe('with the tiny list loaded', () => {
    beforeAll(async () => {
      await loadTinySanctionsList(t.ctx);
    });

    it('lists the loaded version', async () => {
      const response = await get('/api/screening/lists');
      expect(response.json()).toMatchObject({
        loaded: true,
        lists: [{ source: 'ofac_sdn', name: 'OFAC SDN', entries: 6, names: 8, published_at: expect.any(String), published_at_source: 'http', age_days: 0, stale: false }],
      });
      const status = await getScreeningStatus(t.ctx);
      expect(status.loaded).toBe(true);
      expect(status.threshold).toBeGreaterThan(0);
    });

    it('explains matches in Spanish to a Spanish caller: search, batch and compare', async () => {
      const es = { ...user, 'accept-language': 'es' };
      const english = (await get('/api/screening/search?q=Karvelis%20Petroleum')).json().matches[0];
      expect(english.explanation).toMatch(/^Matched the alias \(a\.k\.a\.\) “KARVELIS PETROLEUM” of “KARVELIS FUEL TRADING LLC”\. Score/);
      const spanish = (await get('/api/screening/search?q=Karvelis%20Petroleum', es)).json().matches[0];
      expect(spanish.entity_id).toBe(english.entity_id);
      expect(spanish.explanation).toMatch(/^Coincide con el alias \(a\.k\.a\.\) «KARVELIS PETROLEUM» de «KARVELIS FUEL TRADING LLC»\. Puntuación \d+ %: «karvelis» es idéntica/);
      expect(spanish.explanation).not.toMatch(/Score|identical/);

      const batch = (await post('/api/screening/batch', { queries: [{ name: 'Karvelis Fuel Trading' }] }, es)).json();
      expect(batch.results[0].matches[0].explanation).toMatch(/^Coincide con el nombre de la lista «KARVELIS FUEL TRADING LLC»\. Puntuación/);

      const compare = (await post('/api/screening/compare', { name1: 'Karvelis Fuel Trading LLC', name2: 'Karvelis Fuel Tradng' }, es)).json();
      expect(compare.explanation).toMatch(/^Puntuación \d+ %: /);
      expect(compare.explanation).toMatch(/Palabras sin pareja: «llc»/);
    });

    it('finds a name through its alias, best first, with programs and an explanation', async () => {
      const response = await get('/api/screening/search?q=Karvelis%20Petroleum');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.loaded).toBe(true);
      const [best] = body.matches;
      expect(best).toMatchObject({
        entity_id: 'ofac_sdn:90002',
        source: 'ofac_sdn',
        name: 'KARVELIS FUEL TRADING LLC',
        matched_name: 'KARVELIS PETROLEUM',
        type: 'organization',
        programs: ['IRAN'],
        is_match: true,
      });
      expect(best.score).toBeGreaterThanOrEqual(body.threshold);
      expect(best.score).toBeLessThanOrEqual(1);
      expect(best.explanation).not.toBe('');
      const scores = body.matches.map((match: { score: number }) => match.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    });

    it('shows a list entry in full, and 404 for one no loaded list has', async () => {
      const response = await get('/api/screening/entities/ofac_sdn:90001');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        entity_id: 'ofac_sdn:90001',
        source: 'ofac_sdn',
        type: 'person',
        name: 'PELTOMAA, Ivor Vasilyevich',
        aliases: [{ name: 'PELTOMA, Ivor', kind: 'aka', weak: false }],
        programs: ['RUSSIA-EO14024'],
      });
      const missing = await get('/api/screening/entities/ofac_sdn:12345');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toBe(en(screeningMessages.entityNotFound));
    });

    it('keeps the order of a long batch', async () => {
      const names = Array.from({ length: 60 }, (_, i) => (i === 30 ? 'Nordic Zephyra' : `Unlisted Fuel Buyer ${i}`));
      const { results } = (await post('/api/screening/batch', { queries: names.map((name) => ({ name })) })).json();
      expect(results.map((result: { name: string }) => result.name)).toEqual(names);
      const hits = results.flatMap((result: { matches: { is_match: boolean; entity_id: string }[] }, position: number) =>
        result.matches.filter((match) => match.is_match).map((match) => `${position}:${match.entity_id}`),
      );
      expect(hits).toEqual(['30:ofac_sdn:90003']);
    });

    it('keeps a person from matching a vessel when the type is given', async () => {
      const anyType = (await get('/api/screening/search?q=Nordic%20Zephyra')).json();
      expect(anyType.matches[0]).toMatchObject({ entity_id: 'ofac_sdn:90003', type: 'vessel', is_match: true });
      const asPerson = (await get('/api/screening/search?q=Nordic%20Zephyra&type=person')).json();
      expect(asPerson.matches.some((match: { entity_id: string }) => match.entity_id === 'ofac_sdn:90003')).toBe(false);
    });

    it('screens a batch in the order given and respects the limit', async () => {
      const response = await post('/api/screening/batch', {
        queries: [{ name: 'Tessaly Okonkwo-Bramble' }, { name: 'Completely Unrelated Bakery' }, { name: 'Grupo Quimbaya de Combustibles SA', type: 'organization' }],
      });
      expect(response.statusCode).toBe(200);
      const { results } = response.json();
      expect(results.map((result: { name: string }) => result.name)).toEqual([
        'Tessaly Okonkwo-Bramble',
        'Completely Unrelated Bakery',
        'Grupo Quimbaya de Combustibles SA',
      ]);
      expect(results[0].matches[0]).toMatchObject({ entity_id: 'ofac_sdn:90005', is_match: true });
      expect(results[1].matches.filter((match: { is_match: boolean }) => match.is_match)).toEqual([]);
      expect(results[2].matches[0]).toMatchObject({ entity_id: 'ofac_sdn:90004', is_match: true });

      const limited = (await get('/api/screening/search?q=Karvelis&limit=1')).json();
      expect(limited.matches.length).toBeLessThanOrEqual(1);
      const only = await screenNames(t.ctx, [{ name: 'Completely Unrelated Bakery' }, { name: 'Ivor Peltomaa' }], { matchesOnly: true });
      expect(only.results[0]!.matches).toEqual([]);
      expect(only.results[1]!.matches.map((hit) => hit.entityId)).toEqual(['ofac_sdn:90001']);
    });
  });
});
