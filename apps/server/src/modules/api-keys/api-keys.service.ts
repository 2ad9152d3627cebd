import { randomBytes } from 'node:crypto';
import {
  API_KEY_MARK,
  API_KEY_PREFIX_LENGTH,
  API_KEYS_PER_USER,
  apiKeyMessages,
  type ApiKey,
  type ApiKeyListResponse,
  type ApiKeyScope,
  type CreateApiKeyInput,
  type CreatedApiKey,
  errorMessages,
  isRestrictedClient,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { RateLimitResult } from '../../lib/rate-limiter';
import { hashToken } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import { auditApiKeyChange } from './api-keys.audit';
import type { AuditActor } from '../audit/audit.service';

/** The owner as the actor of a key change when no request gives the client address. */
const actorOf = (user: AuthUser): AuditActor => ({ id: user.id, email: user.email, ip: null });
import { apiKeyStateCache, type ApiKeyState } from './api-key-cache';
import { apiKeyUsage } from './api-key-usage';
import * as repo from './api-keys.repository';

export const API_KEY_REVOKED_EVENT = 'api_key_revoked';
const RATE_WINDOW_MS = 60_000;

/** `fd_` + 32 random bytes in base64url (256 bits): the whole key, shown once. */
export function generateApiKey(): string {
  return `${API_KEY_MARK}${randomBytes(32).toString('base64url')}`;
}

/** Whether a bearer token is an API key rather than a session's access token (a JWT never starts so). */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_MARK);
}

const invalidKey = () => new AppError('API_KEY_INVALID', 401, apiKeyMessages.invalid);

function statusOf(row: repo.ApiKeyRow, now: Date): ApiKey['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

function toApiKey(row: repo.ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    prefix: row.prefix,
    status: statusOf(row, now),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    usage_count: row.usageCount,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

// ---------- The owner's management (a signed-in session) ----------

export async function createApiKey(ctx: AppContext, user: AuthUser, input: CreateApiKeyInput, actor: AuditActor = actorOf(user)): Promise<CreatedApiKey> {
  const now = ctx.now();
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt <= now) throw new AppError('VALIDATION_ERROR', 400, errorMessages.VALIDATION_ERROR, { expires_at: apiKeyMessages.expiryInvalid });
  const key = generateApiKey();
  const row = await ctx.db.transaction(async (tx) => {
    await repo.lockKeyOwner(tx, user.id);
    if ((await repo.countLiveApiKeys(tx, user.id, now)) >= API_KEYS_PER_USER) throw new AppError('API_KEY_LIMIT', 409, apiKeyMessages.tooMany);
    const inserted = await repo.insertApiKey(tx, {
      userId: user.id,
      name: input.name,
      prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
      keyHash: hashToken(key),
      scopes: input.scopes,
      createdAt: now,
      expiresAt,
    });
    await auditApiKeyChange(ctx, tx, { action: 'api_key.create', actor, keyId: inserted.id, prefix: inserted.prefix, name: inserted.name, scopes: input.scopes, expiresAt: inserted.expiresAt ? inserted.expiresAt.toISOString() : null });
    return inserted;
  });
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    prefix: row.prefix,
    key,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(ctx: AppContext, user: AuthUser): Promise<ApiKeyListResponse> {
  // This instance's counts not yet stored are stored first, so that the owner sees every request.
  await apiKeyUsage(ctx).flush();
  const now = ctx.now();
  const rows = await repo.listApiKeysOfUser(ctx.db, user.id);
  return {
    keys: rows.map((row) => toApiKey(row, now)),
    limit: API_KEYS_PER_USER,
    rate_limit_per_minute: ctx.config.API_KEY_RATE_LIMIT_PER_MINUTE,
    screening_names_per_day: ctx.config.API_KEY_SCREENING_NAMES_PER_DAY,
  };
}

/** Revokes at once: this instance forgets the key now, the others when the event reaches them. */
export async function revokeApiKey(ctx: AppContext, user: AuthUser, id: string, actor: AuditActor = actorOf(user)): Promise<ApiKey> {
  const now = ctx.now();
  const revoked = await ctx.db.transaction(async (tx) => {
    const row = await repo.revokeApiKey(tx, user.id, id, now);
    if (row) {
      await auditApiKeyChange(ctx, tx, { action: 'api_key.revoke', actor, keyId: row.id, prefix: row.prefix, name: row.name, scopes: row.scopes as ApiKeyScope[] });
    }
    return row;
  });
  if (!revoked) {
    const existing = await repo.findApiKeyOfUser(ctx.db, user.id, id);
    if (!existing) throw new AppError('NOT_FOUND', 404, apiKeyMessages.notFound);
    return toApiKey(existing, now);
  }
  apiKeyStateCache(ctx).forgetKey(revoked.id);
  await ctx.events
    .publish({ userId: user.id, type: API_KEY_REVOKED_EVENT, data: { key_id: revoked.id } })
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'could not publish api_key_revoked'));
  return toApiKey(revoked, now);
}

