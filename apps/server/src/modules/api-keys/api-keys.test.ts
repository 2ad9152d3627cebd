import { eq } from 'drizzle-orm';
import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { TestContext } from '../../../test/build-test-app';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import { apiKeys, sessions } from '../../db/schema';
import { logSerializers } from '../../lib/log-serializers';
import { createApiKey } from './api-keys.service';

/** Keys' lifecycle, their principal, limits and secrecy, on the project's database. */
const t = useTestContext();
// A second app: 5 requests a minute, 5 names a day, and a one-minute state cache, so that a
// revocation or deactivation passes only if the cache is cleared.
const limited = useTestContext({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: '5', API_KEY_SCREENING_NAMES_PER_DAY: '5', AUTH_CACHE_TTL_MS: '60000' } });

type Owner = Awaited<ReturnType<typeof createSignedInUser>>;

async function createKey(ctx: TestContext, owner: Owner, body: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: owner.headers,
    payload: { name: 'Excel sheet', scopes: ['prices:read'], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; key: string; prefix: string; scopes: string[]; expires_at: string | null };
}

const withKey = (key: string) => ({ authorization: `Bearer ${key}` });

describe('creating, listing and revoking keys', () => {
  it('shows the key once, stores only its hash, and lists it by prefix without the key', async () => {
    const owner = await createSignedInUser(t.ctx);
    const created = await createKey(t, owner, { scopes: ['news:read', 'prices:read'] });
    expect(created.key).toMatch(/^fd_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix).toHaveLength(11);
    expect(created.scopes).toEqual(['prices:read', 'news:read']);

    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(11));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key.slice(11));
    expect(list.json().keys).toEqual([
      expect.objectContaining({ id: created.id, prefix: created.prefix, status: 'active', usage_count: 0, last_used_at: null }),
    ]);
    expect(list.json()).toMatchObject({ limit: 10, rate_limit_per_minute: 60, screening_names_per_day: 10_000 });
  });

  it('refuses bad input with 400 in the caller language', async () => {
    const owner = await createSignedInUser(t.ctx);
    const post = (payload: unknown, lang = 'en') =>
      t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { ...owner.headers, 'accept-language': lang }, payload: payload as object });
    expect((await post({ name: 'x', scopes: [] })).json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { scopes: 'Choose at least one scope.' } });
    expect((await post({ name: 'x', scopes: ['admin'] })).statusCode).toBe(400);
    expect((await post({ name: ' ', scopes: ['news:read'] })).statusCode).toBe(400);
    const past = await post({ name: 'x', scopes: ['news:read'], expires_at: '2020-01-01T00:00:00Z' }, 'es');
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.expires_at).toBe('La caducidad debe ser una fecha y hora futura.');
  });

  it('keeps at most 10 live keys; a revoked one does not count', async () => {
    const owner = await createSignedInUser(t.ctx);
    const keys = [];
    for (let index = 0; index < 10; index += 1) keys.push(await createKey(t, owner, { name: `key ${index}` }));
    const eleventh = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.headers, payload: { name: 'one more', scopes: ['news:read'] } });
    expect([eleventh.statusCode, eleventh.json().code]).toEqual([409, 'API_KEY_LIMIT']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${keys[0]!.id}`, headers: owner.headers })).json().status).toBe('revoked');
    await createKey(t, owner, { name: 'replacement' });
  });

  it('revokes only the owner key (404 for another user) and a second revocation changes nothing', async () => {
    const owner = await createSignedInUser(t.ctx);
    const other = await createSignedInUser(t.ctx);
    const created = await createKey(t, owner);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${created.id}`, headers: other.headers });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await t.app.inject({ method: 'GET', url: '/api/prices', headers: withKey(created.key) })).statusCode).toBe(200);
    const first = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${created.id}`, headers: owner.headers });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${created.id}`, headers: owner.headers });
    expect(first.json().revoked_at).toBe(again.json().revoked_at);
  });
});

