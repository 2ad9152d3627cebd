import type { Role } from '@fueldesk/contracts';

/** What the auth hook needs to know about a live session, read from the database. */
export interface SessionState {
  userId: string;
  role: Role;
  isSuperadmin: boolean;
  email: string;
}

interface Entry {
  state: SessionState;
  expiresAt: number;
}

const MAX_ENTRIES = 50_000;

/**
 * A few seconds of memory of live sessions, so that a signed-in request does not pay a database
 * round trip for its session check. Only live, active sessions are kept; a revocation or a user
 * change forgets them at once on this instance (and through the event bus on the others), so
 * the window in which a revoked token still passes is bounded by the TTL at worst.
 */
export class SessionStateCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(sessionId: string): SessionState | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.state;
  }

  set(sessionId: string, state: SessionState): void {
    if (!this.enabled) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sessionId, { state, expiresAt: Date.now() + this.ttlMs });
  }

  forgetSessions(sessionIds: Iterable<string>): void {
    for (const id of sessionIds) this.entries.delete(id);
  }

  forgetUser(userId: string): void {
    for (const [id, entry] of this.entries) if (entry.state.userId === userId) this.entries.delete(id);
  }
}

const caches = new WeakMap<object, SessionStateCache>();

/** The cache of one process context (tests build several contexts in one process). */
export function sessionStateCache(ctx: { config: { AUTH_CACHE_TTL_MS: number } }): SessionStateCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new SessionStateCache(ctx.config.AUTH_CACHE_TTL_MS);
    caches.set(ctx, cache);
  }
  return cache;
}
