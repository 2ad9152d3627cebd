import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser, signIn } from '../../../test/factories';
import { startPlaidStub, type PlaidStub } from '../../../test/plaid-stub';
import { bankConnections, identityVerifications } from '../../db/schema';
import { WEBHOOK_KEY_FETCHES_PER_MINUTE } from '../../integrations/bank/webhook-verification';
import { collectSharedData } from './bank.service';

/** The Plaid adapter through the real app, against a local stub checked against Plaid's OpenAPI. */
describe('Plaid provider', () => {
  let stub: PlaidStub;
  let signingKey: CryptoKey;
  let otherKey: CryptoKey;
  const kid = 'bfbd5111-8e33-4643-8ced-b2e642a72f3c';

  beforeAll(async () => {
    stub = await startPlaidStub();
  });
  afterAll(async () => {
    await stub.close();
  });
  // Built once the Plaid stub listens, closed before it.
  const t = useTestContext(() => ({
    env: { PLAID_CLIENT_ID: 'client-id-test', PLAID_SECRET: 'secret-test', PLAID_BASE_URL: stub.url, PLAID_IDV_TEMPLATE_ID: 'idvtmp_4FrXJvfQU3zGUR' },
    captureLogs: true,
  }));
  beforeAll(async () => {
    ({ privateKey: signingKey } = await generateKeyPair('ES256', { extractable: true }));
    const pair = await generateKeyPair('ES256', { extractable: true });
    otherKey = pair.privateKey;
    const jwk = await exportJWK(signingKey);
    // Plaid issues a new link token each time.
    stub.override('/link/token/create', (example) => ({ ...example, link_token: `link-sandbox-${randomUUID()}` }));
    // Like Plaid: a kid it never issued is an INVALID_INPUT error, not a key.
    stub.override('/webhook_verification_key/get', (example, body) =>
      body.key_id === kid
        ? { ...example, key: { ...example.key, kid, x: jwk.x, y: jwk.y, expired_at: null } }
        : { error_type: 'INVALID_INPUT', error_code: 'INVALID_WEBHOOK_VERIFICATION_KEY_ID', error_message: 'invalid key_id provided', display_message: null, request_id: 'r' },
    );
  }, 60_000);
  beforeEach(() => {
    t.setNow(null);
  });
  const linkTokenOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'POST', url: '/api/bank/link-token', headers })).json().link_token as string;

  it('exchanges a public token only with a link session of the caller, once and in time', async () => {
    stub.override('/item/public_token/exchange', (example) => ({ ...example, item_id: `item-${randomUUID()}` }));
    stub.override('/item/get', (example) => example);
    const owner = await createSignedInUser(t.ctx);
    const other = await createSignedInUser(t.ctx);
    const exchangesBefore = stub.calls.filter((call) => call.path === '/item/public_token/exchange').length;
    const exchange = (headers: Record<string, string>, linkToken?: string) =>
      t.app.inject({ method: 'POST', url: '/api/bank/exchange', headers, payload: { public_token: 'public-sandbox-b0e2c4ee-a763-4df5-bfe9-46a46bce993d', ...(linkToken ? { link_token: linkToken } : {}) } });
    const ownersLink = await linkTokenOf(owner.headers);
    for (const response of [await exchange(other.headers, ownersLink), await exchange(owner.headers), await exchange(owner.headers, 'link-sandbox-forged')]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('This bank connection could not be confirmed, or it took too long. Please connect again.');
    }
    // Refused before Plaid is asked.
    expect(stub.calls.filter((call) => call.path === '/item/public_token/exchange').length).toBe(exchangesBefore);
    expect((await exchange(owner.headers, ownersLink)).statusCode).toBe(200);
    expect((await exchange(owner.headers, ownersLink)).statusCode).toBe(400);
    const late = await linkTokenOf(owner.headers);
    t.setNow(new Date(Date.now() + 31 * 60_000));
    const { headers } = await signIn(t.ctx, owner.user);
    expect((await exchange(headers, late)).statusCode).toBe(400);
  });

  it('speaks to the Plaid endpoints in the shapes of the OpenAPI spec, and never returns the access token', async () => {
    const user = await createSignedInUser(t.ctx);
    const link = await t.app.inject({ method: 'POST', url: '/api/bank/link-token', headers: { ...user.headers, 'accept-language': 'es' } });
    expect(link.json()).toEqual({ provider: 'plaid', link_token: expect.stringMatching(/^link-sandbox-[0-9a-f-]{36}$/) });
    const linkCall = stub.calls.filter((call) => call.path === '/link/token/create').at(-1)!;
    expect(linkCall.body).toMatchObject({ language: 'es', user: { client_user_id: user.user.id }, webhook: 'http://localhost:3000/api/bank/webhook' });
    expect(linkCall.headers['plaid-client-id']).toBe('client-id-test');

    expect((await t.app.inject({ method: 'POST', url: '/api/bank/sandbox/public-token', headers: user.headers, payload: { username: 'user_good', password: 'pass_good' } })).statusCode).toBe(404);

    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/api/bank/exchange',
      headers: user.headers,
      payload: { public_token: 'public-sandbox-b0e2c4ee-a763-4df5-bfe9-46a46bce993d', link_token: link.json().link_token },
    });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().institution).toEqual({ id: 'ins_109508', name: 'First Platypus Bank' });
    expect(exchanged.body).not.toContain('access-sandbox');
    const [row] = await t.ctx.db.select().from(bankConnections);
    expect(row!.accessTokenEncrypted).not.toContain('access-sandbox');

    const accounts = (await t.app.inject({ method: 'GET', url: '/api/bank/accounts', headers: user.headers })).json().accounts;
    expect(accounts.length).toBeGreaterThan(0);
    for (const account of accounts) expect(account.balances.current === null || /^-?\d+\.\d{2}$/.test(account.balances.current)).toBe(true);

    const data = await collectSharedData(t.ctx, user.user.id, ['identity', 'balances', 'transactions', 'investments']);
    expect(data.identity![0]!.owners[0]!.names.length).toBeGreaterThan(0);
    expect(data.investments!.length).toBeGreaterThan(0);
    expect(stub.calls.map((call) => call.path)).toEqual(expect.arrayContaining(['/identity/get', '/transactions/sync', '/investments/holdings/get', '/accounts/balance/get']));
    expect(stub.problems).toEqual([]);
  });

  it('starts identity verification and maps Plaid statuses and failed steps', async () => {
    const user = await createSignedInUser(t.ctx, { firstName: 'Leslie', lastName: 'Knope' });
    stub.override('/identity_verification/create', (example) => ({ ...example, status: 'active' }));
    stub.override('/identity_verification/get', (example) => ({ ...example, status: 'failed', steps: { ...example.steps, kyc_check: 'failed' } }));
    const started = await t.app.inject({ method: 'POST', url: '/api/bank/identity-verification', headers: user.headers });
    expect(started.json()).toMatchObject({ status: 'created', verification_url: expect.stringMatching(/^https:\/\/flow\.plaid\.com\/verify\//) });
    const create = stub.calls.filter((call) => call.path === '/identity_verification/create').at(-1)!;
    expect(create.body).toMatchObject({ template_id: 'idvtmp_4FrXJvfQU3zGUR', client_user_id: user.user.id, user: { name: { given_name: 'Leslie', family_name: 'Knope' } } });
    const read = await t.app.inject({ method: 'GET', url: '/api/bank/identity-verification', headers: user.headers });
    expect(read.json()).toMatchObject({ status: 'failed', failure_reasons: ['The personal details could not be verified.'], verification_url: null });
    expect(stub.problems).toEqual([]);
  });

  it("answers a Plaid refusal with 400 and Plaid's own message", async () => {
    const user = await createSignedInUser(t.ctx);
    stub.override('/item/public_token/exchange', () => ({
      error_type: 'INVALID_INPUT',
      error_code: 'INVALID_PUBLIC_TOKEN',
      error_message: 'could not find matching public token',
      display_message: null,
      request_id: 'r',
    }));
    const response = await t.app.inject({ method: 'POST', url: '/api/bank/exchange', headers: user.headers, payload: { public_token: 'public-bad', link_token: await linkTokenOf(user.headers) } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PROVIDER_ERROR', detail: 'could not find matching public token' });
  });

  it('the stub itself refuses an answer that breaks the spec (so the checks above can fail)', async () => {
    const user = await createSignedInUser(t.ctx);
    stub.override('/item/public_token/exchange', (example) => example);
    stub.override('/item/get', (example) => ({ ...example, item: 'not an object' }));
    const before = stub.problems.length;
    const response = await t.app.inject({ method: 'POST', url: '/api/bank/exchange', headers: user.headers, payload: { public_token: 'public-x', link_token: await linkTokenOf(user.headers) } });
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toBe('Could not connect the account. Please try again.');
    expect(stub.problems.slice(before)).toEqual([expect.stringContaining('/item/get response')]);
    stub.problems.length = before;
  });

  describe('webhooks', () => {
    async function sign(body: string, options: { key?: CryptoKey; iat?: number; alg?: string; hash?: string } = {}) {
      const iat = options.iat ?? Math.floor(t.ctx.now().getTime() / 1000);
      return new SignJWT({ request_body_sha256: options.hash ?? createHash('sha256').update(body).digest('hex') })
        .setProtectedHeader({ alg: options.alg ?? 'ES256', kid, typ: 'JWT' })
        .setIssuedAt(iat)
        .sign(options.key ?? signingKey);
    }
    const post = (body: string, header?: string) =>
      t.app.inject({ method: 'POST', url: '/api/bank/webhook', payload: body, headers: { 'content-type': 'application/json', ...(header ? { 'plaid-verification': header } : {}) } });

    it('accepts a signed webhook once, updates the verification, and ignores a replay', async () => {
      const user = await createSignedInUser(t.ctx);
      stub.override('/identity_verification/create', (example) => ({ ...example, id: 'idv_webhook_1', status: 'active' }));
      stub.override('/identity_verification/get', (example) => ({ ...example, id: 'idv_webhook_1', status: 'success', steps: { ...example.steps, kyc_check: 'success' } }));
      await t.app.inject({ method: 'POST', url: '/api/bank/identity-verification', headers: user.headers });
      const keyFetchesBefore = stub.calls.filter((call) => call.path === '/webhook_verification_key/get').length;
      const body = JSON.stringify({ webhook_type: 'IDENTITY_VERIFICATION', webhook_code: 'STATUS_UPDATED', identity_verification_id: 'idv_webhook_1', environment: 'sandbox' });
      const header = await sign(body);
      const first = await post(body, header);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ ok: true, duplicate: false });
      const [row] = (await t.ctx.db.select().from(identityVerifications)).filter((item) => item.providerId === 'idv_webhook_1');
      expect(row!.status).toBe('success');
      const replay = await post(body, header);
      expect(replay.json()).toEqual({ ok: true, duplicate: true });
      const again = await post(body, await sign(body));
      expect(again.json()).toEqual({ ok: true, duplicate: true });
      // The key was fetched by kid once and then served from the cache.
      expect(stub.calls.filter((call) => call.path === '/webhook_verification_key/get').length - keyFetchesBefore).toBeLessThanOrEqual(1);
    });

    it('refuses with 401 a bad signature, another algorithm, a stale iat, a changed body or no header', async () => {
      const body = JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: 'item-x' });
      const now = Math.floor(t.ctx.now().getTime() / 1000);
      const hmacKey = new TextEncoder().encode('x'.repeat(32));
      const hs256 = await new SignJWT({ request_body_sha256: createHash('sha256').update(body).digest('hex') })
        .setProtectedHeader({ alg: 'HS256', kid })
        .setIssuedAt(now)
        .sign(hmacKey);
      const cases = {
        badSignature: await sign(body, { key: otherKey }),
        otherAlgorithm: hs256,
        staleIat: await sign(body, { iat: now - 5 * 60 - 1 }),
        changedBody: await sign(`${body} `),
      };
      for (const [name, header] of Object.entries(cases)) {
        const response = await post(body, header);
        expect(response.statusCode, name).toBe(401);
        expect(response.json().code, name).toBe('WEBHOOK_UNVERIFIED');
      }
      expect((await post(body)).statusCode).toBe(401);
      expect((await post(body, 'not-a-jwt')).statusCode).toBe(401);
      expect(stub.problems).toEqual([]);
    });

    it('answers 100 forged webhooks (unknown, repeated and malformed kids) with 401, calling Plaid only a few times and logging no stack', async () => {
      const keyFetches = () => stub.calls.filter((call) => call.path === '/webhook_verification_key/get').length;
      const before = keyFetches();
      const linesBefore = t.logLines.length;
      const body = JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: 'item-forged' });
      const forge = async (forgedKid: string) =>
        new SignJWT({ request_body_sha256: createHash('sha256').update(body).digest('hex') })
          .setProtectedHeader({ alg: 'ES256', kid: forgedKid, typ: 'JWT' })
          .setIssuedAt(Math.floor(t.ctx.now().getTime() / 1000))
          .sign(otherKey);
      const headers: string[] = [];
      for (let i = 0; i < 80; i += 1) headers.push(await forge(randomUUID()));
      for (let i = 0; i < 10; i += 1) headers.push(await forge('00000000-0000-4000-8000-000000000000'));
      headers.push(await forge('../../etc/passwd'), await forge('x'.repeat(500)), 'eyJhbGciOiJFUzI1NiJ9.e30.', 'a.b.c', '', '...');
      while (headers.length < 100) headers.push(`${await forge(randomUUID())}x`);
      const answers = await Promise.all(headers.map((header) => post(body, header || undefined)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(headers.map(() => 401));
      for (const answer of answers) expect(answer.json().code).toBe('WEBHOOK_UNVERIFIED');
      // A few calls a minute at most, whatever the stream of kids.
      expect(keyFetches() - before).toBeGreaterThan(0);
      expect(keyFetches() - before).toBeLessThanOrEqual(WEBHOOK_KEY_FETCHES_PER_MINUTE);
      // The kid Plaid called unknown is remembered: asking again, even a minute later, costs no call.
      const unknownKid = stub.calls.filter((call) => call.path === '/webhook_verification_key/get').at(-1)!.body.key_id as string;
      t.setNow(new Date(Date.now() + 2 * 60_000));
      const fetchesNow = keyFetches();
      expect((await post(body, await forge(unknownKid))).statusCode).toBe(401);
      expect(keyFetches()).toBe(fetchesNow);
      // The signed webhooks still pass: the real key is cached, the refusals did not evict it.
      const good = JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'PENDING_EXPIRATION', item_id: 'item-still-good', webhook_id: randomUUID() });
      expect((await post(good, await sign(good))).statusCode).toBe(200);
      const lines = t.logLines.slice(linesBefore).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
      expect(lines.filter((line) => JSON.stringify(line).includes('"stack"'))).toEqual([]);
      expect(stub.problems).toEqual([]);
    });
  });
});
