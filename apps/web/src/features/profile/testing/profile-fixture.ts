import type { Profile } from '@fueldesk/contracts';

export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'u1',
    first_name: 'Ana',
    last_name: 'Torres',
    email: 'ana@example.com',
    phone: null,
    company: 'Acme Fuels',
    website: null,
    bio: null,
    role: 'user',
    is_superadmin: false,
    plan_name: 'Pro',
    plan_code: 'pro',
    subscription_status: 'beta',
    linkedin: null,
    twitter: null,
    country: null,
    comm_email: true,
    comm_phone: false,
    allow_changes: true,
    language: 'en',
    email_verified: true,
    created_at: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}
