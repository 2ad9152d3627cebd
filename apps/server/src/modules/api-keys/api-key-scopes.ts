import type { ApiKeyScope } from '@fueldesk/contracts';

/**
 * Which scope opens a registered route to an API key (API.md "API keys"); null: no scope does, and
 * a key gets 403 API_KEY_SCOPE there. `url` is the route's pattern as registered (`/api/news/:id`).
 * - prices:read: GET /api/prices and everything under it (the export included); the dashboards
 *   and the admin import live elsewhere
 * - news:read: GET /api/news and everything under it
 * - screening:read: GET /api/screening/lists, /search, /entities/:entity_id
 * - screening:write: POST /api/screening/batch and /compare
 */
export function scopeForRoute(method: string, url: string): ApiKeyScope | null {
  if (method === 'GET') {
    if (url === '/api/prices' || url.startsWith('/api/prices/')) return 'prices:read';
    if (url === '/api/news' || url.startsWith('/api/news/')) return 'news:read';
    if (url === '/api/screening/lists' || url === '/api/screening/search' || url.startsWith('/api/screening/entities/')) return 'screening:read';
  }
  if (method === 'POST' && (url === '/api/screening/batch' || url === '/api/screening/compare')) return 'screening:write';
  return null;
}

/** Routes whose key requests also spend screening names (the names in the body). */
export function screeningNamesOf(method: string, url: string, body: unknown): number | null {
  if (method !== 'POST' || url !== '/api/screening/batch') return null;
  const queries = (body as { queries?: unknown } | null)?.queries;
  return Array.isArray(queries) ? queries.length : null;
}
