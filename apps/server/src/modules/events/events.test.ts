import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createUserWithPassword, loginOk, uniqueEmail } from '../../../test/auth-helpers';
import { testRedisUrl } from '../../../test/build-test-app';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser, signIn } from '../../../test/factories';

interface Stream {
  status: number;
  text: () => string;
  waitFor: (needle: string) => Promise<void>;
  ended: Promise<void>;
  close: () => void;
}

/** A real HTTP client on the listening server, as a browser's EventSource would be. */
function openStream(base: string, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const waiters: { needle: string; resolve: () => void }[] = [];
    const request = http.get(`${base}/api/events?token=${encodeURIComponent(token)}`, { headers: { accept: 'text/event-stream' } }, (response) => {
      response.setEncoding('utf8');
      const ended = new Promise<void>((done) => response.on('end', () => done()));
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (const waiter of [...waiters]) {
          if (buffer.includes(waiter.needle)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
      });
      resolve({
        status: response.statusCode ?? 0,
        text: () => buffer,
        waitFor: (needle) =>
          buffer.includes(needle) ? Promise.resolve() : new Promise<void>((done) => waiters.push({ needle, resolve: done })),
        ended,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

describe.each([
  ['the default bus of the database', {}],
  ['the Redis bus', { REDIS_URL: testRedisUrl }],
] as const)('GET /api/events with %s', (_name, env) => {
  const t = useTestContext({ eventBus: 'auto', env });
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await (t.ctx.events as { ready?: Promise<void> }).ready;
  });

  async function eventsToken(accessToken: string) {
    const response = await t.app.inject({ method: 'POST', url: '/api/events/token', headers: bearer(accessToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json().expires_in).toBe(60);
    return response.json().token as string;
  }

  it('tells the connected tab at once when an admin revokes its session, and only that tab', async () => {
    const admin = await createSignedInUser(t.ctx, { role: 'admin' });
    const email = uniqueEmail('sse');
    await createUserWithPassword(t, 'Secret123', { email });
    const login = await loginOk(t, email, 'Secret123');
    const sessionId = decodeJwt(login.access_token).sid as string;
    const bystander = await createSignedInUser(t.ctx);

    const stream = await openStream(base, await eventsToken(login.access_token));
    const other = await openStream(base, await eventsToken(bystander.accessToken));
    expect(stream.status).toBe(200);
    await stream.waitFor('event: ready');
    await other.waitFor('event: ready');

    const revoke = await t.app.inject({ method: 'POST', url: `/api/admin/sessions/${sessionId}/revoke`, headers: admin.headers });
    expect(revoke.statusCode).toBe(200);
    await stream.waitFor('event: session_revoked');
    expect(stream.text()).toContain(`data: ${JSON.stringify({ session_id: sessionId, reason: 'admin' })}`);
    await stream.ended;
    expect(other.text()).not.toContain('session_revoked');
    other.close();
  });

  it('tells the old session when a new sign-in supersedes it, not the new one', async () => {
    const email = uniqueEmail('sse2');
    await createUserWithPassword(t, 'Secret123', { email });
    const start = new Date();
    t.setNow(start);
    const first = await loginOk(t, email, 'Secret123');
    const stream = await openStream(base, await eventsToken(first.access_token));
    await stream.waitFor('event: ready');
    t.setNow(new Date(start.getTime() + 61_000));
    const second = await loginOk(t, email, 'Secret123');
    const secondStream = await openStream(base, await eventsToken(second.access_token));
    await secondStream.waitFor('event: ready');
    await stream.waitFor('event: session_revoked');
    expect(stream.text()).toContain('"reason":"superseded"');
    expect(secondStream.text()).not.toContain('session_revoked');
    secondStream.close();
    t.setNow(null);
  });

  it('caps open streams per session and per user with 429, and frees a place when one closes', async () => {
    const { user, accessToken } = await createSignedInUser(t.ctx);
    const perSession = t.ctx.config.SSE_MAX_STREAMS_PER_SESSION;
    const streams = await Promise.all(Array.from({ length: perSession }, async () => openStream(base, await eventsToken(accessToken))));
    expect(streams.map((stream) => stream.status)).toEqual(Array(perSession).fill(200));
    await Promise.all(streams.map((stream) => stream.waitFor('event: ready')));
    const refused = await fetch(`${base}/api/events?token=${encodeURIComponent(await eventsToken(accessToken))}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // Other sessions of the same user fill the per-user cap.
    const others: Stream[] = [];
    for (let opened = perSession; opened < t.ctx.config.SSE_MAX_STREAMS_PER_USER; opened += 1) {
      const other = await signIn(t.ctx, user);
      const stream = await openStream(base, await eventsToken(other.accessToken));
      expect(stream.status).toBe(200);
      others.push(stream);
    }
    const another = await signIn(t.ctx, user);
    expect((await fetch(`${base}/api/events?token=${encodeURIComponent(await eventsToken(another.accessToken))}`)).status).toBe(429);

    streams[0]!.close();
    await vi.waitFor(async () => {
      const again = await openStream(base, await eventsToken(accessToken));
      expect(again.status).toBe(200);
      again.close();
    }, { timeout: 10_000, interval: 50 });
    for (const stream of [...streams, ...others]) stream.close();
  });

  it('closes the streams of a session when it signs out', async () => {
    const email = uniqueEmail('sse-out');
    await createUserWithPassword(t, 'Secret123', { email });
    const login = await loginOk(t, email, 'Secret123');
    const stream = await openStream(base, await eventsToken(login.access_token));
    await stream.waitFor('event: ready');
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: login.refresh_token } });
    expect(logout.statusCode).toBe(200);
    await stream.ended;
    expect(stream.text()).not.toContain('session_revoked');
    expect(stream.text()).toContain('retry: 86400000');
  });

  it('refuses a missing, forged or wrong-purpose token with 401 before streaming', async () => {
    const user = await createSignedInUser(t.ctx);
    const access = await fetch(`${base}/api/events?token=${encodeURIComponent(user.accessToken)}`);
    expect(access.status).toBe(401);
    expect(((await access.json()) as { code: string }).code).toBe('TOKEN_INVALID');
    expect((await fetch(`${base}/api/events?token=abc.def.ghi`)).status).toBe(401);
    expect((await fetch(`${base}/api/events`)).status).toBe(400);
  });
});
