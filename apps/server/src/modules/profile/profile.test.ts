import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lastMailTo, uniqueEmail } from '../../../test/auth-helpers';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser, createUser } from '../../../test/factories';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

const t = useTestContext();

const put = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers, payload });

describe('GET /api/auth/profile', () => {
  it('answers SPEC.md §3 fields with the derived plan name', async () => {
    const { headers } = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise', firstName: 'Eva', lastName: 'Gil' });
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Eva',
      last_name: 'Gil',
      role: 'user',
      is_superadmin: false,
      plan_code: 'premium_enterprise',
      plan_name: 'Premium Enterprise',
      subscription_status: 'beta',
      phone: null,
      comm_email: true,
      comm_phone: false,
      allow_changes: true,
      country: null,
    });
  });
});

describe('PUT /api/auth/profile', () => {
  it('normalises links, trims text, turns empties and the dash company into null', async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const response = await put(headers, {
      first_name: '  Eva  ',
      last_name: '',
      phone: ' +34 600 000 000 ',
      company: '-',
      website: 'gil-energy.example',
      linkedin: 'linkedin.com/in/eva',
      twitter: 'https://twitter.com/eva',
      bio: '   ',
      country: 'ES',
      comm_phone: true,
      allow_changes: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Eva',
      last_name: null,
      phone: '+34 600 000 000',
      company: null,
      website: 'https://gil-energy.example',
      linkedin: 'https://linkedin.com/in/eva',
      twitter: 'https://twitter.com/eva',
      bio: null,
      country: 'ES',
      comm_phone: true,
      allow_changes: false,
    });
  });

  it('leaves fields that were not sent as they were', async () => {
    const { headers } = await createSignedInUser(t.ctx, { firstName: 'Keep' });
    await put(headers, { bio: 'Trader' });
    const profile = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers })).json();
    expect(profile).toMatchObject({ first_name: 'Keep', bio: 'Trader' });
  });

  it('ignores role, plan, superadmin and verification sent by the user', async () => {
    const { user, headers } = await createSignedInUser(t.ctx);
    const response = await put(headers, {
      bio: 'hi',
      role: 'admin',
      plan_code: 'enterprise',
      is_superadmin: true,
      active: false,
      subscription_status: 'paid',
      email_verified_at: null,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'user', planCode: 'starter', isSuperadmin: false, active: true, subscriptionStatus: 'beta', bio: 'hi' });
    expect(row!.emailVerifiedAt).not.toBeNull();
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { user, headers } = await createSignedInUser(t.ctx, { firstName: 'Same' });
    for (const payload of [{ country: 'FR' }, { email: 'not-an-email' }, { comm_email: 'yes' }, { bio: 'x'.repeat(5000) }]) {
      const response = await put(headers, { first_name: 'Changed', ...payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.firstName).toBe('Same');
  });

  it('asks a new email address to be verified and refuses one that is taken', async () => {
    const taken = await createUser(t.ctx, { email: uniqueEmail('taken') });
    const { user, headers } = await createSignedInUser(t.ctx, { passwordHash: await hashPassword('Current-Pass1') });
    const conflict = await put(headers, { email: taken.email.toUpperCase(), current_password: 'Current-Pass1' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('EMAIL_TAKEN');

    const fresh = uniqueEmail('fresh');
    const changed = await put(headers, { email: fresh, current_password: 'Current-Pass1' });
    expect(changed.json()).toMatchObject({ email: user.email, email_verified: true, pending_email: fresh });
    expect(lastMailTo(t, fresh).text).toContain('/verify-email?token=');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email });
    expect(row!.emailVerifiedAt).not.toBeNull();
  });

  it('is open to a restricted cliente', async () => {
    const { headers } = await createSignedInUser(t.ctx, { role: 'cliente' });
    expect((await put(headers, { phone: '123' })).statusCode).toBe(200);
  });
});
