import { createHash } from 'node:crypto';

/** The prev_hash of the first entry. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** JSON with every object's keys sorted (jsonb reorders keys, so the hash cannot depend on their order). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
}

export interface HashedFields {
  id: number;
  at: Date;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  subject: string;
  details: Record<string, unknown>;
  ip: string | null;
  prevHash: string;
}

/** SHA-256 (hex) over the canonical form: a JSON array of every field but the hash itself, in a fixed order. */
export function auditEntryHash(entry: HashedFields): string {
  const canonical = canonicalJson([
    entry.id,
    entry.at.toISOString(),
    entry.actorId,
    entry.actorEmail,
    entry.action,
    entry.subject,
    entry.details,
    entry.ip,
    entry.prevHash,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