/** Other instances revoke keys and change users: forget what they invalidate. Answers the unsubscribe. */
export function watchApiKeyChanges(ctx: AppContext): () => void {
  const cache = apiKeyStateCache(ctx);
  return ctx.events.subscribe((event) => {
    const data = (event.data ?? {}) as { key_id?: unknown };
    if (event.type === API_KEY_REVOKED_EVENT && typeof data.key_id === 'string') cache.forgetKey(data.key_id);
    if ((event.type === 'user_changed' || event.type === 'session_revoked') && event.userId) cache.forgetUser(event.userId);
  });
}

// ---------- The auth hook's check of a key ----------

/**
 * The key's live state (a few seconds of memory, cleared by revocation and user changes on every
 * instance, else one database read): unknown, revoked or expired keys and inactive owners get 401.
 * Expiry is compared with the clock on every request (`nowMs`: the request's time, read once).
 * The memory is found by the presented key itself, as the session check finds a verified access
 * token by its text: a key's repeated request pays no SHA-256 (the hash is computed, and the
 * database asked, only when the memory has no entry). A remembered key answers without a promise.
 */
export function authenticateApiKey(ctx: AppContext, key: string, nowMs?: number): ApiKeyState | Promise<ApiKeyState> {
  const state = apiKeyStateCache(ctx).get(key);
  if (state) return unexpired(ctx, state, nowMs);
  return loadApiKeyState(ctx, key).then((loaded) => unexpired(ctx, loaded, nowMs));
}

async function loadApiKeyState(ctx: AppContext, key: string): Promise<ApiKeyState> {
  const row = await repo.findApiKeyState(ctx.db, hashToken(key));
  if (!row || row.revokedAt || !row.active) throw invalidKey();
  const state: ApiKeyState = {
    id: row.id,
    userId: row.userId,
    scopes: row.scopes as ApiKeyScope[],
    expiresAt: row.expiresAt?.getTime() ?? null,
    role: row.role,
    isSuperadmin: row.isSuperadmin,
    email: row.email,
    restricted: isRestrictedClient({ role: row.role, is_superadmin: row.isSuperadmin }),
    rateKey: `apikey:${row.id}`,
  };
  apiKeyStateCache(ctx).set(key, state);
  return state;
}

function unexpired(ctx: AppContext, state: ApiKeyState, nowMs = ctx.now().getTime()): ApiKeyState {
  if (state.expiresAt !== null && state.expiresAt <= nowMs) throw invalidKey();
  return state;
}

export interface ApiKeyRateState {
  limit: number;
  remaining: number;
  resetSeconds: number;
  allowed: boolean;
}

/**
 * Counts one request against the key's per-minute limit (shared through Redis when configured). The
 * memory store answers at once, without a promise (see RateLimiter.hitNow).
 */
export function hitApiKeyRateLimit(ctx: AppContext, key: Pick<ApiKeyState, 'rateKey'>): ApiKeyRateState | Promise<ApiKeyRateState> {
  const limit = ctx.config.API_KEY_RATE_LIMIT_PER_MINUTE;
  const limiter = ctx.rateLimiter;
  if (limiter.hitNow) return rateStateOf(limit, limiter.hitNow(key.rateKey, limit, RATE_WINDOW_MS));
  return limiter.hit(key.rateKey, limit, RATE_WINDOW_MS).then((result) => rateStateOf(limit, result));
}

function rateStateOf(limit: number, result: RateLimitResult): ApiKeyRateState {
  return { limit, remaining: Math.max(0, result.remaining), resetSeconds: Math.max(1, result.retryAfterSeconds), allowed: result.allowed };
}

/** Counts a request the key made at `atMs` (stored in batches: see api-key-usage.ts). */
export function recordApiKeyUse(ctx: AppContext, keyId: string, atMs = ctx.now().getTime()): void {
  apiKeyUsage(ctx).record(keyId, atMs);
}

/**
 * Spends `names` of the key's daily screening budget (UTC days, shared by every instance through
 * the database); 429 API_KEY_NAME_BUDGET with Retry-After until the next UTC midnight when they do
 * not fit. Answers the names left today.
 */
export async function spendScreeningNames(ctx: AppContext, keyId: string, names: number): Promise<number> {
  const limit = ctx.config.API_KEY_SCREENING_NAMES_PER_DAY;
  const now = ctx.now();
  const day = now.toISOString().slice(0, 10);
  const result = names > limit ? { spent: false, used: 0 } : await repo.spendNameBudget(ctx.db, keyId, day, names, limit);
  if (!result.spent) {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const retryAfter = Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
    throw new AppError('API_KEY_NAME_BUDGET', 429, apiKeyMessages.nameBudget, undefined, { 'retry-after': String(retryAfter) });
  }
  return limit - result.used;
}
