import { describe, expect, it } from 'vitest';
import { createSignedInUser, signIn } from '../../../test/factories';
import { useTestContext } from '../../../test/test-context';
import { SANDBOX_PUBLIC_TOKEN_TTL_MS } from './bank.service';

/** The sandbox's public token is bound to the user who signed in at the simulated bank. */
describe('bank link sessions (sandbox)', () => {
  const t = useTestContext();
  const publicTokenOf = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/bank/sandbox/public-token', headers, payload: { username: 'user_good', password: 'pass_good' } });
    expect(response.statusCode).toBe(200);
    return response.json().public_token as string;
  };
  const exchange = (headers: Record<string, string>, publicToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/bank/exchange', headers, payload: { public_token: publicToken } });
  const accountsOf = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/bank/accounts', headers })).json().accounts as unknown[];

  it("refuses another user's public token, in both languages, and connects nothing for them", async () => {
    const owner = await createSignedInUser(t.ctx);
    const thief = await createSignedInUser(t.ctx);
    const token = await publicTokenOf(owner.headers);
    const stolen = await exchange(thief.headers, token);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ code: 'BAD_REQUEST', detail: 'This bank connection could not be confirmed, or it took too long. Please connect again.' });
    const spanish = await exchange({ ...thief.headers, 'accept-language': 'es' }, token);
    expect(spanish.json().detail).toBe('No se pudo confirmar esta conexión bancaria, o tardó demasiado. Vuelva a conectar.');
    expect(await accountsOf(thief.headers)).toEqual([]);
    // The owner's token was not spent by the refusals.
    expect((await exchange(owner.headers, token)).statusCode).toBe(200);
    expect((await accountsOf(owner.headers)).length).toBeGreaterThan(0);
  });

  it('is single use', async () => {
    const owner = await createSignedInUser(t.ctx);
    const token = await publicTokenOf(owner.headers);
    const [first, second] = await Promise.all([exchange(owner.headers, token), exchange(owner.headers, token)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    expect((await exchange(owner.headers, token)).statusCode).toBe(400);
  });

  it('expires after a short while', async () => {
    const start = new Date('2026-05-04T10:00:00Z');
    t.setNow(start);
    const owner = await createSignedInUser(t.ctx);
    const token = await publicTokenOf(owner.headers);
    t.setNow(new Date(start.getTime() + SANDBOX_PUBLIC_TOKEN_TTL_MS));
    const { headers } = await signIn(t.ctx, owner.user);
    expect((await exchange(headers, token)).statusCode).toBe(400);
    expect(await accountsOf(headers)).toEqual([]);
    const fresh = await publicTokenOf(headers);
    t.setNow(new Date(start.getTime() + SANDBOX_PUBLIC_TOKEN_TTL_MS + 60_000));
    expect((await exchange((await signIn(t.ctx, owner.user)).headers, fresh)).statusCode).toBe(200);
  });
});
