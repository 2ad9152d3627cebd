import { hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { AuditAction, AuditEntry, AuditListResponse, AuditQuery, AuditVerifyResponse } from '@fueldesk/contracts';
import { AUDIT_PAGE_SIZE } from '@fueldesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { formatCsv, formatCsvCell } from '../../integrations/market-data/csv';
import type { AuthUser } from '../../plugins/auth';
import { checkAuditChainChunk, type ChainChunkCheck } from './audit.chain';
import { AUDIT_GENESIS_HASH } from './audit.hash';
import { enqueueAuditEntry, flushAuditQueue } from './audit.queue';
import { appendAuditEntry, countAuditEntries, listAuditRows, maxAuditId, readAuditBatch, readAuditChainChunk, readAuditChainColumns, readAuditHead, type AuditFilter, type AuditRow, type NewAuditEntry } from './audit.repository';

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
 * In chunks of VERIFY_CHUNK ids (`chunkSize`: tests) checked in order, each chunk's first entry against the last of the
 * chunk before: up to the largest id at the start by id range, the next chunks read while one is
 * checked, then by keyset for entries appended meanwhile. On PostgreSQL the database writes each
 * entry's canonical text (the expressions of audit_entry_hash) and Node hashes it, two chunks read
 * at once, each on its own connection. PGlite (WebAssembly, on this thread) only sends the columns
 * and a worker thread writes the texts and hashes them (audit.chain.ts) while the next chunk is
 * read: writing the texts was 5.5 s of PGlite's 13.8 s for a million entries (README, bench/audit).
 * audit_entry_hash called per row in the database took 13-23 s.
 */
export async function verifyAuditChain(ctx: AppContext, chunkSize = VERIFY_CHUNK): Promise<AuditVerifyResponse> {
  await auditWritesSettled(ctx);
  let lastId = 0;
  let lastHash = AUDIT_GENESIS_HASH;
  let entries = 0;
  /** The first entry of a chunk that does not hold, after moving lastId/lastHash past the chunk when it holds. */
  const follow = (chunk: ChainChunkCheck): number | null => {
    if (chunk.firstId === null) return null;
    if (chunk.firstId !== lastId + 1 || chunk.firstPrevHash !== lastHash) return chunk.firstId;
    if (chunk.badId !== null) return chunk.badId;
    lastId = chunk.lastId!;
    lastHash = chunk.lastHash!;
    entries += chunk.count;
    return null;
  };
  const failed = async (badId: number, pending: Promise<unknown>[]): Promise<AuditVerifyResponse> => {
    await Promise.allSettled(pending);
    return { ok: false, entries: await countAuditEntries(ctx.db), first_bad_id: badId };
  };
  const pglite = ctx.database.kind === 'pglite';
  const checker = pglite ? startChainChecker() : null;
  const readChunk = async (afterId: number, limit: number, untilId?: number): Promise<ChainChunkCheck> =>
    checker ? checker.check(await readAuditChainColumns(ctx.db, afterId, limit, untilId)) : checkTextChunk(await readAuditChainChunk(ctx.db, afterId, limit, untilId));
  try {
    const inFlight = pglite ? 1 : 2;
    const maxId = await maxAuditId(ctx.db);
    const reads: Promise<ChainChunkCheck>[] = [];
    let covered = 0;
    const readAhead = () => {
      while (reads.length <= inFlight && covered < maxId) {
        const read = readChunk(covered, chunkSize, covered + chunkSize);
        read.catch(() => undefined);
        reads.push(read);
        covered += chunkSize;
      }
    };
    readAhead();
    while (reads.length > 0) {
      const chunk = await reads.shift()!;
      readAhead();
      const bad = follow(chunk);
      if (bad !== null) return await failed(bad, reads);
    }
    for (;;) {
      const chunk = await readChunk(covered, chunkSize);
      if (chunk.count === 0) break;
      const bad = follow(chunk);
      if (bad !== null) return await failed(bad, []);
      covered = lastId;
    }
  } finally {
    await checker?.close();
  }
  const head = await readAuditHead(ctx.db);
  if (head && (head.lastId !== lastId || head.lastHash !== lastHash)) return { ok: false, entries, first_bad_id: lastId + 1 };
  return { ok: true, entries, first_bad_id: null };
}

const sha256Hex = (data: Uint8Array | string) => hash('sha256', data, 'hex');

/** checkAuditChainChunk over the lines of readAuditChainChunk (the canonical texts written by the database). */
function checkTextChunk(rows: Awaited<ReturnType<typeof readAuditChainChunk>>): ChainChunkCheck {
  const chunk: ChainChunkCheck = { count: rows.length, firstId: rows[0]?.id ?? null, firstPrevHash: rows[0]?.prevHash ?? null, lastId: null, lastHash: null, badId: null };
  for (const [i, row] of rows.entries()) {
    const linked = i === 0 || (row.id === chunk.lastId! + 1 && row.prevHash === chunk.lastHash);
    if (!linked || sha256Hex(row.prevHash + row.body) !== row.hash) {
      chunk.badId = row.id;
      return chunk;
    }
    chunk.lastId = row.id;
    chunk.lastHash = row.hash;
  }
  return chunk;
}

/**
 * checkAuditChainChunk in a worker thread, one chunk after the other; in this thread when a worker
 * cannot start. The worker runs the function's own source (it names nothing outside itself; `__name`
 * is the helper tsx's compiler wraps named functions in).
 */
function startChainChecker(): { check(copy: Uint8Array): Promise<ChainChunkCheck>; close(): Promise<void> } {
  let worker: Worker;
  try {
    worker = new Worker(
      `'use strict';
      const __name = (target) => target;
      const { parentPort } = require('node:worker_threads');
      const { hash } = require('node:crypto');
      const sha256Hex = (data) => hash('sha256', data, 'hex');
      const checkAuditChainChunk = ${checkAuditChainChunk.toString()};
      parentPort.on('message', ({ id, copy }) => {
        try {
          parentPort.postMessage({ id, chunk: checkAuditChainChunk(copy, sha256Hex) });
        } catch (error) {
          parentPort.postMessage({ id, error: String(error && error.stack || error) });
        }
      });`,
      { eval: true },
    );
  } catch {
    return { check: async (copy) => checkAuditChainChunk(copy, sha256Hex), close: async () => {} };
  }
  const pending = new Map<number, { resolve(chunk: ChainChunkCheck): void; reject(error: Error): void }>();
  let nextId = 0;
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on('message', ({ id, chunk, error }: { id: number; chunk?: ChainChunkCheck; error?: string }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (error !== undefined) waiting?.reject(new Error(`audit chain check: ${error}`));
    else waiting?.resolve(chunk!);
  });
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('audit chain worker stopped')));
  return {
    check(copy) {
      const id = nextId;
      nextId += 1;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, copy }, [copy.buffer as ArrayBuffer]);
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}

/** Ids per chunk read (each statement well inside the statement timeout). */
const VERIFY_CHUNK = 50_000;