describe('a key as a principal', () => {
  it('reaches its scopes, answers 403 API_KEY_SCOPE elsewhere (key management included) and never touches a session', async () => {
    const owner = await createSignedInUser(t.ctx);
    const { key } = await createKey(t, owner);
    const before = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, owner.user.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/prices', headers: withKey(key) })).statusCode).toBe(200);
    for (const [method, url] of [['GET', '/api/auth/me'], ['GET', '/api/api-keys'], ['POST', '/api/auth/ping'], ['GET', '/api/news'], ['GET', '/api/auth/sessions']] as const) {
      const response = await t.app.inject({ method, url, headers: withKey(key) });
      expect([url, response.statusCode, response.json().code]).toEqual([url, 403, 'API_KEY_SCOPE']);
    }
    const after = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, owner.user.id));
    expect(after).toEqual(before);
    // The owner's session is untouched and still the one active session.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner.headers })).statusCode).toBe(200);
  });

  it('judges a request with a key by the key alone, whatever the owner session may do', async () => {
    const owner = await createSignedInUser(t.ctx, { role: 'admin' });
    const { key } = await createKey(t, owner);
    // An administrator's key is still only a prices:read key.
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/sessions', headers: withKey(key) });
    expect([admin.statusCode, admin.json().code]).toEqual([403, 'API_KEY_SCOPE']);
    // Two credentials in one Authorization header are neither: 401, nothing widened.
    const both = await t.app.inject({ method: 'GET', url: '/api/prices', headers: { authorization: `Bearer ${key}, ${owner.headers.authorization}` } });
    expect(both.statusCode).toBe(401);
  });

  it('stops a revoked key, an expired key and a deactivated owner at once, though their state was cached', async () => {
    const owner = await createSignedInUser(limited.ctx);
    const leaver = await createSignedInUser(limited.ctx);
    const admin = await createSignedInUser(limited.ctx, { role: 'admin' });
    const revoked = await createKey(limited, owner);
    const expiring = await createKey(limited, owner, { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    const deactivated = await createKey(limited, leaver);
    for (const created of [revoked, expiring, deactivated]) {
      expect((await limited.app.inject({ method: 'GET', url: '/api/prices', headers: withKey(created.key) })).statusCode).toBe(200);
    }
    await limited.app.inject({ method: 'DELETE', url: `/api/api-keys/${revoked.id}`, headers: owner.headers });
    const patch = await limited.app.inject({ method: 'PATCH', url: `/api/admin/users/${leaver.user.id}`, headers: admin.headers, payload: { active: false } });
    expect(patch.statusCode).toBe(200);
    limited.setNow(new Date(Date.now() + 3_600_001));
    for (const created of [revoked, expiring, deactivated]) {
      const response = await limited.app.inject({ method: 'GET', url: '/api/prices', headers: withKey(created.key) });
      expect([response.statusCode, response.json().code]).toEqual([401, 'API_KEY_INVALID']);
    }
  });

  it('stops the key of a restricted cliente (403 BANK_ONLY) and not a superadmin cliente one, on every request', async () => {
    for (const [isSuperadmin, expected] of [[false, 403], [true, 200]] as const) {
      const owner = await createSignedInUser(t.ctx, { role: 'cliente', isSuperadmin });
      const created = await createApiKey(t.ctx, { id: owner.user.id, sessionId: owner.session.id, role: 'cliente', isSuperadmin, email: owner.user.email }, { name: 'sheet', scopes: ['prices:read'] });
      for (let index = 0; index < 2; index += 1) {
        const response = await t.app.inject({ method: 'GET', url: '/api/prices', headers: withKey(created.key) });
        expect(response.statusCode, response.body).toBe(expected);
        if (expected === 403) expect(response.json().code).toBe('FORBIDDEN');
      }
    }
  });

  it('answers an unknown key 401 API_KEY_INVALID, even on a public route', async () => {
    for (const url of ['/api/prices', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url, headers: withKey(`fd_${'A'.repeat(43)}`) });
      expect([response.statusCode, response.json().code]).toEqual([401, 'API_KEY_INVALID']);
    }
  });
});

