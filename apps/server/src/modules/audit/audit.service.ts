import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AuditAction, AuditEntry, AuditListResponse, AuditQuery, AuditVerifyResponse } from '@fueldesk/contracts';
import { AUDIT_PAGE_SIZE } from '@fueldesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { formatCsv, formatCsvCell } from '../../integrations/market-data/csv';
import type { AuthUser } from '../../plugins/auth';
import { AUDIT_GENESIS_HASH } from './audit.hash';
import { enqueueAuditEntry, flushAuditQueue } from './audit.queue';
import { appendAuditEntry, countAuditEntries, listAuditRows, maxAuditId, readAuditBatch, readAuditChainChunk, readAuditHead, type AuditFilter, type AuditRow, type NewAuditEntry } from './audit.repository';

/**
 * Who did it, from where. `id` and `email` are null for the system (a scheduled list import, the
 * CLI). Build it in the route with `auditActorOf(request)` and hand it to the service.
 */
export interface AuditActor {
  id: string | null;
  email: string | null;
  ip: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, email: null, ip: null };

/** A signed-in user as the actor, when the route did not pass the client address. */
export const userActor = (user: Pick<AuthUser, 'id' | 'email'>, ip: string | null = null): AuditActor => ({ id: user.id, email: user.email, ip });

/** The signed-in caller and the client address Fastify resolved (TRUST_PROXY decides whose X-Forwarded-For counts). */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const user = request.user as AuthUser | null;
  return { id: user?.id ?? null, email: user?.email ?? null, ip: request.ip ?? null };
}

export interface AuditEntryInput {
  actor: AuditActor;
  action: AuditAction;
  /**
   * What the action was about: a screened name, a report id, a user's email. A screened name is
   * personal data: it belongs here (the compliance record) and never in logs or URLs.
   */
  subject?: string;
  /** List version ids, the threshold, counts, ids: small JSON, no secrets. */
  details?: Record<string, unknown>;
  /** Defaults to the current time. */
  at?: Date;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** NUL cannot be stored in text or jsonb, nor half a UTF-16 surrogate pair in jsonb (U+FFFD in its place); nothing else is changed. */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll(String.fromCharCode(0), '').replace(LONE_SURROGATE, '\uFFFD');
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined).map(([key, item]) => [key, storable(item)]));
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

function auditRow(input: AuditEntryInput): NewAuditEntry {
  return {
    at: input.at ?? new Date(),
    actorId: input.actor.id,
    actorEmail: input.actor.email,
    action: input.action,
    subject: (storable(input.subject ?? '') as string).slice(0, 1_000),
    details: (storable(input.details ?? {}) as Record<string, unknown>) ?? {},
    ip: input.actor.ip,
  };
}

/**
 * Appends one entry to the audit log, inside the caller's transaction: the entry exists exactly
 * when the action does (a rolled-back action leaves none). The chain head is locked FOR UPDATE
 * until that transaction ends, so writers on every server append one after the other and the chain
 * stays one. It is one statement: called with `ctx.db` it is its own transaction. Keep the caller's
 * transaction short after calling this: other audited actions wait for it.
 *
 *   await ctx.db.transaction(async (tx) => {
 *     const key = await insertApiKey(tx, ...);
 *     await recordAudit(tx, { actor, action: 'api_key.create', subject: key.name, details: { key_id: key.id } });
 *   });
 */
export async function recordAudit(db: DbOrTx, input: AuditEntryInput): Promise<{ id: number; hash: string }> {
  return appendAuditEntry(db, auditRow(input));
}

/**
 * The entry of an action that changes nothing else (a screening search or batch), written behind
 * the answer: queued in this process and appended right after, several at a time (audit.queue.ts).
 * The caller does not wait for the database. An entry queued when the process dies before the
 * flush (a few milliseconds) is lost; a clean stop flushes the queue. Never for an action that
 * changes data: that one records its entry with recordAudit in its own transaction.
 */
export function queueReadAudit(ctx: AppContext, input: AuditEntryInput): void {
  enqueueAuditEntry(ctx, auditRow({ at: ctx.now(), ...input }));
}

/** Waits for this process's queued entries (readers of the log, shutdown); a failing append is retried by the queue, not here. */
export async function auditWritesSettled(ctx: AppContext): Promise<void> {
  await flushAuditQueue(ctx).catch(() => undefined);
}

/** An action and its audit entry in one transaction. */
export async function withAudit<T>(ctx: AppContext, action: (tx: DbOrTx) => Promise<T>, entry: (result: T) => AuditEntryInput | null): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const result = await action(tx);
    const input = entry(result);
    if (input) await recordAudit(tx, { at: ctx.now(), ...input });
    return result;
  });
}

const isAdminUser = (user: AuthUser) => user.role === 'admin' || user.isSuperadmin;

function presentEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    action: row.action,
    subject: row.subject,
    details: row.details ?? {},
    ip: row.ip,
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}

