import { PRICE_ALERT_LIMIT } from '@fueldesk/contracts';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSignedInUser } from '../../../test/factories';
import { useTestContext } from '../../../test/test-context';
import { notifications, priceAlerts, pricePoints, users } from '../../db/schema';
import { mailNotification, NOTIFICATION_MAIL_JOB } from '../notifications/notifications.service';
import { importPriceFile } from '../prices/price-import.service';
import { evaluateAlerts } from './alerts.service';

describe('price alerts', () => {
  const t = useTestContext();
  let clock = Date.parse('2026-06-01T08:00:00Z');

  /** Moves the clock a minute on, so that each write has its own time. */
  function tick(): Date {
    clock += 60_000;
    const now = new Date(clock);
    t.setNow(now);
    return now;
  }

  /** Imports WTI prices (YYYY-MM-DD → value) as a file would, then runs the evaluation the job runs. */
  async function publishWti(points: Record<string, string>) {
    const writtenAt = tick();
    const text = ['Date,Price', ...Object.entries(points).map(([date, value]) => `${date},${value}`)].join('\n');
    await importPriceFile(t.ctx, { name: 'RWTC.csv', text });
    return evaluateAlerts(t.ctx, { productCodes: ['WTI'], writtenAt });
  }

  async function signedIn(overrides: Parameters<typeof createSignedInUser>[1] = {}) {
    tick();
    return createSignedInUser(t.ctx, overrides);
  }

  async function createAlert(headers: Record<string, string>, body: Record<string, unknown>) {
    tick();
    const response = await t.app.inject({ method: 'POST', url: '/api/alerts', payload: body, headers });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string };
  }

  async function events(headers: Record<string, string>, id: string) {
    const response = await t.app.inject({ method: 'GET', url: `/api/alerts/${id}/events`, headers });
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: { publication_date: string; value: string; previous_value: string | null; change_pct: string | null }[] }).items;
  }

  beforeEach(async () => {
    await t.ctx.db.delete(pricePoints);
    await t.ctx.db.delete(priceAlerts);
    t.sentMail.length = 0;
  });

  it('needs a signed-in user and answers only the owner (404 for another user’s alert)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts' })).statusCode).toBe(401);
    const alice = await signedIn();
    const bob = await signedIn();
    const alert = await createAlert(alice.headers, { product_code: 'WTI', condition: 'above', value: '80' });
    for (const [method, url, payload] of [
      ['PATCH', `/api/alerts/${alert.id}`, { active: false }],
      ['DELETE', `/api/alerts/${alert.id}`, undefined],
      ['GET', `/api/alerts/${alert.id}/events`, undefined],
    ] as const) {
      const response = await t.app.inject({ method, url, payload, headers: bob.headers });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts', headers: bob.headers })).json()).toEqual({ items: [] });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/alerts', headers: alice.headers })).json();
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ product_code: 'WTI', condition: 'above', value: '80', channels: ['panel'], active: true, last_fired_at: null });
  });

  it('refuses bad input with field messages in the caller’s language, and stores nothing', async () => {
    const alice = await signedIn();
    const cases = [
      { product_code: 'NOPE', condition: 'above', value: '1' },
      { product_code: 'WTI', condition: 'sideways', value: '1' },
      { product_code: 'WTI', condition: 'above', value: 'ten' },
      { product_code: 'WTI', condition: 'change_pct', value: '0' },
      { product_code: 'WTI', condition: 'above', value: '1', channels: [] },
    ];
    for (const payload of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/alerts', payload, headers: alice.headers });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().detail).toBeTruthy();
    }
    const spanish = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      payload: { product_code: 'NOPE', condition: 'above', value: '1' },
      headers: { ...alice.headers, 'accept-language': 'es' },
    });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().detail).not.toBe(
      (await t.app.inject({ method: 'POST', url: '/api/alerts', payload: { product_code: 'NOPE', condition: 'above', value: '1' }, headers: alice.headers })).json().detail,
    );
    const badId = await t.app.inject({ method: 'PATCH', url: '/api/alerts/not-a-uuid', payload: { active: false }, headers: alice.headers });
    expect(badId.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts', headers: alice.headers })).json()).toEqual({ items: [] });
  });

  it(`keeps at most ${PRICE_ALERT_LIMIT} alerts per user`, async () => {
    const alice = await signedIn();
    for (let i = 0; i < PRICE_ALERT_LIMIT - 1; i += 1) {
      await t.app.inject({ method: 'POST', url: '/api/alerts', payload: { product_code: 'WTI', condition: 'above', value: String(50 + i) }, headers: alice.headers });
    }
    const last = await t.app.inject({ method: 'POST', url: '/api/alerts', payload: { product_code: 'WTI', condition: 'below', value: '10' }, headers: alice.headers });
    expect(last.statusCode).toBe(201);
    const over = await t.app.inject({ method: 'POST', url: '/api/alerts', payload: { product_code: 'WTI', condition: 'below', value: '9' }, headers: alice.headers });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('ALERT_LIMIT');
  });

  it('above: fires when a publication reaches the level from below (exactly at it counts), once per publication date', async () => {
    const alice = await signedIn();
    const alert = await createAlert(alice.headers, { product_code: 'WTI', condition: 'above', value: '75.00' });
    expect(await publishWti({ '2026-05-28': '74.10', '2026-05-29': '74.99' })).toEqual({ fired: 0 });
    // Friday to Monday: the previous publication, not the previous calendar day, is the comparison.
    expect(await publishWti({ '2026-06-01': '75' })).toEqual({ fired: 1 });
    expect(await events(alice.headers, alert.id)).toEqual([
      expect.objectContaining({ publication_date: '2026-06-01', value: '75', previous_value: '74.99' }),
    ]);
    // The same file again, and the same evaluation twice: nothing more.
    expect(await publishWti({ '2026-06-01': '75' })).toEqual({ fired: 0 });
    expect(await evaluateAlerts(t.ctx, { productCodes: ['WTI'], writtenAt: new Date(0) })).toEqual({ fired: 0 });
    // Staying above is not a new crossing.
    expect(await publishWti({ '2026-06-02': '76' })).toEqual({ fired: 0 });
    expect(await events(alice.headers, alert.id)).toHaveLength(1);
  });

  it('below: fires when a publication reaches the level from above; a first publication already beyond the level fires', async () => {
    const alice = await signedIn();
    const alert = await createAlert(alice.headers, { product_code: 'WTI', condition: 'below', value: '70' });
    // The product's first publication: no previous value, and it is at the level.
    expect(await publishWti({ '2026-05-29': '70' })).toEqual({ fired: 1 });
    expect(await publishWti({ '2026-06-01': '71' })).toEqual({ fired: 0 });
    expect(await publishWti({ '2026-06-02': '69.5' })).toEqual({ fired: 1 });
    expect((await events(alice.headers, alert.id)).map((event) => event.publication_date)).toEqual(['2026-06-02', '2026-05-29']);
  });

  it('change_pct: fires on a move of strictly more than N % either way, never on a first publication', async () => {
    const alice = await signedIn();
    const alert = await createAlert(alice.headers, { product_code: 'WTI', condition: 'change_pct', value: '2' });
    expect(await publishWti({ '2026-05-28': '100' })).toEqual({ fired: 0 });
    // Exactly 2 %: not more than 2 %.
    expect(await publishWti({ '2026-05-29': '102' })).toEqual({ fired: 0 });
    // 102 → 99.9 is −2.0588 %.
    expect(await publishWti({ '2026-06-01': '99.9' })).toEqual({ fired: 1 });
    const [event] = await events(alice.headers, alert.id);
    expect(event).toMatchObject({ publication_date: '2026-06-01', value: '99.9', previous_value: '102', change_pct: '-2.0588' });
  });

  it('a correction fires only when the corrected value crosses, and a date fires at most once whatever its corrections', async () => {
    const alice = await signedIn();
    const alert = await createAlert(alice.headers, { product_code: 'WTI', condition: 'above', value: '80' });
    expect(await publishWti({ '2026-05-29': '78', '2026-06-01': '79' })).toEqual({ fired: 0 });
    expect(await publishWti({ '2026-06-01': '79.5' })).toEqual({ fired: 0 });
    expect(await publishWti({ '2026-06-01': '81' })).toEqual({ fired: 1 });
    expect(await publishWti({ '2026-06-01': '79' })).toEqual({ fired: 0 });
    expect(await publishWti({ '2026-06-01': '82' })).toEqual({ fired: 0 });
    expect(await events(alice.headers, alert.id)).toEqual([expect.objectContaining({ publication_date: '2026-06-01', value: '81' })]);
  });

  it('a backfill of older dates and a paused alert fire nothing', async () => {
    const alice = await signedIn();
    const alert = await createAlert(alice.headers, { product_code: 'WTI', condition: 'above', value: '80' });
    expect(await publishWti({ '2026-06-01': '70' })).toEqual({ fired: 0 });
    // Older publications that cross the level: history, not today's market.
    expect(await publishWti({ '2020-01-02': '60', '2020-01-03': '90' })).toEqual({ fired: 0 });
    tick();
    const paused = await t.app.inject({ method: 'PATCH', url: `/api/alerts/${alert.id}`, payload: { active: false }, headers: alice.headers });
    expect(paused.json()).toMatchObject({ active: false });
    expect(await publishWti({ '2026-06-02': '85' })).toEqual({ fired: 0 });
    tick();
    await t.app.inject({ method: 'PATCH', url: `/api/alerts/${alert.id}`, payload: { active: true }, headers: alice.headers });
    expect(await publishWti({ '2026-06-03': '70', '2026-06-04': '86' })).toEqual({ fired: 1 });
  });

  /** Imports `product_code,date,value` rows, then runs the evaluation the import queues (on the products it wrote). */
  async function publishRows(rows: [code: string, date: string, value: string][]) {
    const writtenAt = tick();
    const text = ['product_code,date,value', ...rows.map((row) => row.join(','))].join('\n');
    const report = await importPriceFile(t.ctx, { name: 'legs.csv', text });
    return evaluateAlerts(t.ctx, { productCodes: report.product_codes, writtenAt });
  }

  /** The 3-2-1 NYH crack's legs on a date: (84 × gasoline + 42 × ULSD − 3 × WTI) / 3 = 28 × gasoline + 14 × ULSD − WTI. */
  const crackLegs = (date: string, gasoline: string, ulsd: string, wti: string): [string, string, string][] => [
    ['GASOLINE_NYH', date, gasoline],
    ['ULSD_NYH', date, ulsd],
    ['WTI', date, wti],
  ];

  it('a spread: fires when a leg write makes its value cross, on dates where every leg has a value, once, and a leg correction only when it crosses', async () => {
    const alice = await signedIn();
    const alert = await createAlert(alice.headers, { product_code: 'CRACK_321_NYH', condition: 'above', value: '35' });
    // 70 + 42 − 80 = 32: under the level.
    expect(await publishRows(crackLegs('2026-06-01', '2.5', '3', '80'))).toEqual({ fired: 0 });
    // Gasoline and ULSD of 06-02 would make 36, but WTI has no value that day: no spread value, nothing fires.
    expect(await publishRows(crackLegs('2026-06-02', '2.6', '3.1', '80').slice(0, 2))).toEqual({ fired: 0 });
    // WTI's value completes the date: 72.8 + 43.4 − 79 = 37.2 crosses 35.
    expect(await publishRows([['WTI', '2026-06-02', '79']])).toEqual({ fired: 1 });
    expect(await events(alice.headers, alert.id)).toEqual([
      expect.objectContaining({ publication_date: '2026-06-02', value: '37.2', previous_value: '32', change_pct: '16.2500' }),
    ]);
    // The same file again, and the same evaluation again: nothing more.
    expect(await publishRows([['WTI', '2026-06-02', '79']])).toEqual({ fired: 0 });
    expect(await evaluateAlerts(t.ctx, { productCodes: ['WTI'], writtenAt: new Date(0) })).toEqual({ fired: 0 });
    // 06-03 falls back under the level (70 + 42 − 79 = 33), 06-04 stays under it (34).
    expect(await publishRows(crackLegs('2026-06-03', '2.5', '3', '79'))).toEqual({ fired: 0 });
    expect(await publishRows(crackLegs('2026-06-04', '2.5', '3', '78'))).toEqual({ fired: 0 });
    // A correction of a leg that leaves the spread under the level (34.5) fires nothing; one that crosses (35.5) fires.
    expect(await publishRows([['WTI', '2026-06-04', '77.5']])).toEqual({ fired: 0 });
    expect(await publishRows([['WTI', '2026-06-04', '76.5']])).toEqual({ fired: 1 });
    expect((await events(alice.headers, alert.id)).map((event) => [event.publication_date, event.value, event.previous_value])).toEqual([
      ['2026-06-04', '35.5', '33'],
      ['2026-06-02', '37.2', '32'],
    ]);
    // A backfill of a leg leaves the spread's newest value (06-04, +7.6 % on 06-03) alone: an alert it would meet fires nothing.
    await createAlert(alice.headers, { product_code: 'CRACK_321_NYH', condition: 'change_pct', value: '5' });
    expect(await publishRows([['WTI', '2020-01-02', '61']])).toEqual({ fired: 0 });
  });

  it('a spread can be negative: a negative level, and a change measured against the previous value’s size (never against 0)', async () => {
    const alice = await signedIn();
    const created = await t.app.inject({ method: 'POST', url: '/api/alerts', payload: { product_code: 'BRENT_WTI', condition: 'below', value: '-2.5' }, headers: alice.headers });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ product_code: 'BRENT_WTI', condition: 'below', value: '-2.5' });
    const below = created.json() as { id: string };
    const change = await createAlert(alice.headers, { product_code: 'BRENT_WTI', condition: 'change_pct', value: '20' });
    const brentWti = (date: string, brent: string): [string, string, string][] => [
      ['BRENT', date, brent],
      ['WTI', date, '80'],
    ];
    expect(await publishRows(brentWti('2026-06-01', '78'))).toEqual({ fired: 0 }); // −2
    expect(await publishRows(brentWti('2026-06-02', '78.5'))).toEqual({ fired: 1 }); // −1.5: +25 % of |−2|
    expect(await publishRows(brentWti('2026-06-03', '77'))).toEqual({ fired: 2 }); // −3: under −2.5, and −100 %
    expect(await publishRows(brentWti('2026-06-04', '80'))).toEqual({ fired: 1 }); // 0: +100 %
    expect(await publishRows(brentWti('2026-06-05', '81'))).toEqual({ fired: 0 }); // 1: no percentage against 0
    expect((await events(alice.headers, change.id)).map((event) => [event.publication_date, event.previous_value, event.change_pct])).toEqual([
      ['2026-06-04', '-3', '100.0000'],
      ['2026-06-03', '-1.5', '-100.0000'],
      ['2026-06-02', '-2', '25.0000'],
    ]);
    expect((await events(alice.headers, below.id)).map((event) => [event.publication_date, event.value])).toEqual([['2026-06-03', '-3']]);
  });

  /**
   * Imports WTI futures settlements as EIA's futures table download (`oil_Futures_Prices.csv`: newest
   * first, m/d/Y, one column per contract), then runs the evaluation the import queues.
   */
  async function publishWtiFutures(rows: [date: string, c1: string, c2: string][]) {
    const writtenAt = tick();
    const text = [
      'Day,Cushing OK Crude Oil Future Contract 1 ($/bbl) $/bbl,Cushing OK Crude Oil Future Contract 2 ($/bbl) $/bbl',
      ...rows.map(([date, c1, c2]) => `${date},${c1},${c2}`),
    ].join('\n');
    const report = await importPriceFile(t.ctx, { name: 'oil_Futures_Prices.csv', text });
    expect(report).toMatchObject({ format: 'eia-csv-download', product_codes: ['WTI_FUT'], refused: false });
    return evaluateAlerts(t.ctx, { productCodes: report.product_codes, writtenAt });
  }

  it('a futures product: its contract 1 fires once when the futures file makes it cross, never on re-import, a correction only when it crosses', async () => {
    const alice = await signedIn();
    const alert = await createAlert(alice.headers, { product_code: 'WTI_FUT', condition: 'above', value: '80' });
    // Contract 2 above the level is not what the alert watches (a futures product's series is its contract 1).
    expect(await publishWtiFutures([['6/1/2026', '78', '81']])).toEqual({ fired: 0 });
    expect(await publishWtiFutures([['6/2/2026', '80.5', '82'], ['6/1/2026', '78', '81']])).toEqual({ fired: 1 });
    expect(await events(alice.headers, alert.id)).toEqual([
      expect.objectContaining({ publication_date: '2026-06-02', value: '80.5', previous_value: '78', change_pct: '3.2051' }),
    ]);
    // The same file again, and the same evaluation again: nothing more.
    expect(await publishWtiFutures([['6/2/2026', '80.5', '82'], ['6/1/2026', '78', '81']])).toEqual({ fired: 0 });
    expect(await evaluateAlerts(t.ctx, { productCodes: ['WTI_FUT'], writtenAt: new Date(0) })).toEqual({ fired: 0 });
    // A correction of a date that fired fires nothing; a new date under the level nothing, and its correction once it crosses.
    expect(await publishWtiFutures([['6/2/2026', '81', '82']])).toEqual({ fired: 0 });
    expect(await publishWtiFutures([['6/3/2026', '79', '83']])).toEqual({ fired: 0 });
    expect(await publishWtiFutures([['6/4/2026', '79.5', '83']])).toEqual({ fired: 0 });
    expect(await publishWtiFutures([['6/4/2026', '80.2', '83']])).toEqual({ fired: 1 });
    expect((await events(alice.headers, alert.id)).map((event) => [event.publication_date, event.value, event.previous_value])).toEqual([
      ['2026-06-04', '80.2', '79'],
      ['2026-06-02', '80.5', '78'],
    ]);
  });

  it('notifies the owner on the server: listed in their language, read state shared, mail only when asked and allowed', async () => {
    const alice = await signedIn({ email: 'alice-alerts@example.com' });
    const bob = await signedIn();
    await t.ctx.db.update(users).set({ language: 'es' }).where(eq(users.id, bob.user.id));
    const mine = await createAlert(alice.headers, { product_code: 'WTI', condition: 'above', value: '75', channels: ['panel', 'email'] });
    await createAlert(bob.headers, { product_code: 'WTI', condition: 'above', value: '75.5', channels: ['email'] });
    await publishWti({ '2026-05-29': '74' });
    await publishWti({ '2026-06-01': '76' });

    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: alice.headers });
    expect(list.statusCode).toBe(200);
    const body = list.json() as { items: { id: string; kind: string; text: string; url: string; read_at: string | null }[]; unread: number };
    expect(body.unread).toBe(1);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ kind: 'price_alert', url: `/marketprice/alerts?alert=${mine.id}`, read_at: null });
    expect(body.items[0]!.text).toContain('75');
    expect(body.items[0]!.text).toContain('76');
    const spanish = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { ...alice.headers, 'accept-language': 'es-MX,es;q=0.9' } });
    expect(spanish.json().items[0].text).not.toBe(body.items[0]!.text);

    // Bob cannot mark Alice's notification read.
    const foreign = await t.app.inject({ method: 'POST', url: '/api/notifications/read', payload: { ids: [body.items[0]!.id] }, headers: bob.headers });
    expect(foreign.json()).toMatchObject({ updated: 0 });
    const read = await t.app.inject({ method: 'POST', url: '/api/notifications/read', payload: { ids: [body.items[0]!.id] }, headers: alice.headers });
    expect(read.json()).toEqual({ updated: 1, unread: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications', headers: alice.headers })).json().items[0].read_at).not.toBeNull();
    const bad = await t.app.inject({ method: 'POST', url: '/api/notifications/read', payload: { ids: ['x'] }, headers: alice.headers });
    expect(bad.statusCode).toBe(400);

    // The mail job: Alice in English; Bob turned mail off in his preferences, so nothing goes to him.
    await t.ctx.db.update(users).set({ commEmail: false }).where(eq(users.id, bob.user.id));
    const bobs = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { ...bob.headers, 'accept-language': 'es' } })).json();
    expect(bobs.items[0].text).toMatch(/subió/);
    await mailNotification(t.ctx, body.items[0]!.id);
    await mailNotification(t.ctx, bobs.items[0].id);
    await mailNotification(t.ctx, body.items[0]!.id);
    expect(t.sentMail.map((mail) => mail.to)).toEqual(['alice-alerts@example.com']);
    expect(t.sentMail[0]!.text).toContain('http://localhost:3000/marketprice/alerts?alert=');
  });

  it('queues the mail of a firing with its commit: an evaluation killed between the commit and the delivery loses no mail', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const alerts = [
      await createAlert(alice.headers, { product_code: 'WTI', condition: 'above', value: '75', channels: ['panel', 'email'] }),
      await createAlert(bob.headers, { product_code: 'WTI', condition: 'above', value: '75.5', channels: ['email'] }),
    ];
    await publishWti({ '2026-05-29': '74' });
    const writtenAt = tick();
    await importPriceFile(t.ctx, { name: 'RWTC.csv', text: 'Date,Price\n2026-06-01,76' });

    // The worker dies right after the firings commit, before it queues anything; the job's retry fires nothing more.
    const killed = async () => {
      throw new Error('worker killed');
    };
    await expect(evaluateAlerts(t.ctx, { productCodes: ['WTI'], writtenAt }, { afterCommit: killed })).rejects.toThrow('worker killed');
    expect(await evaluateAlerts(t.ctx, { productCodes: ['WTI'], writtenAt })).toEqual({ fired: 0 });

    const notices = (await t.ctx.db.select().from(notifications)).filter((notice) => alerts.some((alert) => notice.dedupeKey === `price_alert:${alert.id}:2026-06-01`));
    expect(notices.map((notice) => notice.userId).sort()).toEqual([alice.user.id, bob.user.id].sort());
    expect(notices.every((notice) => notice.mailStatus === 'pending')).toBe(true);
    const { rows } = await t.ctx.database.executeSql(`select data->>'notificationId' as id from pgboss.job where name = $1`, [NOTIFICATION_MAIL_JOB]);
    const jobs = rows.map((row: { id: string }) => row.id);
    for (const notice of notices) expect(jobs.filter((id) => id === notice.id)).toHaveLength(1);
  });

  it('a job table the database refuses (no process has made it yet) undoes only the mail insert: the firing and its notification stay, the mail is tried after the commit', async () => {
    const alice = await signedIn();
    const alert = await createAlert(alice.headers, { product_code: 'WTI', condition: 'above', value: '75', channels: ['panel', 'email'] });
    await publishWti({ '2026-05-29': '74' });
    const writtenAt = tick();
    await importPriceFile(t.ctx, { name: 'RWTC.csv', text: 'Date,Price\n2026-06-01,76' });
    const sendMany = t.ctx.jobs.sendMany.bind(t.ctx.jobs);
    const afterCommit: string[] = [];
    const spy = vi.spyOn(t.ctx.jobs, 'sendMany').mockImplementation(async (name, jobs, within) => {
      // The database's own error inside the transaction, as a missing pgboss.job gives.
      if (within) await within.executeSql('insert into pgboss_job_never_made (id) values (1)');
      afterCommit.push(name);
      return sendMany(name, jobs);
    });
    try {
      expect(await evaluateAlerts(t.ctx, { productCodes: ['WTI'], writtenAt })).toEqual({ fired: 1 });
    } finally {
      spy.mockRestore();
    }
    const notices = (await t.ctx.db.select().from(notifications)).filter((notice) => notice.dedupeKey === `price_alert:${alert.id}:2026-06-01`);
    expect(notices).toHaveLength(1);
    expect(afterCommit).toContain(NOTIFICATION_MAIL_JOB);
  });
});

