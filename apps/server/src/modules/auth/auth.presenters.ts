import {
  isRestrictedClient,
  normalizeRole,
  planNameFromCode,
  type AdminUserRow,
  type Language,
  type MeResponse,
  type Profile,
  type SessionUser,
} from '@fueldesk/contracts';
import type { UserRow } from '../users/users.service';

export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ').trim();
  return name || user.email;
}

export function userLanguage(user: Pick<UserRow, 'language'>): Language {
  return user.language === 'es' ? 'es' : 'en';
}

function accessOf(user: Pick<UserRow, 'role' | 'isSuperadmin'>) {
  return isRestrictedClient({ role: user.role, is_superadmin: user.isSuperadmin }) ? 'restricted' : 'full';
}

/** Who the user is: id, email and names (the display name falls back to the email). */
function identityOf(user: UserRow) {
  return { id: user.id, email: user.email, name: displayName(user), first_name: user.firstName, last_name: user.lastName };
}

/** The user's role as the API states it. */
function roleOf(user: UserRow) {
  return { role: normalizeRole(user.role) ?? 'user', is_superadmin: user.isSuperadmin } as const;
}

/** The user's plan and subscription. */
function planOf(user: UserRow) {
  return { plan_code: user.planCode, plan_name: planNameFromCode(user.planCode), subscription_status: user.subscriptionStatus };
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    name: displayName(user),
    email: user.email,
    ...roleOf(user),
    access: accessOf(user),
  };
}

export function toMe(user: UserRow): MeResponse {
  return {
    ...identityOf(user),
    ...roleOf(user),
    access: accessOf(user),
    ...planOf(user),
    email_verified: user.emailVerifiedAt !== null,
    has_password: user.passwordHash !== null,
    language: userLanguage(user),
  };
}

const countries = new Set(['US', 'MX', 'CO', 'ES']);

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    company: user.company,
    website: user.website,
    bio: user.bio,
    ...roleOf(user),
    ...planOf(user),
    linkedin: user.linkedin,
    twitter: user.twitter,
    country: user.country && countries.has(user.country) ? (user.country as Profile['country']) : null,
    comm_email: user.commEmail,
    comm_phone: user.commPhone,
    allow_changes: user.allowChanges,
    language: userLanguage(user),
    email_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}

export function toAdminUserRow(user: UserRow, lastSeenAt: Date | null): AdminUserRow {
  return {
    ...identityOf(user),
    company: user.company,
    ...roleOf(user),
    ...planOf(user),
    active: user.active,
    email_verified: user.emailVerifiedAt !== null,
    is_demo: user.isDemo,
    created_at: user.createdAt.toISOString(),
    last_seen_at: lastSeenAt?.toISOString() ?? null,
  };
}