describe('rate limit, usage and the screening name budget', () => {
  it('puts RateLimit headers on every answer and 429 + Retry-After past the limit', async () => {
    const owner = await createSignedInUser(limited.ctx);
    const { key } = await createKey(limited, owner);
    const answers = [];
    for (const url of ['/api/prices', '/api/auth/me', '/api/prices', '/api/nope', '/api/prices', '/api/prices']) {
      answers.push(await limited.app.inject({ method: 'GET', url, headers: withKey(key) }));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 403, 200, 404, 200, 429]);
    expect(answers.map((answer) => answer.headers['ratelimit-limit'])).toEqual(['5', '5', '5', '5', '5', '5']);
    expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0', '0']);
    const last = answers[5]!;
    expect(last.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(last.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(String(retryAfter)).toBe(last.headers['ratelimit-reset']);
    // Another key of the same owner has its own window.
    const second = await createKey(limited, owner);
    expect((await limited.app.inject({ method: 'GET', url: '/api/prices', headers: withKey(second.key) })).statusCode).toBe(200);
  });

  it('counts usage and the last use of each key', async () => {
    const owner = await createSignedInUser(t.ctx);
    const used = await createKey(t, owner, { name: 'used' });
    const idle = await createKey(t, owner, { name: 'idle' });
    for (let index = 0; index < 3; index += 1) await t.app.inject({ method: 'GET', url: '/api/prices', headers: withKey(used.key) });
    await t.app.inject({ method: 'GET', url: '/api/news', headers: withKey(used.key) });
    const { keys } = (await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: owner.headers })).json() as { keys: { id: string; usage_count: number; last_used_at: string | null }[] };
    expect(keys.find((row) => row.id === used.id)).toMatchObject({ usage_count: 4, last_used_at: expect.any(String) });
    expect(keys.find((row) => row.id === idle.id)).toMatchObject({ usage_count: 0, last_used_at: null });
  });

  it('spends screening names of a separate daily budget, 429 API_KEY_NAME_BUDGET until UTC midnight beyond it', async () => {
    const owner = await createSignedInUser(limited.ctx);
    const { key } = await createKey(limited, owner, { scopes: ['screening:write'] });
    limited.setNow(new Date('2026-11-27T23:00:00Z'));
    const batch = (names: number) =>
      limited.app.inject({ method: 'POST', url: '/api/screening/batch', headers: withKey(key), payload: { queries: Array.from({ length: names }, (_, index) => ({ name: `Name ${index}` })) } });
    expect((await batch(3)).statusCode).toBe(200);
    const over = await batch(3);
    expect([over.statusCode, over.json().code, over.headers['retry-after']]).toEqual([429, 'API_KEY_NAME_BUDGET', '3600']);
    expect((await batch(2)).statusCode).toBe(200);
    limited.setNow(new Date('2026-11-28T00:00:01Z'));
    expect((await batch(5)).statusCode).toBe(200);
  });
});

describe('secrecy', () => {
  it('never writes a key in a log line, nor in an error answer', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ level: 'trace', serializers: logSerializers }, sink);
    const app = await buildApp({ ...t.ctx, log: logger }, { loggerInstance: logger, webDistDir: '/nonexistent-web-dist' });
    await app.ready();
    try {
      const owner = await createSignedInUser(t.ctx);
      const created = await app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.headers, payload: { name: 'logged?', scopes: ['prices:read'] } });
      const { key, id } = created.json() as { key: string; id: string };
      const answers = [
        await app.inject({ method: 'GET', url: '/api/prices', headers: withKey(key) }),
        await app.inject({ method: 'GET', url: '/api/auth/me', headers: withKey(key) }),
        await app.inject({ method: 'GET', url: '/api/prices/export?codes=NOPE', headers: withKey(key) }),
        await app.inject({ method: 'GET', url: '/api/prices', headers: withKey(`${key}x`) }),
        await app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: owner.headers }),
        await app.inject({ method: 'GET', url: '/api/prices', headers: withKey(key) }),
        await app.inject({ method: 'GET', url: '/api/api-keys', headers: owner.headers }),
      ];
      const secret = key.slice(11);
      for (const answer of answers) {
        expect(answer.body).not.toContain(secret);
        expect(JSON.stringify(answer.headers)).not.toContain(secret);
      }
      expect(lines.length).toBeGreaterThan(answers.length);
      for (const line of lines) expect(line).not.toContain(secret);
      // Creation and revocation are in the owner's audit trail, with the prefix and never the key.
      const audit = await app.inject({ method: 'GET', url: '/api/audit', headers: owner.headers });
      const entries = (audit.json() as { items: { action: string; details: Record<string, unknown> }[] }).items.filter((entry) => entry.action.startsWith('api_key.'));
      expect(entries.map((entry) => entry.action).sort()).toEqual(['api_key.create', 'api_key.revoke']);
      expect(entries[0]!.details).toMatchObject({ key_id: id, prefix: key.slice(0, 11) });
      expect(audit.body).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
