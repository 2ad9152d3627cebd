import { Writable } from 'node:stream';
import { toIsoDate } from '@fueldesk/contracts';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, lastMailTo, linkTokenFrom, loginOk, uniqueEmail } from '../../../test/auth-helpers';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser, signIn } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpCapture } from '../../../test/smtp-capture';
import { eq } from 'drizzle-orm';
import { bankConnections, sharingInvitations, users } from '../../db/schema';
import { SANDBOX_IDV_FINAL_AFTER_MS } from '../../integrations/bank/sandbox';
import { expireOverdueInvitations, matchCounterparty } from './sharing.service';

describe('bank connection and data sharing journey', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  const logLines: string[] = [];
  /** Every response body of the journey, to prove no provider access token ever leaves the server. */
  const bodies: string[] = [];
  const events: { userId: string | null; type: string; data?: unknown }[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });
  // Built once the capture listens, closed before it.
  const t = useTestContext(() => ({ env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } }));
  beforeAll(() => {
    t.ctx.log = pino(
      { level: 'trace' },
      new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    );
    t.ctx.events.subscribe((event) => events.push(event));
  });
  beforeEach(() => t.setNow(null));

  async function call(method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) {
    const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    bodies.push(response.body);
    return response;
  }

  it('invite → mail → activation → cliente → sandbox bank → IDV → consent → only consented scopes → revoke → nothing', async () => {
    const start = new Date('2026-04-02T10:00:00Z');
    t.setNow(start);
    const inviter = await createSignedInUser(t.ctx, { email: uniqueEmail('trader'), firstName: 'Tomás', lastName: 'Vega', planCode: 'pro' });
    const inviteeEmail = uniqueEmail('counterparty');

    const created = await call('POST', '/api/sharing/invitations', inviter.headers, { email: inviteeEmail, scopes: ['identity', 'balances'] });
    expect(created.statusCode).toBe(201);
    const invitation = created.json();
    expect(invitation).toMatchObject({ email: inviteeEmail, scopes: ['identity', 'balances'], status: 'PENDING', created_at: start.toISOString() });

    // The mail went through a real SMTP conversation and carries the activation link.
    const delivered = smtp.received.find((mail) => mail.to.includes(inviteeEmail));
    expect(delivered).toBeDefined();
    const body = decodeQuotedPrintable(delivered!.raw);
    expect(body).toContain('Vega invited you');
    const token = linkTokenFrom(body);
    expect(body).toContain('/activate?token=');

    const details = await call('GET', `/api/auth/activation?token=${encodeURIComponent(token)}`, {});
    expect(details.json()).toMatchObject({ email: inviteeEmail, role: 'cliente' });
    expect((await call('POST', '/api/auth/activation', {}, { token, password: 'secret1' })).statusCode).toBe(200);
    const login = await loginOk(t, inviteeEmail, 'secret1');
    expect(login.user.role).toBe('cliente');
    const invitee = bearer(login.access_token);

    // A cliente is kept to bank verification: the market API refuses it.
    expect((await call('GET', '/api/prices/products', invitee)).statusCode).toBe(403);
    expect((await call('GET', '/api/sharing/invitations', invitee)).statusCode).toBe(403);

    const received = await call('GET', '/api/sharing/received', invitee);
    expect(received.json().invitations).toEqual([
      expect.objectContaining({ id: invitation.id, status: 'PENDING', scopes: ['identity', 'balances'], from: { name: 'Tomás Vega', company: null, email: inviter.user.email } }),
    ]);

    // Consent needs a bank and a verified identity first.
    const early = await call('POST', `/api/sharing/received/${invitation.id}/consent`, invitee);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('Connect a bank account before you consent.');

    expect((await call('POST', '/api/bank/link-token', invitee)).json()).toMatchObject({ provider: 'sandbox' });
    const badLogin = await call('POST', '/api/bank/sandbox/public-token', invitee, { username: 'user_good', password: 'nope' });
    expect(badLogin.statusCode).toBe(400);
    expect(badLogin.json()).toMatchObject({ code: 'PROVIDER_ERROR', detail: 'The provided credentials were not correct. Please try again.' });
    const publicToken = (await call('POST', '/api/bank/sandbox/public-token', invitee, { username: 'user_good', password: 'pass_good', institution_id: 'ins_109511' })).json().public_token;
    const exchanged = await call('POST', '/api/bank/exchange', invitee, { public_token: publicToken });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().institution).toEqual({ id: 'ins_109511', name: 'Tartan Bank' });
    const accounts = (await call('GET', '/api/bank/accounts', invitee)).json().accounts;
    expect(accounts).toHaveLength(4);
    expect(accounts[0].balances.current).toMatch(/^\d+\.\d{2}$/);

    // The stored token is encrypted.
    const [stored] = await t.ctx.db.select().from(bankConnections);
    expect(stored!.accessTokenEncrypted).toMatch(/^v1\./);
    expect(stored!.accessTokenEncrypted).not.toContain('access-sandbox');

    const notYet = await call('POST', `/api/sharing/received/${invitation.id}/consent`, invitee);
    expect(notYet.json().detail).toBe('Complete identity verification before you consent.');

    const idv = await call('POST', '/api/bank/identity-verification', invitee);
    expect(idv.json()).toMatchObject({ status: 'created', failure_reasons: [] });
    t.setNow(new Date(start.getTime() + 1_500));
    expect((await call('GET', '/api/bank/identity-verification', invitee)).json().status).toBe('in_progress');
    t.setNow(new Date(start.getTime() + SANDBOX_IDV_FINAL_AFTER_MS + 10));
    expect((await call('GET', '/api/bank/identity-verification', invitee)).json().status).toBe('success');

    // Before consent the inviter sees nothing.
    expect((await call('GET', `/api/sharing/invitations/${invitation.id}`, inviter.headers)).json().data).toBeNull();

    const consent = await call('POST', `/api/sharing/received/${invitation.id}/consent`, invitee);
    expect(consent.statusCode).toBe(200);
    expect(consent.json()).toMatchObject({ status: 'ACCEPTED', consented_at: new Date(start.getTime() + SANDBOX_IDV_FINAL_AFTER_MS + 10).toISOString() });
    expect(events).toContainEqual({ userId: inviter.user.id, type: 'invitation_updated', data: { id: invitation.id, email: inviteeEmail, status: 'ACCEPTED' } });

    const shared = await call('GET', `/api/sharing/invitations/${invitation.id}`, inviter.headers);
    expect(shared.statusCode).toBe(200);
    const data = shared.json().data;
    expect(Object.keys(data).sort()).toEqual(['balances', 'fetched_at', 'identity']);
    expect(data.identity[0].owners[0].names[0]).toMatch(/\w+ \w+/);
    expect(data.balances.map((account: { id: string }) => account.id)).toEqual(accounts.map((account: { id: string }) => account.id));

    const revoked = await call('POST', `/api/sharing/invitations/${invitation.id}/revoke`, inviter.headers);
    expect(revoked.json().status).toBe('REVOKED');
    const after = await call('GET', `/api/sharing/invitations/${invitation.id}`, inviter.headers);
    expect(after.json()).toMatchObject({ status: 'REVOKED', data: null });

    for (const text of [...bodies, ...logLines]) expect(text).not.toMatch(/access-sandbox-/);
  });

  it('an address with an account gets a pointer to its invitations and keeps its role', async () => {
    const inviter = await createSignedInUser(t.ctx, { planCode: 'enterprise' });
    const existing = await createSignedInUser(t.ctx, { role: 'user', passwordHash: 'x' });
    await t.ctx.db.update(users).set({ language: 'es' }).where(eq(users.id, existing.user.id));
    const response = await call('POST', '/api/sharing/invitations', inviter.headers, { email: existing.user.email.toUpperCase(), scopes: ['transactions'] });
    expect(response.statusCode).toBe(201);
    const mail = lastMailTo(t, existing.user.email);
    // In the invitee's own language, which is known for an existing account.
    expect(mail.subject).toContain('le pide compartir información verificada');
    expect(mail.text).toContain('/bank/verification');
    expect(mail.text).not.toContain('/activate');
    const received = (await call('GET', '/api/sharing/received', existing.headers)).json().invitations;
    expect(received.map((item: { id: string }) => item.id)).toEqual([response.json().id]);
    expect((await call('GET', '/api/auth/me', existing.headers)).json().role).toBe('user');
  });

  it('withdrawn consent hides the data at once; reject and a second answer are refused', async () => {
    const inviter = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    const invitee = await createSignedInUser(t.ctx, { role: 'cliente', passwordHash: 'x' });
    const first = (await call('POST', '/api/sharing/invitations', inviter.headers, { email: invitee.user.email, scopes: ['transactions', 'investments'] })).json();
    const publicToken = (await call('POST', '/api/bank/sandbox/public-token', invitee.headers, { username: 'user_good', password: 'pass_good' })).json().public_token;
    await call('POST', '/api/bank/exchange', invitee.headers, { public_token: publicToken });
    const started = new Date();
    t.setNow(started);
    await call('POST', '/api/bank/identity-verification', invitee.headers);
    t.setNow(new Date(started.getTime() + SANDBOX_IDV_FINAL_AFTER_MS));
    expect((await call('POST', `/api/sharing/received/${first.id}/consent`, invitee.headers)).statusCode).toBe(200);
    const data = (await call('GET', `/api/sharing/invitations/${first.id}`, inviter.headers)).json().data;
    expect(Object.keys(data).sort()).toEqual(['fetched_at', 'investments', 'transactions']);
    const oldest = toIsoDate(new Date(started.getTime() - 91 * 86_400_000));
    expect(data.transactions.every((item: { date: string }) => item.date > oldest)).toBe(true);

    const withdrawn = await call('POST', `/api/sharing/received/${first.id}/revoke`, invitee.headers);
    expect(withdrawn.json().status).toBe('REVOKED');
    expect((await call('GET', `/api/sharing/invitations/${first.id}`, inviter.headers)).json()).toMatchObject({ status: 'REVOKED', data: null });

    const second = (await call('POST', '/api/sharing/invitations', inviter.headers, { email: invitee.user.email, scopes: ['identity'] })).json();
    expect((await call('POST', `/api/sharing/received/${second.id}/reject`, invitee.headers)).json().status).toBe('REJECTED');
    expect((await call('POST', `/api/sharing/received/${second.id}/consent`, invitee.headers)).statusCode).toBe(409);
    expect(events).toContainEqual({ userId: inviter.user.id, type: 'invitation_updated', data: { id: second.id, email: invitee.user.email, status: 'REJECTED' } });
  });

  it('tells the inviter the verification result, the owner-name match, the provider and the time', async () => {
    const inviter = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    const invitee = await createSignedInUser(t.ctx, { role: 'cliente', passwordHash: 'x' });
    const tooLong = await call('POST', '/api/sharing/invitations', inviter.headers, { email: invitee.user.email, scopes: ['identity'], counterparty_name: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.counterparty_name).toBe('The counterparty name can be at most 200 characters.');
    const created = await call('POST', '/api/sharing/invitations', inviter.headers, { email: invitee.user.email, scopes: ['identity', 'balances'], counterparty_name: '  Zebulon Quarterhorse Holdings  ' });
    expect(created.json()).toMatchObject({ counterparty_name: 'Zebulon Quarterhorse Holdings' });
    const id = created.json().id;

    const pending = (await call('GET', `/api/sharing/invitations/${id}`, inviter.headers)).json();
    expect(pending).toMatchObject({ identity_verification: { status: null, completed_at: null }, name_match: null, as_of: null, provider: 'sandbox' });

    const publicToken = (await call('POST', '/api/bank/sandbox/public-token', invitee.headers, { username: 'user_good', password: 'pass_good' })).json().public_token;
    await call('POST', '/api/bank/exchange', invitee.headers, { public_token: publicToken });
    const started = new Date('2026-05-04T09:00:00Z');
    t.setNow(started);
    await call('POST', '/api/bank/identity-verification', invitee.headers);
    const done = new Date(started.getTime() + SANDBOX_IDV_FINAL_AFTER_MS);
    t.setNow(done);
    expect((await call('POST', `/api/sharing/received/${id}/consent`, invitee.headers)).statusCode).toBe(200);

    const detail = (await call('GET', `/api/sharing/invitations/${id}`, inviter.headers, undefined)).json();
    expect(detail.identity_verification).toEqual({ status: 'success', completed_at: done.toISOString(), failure_reasons: [] });
    expect(detail.provider).toBe('sandbox');
    expect(detail.as_of).toBe(done.toISOString());
    const owner = detail.data.identity[0].owners[0].names[0] as string;
    expect(detail.name_match).toMatchObject({ name: owner, matched: false });
    expect(detail.name_match.score).toBeLessThan(0.78);
    expect(detail.name_match.explanation.length).toBeGreaterThan(10);

    // The same scorer as screening: the owner's name in another order and case is a match, in the reader's language.
    const [first, last] = owner.split(' ');
    const reordered = matchCounterparty(t.ctx, `${last!.toUpperCase()}, ${first}`, detail.data, 'es')!;
    expect(reordered).toMatchObject({ name: owner, matched: true });
    expect(reordered.score).toBeGreaterThanOrEqual(0.95);
    expect(reordered.explanation).not.toBe(matchCounterparty(t.ctx, `${last!.toUpperCase()}, ${first}`, detail.data, 'en')!.explanation);
    // Without the identity scope there is no owner name to compare.
    expect(matchCounterparty(t.ctx, owner, { fetched_at: done.toISOString() }, 'en')).toBeNull();
  });

  it('expires pending invitations after seven days by the scheduled job', async () => {
    const sent = new Date('2026-05-01T08:00:00Z');
    t.setNow(sent);
    const inviter = await createSignedInUser(t.ctx, { planCode: 'enterprise' });
    const created = (await call('POST', '/api/sharing/invitations', inviter.headers, { email: uniqueEmail('late'), scopes: ['balances'] })).json();
    t.setNow(new Date(sent.getTime() + 7 * 86_400_000 - 1_000));
    await expireOverdueInvitations(t.ctx);
    const later = (await signIn(t.ctx, inviter.user)).headers;
    expect((await call('GET', `/api/sharing/invitations/${created.id}`, later)).json().status).toBe('PENDING');
    t.setNow(new Date(sent.getTime() + 7 * 86_400_000));
    expect(await expireOverdueInvitations(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/api/sharing/invitations/${created.id}`, later)).json().status).toBe('EXPIRED');
    expect(events).toContainEqual({ userId: inviter.user.id, type: 'invitation_updated', data: { id: created.id, email: created.email, status: 'EXPIRED' } });
  });

  it('enforces the plan limit at the boundary, also for two concurrent invitations', async () => {
    t.setNow(new Date('2026-06-15T12:00:00Z'));
    const starter = await createSignedInUser(t.ctx, { planCode: 'starter' });
    const [a, b] = await Promise.all([
      call('POST', '/api/sharing/invitations', starter.headers, { email: uniqueEmail('one'), scopes: ['balances'] }),
      call('POST', '/api/sharing/invitations', starter.headers, { email: uniqueEmail('two'), scopes: ['balances'] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 403]);
    expect([a, b].find((response) => response.statusCode === 403)!.json().code).toBe('PLAN_LIMIT');
    const list = (await call('GET', '/api/sharing/invitations', starter.headers)).json();
    expect(list.usage).toMatchObject({ plan_code: 'starter', limit: 1, used: 1, remaining: 0, period_start: '2026-06-01T00:00:00.000Z' });
    // Deleting does not give the validation back; a new month does.
    const id = list.invitations[0].id;
    expect((await call('DELETE', `/api/sharing/invitations/${id}`, starter.headers)).statusCode).toBe(204);
    expect((await call('GET', '/api/sharing/invitations', starter.headers)).json().invitations).toEqual([]);
    expect((await call('POST', '/api/sharing/invitations', starter.headers, { email: uniqueEmail('three'), scopes: ['identity'] })).statusCode).toBe(403);
    t.setNow(new Date('2026-07-01T00:00:00Z'));
    expect((await call('POST', '/api/sharing/invitations', (await signIn(t.ctx, starter.user)).headers, { email: uniqueEmail('four'), scopes: ['identity'] })).statusCode).toBe(201);
  });

  it('refuses a second pending invitation to one address, and resends the first', async () => {
    const inviter = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    const email = uniqueEmail('twice');
    const first = (await call('POST', '/api/sharing/invitations', inviter.headers, { email, scopes: ['identity'] })).json();
    const second = await call('POST', '/api/sharing/invitations', inviter.headers, { email: email.toUpperCase(), scopes: ['balances'] });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe('You already have a pending invitation to this address. Resend it instead.');
    const before = t.sentMail.filter((mail) => mail.to === email).length;
    // A resend waits a minute after the last sending (sharing-limits.test.ts).
    t.setNow(new Date(Date.now() + 61_000));
    expect((await call('POST', `/api/sharing/invitations/${first.id}/resend`, inviter.headers)).statusCode).toBe(200);
    expect(t.sentMail.filter((mail) => mail.to === email).length).toBe(before + 1);
  });

  it('answers bad input with 400 and changes nothing', async () => {
    const inviter = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    const count = await t.ctx.db.$count(sharingInvitations);
    const empty = await call('POST', '/api/sharing/invitations', inviter.headers, { email: '  ', scopes: ['identity'] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.email).toBe('Please enter an email address.');
    const badScope = await call('POST', '/api/sharing/invitations', inviter.headers, { email: 'a@example.com', scopes: ['passwords'] });
    expect(badScope.statusCode).toBe(400);
    const noScope = await call('POST', '/api/sharing/invitations', inviter.headers, { email: 'a@example.com', scopes: [] });
    expect(noScope.json().fields.scopes).toBe('Choose at least one scope to share.');
    const self = await call('POST', '/api/sharing/invitations', inviter.headers, { email: inviter.user.email, scopes: ['identity'] });
    expect(self.statusCode).toBe(400);
    expect((await call('GET', '/api/sharing/invitations/not-a-uuid', inviter.headers)).statusCode).toBe(400);
    expect((await call('POST', '/api/bank/exchange', inviter.headers, { public_token: '' })).statusCode).toBe(400);
    expect((await call('POST', '/api/bank/exchange', inviter.headers, { public_token: 'public-sandbox-forged' })).statusCode).toBe(400);
    expect((await call('POST', '/api/bank/sandbox/public-token', inviter.headers, { password: 'x' })).statusCode).toBe(400);
    expect(await t.ctx.db.$count(sharingInvitations)).toBe(count);
  });

  it('keeps every id route to its owner (BOLA)', async () => {
    const inviter = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    const other = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    const invitee = await createSignedInUser(t.ctx, { role: 'user', passwordHash: 'x' });
    const id = (await call('POST', '/api/sharing/invitations', inviter.headers, { email: invitee.user.email, scopes: ['identity'] })).json().id;
    for (const caller of [other.headers, invitee.headers]) {
      expect((await call('GET', `/api/sharing/invitations/${id}`, caller)).statusCode).toBe(404);
      expect((await call('POST', `/api/sharing/invitations/${id}/revoke`, caller)).statusCode).toBe(404);
      expect((await call('POST', `/api/sharing/invitations/${id}/resend`, caller)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/sharing/invitations/${id}`, caller)).statusCode).toBe(404);
    }
    for (const caller of [other.headers, inviter.headers]) {
      expect((await call('POST', `/api/sharing/received/${id}/consent`, caller)).statusCode).toBe(404);
      expect((await call('POST', `/api/sharing/received/${id}/reject`, caller)).statusCode).toBe(404);
      expect((await call('POST', `/api/sharing/received/${id}/revoke`, caller)).statusCode).toBe(404);
      expect((await call('GET', '/api/sharing/received', caller)).json().invitations).toEqual([]);
    }
    expect((await call('GET', `/api/sharing/invitations/${id}`, inviter.headers)).json().status).toBe('PENDING');
    expect((await call('GET', '/api/bank/accounts', other.headers)).json().accounts).toEqual([]);
  });
});
