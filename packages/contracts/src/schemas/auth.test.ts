import { describe, expect, it } from 'vitest';
import { englishMessages, translateMessage } from '../messages';
import { adminUserUpdateBodySchema } from './admin';
import { findBrokenPasswordRules, registerBodySchema, registerFormSchema, setPasswordBodySchema } from './auth';
import { normalizeProfileUpdate, profileUpdateBodySchema } from './profile';

const validRegistration = {
  email: ' Ana@Example.com ',
  password: 'Secret123',
  first_name: 'Ana',
  last_name: 'Ruiz',
  accept_terms: true,
  accept_privacy: true,
};

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), translateMessage(englishMessages, issue.message)]));
}

describe('registration schema', () => {
  it('accepts a valid body and trims the email', () => {
    const parsed = registerBodySchema.parse(validRegistration);
    expect(parsed.email).toBe('Ana@Example.com');
  });

  it('gives SPEC.md messages for missing and malformed fields', () => {
    const result = registerBodySchema.safeParse({ email: '', password: '', accept_terms: false });
    expect(messagesOf(result)).toMatchObject({
      email: 'Email is required',
      password: 'Password is required',
      accept_terms: 'You must agree to the terms and conditions',
      accept_privacy: 'You must agree to the Privacy Policy',
    });
    expect(messagesOf(registerBodySchema.safeParse({ ...validRegistration, email: 'not-an-email' })).email).toBe(
      'The email format is invalid',
    );
  });

  it('applies the 8/upper/lower/digit password rule', () => {
    for (const password of ['Short1A', 'alllower123', 'ALLUPPER123', 'NoDigitsHere']) {
      expect(registerBodySchema.safeParse({ ...validRegistration, password }).success).toBe(false);
    }
    expect(findBrokenPasswordRules('abc')).toEqual(['length', 'uppercase', 'digit']);
    expect(findBrokenPasswordRules('Abcdefg1')).toEqual([]);
  });

  it('checks the confirmation when sent and requires it on the form', () => {
    expect(messagesOf(registerBodySchema.safeParse({ ...validRegistration, password_confirmation: 'Other123' }))).toEqual({
      password_confirmation: 'Passwords do not match',
    });
    expect(messagesOf(registerFormSchema.safeParse({ ...validRegistration, password_confirmation: '' }))).toEqual({
      password_confirmation: 'Password confirmation is required',
    });
    expect(messagesOf(registerFormSchema.safeParse(validRegistration))).toEqual({
      password_confirmation: 'Password confirmation is required',
    });
  });
});

describe('set password schema', () => {
  it('needs at least 6 characters', () => {
    expect(messagesOf(setPasswordBodySchema.safeParse({ password: '12345' }))).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(setPasswordBodySchema.safeParse({ password: '123456' }).success).toBe(true);
  });
});

describe('profile update normalisation', () => {
  it('prefixes links, trims, nulls empties and the dash company', () => {
    const body = profileUpdateBodySchema.parse({
      first_name: '  Ana ',
      last_name: '   ',
      phone: '',
      company: ' - ',
      website: 'fueldesk.example',
      linkedin: 'http://linkedin.com/in/ana',
      twitter: ' twitter.com/ana ',
      bio: ' Trader ',
      role: 'admin',
      plan_code: 'premium_enterprise',
    });
    expect(body).not.toHaveProperty('role');
    expect(body).not.toHaveProperty('plan_code');
    expect(normalizeProfileUpdate(body)).toEqual({
      first_name: 'Ana',
      last_name: null,
      phone: null,
      company: null,
      website: 'https://fueldesk.example',
      linkedin: 'http://linkedin.com/in/ana',
      twitter: 'https://twitter.com/ana',
      bio: 'Trader',
    });
  });

  it('leaves fields that were not sent out of the result', () => {
    expect(normalizeProfileUpdate({ bio: 'x' })).toEqual({ bio: 'x' });
  });
});

describe('admin user update', () => {
  it('refuses an empty change and unknown plans', () => {
    expect(adminUserUpdateBodySchema.safeParse({}).success).toBe(false);
    expect(adminUserUpdateBodySchema.safeParse({ plan_code: 'gold' }).success).toBe(false);
    expect(adminUserUpdateBodySchema.parse({ plan_code: 'pro' })).toEqual({ plan_code: 'pro' });
  });
});
