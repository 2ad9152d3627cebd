import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/auth-helpers';
import { createSignedInUser, signIn } from '../../../test/factories';
import { useTestContext } from '../../../test/test-context';
import { mailSends } from '../../db/schema';
import { INVITATION_MAILS_PER_INVITATION_PER_DAY, INVITATION_MAILS_PER_USER_PER_DAY } from './sharing.service';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Invitation mails are limited per invitation and per user, counted in the database. */
describe('invitation mail limits', () => {
  const t = useTestContext();
  const mailsTo = (email: string) => t.sentMail.filter((mail) => mail.to === email).length;

  it('resends one invitation at most once a minute and five times a day (100 at once send one mail), with 429 and Retry-After in both languages', async () => {
    const start = new Date('2026-04-06T10:00:00Z');
    t.setNow(start);
    const inviter = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    const email = uniqueEmail('bombed');
    const created = (await t.app.inject({ method: 'POST', url: '/api/sharing/invitations', headers: inviter.headers, payload: { email, scopes: ['identity'] } })).json();
    expect(mailsTo(email)).toBe(1);
    const resend = async (at: Date, language = 'en') => {
      t.setNow(at);
      const { headers } = await signIn(t.ctx, inviter.user);
      return t.app.inject({ method: 'POST', url: `/api/sharing/invitations/${created.id}/resend`, headers: { ...headers, 'accept-language': language } });
    };

    const tooSoon = await resend(new Date(start.getTime() + 20_000));
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'RATE_LIMITED', detail: 'This invitation was just sent. Please wait a minute before sending it again.' });
    expect(Number(tooSoon.headers['retry-after'])).toBe(40);
    const spanish = await resend(new Date(start.getTime() + 30_000), 'es');
    expect(spanish.statusCode).toBe(429);
    expect(spanish.json().detail).toBe('Esta invitación se acaba de enviar. Espere un minuto antes de volver a enviarla.');
    expect(mailsTo(email)).toBe(1);

    // A hundred resends at once: one passes, the rest are counted after it.
    t.setNow(new Date(start.getTime() + MINUTE_MS));
    const { headers } = await signIn(t.ctx, inviter.user);
    const burst = await Promise.all(
      Array.from({ length: 100 }, () => t.app.inject({ method: 'POST', url: `/api/sharing/invitations/${created.id}/resend`, headers })),
    );
    expect(burst.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(burst.filter((response) => response.statusCode === 429)).toHaveLength(99);
    expect(mailsTo(email)).toBe(2);

    for (let sent = 2; sent < INVITATION_MAILS_PER_INVITATION_PER_DAY; sent += 1) {
      expect((await resend(new Date(start.getTime() + sent * MINUTE_MS))).statusCode).toBe(200);
    }
    expect(mailsTo(email)).toBe(INVITATION_MAILS_PER_INVITATION_PER_DAY);
    const daily = await resend(new Date(start.getTime() + 10 * MINUTE_MS));
    expect(daily.statusCode).toBe(429);
    expect(daily.json().detail).toBe('This invitation was sent too many times today. Please try again tomorrow.');
    // The first sending leaves the 24 hours then: 24 h − 10 min.
    expect(Number(daily.headers['retry-after'])).toBe((DAY_MS - 10 * MINUTE_MS) / 1000);
    expect((await resend(new Date(start.getTime() + 10 * MINUTE_MS), 'es')).json().detail).toBe('Esta invitación se ha enviado demasiadas veces hoy. Inténtelo de nuevo mañana.');
    expect((await resend(new Date(start.getTime() + DAY_MS))).statusCode).toBe(200);
    expect(mailsTo(email)).toBe(INVITATION_MAILS_PER_INVITATION_PER_DAY + 1);
  });

  it('caps the invitation mails of one user a day, new invitations included', async () => {
    const start = new Date('2026-04-08T10:00:00Z');
    t.setNow(start);
    const inviter = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    // The day's earlier mails, as the limit counts them (rows in the database, not in this process).
    await t.ctx.db.insert(mailSends).values(
      Array.from({ length: INVITATION_MAILS_PER_USER_PER_DAY }, (_, i) => ({
        kind: 'invitation' as const,
        userId: inviter.user.id,
        subjectId: null,
        sentAt: new Date(start.getTime() - DAY_MS + (i + 1) * MINUTE_MS),
      })),
    );
    const email = uniqueEmail('one-too-many');
    const refused = await t.app.inject({ method: 'POST', url: '/api/sharing/invitations', headers: { ...inviter.headers, 'accept-language': 'es' }, payload: { email, scopes: ['balances'] } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe('Ha enviado demasiados correos de invitación hoy. Inténtelo de nuevo mañana.');
    expect(Number(refused.headers['retry-after'])).toBe(60);
    expect(mailsTo(email)).toBe(0);
    t.setNow(new Date(start.getTime() + MINUTE_MS));
    const { headers } = await signIn(t.ctx, inviter.user);
    const accepted = await t.app.inject({ method: 'POST', url: '/api/sharing/invitations', headers, payload: { email, scopes: ['balances'] } });
    expect(accepted.statusCode).toBe(201);
    expect(mailsTo(email)).toBe(1);
  });
});
