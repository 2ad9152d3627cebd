import { API_BASE_PATH } from './api-base';

// The data a signed-in page shows first, requested by the entry script (app/early-start.ts) while
// the app's code is still on its way: on a phone link the page's first queries would otherwise start
// only once the framework has arrived and rendered, a round trip or two later. The API client takes
// each answer once (takeEarlyResponse) instead of asking again.
//
// Only GETs, matched by their address as the client builds it, and only answers the client can use
// whatever changed meanwhile:
// an answer for another token, an older one, or a failure (the client then asks again and handles
// it as usual) is dropped.

/** An answer older than this is not used: the page asks again. */
export const EARLY_RESPONSE_MAX_AGE_MS = 15_000;

interface EarlyRequest {
  token: string;
  startedAt: number;
  response: Promise<Response | null>;
}

const pending = new Map<string, EarlyRequest>();

/**
 * Sends GET /api{path} for each path (a query string included, as the API client writes it) with
 * this access token; the answers wait for takeEarlyResponse.
 */
export function startEarlyRequests(paths: readonly string[], token: string, now: number = Date.now()): void {
  for (const path of paths) {
    const url = `${API_BASE_PATH}${path}`;
    const response = fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    }).then(
      (answer) => (answer.ok ? answer : null),
      () => null,
    );
    pending.set(url, { token, startedAt: now, response });
  }
}

/**
 * The early answer for `url` (/api/…) if it was asked for with `token` less than
 * EARLY_RESPONSE_MAX_AGE_MS ago; null otherwise, or once it has been taken. Resolves to null when
 * that answer failed.
 */
export function takeEarlyResponse(url: string, token: string | null, now: number = Date.now()): Promise<Response | null> | null {
  const early = pending.get(url);
  if (!early) return null;
  pending.delete(url);
  if (token === null || early.token !== token || now - early.startedAt > EARLY_RESPONSE_MAX_AGE_MS) return null;
  return early.response;
}

/** Whether early answers are waiting to be taken (the app's start then primes the page's data with them). */
export function hasEarlyRequests(): boolean {
  return pending.size > 0;
}

/** Forgets every early request (tests). */
export function clearEarlyRequests(): void {
  pending.clear();
}
