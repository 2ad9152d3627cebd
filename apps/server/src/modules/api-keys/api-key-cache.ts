import type { ApiKeyScope, Role } from '@fueldesk/contracts';

/** What the auth hook needs to know about a live key and its owner, read from the database. */
export interface ApiKeyState {
  id: string;
  userId: string;
  scopes: ApiKeyScope[];
  /** Epoch milliseconds, or null for a key that never expires. */
  expiresAt: number | null;
  role: Role;
  isSuperadmin: boolean;
  email: string;
  /** Made once with the state, for every request of the key (issue 32): whether the owner is a restricted cliente (isRestrictedClient). */
  restricted: boolean;
  /** The key's rate-limiter key (`apikey:<id>`), made once with the state. */
  rateKey: string;
}

interface Entry {
  state: ApiKeyState;
  until: number;
}

const MAX_ENTRIES = 50_000;

/**
 * A few seconds (AUTH_CACHE_TTL_MS, as for sessions) of memory of live keys, so that a key's
 * request does not pay a database read for its check. Entries are found by the presented key
 * itself, so that a hit pays no SHA-256 either (the session check remembers verified access tokens
 * by their text the same way): the key is held only in this process's memory, for the TTL, and
 * never stored, logged or sent; the database keeps only its hash. Revocation forgets the key at once
 * on this instance and, through the event bus, on the others; a user change (deactivation) forgets
 * the user's keys the same way. Expiry is compared on every request, so it needs no forgetting.
 */
export class ApiKeyStateCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs: number) {}

  get(key: string): ApiKeyState | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.state;
  }

  set(key: string, state: ApiKeyState): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { state, until: Date.now() + this.ttlMs });
  }

  forgetKey(id: string): void {
    for (const [key, entry] of this.entries) if (entry.state.id === id) this.entries.delete(key);
  }

  forgetUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.state.userId === userId) this.entries.delete(key);
  }
}

const caches = new WeakMap<object, ApiKeyStateCache>();

/** The cache of one process context (tests build several contexts in one process). */
export function apiKeyStateCache(ctx: { config: { AUTH_CACHE_TTL_MS: number } }): ApiKeyStateCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new ApiKeyStateCache(ctx.config.AUTH_CACHE_TTL_MS);
    caches.set(ctx, cache);
  }
  return cache;
}