const DAY_MS = 86_400_000;
const isDayOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filter of a query, narrowed to the caller's own entries unless the caller is an admin. */
function filterOf(user: AuthUser, query: Omit<AuditQuery, 'page'>, own = false): AuditFilter {
  const admin = isAdminUser(user) && !own;
  return {
    actorId: admin ? query.actor : user.id,
    action: query.action,
    from: query.from ? new Date(query.from) : undefined,
    // A day as `to` includes that whole day (UTC).
    to: query.to ? new Date(Date.parse(query.to) + (isDayOnly(query.to) ? DAY_MS : 1)) : undefined,
    q: query.q,
  };
}

/** GET /audit: admins every entry (filters apply), anybody else their own only. `own` forces the caller's own (My activity). */
export async function listAudit(ctx: AppContext, user: AuthUser, query: AuditQuery, own = false): Promise<AuditListResponse> {
  await auditWritesSettled(ctx);
  const { rows, total } = await listAuditRows(ctx.db, filterOf(user, query, own), { limit: AUDIT_PAGE_SIZE, offset: (query.page - 1) * AUDIT_PAGE_SIZE });
  return { items: rows.map(presentEntry), total };
}

const EXPORT_BATCH = 5_000;
const exportHeader = ['id', 'at', 'actor_id', 'actor_email', 'action', 'subject', 'details', 'ip', 'prev_hash', 'hash'];

/** GET /audit/export?format=csv (admin): every matching entry, oldest first, streamed in batches. */
export function exportAuditCsv(ctx: AppContext, user: AuthUser, query: Omit<AuditQuery, 'page'>): Readable {
  const filter = filterOf(user, query);
  async function* lines() {
    await auditWritesSettled(ctx);
    yield formatCsv(exportHeader, []);
    let after = 0;
    for (;;) {
      const rows = await readAuditBatch(ctx.db, after, EXPORT_BATCH, filter);
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows) {
        const entry = presentEntry(row);
        chunk += `${[entry.id, entry.at, entry.actor_id, entry.actor_email, entry.action, entry.subject, JSON.stringify(entry.details), entry.ip, entry.prev_hash, entry.hash].map(formatCsvCell).join(',')}\r\n`;
      }
      yield chunk;
      after = Number(rows.at(-1)!.id);
    }
  }
  return Readable.from(lines());
}

/**
 * Recomputes the chain: each entry's hash over its fields (the canonical form of audit.hash.ts), its
 * prev_hash against the entry before, consecutive ids (a deleted row leaves a gap), and the head
 * against the last entry (a deleted last row). `first_bad_id` is the first entry that does not hold
 * (the id after the last one when only the end is gone).
 *
 * The database writes each entry's canonical text (the expressions of audit_entry_hash) and Node
 * hashes it, in chunks of VERIFY_CHUNK ids checked in order, each link against the entry before:
 * up to the largest id at the start by id range, the next chunks read while one is hashed (two at
 * once on PostgreSQL, each on its own connection), then by keyset for entries appended meanwhile.
 * audit_entry_hash called per row in the database took 13-23 s for a million entries on the idle
 * machine (README, bench/audit).
 */
export async function verifyAuditChain(ctx: AppContext): Promise<AuditVerifyResponse> {
  await auditWritesSettled(ctx);
  let lastId = 0;
  let lastHash = AUDIT_GENESIS_HASH;
  let entries = 0;
  /** The first entry of `rows` that does not hold, after moving lastId/lastHash past those that do. */
  const check = (rows: Awaited<ReturnType<typeof readAuditChainChunk>>): number | null => {
    for (const row of rows) {
      const expected = createHash('sha256').update(row.prevHash).update(row.body).digest('hex');
      if (row.hash !== expected || row.prevHash !== lastHash || row.id !== lastId + 1) return row.id;
      lastId = row.id;
      lastHash = row.hash;
      entries += 1;
    }
    return null;
  };
  const failed = async (badId: number, pending: Promise<unknown>[]): Promise<AuditVerifyResponse> => {
    await Promise.allSettled(pending);
    return { ok: false, entries: await countAuditEntries(ctx.db), first_bad_id: badId };
  };
  const inFlight = ctx.database.kind === 'postgres' ? 2 : 1;
  const maxId = await maxAuditId(ctx.db);
  const reads: Promise<Awaited<ReturnType<typeof readAuditChainChunk>>>[] = [];
  let covered = 0;
  const readAhead = () => {
    while (reads.length <= inFlight && covered < maxId) {
      const read = readAuditChainChunk(ctx.db, covered, VERIFY_CHUNK, covered + VERIFY_CHUNK);
      read.catch(() => undefined);
      reads.push(read);
      covered += VERIFY_CHUNK;
    }
  };
  readAhead();
  while (reads.length > 0) {
    const rows = await reads.shift()!;
    readAhead();
    const bad = check(rows);
    if (bad !== null) return failed(bad, reads);
  }
  for (;;) {
    const rows = await readAuditChainChunk(ctx.db, covered, VERIFY_CHUNK);
    if (rows.length === 0) break;
    covered = rows.at(-1)!.id;
    const bad = check(rows);
    if (bad !== null) return failed(bad, []);
  }
  const head = await readAuditHead(ctx.db);
  if (head && (head.lastId !== lastId || head.lastHash !== lastHash)) return { ok: false, entries, first_bad_id: lastId + 1 };
  return { ok: true, entries, first_bad_id: null };
}

/** Ids per chunk read (each statement well inside the statement timeout). */
const VERIFY_CHUNK = 50_000;
