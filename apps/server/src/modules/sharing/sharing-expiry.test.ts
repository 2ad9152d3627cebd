import { describe, expect, it } from 'vitest';
import { lastMailTo, linkTokenFrom, uniqueEmail } from '../../../test/auth-helpers';
import { createSignedInUser, signIn } from '../../../test/factories';
import { useTestContext } from '../../../test/test-context';

const DAY_MS = 86_400_000;

/**
 * An invitation past its expires_at is expired for every read and action at once, before the
 * hourly job marks it (the job is never run here).
 */
describe('expired invitations', () => {
  const t = useTestContext();

  it('cannot be consented, rejected, resent or activated, and reads say EXPIRED, the moment its seven days end', async () => {
    const sent = new Date('2026-03-02T09:00:00Z');
    t.setNow(sent);
    const inviter = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    const invitee = await createSignedInUser(t.ctx);
    const newcomer = uniqueEmail('newcomer');
    const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    const toMember = (await call('POST', '/api/sharing/invitations', inviter.headers, { email: invitee.user.email, scopes: ['balances'] })).json();
    const toNewcomer = (await call('POST', '/api/sharing/invitations', inviter.headers, { email: newcomer, scopes: ['identity'] })).json();
    expect(toMember.status).toBe('PENDING');
    // A resend on day six mails a fresh activation link; it must still end with the invitation.
    t.setNow(new Date(sent.getTime() + 6 * DAY_MS));
    inviter.headers = (await signIn(t.ctx, inviter.user)).headers;
    expect((await call('POST', `/api/sharing/invitations/${toNewcomer.id}/resend`, inviter.headers)).statusCode).toBe(200);
    const token = linkTokenFrom(lastMailTo(t, newcomer).text);

    t.setNow(new Date(sent.getTime() + 7 * DAY_MS + 1_000));
    inviter.headers = (await signIn(t.ctx, inviter.user)).headers;
    invitee.headers = (await signIn(t.ctx, invitee.user)).headers;
    const consent = await call('POST', `/api/sharing/received/${toMember.id}/consent`, invitee.headers);
    expect(consent.statusCode).toBe(409);
    expect(consent.json().detail).toBe('This invitation has expired.');
    const reject = await call('POST', `/api/sharing/received/${toMember.id}/reject`, { ...invitee.headers, 'accept-language': 'es' });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().detail).toBe('Esta invitación ha caducado.');
    expect((await call('POST', `/api/sharing/invitations/${toMember.id}/resend`, inviter.headers)).statusCode).toBe(409);

    const activation = await call('GET', `/api/auth/activation?token=${encodeURIComponent(token)}`, {});
    expect(activation.statusCode).toBe(400);
    expect(activation.json().code).toBe('TOKEN_EXPIRED');
    const activate = await call('POST', '/api/auth/activation', {}, { token, password: 'secret-pass-1' });
    expect(activate.statusCode).toBe(400);
    expect(activate.json().code).toBe('TOKEN_EXPIRED');

    // Every read says EXPIRED, the job has not run.
    const list = (await call('GET', '/api/sharing/invitations', inviter.headers)).json();
    expect(list.invitations.filter((row: { id: string }) => [toMember.id, toNewcomer.id].includes(row.id)).map((row: { status: string }) => row.status)).toEqual([
      'EXPIRED',
      'EXPIRED',
    ]);
    expect((await call('GET', `/api/sharing/invitations/${toMember.id}`, inviter.headers)).json().status).toBe('EXPIRED');
    const received = (await call('GET', '/api/sharing/received', invitee.headers)).json();
    expect(received.invitations.find((row: { id: string }) => row.id === toMember.id).status).toBe('EXPIRED');

    // The address can be invited again: the stale pending one does not block it.
    const again = await call('POST', '/api/sharing/invitations', inviter.headers, { email: invitee.user.email, scopes: ['balances'] });
    expect(again.statusCode).toBe(201);
    expect((await call('POST', `/api/sharing/received/${again.json().id}/reject`, invitee.headers)).statusCode).toBe(200);
  });

  it('is still open a second before its end', async () => {
    const sent = new Date('2026-03-10T09:00:00Z');
    t.setNow(sent);
    const inviter = await createSignedInUser(t.ctx, { planCode: 'enterprise' });
    const invitee = await createSignedInUser(t.ctx);
    const created = (await t.app.inject({ method: 'POST', url: '/api/sharing/invitations', headers: inviter.headers, payload: { email: invitee.user.email, scopes: ['balances'] } })).json();
    t.setNow(new Date(sent.getTime() + 7 * DAY_MS - 1_000));
    const reject = await t.app.inject({ method: 'POST', url: `/api/sharing/received/${created.id}/reject`, headers: (await signIn(t.ctx, invitee.user)).headers });
    expect(reject.statusCode).toBe(200);
    expect(reject.json().status).toBe('REJECTED');
  });
});
