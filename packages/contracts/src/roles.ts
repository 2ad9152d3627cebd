export const roles = ['admin', 'user', 'cliente'] as const;
export type Role = (typeof roles)[number];

/** SPEC.md §6: role comparison is case-insensitive and trimmed. */
export function normalizeRole(value: unknown): Role | null {
  if (typeof value !== 'string') return null;
  const role = value.trim().toLowerCase();
  return (roles as readonly string[]).includes(role) ? (role as Role) : null;
}

export interface RoleSubject {
  role: string | null | undefined;
  is_superadmin?: boolean | null;
}

export function isAdmin(subject: RoleSubject): boolean {
  return subject.is_superadmin === true || normalizeRole(subject.role) === 'admin';
}

/** A cliente who is not superadmin sees only bank verification (SPEC.md §2, §6). */
export function isRestrictedClient(subject: RoleSubject): boolean {
  return subject.is_superadmin !== true && normalizeRole(subject.role) === 'cliente';
}
