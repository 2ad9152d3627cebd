import { createHash } from 'node:crypto';

/** The prev_hash of the first entry. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/**
 * An entry's hash is computed by the database, by `audit_entry_hash` (migration 0013), when the entry
 * is appended; the verification has the database write the same text (AUDIT_BODY of
 * audit.repository.ts) and hashes it in Node: SHA-256 (hex) over the canonical form
 *
 *   prev_hash | id | at in microseconds since 1970 (UTC) | actor_id | actor_email | action | subject | details | ip
 *
 * where each text field is written as a JSON string (or null), and details as jsonb's own text,
 * whose key order and spacing are fixed whatever order the keys were sent in. Computing it where
 * the row is stored keeps the append to one statement.
 */
export const AUDIT_CANONICAL_FORM = 'prev_hash|id|at_us|actor_id|actor_email|action|subject|details|ip';

/** JSON with every object's keys sorted (a content hash that does not depend on key order). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
}

/** SHA-256 (hex) of a value's canonical JSON. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