describe('price alerts on the worker', () => {
  const t = useTestContext({ startJobs: true });

  it('an import queues the evaluation, and the owner’s notification arrives without anyone asking', async () => {
    const alice = await createSignedInUser(t.ctx);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      payload: { product_code: 'BRENT', condition: 'change_pct', value: '5' },
      headers: alice.headers,
    });
    expect(created.statusCode).toBe(201);
    await importPriceFile(t.ctx, { name: 'RBRTE.csv', text: 'Date,Price\n2026-05-29,80\n2026-06-01,90' });
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: alice.headers })).json().unread, { timeout: 15_000 })
      .toBe(1);
  });

  it('a leg import queues the evaluation of the spreads it is a leg of', async () => {
    const bob = await createSignedInUser(t.ctx);
    const created = await t.app.inject({ method: 'POST', url: '/api/alerts', payload: { product_code: 'BRENT_WTI', condition: 'above', value: '5' }, headers: bob.headers });
    expect(created.statusCode).toBe(201);
    await importPriceFile(t.ctx, { name: 'legs.csv', text: 'product_code,date,value\nWTI,2026-06-01,80\nBRENT,2026-06-01,86' });
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bob.headers })).json().items, { timeout: 15_000 })
      .toEqual([expect.objectContaining({ kind: 'price_alert', text: expect.stringContaining('Brent–WTI') })]);
  });

  it('a futures import queues the evaluation of its product’s alerts', async () => {
    const bob = await createSignedInUser(t.ctx);
    const created = await t.app.inject({ method: 'POST', url: '/api/alerts', payload: { product_code: 'WTI_FUT', condition: 'above', value: '80' }, headers: bob.headers });
    expect(created.statusCode).toBe(201);
    await importPriceFile(t.ctx, { name: 'oil_Futures_Prices.csv', text: 'Day,Cushing OK Crude Oil Future Contract 1 ($/bbl) $/bbl\n6/2/2026,81\n6/1/2026,79' });
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bob.headers })).json().items, { timeout: 15_000 })
      .toEqual([expect.objectContaining({ kind: 'price_alert', text: expect.stringContaining('WTI crude oil futures') })]);
  });
});
